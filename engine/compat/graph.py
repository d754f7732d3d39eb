"""Graphs as ``ancast`` 0.1.1 reads them (as observed by running it).

The reference has its own PENMAN reader, and its scores depend on what that
reader keeps. This module rebuilds its view from the graph as written, the
tree every :class:`~engine.model.Graph` keeps (:mod:`engine.read.penman_tree`):

* a concept's lemma is everything before the *first* ``-NN`` (two digits) in
  it, lowercased; the sense is that number (0 without one);
* a relation label is lowercased and de-inverted (``:ARG0-of`` -> ``arg0``
  from the child), and ``:mod`` counts as the inverse ``mod-of``, so
  ``(a :mod b)`` is held as ``(b :mod-of a)`` and is never unified with
  ``:domain``;
* constants are lowercased, quoted or not (``"Boston"`` = ``boston``); a bare
  symbol that is no variable is kept only if it is ``imperative``,
  ``expressive`` or made of digits and ``.:+-``, else dropped; a variable
  named before it is declared is linked once it is;
* each node keeps the raw labels around it (``ARG0`` out, ``ARG0-of`` in),
  which break ties, and its constants by label, in the reader's order.

Everything the alignment and the metrics ask of a graph (constants, links,
triples) is collected while the tree is walked, once per graph.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from ..model import Tree
from ..read import penman_tree

__all__ = ["CompatGraph", "compat_graph", "read_compat"]

_SENSE = re.compile(r"-[0-9]{2}")
_KEPT_SYMBOL = re.compile(r"[0-9.:+-]+")
_KEPT_WORDS = frozenset({"imperative", "expressive"})

Triple = tuple[str, str, str]


@dataclass
class CompatGraph:
    """The reference's graph: nodes in order of declaration.

    ``around[k]`` holds the raw labels of the relations at node k (``ARG0`` for
    an outgoing, ``ARG0-of`` for an incoming ARG0) in first-use order, each
    with the node's own constants under that label as (name, value). Those
    constants, name -> value in that order (a later one with the same name
    wins), are split as the reference uses them: ``names[k]`` is the lemma with
    the ``op*`` values appended, ``constants[k]`` holds the others. ``links``
    are the (predicate, argument) of the relations between two variables;
    ``triples`` every relation once as (head, label, tail), variables by name."""

    variables: list[str]
    lemmas: list[str]
    senses: list[int]
    around: list[dict[str, list[tuple[str, str]]]]
    names: list[str]
    constants: list[dict[str, str]]
    links: list[tuple[int, int]]
    triples: frozenset[Triple]
    text: str

    def __len__(self) -> int:
        return len(self.variables)


@lru_cache(maxsize=65536)
def _lemma_and_sense(concept: str) -> tuple[str, int]:
    sense = _SENSE.search(concept)
    if sense is None:
        return concept.lower(), 0
    return concept[: sense.start()].lower(), int(sense.group()[1:])


@lru_cache(maxsize=4096)
def _label_reading(label: str) -> tuple[str, bool, str]:
    """(the relation's name, whether it points from the child, the raw label seen from the child)."""
    name = label.lower()
    inverse = name == "mod" or (name.endswith("-of") and name != "mod-of")
    if inverse:
        name = name[:-3] if name.endswith("-of") else name + "-of"
    return name, inverse, label[:-3] if label.endswith("-of") else label + "-of"


@lru_cache(maxsize=65536)
def _constant(symbol: str) -> str | None:
    """A target that is not a variable as the reference keeps it: a quoted string unquoted,
    lowercased; a bare symbol lowercased if kept, else None."""
    if symbol.startswith('"'):
        return symbol[1:-1].lower()
    if symbol in _KEPT_WORDS or _KEPT_SYMBOL.fullmatch(symbol) is not None:
        return symbol.lower()
    return None


class _Builder:
    def __init__(self) -> None:
        self.variables: list[str] = []
        self.lemmas: list[str] = []
        self.senses: list[int] = []
        self.around: list[dict[str, list[tuple[str, str]]]] = []
        self.links: list[tuple[int, int]] = []
        self.triples: set[Triple] = set()
        self.with_constants: set[int] = set()
        self.index: dict[str, int] = {}
        self.pending: dict[str, list[tuple[int, str]]] = {}

    def relate(self, focus: int, label: str, child: int | str) -> None:
        """One relation from ``focus`` under the raw ``label`` to a node number or a constant."""
        name, inverse, child_label = _label_reading(label)
        variables = self.variables
        if isinstance(child, int):
            self.around[focus].setdefault(label, [])
            self.around[child].setdefault(child_label, [])
            predicate, argument = (child, focus) if inverse else (focus, child)
            self.links.append((predicate, argument))
            self.triples.add((variables[predicate], name, variables[argument]))
        elif inverse:  # of the inverted roles on a constant, the reference places only mod-of
            self.around[focus].setdefault(label, [])
            if name == "mod-of":
                self.triples.add((child, name, variables[focus]))
        else:
            self.around[focus].setdefault(label, []).append((name, child))
            self.with_constants.add(focus)
            self.triples.add((variables[focus], name, child))

    def open(self, var: str, concept: str) -> int:
        """Declare a node; links waiting for its variable are made now."""
        number = len(self.variables)
        self.index.setdefault(var, number)
        lemma, sense = _lemma_and_sense(concept)
        self.variables.append(var)
        self.lemmas.append(lemma)
        self.senses.append(sense)
        self.around.append({})
        if var in self.pending:
            for focus, label in self.pending.pop(var):
                self.relate(focus, label, number)
        return number

    def leaf(self, focus: int, label: str, target: str) -> None:
        if target in self.index and not target.startswith('"'):
            self.relate(focus, label, self.index[target])
            return
        constant = _constant(target)
        if constant is not None:
            self.relate(focus, label, constant)
        else:
            self.pending.setdefault(target, []).append((focus, label))

    def walk(self, tree: Tree) -> None:
        """Depth first as the reference: a node, then its relations in order, a
        nested node's whole subtree before the relation that leads to it."""
        var, concept, _alignment, edges = tree
        stack: list[tuple[int, Iterator[tuple[str, Tree | str]], int | None, str]] = [
            (self.open(var, concept), iter(edges), None, "")
        ]
        while stack:
            number, remaining, parent, label = stack[-1]
            for role, target in remaining:
                if isinstance(target, tuple):
                    var, concept, _alignment, child_edges = target
                    stack.append((self.open(var, concept), iter(child_edges), number, role[1:]))
                    break
                self.leaf(number, role[1:], target)
            else:
                stack.pop()
                if parent is not None:
                    self.relate(parent, label, number)

    def own_constants(self, node: int) -> dict[str, str]:
        return {name: value for constants in self.around[node].values() for name, value in constants}

    def graph(self, sentence: str | None) -> CompatGraph:
        names = list(self.lemmas)
        constants: list[dict[str, str]] = [{} for _ in names]
        for node in self.with_constants:
            found = self.own_constants(node)
            names[node] += "".join([value for label, value in found.items() if label[:2] == "op"])
            constants[node] = {label: value for label, value in found.items() if label[:2] != "op"}
        return CompatGraph(
            self.variables,
            self.lemmas,
            self.senses,
            self.around,
            names,
            constants,
            self.links,
            frozenset(self.triples),
            sentence or "",
        )


def compat_graph(tree: Tree, sentence: str | None) -> CompatGraph:
    """The reference's view of one graph given as its tree
    ``(var, concept, alignment, [(role, target), ...])``, and its sentence."""
    builder = _Builder()
    builder.walk(tree)
    return builder.graph(sentence)


def read_compat(penman_text: str, sentence: str | None) -> CompatGraph:
    """The reference's view of one well-formed PENMAN graph and its sentence."""
    return compat_graph(penman_tree.parse(penman_text), sentence)
