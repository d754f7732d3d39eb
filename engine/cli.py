"""Command line: ``python -m engine score TEST GOLD [--format table|json|csv] [--output FILE]``.

Exit status: 0 when every pair was scored, 2 when any input problem was found
(each printed on stderr as ``FILE:LINE: what is wrong``; the other pairs are
still scored and printed).
"""

from __future__ import annotations

import argparse
import os
import sys

from .errors import InputError
from .output import FORMATTERS
from .params import Params
from .scoring import FORMATS, load_files, score_corpus

EXIT_INPUT_ERROR = 2


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m engine",
        description="Agreement between semantic-graph annotations (anchor-broadcast alignment, AnCast metrics).",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    score = commands.add_parser("score", help="score a test file against a gold file")
    score.add_argument("test", help="test (system or annotator A) AMR/PENMAN file")
    score.add_argument("gold", help="gold (reference or annotator B) AMR/PENMAN file")
    score.add_argument("--format", choices=sorted(FORMATTERS), default="table", help="output format (default: table)")
    score.add_argument("--format-in", choices=FORMATS, default="auto",
                       help="input format: AMR/PENMAN or UMR (default: detected from the test file)")
    score.add_argument("--output", "-o", metavar="FILE", help="write the result to FILE instead of stdout")
    defaults = Params()
    score.add_argument("--gamma", type=float, default=defaults.gamma, help="sense coefficient (default %(default)s)")
    score.add_argument("--alpha", type=float, default=defaults.alpha, help="similarity bias (default %(default)s)")
    score.add_argument("--beta", type=float, default=defaults.beta, help="broadcast bias (default %(default)s)")
    score.add_argument("--no-text", action="store_true", help="ignore '# ::snt' text when finding initial anchors")
    score.add_argument("--no-alignments", action="store_true", help="ignore token alignments (~e.N) for anchors")
    score.add_argument("--jobs", "-j", type=int, default=os.cpu_count() or 1,
                       help="worker processes for scoring (default: all %(default)s cores)")
    return parser


def run_score(args: argparse.Namespace) -> int:
    params = Params(
        gamma=args.gamma,
        alpha=args.alpha,
        beta=args.beta,
        use_text=not args.no_text,
        use_alignments=not args.no_alignments,
    )
    try:
        loaded = load_files(args.test, args.gold, args.format_in)
    except InputError as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_INPUT_ERROR
    for warning in loaded.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    for pair in loaded.pairs:
        for error in pair.errors:
            print(f"{error} (pair {pair.index} not scored)", file=sys.stderr)
    corpus = score_corpus(loaded.pairs, params, documents=loaded.documents, jobs=max(1, args.jobs))
    text = FORMATTERS[args.format](corpus)
    if args.output:
        try:
            with open(args.output, "w", encoding="utf-8") as handle:
                handle.write(text)
        except OSError as error:
            print(f"error: {args.output}: cannot write: {error.strerror or error}", file=sys.stderr)
            return EXIT_INPUT_ERROR
    else:
        sys.stdout.write(text)
    return EXIT_INPUT_ERROR if corpus.errors else 0


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return run_score(args)
