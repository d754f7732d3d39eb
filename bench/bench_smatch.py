"""Time ``python -m engine smatch`` (exact classic Smatch) against ``smatch`` 1.0.4 (hill-climbing)
and ``smatchpp`` 1.8.0 (ILP) on generated corpora, side by side in one run, and print the ratios.

    python -m bench.bench_smatch [--repeat 3] [--no-smatchpp] [--corpus NAME ...]

Corpora (``bench.generate``, seed 1): ``lpp`` - 200 pairs of 10-30 node gold graphs (the size of
The Little Prince's sentences), ``small`` - 5,000 pairs of 3-12 nodes. Every tool is a whole
command line (start-up and reading included); the runs of one repeat are taken one after the
other and the median over repeats is shown, ``engine`` with ``--jobs 1`` (the main figure) and
``--jobs 2`` separately. A ratio above 1 means the reference tool took longer.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .generate import write_corpus

ROOT = Path(__file__).resolve().parent.parent
CORPORA = {"lpp": (200, 10, 30), "small": (5000, 3, 12)}  # pairs, min nodes, max nodes


def timed(command: list[str]) -> tuple[float, str]:
    start = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{done.stderr[-2000:]}")
    return elapsed, done.stdout


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
    scores: dict[str, float] = {}
    for _ in range(repeat):
        for run, (command, read_f) in runs.items():
            elapsed, out = timed(command)
            times[run].append(elapsed)
            scores[run] = read_f(out)  # type: ignore[operator]
    ours = statistics.median(times["engine smatch --jobs 1"])
    print(
        f"\ncorpus {name}: {pairs} pairs of {low}-{high} node gold graphs (bench.generate, seed 1); "
        f"median of {repeat} run(s)"
    )
    for run, values in times.items():
        took = statistics.median(values)
        print(f"  {run:<30} {took:7.2f} s  micro F {scores[run]:.4f}  time / engine --jobs 1: {took / ours:5.2f}x")


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
