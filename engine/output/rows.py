"""The alignment of a pair as rows: each test node with its partner, then the gold nodes
left unaligned - for the report and the app's table (:func:`alignment_table`) and the JSON
alignment list (:func:`alignment_rows`), both read from :func:`_partnered`."""

from __future__ import annotations

from dataclasses import dataclass

from ..align.alignment import Alignment, quality_label
from ..model import Graph, Node
from ..scoring.results import PairResult

__all__ = ["AlignmentEntry", "AlignmentRow", "alignment_rows", "alignment_table"]


@dataclass(frozen=True)
class AlignmentRow:
    """A test node and its gold partner (either may be None), their intrinsic similarity S
    and the round that fixed the pair (``quality``: 0 initial anchor, q round q, last + 1
    finalisation, None unaligned)."""

    test: Node | None
    gold: Node | None
    similarity: float | None
    quality: int | None
    how: str


def _partnered(alignment: Alignment, test: Graph, gold: Graph) -> list[tuple[Node, Node | None, float, int | None]]:
    """Each test node in order with its gold partner (None: unaligned), S between them (read
    for all the nodes at once; 0 for an unaligned node) and its quality."""
    gold_of = alignment.gold_of
    columns = [0 if j is None else j for j in gold_of]
    similarity = alignment.similarity[range(len(gold_of)), columns].tolist()
    return [
        (node, None, 0.0, quality) if j is None else (node, gold.nodes[j], s, quality)
        for node, j, s, quality in zip(test.nodes, gold_of, similarity, alignment.quality)
    ]


def alignment_table(result: PairResult) -> list[AlignmentRow]:
    """Rows in test order, then the unaligned gold nodes in gold order (empty without an alignment)."""
    alignment, test, gold = result.alignment, result.test, result.gold
    if alignment is None or test is None or gold is None:
        return []
    rounds = len(alignment.rounds)
    rows = [
        AlignmentRow(node, partner, s if partner is not None else None, quality, quality_label(quality, rounds))
        for node, partner, s, quality in _partnered(alignment, test, gold)
    ]
    aligned = set(alignment.test_of)
    rows += [AlignmentRow(None, node, None, None, "unaligned") for j, node in enumerate(gold.nodes) if j not in aligned]
    return rows


AlignmentEntry = tuple[str, str | None, float, int | None]  # test variable, gold variable, S, quality


def alignment_rows(result: PairResult) -> list[AlignmentEntry]:
    """The JSON alignment list: one entry per test node, in graph order (S = 0 when unaligned);
    :func:`engine.output.printers.pair_json` writes each as an object
    ``{"test", "gold", "similarity", "quality"}``."""
    alignment, test, gold = result.alignment, result.test, result.gold
    if alignment is None or test is None or gold is None:
        return []
    return [
        (node.var, partner.var if partner is not None else None, s, quality)
        for node, partner, s, quality in _partnered(alignment, test, gold)
    ]
