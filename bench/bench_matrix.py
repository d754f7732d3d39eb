"""Time and memory of the annotator matrix on a generated corpus of several annotators.

    python -m bench.bench_matrix [--annotators 10] [--sentences 200] [--naive 20]

Each sentence's gold graph is a random tree (:mod:`bench.generate`); every annotator's graph
is a perturbed copy of it (concept, sense and role changes, a dropped leaf, an added node).
The matrix is scored in this process with one and with two worker processes, then the
scored result is asked for every metric's matrix (no rescoring). ``--naive N`` also scores,
on the first N sentences and side by side, every ordered pair of annotators as two files
(``score_corpus``), which is what one would do without the matrix. Last, the peak memory of
``python -m engine matrix`` on the whole corpus.
"""

from __future__ import annotations

import argparse
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TypeVar

from engine.read import load_annotations
from engine.runtime.process import tune_for_scoring
from engine.scoring import score_corpus
from engine.scoring.matrix import score_matrix

from .generate import block, perturb, random_graph, sentence

T = TypeVar("T")

__all__ = ["write_annotators"]


def write_annotators(
    directory: Path, annotators: int, sentences: int, low: int = 15, high: int = 40, seed: int = 1, rate: float = 0.15
) -> tuple[list[Path], Path]:
    """Write ``annotators`` files of ``sentences`` perturbed copies of one gold corpus, and the
    gold itself; returns the annotators' paths and the gold's."""
    rng = random.Random(seed)
    texts: list[list[str]] = [[] for _ in range(annotators)]
    golds = []
    for k in range(sentences):
        gold = random_graph(rng, rng.randint(low, high))
        text = sentence(gold)
        golds.append(block(f"s-{k}", gold, text))
        for annotator in range(annotators):
            texts[annotator].append(block(f"s-{k}", perturb(rng, gold, rate), text))
    directory.mkdir(parents=True, exist_ok=True)
    paths = [directory / f"annotator{a + 1:02d}.amr" for a in range(annotators)]
    for path, blocks in zip(paths, texts):
        path.write_text("\n".join(blocks), encoding="utf-8")
    gold_path = directory / "gold.amr"
    gold_path.write_text("\n".join(golds), encoding="utf-8")
    return paths, gold_path


def _cpu() -> float:
    """CPU seconds of this process and of its finished children (worker processes, commands)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _timed(function: Callable[[], T]) -> tuple[float, float, T]:
    """(wall seconds, CPU seconds, value): on a shared machine the wall time depends on the load, the
    CPU time much less."""
    start, cpu = time.perf_counter(), _cpu()
    value = function()
    return time.perf_counter() - start, _cpu() - cpu, value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--annotators", type=int, default=10)
    parser.add_argument("--sentences", type=int, default=200)
    parser.add_argument("--min-nodes", type=int, default=15)
    parser.add_argument("--max-nodes", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--naive", type=int, default=20, help="sentences for the naive comparison (0: skip)")
    args = parser.parse_args()
    tune_for_scoring()
    with tempfile.TemporaryDirectory() as tmp:
        shape = (args.min_nodes, args.max_nodes, args.seed)
        paths, _ = write_annotators(Path(tmp) / "all", args.annotators, args.sentences, *shape)
        pairs = args.annotators * (args.annotators - 1) // 2
        print(
            f"corpus: {args.annotators} annotators x {args.sentences} sentences of {args.min_nodes}-"
            f"{args.max_nodes} nodes (seed {args.seed}): {pairs} pairs of annotators a sentence"
        )
        command = [
            sys.executable,
            "-m",
            "engine",
            "matrix",
            *map(str, paths),
            "--format",
            "json",
            "--output",
            str(Path(tmp) / "out.json"),
            "--jobs",
            "1",
        ]
        seconds, cpu, _ = _timed(lambda: subprocess.run(command, check=True, capture_output=True))
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024  # before any worker process
        print(f"python -m engine matrix --jobs 1:  {seconds:7.2f} s (CPU {cpu:6.2f} s), peak RSS {peak:.1f} MB")
        annotations = load_annotations(paths)
        updates: list[int] = []
        for jobs in (1, 2):
            updates.clear()
            seconds, cpu, result = _timed(
                partial(score_matrix, annotations, jobs=jobs, progress=lambda done, total: updates.append(done))
            )
            per_pair = 1000 * cpu / (pairs * args.sentences)
            print(
                f"score_matrix, jobs {jobs}:             {seconds:7.2f} s (CPU {cpu:6.2f} s, "
                f"{per_pair:.2f} ms a pair of graphs; {len(updates)} progress calls)"
            )
        seconds, _, _ = _timed(lambda: [result.f_matrix(m, a) for m in result.metrics for a in ("micro", "macro")])
        print(f"then every metric's micro and macro matrix: {1000 * seconds:.0f} ms", end="")
        seconds, _, _ = _timed(lambda: [result.sentence_table(m) for m in result.metrics])
        print(f"; every metric's per-sentence table: {1000 * seconds:.0f} ms")
        if args.naive:
            _compare_naive(Path(tmp) / "naive", args, shape)


def _same_f(one: float | None, other: float | None) -> bool:
    """Two F1 values agree: both undefined, or within rounding."""
    return one is other is None or (one is not None and other is not None and abs(one - other) < 1e-9)


def _compare_naive(directory: Path, args: argparse.Namespace, shape: tuple[int, int, int]) -> None:
    """The matrix against every ordered pair scored as two files, on the first sentences (the
    generator draws sentence by sentence, so they are those of the whole corpus)."""
    annotations = load_annotations(write_annotators(directory, args.annotators, args.naive, *shape)[0])
    cells = [(i, j) for i in range(args.annotators) for j in range(args.annotators) if i != j]
    matrix_seconds, matrix_cpu, matrix = _timed(lambda: score_matrix(annotations))
    naive_seconds, naive_cpu, corpora = _timed(lambda: [score_corpus(annotations.pairs(i, j).pairs) for i, j in cells])
    same = all(
        (cell := matrix.score(i, j, m)) is not None and _same_f(corpus.micro[m].f, cell.f)
        for corpus, (i, j) in zip(corpora, cells)
        for m in matrix.metrics
    )
    print(
        f"first {args.naive} sentences, one process: matrix {matrix_seconds:.2f} s (CPU {matrix_cpu:.2f} s), every "
        f"ordered pair as two files {naive_seconds:.2f} s (CPU {naive_cpu:.2f} s): CPU ratio "
        f"{naive_cpu / matrix_cpu:.2f}x; same micro F1 in every cell and metric: {same}"
    )


if __name__ == "__main__":
    main()
