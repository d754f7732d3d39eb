"""The alignment of a pair as rows: each test node with its partner and S (as the metrics
read them: :func:`~engine.metrics.ancast.partners`), then the gold nodes left unaligned - for
the report and the app's table (:func:`alignment_table`) and the JSON alignment list
(:func:`alignment_rows`)."""

from __future__ import annotations

from dataclasses import dataclass

from ..align.alignment import quality_label
from ..metrics.ancast import partners
from ..model import Node
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


def alignment_table(result: PairResult) -> list[AlignmentRow]:
    """Rows in test order, then the unaligned gold nodes in gold order (empty without an alignment)."""
    alignment, test, gold = result.alignment, result.test, result.gold
    if alignment is None or test is None or gold is None:
        return []
    rounds = len(alignment.rounds)
    rows = [
        AlignmentRow(
            node,
            None if j is None else gold.nodes[j],
            None if j is None else s,
            quality,
            quality_label(quality, rounds),
        )
        for node, j, s, quality in zip(test.nodes, alignment.gold_of, partners(alignment).similarity, alignment.quality)
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
    gold_nodes = gold.nodes
    return [
        (node.var, None if j is None else gold_nodes[j].var, s, quality)
        for node, j, s, quality in zip(test.nodes, alignment.gold_of, partners(alignment).similarity, alignment.quality)
    ]
