"""The ``compare`` command: JSON shape, table wording, CSV, determinism, exit status and bad
input; the comparison's exports (verdict, per-sentence CSV, HTML section, saved document)."""

import csv
import io
import json
import shutil
from dataclasses import replace

import numpy as np

from bench.bench_matrix import write_annotators
from engine.comparison import CompareSetup, MetricComparison, Significance, compare_files
from engine.metrics import PRF
from engine.output.comparison import comparison_document, comparison_html, sentence_csv, verdict
from engine.params import Params

from .test_annotations import TRIO
from .test_cli import run
from .test_comparison import ANNOT1, ANNOT3, DRS_GOLD, DRS_TEST, GOLD, SYS

KEYS = {"metric", "a", "b", "difference", "p_value", "ci", "test", "trials", "sentences"}


def test_json_has_the_documented_shape():
    done = run("compare", ANNOT1, ANNOT3, GOLD, "--format", "json", "--test", "bootstrap", "--trials", "2000")
    assert done.returncode == 2  # sentence 5 is missing from A and B: said, left out
    data = json.loads(done.stdout)
    assert set(data) == KEYS
    assert data["metric"] == "labeled_relation" and data["test"] == "bootstrap" and data["trials"] == 2000
    assert set(data["a"]) == set(data["b"]) == {"p", "r", "f"} and data["sentences"] == 4
    assert data["difference"] == data["b"]["f"] - data["a"]["f"]
    low, high = data["ci"]
    assert low <= data["difference"] <= high and 0 < data["p_value"] <= 1
    assert "comptest_gold.txt:37: id 'sentence 5' has no graph in comptest_annot1.txt" in done.stderr
    assert "(sentence 'sentence 5' left out of comptest_annot3's cells)" in done.stderr


def test_all_metrics_is_a_list_in_the_registry_order():
    done = run("compare", TRIO[0], TRIO[1], TRIO[2], "--metric", "all", "--format", "json", "--trials", "500")
    assert done.returncode == 0 and done.stderr == ""
    data = json.loads(done.stdout)
    assert [item["metric"] for item in data] == [
        "concept",
        "labeled_relation",
        "unlabeled_relation",
        "weighted_relation",
        "mock_smatch",
        "smatch",
    ]
    assert all(set(item) == KEYS for item in data)


def test_same_seed_same_bytes_other_seed_other_numbers(tmp_path):
    (a, b), gold = write_annotators(tmp_path, annotators=2, sentences=40, low=4, high=10, seed=3)
    args = ("compare", a, b, gold, "--metric", "concept", "--trials", "300")
    for form in ("json", "table", "csv"):
        first, again = run(*args, "--format", form), run(*args, "--format", form)
        assert first.returncode == 0 and first.stdout == again.stdout
    one, other = (json.loads(run(*args, "--format", "json", "--seed", seed).stdout) for seed in ("1", "2"))
    assert one["ci"] != other["ci"] and one["p_value"] != other["p_value"]
    assert one["difference"] == other["difference"] and one["trials"] == 300 and one["sentences"] == 40


def test_table_says_it_in_words():
    done = run("compare", ANNOT1, ANNOT3, GOLD, "--metric", "concept")
    lines = done.stdout.splitlines()
    assert lines[0] == f"A = comptest_annot1 ({ANNOT1})" and lines[2] == f"gold = comptest_gold ({GOLD})"
    assert "all 16 swap patterns (exact), seed 1" in lines[3]
    assert lines[-1] == (
        "B is higher by 0.0823 Concept F1; p = 0.38 - no evidence of a real difference over these 4 sentences"
    )
    row = next(line for line in lines if line.startswith("Concept "))
    assert row.split()[1:] == ["0.7694", "0.8656", "0.8147", "0.8706", "0.9250", "0.8970", "+0.0823", "0.38"] + [
        "-0.0628",
        "to",
        "+0.2102",
    ]


def test_csv_has_a_row_per_metric(tmp_path):
    gold_copy = shutil.copy(DRS_GOLD, tmp_path / "gold_copy.clf")
    done = run("compare", DRS_TEST, gold_copy, DRS_GOLD, "--metric", "all", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(done.stdout)))
    assert [row["metric"] for row in rows][-2:] == ["counter", "dscorer"]
    assert set(rows[0]) == {"metric", "a_p", "a_r", "a_f", "b_p", "b_r", "b_f", "difference", "p_value"} | {
        "ci_low",
        "ci_high",
        "test",
        "trials",
        "sentences",
    }
    assert rows[-1]["trials"] == "8" and rows[-1]["sentences"] == "3"  # 2^3 patterns: exact


def test_bad_requests_exit_2_with_one_line(tmp_path):
    done = run("compare", ANNOT1, ANNOT3, GOLD, "--metric", "counter")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == "error: --metric counter scores DRS clause files; these are AMR\n"
    done = run("compare", ANNOT1, GOLD, GOLD)
    assert done.returncode == 2 and done.stderr == "error: the gold must be another file than A and B\n"
    done = run("compare", ANNOT1, ANNOT3, GOLD, "--trials", "0")
    assert done.returncode == 2 and "must be at least 1" in done.stderr
    done = run("compare", ANNOT1, tmp_path / "missing.txt", GOLD)
    assert done.returncode == 2 and done.stderr.startswith("error: ") and "missing.txt" in done.stderr


def test_an_unreadable_graph_is_named_and_the_rest_compared(tmp_path):
    broken = tmp_path / "ann_b.amr"
    broken.write_text(TRIO[1].read_text().replace("(r / read-01\n", "(r / read-01 (\n"))
    done = run("compare", TRIO[0], broken, TRIO[2], "--format", "json", "--metric", "concept")
    assert done.returncode == 2
    assert f"{broken}:10: " in done.stderr and "(sentence 's2' left out of ann_b's cells)" in done.stderr
    whole = json.loads(run("compare", TRIO[0], TRIO[1], TRIO[2], "--format", "json", "--metric", "concept").stdout)
    assert json.loads(done.stdout)["sentences"] == whole["sentences"] - 1


def metric_result(a_f, b_f, p, count=200):
    significance = Significance("permutation", p, (-0.01, 0.01), 10_000, False, 0.95, np.zeros(1))
    return MetricComparison(
        "labeled_relation",
        PRF(a_f, a_f, a_f),
        PRF(b_f, b_f, b_f),
        np.arange(count),
        tuple(map(str, range(count))),
        np.zeros(count),
        np.zeros(count),
        significance,
    )


def test_verdict_wording():
    assert verdict(metric_result(0.7459, 0.748, 0.41)) == (
        "B is higher by 0.0021 LR F1; p = 0.41 - no evidence of a real difference over these 200 sentences"
    )
    assert verdict(metric_result(0.80, 0.75, 0.0004, 1), "sys", "annot") == (
        "sys is higher by 0.0500 LR F1; p < 0.001 - very strong evidence of a real difference over this one sentence"
    )
    assert verdict(metric_result(0.5, 0.5, 1.0)).startswith("A and B have the same LR F1 (0.5000); p = 1 - no evidence")
    assert "strong evidence" in verdict(metric_result(0.5, 0.6, 0.004))
    assert verdict(metric_result(0.5, 0.6, 0.03)).endswith(
        "p = 0.03 - evidence of a real difference over these 200 sentences"
    )
    assert "weak evidence" in verdict(metric_result(0.5, 0.6, 0.07))
    undefined = MetricComparison(
        "concept", PRF(None, None, None), PRF(1, 1, 1), np.arange(2), ("a", "b"), np.zeros(2), np.zeros(2), None
    )
    assert verdict(undefined) == "Concept F1 is not defined for A over these 2 sentences: nothing to test"
    neither = replace(undefined, b=PRF(None, None, None))
    assert verdict(neither, "x", "y") == "Concept F1 is not defined for x and y over these 2 sentences: nothing to test"
    setup = CompareSetup(("a", "b", "g"), ("a", "b", "g"), ("concept",), "permutation", 10, 1, 0.95, Params())
    assert undefined.as_dict(setup)["p_value"] is None and undefined.as_dict(setup)["ci"] is None


def test_exports_know_their_inputs():
    comparison = compare_files(SYS, ANNOT1, GOLD, "all", trials=300, seed=4)
    document = comparison_document(comparison)
    assert json.loads(json.dumps(document)) == document  # plain JSON
    assert document["setup"]["a"] == str(SYS) and document["setup"]["seed"] == 4 and document["setup"]["trials"] == 300
    assert document["setup"]["params"]["smatch"] is True and len(document["results"]) == 6
    concept = comparison.metrics["concept"]
    assert document["results"][0]["verdict"] == verdict(concept, "comptest_sys", "comptest_annot1")
    assert concept.difference is not None
    assert document["results"][0]["verdict"].startswith(
        "comptest_annot1 is higher by" if concept.difference > 0 else "comptest_sys"
    )
    sentences = document["sentences"]["concept"]
    assert [s["id"] for s in sentences] == ["sentence 1", "sentence 2", "sentence 3", "sentence 4"]
    assert len(document["problems"]) == 1
    assert document["problems"][0].endswith("comptest_sys.txt:37: id 'sentence 5' has no graph in comptest_annot1.txt")
    rows = list(csv.DictReader(io.StringIO(sentence_csv(comparison, "concept"))))
    result = comparison.metrics["concept"]
    assert len(rows) == 4 and float(rows[0]["difference"]) == round(result.f_b[0] - result.f_a[0], 4)
    html = comparison_html(comparison)
    assert html.startswith("<section class='comparison'>") and html.endswith("</section>")
    assert "comptest_sys" in html and "<li>" in html and "seed 4" in html
