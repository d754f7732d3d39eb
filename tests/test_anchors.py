"""Initial anchors (AnCast paper §2.1, "Initial Anchor Matrix")."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.align.anchors import (
    anchor_tokens,
    initial_anchors,
    is_abstract,
    is_mentioned,
    lemma_anchors,
    lemma_candidates,
    sentence_tokens,
    span_anchors,
    stacked_lemma_candidates,
)
from engine.align.similarity import node_codes
from engine.model import Graph, Node
from engine.params import Params
from engine.read import read_graph

from .conftest import READ_GOLD, READ_TEST, without_text
from .strategies import decode, graph_triples


def test_sentence_tokens_lowercase_and_hyphen_parts():
    assert sentence_tokens("She is reading my book.") == {"she", "is", "reading", "my", "book"}
    assert {"stir-fry", "stir", "fry"} <= sentence_tokens("Stir-fry it")


@pytest.mark.parametrize(
    "lemma, mentioned",
    [("read", True), ("house", True), ("she", True), ("i", False), ("he", False), ("home", False), ("book", True)],
)
def test_mentioned_in_reading_sentence(lemma, mentioned):
    tokens = sentence_tokens("She is reading my book in the house.")
    assert is_mentioned(lemma, tokens) is mentioned


def test_short_lemmas_need_an_exact_token():
    assert not is_mentioned("i", sentence_tokens("It is"))  # "is" is not i + s
    assert is_mentioned("go", sentence_tokens("I go"))
    assert not is_mentioned("go", sentence_tokens("She goes"))  # two letters: no inflection
    assert is_mentioned("want", sentence_tokens("She wanted"))


@pytest.mark.parametrize(
    "concept, abstract",
    [
        ("person", True),
        ("date-entity", True),
        ("have-org-role-91", True),
        ("monetary-quantity", True),
        ("and", True),
        ("read-01", False),
        ("book", False),
        ("i", False),
    ],
)
def test_abstract_concepts(concept, abstract):
    assert is_abstract(concept) is abstract


def test_reading_example_with_text_anchors_read_only():
    # "i" is not anchored: the sentence says "my" (AnCast paper §2.1: a lemma found in the sentence)
    assert initial_anchors(read_graph(READ_TEST), read_graph(READ_GOLD), Params()) == [(0, 0)]


def test_reading_example_without_text_anchors_read_and_i():
    test, gold = read_graph(without_text(READ_TEST)), read_graph(without_text(READ_GOLD))
    assert initial_anchors(test, gold, Params()) == [(0, 0), (4, 4)]
    # asking to ignore the text gives the same as having none
    assert initial_anchors(read_graph(READ_TEST), read_graph(READ_GOLD), Params(use_text=False)) == [(0, 0), (4, 4)]


def test_repeated_lemmas_are_not_anchors():
    test = read_graph("(a / and :op1 (p / person) :op2 (p2 / person) :op3 (d / dog))")
    gold = read_graph("(a / and :op1 (p / person) :op2 (d / dog))")
    assert initial_anchors(test, gold, Params()) == [(3, 2)]  # dog only: person repeats, and is abstract


def test_identical_token_spans_are_anchors():
    test = read_graph("(r / read-01~e.2 :ARG0 (x / person~e.0))")
    gold = read_graph("(r / peruse-01~e.2 :ARG0 (y / woman~e.0))")
    assert initial_anchors(test, gold, Params()) == [(0, 0), (1, 1)]
    assert initial_anchors(test, gold, Params(use_alignments=False)) == []


def lemma_graph(concepts: list[str]) -> Graph:
    return Graph("v0", tuple(Node(f"v{k}", concept) for k, concept in enumerate(concepts)), (), ())


@given(st.lists(st.tuples(*[st.lists(st.sampled_from(["a", "a-01", "b-02", "bb", ""]), max_size=7)] * 2), max_size=6))
def test_candidates_found_for_a_whole_stack_are_those_of_each_pair(sides):
    """Repeated, empty and sense-only-different lemmas, empty graphs, pairs of any sizes."""
    pairs = [(lemma_graph(test), lemma_graph(gold)) for test, gold in sides]
    assert stacked_lemma_candidates(node_codes(pairs).lemmas) == [lemma_candidates(test, gold) for test, gold in pairs]


@given(graph_triples(max_nodes=10), graph_triples(max_nodes=10), st.booleans(), st.booleans())
def test_initial_anchors_from_known_candidates_are_the_anchors_found_alone(test_triples, gold_triples, text, spans):
    test, gold = decode(test_triples), decode(gold_triples)
    if text:
        test.text = gold.text = "the boy wants a big city"
    if spans:  # span anchors first: the lemma anchors then fill the rows and columns left
        test = Graph(
            test.top,
            tuple(Node(n.var, n.concept, frozenset([k % 3])) for k, n in enumerate(test.nodes)),
            test.edges,
            test.attributes,
        )
        gold = Graph(
            gold.top,
            tuple(Node(n.var, n.concept, frozenset([k % 4])) for k, n in enumerate(gold.nodes)),
            gold.edges,
            gold.attributes,
        )
    expected = span_anchors(test, gold)  # by definition: span anchors, then lemma anchors on what is left
    for i, j in lemma_anchors(test, gold, use_text=True):
        if all(i != row and j != column for row, column in expected):
            expected.append((i, j))
    candidates = stacked_lemma_candidates(node_codes([(test, gold)]).lemmas)[0]
    assert (
        initial_anchors(test, gold, Params(), candidates) == sorted(expected) == initial_anchors(test, gold, Params())
    )


def test_anchor_tokens_are_the_sentence_of_either_graph_or_both():
    read, said = read_graph("(r / read-01)"), read_graph("(s / say-01)")
    read.text, said.text = "She reads", "He said"
    silent = read_graph("(b / book)")
    assert anchor_tokens(read, read, use_text=True) == {"she", "reads"}
    assert anchor_tokens(read, said, use_text=True) == {"she", "reads", "he", "said"}
    assert anchor_tokens(silent, said, use_text=True) == anchor_tokens(said, silent, use_text=True) == {"he", "said"}
    assert anchor_tokens(silent, silent, use_text=True) is None
    assert anchor_tokens(read, said, use_text=False) is None
