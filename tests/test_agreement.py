"""Agreement among annotators from pairwise F1: the figures by hand and their invariants."""

import math

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from engine.metrics.agreement import annotator_means, sentence_agreement


def test_by_hand_with_an_undefined_pair():
    nan = math.nan
    f = np.array([[nan, 0.5, nan], [0.7, nan, 0.9], [nan, 0.9, nan]])  # a-c undefined both ways
    agreement = sentence_agreement(f)
    values = [0.5, 0.7, 0.9, 0.9]
    assert agreement.mean == np.mean(values) and agreement.spread == np.std(values) and agreement.pairs == 4
    # a: (0.5 + 0.7) / 2 = 0.6 with b only; b: (0.6 + 0.9) / 2 = 0.75; c: 0.9 with b only
    assert annotator_means(f) == [0.6, 0.75, 0.9]
    assert agreement.central == 2 and agreement.central_mean == 0.9


def test_the_gold_is_none_of_the_others():
    """With a gold annotator, an annotator's mean agreement is with the other annotators (the gold
    counted as one of them raised or lowered it); the gold's own, with the annotators."""
    f = np.array([[math.nan, 0.4, 0.8], [0.6, math.nan, 1.0], [0.8, 1.0, math.nan]])  # c (2) the gold
    # a-b: (0.4 + 0.6) / 2 = 0.5 is all a and b share without the gold; c: (0.8 + 1.0) / 2
    assert annotator_means(f, gold=2) == [0.5, 0.5, 0.9]
    assert annotator_means(f) == [(0.5 + 0.8) / 2, (0.5 + 1.0) / 2, 0.9]


def test_nothing_defined():
    agreement = sentence_agreement(np.full((3, 3), math.nan))
    assert (agreement.mean, agreement.spread, agreement.central, agreement.pairs) == (None, None, None, 0)
    assert annotator_means(np.full((2, 2), math.nan)) == [None, None]


@given(
    st.integers(2, 6).flatmap(
        lambda n: st.lists(st.one_of(st.none(), st.floats(0, 1)), min_size=n * n, max_size=n * n).map(
            lambda cells: np.array([math.nan if c is None else c for c in cells]).reshape(n, n)
        )
    )
)
def test_invariants(f):
    agreement = sentence_agreement(f)
    means = annotator_means(f)
    if agreement.mean is None:
        return
    assert agreement.low is not None and agreement.high is not None and agreement.spread is not None
    assert agreement.low <= agreement.mean + 1e-12 and agreement.mean <= agreement.high + 1e-12
    assert 0 <= agreement.spread <= (agreement.high - agreement.low) / 2 + 1e-12
    defined = [m for m in means if m is not None]
    if agreement.central is not None:
        assert agreement.central_mean == max(defined) == means[agreement.central]
        assert means.index(agreement.central_mean) == agreement.central  # the first on a tie
