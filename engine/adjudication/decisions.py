"""Decisions: plain data objects that say what an adjudicator changed, stored as JSON.

A :class:`Decision` is an ordered tuple of edits, a one-line summary for the log and, when
it settles a mismatched triple, the :class:`Verdict` (which annotator, which triple,
accepted or rejected; a rejection may change nothing). Edits are expressed in the variables
of the adjudicated graph:

=====================  ============================================================
``set_concept``        a node's concept
``add_node``           a new node (relate it to the rest with ``add_relation``)
``remove_node``        a node and every relation from or to it
``add_relation``       an edge (``target``) or an attribute (``value``)
``remove_relation``    one relation
``change_relation``    one relation replaced by another (label, end or constant)
``set_top``            the node the graph is written from
``pin_pair``           align an annotator's node with an adjudicated node (an anchor)
``exclude_pair``       never align that pair
``clear_pair``         forget a pin or exclusion of that pair
=====================  ============================================================

The adjudicated graph is always recomputed: the start annotation, then the active decisions
in order (:func:`replay`); undoing a decision is replaying without it. Alignment edits do
not touch the graph; :func:`pair_corrections` folds them per annotator.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from ..model import Attribute, Edge, Graph
from .draft import Draft, Relation
from .errors import DraftError

__all__ = [
    "AddNode",
    "AddRelation",
    "ChangeRelation",
    "ClearPair",
    "Decision",
    "Edit",
    "ExcludePair",
    "PinPair",
    "RemoveNode",
    "RemoveRelation",
    "SetConcept",
    "SetTop",
    "Verdict",
    "apply_decision",
    "pair_corrections",
    "replay",
]


def relation_to_json(item: Relation) -> dict[str, str]:
    if isinstance(item, Edge):
        return {"source": item.source, "role": item.role, "target": item.target}
    return {"source": item.source, "role": item.role, "value": item.value}


def relation_from_json(data: dict[str, str]) -> Relation:
    if "target" in data:
        return Edge(data["source"], data["role"], data["target"])
    return Attribute(data["source"], data["role"], data["value"])


def _show(item: Relation) -> str:
    return f"({item.source} {item.role} {item.target if isinstance(item, Edge) else item.value})"


class _GraphEdit:
    """An edit of the adjudicated graph: the :class:`~engine.adjudication.draft.Draft` method
    named by its ``kind``, called with its fields in order."""

    kind: ClassVar[str]

    def apply(self, draft: Draft) -> None:
        getattr(draft, self.kind)(*(getattr(self, item.name) for item in fields(self)))  # type: ignore[arg-type]


@dataclass(frozen=True)
class SetConcept(_GraphEdit):
    kind: ClassVar[str] = "set_concept"
    var: str
    concept: str

    def describe(self, draft: Draft) -> str:
        return f"concept of {self.var}: {draft.concept(self.var)} -> {self.concept}"


@dataclass(frozen=True)
class AddNode(_GraphEdit):
    kind: ClassVar[str] = "add_node"
    var: str
    concept: str

    def describe(self, draft: Draft) -> str:
        return f"add node ({self.var} / {self.concept})"


@dataclass(frozen=True)
class RemoveNode(_GraphEdit):
    kind: ClassVar[str] = "remove_node"
    var: str

    def describe(self, draft: Draft) -> str:
        return f"remove node ({self.var} / {draft.concept(self.var)}) and its relations"


@dataclass(frozen=True)
class AddRelation(_GraphEdit):
    kind: ClassVar[str] = "add_relation"
    relation: Relation

    def describe(self, draft: Draft) -> str:
        return f"add {_show(self.relation)}"


@dataclass(frozen=True)
class RemoveRelation(_GraphEdit):
    kind: ClassVar[str] = "remove_relation"
    relation: Relation

    def describe(self, draft: Draft) -> str:
        return f"remove {_show(self.relation)}"


@dataclass(frozen=True)
class ChangeRelation(_GraphEdit):
    kind: ClassVar[str] = "change_relation"
    old: Relation
    new: Relation

    def describe(self, draft: Draft) -> str:
        return f"{_show(self.old)} -> {_show(self.new)}"


@dataclass(frozen=True)
class SetTop(_GraphEdit):
    kind: ClassVar[str] = "set_top"
    var: str

    def describe(self, draft: Draft) -> str:
        return f"top: {draft.top} -> {self.var}"


@dataclass(frozen=True)
class _PairEdit:
    """An alignment correction between ``annotator``'s node ``annotator_var`` and the
    adjudicated node ``var``; checked against the adjudicated graph only (the annotation is
    checked by the session, which knows it)."""

    annotator: str
    annotator_var: str
    var: str

    def apply(self, draft: Draft) -> None:
        if self.var not in draft.variables:
            raise DraftError(f"there is no node {self.var} in the adjudicated graph")

    def describe(self, draft: Draft) -> str:
        verb = {"pin_pair": "pin", "exclude_pair": "exclude", "clear_pair": "clear"}[self.kind]  # type: ignore[attr-defined]
        return f"{verb} alignment {self.annotator}:{self.annotator_var} = {self.var}"


@dataclass(frozen=True)
class PinPair(_PairEdit):
    kind: ClassVar[str] = "pin_pair"


@dataclass(frozen=True)
class ExcludePair(_PairEdit):
    kind: ClassVar[str] = "exclude_pair"


@dataclass(frozen=True)
class ClearPair(_PairEdit):
    kind: ClassVar[str] = "clear_pair"


Edit = (
    SetConcept
    | AddNode
    | RemoveNode
    | AddRelation
    | RemoveRelation
    | ChangeRelation
    | SetTop
    | PinPair
    | ExcludePair
    | ClearPair
)
EDITS: dict[str, type] = {kind.kind: kind for kind in Edit.__args__}
PAIR_EDITS = (PinPair, ExcludePair, ClearPair)


@dataclass(frozen=True)
class Verdict:
    """An adjudicator's answer to one mismatched triple of ``annotator`` against the
    adjudicated graph: the category (engine.metrics.triples), both sides as shown, accepted
    (the annotator's version taken) or rejected (the adjudicated one kept)."""

    annotator: str
    category: str
    annotator_triple: str | None
    adjudicated_triple: str | None
    accepted: bool


@dataclass(frozen=True)
class Decision:
    edits: tuple[Edit, ...]
    summary: str = ""
    verdict: Verdict | None = None

    def to_json(self) -> dict[str, Any]:
        edits = []
        for edit in self.edits:
            data: dict[str, Any] = {"kind": edit.kind}
            for item in fields(edit):
                value = getattr(edit, item.name)
                data[item.name] = relation_to_json(value) if isinstance(value, Edge | Attribute) else value
            edits.append(data)
        result: dict[str, Any] = {"edits": edits, "summary": self.summary}
        if self.verdict is not None:
            result["verdict"] = {item.name: getattr(self.verdict, item.name) for item in fields(self.verdict)}
        return result

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Decision:
        edits = []
        for item in data["edits"]:
            kind = EDITS[item["kind"]]
            values = {
                name: relation_from_json(value) if isinstance(value, dict) else value
                for name, value in item.items()
                if name != "kind"
            }
            edits.append(kind(**values))
        verdict = Verdict(**data["verdict"]) if data.get("verdict") else None
        return cls(tuple(edits), data.get("summary", ""), verdict)


def apply_decision(draft: Draft, decision: Decision) -> str:
    """Apply every edit in order; returns the decision's summary (written from the edits
    when it has none). Raises :class:`~engine.adjudication.draft.DraftError` for an edit
    that cannot be made (the draft may then be part-way: replay to recover)."""
    lines = []
    for edit in decision.edits:
        lines.append(edit.describe(draft))
        edit.apply(draft)
    return decision.summary or "; ".join(lines)


def replay(start: Graph, decisions: Iterable[Decision]) -> Draft:
    """The draft of ``start`` after ``decisions`` in order."""
    draft = Draft(start)
    for decision in decisions:
        apply_decision(draft, decision)
    return draft


def pair_corrections(decisions: Iterable[Decision], annotator: str) -> dict[tuple[str, str], bool]:
    """The alignment corrections for one annotator after ``decisions``: (annotator variable,
    adjudicated variable) -> True pinned / False excluded. A new pin replaces the pins it
    shares a node with (pins are one-to-one); ``clear_pair`` forgets a pair."""
    pairs: dict[tuple[str, str], bool] = {}
    for decision in decisions:
        for edit in decision.edits:
            if not isinstance(edit, PAIR_EDITS) or edit.annotator != annotator:
                continue
            key = (edit.annotator_var, edit.var)
            if isinstance(edit, PinPair):
                for other, pinned in list(pairs.items()):
                    if pinned and (other[0] == key[0] or other[1] == key[1]):
                        del pairs[other]
                pairs[key] = True
            elif isinstance(edit, ExcludePair):
                pairs[key] = False
            else:
                pairs.pop(key, None)
    return pairs
