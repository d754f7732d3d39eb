"""``smatch --time-limit T`` on large pairs: the whole command's time and peak memory, what it
matched and proved, and whether two runs give the same output.

    python -m bench.bench_time_limit [--nodes 500 1000 2000 5000] [--limits 1 10] [--turns 2]
                                     [--checkout DIR]

One generated pair per size (``bench.generate``, seed 1: a random graph and a perturbed copy).
For every size and limit the command runs ``--turns`` times (:mod:`bench.turns`); printed are
the median wall time (start-up and reading included), the peak memory, the triples matched and
the bound proven (``upper_bound``; equal: optimal), and whether every run printed the same
output. ``--checkout`` times another checkout of this project instead (an earlier commit).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path

from .generate import write_corpus
from .turns import ROOT, machine, run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nodes", type=int, nargs="+", default=[500, 1000, 2000, 5000])
    parser.add_argument("--limits", type=float, nargs="+", default=[1.0, 10.0])
    parser.add_argument("--turns", type=int, default=2)
    parser.add_argument("--checkout", type=Path, default=ROOT, help="the checkout whose engine is timed")
    args = parser.parse_args()
    print(machine())
    print(f"{'nodes':>6} {'limit':>6} {'wall':>8} {'peak':>8} {'matched':>8} {'bound':>8}  optimal  same output")
    with tempfile.TemporaryDirectory() as tmp:
        for nodes in args.nodes:
            test, gold = write_corpus(Path(tmp) / str(nodes), 1, nodes, nodes, 1)
            for limit in args.limits:
                command = [sys.executable, "-m", "engine", "smatch", str(test), str(gold), "--format", "json"]
                command += ["--time-limit", f"{limit:g}", "--jobs", "1"]
                runs = [run(command, cwd=args.checkout.resolve()) for _ in range(args.turns)]
                (pair,) = json.loads(runs[0].stdout)["pairs"]
                same = len({(done.stdout, done.stderr) for done in runs}) == 1
                print(
                    f"{nodes:>6} {limit:>5g}s {statistics.median(r.wall for r in runs):7.2f}s "
                    f"{max(r.peak_mb for r in runs):6.0f}MB {pair['matched']:>8} {pair['upper_bound']:>8g}  "
                    f"{'yes' if pair['optimal'] else 'no':<7}  {'yes' if same else 'NO'}",
                    flush=True,
                )


if __name__ == "__main__":
    main()
