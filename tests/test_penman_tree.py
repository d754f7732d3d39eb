"""The PENMAN parser gives exactly what penman gives, at any depth, and names the line of every problem."""

import glob
import re
from pathlib import Path

import penman
import penman.surface
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from penman.models import amr

from bench.generate import generate
from engine.read.amr import split_blocks
from engine.read.penman_tree import (
    OWN_OF_ROLES,
    PenmanSyntaxError,
    format_tree,
    interpret,
    iter_nodes,
    orient,
    parse,
    parse_walked,
    span_of,
    walk,
)
from engine.read.umr import read_umr

from .conftest import DATA, DEMO, SHARED, graph_of
from .strategies import encode, graph_triples


def reference(text):
    graph = penman.decode(text, model=amr.model)
    alignments = {
        triple[0]: alignment.indices
        for triple, alignment in penman.surface.alignments(graph).items()
        if triple[1] == ":instance"
    }
    return graph.top, graph.triples, alignments


def ours(text):
    tree = parse(text)
    alignments = {node[0]: span_of(node[2]) for node in iter_nodes(tree) if node[2] is not None}
    return tree[0], interpret(tree), alignments


def amr_graph_texts():
    paths = glob.glob(str(SHARED / "data" / "*" / "*.txt")) + glob.glob(str(DATA / "**" / "*.amr"), recursive=True)
    paths += glob.glob(str(DEMO / "*" / "*.amr")) + glob.glob(str(DEMO / "*" / "*.txt"))
    for path in paths:
        if "umr" in path:
            continue
        for _, lines in split_blocks(Path(path).read_text(encoding="utf-8")):
            yield "\n".join(line for line in lines if not line.lstrip().startswith("#"))


def umr_graph_texts():
    paths = glob.glob(str(SHARED / "data" / "umr_english_versions" / "*.umr")) + glob.glob(str(DEMO / "umr" / "*.umr"))
    for path in paths:
        for sentence in read_umr(path).sentences:
            yield graph_of(sentence.entry).penman


def test_same_as_penman_on_every_bundled_graph():
    texts = list(amr_graph_texts()) + list(umr_graph_texts())
    broken = 0
    for text in texts:
        try:
            mine = ours(text)
        except PenmanSyntaxError:
            broken += 1
            continue
        assert mine == reference(text), text
    assert len(texts) > 40 and broken <= 1  # the contract checks' broken example is malformed on purpose


def walked_while_parsing(text):
    """What parse_walked gathers (the nodes without their edges), as walk gives it."""
    nodes, triples, _ = parse_walked(text)
    assert list(nodes) == [node[0] for node in nodes.values()]
    return list(nodes.values()), triples


def walked(tree):
    """walk's nodes (without their edges) and triples."""
    nodes, triples = walk(tree, instances=False)
    return [node[:3] for node in nodes], triples


def test_nodes_and_triples_gathered_while_parsing_are_those_of_the_walk():
    texts = list(amr_graph_texts())
    for text in texts:
        try:
            tree = parse(text)
        except PenmanSyntaxError:
            continue
        assert walked_while_parsing(text) == walked(tree), text


def test_same_as_penman_on_a_generated_corpus():
    test, gold = generate(100, 10, 40, seed=11)
    for text in (test + "\n" + gold).split("\n\n"):
        body = "\n".join(line for line in text.splitlines() if not line.startswith("#"))
        if body.strip():
            assert ours(body) == reference(body)


@settings(max_examples=300, deadline=None)
@given(graph_triples())
def test_same_as_penman_on_random_graphs(triples):
    text = encode(triples)
    assert ours(text) == reference(text)
    assert walked_while_parsing(text) == walked(parse(text))
    assert format_tree(parse(text)) == penman.format(penman.parse(text), indent=4)


def test_alignments_inverted_roles_kept_roles_and_comments():
    top, triples, alignments = ours(
        '(r / read-01~e.2 :ARG0~e.1 (h / he~e.0,1) :consist-of (x / y) :ARG1-of (b / buy-01) :mod-of r\n'
        '   # a comment inside the graph\n   :quant "5"~e.4 :ARG0-of "c")'
    )
    assert top == "r" and alignments == {"r": (2,), "h": (0, 1)}
    assert ("r", ":consist-of", "x") in triples and ("b", ":ARG1", "r") in triples and ("r", ":mod", "r") in triples
    assert ("r", ":quant", '"5"') in triples and ("r", ":ARG0-of", '"c"') in triples  # kept as written, as penman does


def test_the_roles_of_their_own_ending_in_of_are_those_of_penman_s_amr_model():
    """The model's roles are names and patterns (``:op[0-9]+``), and no pattern matches a role
    ending in -of (each ends in a digit)."""
    assert {role for role in amr.roles if role.endswith("-of")} == OWN_OF_ROLES
    patterns = [role for role in amr.roles if not re.fullmatch(r":[\w-]+", role)]
    assert patterns and all(role.endswith(("[0-9]", "[0-9]+")) for role in patterns)


ROLE_PARTS = [*amr.roles, *OWN_OF_ROLES, ":ARG0", ":op12", ":snt3", ":mod", ":domain", ":x", ":", ":of", ":-of"]


@settings(max_examples=500, deadline=None)
@given(st.sampled_from(ROLE_PARTS), st.sampled_from(["", "-of", "-of-of", "of", "-OF", "2-of"]))
def test_a_role_is_turned_round_when_penman_s_amr_model_calls_it_inverted(role, suffix):
    role += suffix
    turned = orient("a", role, "b", {"a", "b"}) == ("b", role[:-3], "a")
    assert turned is amr.model.is_role_inverted(role)


@pytest.mark.parametrize(
    "text, line, words",
    [
        ("()", 1, "empty graph '()'"),
        ("(a / b\n :ARG0 ())", 2, "empty graph '()'"),
        ("(a / b :ARG0 (c / d)) extra", 1, "unexpected text after the graph that closed on line 1"),
        ("(a / b)\n(c / d)", 2, "unexpected text after the graph that closed on line 1"),
        ("(a / b\n :ARG0 (c / d)))", 2, "')' without a matching '('"),
        ("(a / b\n :ARG0 (c / d)", 1, "'(' opened on line 1 is never closed"),
        ("(a / b\n :ARG0 (c / d\n :ARG1 (e / f)", 2, "'(' opened on line 2 is never closed"),
        ("(a / b :ARG0 )", 1, "role :ARG0 of a has no target"),
        ("(a / b :ARG0 :ARG1 c)", 1, "role :ARG0 of a has no target"),
        ("(a / )", 1, "variable a has no concept"),
        ("(a :ARG0 (b / c))", 1, "variable a has no concept"),
        ("(a / b\n :ARG0 (a / c))", 2, "variable a is defined twice (b and c)"),
        ('(a / "b)', 1, "unterminated string"),
        ('(a / b :op1 "x)', 1, "unterminated string"),
        ("(a b)", 1, "expected '/' and a concept after the variable a, found 'b'"),
        ("(a / b~)", 1, "cannot parse graph"),
        ("hello", 1, "expected '(' to start a graph, found 'hello'"),
        ("(/ b)", 1, "expected a variable after '('"),
        ("", 1, "no graph"),
    ],
)
def test_problems_name_their_line(text, line, words):
    with pytest.raises(PenmanSyntaxError) as caught:
        parse(text)
    assert caught.value.line == line and words in caught.value.message


def test_lines_count_from_the_first_line_given():
    with pytest.raises(PenmanSyntaxError) as caught:
        parse("(a / b\n\n :ARG0 (c / d)", first_line=40)
    assert caught.value.line == 40 and "opened on line 40" in caught.value.message


@pytest.mark.parametrize("depth", [1500, 5000])
def test_any_depth_is_read_without_recursion(depth):
    text = "(n0 / c0" + "".join(f" :ARG0 (n{k} / c{k}" for k in range(1, depth)) + ")" * depth
    tree = parse(text)
    triples = interpret(tree)
    assert len(triples) == 2 * depth - 1 and triples[-1] == (f"n{depth - 1}", ":instance", f"c{depth - 1}")
    assert format_tree(tree).count("\n") == depth - 1
    with pytest.raises(PenmanSyntaxError, match="never closed"):
        parse(text[:-1])
