"""Time ``python -m engine compare`` (whole command, start-up included) and its statistics alone,
beside SciPy's ``permutation_test`` and ``bootstrap`` on the same per-sentence counts.

    python -m bench.bench_compare [--sentences 1000] [--trials 10000] [--repeat 3]

Two generated corpora of A, B and a gold of the same sentences (A and B: two perturbed copies
of each gold graph): AMR graphs of 5-15 nodes (:mod:`bench.bench_matrix`) and DRSs of 4-10
referents (:mod:`bench.generate_drs`). For each, the command with ``--test permutation`` (which
also computes the bootstrap interval) and ``--test bootstrap``, and ``score A GOLD`` for the
cost of scoring one of the two cells; then, in this process, the tests on the counts already
scored, and SciPy's two on the same counts (its statistic written on sentence indices, as
``tests/test_comparison.py`` does). Medians of ``--repeat`` runs.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
import time
from functools import partial
from pathlib import Path

import numpy as np
from scipy import stats

from engine.comparison import compare_files, paired_counts, significance

from .bench_matrix import write_annotators
from .generate_drs import clause_text, gold_clauses, perturbed


def write_drs(folder: Path, sentences: int, seed: int) -> tuple[Path, Path, Path]:
    """A, B (two perturbed copies of each gold DRS) and the gold, in clause format."""
    rng = random.Random(seed)
    golds = [gold_clauses(rng, rng.randint(4, 10)) for _ in range(sentences)]
    files = {
        "a.clf": [perturbed(rng, gold) for gold in golds],
        "b.clf": [perturbed(rng, gold) for gold in golds],
        "gold.clf": golds,
    }
    paths = []
    for name, drss in files.items():
        path = folder / name
        path.write_text("\n".join(clause_text(f"g{k}", clauses) for k, clauses in enumerate(drss)), encoding="utf-8")
        paths.append(path)
    return paths[0], paths[1], paths[2]


def median_seconds(command: list[str], repeat: int) -> float:
    return timed(lambda: subprocess.run(command, check=False, capture_output=True), repeat)


def timed(function, repeat: int) -> float:
    """The median wall time of ``repeat`` calls."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def scipy_tests(a, b, trials: int, seed: int) -> None:
    """SciPy's paired permutation test and paired percentile bootstrap of the micro F difference."""
    table = np.array([[t.test_score, t.test_size, t.gold_score, t.gold_size] for t in [*a, *b]])

    def micro(sums):
        p, r = sums[..., 0] / sums[..., 1], sums[..., 2] / sums[..., 3]
        return 2 * p * r / (p + r)

    def statistic(x, y, axis):
        return micro(table[y].sum(axis=-2)) - micro(table[x].sum(axis=-2))

    n = len(a)
    data = (np.arange(n), np.arange(n) + n)
    rng = np.random.default_rng(seed)
    stats.permutation_test(data, statistic, permutation_type="samples", vectorized=True, n_resamples=trials, rng=rng)
    stats.bootstrap(data, statistic, paired=True, vectorized=True, n_resamples=trials, method="percentile", rng=rng)


def run_corpus(title: str, files: tuple[Path, Path, Path], metrics: list[str], args) -> None:
    a, b, gold = map(str, files)
    print(f"corpus: {title}; {args.trials} trials; median of {args.repeat} runs")
    engine = [sys.executable, "-m", "engine"]
    score = median_seconds([*engine, "score", a, gold, "--jobs", "1"], args.repeat)
    print(f"  score A GOLD --jobs 1 (one cell):            {score:6.2f} s")
    for metric in metrics:
        for test in ("permutation", "bootstrap"):
            command = [*engine, "compare", a, b, gold, "--metric", metric, "--test", test]
            seconds = median_seconds([*command, "--trials", str(args.trials), "--jobs", "1"], args.repeat)
            print(f"  compare --metric {metric} --test {test}:".ljust(48) + f"{seconds:6.2f} s")
    matrix = compare_files(a, b, gold, metrics[0], trials=1).matrix  # every metric's tallies are kept
    for metric in metrics:
        tallies = [
            [
                scores.tallies[cell][metric]
                for scores in matrix.sentences
                if scores is not None and cell in scores.tallies
            ]
            for cell in ((0, 2), (1, 2))
        ]
        counts = paired_counts(*tallies)
        both = timed(lambda counts=counts: significance(counts, "permutation", args.trials, 1), args.repeat)
        alone = timed(lambda counts=counts: significance(counts, "bootstrap", args.trials, 1), args.repeat)
        print(f"  statistics of {metric} on {counts.sentences} sentences, in process:")
        print(f"    permutation test + bootstrap interval:      {both:6.3f} s")
        print(f"    bootstrap (interval and p):                  {alone:6.3f} s")
        if counts.a.shape[1] == 4:  # a ratio metric: SciPy's tests on the same counts
            a_tallies, b_tallies = tallies
            reference = timed(partial(scipy_tests, a_tallies, b_tallies, args.trials, 1), args.repeat)
            print(
                f"    SciPy permutation_test + bootstrap:          {reference:6.3f} s"
                f"  (SciPy / engine {reference / both:.1f}x)"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sentences", type=int, default=1000)
    parser.add_argument("--trials", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        (a, b), gold = write_annotators(Path(folder) / "amr", 2, args.sentences, low=5, high=15, seed=args.seed)
        run_corpus(f"AMR, {args.sentences} sentences of 5-15 nodes", (a, b, gold), ["labeled_relation"], args)
        drs = Path(folder) / "drs"
        drs.mkdir()
        run_corpus(
            f"DRS, {args.sentences} sentences of 4-10 referents", write_drs(drs, args.sentences, args.seed),
            ["counter", "dscorer"], args,
        )  # fmt: skip


if __name__ == "__main__":
    main()
