"""Run Counter's own code (``evaluation/counter.py`` of github.com/RikVN/DRS_parsing) on DRS
entries, for the benchmark: its F-score and its time beside ours.

The code is copied into a scratch folder for a run, never into this repository. It is found
through ``GRAPHAGREE_COUNTER`` (a folder holding its ``evaluation`` files) or in the git
mirror where the ``fetch`` tool puts it. It imports psutil and PyYAML, which this project
does not need: ``GRAPHAGREE_COUNTER_PYTHON`` names an interpreter that has them (default:
this one). Its WordNet table is missing from the public snapshot; an empty one stands in,
which changes nothing for clause files that write concepts and senses apart.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from engine.drs import DrsEntry

from .drsscorer import bare_clauses, copy_reference_code

__all__ = ["CounterRun", "install_counter", "run_counter"]

MIRRORS = (Path("/work/.mirror/RikVN+DRS_parsing/repo/.git"), Path("/work/.mirror/RikVN+DRS_parsing/repo"))
FILES = (
    "counter.py",
    "utils_counter.py",
    "hill_climbing.py",
    "clf_referee.py",
    "html_results.py",
    "clf_signature.yaml",
)
_F_SCORE = re.compile(r"^F-score\s*:\s*(?P<f>[\d.]+)", re.MULTILINE)


@dataclass(frozen=True)
class CounterRun:
    """Counter's F-score over the files (None when it did not finish in time) and the wall time."""

    f: float | None
    seconds: float


def install_counter(folder: Path) -> bool:
    """Copy Counter's code into ``folder``; False when it is nowhere to be found."""
    mirror = next((path for path in MIRRORS if (path / "HEAD").is_file()), None)
    return copy_reference_code(folder, FILES, os.environ.get("GRAPHAGREE_COUNTER"), mirror, "evaluation/")


def run_counter(
    folder: Path, test: Sequence[DrsEntry], gold: Sequence[DrsEntry], scratch: Path, timeout: float, restarts: int = 20
) -> CounterRun:
    """Counter (hill-climbing, ``restarts`` starts, ill-formed DRSs scored, variables typed by its
    signature file: without it, a box first seen as an argument is typed a referent and cannot map
    to a box) on a corpus, its files written into ``scratch``; stopped after ``timeout`` seconds."""
    (scratch / "test.clf").write_text(bare_clauses(test))
    (scratch / "gold.clf").write_text(bare_clauses(gold))
    python = os.environ.get("GRAPHAGREE_COUNTER_PYTHON", sys.executable)
    command = [python, "counter.py", "-f1", str(scratch / "test.clf"), "-f2", str(scratch / "gold.clf")]
    command += ["-r", str(restarts), "-ill", "score", "-g", "clf_signature.yaml"]  # its box/referent typing
    start = time.perf_counter()
    try:
        done = subprocess.run(command, cwd=folder, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return CounterRun(None, time.perf_counter() - start)
    seconds = time.perf_counter() - start
    found = _F_SCORE.search(done.stdout)
    if done.returncode != 0 or found is None:
        raise RuntimeError(f"Counter failed:\n{done.stderr[-2000:]}")
    return CounterRun(float(found["f"]), seconds)
