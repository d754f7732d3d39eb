"""AnCast metrics (paper §2.3, eq. 15-26), with values computed by hand."""

import math

import pytest

from engine.metrics import PRF, Tally, Totals, f_score
from engine.metrics.triples import Category, TripleMatch, classify_triples
from engine.read import read_graph
from engine.scoring import score_graphs

from .conftest import FRY_GOLD, FRY_TEST, READ_GOLD, READ_TEST, required, without_text


def scores_of(test_text, gold_text):
    test, gold = read_graph(test_text), read_graph(gold_text)
    _, tallies = score_graphs(test, gold)
    return {name: tally.prf() for name, tally in tallies.items()}


def test_fry_concept_and_labeled_relation():
    scores = scores_of(FRY_TEST, FRY_GOLD)
    assert scores["concept"].f == pytest.approx(0.41875)
    # quant/5 and mode/imperative have no mirror; polarity/- has s_c = (0.41875 + 1) / 2
    s_c = (0.41875 + 1) / 2
    assert scores["labeled_relation"].p == pytest.approx(s_c / 3)
    assert scores["labeled_relation"].r == pytest.approx(s_c / 2)
    assert scores["labeled_relation"].f == pytest.approx(0.2838, abs=1e-4)


@pytest.mark.parametrize("strip", [False, True], ids=["with-snt", "without-snt"])
def test_reading_example_scores(strip):
    prepare = without_text if strip else (lambda text: text)
    scores = scores_of(prepare(READ_TEST), prepare(READ_GOLD))
    concept = (0.9 + 0 + 2 / 3 + 0 + 1) / 5
    labeled = (0.45 + (0.9 + 2 / 3) / 2 + 0.45 + 0) / 4
    unlabeled = (0.45 + (0.9 + 2 / 3) / 2 + 0.45 + 0.5) / 4
    # weights sqrt(d1 d2 + 1): read has 4 descendants, book 1, the rest 0
    w_book = math.sqrt(4 * 1 + 1)
    weighted = (0.45 + (0.9 + 2 / 3) / 2 + w_book * 0.45 + 0) / (1 + 1 + w_book + 1)
    assert scores["concept"].f == pytest.approx(concept) == pytest.approx(0.5133, abs=1e-4)
    assert scores["labeled_relation"].f == pytest.approx(labeled) == pytest.approx(0.4208, abs=1e-4)
    assert scores["unlabeled_relation"].f == pytest.approx(unlabeled) == pytest.approx(0.5458, abs=1e-4)
    assert scores["weighted_relation"].f == pytest.approx(weighted) == pytest.approx(0.4277, abs=1e-4)
    assert scores["mock_smatch"].f == pytest.approx(0.5)  # TOP, i/i and three relations of 10


def test_reading_triple_similarities():
    test, gold = read_graph(READ_TEST), read_graph(READ_GOLD)
    alignment, _ = score_graphs(test, gold)
    rows = {(r.test.role if r.test else None): r for r in classify_triples(alignment, test, gold)}
    assert rows[":location"].similarity == pytest.approx(0.45)
    assert rows[":ARG0"].similarity == pytest.approx(0.7833, abs=1e-4)
    assert rows[":ARG1"].similarity == pytest.approx(0.45)
    assert rows[":poss"].category is Category.LABEL_DIFFERS and required(rows[":poss"].gold).role == ":part"
    assert rows[":location"].category is Category.CONCEPT_DIFFERS  # house vs home
    assert len(rows) == 4


def test_triple_categories_cover_every_relation_once():
    test = read_graph("(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-01 :ARG0 b) :polarity -)")
    gold = read_graph("(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-02 :ARG1 b) :time (n / now))")
    alignment, _ = score_graphs(test, gold)
    rows = classify_triples(alignment, test, gold)
    by_category: dict[Category, list[TripleMatch]] = {}
    for row in rows:
        by_category.setdefault(row.category, []).append(row)
    assert [str(r.test) for r in by_category[Category.MATCHED]] == ["(w/want-01 :ARG0 b/boy)"]
    assert [required(r.test).role for r in by_category[Category.CONCEPT_DIFFERS]] == [":ARG1"]  # go-01 vs go-02
    assert [(required(r.test).role, required(r.gold).role) for r in by_category[Category.LABEL_DIFFERS]] == [
        (":ARG0", ":ARG1")
    ]
    assert [required(r.test).role for r in by_category[Category.ONLY_IN_TEST]] == [":polarity"]
    assert [required(r.gold).role for r in by_category[Category.ONLY_IN_GOLD]] == [":time"]
    assert sum(1 for r in rows if r.test) == 4 and sum(1 for r in rows if r.gold) == 4


def test_f_score_rules():
    assert f_score(0.5, 0.5) == 0.5
    assert f_score(None, None) is None
    assert f_score(None, 0.7) == 0.0
    assert f_score(0.0, 0.0) == 0.0


def test_relation_f_is_null_when_both_sides_have_no_relations():
    scores = scores_of("(d / dog)", "(c / cat)")
    assert scores["labeled_relation"] == PRF(None, None, None)
    assert scores["concept"].f == 0.0


def test_relation_f_is_zero_when_one_side_has_none():
    scores = scores_of("(d / dog)", "(d / dog :mod (b / big))")
    assert scores["labeled_relation"].f == 0.0 and scores["labeled_relation"].p is None
    assert scores["concept"].p == 1.0 and scores["concept"].r == 0.5


def test_macro_leaves_out_undefined_pairs():
    totals = Totals()
    for tally in (Tally(0, 0, 0, 0), Tally(1.0, 1, 1.0, 2), Tally(0.0, 3, 0.0, 1)):
        totals.add({"labeled_relation": tally})
    macro = totals.macro()["labeled_relation"]  # pairs with F 2/3 and 0; the 0/0 pair is left out
    assert macro.f == pytest.approx(1 / 3) and macro.p == 0.5 and macro.r == 0.25


def test_micro_tallies_pool_counts():
    pooled = Tally(1.0, 2, 1.0, 4) + Tally(3.0, 4, 3.0, 4)
    assert pooled.prf().p == pytest.approx(4 / 6) and pooled.prf().r == pytest.approx(4 / 8)


def test_duplicate_triples_count_once():
    scores = scores_of(
        "(w / want-01 :ARG0 (b / boy) :ARG0 b :polarity - :polarity -)", "(w / want-01 :ARG0 (b / boy) :polarity -)"
    )
    assert all(score.f == 1.0 for score in scores.values())


def test_domain_is_read_as_mod():
    scores = scores_of("(r / red :domain (b / ball))", "(b / ball :mod (r / red))")
    assert scores["labeled_relation"].f == 1.0 and scores["concept"].f == 1.0


def test_inverted_roles_are_deinverted_but_consist_of_is_kept():
    scores = scores_of("(b / boy :ARG0-of (w / want-01))", "(w / want-01 :ARG0 (b / boy))")
    assert scores["labeled_relation"].f == 1.0
    assert scores["mock_smatch"].f < 1.0  # the roots differ
    team = read_graph("(t / team :consist-of (p / person))")
    assert [(e.source, e.role, e.target) for e in team.edges] == [("t", ":consist-of", "p")]


def test_quoted_and_unquoted_constants_do_not_mirror():
    scores = scores_of('(m / monetary-quantity :quant "5")', "(m / monetary-quantity :quant 5)")
    assert scores["labeled_relation"].f == 0.0 and scores["unlabeled_relation"].f == 0.0
