"""The adjudicated graph while it is edited: edits, their refusals, and writing it back as PENMAN
that the reader reads as the same graph (hand-made cases and random graphs with random edits)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.adjudication.decisions import (
    AddNode,
    AddRelation,
    ChangeRelation,
    Decision,
    RemoveNode,
    RemoveRelation,
    SetConcept,
    SetTop,
    replay,
)
from engine.adjudication.draft import Draft
from engine.adjudication.errors import DraftError
from engine.adjudication.writer import graph_difference
from engine.model import Attribute, Edge
from engine.read import read_graph
from engine.read.penman_tree import format_tree

from .strategies import decode, graph_triples

WANT = """# ::id w1 ::snt The boy wants to go
(w / want-01~e.2
    :ARG0 (b / boy~e.1)
    :ARG1 (g / go-02~e.4
        :ARG0 b
        :polarity -)
    :mod (q / "quoted"))"""


def reread(draft):
    """The draft written out (after its start's metadata lines) and read back, and the graph
    the draft says it is."""
    header = [f"# ::{key} {value}" for key, value in draft.start.metadata.items()]
    return read_graph("\n".join(header + [format_tree(draft.tree())])), draft.graph()


def test_an_unchanged_draft_is_its_start_graph():
    graph = read_graph(WANT)
    draft = Draft(graph)
    assert draft.graph() is graph and draft.tree() is graph.tree and not draft.changed


def test_removing_the_edge_that_nested_a_node_writes_it_at_its_next_mention():
    draft = Draft(read_graph(WANT))
    draft.remove_relation(Edge("w", ":ARG0", "b"))
    assert format_tree(draft.tree()) == (
        "(w / want-01~e.2\n"
        "    :ARG1 (g / go-02~e.4\n"
        "        :ARG0 (b / boy~e.1)\n"
        "        :polarity -)\n"
        "    :mod (q / \"quoted\"))"
    )
    found, meant = reread(draft)
    assert graph_difference(meant, found) is None
    assert [node.span for node in meant.nodes] == [frozenset({2}), frozenset({4}), frozenset({1}), frozenset()]


def test_a_node_reached_only_backwards_is_written_with_an_inverted_role():
    draft = Draft(read_graph(WANT))
    draft.remove_relation(Edge("w", ":ARG0", "b"))
    draft.remove_relation(Edge("g", ":ARG0", "b"))
    assert draft.problems() == ["not connected to the top w: b / boy (add a relation to the rest, or remove them)"]
    with pytest.raises(DraftError, match="not connected"):
        draft.tree()
    assert draft.graph().tree is None and len(draft.graph().nodes) == 4  # still scorable
    draft.add_relation(Edge("b", ":ARG1", "g"))  # written under b, which nothing leads to
    assert ":ARG1-of (b / boy~e.1)" in format_tree(draft.tree())
    found, meant = reread(draft)
    assert graph_difference(meant, found) is None
    assert Edge("b", ":ARG1", "g") in found.edges


def test_a_new_top_turns_the_graph_round():
    draft = Draft(read_graph(WANT))
    draft.set_top("b")
    text = format_tree(draft.tree())
    assert text.startswith("(b / boy~e.1\n    :ARG0-of (w / want-01~e.2")
    found, meant = reread(draft)
    assert found.top == "b" and graph_difference(meant, found) is None


def test_change_relation_keeps_its_place_and_orientation():
    draft = Draft(read_graph("(b / boy :ARG0-of (w / want-01 :ARG1 (g / go-02)) :mod (t / tall))"))
    draft.change_relation(Edge("w", ":ARG0", "b"), Edge("w", ":ARG2", "b"))
    assert format_tree(draft.tree()).splitlines()[1] == "    :ARG2-of (w / want-01"
    draft.change_relation(Edge("b", ":mod", "t"), Edge("t", ":mod", "b"))  # turned round, in the same place
    assert format_tree(draft.tree()).splitlines()[-1] == "    :mod-of (t / tall))"
    found, meant = reread(draft)
    assert graph_difference(meant, found) is None and Edge("t", ":mod", "b") in found.edges


def test_domain_is_kept_as_written_and_read_as_mod():
    draft = Draft(read_graph("(t / tall :domain (b / boy))"))
    assert draft.relations() == [Edge("b", ":mod", "t")]
    draft.add_relation(Attribute("b", ":quant", '"5"'))
    found, meant = reread(draft)
    assert ":domain (b / boy" in format_tree(draft.tree())
    assert graph_difference(meant, found) is None and Attribute("b", ":quant", '"5"') in found.attributes


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d.set_concept("w", "want 01"), "not a valid concept"),
        (lambda d: d.set_concept("w", "want-01"), "already want-01"),
        (lambda d: d.set_concept("z", "x"), "no node z"),
        (lambda d: d.add_node("b", "girl"), "already in the graph"),
        (lambda d: d.add_node("-", "minus"), r"written as a constant \(g :polarity -\)"),
        (lambda d: d.add_node("x(", "girl"), "not a valid variable"),
        (lambda d: d.remove_node("w"), "is the top"),
        (lambda d: d.add_relation(Edge("b", ":ARG0-of", "w")), r"read turned round: give \(w :ARG0 b\)"),
        (lambda d: d.add_relation(Edge("b", ":domain", "w")), r"would be read as \(w :mod b\)"),
        (lambda d: d.add_relation(Edge("w", ":ARG0", "b")), "already in the adjudicated graph"),
        (lambda d: d.add_relation(Edge("w", "ARG0", "b")), "not a valid role"),
        (lambda d: d.add_relation(Edge("w", ":instance", "b")), "not a valid role"),
        (lambda d: d.add_relation(Attribute("w", ":mod", "b")), "is the name of a variable"),
        (lambda d: d.add_relation(Attribute("w", ":name", '"a"b"')), "not a valid constant"),
        (lambda d: d.remove_relation(Edge("w", ":ARG2", "b")), "not in the adjudicated graph"),
        (lambda d: d.change_relation(Edge("w", ":ARG0", "b"), Edge("w", ":ARG0", "b")), "unchanged"),
        (lambda d: d.set_top("w"), "already the top"),
    ],
)
def test_edits_that_cannot_be_made_say_why(edit, message):
    draft = Draft(read_graph(WANT))
    with pytest.raises(DraftError, match=message):
        edit(draft)
    assert not draft.changed


def test_removing_a_node_removes_its_relations_both_ways():
    draft = Draft(read_graph(WANT))
    draft.remove_node("g")
    assert draft.relations() == [Edge("w", ":ARG0", "b"), Edge("w", ":mod", "q")]
    found, meant = reread(draft)
    assert graph_difference(meant, found) is None


def test_decisions_replay_to_the_same_draft_and_round_trip_as_json():
    decisions = [
        Decision((AddNode("x", "eat-01"), AddRelation(Edge("g", ":purpose", "x")))),
        Decision((SetConcept("b", "girl"), ChangeRelation(Edge("w", ":mod", "q"), Edge("w", ":manner", "q")))),
        Decision((RemoveRelation(Attribute("g", ":polarity", "-")), SetTop("g"))),
        Decision((RemoveNode("q"),)),
    ]
    assert [Decision.from_json(d.to_json()) for d in decisions] == decisions
    draft = replay(read_graph(WANT), decisions)
    graph = draft.graph()
    assert graph.top == "g" and [n.concept for n in graph.nodes] == ["go-02", "girl", "want-01", "eat-01"]
    assert set(graph.edges) == {
        Edge("g", ":ARG0", "b"),
        Edge("w", ":ARG0", "b"),
        Edge("w", ":ARG1", "g"),
        Edge("g", ":purpose", "x"),
    }
    assert graph.attributes == () and graph.metadata == {"id": "w1", "snt": "The boy wants to go"}
    found, meant = reread(draft)
    assert graph_difference(meant, found) is None


# --- random graphs, random edits --------------------------------------------------------------

CONCEPTS = ["dog", "run-01", '"quoted concept"', "and", "city"]
ROLES = [":ARG0", ":ARG1", ":mod", ":op1", ":location", ":consist-of"]
CONSTANTS = ["-", "5", '"5"', '"Paris"', '"a \\"b\\""', "imperative"]


@st.composite
def edited(draw):
    """A random graph and a random sequence of edits that can be made to it."""
    graph = decode(draw(graph_triples()))
    draft = Draft(graph)
    for _ in range(draw(st.integers(0, 8))):
        nodes = list(draft.nodes)
        relations = draft.relations()
        choice = draw(st.integers(0, 6))
        var = draw(st.sampled_from(nodes))
        try:
            if choice == 0:
                draft.set_concept(var, draw(st.sampled_from(CONCEPTS)))
            elif choice == 1:
                new = f"x{len(nodes)}"
                draft.add_node(new, draw(st.sampled_from(CONCEPTS)))
                draft.add_relation(Edge(new, draw(st.sampled_from(ROLES)), var))  # reached only backwards
            elif choice == 2 and relations:
                draft.remove_relation(draw(st.sampled_from(relations)))
            elif choice == 3:
                draft.add_relation(Edge(var, draw(st.sampled_from(ROLES)), draw(st.sampled_from(nodes))))
            elif choice == 4:
                draft.add_relation(Attribute(var, draw(st.sampled_from(ROLES)), draw(st.sampled_from(CONSTANTS))))
            elif choice == 5 and relations:
                old = draw(st.sampled_from(relations))
                role = draw(st.sampled_from(ROLES))
                new_item = (
                    Edge(old.source, role, old.target)
                    if isinstance(old, Edge)
                    else Attribute(old.source, role, old.value)
                )
                draft.change_relation(old, new_item)
            elif choice == 6:
                draft.set_top(var)
        except DraftError:
            pass  # an edit this graph refuses (a duplicate, the same concept, ...): the draft is unchanged
    return draft


@settings(max_examples=300, deadline=None)
@given(edited())
def test_any_connected_draft_is_written_as_penman_that_reads_back_as_the_same_graph(draft):
    graph = draft.graph()
    assert {n.var for n in graph.nodes} == set(draft.nodes)
    assert set(graph.edges) | set(graph.attributes) == set(draft.relations())
    if draft.unreachable():
        assert graph.tree is None
        return
    found = read_graph(format_tree(draft.tree()))
    assert graph_difference(graph, found) is None
    if draft.changed:  # an unchanged graph keeps its text as the annotator wrote it
        assert found.penman == graph.penman


@settings(max_examples=100, deadline=None)
@given(graph_triples())
def test_an_unedited_random_graph_writes_back_unchanged(triples):
    graph = decode(triples)
    draft = Draft(graph)
    draft.changed = True  # force the layout instead of the start's own tree
    found = read_graph(format_tree(draft.tree()))
    # the same graph; a node the annotator defined after a first mention is now defined there
    assert found.top == graph.top and set(found.nodes) == set(graph.nodes)
    assert set(found.edges) == set(graph.edges) and set(found.attributes) == set(graph.attributes)
