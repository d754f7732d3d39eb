"""Two systems against one gold: the per-sentence counts, the approximate randomisation test and
the paired bootstrap pinned against hand computation, exact enumeration and SciPy's
``permutation_test`` and ``bootstrap``; the comparison of files and of a scored matrix."""

import itertools
import json
import math
import shutil

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from engine.comparison import (
    compare_files,
    compare_matrix,
    paired_bootstrap,
    paired_counts,
    permutation_test,
    significance,
)
from engine.drs import DScorerCounts, DScorerSettings, DScorerTally
from engine.metrics import FallbackTally, Tally, Totals
from engine.params import Params
from engine.read import load_annotations
from engine.registry import requested_metrics
from engine.scoring import score_files, score_matrix

from .conftest import DEMO, SHARED, needs_shared

META = DEMO / "metamorphosed"
ANNOT1, ANNOT3, GOLD, SYS = (META / f"comptest_{name}.txt" for name in ("annot1", "annot3", "gold", "sys"))
DRS_TEST, DRS_GOLD = DEMO / "drs" / "test.clf", DEMO / "drs" / "gold.clf"


def micro_f(tallies):
    """The engine's own scalar micro F of a list of tallies (Totals, as `score` pools them)."""
    totals = Totals(("m",))
    for tally in tallies:
        totals.add({"m": tally})
    return totals.micro()["m"].f or 0.0


def brute_force_p(a, b):
    """Exact two-sided p of approximate randomisation by enumerating every swap pattern, with
    the scalar micro F: #{|δ*| ≥ |δ|} / 2^n."""
    observed = micro_f(b) - micro_f(a)
    hits = 0
    patterns = list(itertools.product((False, True), repeat=len(a)))
    for swaps in patterns:
        a_star = [y if swap else x for x, y, swap in zip(a, b, swaps)]
        b_star = [x if swap else y for x, y, swap in zip(a, b, swaps)]
        hits += abs(micro_f(b_star) - micro_f(a_star)) >= abs(observed) - 1e-9
    return hits / len(patterns)


# ---- per-sentence counts and their micro F ----------------------------------------------


def test_three_sentences_by_hand():
    # F(A) = 3/5, F(B) = 5/5: δ = 0.4. Sentence 1 is the same in both, so the 8 patterns are
    # 4 distinct ones: none (δ* = 0.4), swap 0 (A' = 4/5, B' = 4/5: 0), swap 2 (0), swap 0 and 2 (-0.4).
    a = [Tally(1, 2, 1, 2), Tally(2, 2, 2, 2), Tally(0, 1, 0, 1)]
    b = [Tally(2, 2, 2, 2), Tally(2, 2, 2, 2), Tally(1, 1, 1, 1)]
    test = permutation_test(paired_counts(a, b), trials=10_000, seed=1)
    assert test.exact and test.trials == 8
    assert test.p_value == 0.5 == brute_force_p(a, b)
    assert sorted(np.round(test.null, 12)) == [-0.4, -0.4, 0.0, 0.0, 0.0, 0.0, 0.4, 0.4]


def test_monte_carlo_below_the_patterns_adds_one():
    a = [Tally(1, 2, 1, 2), Tally(2, 2, 2, 2), Tally(0, 1, 0, 1)]
    b = [Tally(2, 2, 2, 2), Tally(2, 2, 2, 2), Tally(1, 1, 1, 1)]
    test = permutation_test(paired_counts(a, b), trials=7, seed=3)
    assert not test.exact and test.trials == 7
    hits = int(np.count_nonzero(np.abs(test.null) >= 0.4 - 1e-9))
    assert test.p_value == (hits + 1) / 8


def tally_lists(draw_size=st.integers(1, 8)):
    tally = st.builds(
        lambda size, matched, gold: Tally(min(matched, size), size, min(matched, size), max(gold, min(matched, size))),
        st.integers(0, 12),
        st.integers(0, 12),
        st.integers(0, 12),
    )
    return draw_size.flatmap(
        lambda n: st.tuples(st.lists(tally, min_size=n, max_size=n), st.lists(tally, min_size=n, max_size=n))
    )


@settings(max_examples=60, deadline=None)
@given(tally_lists())
def test_exact_enumeration_equals_brute_force(pair):
    a, b = pair
    test = permutation_test(paired_counts(a, b), trials=1 << len(a), seed=1)
    assert test.exact and test.trials == 2 ** len(a)
    assert test.p_value == pytest.approx(brute_force_p(a, b), abs=1e-12)


@settings(max_examples=60, deadline=None)
@given(tally_lists(st.integers(1, 30)))
def test_vectorised_micro_f_is_the_corpus_micro_f(pair):
    a, b = pair
    counts = paired_counts(a, b)
    f = counts.micro_f(np.stack([counts.a.sum(axis=0), counts.b.sum(axis=0)]))
    assert f.tolist() == pytest.approx([micro_f(a), micro_f(b)], abs=1e-12)


def test_fallback_tallies_pool_their_fallback():
    # ancast-0.1.1: a side without any relation takes the concept ratio of the fallback
    concepts = Tally(3, 4, 3, 5)
    a = [FallbackTally(0, 0, 1, 2, fallback=concepts), FallbackTally(0, 0, 0, 0, fallback=concepts)]
    b = [FallbackTally(1, 1, 1, 1, fallback=concepts), FallbackTally(2, 3, 2, 2, fallback=concepts)]
    counts = paired_counts(a, b)
    f = counts.micro_f(np.stack([counts.a.sum(axis=0), counts.b.sum(axis=0)]))
    assert f.tolist() == pytest.approx([micro_f(a), micro_f(b)], abs=1e-12)
    assert f[0] == pytest.approx(2 * (6 / 8) * 0.5 / (6 / 8 + 0.5))  # P falls back to 6/8, R = 1/2


@pytest.mark.parametrize("profile", ["paper", "reference"])
def test_dscorer_resamples_its_pooled_counts(profile):
    rng = np.random.default_rng(4)
    settings_ = DScorerSettings(profile)

    def tally():
        test, gold = (np.sort(rng.integers(0, 9, 4))[::-1] for _ in range(2))  # a k-gram holds a (k-1)-gram
        matched = [int(rng.integers(0, min(t, g) + 1)) for t, g in zip(test, gold)]
        low, high = sorted(int(x) for x in rng.integers(1, 12, 2))
        counts = DScorerCounts(tuple(matched), tuple(map(int, test)), tuple(map(int, gold)), low, high, low / high)
        return DScorerTally(counts=counts, settings=settings_)

    a, b = [tally() for _ in range(12)], [tally() for _ in range(12)]
    counts = paired_counts(a, b)
    assert counts.a.shape == (12, 3 * 4 + 4)
    f = counts.micro_f(np.stack([counts.a.sum(axis=0), counts.b.sum(axis=0)]))
    assert f.tolist() == pytest.approx([sum(a, DScorerTally(settings=settings_)).prf().f, micro_f(b)], abs=1e-12)
    rows = [3, 3, 0, 7, 11]  # a resample is the DScorer score of the resampled pairs' pooled counts
    resampled = counts.micro_f(counts.a[rows].sum(axis=0)[None])[0]
    assert resampled == pytest.approx(micro_f([a[k] for k in rows]), abs=1e-12)


def test_tallies_of_different_kinds_do_not_pool():
    with pytest.raises(ValueError, match="DScorer tallies pool only"):
        paired_counts([DScorerTally()], [Tally(1, 1, 1, 1)])
    with pytest.raises(ValueError, match="paired"):
        paired_counts([Tally()], [])


# ---- against SciPy ------------------------------------------------------------------------


def random_tallies(n, seed):
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n):
        size = int(rng.integers(1, 30))
        matched = int(rng.integers(0, size + 1))
        out.append(Tally(matched, size, matched, int(rng.integers(max(matched, 1), 40))))
    return out


def scipy_statistic(a, b):
    """The micro F difference F(B) − F(A) written for SciPy on sentence indices into the
    stacked rows of A then B (a swap exchanges sentence i's two indices)."""
    table = np.array([[t.test_score, t.test_size, t.gold_score, t.gold_size] for t in [*a, *b]])

    def micro(sums):
        p, r = sums[..., 0] / sums[..., 1], sums[..., 2] / sums[..., 3]
        return np.where(p + r > 0, 2 * p * r / np.where(p + r > 0, p + r, 1), 0.0)

    def statistic(x, y, axis):
        assert axis == -1
        return micro(table[y].sum(axis=-2)) - micro(table[x].sum(axis=-2))

    n = len(a)
    return statistic, (np.arange(n), np.arange(n) + n)


def test_exact_p_value_equals_scipy_permutation_test():
    a, b = random_tallies(10, seed=3), random_tallies(10, seed=4)
    statistic, data = scipy_statistic(a, b)
    reference = stats.permutation_test(data, statistic, permutation_type="samples", vectorized=True, n_resamples=5000)
    ours = permutation_test(paired_counts(a, b), 5000, seed=1)
    assert ours.exact and ours.trials == 1024  # SciPy enumerates the 2^10 patterns too
    assert ours.p_value == pytest.approx(reference.pvalue, abs=1e-12)
    assert np.sort(ours.null) == pytest.approx(np.sort(reference.null_distribution), abs=1e-12)


def test_monte_carlo_p_value_agrees_with_scipy_within_its_error():
    a, b = random_tallies(200, seed=1), random_tallies(200, seed=2)
    statistic, data = scipy_statistic(a, b)
    trials = 20_000
    reference = stats.permutation_test(
        data, statistic, permutation_type="samples", vectorized=True, n_resamples=trials, rng=np.random.default_rng(9)
    )
    ours = permutation_test(paired_counts(a, b), trials, seed=1)
    p = ours.p_value
    assert 0.05 < p < 0.5  # a corpus where the p-value is neither tiny nor 1
    error = math.sqrt(p * (1 - p) / trials + 4 * (p / 2) * (1 - p / 2) / trials)  # SciPy's is 2 · one-sided
    assert abs(p - reference.pvalue) < 5 * error
    # SciPy's own null distribution, counted our way (two-sided |δ*| ≥ |δ|, add one)
    counted = (np.count_nonzero(np.abs(reference.null_distribution) >= abs(reference.statistic) - 1e-9) + 1) / (
        trials + 1
    )
    assert abs(p - counted) < 5 * math.sqrt(2 * p * (1 - p) / trials)


def test_bootstrap_interval_equals_scipy_bootstrap_on_the_same_stream():
    a, b = random_tallies(150, seed=5), random_tallies(150, seed=6)
    columns = (
        [[t.test_score, t.test_size, t.gold_score, t.gold_size] for t in a],
        [[t.test_score, t.test_size, t.gold_score, t.gold_size] for t in b],
    )
    sample_a, sample_b = (np.array(side).T for side in columns)  # (4 columns, sentences)

    def statistic(x, y, axis):
        def micro(sums):
            p, r = sums[0] / sums[1], sums[2] / sums[3]
            return 2 * p * r / (p + r)

        return micro(y.sum(axis=axis)) - micro(x.sum(axis=axis))

    trials, seed = 4000, 11
    reference = stats.bootstrap(
        (sample_a, sample_b),
        statistic,
        paired=True,
        vectorized=True,
        n_resamples=trials,
        method="percentile",
        axis=-1,
        rng=np.random.default_rng(seed),
    )
    ours = paired_bootstrap(paired_counts(a, b), trials, seed)
    assert ours.ci == pytest.approx(tuple(reference.confidence_interval), abs=1e-12)
    assert ours.resampled == pytest.approx(reference.bootstrap_distribution, abs=1e-12)
    observed = statistic(sample_a, sample_b, -1)
    shifted = np.abs(reference.bootstrap_distribution - observed) >= abs(observed) - 1e-9
    assert ours.p_value == pytest.approx((np.count_nonzero(shifted) + 1) / (trials + 1), abs=1e-12)


# ---- invariants -----------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(tally_lists(st.integers(1, 25)), st.sampled_from(["permutation", "bootstrap"]), st.integers(0, 2**32))
def test_p_is_a_probability_and_the_same_seed_repeats(pair, test, seed):
    counts = paired_counts(*pair)
    first = significance(counts, test, 300, seed)
    assert 0 < first.p_value <= 1
    again = significance(counts, test, 300, seed)
    assert (again.p_value, again.ci) == (first.p_value, first.ci)
    assert np.array_equal(again.distribution, first.distribution)


@settings(max_examples=40, deadline=None)
@given(st.integers(30, 120), st.integers(0, 10_000))
def test_interval_holds_the_difference_on_typical_corpora(n, seed):
    a, b = random_tallies(n, seed), random_tallies(n, seed + 1)
    counts = paired_counts(a, b)
    result = significance(counts, "bootstrap", 500, seed)
    difference = micro_f(b) - micro_f(a)
    assert result.ci[0] - 1e-12 <= difference <= result.ci[1] + 1e-12


@settings(max_examples=30, deadline=None)
@given(tally_lists(st.integers(1, 20)), st.sampled_from(["permutation", "bootstrap"]))
def test_identical_systems_differ_by_nothing(pair, test):
    a, _ = pair
    result = significance(paired_counts(a, a), test, 200, seed=2)
    assert result.p_value == 1.0 and result.ci == (0.0, 0.0)


def test_bad_requests():
    counts = paired_counts([Tally(1, 1, 1, 1)], [Tally(1, 2, 1, 2)])
    with pytest.raises(ValueError, match="unknown test"):
        significance(counts, "t-test")  # type: ignore[arg-type]  # an unknown test, on purpose
    with pytest.raises(ValueError, match="at least one"):
        permutation_test(counts, 0, 1)
    with pytest.raises(ValueError, match="level"):
        paired_bootstrap(counts, 10, 1, level=1.5)
    with pytest.raises(ValueError, match="no sentence"):
        significance(paired_counts([], []))


# ---- comparing files ----------------------------------------------------------------------


def test_difference_is_the_difference_of_the_two_scores():
    comparison = compare_files(ANNOT1, ANNOT3, GOLD, "all")
    scored_a = score_files(ANNOT1, GOLD, Params(optional_metrics={"smatch"})).micro
    scored_b = score_files(ANNOT3, GOLD, Params(optional_metrics={"smatch"})).micro
    assert list(comparison.metrics) == list(requested_metrics("all", "amr", Params()))
    for metric, result in comparison.metrics.items():
        assert result.a == scored_a[metric] and result.b == scored_b[metric]
        f_a, f_b = scored_a[metric].f, scored_b[metric].f
        assert f_a is not None and f_b is not None
        assert result.difference == f_b - f_a
        assert result.count == 4  # sentence 5 is in neither annotator's file


def test_metamorphosed_annotators_p_value_is_pinned():
    comparison = compare_files(ANNOT1, ANNOT3, GOLD, "labeled_relation")
    result = comparison.metrics["labeled_relation"]
    matrix = comparison.matrix
    tallies = [
        [matrix.sentences[s].tallies[cell]["labeled_relation"] for s in result.sentences] for cell in ((0, 2), (1, 2))
    ]
    statistic, data = scipy_statistic(*tallies)
    reference = stats.permutation_test(data, statistic, permutation_type="samples", vectorized=True, n_resamples=10_000)
    assert result.significance is not None
    assert result.significance.exact and result.significance.trials == 16
    assert result.p_value == 0.125 == pytest.approx(reference.pvalue, abs=1e-12)  # 2 of the 16 patterns
    assert result.difference == pytest.approx(0.6263157894736842 - 0.48875, abs=1e-12)
    assert [problem.error.line for problem in comparison.problems] == [37, 37]  # sentence 5, missing from A and B
    assert result.labels == ("sentence 1", "sentence 2", "sentence 3", "sentence 4")
    assert np.isfinite(result.f_a).all() and result.differences == pytest.approx(result.f_b - result.f_a)


def test_drs_input_compares_counter_and_dscorer(tmp_path):
    gold_copy = shutil.copy(DRS_GOLD, tmp_path / "gold_copy.clf")
    comparison = compare_files(DRS_TEST, gold_copy, DRS_GOLD, "all")
    assert list(comparison.metrics)[-2:] == ["counter", "dscorer"] and "smatch" not in comparison.metrics
    scored = score_files(DRS_TEST, DRS_GOLD).micro
    for metric in ("counter", "dscorer"):
        result = comparison.metrics[metric]
        assert result.a == scored[metric] and result.b.f == 1.0
        f_a = scored[metric].f
        assert f_a is not None
        assert result.difference == 1.0 - f_a > 0


def test_identical_files_give_no_difference(tmp_path):
    copy = shutil.copy(SYS, tmp_path / "copy.txt")
    for test in ("permutation", "bootstrap"):
        result = compare_files(SYS, copy, GOLD, "concept", test=test, trials=500).metrics["concept"]
        assert result.difference == 0 and result.p_value == 1.0 and result.ci == (0.0, 0.0)


def test_a_matrix_already_scored_gives_the_same_comparison():
    annotations = load_annotations([ANNOT1, ANNOT3, SYS], gold=GOLD)
    matrix = score_matrix(annotations, Params())
    from_matrix = compare_matrix(matrix, 0, 2, 3, ["concept", "labeled_relation"], trials=2000, seed=5)
    from_files = compare_files(ANNOT1, SYS, GOLD, "all", trials=2000, seed=5)
    for metric in ("concept", "labeled_relation"):
        assert from_matrix.metrics[metric].as_dict(from_matrix.setup) == from_files.metrics[metric].as_dict(
            from_files.setup
        )
    assert from_matrix.setup.names == ("comptest_annot1", "comptest_sys", "comptest_gold")
    with pytest.raises(ValueError, match="another annotator"):
        compare_matrix(matrix, 0, 3, 3, ["concept"])
    with pytest.raises(ValueError, match="was not computed"):
        compare_matrix(matrix, 0, 2, 3, ["smatch"])


def test_ancast_profile_fallback_scores_match_score():
    params = Params.for_profile("ancast-0.1.1")
    comparison = compare_files(ANNOT1, ANNOT3, GOLD, "all", params=params, trials=100)
    assert comparison.matrix.sentences[0] is not None
    tallies = comparison.matrix.sentences[0].tallies[0, 2]
    assert isinstance(tallies["labeled_relation"], FallbackTally)
    scored = [score_files(path, GOLD, params.switched("smatch")).micro for path in (ANNOT1, ANNOT3)]
    assert set(comparison.metrics) <= set(scored[0])
    for metric, result in comparison.metrics.items():
        assert (result.a, result.b) == (scored[0][metric], scored[1][metric])
        assert result.p_value is not None
        assert 0 < result.p_value <= 1


@needs_shared
def test_shared_annotators():
    iaa = SHARED / "data" / "metamorphosed_iaa"
    comparison = compare_files(
        iaa / "comptest_annot4.txt", iaa / "comptest_annot1.txt", iaa / "comptest_gold.txt", "concept"
    )
    result = comparison.metrics["concept"]
    scored = [score_files(iaa / f"comptest_annot{k}.txt", iaa / "comptest_gold.txt").micro["concept"].f for k in (4, 1)]
    assert scored[0] is not None and scored[1] is not None
    assert result.difference == scored[1] - scored[0] and result.count == 4
    assert json.loads(json.dumps(result.as_dict(comparison.setup)))["sentences"] == 4
