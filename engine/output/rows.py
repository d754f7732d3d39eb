"""The alignment of a pair as rows: each test node with its partner, then the gold nodes
left unaligned - the one source of the JSON alignment list, the report and the app's table."""

from __future__ import annotations

from dataclasses import dataclass

from ..align.alignment import quality_label
from ..model import Node
from ..scoring.results import PairResult

__all__ = ["AlignmentRow", "alignment_rows", "alignment_table"]


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


def alignment_table(result: PairResult) -> list[AlignmentRow]:
    """Rows in test order, then the unaligned gold nodes in gold order (empty without an alignment)."""
    alignment, test, gold = result.alignment, result.test, result.gold
    if alignment is None or test is None or gold is None:
        return []
    rounds = len(alignment.rounds)
    rows = []
    for i, node in enumerate(test.nodes):
        j = alignment.gold_of[i]
        quality = alignment.quality[i]
        rows.append(
            AlignmentRow(
                node,
                gold.nodes[j] if j is not None else None,
                float(alignment.similarity[i, j]) if j is not None else None,
                quality,
                quality_label(quality, rounds),
            )
        )
    aligned = set(alignment.test_of)
    rows += [AlignmentRow(None, node, None, None, "unaligned") for j, node in enumerate(gold.nodes) if j not in aligned]
    return rows


def alignment_rows(result: PairResult) -> list[dict]:
    """The JSON alignment list: one entry per test node, in graph order."""
    return [
        {
            "test": row.test.var,
            "gold": row.gold.var if row.gold else None,
            "similarity": row.similarity if row.similarity is not None else 0.0,
            "quality": row.quality,
        }
        for row in alignment_table(result)
        if row.test is not None
    ]
