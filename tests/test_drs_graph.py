"""A DRS as an engine graph, and the AnCast alignment and metrics on DRS pairs."""

import pytest

from engine.align import align
from engine.drs import drs_graph, parse_drs_text, read_drs_file
from engine.metrics.ancast import pair_tallies
from engine.model import Attribute, Edge, Node

from .conftest import ROOT

DRS_DATA = ROOT / "tests" / "data" / "drs"
VARIANTS = list(
    zip(read_drs_file(DRS_DATA / "figure1_variants_test.clf"), read_drs_file(DRS_DATA / "figure1_variants_gold.clf"))
)


def test_figure1_as_a_graph():
    [entry] = read_drs_file(DRS_DATA / "figure1.clf")
    graph = drs_graph(entry)
    # words: He 0, did 1, n't 2, play 3, the 4, piano 5, . 6, But 7, she 8, sang 9, . 10
    assert graph.nodes == (
        Node("b0", "BOX"),
        Node("b1", "BOX"),
        Node("b4", "BOX"),
        Node("b2", "BOX"),
        Node("x1", "male.n.02", frozenset({0})),
        Node("e1", "play.v.03", frozenset({3})),
        Node("t1", "time.n.08", frozenset({1})),
        Node("x2", "piano.n.01", frozenset({5})),
        Node("b3", "BOX"),
        Node("b5", "BOX"),
        Node("x3", "female.n.02", frozenset({8})),
        Node("e2", "sing.v.01", frozenset({9})),
        Node("t2", "time.n.08", frozenset({9})),
    )
    assert (graph.nodes[4].lemma, graph.nodes[4].sense) == ("male", "n.02")
    assert graph.edges == (
        Edge("b0", "CONTRAST", "b1"),
        Edge("b1", "CONTRAST", "b4"),
        Edge("b0", "NOT", "b1"),
        Edge("b2", "REF", "x1"),
        Edge("b1", "REF", "e1"),
        Edge("b1", "REF", "t1"),
        Edge("e1", "Agent", "x1"),
        Edge("e1", "Theme", "x2"),
        Edge("e1", "Time", "t1"),
        Edge("b3", "REF", "x2"),
        Edge("b5", "REF", "x3"),
        Edge("b4", "REF", "e2"),
        Edge("b4", "REF", "t2"),
        Edge("e2", "Agent", "x3"),
        Edge("e2", "Time", "t2"),
    )
    assert graph.attributes == (Attribute("t1", "TPR", '"now"'), Attribute("t2", "TPR", '"now"'))
    assert graph.top == "b0" and graph.id == "figure1" and graph.text == "He didn't play the piano . But she sang ."
    assert graph.location.line == 1 and "b0 CONTRAST b1 b4" in graph.penman


def test_constants_second_concepts_and_referents_without_concept():
    [entry] = parse_drs_text(
        "g.clf",
        '\n'.join(
            [
                'b1 REF x1',
                'b1 Name x1 "tom"',
                'b1 male "n.02" x1',
                'b1 person "n.01" x1',  # two concepts
                'b1 REF x2',
                'b1 Owner "speaker" x2',  # constant first: x2 OwnerOf "speaker"
                'b1 PartOf x1 x2',  # turned round: x2 Part x1
                'b0 IMP b1 b2',
                'b2 REF e1',
                'b0 PartOf "speaker" "hearer"',
            ]
        ),
    )  # turned round too
    graph = drs_graph(entry)
    concepts = {node.var: node.concept for node in graph.nodes}
    assert concepts == {"b1": "BOX", "x1": "male.n.02", "x2": "REF", "b0": "BOX", "b2": "BOX", "e1": "REF"}
    assert set(graph.attributes) == {
        Attribute("x1", "Name", '"tom"'),
        Attribute("x1", "concept", "person.n.01"),
        Attribute("x2", "OwnerOf", '"speaker"'),
        Attribute("b0", "Part", '"hearer" "speaker"'),
    }
    assert set(graph.edges) == {
        Edge("b1", "REF", "x1"),
        Edge("b1", "REF", "x2"),
        Edge("x2", "Part", "x1"),
        Edge("b0", "IMP", "b1"),
        Edge("b1", "IMP", "b2"),
        Edge("b2", "REF", "e1"),
    }
    assert graph.top == "b0"


def test_an_unreadable_drs_has_no_graph():
    [entry] = parse_drs_text("bad.clf", 'b1 male x1\n')
    with pytest.raises(ValueError, match=r"bad\.clf:1"):
        drs_graph(entry)


@pytest.mark.parametrize(("test", "gold"), VARIANTS, ids=[t.id for t, _ in VARIANTS])
def test_ancast_metrics_on_figure1_variants(test, gold):
    test_graph, gold_graph = drs_graph(test), drs_graph(gold)
    tallies = pair_tallies(align(test_graph, gold_graph), test_graph, gold_graph)
    scores = {name: tally.prf() for name, tally in tallies.items()}
    if test.id in ("identical", "inverted", "renamed"):  # the same graph up to names: AgentOf is turned round
        assert all(score.f == pytest.approx(1.0) for score in scores.values())
    if test.id == "sense":
        # 13 nodes; sing.v.02 against sing.v.01: same lemma, sense differs, S = 1 * (1 + 0.1 (0 - 1)) = 0.9
        assert scores["concept"].p == pytest.approx(12.9 / 13) and scores["concept"].r == pytest.approx(12.9 / 13)
        # mock Smatch: 1 TOP + 13 instances + 15 relations + 2 attributes = 31 triples, one instance differs
        assert scores["mock_smatch"].f == pytest.approx(30 / 31)
    if test.id == "role":  # Patient for Theme: concepts all equal, one of 15 relation labels differs
        assert scores["concept"].f == pytest.approx(1.0)
        assert scores["mock_smatch"].f == pytest.approx(30 / 31)
