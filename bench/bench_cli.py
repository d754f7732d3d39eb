"""Time ``python -m engine score`` against the reference ``ancast`` 0.1.1 CLI on
the same corpus in one run, and print the ratio.

    python -m bench.bench_cli [--pairs 200] [--min-nodes 15] [--max-nodes 40] [--repeat 5]
                              [--profile paper|ancast-0.1.1] [--corpus generated|bundled]
                              [--files TEST GOLD [--join LOW HIGH]] [--compare-with OTHER_CHECKOUT]

Both tools are timed as whole commands (start-up, reading, scoring, writing
the result) in ``--repeat`` turns, the commands taking turns within each; printed
are each command's median time and the median of the ratios within a turn (steady
when the machine's speed drifts). The reference is called as its README says for
AMR: ``python -m ancast -p TEST -g GOLD -s snt -df amr -o OUT``.

``--corpus generated`` (the default) scores seeded pairs from
:mod:`bench.generate`; ``--corpus bundled`` takes the sentence-size AMR pairs
bundled in ``resources/demo`` (MetAMoRphosED's system/gold and annotator files,
smatch's sample pair) in turn until ``--pairs`` are written, each with an id of
its own. ``--files TEST GOLD`` takes real annotation files (kept outside the
repository, e.g. the Little Prince AMR bank's releases 1.6 and 3.0 as test and
gold): their first ``--pairs`` pairs whose gold graph has ``--min-nodes`` to
``--max-nodes`` nodes, or with ``--join LOW HIGH`` consecutive pairs joined into
multi-sentence graphs of LOW-HIGH gold nodes (:mod:`bench.real_corpus`).
``--data-format umr`` scores two UMR files whole (the reference with ``-df umr``).
``--compare-with`` also times the engine of another checkout of this project
(e.g. a ``git worktree`` of an earlier commit) in the same turns. ``--startup`` also
times every command on the corpus's first pair alone, in the same turns, and prints
what the rest of the corpus adds: the per-pair cost with start-up left out.
``--reference-threads N`` runs the reference with N BLAS threads (as installed it
uses every core for its matrix products, which slows it down badly when other work
shares the machine).
"""

from __future__ import annotations

import argparse
import importlib.util
import itertools
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from engine.read import load_pairs, read_entries

from .generate import write_corpus
from .real_corpus import cut

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "resources" / "demo"
BUNDLED_PAIRS = (
    ("metamorphosed/comptest_sys.txt", "metamorphosed/comptest_gold.txt"),
    ("metamorphosed/comptest_annot1.txt", "metamorphosed/comptest_annot3.txt"),
    ("smatch/test_input1.txt", "smatch/test_input2.txt"),
)
# ancast 0.1.1's reader rejects a node written with a space after its bracket ("( n / neg)" in
# comptest_annot1) and skips the pair; such pairs are left out so that both tools score the same pairs
UNREADABLE_FOR_REFERENCE = re.compile(r"\(\s")


def run_once(command: list[str], cwd: Path = ROOT) -> float:
    start = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({done.returncode}):\n{done.stderr[-2000:]}")
    return elapsed


def timed_turns(commands: list[tuple[list[str], Path]], repeat: int) -> list[list[float]]:
    """Wall times of ``repeat`` turns, each running every (command, directory) once,
    so that a slow spell of the machine falls on all of them alike: ``times[turn][k]``."""
    return [[run_once(command, cwd) for command, cwd in commands] for _ in range(repeat)]


def summary(times: list[list[float]], ours: int, reference: int) -> tuple[float, float, float, float]:
    """(median time of command ``ours``, median over the turns of reference/ours within a
    turn, and the smallest and largest of those ratios)."""
    ratios = [turn[reference] / turn[ours] for turn in times]
    return statistics.median(turn[ours] for turn in times), statistics.median(ratios), min(ratios), max(ratios)


SPIN = (
    "import time\nstart = time.perf_counter()\ntotal = 0\nfor i in range(4_000_000):\n    total += i\n"
    "print(time.perf_counter() - start)"
)


def parallel_ceiling(processes: int, repeat: int) -> float:
    """How much more pure-Python work ``processes`` processes get through than one
    (``processes`` x one process's time / the slowest of them running together):
    the most ``--jobs`` can gain on this machine, whatever the code."""

    def spin_times(count: int) -> list[float]:
        running = [
            subprocess.Popen([sys.executable, "-c", SPIN], stdout=subprocess.PIPE, text=True) for _ in range(count)
        ]
        return [float(process.communicate()[0]) for process in running]

    alone = min(spin_times(1)[0] for _ in range(repeat))
    together = min(max(spin_times(processes)) for _ in range(repeat))
    return processes * alone / together


def _blocks(path: Path) -> list[str]:
    return [block.strip() for block in re.split(r"\n\s*\n", path.read_text(encoding="utf-8")) if block.strip()]


def bundled_pairs() -> list[tuple[str, str]]:
    """The bundled sentence-size AMR pairs (test block, gold block) both tools can read."""
    pairs = []
    for test_name, gold_name in BUNDLED_PAIRS:
        for test, gold in zip(_blocks(DEMO / test_name), _blocks(DEMO / gold_name), strict=True):
            if not any(UNREADABLE_FOR_REFERENCE.search(block) for block in (test, gold)):
                pairs.append((test, gold))
    return pairs


def write_bundled_corpus(directory: Path, pairs: int) -> tuple[Path, Path]:
    """``pairs`` pairs taken from :func:`bundled_pairs` in turn, renamed ``bundled-K``."""
    directory.mkdir(parents=True, exist_ok=True)
    tests, golds = [], []
    for number, (test, gold) in zip(range(pairs), itertools.cycle(bundled_pairs())):
        tests.append(re.sub(r"# ::id [^\n]*", f"# ::id bundled-{number}", test))
        golds.append(re.sub(r"# ::id [^\n]*", f"# ::id bundled-{number}", gold))
    test_path, gold_path = directory / "test.amr", directory / "gold.amr"
    test_path.write_text("\n\n".join(tests) + "\n", encoding="utf-8")
    gold_path.write_text("\n\n".join(golds) + "\n", encoding="utf-8")
    return test_path, gold_path


def main() -> None:
    parser = argparse.ArgumentParser(description="engine CLI vs ancast 0.1.1 on one corpus")
    parser.add_argument("--pairs", type=int, default=200)
    parser.add_argument("--min-nodes", type=int, default=15, help="smallest gold graph (generated or --files)")
    parser.add_argument("--max-nodes", type=int, default=40, help="largest gold graph (generated or --files)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument(
        "--profile",
        choices=("paper", "ancast-0.1.1"),
        default="paper",
        help="the engine's scoring profile (default: paper)",
    )
    parser.add_argument(
        "--corpus",
        choices=("generated", "bundled"),
        default="generated",
        help="generated pairs (bench/generate.py) or the bundled sentence-size AMR pairs",
    )
    parser.add_argument(
        "--files",
        type=Path,
        nargs=2,
        metavar=("TEST", "GOLD"),
        help="real annotation files to cut the corpus from (instead of --corpus)",
    )
    parser.add_argument(
        "--join",
        type=int,
        nargs=2,
        metavar=("LOW", "HIGH"),
        help="with --files: consecutive pairs joined into multi-sentence graphs of LOW-HIGH gold nodes",
    )
    parser.add_argument(
        "--compare-with",
        type=Path,
        metavar="CHECKOUT",
        help="also time this other checkout's engine, and compare its output with ours",
    )
    parser.add_argument(
        "--jobs",
        type=int,
        nargs="+",
        default=None,
        help="the engine's --jobs values to time (default: 1 and all cores)",
    )
    parser.add_argument(
        "--startup",
        action="store_true",
        help="also time every command on the corpus's first pair alone, and print the time beyond "
        "that (the cost of the other pairs, start-up left out)",
    )
    parser.add_argument(
        "--data-format",
        choices=("amr", "umr"),
        default="amr",
        help="umr: --files are UMR documents, scored whole (the reference with -df umr)",
    )
    parser.add_argument(
        "--reference-threads",
        type=int,
        metavar="N",
        help="run the reference with N BLAS threads (default: as installed, which uses every core "
        "for its matrix products)",
    )
    args = parser.parse_args()
    if importlib.util.find_spec("ancast") is None:
        raise SystemExit("the reference is not installed: pip install -e '.[bench]' (ancast==0.1.1)")
    checkouts = [("engine", ROOT)]
    if args.compare_with is not None:
        checkouts.append((f"{args.compare_with.name}", args.compare_with.resolve()))

    # like the pip-installed reference, run from compiled bytecode even where writing it is disabled
    for _, checkout in checkouts:
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(checkout / "engine")], check=True)
    cores = os.cpu_count() or 1
    with tempfile.TemporaryDirectory() as tmp:
        directory = Path(tmp)
        if args.files and args.data_format == "umr":
            test, gold = args.files
            described = f"UMR documents {test.name} / {gold.name}, whole"
        elif args.files:
            nodes = None if args.join else (args.min_nodes, args.max_nodes)
            test, gold, count = cut(args.files[0], args.files[1], directory / "corpus", nodes, args.pairs, args.join)
            shape = (
                f"joined into {args.join[0]}-{args.join[1]} node graphs"
                if args.join
                else (f"of {args.min_nodes}-{args.max_nodes} gold nodes")
            )
            described = f"{count} pairs of {args.files[0].name} / {args.files[1].name}, {shape}"
        elif args.corpus == "bundled":
            test, gold = write_bundled_corpus(directory, args.pairs)
            described = f"{args.pairs} bundled sentence pairs ({len(bundled_pairs())} distinct, taken in turn)"
        else:
            test, gold = write_corpus(directory, args.pairs, args.min_nodes, args.max_nodes, args.seed)
            described = f"{args.pairs} generated pairs of {args.min_nodes}-{args.max_nodes} nodes (seed {args.seed})"
        count = len(load_pairs(test, gold, lazy=True).pairs)

        def commands_for(test: Path, gold: Path, tag: str) -> tuple[list[tuple[list[str], Path]], list[str]]:
            commands: list[tuple[list[str], Path]] = []
            names: list[str] = []
            for name, checkout in checkouts:
                for jobs in args.jobs or sorted({1, cores}):
                    commands.append(
                        (
                            [
                                sys.executable,
                                "-m",
                                "engine",
                                "score",
                                str(test),
                                str(gold),
                                "--format",
                                "json",
                                "--profile",
                                args.profile,
                                "--jobs",
                                str(jobs),
                                "--output",
                                str(directory / f"out{tag}{len(commands)}.json"),
                            ],
                            checkout,
                        )
                    )
                    names.append(f"{name}, {'1 process' if jobs == 1 else f'--jobs {jobs}'}:")
            threads = (
                []
                if args.reference_threads is None
                else [
                    "env",
                    *(
                        f"{name}={args.reference_threads}"
                        for name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")
                    ),
                ]
            )
            commands.append(
                (
                    [
                        *threads,
                        sys.executable,
                        "-m",
                        "ancast",
                        "-p",
                        str(test),
                        "-g",
                        str(gold),
                        "-s",
                        "snt",
                        "-df",
                        args.data_format,
                        "-o",
                        str(directory / f"ref{tag}.csv"),
                    ],
                    ROOT,
                )
            )
            return commands, names

        commands, names = commands_for(test, gold, "")
        if args.startup and args.data_format == "umr":
            raise SystemExit("--startup needs AMR files (the first pair of a UMR document is no document)")
        if args.startup:  # the same commands on the corpus's first pair alone, in the same turns
            first = directory / "first"
            first.mkdir()
            for path in (test, gold):
                (first / path.name).write_text(read_entries(path)[0].text + "\n", encoding="utf-8")
            commands += commands_for(first / test.name, first / gold.name, "first")[0]
        times = timed_turns(commands, args.repeat)
        outputs = {(directory / f"out{k}.json").read_bytes() for k in range(len(names))}
        if args.startup:
            half = len(commands) // 2
            beyond = [[turn[k] - turn[half + k] for k in range(half)] for turn in times]
            times = [turn[:half] for turn in times]
    reference = len(names)  # the reference follows the engine commands
    print(
        f"corpus: {described}; profile {args.profile}; medians of {args.repeat} turns, and the median (range) of "
        "the per-turn ratios"
    )
    for k, name in enumerate(names):
        median, ratio, low, high = summary(times, k, reference)
        print(
            f"{name:24}{median:8.3f} s  ({1000 * median / count:.2f} ms/pair)  "
            f"ancast/engine {ratio:.2f}x ({low:.2f}-{high:.2f})"
        )
    median_reference = statistics.median(turn[reference] for turn in times)
    threads = "" if args.reference_threads is None else f", {args.reference_threads} BLAS thread(s)"
    print(
        f"{'ancast 0.1.1' + threads + ':':<24}{median_reference:8.3f} s  "
        f"({1000 * median_reference / count:.2f} ms/pair)"
    )
    if args.startup:
        print("beyond start-up (each command's time less its time on the corpus's first pair alone, same turn):")
        for k, name in enumerate(names):
            median, ratio, low, high = summary(beyond, k, reference)
            print(
                f"{name:24}{median:8.3f} s  ({1000 * median / max(count - 1, 1):.2f} ms/pair)  "
                f"ancast/engine {ratio:.2f}x ({low:.2f}-{high:.2f})"
            )
        median_beyond = statistics.median(turn[reference] for turn in beyond)
        print(f"{'ancast 0.1.1:':<24}{median_beyond:8.3f} s  ({1000 * median_beyond / max(count - 1, 1):.2f} ms/pair)")
    print(
        f"JSON output of the {len(names)} engine commands: "
        + ("byte for byte the same" if len(outputs) == 1 else f"{len(outputs)} DIFFERENT versions")
    )
    if cores > 1 and any(jobs > 1 for jobs in args.jobs or [cores]):
        print(
            f"machine: {cores} cores; {cores} processes do {parallel_ceiling(cores, args.repeat):.2f}x the "
            f"pure-Python work of one (the ceiling for --jobs {cores} / 1 process)"
        )


if __name__ == "__main__":
    main()
