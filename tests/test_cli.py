"""The command line: JSON contract, formats, exit status and bad input."""

import csv
import io
import json
import os
import subprocess
import sys

import pytest

from .conftest import DEMO, EXAMPLES, ROOT, SHARED, needs_shared

METRICS = {"concept", "labeled_relation", "unlabeled_relation", "weighted_relation", "mock_smatch"}


def run(*args, cwd=ROOT):
    return subprocess.run([sys.executable, "-m", "engine", *map(str, args)], capture_output=True, text=True, cwd=cwd)


def test_json_has_the_documented_shape():
    done = run("score", EXAMPLES / "read_test.amr", EXAMPLES / "read_gold.amr", "--format", "json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert set(data) == {"profile", "params", "pairs", "micro", "macro"}
    assert data["profile"] == "paper" and data["params"]["beta"] == 0.01
    pair = data["pairs"][1]
    assert set(pair) == {"index", "id", "error", "scores", "alignment"}
    assert pair["index"] == 1 and pair["id"] == "read-snt" and pair["error"] is None
    assert set(pair["scores"]) == METRICS and set(pair["scores"]["concept"]) == {"p", "r", "f"}
    assert pair["alignment"][2] == {"test": "h", "gold": "s", "similarity": pytest.approx(2 / 3), "quality": 1}
    assert set(data["micro"]) == METRICS and set(data["macro"]) == METRICS
    assert data["micro"]["labeled_relation"]["f"] == pytest.approx(0.4208, abs=1e-4)


def test_broken_pair_is_reported_and_the_rest_scored():
    done = run("score", EXAMPLES / "broken_test.amr", EXAMPLES / "broken_gold.amr", "--format", "json")
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert f"{EXAMPLES / 'broken_test.amr'}:5: unbalanced parenthesis" in done.stderr
    pairs = json.loads(done.stdout)["pairs"]
    assert [p["error"] is None for p in pairs] == [True, False, True]
    assert pairs[1]["scores"] is None and pairs[1]["alignment"] == []
    assert pairs[2]["scores"]["concept"]["f"] == 1.0


def test_table_and_csv_outputs(tmp_path):
    table = run(
        "score", DEMO / "ancast_paper" / "spec_examples_test.amr", DEMO / "ancast_paper" / "spec_examples_gold.amr"
    )
    assert table.returncode == 0
    assert "0.4188" in table.stdout and "0.5133" in table.stdout and "micro" in table.stdout
    rows = table.stdout.splitlines()
    assert rows[2].split()[:2] == ["1", "fry"] and rows[3].split()[:2] == ["2", "read"]  # # from 1, as the app
    out = tmp_path / "scores.csv"
    done = run(
        "score",
        DEMO / "ancast_paper" / "spec_examples_test.amr",
        DEMO / "ancast_paper" / "spec_examples_gold.amr",
        "--format",
        "csv",
        "--output",
        out,
    )
    assert done.returncode == 0 and done.stdout == ""
    rows = list(csv.DictReader(io.StringIO(out.read_text())))
    assert [r["index"] for r in rows] == ["0", "1", "micro", "macro"]
    assert rows[1]["labeled_relation_f"] == "0.4208"


def test_scoring_a_file_against_itself_gives_one_everywhere():
    path = DEMO / "metamorphosed" / "comptest_gold.txt"
    data = json.loads(run("score", path, path, "--format", "json").stdout)
    for pair in data["pairs"]:
        assert all(score["f"] in (1.0, None) for score in pair["scores"].values()), pair["id"]
    assert all(data["micro"][m]["f"] == 1.0 for m in METRICS)


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda d: (d / "missing.amr", d / "g.amr"), "missing.amr: cannot read"),
        (lambda d: (d / "empty.amr", d / "g.amr"), "empty.amr: no graphs found"),
        (lambda d: (d / "latin1.amr", d / "g.amr"), "latin1.amr:2: not valid UTF-8"),
        (
            lambda d: (d / "two.amr", d / "g.amr"),
            "two.amr:3: two.amr holds 2 graphs but g.amr holds 1: this graph has no partner",
        ),
    ],
    ids=["unreadable", "empty", "not-utf8", "unequal-counts"],
)
def test_file_problems_give_one_clear_line(tmp_path, make, message):
    (tmp_path / "g.amr").write_text("(a / b)\n")
    (tmp_path / "empty.amr").write_text("")
    (tmp_path / "latin1.amr").write_bytes("# ok\n# ::snt café\n(a / b)\n".encode("latin-1"))
    (tmp_path / "two.amr").write_text("(a / b)\n\n(c / d)\n")
    done = run("score", *make(tmp_path))
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], done.stderr
    assert done.stdout == ""


def test_unwritable_output_is_an_error(tmp_path):
    done = run("score", EXAMPLES / "fry_test.amr", EXAMPLES / "fry_gold.amr", "--output", tmp_path / "no" / "x.json")
    assert done.returncode == 2 and "cannot write" in done.stderr and "Traceback" not in done.stderr


@needs_shared
def test_shared_contract_checks_pass():
    env = dict(os.environ, PYTHON=sys.executable)
    done = subprocess.run(
        ["bash", str(SHARED / "checks" / "run.sh")], capture_output=True, text=True, cwd=ROOT, env=env
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "contract checks: all hold" in done.stdout


def test_reference_profile_on_the_command_line():
    spec = DEMO / "ancast_paper"
    done = run(
        "score",
        spec / "spec_examples_test.amr",
        spec / "spec_examples_gold.amr",
        "--profile",
        "ancast-0.1.1",
        "--format",
        "json",
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["profile"] == "ancast-0.1.1" and data["params"]["beta"] == 0.001
    read = next(pair for pair in data["pairs"] if pair["id"] == "read")
    assert read["scores"]["weighted_relation"]["f"] == pytest.approx(0.4256, abs=1e-4)
    assert read["scores"]["concept"]["r"] == read["scores"]["concept"]["p"]  # the reference reports F(P, P)
    given = run(
        "score",
        spec / "spec_examples_test.amr",
        spec / "spec_examples_gold.amr",
        "--profile",
        "ancast-0.1.1",
        "--beta",
        "0.01",
        "--format",
        "json",
    )
    assert json.loads(given.stdout)["params"]["beta"] == 0.01


def test_reference_profile_refuses_umr():
    umr = DEMO / "umr"
    done = run("score", umr / "lindsay_v1.umr", umr / "lindsay_v2.umr", "--profile", "ancast-0.1.1")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "reads AMR input only" in done.stderr


def test_scoring_processes_reuse_memory_and_run_blas_on_one_thread():
    import platform

    import numpy  # noqa: F401  (its BLAS is the pool checked: loaded here whatever ran before)
    from threadpoolctl import threadpool_info, threadpool_limits

    from engine.runtime.process import keep_freed_memory, tune_for_scoring

    assert keep_freed_memory() is (platform.libc_ver()[0] == "glibc")
    with threadpool_limits(2):  # leave the test process's setting as it was
        tune_for_scoring()
        pools = threadpool_info()
        assert pools, "NumPy is loaded, so threadpoolctl must see its BLAS pool"
        assert {pool["num_threads"] for pool in pools} == {1}


def test_blas_starts_with_one_thread_unless_the_user_chose(monkeypatch):
    import os
    import subprocess
    import sys

    from engine.runtime.process import BLAS_THREAD_VARIABLES, one_blas_thread_at_load

    from .conftest import ROOT

    probe = (
        "import sys; from engine.runtime.process import one_blas_thread_at_load, tune_for_scoring; one_blas_thread_at_load(); "
        "import numpy; tune_for_scoring(); print('threadpoolctl' in sys.modules); "  # no run-time limit needed
        "from threadpoolctl import threadpool_info; print(max([p['num_threads'] for p in threadpool_info()] or [1]))"
    )
    environment = {key: value for key, value in os.environ.items() if key not in BLAS_THREAD_VARIABLES}
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, env=environment)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "1"]
    for variable in BLAS_THREAD_VARIABLES:  # monkeypatch puts every one back as it was after the test
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("OPENBLAS_NUM_THREADS", "3")
    one_blas_thread_at_load()
    assert [os.environ[v] for v in BLAS_THREAD_VARIABLES] == ["3", "1", "1"]
