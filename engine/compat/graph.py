"""Graphs as ``ancast`` 0.1.1 reads them (SPEC section 4, last paragraph).

The reference has its own PENMAN reader, and its scores depend on what that
reader keeps. This module rebuilds its view from the PENMAN tree (parsed by
our fast path or by ``penman``):

* a concept's lemma is everything before the *first* ``-NN`` (two digits) in
  it, lowercased; the sense is that number (0 without one);
* a relation label is lowercased and de-inverted (``:ARG0-of`` -> ``arg0``
  from the child), and ``:mod`` counts as the inverse ``mod-of``, so
  ``(a :mod b)`` is held as ``(b :mod-of a)`` and is never unified with
  ``:domain``;
* constants are lowercased, quoted or not (``"Boston"`` = ``boston``); a bare
  symbol that is no variable is kept only if it is ``imperative``,
  ``expressive`` or made of digits and ``.:+-``, else dropped;
* each node keeps the raw labels around it (``ARG0`` out, ``ARG0-of`` in),
  which break ties, and its constants by label, in the reader's order.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import penman

from ..read import penman_tree

_SENSE = re.compile(r"-[0-9]{2}")
_KEPT_SYMBOL = re.compile(r"[0-9.:+-]+")
_KEPT_WORDS = frozenset({"imperative", "expressive"})


@dataclass
class Relation:
    """One relation as the reference holds it: label ``name`` (lowercased,
    de-inverted) from ``predicate`` to ``argument``; a variable is a node index,
    a constant its lowercased string."""

    name: str
    predicate: int | str
    argument: int | str

    def triple(self, variables: list[str]) -> tuple[str, str, str] | None:
        """(head, label, tail) with variables by name and constants as text;
        None for an inverted role on a constant, which the reference cannot place."""
        if isinstance(self.predicate, str) and self.name != "mod-of":
            return None
        head, tail = (variables[x] if isinstance(x, int) else x for x in (self.predicate, self.argument))
        return head, self.name, tail


@dataclass
class NodeRelations:
    """The relations around one node, keyed by raw label in first-use order."""

    by_label: dict[str, list[Relation]] = field(default_factory=dict)

    def add(self, label: str, relation: Relation) -> None:
        self.by_label.setdefault(label, []).append(relation)


@dataclass
class CompatGraph:
    """The reference's graph: nodes in order of declaration."""

    variables: list[str]
    lemmas: list[str]
    senses: list[int]
    around: list[NodeRelations]
    text: str

    def __len__(self) -> int:
        return len(self.variables)

    def attributes(self, node: int) -> dict[str, str]:
        """Label -> constant of the node's own constants (a later one with the same label wins)."""
        found: dict[str, str] = {}
        for relations in self.around[node].by_label.values():
            for relation in relations:
                if relation.predicate == node and isinstance(relation.argument, str):
                    found[relation.name] = relation.argument
        return found

    def label_set(self, node: int) -> set[str]:
        """The raw labels around the node (``ARG0`` for an outgoing, ``ARG0-of`` for an incoming ARG0)."""
        return set(self.around[node].by_label)

    def relations(self) -> list[Relation]:
        return [relation for node in self.around for relations in node.by_label.values() for relation in relations]

    def variable_links(self) -> list[tuple[int, int]]:
        """(predicate, argument) of every relation between two variables."""
        return [(r.predicate, r.argument) for r in self.relations()
                if isinstance(r.predicate, int) and isinstance(r.argument, int)]

    def triples(self) -> set[tuple[str, str, str]]:
        """Every relation once as (head, label, tail)."""
        found = {relation.triple(self.variables) for relation in self.relations()}
        found.discard(None)
        return found


def _reversed_label(label: str) -> str:
    return label[:-3] if label.endswith("-of") else label + "-of"


def _is_inverse(name: str) -> bool:
    return name == "mod" or (name.endswith("-of") and name != "mod-of")


class _Builder:
    def __init__(self) -> None:
        self.graph = CompatGraph([], [], [], [], "")
        self.index: dict[str, int] = {}
        self.pending: dict[str, list[tuple[int, str]]] = {}

    def relate(self, focus: int, label: str, child: int | str) -> None:
        name = label.lower()
        if _is_inverse(name):
            relation = Relation(_reversed_label(name), child, focus)
        else:
            relation = Relation(name, focus, child)
        self.graph.around[focus].add(label, relation)
        if isinstance(child, int):
            self.graph.around[child].add(_reversed_label(label), relation)

    @staticmethod
    def kept(symbol: str) -> bool:
        return symbol in _KEPT_WORDS or _KEPT_SYMBOL.fullmatch(symbol) is not None

    def node(self, tree) -> int:
        var, concept, edges = tree
        sense = _SENSE.search(concept)
        lemma, sense_id = (concept[: sense.start()], int(sense.group()[1:])) if sense else (concept, 0)
        number = len(self.graph.variables)
        self.index.setdefault(var, number)
        graph = self.graph
        graph.variables.append(var)
        graph.lemmas.append(lemma.lower())
        graph.senses.append(sense_id)
        graph.around.append(NodeRelations())
        for focus, label in self.pending.pop(var, ()):
            self.relate(focus, label, number)
        for role, target in edges:
            label = role[1:]
            if isinstance(target, tuple):
                self.relate(number, label, self.node(target))
            elif target.startswith('"'):
                self.relate(number, label, target[1:-1].lower())
            elif target in self.index:
                self.relate(number, label, self.index[target])
            elif self.kept(target):
                self.relate(number, label, target.lower())
            else:
                self.pending.setdefault(target, []).append((number, label))
        return number


def _strip_alignment(token: str) -> str:
    return token if token.startswith('"') else token.split("~", 1)[0]


def _from_penman(node) -> tuple:
    var, branches = node
    concept = next((target for role, target in branches if role == "/"), "")
    edges = [
        (role.split("~", 1)[0], _from_penman(target) if isinstance(target, tuple) else _strip_alignment(target))
        for role, target in branches
        if role != "/"
    ]
    return var, _strip_alignment(concept or ""), edges


def _from_fast(node) -> tuple:
    var, concept, _alignment, edges = node
    return var, concept, [(role, _from_fast(target) if isinstance(target, tuple) else target) for role, target in edges]


def read_compat(penman_text: str, sentence: str | None) -> CompatGraph:
    """The reference's view of one well-formed PENMAN graph and its sentence."""
    fast = penman_tree.parse(penman_text)
    tree = _from_fast(fast) if fast is not None else _from_penman(penman.parse(penman_text).node)
    builder = _Builder()
    builder.node(tree)
    builder.graph.text = sentence or ""
    return builder.graph
