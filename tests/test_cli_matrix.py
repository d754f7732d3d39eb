"""The ``matrix`` command: JSON shape, table and CSV, confusion output, exit status and bad input."""

import csv
import io
import json

import pytest

from .test_annotations import DEMO_FILES, TRIO
from .test_cli import run


def test_json_has_the_documented_shape():
    done = run("matrix", *DEMO_FILES, "--format", "json", "--metric", "concept", "--gold", DEMO_FILES[2], "--ci")
    assert done.returncode == 2, done.stderr  # sentence 5 is missing from two files
    data = json.loads(done.stdout)
    assert {"annotators", "metric", "micro", "macro", "sentences", "annotator_means"} <= set(data)
    assert set(data) - {"annotators", "metric", "micro", "macro", "sentences", "annotator_means"} == {
        "paths",
        "gold",
        "profile",
        "cells",
        "sentences_per_cell",
        "ci",
        "errors",
    }
    assert data["annotators"] == ["comptest_annot1", "comptest_annot3", "comptest_gold", "comptest_sys"]
    assert data["metric"] == "concept" and data["gold"] == "comptest_gold"
    assert (
        "row annotator (test)" in data["cells"]
        and "micro: pooled" in data["cells"]
        and "macro: the mean" in data["cells"]
    )
    assert data["micro"][0][0] is None and round(data["micro"][0][2], 4) == 0.8147
    assert round(data["macro"][2][3], 4) == 0.8936
    low, high = data["ci"]["cells"][0][2]
    assert low <= data["micro"][0][2] <= high and data["ci"]["level"] == 0.95
    assert data["annotator_means"][0]["annotator"] == "comptest_annot1"
    assert set(data["annotator_means"][0]) == {"annotator", "micro", "macro", "gold_micro", "gold_macro"}
    assert data["annotator_means"][2]["gold_micro"] is None
    sentence = data["sentences"][4]
    assert set(sentence) == {
        "index",
        "id",
        "mean",
        "spread",
        "min",
        "max",
        "pairs",
        "central",
        "central_mean",
        "left_out",
    }
    assert sentence["id"] == "sentence 5" and sentence["left_out"] == ["comptest_annot1", "comptest_annot3"]
    assert sentence["pairs"] == 2 and len(data["errors"]) == 2
    assert "comptest_gold.txt:37: id 'sentence 5' has no graph in comptest_annot1.txt" in done.stderr
    assert "warning: 1 id(s) are missing from some files" in done.stderr


def test_table_says_what_a_cell_is_and_sorts_hardest_first():
    done = run("matrix", *TRIO, "--metric", "concept", "--sort", "hardest")
    assert done.returncode == 0 and done.stderr == ""
    out = done.stdout
    assert "row = test, column = gold" in out and "micro F1 (pooled" in out and "macro F1 (mean of sentence F1)" in out
    assert "0.7692" in out  # ann_a vs ann_c, 10/13
    sentence_lines = out.split("most central annotator\n")[1].splitlines()[2:]
    assert [line.split()[1] for line in sentence_lines] == ["s4", "s2", "s3", "s1"]


def test_csv_tables(tmp_path):
    out = tmp_path / "cells.csv"
    done = run("matrix", *TRIO, "--format", "csv", "--output", out, "--metric", "concept")
    assert done.returncode == 0 and done.stdout == ""
    rows = list(csv.DictReader(io.StringIO(out.read_text())))
    assert len(rows) == 6 and rows[1]["test"] == "ann_a" and rows[1]["gold"] == "ann_c"
    assert rows[1]["micro_f"] == "0.7692" and rows[1]["sentences"] == "4"
    sentences = list(
        csv.DictReader(io.StringIO(run("matrix", *TRIO, "--format", "csv", "--table", "sentences").stdout))
    )
    assert [row["id"] for row in sentences] == ["s1", "s2", "s3", "s4"] and sentences[0]["central"] == "ann_a"
    annotators = list(
        csv.DictReader(io.StringIO(run("matrix", *TRIO, "--format", "csv", "--table", "annotators").stdout))
    )
    assert [row["annotator"] for row in annotators] == ["ann_a", "ann_b", "ann_c"]


def test_confusion_of_a_pair():
    done = run("matrix", *TRIO, "--confusion", "ann_a", "ann_c", "--format", "json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert (data["test"], data["gold"]) == ("ann_a", "ann_c")
    assert data["concept"]["confusions"] == [{"test": "girl", "gold": "boy", "count": 2, "sentences": ["s2", "s4"]}]
    table = run("matrix", TRIO[0], TRIO[2], "--confusion").stdout  # two files: no names needed
    assert "Concepts: 11 of 13 label pairs agree" in table and ":ARG1-of" in table
    rows = list(csv.DictReader(io.StringIO(run("matrix", TRIO[0], TRIO[2], "--confusion", "--format", "csv").stdout)))
    assert rows[0] == {
        "kind": "concept",
        "test": "girl",
        "gold": "boy",
        "count": "2",
        "agrees": "False",
        "sentences": "s2; s4",
    }


@pytest.mark.parametrize(
    "arguments, message",
    [
        ([TRIO[0]], "error: give 2 to 20 annotators' files, not 1"),
        ([*TRIO * 7], "error: give 2 to 20 annotators' files, not 21"),
        ([TRIO[0], "missing.amr"], "missing.amr: cannot read"),
        ([*TRIO, "--confusion"], "error: --confusion needs two annotators, TEST and GOLD, of: ann_a, ann_b, ann_c"),
        (
            [*TRIO, "--confusion", "ann_a", "nobody"],
            "error: no annotator 'nobody'; the annotators are ann_a, ann_b, ann_c",
        ),
        ([*TRIO, "--jobs", "0"], "argument --jobs/-j: must be at least 1, got 0"),
    ],
    ids=["one-file", "too-many", "missing-file", "confusion-unnamed", "confusion-unknown", "jobs"],
)
def test_bad_input_is_one_line_and_exit_status_2(arguments, message):
    done = run("matrix", *arguments)
    assert done.returncode == 2 and done.stdout == ""
    assert message in done.stderr and "Traceback" not in done.stderr and len(done.stderr.splitlines()) == 1


def test_an_unreadable_graph_is_named_and_the_rest_is_printed(tmp_path):
    broken = tmp_path / "ann_b.amr"
    broken.write_text(TRIO[1].read_text().replace("(r / read-01\n", "(r / read-01 (\n"))
    done = run("matrix", TRIO[0], broken, TRIO[2], "--format", "json")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert f"{broken}:10: " in done.stderr and "(sentence 's2' left out of ann_b's cells)" in done.stderr
    data = json.loads(done.stdout)
    assert data["sentences_per_cell"] == [[0, 3, 4], [3, 0, 3], [4, 3, 0]]
    assert data["sentences"][1]["left_out"] == ["ann_b"]
