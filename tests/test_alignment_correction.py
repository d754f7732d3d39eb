"""Hand-pinned and excluded node pairs steer the alignment (the adjudicator's correction), and
the most central annotation is the one with the highest mean agreement."""

import pytest

from engine.adjudication.centrality import choose_start, most_central, pairwise_agreement
from engine.align import Correction, align
from engine.read import read_graph
from engine.scoring import score_graphs

TEST = "(a / x :ARG0 (b / y))"
GOLD = "(c / x :ARG0 (d / y))"


def test_without_a_correction_the_same_lemmas_are_anchors():
    alignment = align(read_graph(TEST), read_graph(GOLD))
    assert alignment.gold_of == (0, 1) and alignment.initial == ((0, 0), (1, 1))


def test_a_pinned_pair_replaces_the_anchors_on_its_row_and_column():
    # pin a = d: the anchors a = c (same row) and b = d (same column) go; b = c is all that is left
    test, gold = read_graph(TEST), read_graph(GOLD)
    alignment = align(test, gold, correction=Correction(pinned=((0, 1),)))
    assert alignment.initial == ((0, 1),) and alignment.gold_of == (1, 0)
    _, tallies = score_graphs(test, gold, correction=Correction(pinned=((0, 1),)))
    # S(x, y) = 0 for both pairs: concept P = R = 0/2; the :ARG0 edge a->b maps to d->c, not in gold
    assert tallies["concept"].prf().f == 0.0
    assert tallies["labeled_relation"].prf().f == 0.0
    _, plain = score_graphs(test, gold)
    assert plain["concept"].prf().f == 1.0 and plain["labeled_relation"].prf().f == 1.0


def test_an_excluded_pair_is_never_aligned_even_as_the_last_pair_left():
    # exclude a = c: b = d stays an anchor, and finalisation may only offer a = c, which is refused
    test, gold = read_graph(TEST), read_graph(GOLD)
    correction = Correction(excluded=((0, 0),))
    alignment = align(test, gold, correction=correction)
    assert alignment.gold_of == (None, 1) and alignment.initial == ((1, 1),)
    _, tallies = score_graphs(test, gold, correction=correction)
    # concept: S(b, d) = 1 matched over 2 nodes on each side -> P = R = F = 0.5
    assert tallies["concept"].prf().f == pytest.approx(0.5)


def test_exclusion_lets_the_next_best_pair_win():
    test = read_graph("(a / dog :ARG0 (b / cat))")
    gold = read_graph("(c / dog :ARG0 (d / cat) :ARG1 (e / dog-02))")
    alignment = align(test, gold, correction=Correction(excluded=((0, 0),)))
    assert alignment.gold_of[0] == 2  # dog -> dog-02, the same lemma, once dog -> dog is refused


def test_a_correction_is_checked():
    with pytest.raises(ValueError, match="one-to-one"):
        Correction(pinned=((0, 1), (0, 2)))
    with pytest.raises(ValueError, match="both pinned and excluded"):
        Correction(pinned=((0, 1),), excluded=((0, 1),))
    with pytest.raises(ValueError, match="paper profile"):
        from engine.params import ANCAST, Params

        score_graphs(read_graph(TEST), read_graph(GOLD), Params.for_profile(ANCAST), correction=Correction(((0, 0),)))
    assert not Correction() and Correction(excluded=((0, 0),))


def test_most_central_is_the_highest_mean_agreement():
    names = ["a", "b", "c"]
    # a: (0.9 + 0.8) / 2 = 0.85; b: (0.9 + 0.5) / 2 = 0.7; c: (0.8 + 0.5) / 2 = 0.65
    matrix = [[None, 0.9, 0.8], [0.9, None, 0.5], [0.8, 0.5, None]]
    assert most_central(names, matrix) == "a"
    # a one-sided (test x gold) matrix is read both ways: b with a = (0.2 + 0.6) / 2 = 0.4,
    # b: (0.4 + 0.9) / 2 = 0.65 beats a: (0.4 + 0.1) / 2 = 0.25 and c: (0.1 + 0.9) / 2 = 0.5
    assert most_central(names, [[None, 0.2, None], [0.6, None, 0.9], [0.1, None, None]]) == "b"
    assert most_central(names, [[None, 0.5, 0.5], [0.5, None, 0.5], [0.5, 0.5, None]]) == "a"  # ties: first
    assert most_central(["a", "b"], [[None, None], [None, None]]) is None
    assert choose_start(["a", "b", "c"], None, matrix) == "a" and choose_start(["b", "c"], "a", None) == "b"


def test_pairwise_agreement_is_the_metric_of_each_pair_once():
    graphs = {
        name: read_graph(text) for name, text in (("one", TEST), ("two", GOLD), ("three", "(e / z :ARG0 (f / y))"))
    }
    matrix = pairwise_agreement(graphs, "concept")
    assert matrix[0][1] == matrix[1][0] == 1.0 and matrix[0][0] is None
    # one vs three: b = f (S 1), a = e (S 0): concept F = 1/2
    assert matrix[0][2] == matrix[2][0] == pytest.approx(0.5)
    # one: (1 + 0.5) / 2 = 0.75, two: the same (two vs three is 0.5 too), three: 0.5 -> the first of the tie
    assert matrix[1][2] == pytest.approx(0.5) and most_central(list(graphs), matrix) == "one"
