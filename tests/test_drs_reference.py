"""The ``reference`` DScorer profile against the public DRSScorer code, run when it is
at hand: ``GRAPHAGREE_DRSSCORER`` names a folder with its ``eval.py``, ``graph.py``
and ``extract_ngram.py``, or a git mirror of github.com/LeonCrashCode/DRSScorer sits
where the ``fetch`` tool puts it. The code has no licence: it is copied into a scratch
folder for the run only, never into this repository. Its WordNet table
(``wordnet_dict_en.py``) is missing from the public snapshot; an empty one is used,
which changes nothing for clause files that write concepts and senses apart.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bench.generate_drs import write_drs_corpus
from engine.drs import DScorerCounts, DScorerSettings, dscorer_counts, dscorer_score, read_drs_file

from .conftest import ROOT

DRS_DATA = ROOT / "tests" / "data" / "drs"
MIRROR = Path("/work/.mirror/LeonCrashCode+DRSScorer/repo/.git")
FILES = ("eval.py", "graph.py", "extract_ngram.py")
REFERENCE = DScorerSettings("reference")


@pytest.fixture(scope="module")
def drsscorer(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("drsscorer")
    given = os.environ.get("GRAPHAGREE_DRSSCORER")
    if given and all((Path(given) / name).is_file() for name in FILES):
        for name in FILES:
            shutil.copy(Path(given) / name, folder / name)
    elif MIRROR.is_dir() and shutil.which("git"):
        for name in FILES:
            shown = subprocess.run(["git", "--git-dir", str(MIRROR), "show", f"HEAD:{name}"], capture_output=True)
            if shown.returncode != 0:
                pytest.skip(f"the DRSScorer mirror has no {name}")
            (folder / name).write_bytes(shown.stdout)
    else:
        pytest.skip("DRSScorer is not available (set GRAPHAGREE_DRSSCORER to a folder with its eval.py)")
    if not (folder / "wordnet_dict_en.py").exists():
        (folder / "wordnet_dict_en.py").write_text("en_sense_dict = {}\n")
    return folder


def bare_clauses(entries) -> str:
    """The clause lines alone, one blank line between DRSs: what DRSScorer reads."""
    return "\n\n".join("\n".join(clause.text() for clause in entry.clauses) for entry in entries) + "\n"


def run_drsscorer(folder: Path, test, gold, tmp_path: Path) -> tuple[float, float, float]:
    """DRSScorer's (P, R, F) of a corpus, its P and R put back where they belong."""
    (tmp_path / "test.txt").write_text(bare_clauses(test))
    (tmp_path / "gold.txt").write_text(bare_clauses(gold))
    done = subprocess.run(
        [
            sys.executable,
            "eval.py",
            str(tmp_path / "test.txt"),
            str(tmp_path / "gold.txt"),
            "4",
            "0.225",
            "0.225",
            "0.225",
            "0.225",
            "0.1",
        ],
        cwd=folder,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    printed_p, printed_r, f, _seconds = map(float, done.stdout.splitlines()[-1].split())
    return printed_r, printed_p, f  # it prints recall where it says precision


def ours(test, gold) -> tuple[float, float, float]:
    total = DScorerCounts.empty(4)
    for t, g in zip(test, gold):
        total = total + dscorer_counts(t.clauses, g.clauses, REFERENCE)
    score = dscorer_score(total, REFERENCE).total
    return score.p, score.r, score.f


@pytest.mark.parametrize("name", ["figure1_variants", "reference_cases"])
def test_our_data_files_score_as_drsscorer_scores_them(drsscorer, tmp_path, name):
    test = read_drs_file(DRS_DATA / f"{name}_test.clf")
    gold = read_drs_file(DRS_DATA / f"{name}_gold.clf")
    assert ours(test, gold) == pytest.approx(run_drsscorer(drsscorer, test, gold, tmp_path), rel=1e-9)
    for index, (t, g) in enumerate(zip(test, gold)):
        pair_folder = tmp_path / str(index)
        pair_folder.mkdir()
        assert ours([t], [g]) == pytest.approx(run_drsscorer(drsscorer, [t], [g], pair_folder), rel=1e-9)


@pytest.mark.parametrize("seed", [3, 4])
def test_generated_corpora_score_as_drsscorer_scores_them(drsscorer, tmp_path, seed):
    test_path, gold_path = write_drs_corpus(tmp_path / "corpus", 8, 3, 16, seed=seed, rate=0.2)
    test, gold = read_drs_file(test_path), read_drs_file(gold_path)
    assert ours(test, gold) == pytest.approx(run_drsscorer(drsscorer, test, gold, tmp_path), rel=1e-9)
    for index in (0, 4, 7):  # a few pairs on their own: per-pair f_0, orders left out on small ones
        pair_folder = tmp_path / f"pair{index}"
        pair_folder.mkdir()
        pair = [test[index]], [gold[index]]
        assert ours(*pair) == pytest.approx(run_drsscorer(drsscorer, *pair, pair_folder), rel=1e-9)
