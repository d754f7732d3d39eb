"""Time ``python -m engine smatch`` (exact classic Smatch, every pair proven optimal) against
``smatch`` 1.0.4 (hill-climbing) and ``smatchpp`` 1.8.0 (ILP), side by side in one run.

    python -m bench.bench_smatch --lpp V3.0.txt V1.6.txt [--pairs 200 1000 0] [--turns 5]
                                 [--no-smatchpp] [--no-generated] [--phases]

Real data first: The Little Prince AMR bank (1,562 sentences; public revisions v1.6 and v3.0,
``amr-bank-struct-v1.6.txt`` and ``amr-bank-struct-v3.0.txt``), v3.0 scored against v1.6 over
its first ``--pairs`` sentences (0: all), and the bundled MetAMoRphosED system output against
its gold file. Then two generated corpora (``bench.generate``, seed 1): 200 pairs of 10-30
nodes and 5,000 of 3-12. Every tool is a whole command (start-up, reading, scoring, writing);
the commands take turns (:mod:`bench.turns`), and a ratio is a command's time over
``engine smatch``'s (the default: one worker process per core when the corpus is worth it),
the median over the turns. The notes give each tool's micro F and, for the engine, how many
pairs it proved optimal. ``--phases`` then profiles the engine on the Little Prince corpus in
this process: where the time goes.
"""

from __future__ import annotations

import argparse
import cProfile
import importlib.util
import json
import pstats
import subprocess
import sys
import tempfile
from pathlib import Path

from .generate import write_corpus
from .turns import ROOT, Run, machine, print_table, side_by_side

DEMO = ROOT / "resources" / "demo"
GENERATED = {
    "generated, 200 pairs of 10-30 nodes": (200, 10, 30),
    "generated, 5,000 pairs of 3-12 nodes": (5000, 3, 12),
}
ENGINE = "engine smatch"


def first_graphs(path: Path, count: int, out: Path) -> Path:
    """The first ``count`` graphs of an AMR file (0: all), written to ``out`` (the file's
    comment-only header left out)."""
    blocks = [block for block in path.read_text(encoding="utf-8").split("\n\n") if "(" in block and "::id" in block]
    out.write_text("\n\n".join(blocks[:count] if count else blocks) + "\n", encoding="utf-8")
    return out


def commands(test: Path, gold: Path, smatchpp: bool) -> dict[str, list[str]]:
    engine = [sys.executable, "-m", "engine", "smatch", str(test), str(gold), "--format", "json"]
    runs = {
        ENGINE: engine,
        f"{ENGINE} --jobs 1": engine + ["--jobs", "1"],
        "smatch 1.0.4": [sys.executable, "-m", "smatch", "-f", str(test), str(gold), "--significant", "6"],
    }
    if smatchpp:
        runs["smatchpp 1.8.0 (ILP)"] = [
            sys.executable, "-m", "smatchpp", "-a", str(test), "-b", str(gold), "-solver", "ilp",
            "-score_type", "micro", "-output_format", "json", "-log_level", "40",
        ]  # fmt: skip
    return runs


def note(name: str, done: Run) -> str:
    """A run's micro F (and, for the engine, the pairs proven optimal)."""
    if name.startswith(ENGINE):
        data = json.loads(done.stdout)
        proven = sum(1 for pair in data["pairs"] if pair.get("optimal"))
        return f"F {data['micro']['f']:.4f}, {proven}/{len(data['pairs'])} proven optimal"
    if name.startswith("smatchpp"):
        return f"F {json.loads(done.stdout)['main']['F1']['result'] / 100:.4f}"
    return f"F {float(done.stdout.strip().split()[-1]):.4f}"


def bench(title: str, test: Path, gold: Path, turns: int, smatchpp: bool) -> None:
    runs = side_by_side(commands(test, gold, smatchpp), turns)
    print(f"\n{title}; median of {turns} turns")
    print_table(runs, ENGINE, {name: note(name, done[-1]) for name, done in runs.items()})


def phases(test: Path, gold: Path) -> None:
    """Where the engine's time goes on one corpus, in this process (cProfile's cumulative times
    of the steps; the profiler slows pure-Python code, so the shares matter, not the seconds)."""
    from engine.params import SMATCH_SEARCH
    from engine.read import load_pairs
    from engine.smatch.scorer import smatch_corpus

    profile = cProfile.Profile()
    profile.enable()
    results = smatch_corpus(load_pairs(test, gold, lazy=True).pairs, SMATCH_SEARCH)
    profile.disable()
    stats = pstats.Stats(profile).stats  # type: ignore[attr-defined]
    steps = {
        "reading (files, then each graph's tree)": ("load_pairs", "parse_entry"),
        "Smatch triples": ("smatch_triples",),
        "compiling the problem and its pair bounds": ("problem", "pair_bounds"),
        "quick bounds": ("quick_bound", "loose_bound"),
        "smart start and hill-climbing": ("smart_start", "climb"),
        "dual bound": ("dual_bound",),
        "branch and bound": ("branch_and_bound",),
        "integer program (SciPy/HiGHS, import included)": ("solve_ilp",),
    }
    total = sum(cumulative for (_, _, name), (_, _, _, cumulative, _) in stats.items() if name == "smatch_corpus")
    total += sum(cumulative for (_, _, name), (_, _, _, cumulative, _) in stats.items() if name == "load_pairs")
    print(f"\nwhere the time goes, {len(results)} pairs, one process, under cProfile ({total:.2f} s in all):")
    for step, names in steps.items():
        seconds = sum(
            cumulative
            for (file, _, name), (_, _, _, cumulative, _) in stats.items()
            if name in names and "engine" in file
        )
        print(f"  {step:<48} {seconds:6.2f} s  {100 * seconds / total:5.1f} %")
    methods: dict[str, int] = {}
    proofs: dict[str, int] = {}
    for match in (result.match for result in results if result.match is not None):
        methods[match.method] = methods.get(match.method, 0) + 1
        if match.optimal:
            proofs[match.proof] = proofs.get(match.proof, 0) + 1
    print(f"  mappings found by: {methods}; proven optimal by: {proofs} ({sum(proofs.values())} of {len(results)})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lpp", nargs=2, type=Path, metavar=("TEST", "GOLD"), help="the two Little Prince revisions")
    parser.add_argument("--pairs", type=int, nargs="+", default=[200, 1000, 0], help="first N sentences (0: all)")
    parser.add_argument("--turns", type=int, default=5)
    parser.add_argument("--no-smatchpp", action="store_true", help="leave smatchpp out (slow on large corpora)")
    parser.add_argument("--no-generated", action="store_true", help="leave the generated corpora out")
    parser.add_argument("--phases", action="store_true", help="then profile the engine on the Little Prince pairs")
    args = parser.parse_args()
    for module in ("smatch",) + (() if args.no_smatchpp else ("smatchpp",)):
        if importlib.util.find_spec(module) is None:
            raise SystemExit(f"{module} is not installed: pip install -e '.[bench]'")
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "engine")], check=True)
    print(machine())
    smatchpp = not args.no_smatchpp
    with tempfile.TemporaryDirectory() as tmp:
        directory = Path(tmp)
        if args.lpp:
            test_path, gold_path = args.lpp
            for count in args.pairs:
                test = first_graphs(test_path, count, directory / f"lpp{count}-test.txt")
                gold = first_graphs(gold_path, count, directory / f"lpp{count}-gold.txt")
                size = test.read_text(encoding="utf-8").count("# ::id")
                bench(f"The Little Prince, {test_path.name} against {gold_path.name}: {size} pairs", test, gold,
                      args.turns, smatchpp)  # fmt: skip
        meta = DEMO / "metamorphosed"
        bench("MetAMoRphosED system output against its gold file (bundled): 5 pairs", meta / "comptest_sys.txt",
              meta / "comptest_gold.txt", args.turns, smatchpp)  # fmt: skip
        if not args.no_generated:
            for title, (pairs, low, high) in GENERATED.items():
                test, gold = write_corpus(directory / f"gen{pairs}", pairs, low, high, 1)
                bench(f"{title} (bench.generate, seed 1)", test, gold, args.turns, smatchpp and pairs <= 200)
        if args.phases and args.lpp:
            count = max(args.pairs) if 0 not in args.pairs else 0
            phases(directory / f"lpp{count}-test.txt", directory / f"lpp{count}-gold.txt")


if __name__ == "__main__":
    main()
