"""DScorer in the paper and reference profiles (Liu et al. 2020).

Reference numbers marked "DRSScorer run" come from running the public code
(github.com/LeonCrashCode/DRSScorer at fa3547b, ``python3 eval.py TEST GOLD 4 0.225
0.225 0.225 0.225 0.1`` with an empty ``en_sense_dict``) on the bare clause lines of
these files, one pair per file for the pair values. It prints recall first; here p is
precision (matched / test k-grams) in both profiles.
"""

import math
import random
from collections import Counter, defaultdict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.generate_drs import generate_pairs
from engine.drs import (
    DScorerCounts,
    DScorerSettings,
    dscorer_counts,
    dscorer_kgrams,
    dscorer_score,
    parse_drs_text,
    read_drs_file,
)
from engine.drs.dscorer_graph import paper_graph, reference_graph
from engine.drs.kgrams import count_kgrams, kgram_table

from .conftest import ROOT

DRS_DATA = ROOT / "tests" / "data" / "drs"
PAPER, REFERENCE = DScorerSettings("paper"), DScorerSettings("reference")
[TINY_TEST] = read_drs_file(DRS_DATA / "tiny_test.clf")
[TINY_GOLD] = read_drs_file(DRS_DATA / "tiny_gold.clf")
VARIANTS = list(
    zip(read_drs_file(DRS_DATA / "figure1_variants_test.clf"), read_drs_file(DRS_DATA / "figure1_variants_gold.clf"))
)
CASES = list(
    zip(read_drs_file(DRS_DATA / "reference_cases_test.clf"), read_drs_file(DRS_DATA / "reference_cases_gold.clf"))
)


def brute_force(graph, k: int, simple: bool) -> Counter:
    """Every k-gram listed one by one (the slow definition the fast counting must agree with)."""
    out = defaultdict(list)
    for source, target, label in graph.edges:
        out[source].append((target, label))
    found: Counter = Counter()

    def follow(node, sequence, visited):
        if len(sequence) == 2 * k + 1:
            found[tuple(sequence)] += 1
            return
        for target, label in out[node]:
            if not (simple and target in visited):
                follow(target, [*sequence, label, graph.labels[target]], visited | {target})

    for node in range(len(graph.labels)):
        follow(node, [graph.labels[node]], {node})
    return found


def test_the_tiny_pair_in_the_paper_profile_by_hand():
    """She sang, sing "v.02" in test. Paper graph: nodes b1 x1 e1 (B X E), undirected
    edges b1-x1 (REF, female.n.02), b1-e1 (REF, Agent-A1, sing.v.0N), e1-x1 (Agent-A2), so
    A = [[0,2,3],[2,0,1],[3,1,0]] and the k-walks are 1'A^k 1: A1 = (5,3,4) -> 12,
    A(5,3,4) = (18,14,18) -> 50, (82,54,68) -> 204, (312,232,300) -> 844. Every walk without
    a sing edge reads the same in both graphs and every walk with one differs, so the
    matched walks are those of A' = A without sing, [[0,2,2],[2,0,1],[2,1,0]]: (4,3,3) -> 10,
    (12,11,11) -> 34, (44,35,35) -> 114, (140,123,123) -> 386. p_0 = 3/3."""
    counts = dscorer_counts(TINY_TEST.clauses, TINY_GOLD.clauses, PAPER)
    assert counts.test == counts.gold == (12, 50, 204, 844)
    assert counts.matched == (10, 34, 114, 386)
    score = dscorer_score(counts, PAPER)
    expected = math.exp(0.1 * math.log(1) + 0.225 * sum(map(math.log, (10 / 12, 34 / 50, 114 / 204, 386 / 844))))
    assert expected == pytest.approx(0.64742, abs=1e-5)
    assert score.total.p == score.total.r == pytest.approx(expected, rel=1e-12)
    assert score.total.f == pytest.approx(expected, rel=1e-12)
    assert [round(o.f, 6) for o in score.orders] == [round(10 / 12, 6), 0.68, round(114 / 204, 6), round(386 / 844, 6)]
    assert score.zero == 1.0


def test_other_n_and_weights():
    """n = 2, weights (0.2, 0.4, 0.4): exp(0.4 log(10/12) + 0.4 log(34/50)) = (17/30)^0.4."""
    settings2 = DScorerSettings("paper", n=2, weights=(0.2, 0.4, 0.4))
    score = dscorer_score(dscorer_counts(TINY_TEST.clauses, TINY_GOLD.clauses, settings2), settings2)
    assert score.total.f == pytest.approx((17 / 30) ** 0.4, rel=1e-12)
    with pytest.raises(ValueError, match="takes 3 weights"):
        DScorerSettings("paper", n=2, weights=(0.5, 0.5))
    with pytest.raises(ValueError, match="not one of"):
        DScorerSettings("bleu")


def test_the_tiny_pair_in_the_reference_profile():
    """Reference graph: nodes b1 x1 e1 "n.02" "v.0N"; REF b1->x1, b1->e1 one way, female b1<->"n.02"<->x1,
    Agent b1<->e1<->x1, sing b1<->"v.0N"<->e1: 2 + 3 x 4 = 14 1-grams, the 4 through "v.02" differ."""
    counts = dscorer_counts(TINY_TEST.clauses, TINY_GOLD.clauses, REFERENCE)
    assert (counts.matched[0], counts.test[0], counts.gold[0]) == (10, 14, 14)
    assert (counts.nodes_min, counts.nodes_max) == (5, 5)


# Figure 1 variants, paper profile, orders 1 and 2 by hand. Figure 1's paper graph has 14
# nodes (b0-b5, x1-x3, e1, e2, t1, t2, "now") and 31 edges: 3 join two boxes (NOT, CONTRAST-A1,
# CONTRAST-A2) and stay one-way, 28 go both ways: 3 + 56 = 59 1-grams. (in, out) degrees:
# b0 (0,2) b1 (10,9) b2 (2,2) b3 (2,2) b4 (8,7) b5 (2,2) x1 x2 x3 (3,3) e1 (8,8) e2 (6,6)
# t1 t2 (5,5) "now" (2,2); 2-walks = sum in*out = 90+4+4+56+4+9+9+9+64+36+25+25+4 = 339.
# A changed label (sense, role, inverted) spoils every walk through its edges and no other:
# walks through a set S of directed edges = sum over d=(u,v) in S of out(v) + in(u), less
# the consecutive pairs inside S. A missing edge (NOT) or an extra one (Theme e2 x2) leaves
# one graph's walks inside the other's, so the smaller total is matched.
PAPER_ORDERS_1_2 = {  # id: ((matched, test, gold) for k=1, the same for k=2)
    "identical": ((59, 59, 59), (339, 339, 339)),
    # sing both ways; b4->e2: out(e2)=6 + in(b4)=8, e2->b4: out(b4)=7 + in(e2)=6, less 2 pairs: 25
    "sense": ((57, 59, 59), (314, 339, 339)),
    # Theme-A1 b1<->e1, Theme-A2 e1<->x2: 8+9+3+8 + 10+8+8+3 - 6 = 51
    "role": ((55, 59, 59), (288, 339, 339)),
    # without b0->b1 (NOT): b1 has in-degree 9, 339 - 9 = 330 walks, all in gold
    "missing": ((58, 58, 59), (330, 330, 339)),
    # b4 (9,8), e2 (8,8), x2 (4,4): 339 - 56 - 36 - 9 + 72 + 64 + 16 = 390
    "extra": ((59, 63, 59), (339, 390, 339)),
    # AgentOf-A1 b1<->x1, AgentOf-A2 x1<->e1: e1 (7,7), x1 (4,4): 339 - 64 + 49 - 9 + 16 = 331 walks,
    # 4+9+7+4 + 10+4+4+7 - 6 = 43 of them through AgentOf (the paper profile does not turn roles round)
    "inverted": ((55, 59, 59), (288, 331, 339)),
    "renamed": ((59, 59, 59), (339, 339, 339)),
}


@pytest.mark.parametrize(("test", "gold"), VARIANTS[:7], ids=[t.id for t, _ in VARIANTS[:7]])
def test_figure1_variants_in_the_paper_profile_by_hand(test, gold):
    counts = dscorer_counts(test.clauses, gold.clauses, PAPER)
    for order, expected in enumerate(PAPER_ORDERS_1_2[test.id]):
        assert (counts.matched[order], counts.test[order], counts.gold[order]) == expected
    assert (counts.nodes_min, counts.nodes_max) == (14, 14)


REFERENCE_PAIRS = {  # id: (p, r, f) from the DRSScorer run
    "identical": (1.0, 1.0, 1.0),
    "sense": (0.90246837863256,) * 3,
    "role": (0.8366750056450589,) * 3,
    "missing": (1.0, 0.9587047021127681, 0.9788507599757236),
    "extra": (0.8412911588100768, 1.0, 0.9123503505735986),
    "inverted": (0.8059356395431453, 0.828733148100664, 0.8170947783518221),
    "renamed": (1.0, 1.0, 1.0),
    "ref-box": (0.9674025236081053, 0.9904828485705021, 0.9787725788355212),
    "duplicate": (1.0, 1.0, 1.0),
    "equ": (0.7094662430218445, 0.8326922004948984, 0.7653845460797359),
    "merged": (0.46055194747477046, 0.3038424013362256, 0.36466110724156053),
    "no-2-grams": (0.960264500792218, 0.46542999911861455, 0.5857149502857628),
}


@pytest.mark.parametrize(("test", "gold"), VARIANTS + CASES, ids=[t.id for t, _ in VARIANTS + CASES])
def test_reference_profile_pairs_give_the_drsscorer_numbers(test, gold):
    score = dscorer_score(dscorer_counts(test.clauses, gold.clauses, REFERENCE), REFERENCE)
    assert (score.total.p, score.total.r, score.total.f) == pytest.approx(REFERENCE_PAIRS[test.id], rel=1e-12)


def test_reference_profile_pools_the_corpus_as_drsscorer_does():
    for pairs, expected, first_order in (
        (
            VARIANTS,
            (0.9168708635796449, 0.9405302320325845, 0.9285049549759317),
            (0.9679358717434869, 0.9737903225806451, 0.9708542713567839),
        ),
        # node counts differ here (2 vs 3, 4 vs 5): f_0 is the mean of the pairs' ratios
        (
            CASES,
            (0.7194223179824529, 0.7232329740929271, 0.7205866013914415),
            (0.8461538461538461, 0.7586206896551724, 0.8),
        ),
    ):
        total = DScorerCounts.empty(4)
        for test, gold in pairs:
            total = total + dscorer_counts(test.clauses, gold.clauses, REFERENCE)
        score = dscorer_score(total, REFERENCE)
        assert (score.total.p, score.total.r, score.total.f) == pytest.approx(expected, rel=1e-12)
        first = score.orders[0]
        assert (first.p, first.r, first.f) == pytest.approx(first_order, rel=1e-12)


def test_the_reference_skips_orders_the_test_side_lacks_by_hand():
    """b1 REF x1 against b1 REF x1 + b1 male "n.02" x1: REF is one-way, so the test graph
    (b1, x1) has one 1-gram and no 2-gram; gold (b1, "n.02", x1) has REF and the four male
    edges. p_1 = 1, r_1 = 1/5, f_1 = 1/3; f_0 = 2/3. Orders 2-4 are left out and order 1
    gains their mean weight: w_1 = 0.225 + 3 * 0.225 / 3 = 0.45.
    P = (2/3)^0.1, R = (1/5)^0.45 (2/3)^0.1, F = (1/3)^0.45 (2/3)^0.1."""
    test, gold = CASES[3]
    score = dscorer_score(dscorer_counts(test.clauses, gold.clauses, REFERENCE), REFERENCE)
    assert score.orders[1:] == (None, None, None)
    assert score.total.p == pytest.approx((2 / 3) ** 0.1, rel=1e-12)
    assert score.total.r == pytest.approx((1 / 5) ** 0.45 * (2 / 3) ** 0.1, rel=1e-12)
    assert score.total.f == pytest.approx((1 / 3) ** 0.45 * (2 / 3) ** 0.1, rel=1e-12)


def test_the_paper_profile_scores_an_order_nobody_has_as_agreement_and_a_missing_one_as_zero():
    [boxes, boxes_too, more] = parse_drs_text("b.clf", "b0 NOT b1\n\nb0 NOT b1\n\nb0 NOT b1\nb1 REF x1\n")
    same = dscorer_score(dscorer_counts(boxes.clauses, boxes_too.clauses, PAPER), PAPER)
    assert same.total.f == 1.0  # one one-way edge: no 2-gram on either side
    differ = dscorer_score(dscorer_counts(boxes.clauses, more.clauses, PAPER), PAPER)
    assert differ.total.f == 0.0 and differ.orders[1].f == 0.0


def test_an_empty_corpus_has_no_score():
    score = dscorer_score(DScorerCounts.empty(4), PAPER)
    assert score.total.f is None and math.isnan(score.zero)


@pytest.mark.parametrize("kind", ["walk", "simple"])
def test_fast_counting_agrees_with_listing_every_kgram(kind):
    build = paper_graph if kind == "walk" else reference_graph
    for test_text, gold_text in generate_pairs(6, 3, 12, seed=5):
        [test], [gold] = parse_drs_text("t", test_text), parse_drs_text("g", gold_text)
        test_graph, gold_graph = build(test.clauses), build(gold.clauses)
        counts = count_kgrams(test_graph, gold_graph, 3, kind)
        for k in (1, 2, 3):
            listed_test, listed_gold = (
                brute_force(test_graph, k, kind == "simple"),
                brute_force(gold_graph, k, kind == "simple"),
            )
            assert counts.test[k - 1] == sum(listed_test.values())
            assert counts.gold[k - 1] == sum(listed_gold.values())
            assert counts.matched[k - 1] == sum((listed_test & listed_gold).values())
        table = kgram_table(test_graph, gold_graph, 2, kind)
        listed_test, listed_gold = (
            brute_force(test_graph, 2, kind == "simple"),
            brute_force(gold_graph, 2, kind == "simple"),
        )
        assert {row[0]: (row[1], row[2]) for row in table} == {
            s: (listed_test[s], listed_gold[s]) for s in listed_test.keys() | listed_gold.keys()
        }


def test_the_kgram_listing_shows_what_one_side_lacks():
    rows = dscorer_kgrams(TINY_TEST.clauses, TINY_GOLD.clauses, 1)
    one_sided = {row[0]: (row[1], row[2]) for row in rows if 0 in row[1:]}
    assert one_sided == {
        ("B", "sing.v.02", "E"): (1, 0),
        ("E", "sing.v.02", "B"): (1, 0),
        ("B", "sing.v.01", "E"): (0, 1),
        ("E", "sing.v.01", "B"): (0, 1),
    }


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 14), st.sampled_from(["walk", "simple"]))
def test_fast_counting_agrees_with_listing_on_random_drss(seed, referents, kind):
    test_text, gold_text = next(generate_pairs(1, referents, referents, seed=seed, rate=0.3))
    [test], [gold] = parse_drs_text("t", test_text), parse_drs_text("g", gold_text)
    build = paper_graph if kind == "walk" else reference_graph
    test_graph, gold_graph = build(test.clauses), build(gold.clauses)
    counts = count_kgrams(test_graph, gold_graph, 2, kind)
    listed_test, listed_gold = (
        brute_force(test_graph, 2, kind == "simple"),
        brute_force(gold_graph, 2, kind == "simple"),
    )
    assert (counts.test[1], counts.gold[1]) == (sum(listed_test.values()), sum(listed_gold.values()))
    assert counts.matched[1] == sum((listed_test & listed_gold).values())


def test_parallel_edges_count_once_each():
    """Two Agent clauses of e1 give b1 -Agent-A1-> e1 twice: every walk through it counts twice."""
    [entry] = parse_drs_text("p.clf", "b1 Agent e1 x1\nb1 Agent e1 x2\n")
    graph = paper_graph(entry.clauses)
    assert sorted(graph.edges).count((0, 1, "Agent-A1")) == 2
    rng = random.Random(0)
    shuffled = list(entry.clauses)
    rng.shuffle(shuffled)
    assert count_kgrams(graph, paper_graph(shuffled), 3, "walk").matched == count_kgrams(graph, graph, 3, "walk").test
