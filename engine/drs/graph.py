"""A DRS as an engine graph (:class:`~engine.model.Graph`), so that the AnCast
alignment, its metrics, the trace and the triples work on DRS pairs.

The clauses are first put in Counter's form with their ``REF`` clauses kept
(:func:`~.normalise.counter_clauses`: ``...Of`` roles turned round, a symmetric
operator's constant last, duplicates once). Then:

* **Nodes**: every variable, in order of first occurrence. A box (``b0``) is a
  node with concept ``BOX``. A referent (``x1``, ``e1``, ``s1``, ``t1``) has the
  concept of its first concept clause, ``male.n.02`` (lemma ``male``, sense
  ``n.02``); a further concept clause of the same referent is an attribute
  ``concept`` with that concept as its value; a referent without any concept
  clause has concept ``REF``.
* **Relations**: a 3-token clause ``b R v`` is the edge b -R-> v (``REF``,
  ``NOT``, ``POS``, ``PRESUPPOSITION``, ...). A 4-token role or operator clause
  ``b R y z`` between two variables is the edge y -R-> z (``b1 Agent e1 x1`` is
  e1 -Agent-> x1; its box is not part of it); when y and z are both boxes
  (``b0 CONTRAST b1 b4``, ``b0 IMP b1 b2``) it is the chain b -R-> y -R-> z, so
  that the outer box keeps its place.
* **Attributes**: a constant argument is an attribute of the variable the
  clause is about: ``b1 Name x1 "tom"`` is x1 Name "tom", ``b1 TPR t1 "now"`` is
  t1 TPR "now"; a constant first (``b1 Owner "speaker" x2``) gives the turned
  round role, x2 OwnerOf "speaker"; a clause with no variable argument
  (``b0 PartOf "speaker" "hearer"``, ``b1 REF "x"``) is an attribute of its box.
* **Token anchors**: a referent's ``Node.span`` is the sentence word (its
  position among the file's ``% token [start...end]`` words, from 0) named by
  the comments of its concept clauses, else of its ``REF`` clauses; boxes have
  none. Identical spans are initial anchors in the alignment.
* ``top`` is the first box that is no clause's argument; ``text`` the sentence;
  ``penman`` the DRS as written (the views show it).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..model import Attribute, Edge, Graph, Node, SourceLocation
from .clauses import Clause, DrsEntry, is_constant
from .normalise import counter_clauses, variable_kinds, variables_in_order

__all__ = ["BOX_CONCEPT", "REFERENT_CONCEPT", "drs_graph"]

BOX_CONCEPT = "BOX"
REFERENT_CONCEPT = "REF"


def _relations(clause: Clause, is_box: dict[str, bool]) -> tuple[list[Edge], list[Attribute]]:
    """The edges and attributes one role or operator clause stands for (module docstring)."""
    box, relation, arguments = clause.box, clause.relation, clause.arguments
    variables = [a for a in arguments if not is_constant(a)]
    constants = [a for a in arguments if is_constant(a)]
    if not variables:
        return [], [Attribute(box, relation, " ".join(constants))]
    if len(arguments) == 1:
        return [Edge(box, relation, arguments[0])], []
    first, second = arguments
    if constants:
        if is_constant(first):
            return [], [Attribute(second, f"{relation}Of", first)]
        return [], [Attribute(first, relation, second)]
    if is_box[first] and is_box[second]:
        return [Edge(box, relation, first), Edge(first, relation, second)], []
    return [Edge(first, relation, second)], []


def _spans(entry: DrsEntry, clauses: Sequence[Clause]) -> dict[str, frozenset[int]]:
    """Per referent, the word positions named by its concept clauses, else its REF clauses."""
    spans: dict[str, dict[str, set[int]]] = {}
    for clause in clauses:
        position = entry.word_position(clause.anchor)
        if position is None or len(clause.arguments) != 1 or is_constant(clause.arguments[0]):
            continue
        if clause.kind == "concept" or clause.relation == "REF":
            spans.setdefault(clause.arguments[0], {}).setdefault(clause.kind, set()).add(position)
    return {v: frozenset(by_kind.get("concept") or by_kind.get("operator") or ()) for v, by_kind in spans.items()}


def drs_graph(entry: DrsEntry) -> Graph:
    """The engine graph of a readable DRS (see the module docstring)."""
    if entry.error is not None:
        raise ValueError(f"{entry.file}:{entry.line}: DRS {entry.id} could not be read: {entry.error}")
    clauses = counter_clauses(entry.clauses, include_ref=True)
    variables = variables_in_order(clauses)
    is_box = dict(zip(variables, (kind == "box" for kind in variable_kinds(clauses, variables))))
    concepts: dict[str, str] = {}
    edges: dict[Edge, None] = {}
    attributes: dict[Attribute, None] = {}
    for clause in clauses:
        if clause.kind == "concept":
            referent = clause.arguments[0]
            if concepts.setdefault(referent, clause.name) != clause.name:
                attributes.setdefault(Attribute(referent, "concept", clause.name))
            continue
        new_edges, new_attributes = _relations(clause, is_box)
        edges.update(dict.fromkeys(new_edges))
        attributes.update(dict.fromkeys(new_attributes))
    spans = _spans(entry, clauses)
    nodes = tuple(
        Node(v, BOX_CONCEPT if is_box[v] else concepts.get(v, REFERENT_CONCEPT), spans.get(v, frozenset()))
        for v in variables
    )
    arguments = {a for clause in clauses for a in clause.arguments}
    boxes = [v for v in variables if is_box[v]]
    top = next((b for b in boxes if b not in arguments), boxes[0] if boxes else variables[0])
    return Graph(
        top=top,
        nodes=nodes,
        edges=tuple(edges),
        attributes=tuple(attributes),
        id=entry.id,
        text=entry.sentence,
        metadata={"format": "drs"},
        penman=entry.text,
        location=SourceLocation(entry.file, entry.line),
    )
