"""A command loads only the code its input needs: on a small AMR pair, `score` and `smatch` import
neither SciPy's optimiser (the bounds prove the climb optimal) nor the DRS, adjudication, teaching or
report code, and `smatch` not even NumPy. Checked in a fresh interpreter through ``sys.modules``."""

import json
import subprocess
import sys

import pytest

from .conftest import ROOT

SMATCH_PAIR = [str(ROOT / "resources/demo/smatch" / name) for name in ("test_input1.txt", "test_input2.txt")]
DRS_PAIR = [str(ROOT / "resources/demo/drs" / name) for name in ("test.clf", "gold.clf")]
PAPER_PAIR = [str(ROOT / "resources/demo/ancast_paper" / f"spec_examples_{side}.amr") for side in ("test", "gold")]
NEVER_ON_AMR = (
    "scipy.optimize",
    "engine.matching.ilp",
    "engine.drs",
    "engine.adjudication",
    "engine.teach",
    "engine.output.report",
)
# what scoring two AMR files under the paper profile never needs: the compatibility profile, the
# several-annotator reader and matrix, numpy.ma (which np.unique imports on its first call), the UMR
# reader and document-level scores, the CSV writer (the output is a table), and the penman library (the
# reader parses PENMAN itself, with the one piece of penman's AMR model it needs), and shutil (which
# loads three compression modules; argparse's help formatter would load it for the terminal's width)
NEVER_FOR_TWO_FILES = (
    "engine.compat",
    "engine.read.annotations",
    "engine.scoring.matrix",
    "numpy.ma",
    "engine.read.umr",
    "engine.metrics.document",
    "csv",
    "penman",
    "shutil",
)

RUN_AND_LIST = """
import json, os, runpy, sys
listing, sys.argv = sys.argv[1], ["engine"] + sys.argv[2:]
os._exit = sys.exit  # the run ends the process at once (exit_without_teardown): here it ends the run
try:
    runpy.run_module("engine", run_name="__main__", alter_sys=True)
except SystemExit as done:
    code = done.code
with open(listing, "w") as out:
    json.dump({"code": code, "modules": sorted(sys.modules)}, out)
"""


def modules_after(tmp_path, *arguments: str) -> set[str]:
    """The modules loaded once ``python -m engine ARGUMENTS`` has run (its exit status 0)."""
    listing = tmp_path / "modules.json"
    done = subprocess.run(
        [sys.executable, "-c", RUN_AND_LIST, str(listing), *arguments], cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    found = json.loads(listing.read_text())
    assert found["code"] == 0
    return set(found["modules"])


def loaded(modules: set[str], package: str) -> list[str]:
    return sorted(name for name in modules if name == package or name.startswith(package + "."))


@pytest.mark.parametrize("command", [["score"], ["score", "--smatch"], ["smatch"], ["smatch", "--fine-grained"]])
def test_a_small_amr_pair_loads_no_optimiser_and_no_drs_or_adjudication_code(tmp_path, command):
    modules = modules_after(tmp_path, command[0], *SMATCH_PAIR, "--jobs", "1", *command[1:])
    assert "engine.read.amr" in modules  # the run did read the pair
    for package in NEVER_ON_AMR:
        assert loaded(modules, package) == [], f"{' '.join(command)} loaded {package}"


def test_smatch_runs_without_numpy(tmp_path):
    modules = modules_after(tmp_path, "smatch", *SMATCH_PAIR, "--jobs", "1")
    assert "engine.smatch.scorer" in modules and loaded(modules, "numpy") == []


def test_drs_input_does_load_the_drs_code(tmp_path):
    """The other side of the check above: the same probe sees the DRS code when the input needs it."""
    modules = modules_after(tmp_path, "score", *DRS_PAIR, "--jobs", "1")
    assert {"engine.drs.counter", "engine.drs.dscorer"} <= modules


def test_two_amr_files_load_no_compatibility_profile_annotators_or_masked_arrays(tmp_path):
    modules = modules_after(tmp_path, "score", *SMATCH_PAIR, "--jobs", "1")
    assert "engine.align.stack" in modules  # the run did align
    for package in NEVER_FOR_TWO_FILES:
        assert loaded(modules, package) == [], f"score loaded {package}"


def test_umr_input_and_csv_output_do_load_their_code(tmp_path):
    """The other side of the check above: UMR files load the UMR reader and the document-level
    scores, and CSV output the CSV writer."""
    umr = [str(ROOT / "resources/demo/umr" / name) for name in ("lindsay_v1.umr", "lindsay_v2.umr")]
    modules = modules_after(tmp_path, "score", *umr, "--format", "csv", "--jobs", "1")
    assert {"engine.read.umr", "engine.metrics.document", "csv"} <= modules


def test_the_compatibility_profile_loads_when_asked_for(tmp_path):
    modules = modules_after(tmp_path, "score", *PAPER_PAIR, "--profile", "ancast-0.1.1", "--jobs", "1")
    assert "engine.compat.alignment" in modules
