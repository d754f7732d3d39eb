"""Time DScorer (paper and reference profiles) and Counter (exact, and hill-climbing)
per generated DRS pair, from sentence size to document size, and peak memory over many pairs;
then the seed paper's per-document figures beside ours.

    python -m bench.bench_drs [--sizes 8 30 60 120] [--pairs 3] [--dense] [--hillclimb]
                              [--counter-time-limit 10] [--drsscorer]
                              [--counter-code] [--counter-code-timeout 600] [--memory-pairs 10000]

Pairs come from :mod:`bench.generate_drs` (PMB-like, about 3.5 clauses a referent;
``--dense`` adds a 120-referent row at about 6.5 clauses a referent, the "about 800
clauses" of a GMB document). Each number is the median over ``--pairs`` pairs of one
size, timed in this process on one core; "optimal" says how many of them the exact Counter
proved optimal within ``--counter-time-limit``. ``--drsscorer`` also times the public
DRSScorer code (found as :mod:`bench.drsscorer` says) on the same pairs, by its own printed
n-gram time; ``--counter-code`` runs Counter's own code (:mod:`bench.counter_code`, 20
restarts) on the first pair of each size, with its F beside the exact F. The machine may be
shared: compare columns of one run, not runs. The seed paper reports, per GMB document pair
(|N| = 121 nodes, |G| = |N| + |E| = 802), Counter 14,428 s and DScorer 2.35 s (Table 2).
"""

from __future__ import annotations

import argparse
import math
import resource
import statistics
import tempfile
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar

from engine.drs import DScorerCounts, DScorerSettings, counter_score, dscorer_counts, dscorer_score, parse_drs_text
from engine.drs.counter import COUNTER_SEARCH
from engine.drs.dscorer_graph import paper_graph
from engine.metrics import Tally
from engine.params import SolverOptions
from engine.runtime.process import single_threaded_blas

from .counter_code import install_counter, run_counter
from .drsscorer import install_drsscorer, run_drsscorer
from .generate_drs import generate_pairs

T = TypeVar("T")

PROFILES = (DScorerSettings("paper"), DScorerSettings("reference"))
DENSE_EXTRA_ROLES = 20.0
PAPER_COUNTER, PAPER_DSCORER = 14428.0, 2.35  # seconds per GMB document pair, the seed's Table 2


def timed(function: Callable[..., T], *arguments: Any, **keywords: Any) -> tuple[float, T]:
    start = time.perf_counter()
    result = function(*arguments, **keywords)
    return time.perf_counter() - start, result


def size_row(
    referents: int,
    pairs: int,
    extra_roles: float,
    hillclimb: bool,
    drsscorer: Path | None,
    time_limit: float,
    counter_code: tuple[Path, float] | None = None,
) -> dict:
    columns: dict[str, list[float]] = {}
    for seed in range(pairs):
        test_text, gold_text = next(generate_pairs(1, referents, referents, seed=seed, extra_roles=extra_roles))
        [test], [gold] = parse_drs_text("test", test_text), parse_drs_text("gold", gold_text)
        graph = paper_graph(gold.clauses)
        columns.setdefault("clauses", []).append((len(test.clauses) + len(gold.clauses)) / 2)
        columns.setdefault("nodes", []).append(len(graph))
        columns.setdefault("edges", []).append(len(graph.edges))
        for settings in PROFILES:
            seconds, counts = timed(dscorer_counts, test.clauses, gold.clauses, settings)
            columns.setdefault(f"dscorer {settings.profile}", []).append(seconds)
            columns.setdefault(f"4-grams {settings.profile}", []).append(counts.gold[-1])
        exact_search = replace(COUNTER_SEARCH, time_limit=time_limit)
        seconds, exact = timed(counter_score, test.clauses, gold.clauses, options=exact_search)
        columns.setdefault("counter exact", []).append(seconds)
        columns.setdefault("counter exact max", []).append(seconds)
        columns.setdefault("optimal", []).append(float(exact.match.optimal))
        if counter_code is not None and seed == 0:
            folder, timeout = counter_code
            with tempfile.TemporaryDirectory() as scratch:
                run = run_counter(folder, [test], [gold], Path(scratch), timeout)
            columns["counter code"] = [run.seconds]
            columns["counter code f"] = [run.f if run.f is not None else math.nan]
            columns["exact f"] = [exact.tally.prf().f or 0.0]
        if hillclimb:
            climb = SolverOptions("hillclimb", restarts=5)
            seconds, climbed = timed(counter_score, test.clauses, gold.clauses, options=climb)
            columns.setdefault("counter hillclimb", []).append(seconds)
            columns.setdefault("hillclimb below", []).append(float(climbed.tally.test_score < exact.tally.test_score))
        if drsscorer is not None:
            with tempfile.TemporaryDirectory() as scratch:
                reference_run = run_drsscorer(drsscorer, [test], [gold], Path(scratch))
            columns.setdefault("drsscorer code", []).append(reference_run.seconds)
    shares = ("optimal", "hillclimb below")  # fractions of the pairs, the others medians
    summary = {
        name: (statistics.fmean if name in shares else statistics.median)(values) for name, values in columns.items()
    }
    summary["counter exact max"] = max(columns["counter exact max"])
    return summary


def sentence_pairs(count: int):
    """``count`` sentence-size pairs, 4-12 referents in every run of 100 (so that the pairs
    do not grow along the stream), each run from its own seed."""
    for run in range(0, count, 100):
        yield from generate_pairs(min(100, count - run), 4, 12, seed=run)


def memory_run(count: int) -> None:
    """Score ``count`` sentence-size pairs one by one, pooling the totals; print peak RSS as it goes."""
    checkpoints = {max(1, count // 10), count // 2, count}
    counter_total, dscorer_totals = Tally(), [DScorerCounts.empty(4) for _ in PROFILES]
    start = time.perf_counter()
    for index, (test_text, gold_text) in enumerate(sentence_pairs(count), start=1):
        [test], [gold] = parse_drs_text("test", test_text), parse_drs_text("gold", gold_text)
        counter_total = counter_total + counter_score(test.clauses, gold.clauses).tally
        for position, settings in enumerate(PROFILES):
            dscorer_totals[position] = dscorer_totals[position] + dscorer_counts(test.clauses, gold.clauses, settings)
        if index in checkpoints:
            peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
            scores = [dscorer_score(total, settings).total.f for total, settings in zip(dscorer_totals, PROFILES)]
            print(
                f"{index:6d} pairs of 4-12 referents: peak RSS {peak:7.1f} MB, {time.perf_counter() - start:7.1f} s; "
                f"Counter F {counter_total.prf().f:.4f}, DScorer F paper {scores[0]:.4f} reference {scores[1]:.4f}",
                flush=True,
            )


def paper_beside_ours(row: dict, label: str) -> None:
    """The seed paper's per-document times beside ours on the document-size row."""
    counter, paper, reference = row["counter exact"], row["dscorer paper"], row["dscorer reference"]
    print(
        f"\nPer document pair: the seed paper (GMB, |N| = 121, about 800 clauses, its machine) beside this run "
        f"({label} referents, {row['clauses']:.0f} clauses, |N| = {row['nodes']:.0f}, one core):"
    )
    print(f"  {'':<34}{'paper':>12}{'here':>12}")
    print(f"  {'Counter (paper: hill-climbing)':<34}{PAPER_COUNTER:>11,.0f}s{counter:>11.3f}s  exact, median")
    print(f"  {'DScorer':<34}{PAPER_DSCORER:>11.2f}s{paper:>11.3f}s  paper profile ({reference:.3f}s reference)")
    print(f"  {'Counter / DScorer':<34}{PAPER_COUNTER / PAPER_DSCORER:>11,.0f}x{counter / paper:>11.1f}x")
    if "counter code" in row:
        finished = not math.isnan(row["counter code f"])
        took = f"{row['counter code']:.0f}s" if finished else f"over {row['counter code']:.0f}s (stopped)"
        print(f"  Counter's own code on the first pair here: {took}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[8, 30, 60, 120])
    parser.add_argument("--pairs", type=int, default=3, help="pairs per size (the median is printed)")
    parser.add_argument("--dense", action="store_true", help="add a 120-referent row of about 800 clauses")
    parser.add_argument("--hillclimb", action="store_true", help="also time Counter by hill-climbing (slow)")
    parser.add_argument("--counter-time-limit", type=float, default=10.0, help="seconds per pair for exact Counter")
    parser.add_argument("--drsscorer", action="store_true", help="time the DRSScorer code too (see bench.drsscorer)")
    parser.add_argument(
        "--counter-code", action="store_true", help="run Counter's own code on one pair a size (see bench.counter_code)"
    )
    parser.add_argument("--counter-code-timeout", type=float, default=600.0, help="seconds before it is stopped")
    parser.add_argument("--memory-pairs", type=int, default=0, help="then score this many pairs for peak memory")
    args = parser.parse_args()
    single_threaded_blas()
    drsscorer = None
    if args.drsscorer:
        drsscorer = Path(tempfile.mkdtemp(prefix="drsscorer-"))
        if not install_drsscorer(drsscorer):
            raise SystemExit("DRSScorer not found: set GRAPHAGREE_DRSSCORER to a folder with its eval.py")
    counter_code = None
    if args.counter_code:
        folder = Path(tempfile.mkdtemp(prefix="counter-"))
        if not install_counter(folder):
            raise SystemExit("Counter not found: set GRAPHAGREE_COUNTER to a folder with its evaluation code")
        counter_code = (folder, args.counter_code_timeout)
    rows = [(f"{size}", size, 1.0) for size in args.sizes]
    if args.dense:
        rows.append(("120 dense", 120, DENSE_EXTRA_ROLES))
    header = (
        f"{'referents':>10} {'clauses':>7} {'|N|':>4} {'|E|':>5} {'4-grams':>9} {'DScorer':>8} {'4-paths':>9} "
        f"{'DScorer':>9} {'Counter':>8}"
    )
    extra = ("  hill-climb (below)" if args.hillclimb else "") + ("  DRSScorer code" if args.drsscorer else "")
    extra += "  Counter code: time, F (exact F)" if args.counter_code else ""
    print(header + "  (max, optimal)" + extra)
    print(
        f"{'':>10} {'':>7} {'':>4} {'':>5} {'(walks)':>9} {'paper':>8} {'(simple)':>9} {'reference':>9} {'(exact)':>8}"
    )
    last: tuple[dict, str] | None = None
    for label, referents, extra_roles in rows:
        row = size_row(
            referents, args.pairs, extra_roles, args.hillclimb, drsscorer, args.counter_time_limit, counter_code
        )
        line = (
            f"{label:>10} {row['clauses']:7.0f} {row['nodes']:4.0f} {row['edges']:5.0f} "
            f"{row['4-grams paper']:9.0f} {row['dscorer paper']:7.3f}s {row['4-grams reference']:9.0f} "
            f"{row['dscorer reference']:8.3f}s {row['counter exact']:7.3f}s"
            f"  ({row['counter exact max']:.3f}s, {row['optimal']:.0%})"
        )
        if args.hillclimb:
            line += f"  {row['counter hillclimb']:8.3f}s ({row['hillclimb below']:.0%})"
        if args.drsscorer:
            line += f"  {row['drsscorer code']:8.3f}s"
        if counter_code is not None:
            finished = not math.isnan(row["counter code f"])
            took = f"{row['counter code']:8.1f}s" if finished else f"> {row['counter code']:.0f}s"
            line += f"  {took}, {row['counter code f']:.4f} ({row['exact f']:.4f})" if finished else f"  {took}"
        print(line, flush=True)
        last = (row, label)
    if last is not None:
        paper_beside_ours(*last)
    if args.memory_pairs:
        memory_run(args.memory_pairs)


if __name__ == "__main__":
    main()
