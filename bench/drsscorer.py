"""Run the public DRSScorer code (github.com/LeonCrashCode/DRSScorer) on DRS entries, for
the comparison test and the benchmark.

The code has no licence: it is copied into a scratch folder for a run, never into this
repository. It is found through ``GRAPHAGREE_DRSSCORER`` (a folder holding its
``eval.py``, ``graph.py`` and ``extract_ngram.py``) or in a git mirror where the ``fetch``
tool puts it. Its WordNet table (``wordnet_dict_en.py``) is missing from the public
snapshot; an empty one stands in, which changes nothing for clause files that write
concepts and senses apart.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from engine.drs import DrsEntry

__all__ = ["DrsScorerRun", "bare_clauses", "copy_reference_code", "install_drsscorer", "run_drsscorer"]

MIRROR = Path("/work/.mirror/LeonCrashCode+DRSScorer/repo/.git")
FILES = ("eval.py", "graph.py", "extract_ngram.py")
WEIGHTS = ("0.225", "0.225", "0.225", "0.225", "0.1")  # w_1..w_4, then w_0: its argument order


@dataclass(frozen=True)
class DrsScorerRun:
    """DRSScorer's scores with precision and recall where they belong (it prints recall
    first), and the n-gram time it prints."""

    p: float
    r: float
    f: float
    seconds: float


def copy_reference_code(folder: Path, files: Sequence[str], given: str | None, mirror: Path | None, under: str) -> bool:
    """Copy a reference tool's ``files`` into ``folder`` from the folder ``given`` (an
    environment variable's value), else from the git ``mirror`` (at ``under`` in its tree);
    an empty WordNet table stands in for the missing one. False when the code is not found."""
    if given and all((Path(given) / name).is_file() for name in files):
        for name in files:
            shutil.copy(Path(given) / name, folder / name)
    elif mirror is not None and mirror.is_dir() and shutil.which("git"):
        for name in files:
            shown = subprocess.run(
                ["git", "--git-dir", str(mirror), "show", f"HEAD:{under}{name}"], capture_output=True
            )
            if shown.returncode != 0:
                return False
            (folder / name).write_bytes(shown.stdout)
    else:
        return False
    if not (folder / "wordnet_dict_en.py").exists():
        (folder / "wordnet_dict_en.py").write_text("en_sense_dict = {}\n")
    return True


def install_drsscorer(folder: Path) -> bool:
    """Copy the DRSScorer code into ``folder``; False when it is nowhere to be found."""
    return copy_reference_code(folder, FILES, os.environ.get("GRAPHAGREE_DRSSCORER"), MIRROR, "")


def bare_clauses(entries: Sequence[DrsEntry]) -> str:
    """The clause lines alone, one blank line between DRSs: what DRSScorer reads."""
    return "\n\n".join("\n".join(clause.text() for clause in entry.clauses) for entry in entries) + "\n"


def run_drsscorer(folder: Path, test: Sequence[DrsEntry], gold: Sequence[DrsEntry], scratch: Path) -> DrsScorerRun:
    """DRSScorer (n = 4, the paper's weights) on a corpus, its files written into ``scratch``."""
    (scratch / "test.txt").write_text(bare_clauses(test))
    (scratch / "gold.txt").write_text(bare_clauses(gold))
    command = [sys.executable, "eval.py", str(scratch / "test.txt"), str(scratch / "gold.txt"), "4", *WEIGHTS]
    done = subprocess.run(command, cwd=folder, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"DRSScorer failed:\n{done.stderr[-2000:]}")
    printed_p, printed_r, f, seconds = map(float, done.stdout.splitlines()[-1].split())
    return DrsScorerRun(printed_r, printed_p, f, seconds)
