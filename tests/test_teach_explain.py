"""One cell explained with the numbers of the equations (engine.teach.cell): every field pinned
to hand values on the SPEC examples, and the identities between the fields checked on
generated pairs."""

import math

import pytest
from hypothesis import given, settings

from bench.generate import generate
from engine.params import Params
from engine.read import read_graph
from engine.read.amr import entries_from_text
from engine.teach import explain_cell, trace_pair

from .conftest import READ_GOLD, READ_TEST, graph_of
from .strategies import decode, graph_triples

READ, HOUSE, HE, BOOK, I_NODE = range(5)  # test rows
HOME, SHE, PAPER = 1, 2, 3  # gold columns


@pytest.fixture(scope="module")
def spec():
    return trace_pair(read_graph(READ_TEST), read_graph(READ_GOLD))


def test_house_against_home_in_round_one_by_hand(spec):
    """SPEC section 3: house-home has S = 0 (different lemmas, both without sense, no
    attributes). Its only ancestor pair is the anchor read-read (P = 1 / ΔN 1), neither node has
    children (C = 0), so A_raw = sqrt(2 * 1 - 1) = 1; the normaliser is read-read's raw value
    sqrt(C) with C the sum of A over its 16 children pairs, so A = 1 / normaliser = 0.4 and
    F = (0 + 0.2)(0.4 + 0.01) = 0.082."""
    cell = explain_cell(spec, HOUSE, HOME)
    assert (cell.round, cell.iteration, cell.iterations) == (1, 14, 14)
    assert cell.similarity == 0.0
    terms = cell.terms
    assert terms.lemma == ("house", "home", 0.0)
    assert terms.sense == (None, None, 1.0)
    assert (terms.attributes, terms.attribute_value, terms.gamma) == ((), 0.0, 0.1)
    assert terms.text == "lemmas differ (house vs home)"
    assert (cell.parents.value, cell.parents.delta_n, cell.parents.contributions) == (1.0, 1.0, ((READ, READ, 1.0),))
    assert (cell.children.value, cell.children.delta_n, cell.children.contributions) == (0.0, None, ())
    assert cell.raw == 1.0
    read_read = explain_cell(spec, READ, READ)
    assert len(read_read.children.contributions) == 16 and read_read.parents.delta_n is None
    assert cell.normaliser == pytest.approx(math.sqrt(read_read.children.value), abs=1e-12)
    assert cell.normaliser == pytest.approx(2.5, abs=2e-3)
    assert cell.anchor is False
    assert cell.broadcast == pytest.approx(0.4, abs=5e-4)
    assert cell.adjusted == 0.082
    assert (cell.alpha, cell.beta) == (0.2, 0.01)


def test_read_read_is_an_anchor_whatever_its_raw_value(spec):
    """read-read has no parents (P = 0) and its C is the largest raw value of the round: it is
    its own normaliser, so A_raw / normaliser = 1 and, as an anchor, A = 1 anyway (eq. 9);
    S = (1 (1 + 0.1 (0 - 1)) + 0) / 1 = 0.9 (senses 01 and 03 differ); F = 1.1 x 1.01."""
    cell = explain_cell(spec, READ, READ)
    assert cell.terms.lemma == ("read", "read", 1.0) and cell.terms.sense == ("01", "03", 0.0)
    assert cell.similarity == pytest.approx(0.9)
    assert (cell.parents.value, cell.parents.delta_n) == (0.0, None)
    assert cell.raw == pytest.approx(cell.normaliser, abs=1e-12)
    assert cell.anchor is True and cell.broadcast == 1.0
    assert cell.adjusted == 1.111


def test_i_against_home_at_the_first_iteration_by_hand(spec):
    """i has ancestors {read, book}, home {read}: ΔN = 2/1; the previous iterate is the anchor
    matrix, so the pairs (read, read) = 1 and (book, read) = 0 give P = 1 / 2; no children:
    A_raw = sqrt(1.5 - 1); the largest raw value is 1; F = 0.2 (sqrt(0.5) + 0.01) = 0.1434."""
    cell = explain_cell(spec, I_NODE, HOME, 1, 1)
    assert (cell.iteration, cell.iterations) == (1, 14)
    assert cell.parents.contributions == ((READ, READ, 1.0), (BOOK, READ, 0.0))
    assert (cell.parents.value, cell.parents.delta_n) == (0.5, 2.0)
    assert cell.raw == pytest.approx(math.sqrt(0.5))
    assert cell.normaliser == 1.0 and cell.broadcast == pytest.approx(math.sqrt(0.5))
    assert cell.adjusted == 0.1434


def test_book_against_paper_sums_parents_and_children(spec):
    """book-paper at the second iteration: parents read-read (1), children i-i (1 after the
    first iteration): P = C = 1, A_raw = sqrt(2 x 2 - 1) = sqrt(3), over read-read's
    sqrt(10 + 3 sqrt(2))."""
    cell = explain_cell(spec, BOOK, PAPER, 1, 2)
    assert cell.parents.contributions == ((READ, READ, 1.0),)
    assert cell.children.contributions == ((I_NODE, I_NODE, 1.0),)
    assert cell.raw == pytest.approx(math.sqrt(3))
    assert cell.broadcast == pytest.approx(math.sqrt(3) / math.sqrt(10 + 3 * math.sqrt(2)))


def test_fry_against_stir_fry_by_hand():
    """SPEC section 2: S = (3/8 (1 + 0.1 (0 - 1)) + 1/2) / 2 = 0.41875 (lemma fry in stir-fry,
    senses 03 and 01, :polarity equal and :quant not). One node each: no neighbours, every raw
    value 0, nothing to divide (normaliser 1): A = 0, F = 0.61875 x 0.01 rounded to 0.0062."""
    trace = trace_pair(
        read_graph("(f / fry-03 :quant 5 :polarity - :mode imperative)"),
        read_graph("(s / stir-fry-01 :quant 7 :polarity -)"),
    )
    cell = explain_cell(trace, 0, 0)
    assert cell.similarity == pytest.approx(0.41875)
    assert cell.terms.lemma == ("fry", "stir-fry", 0.375)
    assert cell.terms.sense == ("03", "01", 0.0)
    assert cell.terms.attributes == ((":polarity", "-", "-"), (":quant", "5", "7"))
    assert cell.terms.attribute_value == 0.5
    assert (cell.parents.delta_n, cell.children.delta_n, cell.raw, cell.normaliser) == (None, None, 0.0, 1.0)
    assert (cell.anchor, cell.broadcast, cell.adjusted) == (False, 0.0, 0.0062)


def test_unknown_round_iteration_and_node_are_refused(spec):
    with pytest.raises(ValueError, match="round 3 does not exist: the pair has 2 rounds"):
        explain_cell(spec, 0, 0, 3)
    with pytest.raises(ValueError, match="iteration 15 does not exist: round 1 has 14 iterations"):
        explain_cell(spec, 0, 0, 1, 15)
    with pytest.raises(ValueError, match="iteration 0 does not exist"):
        explain_cell(spec, 0, 0, 1, 0)
    with pytest.raises(ValueError, match="test node 7 does not exist"):
        explain_cell(spec, 7, 0)


def check_identities(trace):
    """Every cell of every iteration of every round: P x ΔN is the sum of its contributions,
    each contribution the previous iterate's A, A_raw = sqrt((P + 1)(C + 1) - 1), the normaliser
    the iteration's largest A_raw (1 when all are 0), A = 1 for anchors else A_raw / normaliser, F = (S + α)(A + β) rounded as the scorer rounds it, S
    from its terms (eq. 1); the converged cell is the scorer's A and F."""
    params = trace.params
    for round_ in trace.rounds:
        for t in range(1, len(round_.iterates) + 1):
            previous = round_.anchors if t == 1 else round_.iterates[t - 2].matrix
            raws = []
            for i in range(len(trace.test)):
                for j in range(len(trace.gold)):
                    cell = explain_cell(trace, i, j, round_.number, t)
                    for total in (cell.parents, cell.children):
                        for kt, kg, a in total.contributions:
                            assert a == previous[kt, kg]
                        added = sum(a for _, _, a in total.contributions)
                        assert total.value * (total.delta_n or 1.0) == pytest.approx(added, abs=1e-12)
                    assert cell.raw == pytest.approx(
                        math.sqrt((cell.parents.value + 1) * (cell.children.value + 1) - 1)
                    )
                    raws.append(cell.raw)
                    expected = 1.0 if cell.anchor else cell.raw / cell.normaliser
                    assert cell.broadcast == pytest.approx(expected, abs=1e-12)
                    assert cell.adjusted == pytest.approx(
                        (cell.similarity + cell.alpha) * (cell.broadcast + cell.beta),
                        abs=0.5 * 10**-params.digits + 1e-12,
                    )
                    terms = cell.terms
                    shared = 1 if terms.attributes else 0
                    s = (terms.lemma[2] * (1 + terms.gamma * (terms.sense[2] - 1)) + terms.attribute_value) / (
                        1 + shared
                    )
                    assert cell.similarity == pytest.approx(s, abs=1e-12)
                    if t == len(round_.iterates):
                        assert cell.broadcast == pytest.approx(round_.converged[i, j], abs=1e-12)
                        assert cell.adjusted == round_.adjusted[i, j]
                        assert cell == explain_cell(trace, i, j, round_.number)
            normaliser = round_.iterates[t - 1].normaliser
            assert normaliser == pytest.approx(max(raws), abs=1e-12) or (max(raws) == 0 and normaliser == 1.0)


@settings(max_examples=40, deadline=None)
@given(graph_triples(max_nodes=7), graph_triples(max_nodes=7))
def test_identities_on_random_graphs(test_triples, gold_triples):
    check_identities(trace_pair(decode(test_triples), decode(gold_triples)))


def test_identities_on_generated_pairs():
    test_text, gold_text = generate(2, 12, 16, seed=11)
    for test_entry, gold_entry in zip(entries_from_text("test", test_text), entries_from_text("gold", gold_text)):
        check_identities(trace_pair(graph_of(test_entry), graph_of(gold_entry), Params(beta=0.001)))
