"""The triples table's partners and reasons (engine.metrics.triples): why a relation that looks
the same on both sides does not match, worked out by hand on small pairs."""

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.metrics.triples import Category, classify_triples
from engine.read import read_graph
from engine.scoring import score_graphs

from .conftest import FRY_GOLD, FRY_TEST, READ_GOLD, READ_TEST, REENTRANT_GOLD, REENTRANT_TEST
from .strategies import decode, graph_triples


def rows_of(test_text, gold_text):
    test, gold = read_graph(test_text), read_graph(gold_text)
    alignment, _ = score_graphs(test, gold)
    return test, gold, alignment, classify_triples(alignment, test, gold)


def variables(partners):
    return [node.var if node is not None else None for node in partners]


def test_an_unaligned_reentrant_node_makes_identical_looking_triples_differ():
    test, gold, alignment, rows = rows_of(REENTRANT_TEST, REENTRANT_GOLD)
    pairs = {test.nodes[i].var: gold.nodes[j].var if j is not None else None for i, j in enumerate(alignment.gold_of)}
    assert pairs == {"u": "u", "p": "p", "i2": None, "s": "s", "i3": "i2"}
    only_test = next(row for row in rows if row.category is Category.ONLY_IN_TEST)
    only_gold = next(row for row in rows if row.category is Category.ONLY_IN_GOLD)
    assert str(only_test.test) == str(only_gold.gold) == "(u/understand-01 :ARG1 i2/it)"  # they look the same
    assert only_test.look_alike == only_gold.gold and only_gold.look_alike == only_test.test
    assert variables(only_test.test_partners) == ["u", None]  # test i2 has no partner
    assert variables(only_gold.gold_partners) == ["u", "i3"]  # gold i2 is aligned to test i3
    assert only_test.why == (
        "test i2 has no partner in gold; it looks like gold (u/understand-01 :ARG1 i2/it), "
        "but gold i2 is aligned to test i3"
    )
    assert only_gold.why == (
        "its ends are aligned to test u and i3, which test does not relate; it looks like test "
        "(u/understand-01 :ARG1 i2/it), but gold i2 is aligned to test i3, not to i2 (test i2 has no partner in gold)"
    )
    matched = [row for row in rows if row.category is Category.MATCHED]
    assert len(matched) == 4 and all(row.why == "" and row.look_alike is None for row in matched)
    see_it = next(row for row in matched if row.test.role == ":ARG1")
    assert variables(see_it.test_partners) == ["s", "i2"] and variables(see_it.gold_partners) == ["s", "i3"]


def test_ends_aligned_elsewhere_are_named():
    # the two boys swap their modifiers: test b (tall) is aligned to gold b2 (tall) and test b2
    # (short) to gold b, so (l :ARG0 b/boy) is in both graphs but pairs with gold's :ARG1
    test = "(l / like-01 :ARG0 (b / boy :mod (t / tall)) :ARG1 (b2 / boy :mod (s / short)))"
    gold = "(l / like-01 :ARG0 (b / boy :mod (s / short)) :ARG1 (b2 / boy :mod (t / tall)))"
    _, gold_graph, alignment, rows = rows_of(test, gold)
    assert [gold_graph.nodes[j].var for j in alignment.gold_of] == ["l", "b2", "t", "b", "s"]
    differs = [row for row in rows if row.category is Category.LABEL_DIFFERS]
    assert [(str(row.test), str(row.gold)) for row in differs] == [
        ("(l/like-01 :ARG0 b/boy)", "(l/like-01 :ARG1 b2/boy)"),
        ("(l/like-01 :ARG1 b2/boy)", "(l/like-01 :ARG0 b/boy)"),
    ]
    assert differs[0].why == (
        "same aligned ends, role :ARG0 in test vs :ARG1 in gold; it looks like gold (l/like-01 :ARG0 b/boy), "
        "but test b is aligned to gold b2, not to b (gold b is aligned to test b2)"
    )
    assert differs[0].look_alike == differs[1].gold and differs[1].look_alike == differs[0].gold
    assert variables(differs[0].test_partners) == ["l", "b2"] and variables(differs[0].gold_partners) == ["l", "b"]


def test_reasons_of_the_spec_example():
    rows = {(row.test.role if row.test else None): row for row in rows_of(READ_TEST, READ_GOLD)[3]}
    assert rows[":poss"].why == "same aligned ends, role :poss in test vs :part in gold"
    assert (
        rows[":location"].why
        == "partners with other concepts: test r1/read-01 vs gold r1/read-03, test h2/house vs gold h2/home"
    )
    assert variables(rows[":ARG0"].test_partners) == ["r1", "s"] and variables(rows[":ARG0"].gold_partners) == [
        "r1",
        "h",
    ]


def test_reasons_for_constants():
    rows = rows_of(FRY_TEST, FRY_GOLD)[3]
    why = {str(row.test or row.gold): row.why for row in rows}
    assert why == {
        "(f/fry-03 :quant 5)": "gold s has :quant 7, not 5",
        "(f/fry-03 :polarity -)": "partners with other concepts: test f/fry-03 vs gold s/stir-fry-01",
        "(f/fry-03 :mode imperative)": "gold s has no constant imperative",
        "(s/stir-fry-01 :quant 7)": "test f has :quant 5, not 7",
    }
    polarity = next(row for row in rows if row.test and row.test.role == ":polarity")
    assert variables(polarity.test_partners) == ["s", None]  # a constant has no partner node


def test_a_missing_role_between_aligned_ends():
    _, _, _, rows = rows_of("(w / want-01 :ARG0 (b / boy) :ARG1 b)", "(w / want-01 :ARG0 (b / boy))")
    only_test = next(row for row in rows if row.category is Category.ONLY_IN_TEST)
    assert only_test.why == "gold relates w and b by fewer roles (:ARG0), none of them :ARG1"
    _, _, _, rows = rows_of("(w / want-01 :ARG0 (b / boy))", "(w / want-01 :ARG1 (b / boy) :mod (g / girl))")
    assert {row.category: row.why for row in rows if row.category is not Category.LABEL_DIFFERS} == {
        Category.ONLY_IN_GOLD: "gold g has no partner in test"
    }


@settings(max_examples=60, deadline=None)
@given(graph_triples(max_nodes=8), graph_triples(max_nodes=8), st.booleans())
def test_every_row_names_partners_from_the_alignment_and_unmatched_rows_say_why(test_triples, gold_triples, same):
    test, gold = decode(test_triples), decode(test_triples if same else gold_triples)
    alignment, _ = score_graphs(test, gold)
    gold_map, test_of = alignment.gold_map, alignment.test_of
    for row in classify_triples(alignment, test, gold):
        assert (row.why == "") is (row.category is Category.MATCHED)
        for own, graph, other, partner_of, partners in (
            (row.test, test, gold, gold_map, row.test_partners),
            (row.gold, gold, test, test_of, row.gold_partners),
        ):
            if own is None:
                assert partners == (None, None)
                continue
            expected_source = partner_of.get(graph.index[own.source])
            assert partners[0] == (other.nodes[expected_source] if expected_source is not None else None)
            if own.target_concept is None:
                assert partners[1] is None
            else:
                expected_target = partner_of.get(graph.index[own.target])
                assert partners[1] == (other.nodes[expected_target] if expected_target is not None else None)
        if row.look_alike is not None:
            own = row.test or row.gold
            assert own is not None
            assert (row.look_alike.role, row.look_alike.source_concept, row.look_alike.target_concept) == (
                own.role,
                own.source_concept,
                own.target_concept,
            )
            assert "looks like" in row.why
