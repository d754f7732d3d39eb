"""Peak memory of ``python -m engine score`` on growing corpora (it should stay flat).

python -m bench.bench_memory [--sizes 500 5000]
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

from .generate import write_corpus


def peak_rss_mb(command: list[str]) -> float:
    """Peak resident memory of one child process, in MB (Linux reports KB)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    subprocess.run(command, check=True, capture_output=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return max(before, after) / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[500, 5000])
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for size in sorted(args.sizes):  # ascending, since ru_maxrss is the peak over all children
            folder = Path(tmp) / str(size)
            test, gold = write_corpus(folder, size, 15, 40, seed=2)
            command = [
                sys.executable,
                "-m",
                "engine",
                "score",
                str(test),
                str(gold),
                "--format",
                "json",
                "--output",
                str(folder / "out.json"),
                "--jobs",
                "1",
            ]
            print(f"{size:6d} pairs of 15-40 nodes: peak RSS {peak_rss_mb(command):7.1f} MB")


if __name__ == "__main__":
    main()
