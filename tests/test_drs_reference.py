"""The ``reference`` DScorer profile against the public DRSScorer code, run when it is
at hand (see :mod:`bench.drsscorer`: ``GRAPHAGREE_DRSSCORER`` or a fetched mirror);
skipped otherwise. The code is copied into a scratch folder for the run only.
"""

from pathlib import Path

import pytest

from bench.drsscorer import install_drsscorer, run_drsscorer
from bench.generate_drs import write_drs_corpus
from engine.drs import DScorerCounts, DScorerSettings, dscorer_counts, dscorer_score, read_drs_file

from .conftest import ROOT

DRS_DATA = ROOT / "tests" / "data" / "drs"
REFERENCE = DScorerSettings("reference")


@pytest.fixture(scope="module")
def drsscorer(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("drsscorer")
    if not install_drsscorer(folder):
        pytest.skip("DRSScorer is not available (set GRAPHAGREE_DRSSCORER to a folder with its eval.py)")
    return folder


def theirs(folder: Path, test, gold, scratch: Path) -> tuple[float, float, float]:
    run = run_drsscorer(folder, test, gold, scratch)
    return run.p, run.r, run.f


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
    assert ours(test, gold) == pytest.approx(theirs(drsscorer, test, gold, tmp_path), rel=1e-9)
    for index, (t, g) in enumerate(zip(test, gold)):
        pair_folder = tmp_path / str(index)
        pair_folder.mkdir()
        assert ours([t], [g]) == pytest.approx(theirs(drsscorer, [t], [g], pair_folder), rel=1e-9)


@pytest.mark.parametrize("seed", [3, 4])
def test_generated_corpora_score_as_drsscorer_scores_them(drsscorer, tmp_path, seed):
    test_path, gold_path = write_drs_corpus(tmp_path / "corpus", 8, 3, 16, seed=seed, rate=0.2)
    test, gold = read_drs_file(test_path), read_drs_file(gold_path)
    assert ours(test, gold) == pytest.approx(theirs(drsscorer, test, gold, tmp_path), rel=1e-9)
    for index in (0, 4, 7):  # a few pairs on their own: per-pair f_0, orders left out on small ones
        pair_folder = tmp_path / f"pair{index}"
        pair_folder.mkdir()
        pair = [test[index]], [gold[index]]
        assert ours(*pair) == pytest.approx(theirs(drsscorer, *pair, pair_folder), rel=1e-9)
