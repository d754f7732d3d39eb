"""The graphs DScorer reads k-grams from (Liu et al. 2020, §2.1).

A :class:`LabelledGraph` is a directed multigraph: node labels, and edges
(source, target, label), an edge repeated as often as clauses give it.

``paper`` (:func:`paper_graph`), the graph induction of the paper: a concept
clause with its sense is a 2-argument clause, ``b2 male "n.02" x1`` = edge
b2 -male.n.02-> x1; a 3-token clause ``b0 NOT b1`` = edge b0 -NOT-> b1; a
4-token clause ``b1 Agent e1 x1`` = b1 -Agent-A1-> e1 -Agent-A2-> x1. Nodes with
the same name are one node (constants by their text). Every edge that does
not join two boxes is also walked backwards, under the same label (the paper's
path "B -play.v.03-> E -Theme-A2-> X -piano.n.01-> B" takes piano.n.01 from
x2 back to its box). Nodes are labelled by type only: B for a box, else the
first letter of the variable upper-cased (X, E, S, P, T); a constant keeps its
quoted text. Clauses that occur twice count once.

``reference`` (:func:`reference_graph`), the graph of the public DRSScorer code,
as observed: clauses are taken as their tokens (so ``male "n.02" x1`` makes
the sense a node ``"n.02"`` between box and referent, shared by every concept
of that sense, while a file that merges them, ``male.n.02 x1``, gives one
edge); ``EQU`` is renamed ``Equ``; a 3-token clause b R v gives b -R-> v, a
4-token clause b R y z gives b -R:1-> y -R:2-> z, and each edge is also walked
backwards (under a label marked as reversed) only when R is not all capitals
(Python's ``str.isupper``: ``REF``, ``NOT``, ``TPR``, ``SY1`` stay one-way).
Nodes are labelled B when the name starts with ``b``, X for any other
variable, a constant by its text.
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass

from .clauses import Clause, is_constant
from .normalise import variable_kinds, variables_in_order

__all__ = ["LabelledGraph", "paper_graph", "reference_graph"]


@dataclass(frozen=True)
class LabelledGraph:
    """Node labels by node index; edges as (source, target, label), repeats allowed."""

    labels: tuple[Hashable, ...]
    edges: tuple[tuple[int, int, Hashable], ...]

    def __len__(self) -> int:
        return len(self.labels)


class _Builder:
    """Numbers nodes by name in order of first mention and collects edges."""

    def __init__(self) -> None:
        self.index: dict[str, int] = {}
        self.labels: list[Hashable] = []
        self.edges: list[tuple[int, int, Hashable]] = []

    def node(self, name: str, label: Hashable) -> int:
        if name not in self.index:
            self.index[name] = len(self.labels)
            self.labels.append(label)
        return self.index[name]

    def edge(self, source: int, target: int, label: Hashable, backwards: Hashable | None) -> None:
        self.edges.append((source, target, label))
        if backwards is not None:
            self.edges.append((target, source, backwards))

    def graph(self) -> LabelledGraph:
        return LabelledGraph(tuple(self.labels), tuple(self.edges))


def _unique(clauses: Iterable[Clause], key) -> list[Clause]:
    seen: dict[Hashable, Clause] = {}
    for clause in clauses:
        seen.setdefault(key(clause), clause)
    return list(seen.values())


def paper_graph(clauses: Sequence[Clause]) -> LabelledGraph:
    """The paper's typed graph of a DRS (module docstring)."""
    clauses = _unique(clauses, lambda c: (c.box, c.relation, c.sense, c.arguments))
    variables = variables_in_order(clauses)
    is_box = dict(zip(variables, (kind == "box" for kind in variable_kinds(clauses, variables))))
    builder = _Builder()

    def node(name: str) -> int:
        if is_constant(name):
            return builder.node(name, name)
        return builder.node(name, "B" if is_box[name] else name[0].upper())

    def link(source: str, target: str, label: str) -> None:
        one_way = is_box.get(source, False) and is_box.get(target, False)
        builder.edge(node(source), node(target), label, None if one_way else label)

    for clause in clauses:
        if clause.kind == "concept":
            link(clause.box, clause.arguments[0], clause.name)
        elif len(clause.arguments) == 1:
            link(clause.box, clause.arguments[0], clause.relation)
        else:
            first, second = clause.arguments
            link(clause.box, first, f"{clause.relation}-A1")
            link(first, second, f"{clause.relation}-A2")
    return builder.graph()


def reference_graph(clauses: Sequence[Clause]) -> LabelledGraph:
    """The DRSScorer code's graph of a DRS (module docstring)."""
    builder = _Builder()

    def node(token: str) -> int:
        return builder.node(token, token if is_constant(token) else ("B" if token.startswith("b") else "X"))

    for clause in _unique(clauses, lambda c: c.tokens):
        box, relation, *arguments = clause.tokens
        relation = "Equ" if relation == "EQU" else relation
        two_way = not relation.isupper()
        slots = ("",) if len(arguments) == 1 else (":1", ":2")
        chain = [box, *arguments]
        for (source, target), slot in zip(itertools.pairwise(chain), slots):
            label = relation + slot
            builder.edge(node(source), node(target), ("to", label), ("from", label) if two_way else None)
    return builder.graph()
