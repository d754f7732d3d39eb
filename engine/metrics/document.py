"""UMR document-level agreement: the coreference, temporal and modal relations of UMR
(Van Gysel et al. 2021, as the AnCast paper §1 introduces them), scored as the AnCast tool does.

Test variables are mapped to gold variables through the sentence alignments;
symbols that are no test variable (``author``, ``root``,
``document-creation-time``, ...) stand for themselves.

* modal, temporal: exact triples, P = matched / |test|, R = matched / |gold|;
* coref: the links of the transitive closure - every pair in a
  ``:same-entity`` or ``:same-event`` cluster (unordered), and every
  ``:subset-of`` pair reachable through a chain - compared as sets;
* comprehensive: P and R pooled over the sentences' labeled-relation sums and
  the modal, temporal and coref counts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import Protocol

from ..align.alignment import Alignment
from ..model import DOC_KINDS, DocTriple, Graph
from .tally import PRF, Tally

__all__ = ["DocumentResult", "ScoredSentence", "coref_links", "score_document", "triple_set", "variable_mapping"]

EQUIVALENCES = (":same-entity", ":same-event")
UNMAPPED = "?"
DocumentItem = tuple[str, str, str]
DocumentRow = tuple[str, str, DocumentItem | None, DocumentItem | None]  # kind, category, test item, gold item


class ScoredSentence(Protocol):
    """What the document level needs of each scored sentence pair of the document."""

    test: Graph | None
    gold: Graph | None
    alignment: Alignment | None
    tallies: dict[str, Tally]


def variable_mapping(results: Sequence[ScoredSentence]) -> dict[str, str | None]:
    """Every test variable of the document -> its aligned gold variable (None: unaligned)."""
    mapping: dict[str, str | None] = {}
    for result in results:
        if result.test is None:
            continue
        gold, alignment = result.gold, result.alignment
        for i, node in enumerate(result.test.nodes):
            j = alignment.gold_of[i] if alignment is not None else None
            mapping[node.var] = gold.nodes[j].var if j is not None and gold is not None else None
    return mapping


def _map(symbol: str, mapping: dict[str, str | None]) -> str:
    if symbol not in mapping:
        return symbol
    mapped = mapping[symbol]
    return mapped if mapped is not None else f"{UNMAPPED}{symbol}"


def triple_set(
    triples: list[DocTriple], kind: str, mapping: dict[str, str | None] | None = None
) -> set[tuple[str, str, str]]:
    mapping = mapping or {}
    return {(_map(t.source, mapping), t.relation.lower(), _map(t.target, mapping)) for t in triples if t.kind == kind}


def _root(parent: dict[str, str], x: str) -> str:
    """The representative of x's cluster in a union-find forest (paths halved on the way)."""
    while parent.setdefault(x, x) != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


def coref_links(triples: set[tuple[str, str, str]]) -> set[tuple[str, str, str]]:
    """Links of the transitive closure of coreference triples."""
    links: set[tuple[str, str, str]] = set()
    for relation in EQUIVALENCES:
        parent: dict[str, str] = {}
        find = partial(_root, parent)
        for source, rel, target in triples:
            if rel == relation:
                parent[find(source)] = find(target)
        clusters: dict[str, list[str]] = {}
        for member in parent:
            clusters.setdefault(find(member), []).append(member)
        for members in clusters.values():
            members.sort()
            links |= {(relation, a, b) for k, a in enumerate(members) for b in members[k + 1 :]}
    successors: dict[str, set[tuple[str, str]]] = {}
    for source, rel, target in triples:
        if rel not in EQUIVALENCES:
            successors.setdefault(source, set()).add((rel, target))
    for start in successors:
        stack, seen = list(successors[start]), set[tuple[str, str]]()
        while stack:
            rel, node = stack.pop()
            if (rel, node) in seen:
                continue
            seen.add((rel, node))
            links.add((rel, start, node))
            stack.extend((r, n) for r, n in successors.get(node, ()) if r == rel)
    return links


def _tally(test: set, gold: set) -> Tally:
    matched = len(test & gold)
    return Tally(matched, len(test), matched, len(gold))


@dataclass
class DocumentResult:
    """The tallies of one document pair and every relation, matched or not."""

    index: int
    tallies: dict[str, Tally]
    rows: list[DocumentRow]

    @property
    def scores(self) -> dict[str, PRF]:
        return {name: tally.prf() for name, tally in self.tallies.items()}

    @property
    def sides_without_relations(self) -> tuple[str, ...]:
        """ "test", "gold" or both when that document has no modal, temporal or coref relation
        (no document-level annotation): its every row is the other side's alone.

        >>> DocumentResult(0, {}, [("modal", "only in test", ("a", ":modal", "b"), None)]).sides_without_relations
        ('gold',)
        """
        return tuple(
            side for position, side in ((2, "test"), (3, "gold")) if not any(row[position] for row in self.rows)
        )


class Document(Protocol):
    """A document as scored here: its position in the file and its document-level triples
    (a UMR document of :mod:`engine.read.umr`)."""

    index: int

    @property
    def triples(self) -> list[DocTriple]: ...


def score_document(test: Document, gold: Document, results: Sequence[ScoredSentence]) -> DocumentResult:
    """Modal, temporal, coref and comprehensive tallies of one document pair."""
    mapping = variable_mapping(results)
    tallies: dict[str, Tally] = {}
    rows: list[DocumentRow] = []
    for kind in DOC_KINDS:
        test_items = triple_set(test.triples, kind, mapping)
        gold_items = triple_set(gold.triples, kind, None)
        if kind == "coref":
            test_items, gold_items = coref_links(test_items), coref_links(gold_items)
        tallies[kind] = _tally(test_items, gold_items)
        rows += [(kind, "matched", item, item) for item in sorted(test_items & gold_items)]
        rows += [(kind, "only in test", item, None) for item in sorted(test_items - gold_items)]
        rows += [(kind, "only in gold", None, item) for item in sorted(gold_items - test_items)]
    comprehensive = Tally()
    for result in results:
        comprehensive = comprehensive + result.tallies.get("labeled_relation", Tally())
    for kind in DOC_KINDS:
        comprehensive = comprehensive + tallies[kind]
    tallies["comprehensive"] = comprehensive
    return DocumentResult(test.index, tallies, rows)
