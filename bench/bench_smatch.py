"""Time ``python -m engine smatch`` (exact classic Smatch) against ``smatch`` 1.0.4 (hill-climbing)
and ``smatchpp`` 1.8.0 (ILP) on generated corpora, side by side in one run, and print the ratios.

    python -m bench.bench_smatch [--repeat 3] [--no-smatchpp] [--corpus NAME ...]

Corpora (``bench.generate``, seed 1): ``lpp`` - 200 pairs of 10-30 node gold graphs (the size of
The Little Prince's sentences), ``small`` - 5,000 pairs of 3-12 nodes. Every tool is a whole
command line (start-up and reading included); the runs of one repeat are taken one after the
other and the median over repeats is shown, ``engine`` with ``--jobs 1`` (the main figure) and
``--jobs 2`` separately. Wall and CPU time (user + system, worker processes included) are
shown; on a shared machine the CPU time is the steadier figure. A ratio is the time over
``engine --jobs 1``'s: above 1, the other command took longer.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .generate import write_corpus

ROOT = Path(__file__).resolve().parent.parent
CORPORA = {"lpp": (200, 10, 30), "small": (5000, 3, 12)}  # pairs, min nodes, max nodes


def timed(command: list[str]) -> tuple[float, float, str]:
    """Wall seconds, CPU seconds (user + system, worker processes included) and stdout of a command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{done.stderr[-2000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return elapsed, cpu, done.stdout


def commands(test: str, gold: str, smatchpp: bool) -> dict[str, tuple[list[str], object]]:
    """name -> (command line, how to read its micro F from the output)."""
    engine = [sys.executable, "-m", "engine", "smatch", test, gold, "--format", "json"]
    runs: dict[str, tuple[list[str], object]] = {
        "engine smatch --jobs 1": (engine + ["--jobs", "1"], lambda out: json.loads(out)["micro"]["f"]),
        "engine smatch --jobs 2": (engine + ["--jobs", "2"], lambda out: json.loads(out)["micro"]["f"]),
        "smatch 1.0.4 (hill-climbing)": (
            [sys.executable, "-m", "smatch", "-f", test, gold, "--significant", "6"],
            lambda out: float(out.strip().split()[-1]),
        ),
    }
    if smatchpp:
        runs["smatchpp 1.8.0 (ILP)"] = (
            [
                sys.executable,
                "-m",
                "smatchpp",
                "-a",
                test,
                "-b",
                gold,
                "-solver",
                "ilp",
                "-score_type",
                "micro",
                "-output_format",
                "json",
                "-log_level",
                "40",
            ],
            lambda out: json.loads(out)["main"]["F1"]["result"] / 100,
        )
    return runs


def bench(name: str, repeat: int, smatchpp: bool, directory: Path) -> None:
    pairs, low, high = CORPORA[name]
    test, gold = map(str, write_corpus(directory / name, pairs, low, high, 1))
    runs = commands(test, gold, smatchpp)
    times: dict[str, list[float]] = {run: [] for run in runs}
    cpu: dict[str, list[float]] = {run: [] for run in runs}
    scores: dict[str, float] = {}
    for _ in range(repeat):
        for run, (command, read_f) in runs.items():
            elapsed, used, out = timed(command)
            times[run].append(elapsed)
            cpu[run].append(used)
            scores[run] = read_f(out)  # type: ignore[operator]
    main_run = "engine smatch --jobs 1"
    ours, ours_cpu = statistics.median(times[main_run]), statistics.median(cpu[main_run])
    print(
        f"\ncorpus {name}: {pairs} pairs of {low}-{high} node gold graphs (bench.generate, seed 1); "
        f"median of {repeat} run(s)"
    )
    print(f"  {'':<30} {'wall':>8} {'ratio':>6} {'CPU':>8} {'ratio':>6}  micro F")
    for run in runs:
        took, used = statistics.median(times[run]), statistics.median(cpu[run])
        print(f"  {run:<30} {took:7.2f}s {took / ours:5.2f}x {used:7.2f}s {used / ours_cpu:5.2f}x  {scores[run]:.4f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--corpus", nargs="+", choices=sorted(CORPORA), default=sorted(CORPORA))
    parser.add_argument("--no-smatchpp", action="store_true", help="leave smatchpp out (slow on 5,000 pairs)")
    args = parser.parse_args()
    for module in ("smatch",) + (() if args.no_smatchpp else ("smatchpp",)):
        if importlib.util.find_spec(module) is None:
            raise SystemExit(f"{module} is not installed: pip install -e '.[bench]'")
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "engine")], check=True)
    with tempfile.TemporaryDirectory() as tmp:
        for name in args.corpus:
            bench(name, args.repeat, not args.no_smatchpp, Path(tmp))


if __name__ == "__main__":
    main()
