"""UMR document-level agreement (SPEC section 6).

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

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .metrics import PRF, Tally
from .umr import DOC_KINDS, DocTriple, UmrDocument

if TYPE_CHECKING:
    from .scoring import PairResult

DOCUMENT_METRICS = DOC_KINDS + ("comprehensive",)
EQUIVALENCES = (":same-entity", ":same-event")
UNMAPPED = "?"


def variable_mapping(results: list[PairResult]) -> dict[str, str | None]:
    """Every test variable of the document -> its aligned gold variable (None: unaligned)."""
    mapping: dict[str, str | None] = {}
    for result in results:
        if result.test is None:
            continue
        for i, node in enumerate(result.test.nodes):
            j = result.alignment.gold_of[i] if result.alignment is not None else None
            mapping[node.var] = result.gold.nodes[j].var if j is not None else None
    return mapping


def _map(symbol: str, mapping: dict[str, str | None]) -> str:
    if symbol not in mapping:
        return symbol
    mapped = mapping[symbol]
    return mapped if mapped is not None else f"{UNMAPPED}{symbol}"


def triple_set(triples: list[DocTriple], kind: str, mapping: dict[str, str | None] | None = None) -> set[tuple[str, str, str]]:
    mapping = mapping or {}
    return {(_map(t.source, mapping), t.relation.lower(), _map(t.target, mapping)) for t in triples if t.kind == kind}


def coref_links(triples: set[tuple[str, str, str]]) -> set[tuple]:
    """Links of the transitive closure of coreference triples."""
    links: set[tuple] = set()
    for relation in EQUIVALENCES:
        parent: dict[str, str] = {}

        def find(x: str) -> str:
            while parent.setdefault(x, x) != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        for source, rel, target in triples:
            if rel == relation:
                parent[find(source)] = find(target)
        clusters: dict[str, list[str]] = {}
        for member in parent:
            clusters.setdefault(find(member), []).append(member)
        for members in clusters.values():
            members.sort()
            links |= {(relation, a, b) for k, a in enumerate(members) for b in members[k + 1:]}
    successors: dict[str, set[str]] = {}
    for source, rel, target in triples:
        if rel not in EQUIVALENCES:
            successors.setdefault(source, set()).add((rel, target))
    for start in successors:
        stack, seen = list(successors[start]), set()
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
    index: int
    tallies: dict[str, Tally]
    rows: list[tuple[str, str, tuple | None, tuple | None]]  # (kind, category, test item, gold item)

    @property
    def scores(self) -> dict[str, PRF]:
        return {name: tally.prf() for name, tally in self.tallies.items()}


def score_document(test: UmrDocument, gold: UmrDocument, results: list[PairResult]) -> DocumentResult:
    """Modal, temporal, coref and comprehensive tallies of one document pair."""
    mapping = variable_mapping(results)
    tallies: dict[str, Tally] = {}
    rows = []
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

