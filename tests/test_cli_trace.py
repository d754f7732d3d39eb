"""The ``trace`` and ``explain`` commands: the JSON shapes, their key numbers on the SPEC
example, the alignment ``score`` reports, the table output and every error."""

import json

import pytest

from engine.cli import main

from .conftest import DEMO, EXAMPLES

PAPER = [str(DEMO / "ancast_paper" / "spec_examples_test.amr"), str(DEMO / "ancast_paper" / "spec_examples_gold.amr")]


def run(capsys, *args):
    status = main([str(arg) for arg in args])
    out, err = capsys.readouterr()
    return status, out, err


def test_trace_json_has_the_issue_shape_and_the_spec_numbers(capsys):
    status, out, err = run(capsys, "trace", *PAPER, "--id", "read", "--format", "json")
    assert status == 0 and err == ""
    data = json.loads(out)
    assert list(data) == ["pair", "test_nodes", "gold_nodes", "S", "rounds", "finalisation", "alignment"]
    assert data["pair"] == {"index": 1, "id": "read"}
    assert data["test_nodes"] == ["r1", "h2", "h", "b", "i"] and data["gold_nodes"] == ["r1", "h2", "s", "p", "i"]
    assert data["S"][0][0] == pytest.approx(0.9) and data["S"][2][2] == pytest.approx(2 / 3)
    first, second = data["rounds"]
    assert list(first) == ["round", "anchors_before", "iterations", "F", "new_anchors"]
    assert first["round"] == 1 and first["anchors_before"] == [["r1", "r1"]]
    assert len(first["iterations"]) == 14 and len(first["iterations"][0]) == 5 and len(first["iterations"][0][0]) == 5
    assert first["iterations"][0][1] == [0.0, 1.0, 1.0, 1.0, pytest.approx(0.5**0.5)]
    assert first["iterations"][-1][1][1:4] == [pytest.approx(0.4, abs=5e-4)] * 3
    assert first["F"][1][1:4] == [0.082, 0.082, 0.082]
    assert first["new_anchors"][0] == {
        "test": "h2",
        "gold": "h2",
        "F": 0.082,
        "why": "tie broken by shared relation labels (:location)",
    }
    assert [(a["test"], a["gold"], a["why"]) for a in first["new_anchors"][1:]] == [
        ("h", "s", "unique mutual maximum"),
        ("b", "p", "unique mutual maximum"),
        ("i", "i", "unique mutual maximum"),
    ]
    assert second["round"] == 2 and len(second["anchors_before"]) == 5 and second["new_anchors"] == []
    assert len(second["iterations"]) == 8
    assert data["finalisation"] == []
    assert data["alignment"] == [
        {"test": "r1", "gold": "r1"},
        {"test": "h2", "gold": "h2"},
        {"test": "h", "gold": "s"},
        {"test": "b", "gold": "p"},
        {"test": "i", "gold": "i"},
    ]


@pytest.mark.parametrize(
    "folder, test_name, gold_name",
    [
        ("ancast_paper", "spec_examples_test.amr", "spec_examples_gold.amr"),
        ("smatch", "test_input1.txt", "test_input2.txt"),
        ("umr", "lindsay_v1.umr", "lindsay_v2.umr"),
    ],
)
def test_trace_alignment_is_the_one_score_prints(capsys, folder, test_name, gold_name):
    files = [DEMO / folder / test_name, DEMO / folder / gold_name]
    status, out, _ = run(capsys, "score", *files, "--format", "json", "--jobs", "1")
    assert status == 0
    for pair in json.loads(out)["pairs"]:
        number = pair["index"] + 1  # --id takes the number the table's # and the app show
        status, traced, err = run(capsys, "trace", *files, "--id", number, "--format", "json")
        assert status == 0, err
        expected = [{"test": row["test"], "gold": row["gold"]} for row in pair["alignment"]]
        assert json.loads(traced)["alignment"] == expected


def test_finalisation_picks_in_json(capsys, tmp_path):
    graph = tmp_path / "and.amr"
    graph.write_text("(a / and :op1 (x / thing) :op1 (y / thing))\n")
    status, out, _ = run(capsys, "trace", graph, graph, "--format", "json")
    assert status == 0
    picks = json.loads(out)["finalisation"]
    assert [(p["test"], p["gold"], p["tie_break"]) for p in picks] == [("x", "x", "matrix order"), ("y", "y", None)]
    assert picks[0]["F"] == round(1.2 * (2 ** (-2 / 3) + 0.01), 4)


def test_explain_json_has_the_issue_fields_with_hand_values(capsys):
    status, out, err = run(
        capsys, "explain", *PAPER, "--id", "read", "--test-node", "h2", "--gold-node", "h2", "--format", "json"
    )
    assert status == 0 and err == ""
    data = json.loads(out)
    assert list(data) == ["S", "P", "C", "A_raw", "normaliser", "anchor", "A", "F", "alpha", "beta"]
    assert data["S"] == {
        "value": 0.0,
        "terms": {
            "lemma": {"test": "house", "gold": "home", "value": 0.0},
            "sense": {"test": None, "gold": None, "value": 1.0},
            "attributes": {"shared": [], "value": 0.0},
            "gamma": 0.1,
            "text": "lemmas differ (house vs home)",
        },
    }
    assert data["P"] == {"value": 1.0, "delta_n": 1.0, "contributions": [{"test": "r1", "gold": "r1", "a": 1.0}]}
    assert data["C"] == {"value": 0.0, "delta_n": None, "contributions": []}
    assert data["A_raw"] == 1.0 and data["normaliser"] == pytest.approx(2.5, abs=2e-3)
    assert data["anchor"] is False and data["A"] == pytest.approx(0.4, abs=5e-4) and data["F"] == 0.082
    assert (data["alpha"], data["beta"]) == (0.2, 0.01)


def test_explain_an_iteration_and_the_parameters(capsys):
    status, out, _ = run(
        capsys,
        "explain",
        *PAPER,
        "--id",
        "2",  # read, the second pair
        "--test-node",
        "i",
        "--gold-node",
        "h2",
        "--iteration",
        "1",
        "--alpha",
        "0.5",
        "--beta",
        "0",
        "--format",
        "json",
    )
    assert status == 0
    data = json.loads(out)
    assert data["P"] == {
        "value": 0.5,
        "delta_n": 2.0,
        "contributions": [{"test": "r1", "gold": "r1", "a": 1.0}, {"test": "b", "gold": "r1", "a": 0.0}],
    }
    assert data["A"] == pytest.approx(0.5**0.5) and data["F"] == round(0.5 * 0.5**0.5, 4)
    assert (data["alpha"], data["beta"]) == (0.5, 0.0)


def test_tables_for_people(capsys):
    status, out, _ = run(capsys, "trace", *PAPER, "--id", "read")
    assert status == 0
    assert out.startswith("Pair 2 (read): ")  # numbered from 1, as the app and the score table
    assert run(capsys, "trace", *PAPER, "--id", "2") == (status, out, "")
    assert "Round 1: anchors read-01–read-03" in out and "14 iterations; largest change in each: 1, 0.735," in out
    assert "new anchor house–home: F 0.082, tie broken by shared relation labels (:location)" in out
    assert "  h / he  ->  s / she" in out
    status, out, _ = run(capsys, "explain", *PAPER, "--id", "read", "--test-node", "h2", "--gold-node", "h2")
    assert status == 0
    assert out.splitlines()[0] == "house × home, round 1, iteration 14 of 14 (converged)"
    assert "P = 1 / ΔN 1 = 1 (eq. 5): the previous iterate's A summed over 1 pair of parents and grandparents" in out
    assert "    read-01 × read-03: 1" in out
    assert "C = 0 (eq. 6): one of the two nodes has no children or grandchildren" in out
    assert out.splitlines()[-1] == "F = (S + α)(A + β) = (0 + 0.2)(0.3998 + 0.01) = 0.082 (eq. 13)"


@pytest.mark.parametrize(
    "args, message",
    [
        (["--id", "nope"], "error: no pair 'nope' (ids: fry, read; numbers 1-2)"),
        ([], "error: the files hold 2 pairs: choose one with --id (ids: fry, read; numbers 1-2)"),
        (["--id", "3"], "error: no pair '3'"),
        (["--id", "0"], "error: no pair '0'"),
        (
            ["--id", "read", "--test-node", "zz"],
            "error: the test graph has no node 'zz' (its variables: r1, h2, h, b, i)",
        ),
        (
            ["--id", "read", "--gold-node", "h"],
            "error: the gold graph has no node 'h' (its variables: r1, h2, s, p, i)",
        ),
        (["--id", "read", "--round", "3"], "error: round 3 does not exist: the pair has 2 rounds (1-2)"),
        (
            ["--id", "read", "--round", "2", "--iteration", "9"],
            "error: iteration 9 does not exist: round 2 has 8 iterations (1-8)",
        ),
    ],
)
def test_explain_errors_are_one_line_and_exit_2(capsys, args, message):
    nodes = {"--test-node": "h2", "--gold-node": "h2"}
    for option in nodes:
        if option in args:
            nodes[option] = args[args.index(option) + 1]
            args = args[: args.index(option)] + args[args.index(option) + 2 :]
    status, out, err = run(capsys, "explain", *PAPER, *args, *[x for pair in nodes.items() for x in pair])
    assert status == 2 and out == ""
    assert err.startswith(message) and err.count("\n") == 1


def test_an_unreadable_pair_names_file_and_line(capsys):
    files = [EXAMPLES / "broken_test.amr", EXAMPLES / "broken_gold.amr"]
    status, out, err = run(capsys, "trace", *files, "--id", "two")
    assert status == 2 and out == ""
    assert f"{EXAMPLES / 'broken_test.amr'}:5: unbalanced parenthesis" in err and "Traceback" not in err
    status, out, _ = run(capsys, "trace", *files, "--id", "three", "--format", "json")
    assert status == 0 and json.loads(out)["pair"] == {"index": 2, "id": "three"}


def test_output_file(capsys, tmp_path):
    target = tmp_path / "trace.json"
    status, out, _ = run(capsys, "trace", *PAPER, "--id", "fry", "--format", "json", "--output", target)
    assert status == 0 and out == ""
    assert json.loads(target.read_text())["alignment"] == [{"test": "f", "gold": "s"}]


def test_anchor_sources_follow_the_options(capsys):
    """Without the sentence, i-i is a lemma anchor too (SPEC section 3, step 1)."""
    status, out, _ = run(capsys, "trace", *PAPER, "--id", "read", "--no-text", "--format", "json")
    assert status == 0
    assert json.loads(out)["rounds"][0]["anchors_before"] == [["r1", "r1"], ["i", "i"]]
