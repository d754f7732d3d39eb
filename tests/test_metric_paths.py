"""The AnCast metrics as computed (partners read once, mock Smatch from the relation overlaps,
reachability by a worklist) give exactly the numbers of their plain per-triple definitions."""

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.align import align
from engine.metrics.ancast import pair_tallies
from engine.metrics.tally import Tally
from engine.model import reachable_sets
from engine.read import read_graph

from .strategies import decode, graph_triples


def plain_relation_sums(own, other, partner_of, similarity):
    """Eq. 17-26 over one side, pair by pair, as the paper states them."""
    labeled = unlabeled = weighted = weighted_size = 0.0
    size = 0
    descendants = own.descendant_counts
    for (parent, child), labels in own.relation_groups.items():
        variable = isinstance(child, int)
        weight = math.sqrt(descendants[parent] * (descendants[child] if variable else 0) + 1)
        size += len(labels)
        weighted_size += weight * len(labels)
        w1 = partner_of.get(parent)
        w2 = partner_of.get(child) if variable else child
        if w1 is None or w2 is None or (w1, w2) not in other.relation_groups:
            continue
        s_c = (similarity(parent, w1) + (similarity(child, w2) if variable else 1.0)) / 2
        other_labels = other.relation_groups[w1, w2]
        labeled += s_c * len(labels & other_labels)
        unlabeled += s_c * min(len(labels), len(other_labels))
        weighted += weight * s_c * len(labels & other_labels)
    return labeled, unlabeled, weighted, size, weighted_size


def plain_tallies(alignment, test, gold):
    cell = alignment.similarity.item
    matched = sum(float(alignment.similarity[i, j]) for i, j in alignment.pairs())
    t = plain_relation_sums(test, gold, alignment.gold_map, cell)
    g = plain_relation_sums(gold, test, alignment.test_of, lambda j, i: cell(i, j))
    gold_of = alignment.gold_of
    mock = float(gold_of[test.index[test.top]] == gold.index[gold.top])
    mock += sum(1 for i, j in alignment.pairs() if test.nodes[i].concept == gold.nodes[j].concept)
    gold_edges = {(gold.index[e.source], e.role, gold.index[e.target]) for e in gold.edges}
    for edge in test.edges:
        mock += (gold_of[test.index[edge.source]], edge.role, gold_of[test.index[edge.target]]) in gold_edges
    gold_attributes = {(gold.index[a.source], a.role, a.value) for a in gold.attributes}
    for attribute in test.attributes:
        mock += (gold_of[test.index[attribute.source]], attribute.role, attribute.value) in gold_attributes
    triples = [1 + len(graph.nodes) + len(graph.edges) + len(graph.attributes) for graph in (test, gold)]
    return {
        "concept": Tally(matched, len(test), matched, len(gold)),
        "labeled_relation": Tally(t[0], t[3], g[0], g[3]),
        "unlabeled_relation": Tally(t[1], t[3], g[1], g[3]),
        "weighted_relation": Tally(t[2], t[4], g[2], g[4]),
        "mock_smatch": Tally(mock, triples[0], mock, triples[1]),
    }


@settings(max_examples=300, deadline=None)
@given(graph_triples(), graph_triples())
def test_pair_tallies_equal_the_plain_definitions(test_triples, gold_triples):
    test, gold = decode(test_triples), decode(gold_triples)
    alignment = align(test, gold)
    assert pair_tallies(alignment, test, gold) == plain_tallies(alignment, test, gold)


def plain_reachable_sets(children, owned):
    """Sweeps over all nodes until nothing changes."""
    reach = [0] * len(children)
    changed = True
    while changed:
        changed = False
        for node in range(len(children)):
            bits = reach[node] | owned[node]
            for child in children[node]:
                bits |= (1 << child) | reach[child]
            if bits != reach[node]:
                reach[node], changed = bits, True
    return reach


@st.composite
def directed_graphs(draw):
    """Children lists of any directed graph (cycles, self-loops and repeats included) and owned bits."""
    size = draw(st.integers(1, 10))
    children = [draw(st.lists(st.integers(0, size - 1), max_size=4)) for _ in range(size)]
    owned = [draw(st.integers(0, 3)) << size for _ in range(size)]
    return children, owned


@settings(max_examples=300, deadline=None)
@given(directed_graphs())
def test_reachable_sets_equal_plain_sweeps(graph):
    children, owned = graph
    assert reachable_sets(children, owned) == plain_reachable_sets(children, owned)


def plain_relation_groups(graph):
    """Each relation's (parent, child) key with the set of the roles under it, keys in order of
    first appearance (the edges', then the attributes')."""
    index = graph.index
    keyed = [((index[e.source], index[e.target]), e.role) for e in graph.edges]
    keyed += [((index[a.source], ("=", a.value)), a.role) for a in graph.attributes]
    groups: dict = {}
    for key, role in keyed:
        groups.setdefault(key, set()).add(role)
    return [(key, frozenset(roles)) for key, roles in groups.items()]


@settings(max_examples=300, deadline=None)
@given(graph_triples())
def test_relation_groups_equal_the_plain_grouping(triples):
    graph = decode(triples)
    assert list(graph.relation_groups.items()) == plain_relation_groups(graph)


def test_relation_groups_join_the_roles_of_a_pair():
    graph = read_graph('(a / x :ARG0 (b / y :quant "5") :mod c :ARG1 b :op1 "5" :quant "5" :op2 (c / z))')
    assert list(graph.relation_groups.items()) == [
        ((0, 1), frozenset({":ARG0", ":ARG1"})),
        ((0, 2), frozenset({":mod", ":op2"})),
        ((1, ("=", '"5"')), frozenset({":quant"})),
        ((0, ("=", '"5"')), frozenset({":op1", ":quant"})),
    ]


def plain_attributed_nodes(graph):
    """Per node with attributes (in order of first appearance), its roles in order of first
    appearance, each with its values sorted and joined by a space."""
    collected: dict = {}
    for attribute in graph.attributes:
        collected.setdefault(graph.index[attribute.source], {}).setdefault(attribute.role, []).append(attribute.value)
    return [
        (node, [(role, " ".join(sorted(values))) for role, values in roles.items()])
        for node, roles in collected.items()
    ]


@settings(max_examples=300, deadline=None)
@given(graph_triples())
def test_attributed_nodes_equal_the_plain_grouping(triples):
    graph = decode(triples)
    found = [(node, list(roles.items())) for node, roles in graph.attributed_nodes.items()]
    assert found == plain_attributed_nodes(graph)


def test_attributed_nodes_join_a_repeated_role():
    graph = read_graph('(a / x :quant "5" :mod (b / y) :quant 5 :polarity - :op1 "z" :op1 "y" :mode q)')
    assert graph.attributed_nodes == {0: {":quant": '"5" 5', ":polarity": "-", ":op1": '"y" "z"', ":mode": "q"}}
    assert list(graph.attributed_nodes[0]) == [":quant", ":polarity", ":op1", ":mode"]
