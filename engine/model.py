"""Plain data classes for semantic graphs as the engine sees them.

A :class:`Graph` holds variable nodes (each an instance of a concept), relation
edges between variables and attribute triples whose target is a constant. The
derived structures the alignment and the metrics need (adjacency, relation
groups, descendant counts) are computed once per graph and cached.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Generic, TypeVar, Union, overload

if TYPE_CHECKING:
    from collections.abc import Callable

    import numpy as np

__all__ = [
    "DOC_KINDS",
    "Attribute",
    "Child",
    "ConstantChild",
    "DocTriple",
    "Edge",
    "Graph",
    "Node",
    "SourceLocation",
    "Tree",
    "reachable_sets",
    "split_concept",
]

# A PENMAN graph as written: (variable, concept, concept alignment, [(role, target), ...]), a
# target being a nested node or a constant (roles and constants as written; see engine.read.penman_tree).
Tree = tuple[str, str, str | None, list[tuple[str, Union["Tree", str]]]]

_SENSE = re.compile(r"^(?P<lemma>.+?)-(?P<sense>\d+)$|^(?P<wordnet>.+)\.(?P<synset>[nvars]\.\d\d)$")


@lru_cache(maxsize=65536)
def split_concept(concept: str) -> tuple[str, str | None]:
    """Split a concept into lemma and sense: ``read-01`` -> (``read``, ``01``).

    The sense is the trailing ``-NN`` digits (AnCast paper §2.1, eq. 1), or for a DRS concept
    the WordNet part of speech and number (``male.n.02`` -> ``male``, ``n.02``); a
    concept without them (``person``) has no sense. Quoted concepts keep their
    quotes as lemma.

    >>> split_concept("read-01"), split_concept("person"), split_concept("male.n.02")
    (('read', '01'), ('person', None), ('male', 'n.02'))
    """
    match = _SENSE.match(concept)
    if match is None:
        return concept, None
    if match["wordnet"] is not None:
        return match["wordnet"], match["synset"]
    return match["lemma"], match["sense"]


class _SingleLabels(dict[str, frozenset[str]]):
    """Role -> the label set of a relation with that one role, shared by every such relation
    (most are): made on first use, a dictionary lookup after that."""

    def __missing__(self, role: str) -> frozenset[str]:
        if len(self) >= 1 << 16:
            self.clear()
        labels = self[role] = frozenset((role,))
        return labels


_SINGLE_LABELS = _SingleLabels()


def reachable_sets(children: list[list[int]], owned: list[int] | None = None) -> list[int]:
    """Per node, the bit set (a Python int) of what is reachable from it by one
    or more edges - the node itself only on a cycle - together with the bits
    in ``owned`` of every node reached and of the node itself.

    ``children[v]`` lists v's children. Nodes come in PENMAN order, so most
    children come later: sweeping from the last node back settles a tree in one
    pass. A node with a child that comes before it (a reentrancy or a cycle) may
    have read that child's set before it was complete: such nodes are taken
    again, and the parents of every node whose set grows, until none grows.

    >>> reachable_sets([[1], [2], []], [0, 0, 8])
    [14, 12, 8]
    >>> [bin(bits) for bits in reachable_sets([[1], [0, 2], []])]  # a cycle 0 -> 1 -> 0
    ['0b111', '0b111', '0b0']
    """
    reach = list(owned) if owned is not None else [0] * len(children)
    stale: list[int] = []
    for node in range(len(children) - 1, -1, -1):
        bits = reach[node]
        for child in children[node]:
            bits |= (1 << child) | reach[child]
            if child < node:
                stale.append(node)
        reach[node] = bits
    if stale:
        parents: list[list[int]] = [[] for _ in children]
        for node, its_children in enumerate(children):
            for child in its_children:
                parents[child].append(node)
        while stale:
            node = stale.pop()
            bits = reach[node]
            for child in children[node]:
                bits |= reach[child]
            if bits != reach[node]:
                reach[node] = bits
                stale.extend(parents[node])
    return reach


# Graphs are made of many nodes, edges and attributes: each class has its own __init__ that fills
# the slots through their setters (the __init__ a frozen dataclass generates goes through
# object.__setattr__ for each field, which takes twice as long); the instances stay frozen.


@dataclass(frozen=True, slots=True, init=False)
class Node:
    """A variable node: ``(var / concept)``, with the 0-based positions of the
    sentence words it is aligned to, if any."""

    var: str
    concept: str
    span: frozenset[int] = frozenset()
    lemma: str = field(init=False, repr=False, compare=False)
    sense: str | None = field(init=False, repr=False, compare=False)

    def __init__(self, var: str, concept: str, span: frozenset[int] = frozenset()) -> None:
        lemma, sense = split_concept(concept)
        _set_var(self, var)
        _set_concept(self, concept)
        _set_span(self, span)
        _set_lemma(self, lemma)
        _set_sense(self, sense)


@dataclass(frozen=True, slots=True, init=False)
class Edge:
    """A relation between two variables, with any ``-of`` inversion undone."""

    source: str
    role: str
    target: str

    def __init__(self, source: str, role: str, target: str) -> None:
        _set_edge_source(self, source)
        _set_edge_role(self, role)
        _set_edge_target(self, target)


@dataclass(frozen=True, slots=True, init=False)
class Attribute:
    """A relation whose target is a constant (``:polarity -``, ``:quant 5``).

    The constant keeps its surface form, so the quoted ``"5"`` and the number
    ``5`` stay distinct.
    """

    source: str
    role: str
    value: str

    def __init__(self, source: str, role: str, value: str) -> None:
        _set_attribute_source(self, source)
        _set_attribute_role(self, role)
        _set_attribute_value(self, value)


def _slot_setters(cls: type, *names: str) -> tuple:
    """The setters of the slots ``names`` of ``cls``."""
    return tuple(cls.__dict__[name].__set__ for name in names)


_set_var, _set_concept, _set_span, _set_lemma, _set_sense = _slot_setters(
    Node, "var", "concept", "span", "lemma", "sense"
)
_set_edge_source, _set_edge_role, _set_edge_target = _slot_setters(Edge, "source", "role", "target")
_set_attribute_source, _set_attribute_role, _set_attribute_value = _slot_setters(Attribute, "source", "role", "value")


Value = TypeVar("Value")


class _derived(Generic[Value]):
    """A graph's derived structure: computed from the graph on first read and kept in its
    ``__dict__`` (read from there afterwards), like :func:`functools.cached_property` but
    without its lock (Python 3.11 takes one on every first read; computing a structure twice
    from the same immutable fields, should two threads meet, gives equal values)."""

    def __init__(self, make: Callable[[Any], Value]) -> None:
        self.make = make
        self.__doc__ = make.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, graph: None, owner: type | None = None) -> _derived[Value]: ...

    @overload
    def __get__(self, graph: object, owner: type | None = None) -> Value: ...

    def __get__(self, graph: object, owner: type | None = None) -> Value | _derived[Value]:
        if graph is None:
            return self
        value = graph.__dict__[self.name] = self.make(graph)
        return value


# A child in a relation group: a variable index, or a constant under its owner.
ConstantChild = tuple[str, str]  # ("=", value)
Child = int | ConstantChild


@dataclass(frozen=True)
class SourceLocation:
    """Where a graph was read: its file and the first line of its block (``FILE:LINE``)."""

    file: str
    line: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"


class _WrittenTree:
    """:attr:`Graph.tree`: the tree given, or, when a reader gave the function that decodes
    :attr:`Graph.penman` into it (``tree=parse``), the tree it returns, decoded on first read
    (most runs never read it: the AnCast metrics do not) and kept."""

    @overload
    def __get__(self, graph: None, owner: type | None = None) -> None: ...

    @overload
    def __get__(self, graph: Graph, owner: type | None = None) -> Tree | None: ...

    def __get__(self, graph: Graph | None, owner: type | None = None) -> Tree | None:
        if graph is None:
            return None  # the field's default
        tree = graph.__dict__["_tree"]
        if callable(tree):
            tree = graph.__dict__["_tree"] = tree(graph.penman)
        return tree

    def __set__(self, graph: Graph, tree: Tree | Callable[[str], Tree] | None) -> None:
        graph.__dict__["_tree"] = tree


@dataclass(eq=False)
class Graph:
    """One rooted semantic graph with its sentence and metadata.

    ``nodes`` are in order of first appearance in the PENMAN text; ``edges`` and
    ``attributes`` are duplicate-free. ``tree`` is the graph as written, read by the
    metrics that need the surface form (Smatch, the compatibility profile) and by the
    views; ``penman`` is its text. A reader may give instead of the tree the function
    that decodes ``penman`` (:class:`_WrittenTree`): the tree is then decoded on first read.
    """

    top: str
    nodes: tuple[Node, ...]
    edges: tuple[Edge, ...]
    attributes: tuple[Attribute, ...]
    id: str | None = None
    text: str | None = None
    metadata: dict[str, str] = field(default_factory=dict)
    penman: str = ""
    location: SourceLocation | None = None
    tree: _WrittenTree = _WrittenTree()

    def __len__(self) -> int:
        return len(self.nodes)

    def release_caches(self) -> None:
        """Drop the derived structures (they are rebuilt on first use): a scored
        corpus then keeps only what it shows."""
        for name in (
            "index",
            "adjacency",
            "attributed_nodes",
            "attributes_by_node",
            "relation_groups",
            "descendant_counts",
        ):
            self.__dict__.pop(name, None)

    @_derived
    def index(self) -> dict[str, int]:
        """Variable -> row/column index in the similarity matrices."""
        return {node.var: i for i, node in enumerate(self.nodes)}

    @_derived
    def adjacency(self) -> np.ndarray:
        """``adjacency[p, c] = 1`` when an edge leads from node p to node c."""
        import numpy as np  # only the alignment needs matrices: reading and Smatch run without NumPy

        n = len(self.nodes)
        matrix = np.zeros((n, n))
        for edge in self.edges:
            matrix[self.index[edge.source], self.index[edge.target]] = 1.0
        return matrix

    @_derived
    def attributed_nodes(self) -> dict[int, dict[str, str]]:
        """The nodes that have attributes, index -> attribute dictionary role -> constant
        (repeated roles join their sorted values with a space so that they compare as a whole)."""
        index = self.index
        attributed: dict[int, dict[str, str]] = {}
        for attribute in self.attributes:
            node = index[attribute.source]
            roles = attributed.get(node)
            if roles is None:
                attributed[node] = {attribute.role: attribute.value}
            elif attribute.role not in roles:
                roles[attribute.role] = attribute.value
            else:
                return self._joined_attributes()  # a role repeated on a node (most graphs have none)
        return attributed

    def _joined_attributes(self) -> dict[int, dict[str, str]]:
        """:attr:`attributed_nodes` of a graph with a role repeated on a node."""
        index = self.index
        collected: dict[int, dict[str, list[str]]] = {}
        for attribute in self.attributes:
            collected.setdefault(index[attribute.source], {}).setdefault(attribute.role, []).append(attribute.value)
        return {
            node: {role: " ".join(sorted(values)) for role, values in roles.items()}
            for node, roles in collected.items()
        }

    @_derived
    def attributes_by_node(self) -> tuple[dict[str, str], ...]:
        """Per node, its attribute dictionary (:attr:`attributed_nodes`; empty for the others)."""
        by_node: list[dict[str, str]] = [{} for _ in self.nodes]
        for node, attributes in self.attributed_nodes.items():
            by_node[node] = attributes
        return tuple(by_node)

    @_derived
    def relation_groups(self) -> dict[tuple[int, Child], frozenset[str]]:
        """Relation label sets L_p keyed by (parent, child) (paper §2.3.2).

        A constant is a child of its owner, identified by its value, so every
        attribute is a relation here (``:polarity -`` groups under (v, ("=", "-"))).
        """
        index = self.index
        keys: list[tuple[int, Child]] = [(index[edge.source], index[edge.target]) for edge in self.edges]
        keys += [(index[attribute.source], ("=", attribute.value)) for attribute in self.attributes]
        roles = [edge.role for edge in self.edges] + [attribute.role for attribute in self.attributes]
        groups = dict(zip(keys, map(_SINGLE_LABELS.__getitem__, roles)))
        if len(groups) == len(keys):
            return groups  # one role per pair, as most are
        groups = {}  # join the roles of a pair, placed by its first relation
        for key, role in zip(keys, roles):
            labels = groups.get(key)
            groups[key] = _SINGLE_LABELS[role] if labels is None else labels | {role}
        return groups

    @_derived
    def descendant_counts(self) -> tuple[int, ...]:
        """Per node, the number of distinct descendants (paper eq. 24).

        Descendants are the variables reachable through edges (the node itself
        excluded, even on a cycle) and the distinct constant children of the
        node and of those variables (a constant is one per owner and value: a
        constant key of :attr:`relation_groups`); a constant has no descendants
        of its own. Both are counted as bits of :func:`reachable_sets`.
        """
        n = len(self.nodes)
        children: list[list[int]] = [[] for _ in range(n)]
        owned = [0] * n
        bit = 1 << n  # constants' bits above the variables'
        for parent, child in self.relation_groups:
            if child.__class__ is int:
                children[parent].append(child)
            else:
                owned[parent] |= bit
                bit <<= 1
        reach = reachable_sets(children, owned)  # a node's own bit is set only on a cycle
        return tuple([bits.bit_count() - (bits >> node & 1) for node, bits in enumerate(reach)])


DOC_KINDS = ("modal", "temporal", "coref")  # UMR document-level relation kinds


@dataclass(frozen=True)
class DocTriple:
    """One document-level relation, e.g. ("temporal", "document-creation-time", ":before", "s1l")."""

    kind: str
    source: str
    relation: str
    target: str
    line: int
