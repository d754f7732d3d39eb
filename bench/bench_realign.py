"""How long re-aligning one pair takes when a parameter moves (the teaching view's live
sliders): the traced alignment, its captions and the pair's scores, for each value of a sweep
of gamma, alpha and beta.

    python -m bench.bench_realign [TEST GOLD] [--nodes 30] [--pairs 5] [--steps 20]

With TEST and GOLD (real annotation files), the ``--pairs`` pairs whose gold graph's size is
nearest ``--nodes`` are used; without, generated pairs of that size (:mod:`bench.generate`).
Printed per pair: the median and the largest time of one re-alignment over the sweep,
measured in this process (it is a delay inside the application, not a command).
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from engine.align.explain import captions
from engine.params import Params
from engine.read import load_pairs
from engine.runtime.process import one_blas_thread_at_load, tune_for_scoring
from engine.scoring import score_graphs, traced_alignment

from .generate import write_corpus


def sweep(steps: int) -> list[Params]:
    """``steps`` parameter settings moving gamma, alpha and beta across their usual range."""
    return [
        Params(gamma=0.5 * k / steps, alpha=0.05 + 0.5 * k / steps, beta=0.001 + 0.05 * (steps - k) / steps)
        for k in range(steps)
    ]


def realign(test, gold, params: Params) -> None:
    """What one slider move asks of the engine: the trace, its captions, the scores."""
    alignment = traced_alignment(test, gold, params)
    list(captions(test, gold, alignment, params))
    score_graphs(test, gold, params)


def main() -> None:
    one_blas_thread_at_load()
    tune_for_scoring()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", type=Path, nargs="*", metavar="TEST GOLD")
    parser.add_argument("--nodes", type=int, default=30)
    parser.add_argument("--pairs", type=int, default=5)
    parser.add_argument("--steps", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        if args.files:
            test_path, gold_path = args.files
        else:
            test_path, gold_path = write_corpus(Path(tmp), args.pairs, args.nodes, args.nodes, seed=1)
        pairs = [
            (pair.id, pair.test.graph, pair.gold.graph)
            for pair in load_pairs(test_path, gold_path).pairs
            if not pair.errors and pair.test and pair.gold and pair.test.graph and pair.gold.graph
        ]
    pairs.sort(key=lambda pair: abs(len(pair[2]) - args.nodes))
    settings = sweep(args.steps)
    print(f"one re-alignment (trace, captions, scores) per parameter setting, {args.steps} settings")
    for pair_id, test, gold in pairs[: args.pairs]:
        realign(test, gold, settings[0])  # first use: the graphs' derived structures
        times = []
        for params in settings:
            start = time.perf_counter()
            realign(test, gold, params)
            times.append(time.perf_counter() - start)
        print(
            f"pair {pair_id} ({len(test)}/{len(gold)} nodes): median {1000 * statistics.median(times):.1f} ms, "
            f"largest {1000 * max(times):.1f} ms"
        )


if __name__ == "__main__":
    main()
