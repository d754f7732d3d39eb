"""Accepting or rejecting a mismatched triple: the decision that settles one row of the
triples table of an annotator against the adjudicated graph.

The table (:func:`engine.metrics.triples.classify_triples`) has the annotation as test and
the adjudicated graph as gold; the adjudication names the categories after the annotation and
the adjudicated graph (:func:`category_name`: *only in annotation*, *only in adjudicated*),
everywhere it shows them. *Accept* takes the annotator's version, *reject* keeps the
adjudicated one (a decision without edits, kept so that the row shows as settled):

====================  ===================================================================
category              accept
====================  ===================================================================
only in annotation    add the annotator's relation, its ends mapped through the alignment;
                      an unaligned end becomes a new node with the annotator's concept
only in adjudicated   remove the adjudicated relation
label differs         relabel the adjudicated relation with the annotator's role
concept differs       give the adjudicated ends the annotator's concepts where they differ
top differs           make the adjudicated partner of the annotator's top the top (an
                      unaligned top becomes a new node first, to be related to the rest)
====================  ===================================================================

A new node takes the annotator's variable when the adjudicated graph has no node of that
name, else a numbered one that neither graph uses (so that ``h2`` never names one node on
the left and another on the right). A disagreement is *open* until a verdict names it
(:func:`match_key`, :func:`verdict_key`): :func:`open_count`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..metrics.triples import Category, Triple, TripleMatch
from ..model import Attribute, Edge
from .agreement import Agreement
from .decisions import (
    AddNode,
    AddRelation,
    ChangeRelation,
    Decision,
    Edit,
    RemoveRelation,
    SetConcept,
    SetTop,
    Verdict,
)
from .draft import Relation
from .errors import SessionError

__all__ = [
    "category_name",
    "decision_text",
    "fresh_variable",
    "match_key",
    "open_count",
    "triple_decision",
    "verdict_key",
    "verdict_text",
]

Key = tuple[str, str, str | None, str | None]  # annotator, category, annotator's triple, adjudicated triple

CATEGORY_NAMES: dict[str, str] = {
    Category.ONLY_IN_TEST: "only in annotation",
    Category.ONLY_IN_GOLD: "only in adjudicated",
}


def category_name(category: Category | str) -> str:
    """A triples-table category (a :class:`Category`, or its word as a decision stores it) in
    the adjudication's words: the annotation (test) against the adjudicated graph (gold).

    >>> category_name("only in test"), category_name("only in gold"), category_name("label differs")
    ('only in annotation', 'only in adjudicated', 'label differs')
    """
    return CATEGORY_NAMES.get(category, str(category))


def verdict_text(verdict: Verdict) -> str:
    """What a verdict decided, as the history, the log and the status bar say it.

    >>> verdict_text(Verdict("ann2", "only in test", "(w/want-01 :polarity -)", None, False))
    "rejected ann2's disagreement (only in annotation): (w/want-01 :polarity -)"
    """
    word = "accepted" if verdict.accepted else "rejected"
    triples = " vs ".join(t for t in (verdict.annotator_triple, verdict.adjudicated_triple) if t)
    return f"{word} {verdict.annotator}'s disagreement ({category_name(verdict.category)}): {triples}"


def decision_text(decision: Decision) -> str:
    """A decision in words: its verdict's (so that sessions written before the categories were
    renamed read the same), else its summary."""
    return verdict_text(decision.verdict) if decision.verdict is not None else decision.summary


def fresh_variable(preferred: str, concept: str, taken: set[str]) -> str:
    """``preferred`` when it is free, else the concept's first letter and the lowest number
    that is.

    >>> fresh_variable("b", "boy", {"b"}), fresh_variable("b", "boy", {"b", "b2"}), fresh_variable("x", "boy", set())
    ('b2', 'b3', 'x')
    """
    if preferred not in taken:
        return preferred
    letter = next((c for c in concept.lower() if re.match(r"[a-z]", c)), "x")
    number = 2
    while f"{letter}{number}" in taken:
        number += 1
    return f"{letter}{number}"


def _relation(triple: Triple) -> Relation:
    if triple.target_concept is None:
        return Attribute(triple.source, triple.role, triple.target)
    return Edge(triple.source, triple.role, triple.target)


class _Counterparts:
    """The adjudicated node of each annotator's node: its aligned partner, else a new node
    (its edits collected in ``edits``) named as the module docstring says."""

    def __init__(self, agreement: Agreement):
        self.agreement = agreement
        adjudicated = agreement.adjudicated
        self.taken = {node.var for node in adjudicated.nodes} | {a.value for a in adjudicated.attributes}
        self.theirs = {node.var for node in agreement.annotation.nodes}
        self.names: dict[str, str] = {}
        self.edits: list[Edit] = []

    def __call__(self, var: str, concept: str) -> str:
        if var not in self.names:
            agreement = self.agreement
            j = agreement.alignment.gold_map.get(agreement.annotation.index[var])
            if j is not None:
                self.names[var] = agreement.adjudicated.nodes[j].var
            else:
                name = fresh_variable(var, concept, self.taken | (self.theirs - {var}))
                self.names[var] = name
                self.taken.add(name)
                self.edits.append(AddNode(name, concept))
        return self.names[var]


def _added(triple: Triple, agreement: Agreement) -> list[Edit]:
    """The edits that bring an annotator's relation into the adjudicated graph."""
    counterpart = _Counterparts(agreement)
    edits = counterpart.edits
    source = counterpart(triple.source, triple.source_concept)
    if triple.target_concept is None:
        edits.append(AddRelation(Attribute(source, triple.role, triple.target)))
    else:
        edits.append(AddRelation(Edge(source, triple.role, counterpart(triple.target, triple.target_concept))))
    return edits


def _top(triple: Triple, agreement: Agreement) -> list[Edit]:
    """The edits that make the adjudicated partner of the annotator's top the top."""
    counterpart = _Counterparts(agreement)
    top = counterpart(triple.source, triple.source_concept)
    return [*counterpart.edits, SetTop(top)]


def _accepted(match: TripleMatch, agreement: Agreement) -> list[Edit]:
    theirs, ours = match.test, match.gold
    if match.category == Category.ONLY_IN_TEST:
        assert theirs is not None
        return _added(theirs, agreement)
    if match.category == Category.TOP_DIFFERS:
        assert theirs is not None
        return _top(theirs, agreement)
    assert ours is not None
    if match.category == Category.ONLY_IN_GOLD:
        return [RemoveRelation(_relation(ours))]
    assert theirs is not None
    if match.category == Category.LABEL_DIFFERS:
        old = _relation(ours)
        new = (
            Attribute(old.source, theirs.role, old.value)
            if isinstance(old, Attribute)
            else (Edge(old.source, theirs.role, old.target))
        )
        return [ChangeRelation(old, new)]
    edits: list[Edit] = []
    if ours.source_concept != theirs.source_concept:
        edits.append(SetConcept(ours.source, theirs.source_concept))
    if (
        ours.target_concept is not None
        and theirs.target_concept is not None
        and (ours.target_concept != theirs.target_concept and ours.target != ours.source)
    ):
        edits.append(SetConcept(ours.target, theirs.target_concept))
    return edits


def triple_decision(match: TripleMatch, agreement: Agreement, accept: bool) -> Decision:
    """The decision that accepts or rejects ``match``, a row of ``agreement.triples()``."""
    if match.category == Category.MATCHED:
        raise SessionError("this triple is matched: there is nothing to decide")
    edits = _accepted(match, agreement) if accept else []
    verdict = Verdict(
        agreement.annotator,
        match.category.value,
        str(match.test) if match.test else None,
        str(match.gold) if match.gold else None,
        accept,
    )
    return Decision(tuple(edits), verdict_text(verdict), verdict)


def _text(triple: Triple | None) -> str | None:
    return str(triple) if triple is not None else None


def match_key(annotator: str, match: TripleMatch) -> Key:
    """What a row of ``annotator``'s triples is about: its category and both triples as shown."""
    return annotator, match.category.value, _text(match.test), _text(match.gold)


def verdict_key(verdict: Verdict) -> Key:
    """The row a verdict was given on (:func:`match_key` of that row when it was given)."""
    return verdict.annotator, verdict.category, verdict.annotator_triple, verdict.adjudicated_triple


def open_count(agreement: Agreement, verdicts: Iterable[Verdict]) -> tuple[int, int]:
    """How many disagreements of the annotator with the adjudicated graph no verdict settles
    yet, and how many of them are the top (0 or 1)."""
    given = {verdict_key(verdict) for verdict in verdicts}
    still = [
        match
        for match in agreement.triples()
        if match.category != Category.MATCHED and match_key(agreement.annotator, match) not in given
    ]
    return len(still), sum(1 for match in still if match.category == Category.TOP_DIFFERS)
