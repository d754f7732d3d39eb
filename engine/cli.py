"""Command line: ``python -m engine score TEST GOLD [--format table|json|csv] [--output FILE]``.

Exit status: 0 when every pair was scored, 2 when any input problem was found
(each printed on stderr as ``FILE:LINE: what is wrong``; the other pairs are
still scored and printed).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import replace

from .errors import InputError
from .process import tune_for_scoring
from .metrics import Totals
from .fine_grained import SUB_SCORES
from .smatch import STANDARDIZATIONS, bootstrap_interval, smatch_corpus
from .output import PRINTERS, print_corpus
from .params import ANCAST, PAPER, PROFILES, Params
from .scoring import FORMATS, check_profile, detect_format, load_files, score_corpus
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
    score.add_argument("--profile", choices=sorted(PROFILES), default=PAPER,
                       help="paper: the AnCast paper's equations (default); ancast-0.1.1: the reference package's "
                            "numbers pair for pair (AMR input with '# ::snt' lines; see README)")
    paper, reference = Params(), Params.for_profile(ANCAST)
    score.add_argument("--gamma", type=float, help=f"sense coefficient (default {paper.gamma})")
    score.add_argument("--alpha", type=float, help=f"similarity bias (default {paper.alpha})")
    score.add_argument("--beta", type=float,
                       help=f"broadcast bias (default {paper.beta}; {reference.beta} under ancast-0.1.1)")
    score.add_argument("--no-text", action="store_true", help="ignore '# ::snt' text when finding initial anchors")
    score.add_argument("--no-alignments", action="store_true", help="ignore token alignments (~e.N) for anchors")
    score.add_argument("--smatch", action="store_true",
                       help="also compute classic Smatch under the optimal (ILP) alignment for every pair")
    score.add_argument("--jobs", "-j", type=int, default=os.cpu_count() or 1,
                       help="worker processes for scoring (default: all %(default)s cores)")
    smatch = commands.add_parser("smatch", help="Smatch of a test file against a gold file")
    smatch.add_argument("test")
    smatch.add_argument("gold")
    smatch.add_argument("--solver", choices=("ilp", "hillclimb"), default="ilp",
                        help="ilp: optimal alignment (SciPy milp/HiGHS); hillclimb: classic search (default: ilp)")
    smatch.add_argument("--standardize", choices=STANDARDIZATIONS, default="none",
                        help="none: classic smatch triples; smatchpp: as Smatch++'s AMR standardiser "
                             "(:domain as :mod, dereification, root concept, duplicates once)")
    smatch.add_argument("--time-limit", type=float, default=10.0, help="ILP seconds per pair before hill-climbing")
    smatch.add_argument("--restarts", type=int, default=5, help="hill-climbing starts (default 5)")
    smatch.add_argument("--seed", type=int, default=1, help="seed of hill-climbing and bootstrap (default 1)")
    smatch.add_argument("--ci", action="store_true", help="bootstrap 95%% confidence interval of the micro F")
    smatch.add_argument("--fine-grained", action="store_true",
                        help="sub-scores: concepts, frames, named entities, negation, wiki, arguments, reentrancies, ...")
    smatch.add_argument("--format", choices=("table", "json"), default="table")
    smatch.add_argument("--output", "-o", metavar="FILE")
    return parser


def open_output(path: str | None):
    """The file to write to (stdout without a path), or None after saying why it cannot be opened."""
    if not path:
        return sys.stdout
    try:
        return open(path, "w", encoding="utf-8")
    except OSError as error:
        print(f"error: {path}: cannot write: {error.strerror or error}", file=sys.stderr)
        return None


def run_smatch(args: argparse.Namespace) -> int:
    try:
        pairs = load_files(args.test, args.gold).pairs
    except InputError as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_INPUT_ERROR
    results = smatch_corpus(pairs, args.solver, args.time_limit, args.restarts, args.seed, args.fine_grained,
                            args.standardize)
    scored = [r for r in results if r.tally is not None]
    totals = Totals(("smatch",))
    for result in scored:
        totals.add({"smatch": result.tally})
    data = {
        "solver": args.solver,
        "standardize": args.standardize,
        "pairs": [{"index": r.index, "id": r.id, "error": r.error,
                   **({"p": r.tally.prf().p, "r": r.tally.prf().r, "f": r.tally.prf().f,
                       "matched": r.alignment.matched, "test_triples": r.tally.test_size,
                       "gold_triples": r.tally.gold_size, "optimal": r.alignment.optimal,
                       "upper_bound": r.alignment.upper_bound} if r.tally else {})} for r in results],
        "micro": totals.micro()["smatch"].as_dict(),
        "macro": totals.macro()["smatch"].as_dict(),
    }
    if args.ci:
        interval = bootstrap_interval([r.tally for r in scored], seed=args.seed)
        data["ci"] = {"micro_f": list(interval) if interval else None, "level": 0.95}
    if args.fine_grained:
        parts = Totals(SUB_SCORES)
        for result, item in zip(results, data["pairs"]):
            if result.fine_grained is not None:
                parts.add(result.fine_grained)
                item["fine_grained"] = {name: tally.prf().as_dict() for name, tally in result.fine_grained.items()}
        data["fine_grained"] = {name: prf.as_dict() for name, prf in parts.micro().items()}
    for result in results:
        if result.error:
            print(f"{result.error} (pair {result.index} not scored)", file=sys.stderr)
        elif args.solver == "ilp" and not result.alignment.optimal:
            how = ("found no solution, so hill-climbing was used" if result.alignment.solver == "hillclimb"
                   else f"stopped before proving the optimum (at most {result.alignment.upper_bound:g} triples match)")
            print(f"warning: pair {result.index}: the ILP {how} within {args.time_limit:g} s", file=sys.stderr)
    if args.format == "json":
        text = json.dumps(data, indent=2) + "\n"
    else:
        lines = [f"{'#':<6}{'id':<24}{'P':>8}{'R':>8}{'F':>8}  optimal"]
        for item in data["pairs"]:
            if item["error"]:
                lines.append(f"{item['index']:<6}{(item['id'] or ''):<24}  error: {item['error']}")
            else:
                lines.append(f"{item['index']:<6}{(item['id'] or ''):<24}{item['p']:8.4f}{item['r']:8.4f}{item['f']:8.4f}  "
                             f"{'yes' if item['optimal'] else 'no'}")
        for name in ("micro", "macro"):
            score = data[name]
            cells = "".join(f"{v:8.4f}" if v is not None else "     n/a" for v in (score["p"], score["r"], score["f"]))
            lines.append(f"{name:<30}{cells}")
        if "ci" in data and data["ci"]["micro_f"]:
            low, high = data["ci"]["micro_f"]
            lines.append(f"95% bootstrap interval of the micro F: [{low:.4f}, {high:.4f}]")
        if "fine_grained" in data:
            lines += ["", "Fine-grained (micro, one alignment):"]
            for name, score in data["fine_grained"].items():
                cells = "".join(f"{v:8.4f}" if v is not None else "     n/a" for v in (score["p"], score["r"], score["f"]))
                lines.append(f"  {name:<28}{cells}")
        text = "\n".join(lines) + f"\n\nSmatch ({args.solver}, standardize {args.standardize}); {len(results)} pairs\n"
    handle = open_output(args.output)
    if handle is None:
        return EXIT_INPUT_ERROR
    handle.write(text)
    if handle is not sys.stdout:
        handle.close()
    return EXIT_INPUT_ERROR if any(r.error for r in results) else 0


def run_score(args: argparse.Namespace) -> int:
    given = {name: getattr(args, name) for name in ("gamma", "alpha", "beta") if getattr(args, name) is not None}
    params = Params.for_profile(args.profile, use_text=not args.no_text, smatch=args.smatch, **given)
    if args.no_alignments:
        params = replace(params, use_alignments=False)
    try:
        kind = detect_format(args.test) if args.format_in == "auto" else args.format_in
        check_profile(kind, params, args.test)
        loaded = load_files(args.test, args.gold, "umr") if kind == "umr" else None
        pairs = loaded.pairs if loaded is not None else lazy_pairs(args.test, args.gold)
    except InputError as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_INPUT_ERROR
    for warning in loaded.warnings if loaded is not None else ():
        print(f"warning: {warning}", file=sys.stderr)
    handle = open_output(args.output)
    if handle is None:
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
        printer.begin(params.profile, params)
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
    tune_for_scoring()
    try:
        return run_smatch(args) if args.command == "smatch" else run_score(args)
    except BrokenPipeError:  # the reader of our output went away (e.g. `| head`)
        sys.stderr.close()
        return 0
