"""Time ``python -m engine smatch`` (optimal ILP) against ``smatchpp`` 1.8.0 (ILP) and ``smatch``
1.0.4 (hill-climbing) on the same generated corpus in one run, and print the ratios.

    python -m bench.bench_smatch [--pairs 200] [--min-nodes 15] [--max-nodes 40]

All three are whole command lines, run once each (the references take tens of seconds).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .generate import write_corpus

ROOT = Path(__file__).resolve().parent.parent


def timed(command: list[str]) -> tuple[float, str]:
    start = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{done.stderr[-2000:]}")
    return elapsed, done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=200)
    parser.add_argument("--min-nodes", type=int, default=15)
    parser.add_argument("--max-nodes", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for module in ("smatch", "smatchpp"):
        if importlib.util.find_spec(module) is None:
            raise SystemExit(f"{module} is not installed: pip install -e '.[bench]'")
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "engine")], check=True)
    with tempfile.TemporaryDirectory() as tmp:
        test, gold = map(str, write_corpus(Path(tmp), args.pairs, args.min_nodes, args.max_nodes, args.seed))
        ours, out = timed([sys.executable, "-m", "engine", "smatch", test, gold, "--format", "json"])
        ours_f = json.loads(out)["micro"]["f"]
        plus, out = timed([sys.executable, "-m", "smatchpp", "-a", test, "-b", gold, "-solver", "ilp",
                           "-score_type", "micro", "-output_format", "json", "-log_level", "40"])
        plus_f = json.loads(out)["main"]["F1"]["result"] / 100
        classic, out = timed([sys.executable, "-m", "smatch", "-f", test, gold, "--significant", "4"])
        classic_f = float(out.strip().split()[-1])
    print(f"corpus: {args.pairs} pairs of {args.min_nodes}-{args.max_nodes} nodes (seed {args.seed})")
    print(f"engine smatch (ILP):  {ours:7.2f} s  micro F {ours_f:.4f}")
    print(f"smatchpp 1.8.0 (ILP): {plus:7.2f} s  micro F {plus_f:.4f}  ratio {plus / ours:.2f}x")
    print(f"smatch 1.0.4 (hill):  {classic:7.2f} s  micro F {classic_f:.4f}  ratio {classic / ours:.2f}x")


if __name__ == "__main__":
    main()
