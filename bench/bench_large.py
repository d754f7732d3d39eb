"""Wall time and peak memory of ``python -m engine score`` on one large pair at a time.

    python -m bench.bench_large [--chain 1200] [--random 2000 5000] [--profile paper ancast-0.1.1]
                                [--repeat 3] [--compare-with OTHER_CHECKOUT] [--timeout 600]

``--chain N`` scores a chain of N nodes of one concept against itself (no anchor can be
found, every cell ties: the alignment's worst case); ``--random N`` a generated pair of N-node
graphs (:mod:`bench.generate`, seed 1). Each command runs ``--repeat`` times; printed are the
median wall time and the largest peak resident memory (the operating system's account of the
finished process). ``--compare-with`` runs another checkout of this project on the same pairs,
in turn with this one, and says whether both printed the same bytes; a run past ``--timeout``
seconds is stopped and reported as such.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .generate import write_corpus

ROOT = Path(__file__).resolve().parent.parent


def write_chain(directory: Path, size: int, concept: str = "thing") -> tuple[Path, Path]:
    """A pair of identical chains (c0 / thing :ARG1 (c1 / thing :ARG1 ...)) of ``size`` nodes."""
    directory.mkdir(parents=True, exist_ok=True)
    body = "".join(f"(c{k} / {concept} :ARG1 " for k in range(size - 1)) + f"(c{size - 1} / {concept}" + ")" * size
    text = f"# ::id chain-{size}\n# ::snt A chain of {size} nodes.\n{body}\n"
    path = directory / "chain.amr"
    path.write_text(text, encoding="utf-8")
    return path, path


def run(command: list[str], cwd: Path, output: Path, timeout: float) -> tuple[float, float] | None:
    """(wall seconds, peak resident MB) of one run, or None when it passed ``timeout``."""
    start = time.perf_counter()
    with open(output, "wb") as sink:
        process = subprocess.Popen(command, cwd=cwd, stdout=sink, stderr=subprocess.DEVNULL)
        deadline = start + timeout
        while True:
            pid, status, usage = os.wait4(process.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() > deadline:
                process.kill()
                os.wait4(process.pid, 0)
                return None
            time.sleep(0.01)
    elapsed = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(command)} failed")
    return elapsed, usage.ru_maxrss / 1024  # Linux reports kB


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chain", type=int, nargs="*", default=[1200], help="chains of one concept, these sizes")
    parser.add_argument("--random", type=int, nargs="*", default=[2000, 5000], help="generated pairs, these sizes")
    parser.add_argument("--profile", nargs="+", default=["paper"], choices=("paper", "ancast-0.1.1"))
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds after which a run is stopped")
    parser.add_argument("--compare-with", type=Path, metavar="CHECKOUT", help="another checkout of this project")
    args = parser.parse_args()
    checkouts = [("engine", ROOT)] + (
        [(args.compare_with.name, args.compare_with.resolve())] if args.compare_with else []
    )
    for _, checkout in checkouts:
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(checkout / "engine")], check=True)
    with tempfile.TemporaryDirectory() as tmp:
        directory = Path(tmp)
        cases = [(f"chain of {n} nodes of one concept", write_chain(directory / f"chain{n}", n)) for n in args.chain]
        cases += [
            (f"generated pair of {n} nodes", write_corpus(directory / f"random{n}", 1, n, n, seed=1))
            for n in args.random
        ]
        print(f"median wall time and peak memory of {args.repeat} runs, one pair each")
        for described, (test, gold) in cases:
            for profile in args.profile:
                results: dict[str, list] = {name: [] for name, _ in checkouts}
                for _ in range(args.repeat):
                    for name, checkout in checkouts:
                        command = [
                            sys.executable,
                            "-m",
                            "engine",
                            "score",
                            str(test),
                            str(gold),
                            "--format",
                            "json",
                            "--jobs",
                            "1",
                            "--profile",
                            profile,
                        ]
                        results[name].append(run(command, checkout, directory / f"{name}.json", args.timeout))
                same = len({(directory / f"{name}.json").read_bytes() for name, _ in checkouts}) == 1
                for name, _ in checkouts:
                    finished = [result for result in results[name] if result is not None]
                    if not finished:
                        print(f"{described}, {profile}, {name}: stopped after {args.timeout:g} s")
                        continue
                    wall = statistics.median(elapsed for elapsed, _ in finished)
                    memory = max(peak for _, peak in finished)
                    print(f"{described}, {profile}, {name}: {wall:.2f} s, {memory:.0f} MB")
                if len(checkouts) > 1 and all(results[name][-1] is not None for name, _ in checkouts):
                    print(f"  output of the checkouts: {'the same' if same else 'DIFFERENT'}")


if __name__ == "__main__":
    main()
