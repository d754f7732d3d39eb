"""Time re-aligning one pair for the teaching view's live parameters (target: under 50 ms at 30
nodes), in one process, medians over repeats:

    python -m bench.bench_teaching [--pairs 10] [--nodes 30] [--repeat 20]

For each generated pair (``--nodes`` - 4 to ``--nodes`` nodes, with sentences), with α, β and γ
moved off their defaults as a slider would: the scorer's alignment and scores untraced
(``score_graphs``), traced (every round's matrices), the full step-by-step trace (every inner
iterate replayed, :func:`engine.teach.trace_pair`) and the lesson built from it
(:func:`engine.teach.build_lesson`, all captions), and one cell explained.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from functools import partial

from engine.model import Graph
from engine.params import Params
from engine.read.amr import entries_from_text
from engine.runtime.process import tune_for_scoring
from engine.scoring import score_graphs
from engine.teach import Lesson, build_lesson, explain_cell, trace_pair

from .generate import generate


def _lesson(test: Graph, gold: Graph, params: Params) -> Lesson:
    return build_lesson(trace_pair(test, gold, params))


def _median_ms(work: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return 1000 * statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=10)
    parser.add_argument("--nodes", type=int, default=30)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    tune_for_scoring()
    test_text, gold_text = generate(args.pairs, args.nodes - 4, args.nodes, args.seed)
    pairs = [
        (test.graph, gold.graph)
        for test, gold in zip(entries_from_text("test", test_text), entries_from_text("gold", gold_text))
        if test.graph is not None and gold.graph is not None
    ]
    params = Params(alpha=0.35, beta=0.05, gamma=0.2)
    columns: dict[str, list[float]] = {"untraced": [], "traced": [], "trace_pair": [], "+ lesson": [], "explain": []}
    for test, gold in pairs:
        trace = trace_pair(test, gold, params)
        columns["untraced"].append(_median_ms(partial(score_graphs, test, gold, params), args.repeat))
        columns["traced"].append(_median_ms(partial(score_graphs, test, gold, params, trace=True), args.repeat))
        columns["trace_pair"].append(_median_ms(partial(trace_pair, test, gold, params), args.repeat))
        columns["+ lesson"].append(_median_ms(partial(_lesson, test, gold, params), args.repeat))
        columns["explain"].append(_median_ms(partial(explain_cell, trace, 1, 1), args.repeat))
    sizes = sorted(len(test) for test, _ in pairs)
    rounds = sorted(len(trace_pair(test, gold, params).rounds) for test, gold in pairs)
    print(
        f"{len(pairs)} generated pairs of {sizes[0]}-{sizes[-1]} test nodes, {rounds[0]}-{rounds[-1]} rounds; "
        f"alpha {params.alpha}, beta {params.beta}, gamma {params.gamma}; median of {args.repeat} runs per pair"
    )
    print(f"{'':24}{'median':>10}{'max':>10}  (ms per pair)")
    names = {
        "untraced": "align + scores",
        "traced": "  with round matrices",
        "trace_pair": "  with every iterate",
        "+ lesson": "  and the lesson",
        "explain": "explain one cell",
    }
    for key, values in columns.items():
        print(f"{names[key]:24}{statistics.median(values):10.2f}{max(values):10.2f}")


if __name__ == "__main__":
    main()
