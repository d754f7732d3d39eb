"""Time ``python -m engine score`` against the reference ``ancast`` 0.1.1 CLI on
the same generated corpus in one run, and print the ratio.

    python -m bench.bench_cli [--pairs 200] [--min-nodes 15] [--max-nodes 40] [--repeat 3]

Both tools are timed as whole commands (start-up, reading, scoring, writing
the result) in ``--repeat`` turns; printed are the best time of each and the
median of the ratios within a turn. The reference is called as its README says
for AMR: ``python -m ancast -p TEST -g GOLD -s snt -df amr -o OUT``.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .generate import write_corpus

ROOT = Path(__file__).resolve().parent.parent


def run_once(command: list[str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({done.returncode}):\n{done.stderr[-2000:]}")
    return elapsed


def timed_turns(commands: list[list[str]], repeat: int) -> list[list[float]]:
    """Wall times of ``repeat`` turns, each running every command once, so that
    a slow spell of the machine falls on all of them alike: ``times[turn][k]``."""
    return [[run_once(command) for command in commands] for _ in range(repeat)]


def summary(times: list[list[float]], ours: int, reference: int) -> tuple[float, float, float]:
    """(best time of command ``ours``, best/best ratio to ``reference``, median over the
    turns of reference/ours within a turn - steadier when the machine's speed drifts)."""
    best_ours = min(turn[ours] for turn in times)
    best_reference = min(turn[reference] for turn in times)
    return best_ours, best_reference / best_ours, statistics.median(turn[reference] / turn[ours] for turn in times)


SPIN = "import time\nstart = time.perf_counter()\ntotal = 0\nfor i in range(4_000_000):\n    total += i\nprint(time.perf_counter() - start)"


def parallel_ceiling(processes: int, repeat: int) -> float:
    """How much more pure-Python work ``processes`` processes get through than one
    (``processes`` x one process's time / the slowest of them running together):
    the most ``--jobs`` can gain on this machine, whatever the code."""
    def spin_times(count: int) -> list[float]:
        running = [subprocess.Popen([sys.executable, "-c", SPIN], stdout=subprocess.PIPE, text=True) for _ in range(count)]
        return [float(process.communicate()[0]) for process in running]

    alone = min(spin_times(1)[0] for _ in range(repeat))
    together = min(max(spin_times(processes)) for _ in range(repeat))
    return processes * alone / together


def main() -> None:
    parser = argparse.ArgumentParser(description="engine CLI vs ancast 0.1.1 on one generated corpus")
    parser.add_argument("--pairs", type=int, default=200)
    parser.add_argument("--min-nodes", type=int, default=15)
    parser.add_argument("--max-nodes", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    if importlib.util.find_spec("ancast") is None:
        raise SystemExit("the reference is not installed: pip install -e '.[bench]' (ancast==0.1.1)")

    # like the pip-installed reference, run from compiled bytecode even where writing it is disabled
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "engine")], check=True)
    with tempfile.TemporaryDirectory() as tmp:
        directory = Path(tmp)
        test, gold = write_corpus(directory, args.pairs, args.min_nodes, args.max_nodes, args.seed)
        command = [sys.executable, "-m", "engine", "score", str(test), str(gold), "--format", "json",
                   "--output", str(directory / "ours.json")]
        cores = os.cpu_count() or 1
        times = timed_turns(
            [
                command + ["--jobs", "1"],
                command + ["--jobs", str(cores)],
                [sys.executable, "-m", "ancast", "-p", str(test), "-g", str(gold), "-s", "snt", "-df", "amr",
                 "-o", str(directory / "ref.csv")],
            ],
            args.repeat,
        )
    reference = min(turn[2] for turn in times)
    print(f"corpus: {args.pairs} pairs of {args.min_nodes}-{args.max_nodes} nodes (seed {args.seed}); best of {args.repeat} "
          "turns, and the median of the per-turn ratios")
    for k, name in enumerate(["1 process:", f"--jobs {cores}:"]):
        best, ratio, median_ratio = summary(times, k, 2)
        print(f"engine, {name:<15}{best:8.3f} s  ({1000 * best / args.pairs:.2f} ms/pair)  "
              f"ancast/engine {ratio:.2f}x (median {median_ratio:.2f}x)")
    print(f"ancast 0.1.1:           {reference:8.3f} s  ({1000 * reference / args.pairs:.2f} ms/pair)")
    print(f"machine: {cores} cores; {cores} processes do {parallel_ceiling(cores, args.repeat):.2f}x the pure-Python "
          f"work of one (the ceiling for --jobs {cores} / 1 process)")


if __name__ == "__main__":
    main()
