"""Intrinsic similarity (AnCast paper §2.1, eq. 1-4), values by hand."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.align.similarity import (
    attribute_similarity,
    contained_lemmas,
    intrinsic_similarity,
    lemma_similarity,
    lemma_table,
    node_codes,
    similarity_reasons,
    stacked_similarity,
)
from engine.model import Attribute, Graph, Node, split_concept
from engine.read import read_graph

from .conftest import FRY_GOLD, FRY_TEST, READ_GOLD, READ_TEST
from .strategies import decode, graph_triples


@pytest.mark.parametrize(
    "concept, lemma, sense",
    [
        ("read-01", "read", "01"),
        ("have-org-role-91", "have-org-role", "91"),
        ("person", "person", None),
        ("stir-fry-01", "stir-fry", "01"),
        ("ex-president", "ex-president", None),
        ('"Maryland"', '"Maryland"', None),
    ],
)
def test_split_concept(concept, lemma, sense):
    assert split_concept(concept) == (lemma, sense)


@pytest.mark.parametrize(
    "a, b, expected",
    [
        ("he", "she", 2 / 3),
        ("fry", "stir-fry", 3 / 8),
        ("stir-fry", "fry", 3 / 8),
        ("book", "paper", 0.0),
        ("i", "i", 1.0),
    ],
)
def test_lemma_similarity(a, b, expected):
    assert lemma_similarity(a, b) == pytest.approx(expected)


def test_attribute_similarity_counts_only_shared_keys():
    # fry: quant differs, polarity equal, mode only on one side -> 1/2 over 2 shared keys
    assert attribute_similarity(
        {":quant": "5", ":polarity": "-", ":mode": "imperative"}, {":quant": "7", ":polarity": "-"}
    ) == (0.5, 2)
    assert attribute_similarity({":mode": "imperative"}, {":polarity": "-"}) == (0.0, 0)


def test_quoted_and_unquoted_constants_differ():
    assert attribute_similarity({":quant": '"5"'}, {":quant": "5"}) == (0.0, 1)


def test_fry_intrinsic_similarity_is_041875():
    # (0.375 * (1 + 0.1 * (0 - 1)) + 0.5) / (1 + 1) = 0.41875
    matrix = intrinsic_similarity(read_graph(FRY_TEST), read_graph(FRY_GOLD), gamma=0.1)
    assert matrix.shape == (1, 1)
    assert matrix[0, 0] == pytest.approx(0.41875)


def test_reading_example_diagonal():
    matrix = intrinsic_similarity(read_graph(READ_TEST), read_graph(READ_GOLD), gamma=0.1)
    # read-01/read-03: sense differs -> 0.9; house/home 0; he/she 2/3; book/paper 0; i/i 1
    assert list(matrix.diagonal()) == pytest.approx([0.9, 0.0, 2 / 3, 0.0, 1.0])
    assert matrix[2, 1] == 0.0  # he vs home


def test_senseless_concepts_have_equal_senses():
    matrix = intrinsic_similarity(read_graph("(p / person)"), read_graph("(p / person-01)"), gamma=0.1)
    assert matrix[0, 0] == pytest.approx(0.9)
    assert intrinsic_similarity(read_graph("(p / person)"), read_graph("(q / person)"), 0.1)[0, 0] == 1.0


def reasons(test_text: str, gold_text: str, i: int = 0, j: int = 0, gamma: float = 0.1) -> str:
    test, gold = read_graph(test_text), read_graph(gold_text)
    value = float(intrinsic_similarity(test, gold, gamma)[i, j])
    return similarity_reasons(
        test.nodes[i], gold.nodes[j], test.attributes_by_node[i], gold.attributes_by_node[j], value
    )


def test_the_reasons_of_s_say_which_part_made_it():
    # UMR snt3 of nw_pri_0153: the same do-02, its :aspect performance in one version and process
    # in the other: S = (1 + 0) / 2 = 0.5 although the concepts are identical
    assert reasons("(d / do-02 :aspect performance)", "(d / do-02 :aspect process)") == (
        "same lemma and sense; attributes differ (:aspect performance vs process); "
        "the mean of 1 (lemma, sense) and 0 (attributes)"
    )
    assert reasons("(d / do-02 :aspect performance)", "(d / do-02 :aspect performance)") == (
        "same lemma and sense; same :aspect performance"
    )
    # the reading example: read-01 / read-03 0.9, house / home 0, he / she 2/3
    assert [reasons(READ_TEST, READ_GOLD, k, k) for k in range(3)] == [
        "same lemma, senses differ (01 vs 03)",
        "lemmas differ (house vs home)",
        "lemma he is part of she (2/3)",
    ]
    assert reasons("(p / person)", "(p / person-01)") == "same lemma, senses differ (none vs 01)"
    # fry: (3/8 (1 - 0.1) + 1/2) / 2 = 0.41875, the lemma-and-sense term 0.3375
    assert reasons(FRY_TEST, FRY_GOLD) == (
        "lemma fry is part of stir-fry (3/8), senses differ (03 vs 01); attributes differ (:quant 5 vs 7); "
        "same :polarity -; the mean of 0.338 (lemma, sense) and 0.5 (attributes)"
    )


@settings(max_examples=60, deadline=None)
@given(graph_triples(6), graph_triples(6), st.floats(0.0, 1.0))
def test_the_lemma_and_sense_term_of_the_reasons_is_that_of_eq_1(test_triples, gold_triples, gamma):
    """The term the reasons name, read back from S (2 S - S_a), is S_l (1 + gamma (S_s - 1))."""
    test, gold = decode(test_triples), decode(gold_triples)
    matrix = intrinsic_similarity(test, gold, gamma)
    for i, a in enumerate(test.nodes):
        for j, b in enumerate(gold.nodes):
            value = float(matrix[i, j])
            text = similarity_reasons(a, b, test.attributes_by_node[i], gold.attributes_by_node[j], value)
            shared = attribute_similarity(test.attributes_by_node[i], gold.attributes_by_node[j])[1]
            term = lemma_similarity(a.lemma, b.lemma) * (1 + gamma * ((a.sense == b.sense) - 1))
            if shared and value < 1:
                assert f"the mean of {term:.3g} (lemma, sense)" in text
            else:
                assert "the mean of" not in text
                assert shared or value == pytest.approx(term)
            assert ("senses differ" in text) == (a.sense != b.sense)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.text(alphabet="ab-é", max_size=5), max_size=6),
    st.lists(st.text(alphabet="ab-é", max_size=5), max_size=6),
)
def test_the_lemma_table_is_lemma_similarity_cell_by_cell(test_lemmas, gold_lemmas):
    table = lemma_table(test_lemmas, gold_lemmas)
    assert table.shape == (len(test_lemmas), len(gold_lemmas))
    for i, a in enumerate(test_lemmas):
        for j, b in enumerate(gold_lemmas):
            assert table[i, j] == lemma_similarity(a, b)  # the same float, not just a close one


@settings(max_examples=200, deadline=None)
@given(graph_triples(), graph_triples(), st.sampled_from([0.0, 0.1, 0.35, 1.0]))
def test_s_is_eq_1_computed_cell_by_cell(test_triples, gold_triples, gamma):
    """The matrix computed at once holds, to the last bit, eq. 1 evaluated for each pair of nodes."""
    test, gold = decode(test_triples), decode(gold_triples)
    similarity = intrinsic_similarity(test, gold, gamma)
    for i, a in enumerate(test.nodes):
        for j, b in enumerate(gold.nodes):
            sense = 1.0 if (a.sense or "") == (b.sense or "") else 0.0
            expected = lemma_similarity(a.lemma, b.lemma) * (1 + gamma * (sense - 1))
            value, shared = attribute_similarity(test.attributes_by_node[i], gold.attributes_by_node[j])
            if shared:
                expected = (expected + value) / 2
            assert similarity[i, j] == expected


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(alphabet="ab\né", max_size=4), unique=True, max_size=8))
def test_contained_lemmas_are_the_pairs_where_one_is_part_of_a_longer_one(lemmas):
    expected = [
        (a, b) for a, short in enumerate(lemmas) for b, long in enumerate(lemmas) if short and a != b and short in long
    ]
    assert contained_lemmas(lemmas) == expected


def node_graph(concepts, attributes):
    """A graph of the given concepts (no edges), with attributes (node, role, value)."""
    nodes = tuple(Node(f"n{i}", concept) for i, concept in enumerate(concepts))
    return Graph("n0", nodes, (), tuple(Attribute(f"n{i}", role, value) for i, role, value in attributes))


@st.composite
def node_graphs(draw):
    concepts = draw(
        st.lists(st.sampled_from(["a", "ab", "b-01", "ab-02", "ba", "", "bab", "a.n.01"]), min_size=1, max_size=5)
    )
    attributes = draw(
        st.lists(
            st.tuples(
                st.integers(0, len(concepts) - 1), st.sampled_from([":quant", ":mode"]), st.sampled_from(["1", "2"])
            ),
            max_size=3,
        )
    )
    return node_graph(concepts, attributes)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(node_graphs(), node_graphs()), min_size=1, max_size=7), st.sampled_from([0.0, 0.1, 1.0]))
def test_stacked_s_is_each_pairs_eq_1_to_the_last_bit(pairs, gamma):
    """Many small pairs with lemmas part of others: the stacked S holds eq. 1 of each pair cell by
    cell (the parts looked up by their lemma codes), 0 on the padding."""
    stacked = stacked_similarity(pairs, gamma)
    assert stacked.shape == (len(pairs), max(len(t) for t, _ in pairs), max(len(g) for _, g in pairs))
    for place, (test, gold) in enumerate(pairs):
        expected = np.zeros(stacked.shape[1:])
        for i, a in enumerate(test.nodes):
            for j, b in enumerate(gold.nodes):
                sense = 1.0 if (a.sense or "") == (b.sense or "") else 0.0
                expected[i, j] = lemma_similarity(a.lemma, b.lemma) * (1 + gamma * (sense - 1))
                value, shared = attribute_similarity(test.attributes_by_node[i], gold.attributes_by_node[j])
                if shared:
                    expected[i, j] = (expected[i, j] + value) / 2
        assert np.array_equal(stacked[place], expected)
        assert np.array_equal(intrinsic_similarity(test, gold, gamma), expected[: len(test), : len(gold)])


@given(st.lists(st.tuples(node_graphs(), node_graphs()), max_size=5))
def test_node_codes_give_back_each_nodes_lemma_and_sense_and_keep_the_padding_apart(pairs):
    lemmas, senses = node_codes(pairs)
    for coded, value_of in ((lemmas, lambda node: node.lemma), (senses, lambda node: node.sense or "")):
        for side, table, padding in ((0, coded.test, len(coded.values)), (1, coded.gold, len(coded.values) + 1)):
            for row, pair in zip(table.tolist(), pairs):
                nodes = pair[side].nodes
                assert [coded.values[code] for code in row[: len(nodes)]] == [value_of(node) for node in nodes]
                assert row[len(nodes) :] == [padding] * (len(row) - len(nodes))
        assert len(set(coded.values)) == len(coded.values)
