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
from .output import PRINTERS, print_corpus
from .params import Params
from .scoring import FORMATS, PROFILE, detect_format, load_files, score_corpus
from .streaming import ScoreStream, lazy_pairs

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
    score.add_argument("--format", choices=sorted(PRINTERS), default="table", help="output format (default: table)")
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
        kind = detect_format(args.test) if args.format_in == "auto" else args.format_in
        loaded = load_files(args.test, args.gold, "umr") if kind == "umr" else None
        pairs = loaded.pairs if loaded is not None else lazy_pairs(args.test, args.gold)
    except InputError as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_INPUT_ERROR
    for warning in loaded.warnings if loaded is not None else ():
        print(f"warning: {warning}", file=sys.stderr)
    try:
        handle = open(args.output, "w", encoding="utf-8") if args.output else sys.stdout
    except OSError as error:
        print(f"error: {args.output}: cannot write: {error.strerror or error}", file=sys.stderr)
        return EXIT_INPUT_ERROR
    printer = PRINTERS[args.format](handle)
    try:
        if loaded is not None:  # UMR: document-level scores need every sentence's alignment
            for pair in pairs:
                for problem in pair.errors:
                    print(f"{problem} (pair {pair.index} not scored)", file=sys.stderr)
            corpus = score_corpus(pairs, params, documents=loaded.documents, jobs=max(1, args.jobs))
            print_corpus(corpus, printer)
            return EXIT_INPUT_ERROR if corpus.errors else 0
        stream = ScoreStream(pairs, params, jobs=max(1, args.jobs))
        printer.begin(PROFILE, params)
        for row, problems in stream:
            for problem in problems:
                print(f"{problem} (pair {row.item['index']} not scored)", file=sys.stderr)
            printer.pair(row)
        printer.end(stream.summary())
        return EXIT_INPUT_ERROR if stream.errors else 0
    finally:
        if handle is not sys.stdout:
            handle.close()


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return run_score(args)
