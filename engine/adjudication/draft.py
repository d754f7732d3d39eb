"""The adjudicated graph while it is edited: nodes, and the relations written under each node.

A :class:`Draft` starts as a copy of one annotation's tree. It keeps every
relation as a *slot* - ``role target`` written under a *home* node, exactly as in PENMAN - so
that an edited graph is written back in the start annotation's layout: the same order of
relations, inverted roles where the annotator wrote them. What a slot stands for is decided
by the reader's own rules (:func:`~engine.read.penman_tree.orient`,
:func:`~engine.read.amr.relation`), so the graph a draft reports is the graph the reader
will find in its text.

Edits check what they are given and raise :class:`DraftError` with a sentence for the
adjudicator: tokens must be valid PENMAN (a symbol or a quoted string), a new variable must
not be a constant already written somewhere, and a relation must read back as itself
(``:ARG0-of`` and ``:domain`` between two variables are read turned round, so an edge is
given in its reading direction).

Writing (:meth:`Draft.tree`): a depth-first walk from the top over the slots, each node
defined where it is first met (nested), later mentions written as its variable. A node that
the walk cannot reach, because the relation that led to it was removed, is reached by
writing one of its relations to an already reached node from that node's side, inverted
(``:ARG1`` becomes ``:ARG1-of``). A node with no relation left to the rest is *not
connected*: the draft can still be scored, but not written (:meth:`Draft.problems`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from ..model import Attribute, Edge, Graph, Node, Tree
from ..read.amr import graph_from_tree, relation
from ..read.penman_tree import format_tree, iter_nodes, orient
from .errors import DraftError

__all__ = ["Draft", "Relation", "check_token", "reads_as"]

Relation = Edge | Attribute

_SYMBOL = re.compile(r'[^\s"()/:~#][^\s"()/:~]*')
_STRING = re.compile(r'"[^"\\\n]*(?:\\.[^"\\\n]*)*"')
_ROLE = re.compile(r':[^\s"()/:~]+')


def check_token(text: str, what: str, quoted: bool = True) -> str:
    """``text`` if it is one PENMAN symbol (or, with ``quoted``, a quoted string), else
    :class:`DraftError` naming ``what`` it was meant to be.

    >>> check_token('"New York"', "constant")
    '"New York"'
    >>> check_token("new york", "concept")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    engine.adjudication.errors.DraftError: 'new york' is not a valid concept: ...
    """
    if _SYMBOL.fullmatch(text) or (quoted and _STRING.fullmatch(text)):
        return text
    allowed = (
        "a symbol without spaces, quotes, ( ) / : ~ (or a quoted string)"
        if quoted
        else ("a symbol without spaces, quotes, ( ) / : ~")
    )
    raise DraftError(f"{text!r} is not a valid {what}: write {allowed}")


def reads_as(home: str, role: str, target: str, variables: set[str] | frozenset[str]) -> Relation:
    """The relation that ``role target`` written under ``home`` stands for (the reader's rules).

    >>> reads_as("b", ":ARG0-of", "w", {"b", "w"})
    Edge(source='w', role=':ARG0', target='b')
    """
    source, role, target = orient(home, role, target, variables)
    return relation(source, role, target, variables)


@dataclass
class _Node:
    concept: str
    alignment: str | None  # the concept's token alignment as written (~e.2), kept through edits
    span: frozenset[int]


class Draft:
    """An editable copy of a graph; see the module docstring. ``changed`` tells whether any
    edit was made (an unchanged draft reports its start graph as it is)."""

    def __init__(self, start: Graph):
        if start.tree is None:
            raise DraftError("the start annotation has no tree to edit")
        self.start = start
        self.top = start.top
        spans = {node.var: node.span for node in start.nodes}
        self.nodes: dict[str, _Node] = {}
        self.slots: dict[str, list[tuple[str, str]]] = {}
        for var, concept, alignment, edges in iter_nodes(start.tree):
            self.nodes[var] = _Node(concept, alignment, spans[var])
            self.slots[var] = [(role, target[0] if isinstance(target, tuple) else target) for role, target in edges]
        self.changed = False

    # --- what the draft holds -------------------------------------------------------------

    @property
    def variables(self) -> frozenset[str]:
        return frozenset(self.nodes)

    def concept(self, var: str) -> str:
        self._need_node(var)
        return self.nodes[var].concept

    def relations(self) -> list[Relation]:
        """Every relation once, in the order of its first slot."""
        variables = self.variables
        found: dict[Relation, None] = {}
        for home, slots in self.slots.items():
            for role, target in slots:
                found.setdefault(reads_as(home, role, target, variables))
        return list(found)

    def has(self, item: Relation) -> bool:
        return item in self.relations()

    def unreachable(self) -> list[str]:
        """Nodes with no chain of relations (either way) to the top, in node order."""
        neighbours: dict[str, set[str]] = {var: set() for var in self.nodes}
        for item in self.relations():
            if isinstance(item, Edge):
                neighbours[item.source].add(item.target)
                neighbours[item.target].add(item.source)
        seen, stack = {self.top}, [self.top]
        while stack:
            for other in neighbours[stack.pop()] - seen:
                seen.add(other)
                stack.append(other)
        return [var for var in self.nodes if var not in seen]

    def problems(self) -> list[str]:
        """Why the draft cannot be written as one PENMAN graph (empty when it can)."""
        lost = self.unreachable()
        if not lost:
            return []
        names = ", ".join(f"{var} / {self.nodes[var].concept}" for var in lost)
        return [f"not connected to the top {self.top}: {names} (add a relation to the rest, or remove them)"]

    # --- edits ------------------------------------------------------------------------------

    def set_concept(self, var: str, concept: str) -> None:
        self._need_node(var)
        check_token(concept, "concept")
        if self.nodes[var].concept == concept:
            raise DraftError(f"the concept of {var} is already {concept}")
        self.nodes[var].concept = concept
        self.changed = True

    def add_node(self, var: str, concept: str) -> None:
        check_token(var, "variable", quoted=False)
        check_token(concept, "concept")
        if var in self.nodes:
            raise DraftError(f"variable {var} is already in the graph ({var} / {self.nodes[var].concept})")
        for home, slots in self.slots.items():
            for role, target in slots:
                if target == var:
                    raise DraftError(f"{var} is written as a constant ({home} {role} {var}): choose another variable")
        self.nodes[var] = _Node(concept, None, frozenset())
        self.slots[var] = []
        self.changed = True

    def remove_node(self, var: str) -> None:
        """Remove a node with every relation from or to it (the top cannot be removed)."""
        self._need_node(var)
        if var == self.top:
            raise DraftError(f"{var} is the top: make another node the top first")
        del self.nodes[var], self.slots[var]
        for home in self.slots:
            self.slots[home] = [(role, target) for role, target in self.slots[home] if target != var]
        self.changed = True

    def add_relation(self, item: Relation) -> None:
        self._check_new(item)
        self.slots[item.source].append((item.role, _target(item)))  # _check_new: it reads back as itself
        self.changed = True

    def remove_relation(self, item: Relation) -> None:
        self._need_relation(item)
        variables = self.variables
        for home in self.slots:
            self.slots[home] = [s for s in self.slots[home] if reads_as(home, *s, variables) != item]
        self.changed = True

    def change_relation(self, old: Relation, new: Relation) -> None:
        """Put ``new`` where ``old`` was written (same node, same place among its relations,
        inverted if it was), or under its own source when it cannot be written there."""
        self._need_relation(old)
        if new == old:
            raise DraftError(f"{_show(old)} is unchanged")
        self._check_new(new)
        variables = self.variables
        placed = False
        for home in self.slots:
            kept: list[tuple[str, str]] = []
            for slot in self.slots[home]:
                if reads_as(home, *slot, variables) != old:
                    kept.append(slot)
                elif not placed:
                    written = self._written(home, new)
                    if written is not None:
                        kept.append(written)
                        placed = True
            self.slots[home] = kept
        if not placed:
            self.slots[new.source].append((new.role, _target(new)))
        self.changed = True

    def set_top(self, var: str) -> None:
        self._need_node(var)
        if var == self.top:
            raise DraftError(f"{var} is already the top")
        self.top = var
        self.changed = True

    # --- output -------------------------------------------------------------------------------

    def tree(self) -> Tree:
        """The draft as a PENMAN tree (see the module docstring); :class:`DraftError` when it
        is not connected."""
        if not self.changed:
            assert self.start.tree is not None
            return self.start.tree
        problems = self.problems()
        if problems:
            raise DraftError(problems[0])
        slots = {home: list(items) for home, items in self.slots.items()}
        reached = _reach(slots, {self.top}, self.top)
        while len(reached) < len(self.nodes):
            reached |= self._turn_round(slots, reached)
        return self._build(slots)

    def graph(self) -> Graph:
        """The draft as an engine graph: the start graph when nothing changed; else, when
        connected, the graph the reader makes of :meth:`tree` (with the start's id, text and
        metadata, and the nodes' token spans); when not connected, the same without a tree."""
        if not self.changed:
            return self.start
        start = self.start
        if self.unreachable():
            relations = self.relations()
            return replace(
                start,
                top=self.top,
                nodes=tuple(Node(var, node.concept, node.span) for var, node in self.nodes.items()),
                edges=tuple(r for r in relations if isinstance(r, Edge)),
                attributes=tuple(r for r in relations if isinstance(r, Attribute)),
                penman="",
                tree=None,
            )
        tree = self.tree()
        where = start.location
        graph = graph_from_tree(
            tree,
            file=where.file if where else "<adjudicated>",
            line=where.line if where else 1,
            metadata=dict(start.metadata),
            penman=format_tree(tree),
        )
        nodes = tuple(replace(node, span=self.nodes[node.var].span) for node in graph.nodes)
        return replace(graph, nodes=nodes, id=start.id, text=start.text)

    # --- helpers ------------------------------------------------------------------------------

    def _need_node(self, var: str) -> None:
        if var not in self.nodes:
            raise DraftError(f"there is no node {var} in the adjudicated graph")

    def _need_relation(self, item: Relation) -> None:
        if not self.has(item):
            raise DraftError(f"{_show(item)} is not in the adjudicated graph")

    def _check_new(self, item: Relation) -> None:
        """A relation that may be added: its ends exist, its tokens are valid, it reads back
        as itself and is not there yet."""
        self._need_node(item.source)
        _check_role(item.role)
        if isinstance(item, Edge):
            self._need_node(item.target)
        else:
            check_token(item.value, "constant")
            if item.value in self.nodes:
                raise DraftError(
                    f"the constant {item.value} is the name of a variable: quote it (\"{item.value}\") "
                    "or relate the node itself"
                )
        if reads_as(item.source, item.role, _target(item), self.variables) != item:
            raise DraftError(_misread(item))
        if self.has(item):
            raise DraftError(f"{_show(item)} is already in the adjudicated graph")

    def _written(self, home: str, item: Relation) -> tuple[str, str] | None:
        """``item`` as a slot under ``home``: as it is under its source, inverted under the
        target of an edge; None when it cannot be written there."""
        variables = self.variables
        target = _target(item)
        if home == item.source and reads_as(home, item.role, target, variables) == item:
            return item.role, target
        if isinstance(item, Edge) and home == item.target:
            for role in (f"{item.role}-of", ":domain") if item.role == ":mod" else (f"{item.role}-of",):
                if reads_as(home, role, item.source, variables) == item:
                    return role, item.source
        return None

    def _turn_round(self, slots: dict[str, list[tuple[str, str]]], reached: set[str]) -> set[str]:
        """Write one relation between an unreached node and a reached one from the reached
        side; returns the nodes this makes reachable."""
        variables = self.variables
        for var in self.nodes:
            if var in reached:
                continue
            for number, (role, target) in enumerate(slots[var]):
                if target not in reached:
                    continue
                written = self._written(target, reads_as(var, role, target, variables))
                if written is not None:
                    del slots[var][number]
                    slots[target].append(written)
                    return _reach(slots, set(reached), var)
        raise DraftError(f"the graph cannot be written from the top {self.top}: a relation cannot be inverted")

    def _build(self, slots: dict[str, list[tuple[str, str]]]) -> Tree:
        """The tree of the walk from the top, each node nested where it is first met."""

        def fresh(var: str) -> Tree:
            node = self.nodes[var]
            return (var, node.concept, node.alignment, [])

        root = fresh(self.top)
        defined = {self.top}
        stack: list[tuple[Tree, int]] = [(root, 0)]
        while stack:
            node, number = stack.pop()
            var, _, _, edges = node
            items = slots[var]
            while number < len(items):
                role, target = items[number]
                number += 1
                if target in self.nodes and target not in defined:
                    defined.add(target)
                    child = fresh(target)
                    edges.append((role, child))
                    stack.append((node, number))
                    stack.append((child, 0))
                    break
                edges.append((role, target))
        return root


def _reach(slots: dict[str, list[tuple[str, str]]], reached: set[str], start: str) -> set[str]:
    """``reached`` and every node reached from ``start`` along slots (home to target)."""
    reached.add(start)
    stack = [start]
    while stack:
        for _, target in slots[stack.pop()]:
            if target in slots and target not in reached:
                reached.add(target)
                stack.append(target)
    return reached


def _check_role(role: str) -> None:
    if not _ROLE.fullmatch(role) or role == ":instance":
        raise DraftError(f"{role!r} is not a valid role: write ':' and a name without spaces, quotes, ( ) / : ~")


def _target(item: Relation) -> str:
    return item.target if isinstance(item, Edge) else item.value


def _show(item: Relation) -> str:
    return f"({item.source} {item.role} {_target(item)})"


def _misread(item: Relation) -> str:
    if isinstance(item, Edge) and item.role == ":domain":
        return f"{_show(item)} would be read as ({item.target} :mod {item.source}): give it in that direction"
    if isinstance(item, Edge):
        base = item.role[:-3]
        return f"{item.role} is read turned round: give ({item.target} {base} {item.source}) instead"
    return f"{_show(item)} would not be read back as written"
