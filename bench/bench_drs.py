"""Time DScorer (paper and reference profiles) and Counter (exact, and hill-climbing)
per generated DRS pair, from sentence size to document size, and peak memory over many pairs.

    python -m bench.bench_drs [--sizes 8 30 60 120] [--pairs 3] [--dense] [--hillclimb]
                              [--drsscorer] [--memory-pairs 10000]

Pairs come from :mod:`bench.generate_drs` (PMB-like, about 3.5 clauses a referent;
``--dense`` adds a 120-referent row at about 6.5 clauses a referent, the "about 800
clauses" of a GMB document). Each number is the median over ``--pairs`` pairs of one
size, timed in this process on one core; ``--drsscorer`` also times the public DRSScorer
code (found as :mod:`bench.drsscorer` says) on the same pairs, by its own printed n-gram time. The
machine may be shared: compare columns of one run, not runs. The seed paper reports,
per GMB document pair (|N| = 121 nodes, |G| = |N| + |E| = 802), Counter 14,428 s and
DScorer 2.35 s (Table 2).
"""

from __future__ import annotations

import argparse
import resource
import statistics
import tempfile
import time
from pathlib import Path

from engine.drs import DScorerCounts, DScorerSettings, counter_score, dscorer_counts, dscorer_score, parse_drs_text
from engine.drs.dscorer_graph import paper_graph
from engine.metrics import Tally
from engine.runtime.process import single_threaded_blas

from .drsscorer import install_drsscorer, run_drsscorer
from .generate_drs import generate_pairs

PROFILES = (DScorerSettings("paper"), DScorerSettings("reference"))
DENSE_EXTRA_ROLES = 20.0


def timed(function, *arguments, **keywords) -> tuple[float, object]:
    start = time.perf_counter()
    result = function(*arguments, **keywords)
    return time.perf_counter() - start, result


def size_row(referents: int, pairs: int, extra_roles: float, hillclimb: bool, drsscorer: Path | None) -> dict:
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
        seconds, exact = timed(counter_score, test.clauses, gold.clauses)
        columns.setdefault("counter exact", []).append(seconds)
        columns.setdefault("optimal", []).append(float(exact.match.optimal))
        if hillclimb:
            seconds, climbed = timed(counter_score, test.clauses, gold.clauses, solver="hillclimb", restarts=5)
            columns.setdefault("counter hillclimb", []).append(seconds)
            columns.setdefault("hillclimb below", []).append(float(climbed.tally.test_score < exact.tally.test_score))
        if drsscorer is not None:
            with tempfile.TemporaryDirectory() as scratch:
                run = run_drsscorer(drsscorer, [test], [gold], Path(scratch))
            columns.setdefault("drsscorer code", []).append(run.seconds)
    shares = ("optimal", "hillclimb below")  # fractions of the pairs, the others medians
    return {
        name: (statistics.fmean if name in shares else statistics.median)(values) for name, values in columns.items()
    }


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[8, 30, 60, 120])
    parser.add_argument("--pairs", type=int, default=3, help="pairs per size (the median is printed)")
    parser.add_argument("--dense", action="store_true", help="add a 120-referent row of about 800 clauses")
    parser.add_argument("--hillclimb", action="store_true", help="also time Counter by hill-climbing (slow)")
    parser.add_argument("--drsscorer", action="store_true", help="time the DRSScorer code too (see bench.drsscorer)")
    parser.add_argument("--memory-pairs", type=int, default=0, help="then score this many pairs for peak memory")
    args = parser.parse_args()
    single_threaded_blas()
    drsscorer = None
    if args.drsscorer:
        drsscorer = Path(tempfile.mkdtemp(prefix="drsscorer-"))
        if not install_drsscorer(drsscorer):
            raise SystemExit("DRSScorer not found: set GRAPHAGREE_DRSSCORER to a folder with its eval.py")
    rows = [(f"{size}", size, 1.0) for size in args.sizes]
    if args.dense:
        rows.append(("120 dense", 120, DENSE_EXTRA_ROLES))
    header = (
        f"{'referents':>10} {'clauses':>7} {'|N|':>4} {'|E|':>5} {'4-grams':>9} {'DScorer':>8} {'4-paths':>9} "
        f"{'DScorer':>9} {'Counter':>8}"
    )
    print(header + ("  hill-climb (below)" if args.hillclimb else "") + ("  DRSScorer code" if args.drsscorer else ""))
    print(
        f"{'':>10} {'':>7} {'':>4} {'':>5} {'(walks)':>9} {'paper':>8} {'(simple)':>9} {'reference':>9} {'(exact)':>8}"
    )
    for label, referents, extra in rows:
        row = size_row(referents, args.pairs, extra, args.hillclimb, drsscorer)
        line = (
            f"{label:>10} {row['clauses']:7.0f} {row['nodes']:4.0f} {row['edges']:5.0f} "
            f"{row['4-grams paper']:9.0f} {row['dscorer paper']:7.3f}s {row['4-grams reference']:9.0f} "
            f"{row['dscorer reference']:8.3f}s {row['counter exact']:7.3f}s"
        )
        if row["optimal"] < 1:
            line += " (not proven optimal)"
        if args.hillclimb:
            line += f"  {row['counter hillclimb']:8.3f}s ({row['hillclimb below']:.0%})"
        if args.drsscorer:
            line += f"  {row['drsscorer code']:8.3f}s"
        print(line, flush=True)
    if args.memory_pairs:
        memory_run(args.memory_pairs)


if __name__ == "__main__":
    main()
