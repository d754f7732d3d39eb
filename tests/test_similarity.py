"""Intrinsic similarity, SPEC section 2 (paper eq. 1-4), values by hand."""

import pytest

from engine.align.similarity import attribute_similarity, intrinsic_similarity, lemma_similarity
from engine.model import split_concept
from engine.read import read_graph

from .conftest import FRY_GOLD, FRY_TEST, READ_GOLD, READ_TEST


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
    [("he", "she", 2 / 3), ("fry", "stir-fry", 3 / 8), ("stir-fry", "fry", 3 / 8), ("book", "paper", 0.0), ("i", "i", 1.0)],
)
def test_lemma_similarity(a, b, expected):
    assert lemma_similarity(a, b) == pytest.approx(expected)


def test_attribute_similarity_counts_only_shared_keys():
    # fry: quant differs, polarity equal, mode only on one side -> 1/2 over 2 shared keys
    assert attribute_similarity({":quant": "5", ":polarity": "-", ":mode": "imperative"}, {":quant": "7", ":polarity": "-"}) == (0.5, 2)
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
