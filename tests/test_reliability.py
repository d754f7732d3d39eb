"""No input crashes a run: every problem is a per-pair or per-file error with FILE:LINE,
the other pairs are still scored, options out of their domain are one clear line and exit 2."""

import json
import subprocess
import sys

import pytest

from .conftest import ROOT


def run(*args):
    return subprocess.run([sys.executable, "-m", "engine", *map(str, args)], capture_output=True, text=True, cwd=ROOT)


def write(path, text):
    path.write_text(text, encoding="utf-8")
    return path


GOOD = (
    "# ::id 1\n(w / want-01 :ARG0 (b / boy))\n\n# ::id 2\n(g / go-02 :ARG0 (g2 / girl))\n\n# ::id 3\n(s / sleep-01)\n"
)


@pytest.mark.parametrize("command", [("score", "--format", "json"), ("smatch", "--format", "json")])
def test_an_empty_graph_is_an_error_on_its_pair_and_the_others_are_scored(tmp_path, command):
    test = write(tmp_path / "t.amr", GOOD.replace("(g / go-02 :ARG0 (g2 / girl))", "()"))
    gold = write(tmp_path / "g.amr", GOOD)
    done = run(command[0], test, gold, *command[1:])
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert f"{test}:5: empty graph '()'" in done.stderr
    pairs = json.loads(done.stdout)["pairs"]
    assert [p["error"] is None for p in pairs] == [True, False, True]


def test_an_empty_umr_sentence_graph_keeps_the_document_scores(tmp_path):
    source = (ROOT / "resources" / "demo" / "umr" / "lindsay_v1.umr").read_text(encoding="utf-8")
    start = source.index("# sentence level graph:") + len("# sentence level graph:\n")
    end = source.index("\n\n", start)
    broken = write(tmp_path / "broken.umr", source[:start] + "()" + source[end:])
    done = run("score", broken, ROOT / "resources" / "demo" / "umr" / "lindsay_v2.umr", "--format", "json")
    assert done.returncode == 2 and "Traceback" not in done.stderr and "empty graph" in done.stderr
    data = json.loads(done.stdout)
    assert [p["error"] is None for p in data["pairs"]] == [False, True]
    assert set(data["document"]) == {"modal", "temporal", "coref", "comprehensive"}


def test_nesting_deeper_than_the_recursion_limit_is_scored(tmp_path):
    depth = 1200
    graph = "(n0 / c0" + "".join(f" :ARG0 (n{k} / c{k}" for k in range(1, depth)) + ")" * depth
    path = write(tmp_path / "deep.amr", f"# ::id deep\n{graph}\n")
    done = run("score", path, path, "--format", "json")
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout)["pairs"][0]["scores"]["labeled_relation"]["f"] == 1.0


def test_a_white_space_line_inside_a_graph_does_not_split_it(tmp_path):
    test = write(
        tmp_path / "t.amr", GOOD.replace("(w / want-01 :ARG0 (b / boy))", "(w / want-01\n   \n  :ARG0 (b / boy))")
    )
    gold = write(tmp_path / "g.amr", GOOD)
    done = run("score", test, gold, "--format", "json")
    assert done.returncode == 0, done.stderr
    assert [p["scores"]["concept"]["f"] for p in json.loads(done.stdout)["pairs"]] == [1.0, 1.0, 1.0]


def test_an_unclosed_graph_says_where_it_started_and_the_rest_is_scored(tmp_path):
    test = write(tmp_path / "t.amr", GOOD.replace("(g / go-02 :ARG0 (g2 / girl))", "(g / go-02\n\n  :ARG0 (g2 / girl)"))
    done = run("score", test, write(tmp_path / "g.amr", GOOD), "--format", "json")
    assert (
        done.returncode == 2
        and f"{test}:5: unbalanced parenthesis: '(' opened on line 5 is never closed" in done.stderr
    )
    assert [p["error"] is None for p in json.loads(done.stdout)["pairs"]] == [True, False, True]


@pytest.mark.parametrize(
    "options, words",
    [
        (("--gamma", "-1"), "argument --gamma: must be between 0 and 1, got -1"),
        (("--gamma", "inf"), "argument --gamma: must be between 0 and 1, got inf"),
        (("--alpha", "nan"), "argument --alpha: must be at least 0, got nan"),
        (("--beta", "-0.5"), "argument --beta: must be at least 0, got -0.5"),
        (("--gamma", "abc"), "argument --gamma: not a number: 'abc'"),
        (("--jobs", "0"), "argument --jobs/-j: must be at least 1, got 0"),
    ],
)
def test_options_outside_their_domain_are_one_line_and_exit_2(tmp_path, options, words):
    path = write(tmp_path / "g.amr", GOOD)
    done = run("score", path, path, *options)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and words in done.stderr, done.stderr


@pytest.mark.parametrize("options", [("--time-limit", "0"), ("--time-limit", "nan"), ("--restarts", "0")])
def test_smatch_options_outside_their_domain(tmp_path, options):
    path = write(tmp_path / "g.amr", GOOD)
    done = run("smatch", path, path, *options)
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


def test_parameters_are_checked_in_the_library_too():
    from engine.params import Params

    for wrong in ({"gamma": -1.0}, {"gamma": 1.5}, {"alpha": float("nan")}, {"beta": float("inf")}, {"tolerance": 0.0}):
        with pytest.raises(ValueError, match="must be"):
            Params(**wrong)  # type: ignore[arg-type]  # values out of range, on purpose


def test_files_with_no_shared_ids_are_paired_by_position_with_a_warning(tmp_path):
    test = write(tmp_path / "t.amr", GOOD.replace("::id ", "::id parser-"))
    gold = write(tmp_path / "g.amr", GOOD)
    done = run("score", test, gold, "--format", "json")
    assert done.returncode == 0 and "share no '# ::id', so they were paired by position" in done.stderr
    assert len(json.loads(done.stdout)["pairs"]) == 3
    by_id = run("score", test, gold, "--format", "json", "--pair-by", "id")
    assert by_id.returncode == 2 and "--pair-by position pairs the graphs in file order" in by_id.stderr


def test_a_duplicate_id_is_named_with_its_line(tmp_path):
    test = write(tmp_path / "t.amr", GOOD.replace("::id 3", "::id 1"))
    done = run("score", test, write(tmp_path / "g.amr", GOOD), "--format", "json")
    assert done.returncode == 0
    assert f"warning: {test}:7: id '1' repeats (first on line 1); the graphs were paired by position" in done.stderr


def test_the_table_fits_an_error_rows_id(tmp_path):
    """An error row's id counts for the id column's width: the rows below stay in line."""
    test = write(tmp_path / "t.amr", "# ::id a\n(x / x)\n\n# ::id a-much-longer-id\n(y / y\n\n# ::id c\n(z / z)\n")
    gold = write(tmp_path / "g.amr", "# ::id a\n(x / x)\n\n# ::id a-much-longer-id\n(y / y)\n\n# ::id c\n(z / z)\n")
    done = run("score", test, gold, "--format", "table")
    assert done.returncode == 2
    lines = done.stdout.splitlines()
    header, rows = lines[0], [line for line in lines if line[:1].isdigit() or line.startswith(("micro", "macro"))]
    column = header.index("nodes")
    assert all(line[column - 2 : column] == "  " for line in rows), rows  # every id ends before "nodes"
    assert "a-much-longer-id" in rows[1] and rows[1].index("error:") > column
