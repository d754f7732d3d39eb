"""Label confusion under the alignment: the hand-made trio's cells counted by hand, the same
tables from two files, and the pairing rules on small graphs."""

import pytest

from engine.metrics.confusion import NONE, ConfusionTable, label_pairs
from engine.read import load_annotations, load_pairs, read_graph
from engine.scoring import score_corpus
from engine.scoring.matrix import score_matrix

from .test_annotations import DEMO_FILES, TRIO

A, B, C = 0, 1, 2


@pytest.fixture(scope="module")
def trio():
    return score_matrix(load_annotations(TRIO))


def cells(table):
    """Every cell as (test, gold) -> (count, sentence indices)."""
    return {key: (cell.count, cell.sentences) for key, cell in table.cells.items()}


def test_trio_a_against_c(trio):
    """s1: c has (b :ARG1 g) where a has (g :ARG0 b); s2 and s4: girl -> boy; s3: :mode and a
    name's :op1 differ. Concepts: 3 + 3 + 5 + 2 = 13 node pairs, 11 agree."""
    confusion = trio.confusion(A, C)
    concept = confusion.concept
    assert (concept.agreed, concept.total) == (11, 13)
    assert [(c.test, c.gold, c.count, c.sentences) for c in concept.confusions()] == [("girl", "boy", 2, [1, 3])]
    assert cells(concept)["ask-01", "ask-01"] == (2, [2, 3]) and cells(concept)["go-02", "go-02"] == (1, [0])
    role = confusion.role
    assert (role.agreed, role.total) == (9, 10)  # s1 2 + s2 2 + s3 4 + s4 1 agree, s1's inverse relation
    assert [(c.test, c.gold, c.sentences) for c in role.confusions()] == [(":ARG0", ":ARG1-of", [0])]
    assert cells(role)[":ARG0", ":ARG0"] == (4, [0, 1, 2, 3])
    attribute = confusion.attribute
    assert cells(attribute) == {
        (":polarity -", ":polarity -"): (1, [1]),
        (":mode imperative", ":mode interrogative"): (1, [2]),
        (':op1 "Mary"', ':op1 "Maria"'): (1, [2]),
    }


def test_trio_a_against_b_and_b_against_c(trio):
    ab = trio.confusion(A, B)
    assert [(c.test, c.gold, c.sense_only) for c in ab.concept.confusions()] == [("go-02", "go-01", True)]
    assert ab.role.confusions() == [] and ab.role.agreed == 10
    assert [(c.test, c.gold) for c in ab.attribute.confusions()] == [(":polarity -", NONE)]
    bc = trio.confusion(B, C)
    assert [(c.test, c.gold, c.count) for c in bc.concept.confusions()] == [("girl", "boy", 2), ("go-01", "go-02", 1)]
    assert [(c.test, c.gold) for c in bc.attribute.confusions()] == [
        (NONE, ":polarity -"),
        (":mode imperative", ":mode interrogative"),
        (':op1 "Mary"', ':op1 "Maria"'),
    ]
    cb = trio.confusion(C, B)  # the other direction: the transposed alignment, test and gold exchanged
    assert {(c.gold, c.test, c.count) for c in cb.concept.confusions()} == {("girl", "boy", 2), ("go-01", "go-02", 1)}


def test_the_reverse_cells_of_graphs_of_different_sizes_are_the_transposed_tables():
    """The matrix aligns each pair once: (j, i) inverts (i, j)'s alignment, over j's nodes."""
    demo = score_matrix(load_annotations(DEMO_FILES))
    for i, j in [(0, 1), (0, 3), (1, 2), (2, 3)]:
        forward, backward = demo.confusion(i, j), demo.confusion(j, i)
        for kind in ("concept", "attribute"):
            transposed = {(g, t): value for (t, g), value in cells(forward.table(kind)).items()}
            assert cells(backward.table(kind)) == transposed, (i, j, kind)
        two_files = score_corpus(demo.pairs(j, i).pairs).confusion()
        assert cells(two_files.concept) == cells(backward.concept)


def test_two_files_give_the_same_tables(trio):
    two_files = score_corpus(load_pairs(TRIO[0], TRIO[2]).pairs).confusion()
    for kind in ("concept", "role", "attribute"):
        assert cells(two_files.table(kind)) == cells(trio.confusion(A, C).table(kind))


def test_unaligned_nodes_and_their_attributes_pair_with_none():
    test = read_graph("(w / want-01 :ARG0 (b / boy :quant 2))")
    gold = read_graph("(w / want-01)")
    pairs = label_pairs(test, gold, (0, None))
    assert pairs == {
        "concept": [("want-01", "want-01"), ("boy", NONE)],
        "role": [(":ARG0", NONE)],
        "attribute": [(":quant 2", NONE)],
    }
    assert label_pairs(gold, test, (0,))["concept"] == [("want-01", "want-01"), (NONE, "boy")]


def test_several_roles_between_the_same_nodes_pair_equal_ones_first_then_in_sorted_order():
    test = read_graph("(a / a :ARG0 (b / b) :ARG1 b :mod b)")
    gold = read_graph("(a / a :ARG1 (b / b) :ARG2 b)")
    assert label_pairs(test, gold, (0, 1))["role"] == [(":ARG1", ":ARG1"), (":ARG0", ":ARG2"), (":mod", NONE)]


def test_the_inverse_direction_is_written_with_of_and_used_once():
    test = read_graph("(a / a :ARG0 (b / b) :ARG1 b)")
    gold = read_graph("(b / b :ARG0 (a / a))")
    assert label_pairs(test, gold, (1, 0))["role"] == [(":ARG0", ":ARG0-of"), (":ARG1", NONE)]


def test_heatmap_of_the_most_frequent_confusions():
    table = ConfusionTable("concept")
    for test, gold, sentence in [("a", "b", 0), ("a", "b", 1), ("a", "a", 1), ("c", "b", 2), ("c", "d", 2)]:
        table.add(test, gold, sentence)
    rows, columns, counts = table.heatmap(top=2)
    assert (rows, columns) == (["a", "c"], ["b"])
    assert counts.tolist() == [[2], [1]]
    assert table.heatmap()[1] == ["b", "d"] and table.cells["a", "b"].sentences == [0, 1]


def test_a_pair_with_an_error_is_left_out_of_two_files_confusion(tmp_path):
    broken = tmp_path / "ann_c.amr"
    broken.write_text(TRIO[2].read_text().replace("(g / boy)", "(g / boy", 1))
    confusion = score_corpus(load_pairs(TRIO[0], broken).pairs).confusion()
    assert [(c.test, c.gold, c.sentences) for c in confusion.concept.confusions()] == [("girl", "boy", [3])]
