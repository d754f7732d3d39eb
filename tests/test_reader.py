"""Reading PENMAN files and pairing graphs; bad input names file and line."""

import pytest

from engine.errors import InputError
from engine.pairing import pair_entries
from engine.reader import check_brackets, parse_metadata, pretty_penman, read_entries, read_graph

from .conftest import EXAMPLES


def write(tmp_path, name, text, encoding="utf-8"):
    path = tmp_path / name
    path.write_bytes(text.encode(encoding) if isinstance(text, str) else text)
    return path


def test_metadata_with_several_keys_on_one_line():
    assert parse_metadata(["# ::id a.1 ::date 2020", "# ::snt Hello :: world"]) == {
        "id": "a.1", "date": "2020", "snt": "Hello :: world"}


def test_metadata_key_without_value_does_not_swallow_the_next_key():
    assert parse_metadata(["# ::id ::snt Hi there", "#::tok a::b"]) == {"id": "", "snt": "Hi there", "tok": "a::b"}


def test_reads_sentence_id_and_isi_alignments():
    graph = read_graph("# ::id x ::snt He reads\n(r / read-01~e.1 :ARG0~e.0 (h / he~e.0))")
    assert graph.id == "x" and graph.text == "He reads"
    assert [(n.var, n.concept, sorted(n.span)) for n in graph.nodes] == [("r", "read-01", [1]), ("h", "he", [0])]


def test_header_comments_and_comment_lines_inside_a_block(tmp_path):
    path = write(tmp_path, "a.amr", "# AMR release header\n# more\n\n# ::id 1\n(a / b\n# a comment\n :ARG0 (c / d))\n")
    entries = read_entries(path)
    assert len(entries) == 1 and entries[0].error is None and entries[0].line == 4
    assert len(entries[0].graph.edges) == 1


def test_one_line_graphs_odd_variables_and_wiki(tmp_path):
    graph = read_graph('(_2 / country :wiki - :name (yvi13-2 / name :op1 "Haiti"))')
    assert [n.var for n in graph.nodes] == ["_2", "yvi13-2"]
    assert {(a.role, a.value) for a in graph.attributes} == {(":wiki", "-"), (":op1", '"Haiti"')}


def test_broken_example_keeps_the_other_graphs():
    entries = read_entries(EXAMPLES / "broken_test.amr")
    assert [e.error is None for e in entries] == [True, False, True]
    error = entries[1].error
    assert error.line == 5 and "unbalanced parenthesis" in error.message
    assert str(error).startswith(f"{EXAMPLES / 'broken_test.amr'}:5: ")


@pytest.mark.parametrize(
    "text, line, words",
    [
        ("# ::id 1\n(a / b\n  :ARG0 (c / d)))\n", 3, "')' without a matching '('"),
        ("(a / b :ARG0 (c / d)) extra\n", 1, "unexpected text after the graph"),
        ("(a / b)\n(c / d)\n", 2, "unexpected text after the graph"),
        ("hello\n", 1, "expected '('"),
        ("(a / b\n  :ARG0 (c / ))\n", 2, "has no concept"),
        ("(a / b\n  :ARG0 (a / c))\n", 2, "defined twice"),
        ("(a / b\n  :ARG0 )\n", 2, "has no target"),
        ('(a / b :name "unterminated)\n', 1, "unterminated string"),
        ("(a b)\n", 1, "cannot parse graph"),
    ],
)
def test_malformed_graphs_name_the_line(tmp_path, text, line, words):
    path = write(tmp_path, "bad.amr", "# ::id ok\n(o / ok)\n\n" + text)
    entries = read_entries(path)
    assert entries[0].error is None
    error = entries[1].error
    assert error is not None and words in error.message
    assert error.line == line + 3 and error.file == str(path)


def test_parentheses_in_strings_are_not_counted():
    assert check_brackets('(n / name :op1 "a (b")') is None


def test_empty_file(tmp_path):
    with pytest.raises(InputError, match="no graphs found"):
        read_entries(write(tmp_path, "empty.amr", ""))
    with pytest.raises(InputError, match="no graphs found"):
        read_entries(write(tmp_path, "comments.amr", "# only a comment\n\n"))


def test_unreadable_path_and_directory(tmp_path):
    with pytest.raises(InputError, match="cannot read"):
        read_entries(tmp_path / "missing.amr")
    with pytest.raises(InputError, match="is a directory"):
        read_entries(tmp_path)


def test_non_utf8_input_names_the_line(tmp_path):
    path = write(tmp_path, "latin1.amr", "(a / b)\n\n# ::snt café\n(c / d)\n", encoding="latin-1")
    with pytest.raises(InputError) as caught:
        read_entries(path)
    assert caught.value.line == 3 and "not valid UTF-8" in str(caught.value)


def test_utf8_bom_is_accepted(tmp_path):
    assert read_entries(write(tmp_path, "bom.amr", "\ufeff(a / b)\n"))[0].graph is not None


def test_pairing_by_position_needs_equal_counts(tmp_path):
    test = read_entries(write(tmp_path, "t.amr", "(a / b)\n\n(c / d)\n"))
    gold = read_entries(write(tmp_path, "g.amr", "(a / b)\n"))
    with pytest.raises(InputError, match="holds 2 graphs but g.amr holds 1"):
        pair_entries(test, gold, "t.amr", "g.amr")


def test_pairing_by_id_reports_ids_in_one_file_only(tmp_path):
    test = read_entries(write(tmp_path, "t.amr", "# ::id 2\n(a / b)\n\n# ::id 1\n(c / d)\n\n# ::id 3\n(e / f)\n"))
    gold = read_entries(write(tmp_path, "g.amr", "# ::id 1\n(c / d)\n\n# ::id 2\n(a / b)\n\n# ::id 4\n(x / y)\n"))
    pairs = pair_entries(test, gold, "t.amr", "g.amr")
    assert [(p.id, p.error is None) for p in pairs] == [("2", True), ("1", True), ("3", False), ("4", False)]
    assert pairs[0].gold.graph.nodes[0].concept == "b"
    assert "id '3' has no graph in the gold file" in pairs[2].error
    assert "id '4' has no graph in the test file" in pairs[3].error


def test_duplicate_ids_fall_back_to_position(tmp_path):
    test = read_entries(write(tmp_path, "t.amr", "# ::id 1\n(a / b)\n\n# ::id 1\n(c / d)\n"))
    gold = read_entries(write(tmp_path, "g.amr", "# ::id 1\n(c / d)\n\n# ::id 2\n(a / b)\n"))
    pairs = pair_entries(test, gold, "t.amr", "g.amr")
    assert [p.gold.graph.nodes[0].concept for p in pairs] == ["d", "b"]


def test_pretty_penman_reindents_and_keeps_unparsable_text():
    assert pretty_penman("(w / want-01 :ARG0 (b / boy) :ARG1-of (x / y))") == (
        "(w / want-01\n    :ARG0 (b / boy)\n    :ARG1-of (x / y))")
    assert pretty_penman("(a b") == "(a b"


def test_entries_keep_the_block_as_written(tmp_path):
    entries = read_entries(EXAMPLES / "broken_test.amr")
    assert entries[1].text == "# ::id two\n(l / like-01 :ARG0 (g / girl :ARG1 (c / cat))"
