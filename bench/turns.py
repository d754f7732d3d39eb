"""Whole commands timed side by side: every command once per turn, in turn, so that a slow spell
of a shared machine falls on all of them alike; medians over the turns, and per turn the ratio
of each command's time to a base command's, whose median is the figure to quote.

Each run is a child process; its wall time is measured here, its CPU time (user + system) and
peak memory (largest resident set) come from the operating system's accounting of the finished
child (``os.wait4``), worker processes it waited for included in the CPU time.
"""

from __future__ import annotations

import os
import platform
import statistics
import subprocess
import tempfile
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path

__all__ = ["ROOT", "Run", "machine", "print_table", "run", "side_by_side"]

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Run:
    """One finished run: wall and CPU seconds, peak resident memory (MB), exit status, output."""

    wall: float
    cpu: float
    peak_mb: float
    code: int
    stdout: str
    stderr: str


def run(command: Sequence[str], cwd: Path = ROOT, check: bool = True) -> Run:
    """Run ``command`` to its end (output kept); a failing one stops the benchmark when ``check``."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        child = subprocess.Popen(list(command), cwd=cwd, stdout=out, stderr=err)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        done = Run(
            wall,
            usage.ru_utime + usage.ru_stime,
            usage.ru_maxrss / 1024,
            child.returncode,
            out.read().decode("utf-8", "replace"),
            err.read().decode("utf-8", "replace"),
        )
    if check and done.code not in (0, 2):  # 2: an input problem reported, the rest scored
        raise SystemExit(f"{' '.join(command)} failed ({done.code}):\n{done.stderr[-2000:]}")
    return done


def side_by_side(commands: Mapping[str, Sequence[str]], turns: int, cwd: Path = ROOT) -> dict[str, list[Run]]:
    """Every command once per turn, in the order given, ``turns`` times (after one untimed
    warm-up turn that loads the files and the interpreters into the page cache)."""
    for command in commands.values():
        run(command, cwd)
    runs: dict[str, list[Run]] = {name: [] for name in commands}
    for _ in range(turns):
        for name, command in commands.items():
            runs[name].append(run(command, cwd))
    return runs


def machine() -> str:
    """The machine, the interpreter and the day, for the head of a table."""
    model = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = f", load average {os.getloadavg()[0]:.1f}" if hasattr(os, "getloadavg") else ""
    return (
        f"machine: {os.cpu_count()} cores{f' ({model})' if model else ''}, {platform.system()}, "
        f"Python {platform.python_version()}, {date.today()}{load}"
    )


def print_table(runs: Mapping[str, list[Run]], base: str, notes: Mapping[str, str] | None = None) -> None:
    """Per command: median wall and CPU seconds, peak memory, and the median over the turns of
    its wall and CPU time over ``base``'s (above 1: slower than ``base``); ``notes`` per command
    (a score, how many pairs were proven optimal) at the end of its row."""
    width = max(len(name) for name in runs)
    print(f"  {'':<{width}}  {'wall':>7}  {'ratio':>6}  {'CPU':>7}  {'ratio':>6}  {'peak':>7}")
    for name, done in runs.items():
        wall = statistics.median(r.wall for r in done)
        cpu = statistics.median(r.cpu for r in done)
        peak = max(r.peak_mb for r in done)
        wall_ratio = statistics.median(r.wall / b.wall for r, b in zip(done, runs[base]))
        cpu_ratio = statistics.median(r.cpu / b.cpu for r, b in zip(done, runs[base]) if b.cpu > 0)
        note = f"  {notes[name]}" if notes and name in notes else ""
        print(
            f"  {name:<{width}}  {wall:6.2f}s  {wall_ratio:5.2f}x  {cpu:6.2f}s  {cpu_ratio:5.2f}x  {peak:5.0f}MB{note}"
        )
