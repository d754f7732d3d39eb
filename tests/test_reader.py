"""Reading PENMAN files and pairing graphs; bad input names file and line."""

import pickle
import re
from dataclasses import FrozenInstanceError, replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import InputError
from engine.model import Attribute, Edge, Graph, Node, Tree
from engine.params import ANCAST, Params
from engine.read import load_pairs, read_entries, read_graph
from engine.read.amr import entries_from_text, parse_entry, split_blocks
from engine.read.pairing import pair_entries
from engine.read.penman_tree import format_tree, parse
from engine.read.source import parse_metadata
from engine.scoring.pair import reads_trees

from .conftest import EXAMPLES, graph_of, required
from .strategies import encode, graph_triples


def write(tmp_path, name, text, encoding="utf-8"):
    path = tmp_path / name
    path.write_bytes(text.encode(encoding) if isinstance(text, str) else text)
    return path


def test_metadata_with_several_keys_on_one_line():
    assert parse_metadata(["# ::id a.1 ::date 2020", "# ::snt Hello :: world"]) == {
        "id": "a.1",
        "date": "2020",
        "snt": "Hello :: world",
    }


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
    assert entries[0].graph is not None
    assert len(entries[0].graph.edges) == 1


def test_one_line_graphs_odd_variables_and_wiki(tmp_path):
    graph = read_graph('(_2 / country :wiki - :name (yvi13-2 / name :op1 "Haiti"))')
    assert [n.var for n in graph.nodes] == ["_2", "yvi13-2"]
    assert {(a.role, a.value) for a in graph.attributes} == {(":wiki", "-"), (":op1", '"Haiti"')}


def test_broken_example_keeps_the_other_graphs():
    entries = read_entries(EXAMPLES / "broken_test.amr")
    assert [e.error is None for e in entries] == [True, False, True]
    error = entries[1].error
    assert error is not None
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
        ("()\n", 1, "empty graph"),
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
    assert read_graph('(n / name :op1 "a (b")').attributes[0].value == '"a (b"'


def test_a_blank_or_white_space_line_inside_a_graph_does_not_split_it(tmp_path):
    text = "# ::id 1\n(a / b\n   \n  :ARG0 (c / d)\n\n  :ARG1 (e / f))\n\n# ::id 2\n(g / h)\n"
    entries = read_entries(write(tmp_path, "w.amr", text))
    assert [(e.id, e.error, len(graph_of(e))) for e in entries] == [("1", None, 3), ("2", None, 1)]
    assert [start for start, _ in split_blocks(text)] == [1, 8]


def test_an_unclosed_graph_says_where_it_started_and_the_next_graphs_are_kept(tmp_path):
    text = "# ::id 1\n(a / b\n  :ARG0 (c / d)\n\n# ::id 2\n(g / h)\n\n(i / j\n\n  :ARG0 (k / l)\n"
    entries = read_entries(write(tmp_path, "u.amr", text))
    assert [e.id for e in entries] == ["1", "2", None]
    assert entries[0].error is not None and entries[2].error is not None
    assert entries[0].error.line == 2 and "'(' opened on line 2 is never closed" in entries[0].error.message
    assert entries[1].graph is not None
    assert entries[2].error.line == 10
    assert entries[2].error.message == "the file ends inside a graph (unclosed parenthesis opened at line 8)"


@pytest.mark.parametrize(
    "cut", ["(x / xx :A", "(x / xx\n  :A (y", "(x / xx\n  :A (y / yy\n  :B", "(x /", "(x", "(x / xx :A (y / yy)"]
)
@pytest.mark.parametrize("lazy", [False, True])
def test_a_file_cut_inside_its_last_graph_says_so_with_the_line_the_graph_opened_on(tmp_path, cut, lazy):
    path = write(tmp_path, "cut.amr", f"# ::id a\n(w / want-01)\n\n# ::id b\n# ::snt cut\n{cut}\n")
    entries = [parse_entry(entry) for entry in read_entries(path, lazy=lazy)]
    last = 6 + cut.count("\n")
    assert entries[0].graph is not None
    expected = f"{path}:{last}: the file ends inside a graph (unclosed parenthesis opened at line 6)"
    assert str(entries[1].error) == expected


def test_a_graph_left_open_before_the_next_block_keeps_its_own_message(tmp_path):
    entries = read_entries(write(tmp_path, "open.amr", "# ::id a\n(w / want-01 :ARG0\n\n# ::id b\n(x / xx)\n"))
    assert str(entries[0].error).endswith(":2: role :ARG0 of w has no target") and entries[1].graph is not None


def test_an_empty_graph_is_an_error_on_its_line_only(tmp_path):
    entries = read_entries(write(tmp_path, "e.amr", "# ::id 1\n(a / b)\n\n# ::id 2\n()\n\n# ::id 3\n(c / d)\n"))
    assert [str(e.error) if e.error else None for e in entries] == [
        None,
        f"{tmp_path / 'e.amr'}:5: empty graph '()': a node needs a variable and a concept",
        None,
    ]


def test_nesting_of_any_depth_is_read(tmp_path):
    depth = 3000
    graph = "(n0 / c0" + "".join(f" :ARG0 (n{k} / c{k}" for k in range(1, depth)) + ")" * depth
    entries = read_entries(write(tmp_path, "deep.amr", f"# ::id deep\n{graph}\n\n# ::id bad\n{graph[:-1]}\n"))
    assert entries[0].graph is not None and entries[1].error is not None
    assert len(entries[0].graph) == depth and len(entries[0].graph.edges) == depth - 1
    assert entries[1].error.line == 5 and "the file ends inside a graph" in entries[1].error.message


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


def test_non_utf8_input_after_a_bom_names_its_line_and_byte(tmp_path):
    path = tmp_path / "bom-latin1.amr"
    path.write_bytes(b"\xef\xbb\xbf(a / b)\n\xe9(c / d)\n")
    with pytest.raises(InputError) as caught:
        read_entries(path)
    assert caught.value.line == 2 and "(byte 0xe9)" in str(caught.value)


def test_pairing_by_position_needs_equal_counts(tmp_path):
    test = read_entries(write(tmp_path, "t.amr", "(a / b)\n\n(c / d)\n"))
    gold = read_entries(write(tmp_path, "g.amr", "(a / b)\n"))
    with pytest.raises(InputError, match=re.escape("holds 2 graphs but g.amr holds 1")):
        pair_entries(test, gold, "t.amr", "g.amr")


def test_pairing_by_id_reports_ids_in_one_file_only(tmp_path):
    test = read_entries(write(tmp_path, "t.amr", "# ::id 2\n(a / b)\n\n# ::id 1\n(c / d)\n\n# ::id 3\n(e / f)\n"))
    gold = read_entries(write(tmp_path, "g.amr", "# ::id 1\n(c / d)\n\n# ::id 2\n(a / b)\n\n# ::id 4\n(x / y)\n"))
    pairs, warnings = pair_entries(test, gold, "t.amr", "g.amr")
    assert [(p.id, p.error is None) for p in pairs] == [("2", True), ("1", True), ("3", False), ("4", False)]
    assert warnings == ["2 id(s) appear in one file only (first: '3'); those pairs are not scored"]
    assert pairs[0].gold is not None and pairs[0].gold.graph is not None
    assert pairs[0].gold.graph.nodes[0].concept == "b"
    assert pairs[2].error is not None and pairs[3].error is not None
    assert "id '3' has no graph in the gold file" in pairs[2].error
    assert "id '4' has no graph in the test file" in pairs[3].error


def test_duplicate_ids_fall_back_to_position_with_a_warning(tmp_path):
    test = read_entries(write(tmp_path, "t.amr", "# ::id 1\n(a / b)\n\n# ::id 1\n(c / d)\n"))
    gold = read_entries(write(tmp_path, "g.amr", "# ::id 1\n(c / d)\n\n# ::id 2\n(a / b)\n"))
    pairs, warnings = pair_entries(test, gold, str(tmp_path / "t.amr"), str(tmp_path / "g.amr"))
    assert [graph_of(p.gold).nodes[0].concept for p in pairs] == ["d", "b"]
    assert warnings == [f"{tmp_path / 't.amr'}:4: id '1' repeats (first on line 1); the graphs were paired by position"]
    with pytest.raises(InputError) as caught:
        pair_entries(test, gold, "t.amr", "g.amr", pair_by="id")
    assert caught.value.line == 4 and "repeats" in caught.value.message and "--pair-by id" in caught.value.message


def test_files_without_shared_ids_are_paired_by_position_with_a_hint(tmp_path):
    test = write(tmp_path, "t.amr", "# ::id parser-1\n(a / b)\n\n# ::id parser-2\n(c / d)\n")
    gold = write(tmp_path, "g.amr", "# ::id gold-1\n(a / b)\n\n# ::id gold-2\n(c / e)\n")
    loaded = load_pairs(test, gold)
    assert [(required(p.test).id, required(p.gold).id) for p in loaded.pairs] == [
        ("parser-1", "gold-1"),
        ("parser-2", "gold-2"),
    ]
    assert loaded.warnings == [
        f"{test} and {gold} share no '# ::id', so they were paired by position "
        "(--pair-by position says so without this warning)"
    ]
    by_id = load_pairs(test, gold, pair_by="id")
    assert all(p.error for p in by_id.pairs) and "nothing could be paired by id" in by_id.warnings[0]
    quiet = load_pairs(test, gold, pair_by="position")
    assert len(quiet.pairs) == 2 and quiet.warnings == [
        "2 pair(s) have different ids in the two files (first: pair 1, 'parser-1' vs 'gold-1')"
    ]


def test_nothing_to_pair_says_what_would_work(tmp_path):
    test = write(tmp_path, "t.amr", "# ::id a\n(a / b)\n\n# ::id b\n(c / d)\n")
    gold = write(tmp_path, "g.amr", "# ::id x\n(a / b)\n")
    with pytest.raises(InputError, match="share no '# ::id' and cannot be paired by position either"):
        load_pairs(test, gold)


def test_graph_keeps_its_tree_for_display():
    graph = read_graph("(w / want-01 :ARG0 (b / boy) :ARG1-of (x / y))")
    assert graph.tree is not None
    assert format_tree(graph.tree) == "(w / want-01\n    :ARG0 (b / boy)\n    :ARG1-of (x / y))"


def test_a_read_graph_decodes_its_tree_on_first_read_only():
    graph = read_graph("# ::id a\n(w / want-01~e.1 :ARG0 (b / boy)\n\n   :ARG1 b  # again\n :polarity -)")
    assert "_tree" in graph.__dict__ and callable(graph.__dict__["_tree"])  # not decoded while reading
    tree = graph.tree
    assert tree == ("w", "want-01", "~e.1", [(":ARG0", ("b", "boy", None, [])), (":ARG1", "b"), (":polarity", "-")])
    assert graph.tree is tree  # decoded once


@settings(max_examples=100, deadline=None)
@given(graph_triples())
def test_a_deferred_tree_is_the_parsed_one_through_copies_and_pickles(triples):
    text = encode(triples)
    for graph in (read_graph(text), pickle.loads(pickle.dumps(read_graph(text))), replace(read_graph(text), id="x")):
        assert graph.tree == parse(text)


@settings(max_examples=100, deadline=None)
@given(graph_triples())
def test_an_entry_decoded_with_its_tree_has_the_deferred_one(triples):
    (lazy,) = entries_from_text("x.amr", "# ::id a\n" + encode(triples), lazy=True)
    now, later = parse_entry(lazy, tree=True).graph, parse_entry(lazy).graph
    assert now is not None and later is not None
    assert not callable(now.__dict__["_tree"]) and callable(later.__dict__["_tree"])
    assert now.tree == later.tree == parse(encode(triples))


def test_a_tree_given_or_none_is_kept():
    tree: Tree = ("a", "b", None, [])
    assert Graph("a", (Node("a", "b"),), (), (), tree=tree).tree is tree
    assert Graph("a", (Node("a", "b"),), (), ()).tree is None
    assert Graph.tree is None  # the field's default


def test_entries_keep_the_block_as_written(tmp_path):
    entries = read_entries(EXAMPLES / "broken_test.amr")
    assert entries[1].text == "# ::id two\n(l / like-01 :ARG0 (g / girl :ARG1 (c / cat))"


def blocks_line_by_line(text):
    """The blocks of split_blocks found the plain way, one line at a time: a blank line ends a
    block unless its graph is open and the next non-blank line does not start with '#' or '('."""
    lines = text.splitlines()
    blocks: list[tuple[int, list[str]]] = []
    current: list[str] = []
    start = depth = 0
    for number, line in enumerate(lines, start=1):
        if line.strip():
            if not current:
                start, depth = number, 0
            current.append(line)
            if not line.lstrip().startswith("#"):
                graph = re.sub(r'"[^"\\\n]*(?:\\.[^"\\\n]*)*"', "", line)
                graph = re.sub(r"(?:^|\s)#.*", "", graph)
                depth += graph.count("(") - graph.count(")")
        elif current:
            following = next((later for later in lines[number:] if later.strip()), "#")
            if depth > 0 and following[:1] not in ("#", "("):
                current.append(line)
                continue
            blocks.append((start, current))
            current = []
    if current:
        blocks.append((start, current))
    return [(start, block) for start, block in blocks if any(not line.lstrip().startswith("#") for line in block)]


LINES = ["", "  ", "\t", "# ::id x", "  # c (", "(a / b", "(a / b)", "  :ARG0 (c / d)", ")", "  x)", '  :op1 "(" ']
LINES += ["x # (", "#(", "  :A (b", "))", "\u00a0", "a\x1cb", "c\rd", "e\u2028f"]


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(LINES), max_size=25), st.sampled_from(["\n", "\r\n"]), st.booleans())
def test_blocks_are_split_as_line_by_line(lines, newline, final_newline):
    text = newline.join(lines) + (newline if final_newline else "")
    assert split_blocks(text) == blocks_line_by_line(text)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(LINES + ["# ::id y ::snt z", "  # ::id w"]), min_size=1, max_size=12))
def test_lazy_entries_read_the_ids_of_eager_ones(lines):
    text = "\n".join(lines)
    try:
        eager = entries_from_text("f", text)
    except InputError:
        return
    lazy = [parse_entry(entry) for entry in entries_from_text("f", text, lazy=True)]
    assert [(e.line, e.id, e.text, str(e.error), e.graph and e.graph.penman) for e in lazy] == [
        (e.line, e.id, e.text, str(e.error), e.graph and e.graph.penman) for e in eager
    ]


def test_nodes_edges_and_attributes_are_frozen_values():
    node = Node("r", "read-01", frozenset({2}))
    assert (node.lemma, node.sense) == ("read", "01") and node == Node("r", "read-01", frozenset({2}))
    assert replace(node, concept="person").lemma == "person" and hash(Edge("a", ":r", "b")) == hash(
        Edge("a", ":r", "b")
    )
    assert Edge("a", ":r", "b") != Attribute("a", ":r", "b")
    for value, name in ((node, "var"), (Edge("a", ":r", "b"), "role"), (Attribute("a", ":r", "b"), "value")):
        with pytest.raises(FrozenInstanceError):
            setattr(value, name, "x")


@pytest.mark.parametrize("lazy", [False, True])
def test_comment_lines_inside_a_graph_are_metadata_not_penman(lazy):
    text = "# ::id 1\n(a / b\n  # ::snt said late\n  :ARG0 (c / d # not a comment line\n  ))"
    [entry] = [parse_entry(entry) for entry in entries_from_text("f", text, lazy)]
    assert entry.id == "1" and entry.graph is not None
    assert entry.graph.metadata == {"id": "1", "snt": "said late"}
    assert entry.graph.penman == "(a / b\n  :ARG0 (c / d # not a comment line\n  ))"


def test_graphs_read_while_the_caches_are_emptied_are_the_same(monkeypatch):
    from engine.read import amr

    text = "(r / read-01~e.1 :ARG0 (h / he) :ARG1-of (b / book :domain r) :polarity - :quant 5)"
    before = read_graph(text)
    monkeypatch.setattr(amr, "_MOST", 2)
    for cache in (amr._NODES, amr._EDGES, amr._WRITTEN_EDGES, amr._ATTRIBUTES):
        cache.clear()
    for _ in range(3):
        graph = read_graph(text)
        assert (graph.nodes, graph.edges, graph.attributes) == (before.nodes, before.edges, before.attributes)
    assert len(amr._NODES) <= 2 and len(amr._EDGES) <= 2 and len(amr._ATTRIBUTES) <= 2
    assert [(e.source, e.role, e.target) for e in before.edges] == [
        ("r", ":ARG0", "h"),
        ("b", ":ARG1", "r"),
        ("r", ":mod", "b"),
    ]


def test_the_runs_that_read_every_tree_are_known():
    assert not reads_trees(Params())  # the AnCast metrics read no tree
    assert reads_trees(Params(optional_metrics={"smatch"})) and reads_trees(Params.for_profile(ANCAST))
