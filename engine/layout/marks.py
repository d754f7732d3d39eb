"""How each node and edge of a pair is marked in the drawing: alignment status
(colour), a short tag shared by both nodes of an aligned pair, a tooltip that
names the partner with its intrinsic similarity S (and what made it) and the round
the pair was fixed in, and which relations are not matched."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from ..align.alignment import Alignment, quality_label
from ..align.similarity import similarity_reasons
from ..enums import WordEnum
from ..metrics.triples import Category, Triple, TripleMatch
from ..model import Graph, Node

__all__ = ["AlignedPair", "EdgeKey", "GraphMarks", "NodeMark", "Status", "edge_key", "graph_marks", "pair_marks"]

EdgeKey = tuple[str, str, str]  # (source key, role, target key) of a drawn edge


class Status(WordEnum):
    """A node's alignment status in the drawing; the values are the words shown."""

    MATCHED = "aligned, same concept"
    DIFFERS = "aligned, concept differs"
    UNALIGNED = "unaligned"
    CONSTANT = "constant"
    UNSCORED = "not scored"


@dataclass(frozen=True)
class NodeMark:
    status: Status
    tooltip: str
    tag: str | None = None  # shared with the aligned partner
    partner: str | None = None  # the partner's variable


@dataclass
class GraphMarks:
    nodes: dict[str, NodeMark] = field(default_factory=dict)
    unmatched_edges: set[EdgeKey] = field(default_factory=set)

    @property
    def tags(self) -> dict[str, str]:
        return {key: mark.tag for key, mark in self.nodes.items() if mark.tag}


def edge_key(graph: Graph, triple: Triple) -> EdgeKey:
    """The drawn edge of a triple: constants are leaves ``=k`` by attribute position."""
    if triple.target_concept is not None:
        return triple.source, triple.role, triple.target
    for k, attribute in enumerate(graph.attributes):
        if (attribute.source, attribute.role, attribute.value) == (triple.source, triple.role, triple.target):
            return triple.source, triple.role, f"={k}"
    return triple.source, triple.role, triple.target


def _constant_marks(graph: Graph, marks: GraphMarks) -> None:
    for k, attribute in enumerate(graph.attributes):
        marks.nodes[f"={k}"] = NodeMark(
            Status.CONSTANT, f"{attribute.value}\nconstant: {attribute.source} {attribute.role}"
        )


def graph_marks(graph: Graph, note: str = "not scored") -> GraphMarks:
    """Marks of a graph drawn without a partner (a pair that could not be scored)."""
    marks = GraphMarks()
    for node in graph.nodes:
        marks.nodes[node.var] = NodeMark(Status.UNSCORED, f"{node.var} / {node.concept}\n{note}")
    _constant_marks(graph, marks)
    return marks


def _aligned_mark(node: Node, partner: Node, partner_side: str, status: Status, tag: str, facts: str) -> NodeMark:
    tooltip = (
        f"{node.var} / {node.concept}  [{tag}]\naligned to {partner_side} {partner.var} / {partner.concept}\n{facts}"
    )
    return NodeMark(status, tooltip, tag, partner.var)


class AlignedPair(Protocol):
    """What the marks need of a pair (a scored pair, :class:`engine.scoring.PairResult`, has it):
    both graphs and their alignment, None where the pair has none."""

    @property
    def test(self) -> Graph | None: ...

    @property
    def gold(self) -> Graph | None: ...

    @property
    def alignment(self) -> Alignment | None: ...


def pair_marks(pair: AlignedPair, rows: list[TripleMatch]) -> tuple[GraphMarks, GraphMarks]:
    """Test and gold marks of a scored pair. Tags number the aligned pairs 1, 2, …
    in gold node order; a relation is unmatched when its role has no counterpart
    (label differs, only in test, only in gold); the tops' row draws no edge."""
    test, gold, alignment = pair.test, pair.gold, pair.alignment
    if test is None or gold is None or alignment is None:
        raise ValueError("pair_marks needs a scored pair (both graphs and their alignment)")
    test_marks, gold_marks = GraphMarks(), GraphMarks()
    rounds = len(alignment.rounds)
    test_of = alignment.test_of
    for tag, j in enumerate(sorted(test_of), start=1):
        i = test_of[j]
        test_node, gold_node = test.nodes[i], gold.nodes[j]
        same = test_node.concept == gold_node.concept
        status = Status.MATCHED if same else Status.DIFFERS
        fixed = quality_label(alignment.quality[i], rounds)
        value = float(alignment.similarity[i, j])
        why = similarity_reasons(test_node, gold_node, test.attributes_by_node[i], gold.attributes_by_node[j], value)
        facts = f"S = {value:.3f}: {why}\nfixed in: {fixed}"
        test_marks.nodes[test_node.var] = _aligned_mark(test_node, gold_node, "gold", status, str(tag), facts)
        gold_marks.nodes[gold_node.var] = _aligned_mark(gold_node, test_node, "test", status, str(tag), facts)
    for graph, marks, other in ((test, test_marks, "gold"), (gold, gold_marks, "test")):
        for node in graph.nodes:
            if node.var not in marks.nodes:
                marks.nodes[node.var] = NodeMark(
                    Status.UNALIGNED, f"{node.var} / {node.concept}\nunaligned: no partner in {other}"
                )
        _constant_marks(graph, marks)
    for row in rows:
        if row.category in (Category.MATCHED, Category.CONCEPT_DIFFERS, Category.TOP_DIFFERS):
            continue
        if row.test is not None:
            test_marks.unmatched_edges.add(edge_key(test, row.test))
        if row.gold is not None:
            gold_marks.unmatched_edges.add(edge_key(gold, row.gold))
    return test_marks, gold_marks
