"""Layout quality of the pair drawings of a corpus.

    python -m bench.layout_quality TEST GOLD [--format json] [--qt]
    python -m bench.layout_quality --generate 20 --min-nodes 30 --max-nodes 60 [--seed 1]

For every pair, both graphs are laid out as the Graphs panel lays them out
(``engine.layout.pair.lay_out_pair``) and measured (``engine.layout.quality``):

* label_overlaps: pairs of overlapping boxes, one an edge label, the other an
  edge label or a node box;
* edges_through_nodes: (edge, node) pairs where the edge's path enters the
  box of a node that is not one of its ends;
* edge_crossings: points where two edge paths cross;
* labels_on_edges: (label, edge) pairs where another edge's path enters a label;
* min_text_px: the node text height in pixels when both graphs are fitted at
  one scale in two 900x600 views (``engine.layout.viewport``), smallest over
  the pairs (the panel zooms in to a readable size instead below 7 px).

Counts are totals over the corpus. Text widths come from the deterministic
model ``engine.layout.text.ApproximateText`` (per-character advances of a
DejaVu-Sans-like face at 12 px node text, 11 px roles, 10 px tags), or, with
``--qt``, from the GUI's own fonts measured offscreen.
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
from pathlib import Path

from engine.layout.pair import lay_out_pair
from engine.layout.quality import DrawingQuality, measure_drawing
from engine.layout.text import ApproximateText, TextMeasure
from engine.layout.viewport import fit_scale, frame
from engine.scoring import CorpusResult, score_files

from .generate import write_corpus

VIEW_WIDTH, VIEW_HEIGHT = 900, 600


def corpus_quality(corpus: CorpusResult, measure: TextMeasure) -> dict:
    """Totals of :class:`DrawingQuality` over the corpus, the smallest fitted
    text, and the pairs that score worst."""
    total = DrawingQuality(0, 0, 0, 0)
    smallest, smallest_pair, worst = float("inf"), None, []
    for result in corpus.pairs:
        drawing = lay_out_pair(result, None, measure)
        pair_total = DrawingQuality(0, 0, 0, 0)
        for geometry in drawing.geometries:
            pair_total = pair_total + measure_drawing(geometry)
        total = total + pair_total
        if drawing.geometries:
            text_px = fit_scale(frame(drawing.geometries), VIEW_WIDTH, VIEW_HEIGHT) * measure.node_px
            if text_px < smallest:
                smallest, smallest_pair = text_px, result.id or str(result.index + 1)
        worst.append(
            (
                pair_total.label_overlaps + pair_total.edges_through_nodes,
                pair_total.edge_crossings,
                result.id or str(result.index + 1),
            )
        )
    worst.sort(reverse=True)
    return {
        "pairs": len(corpus.pairs),
        "label_overlaps": total.label_overlaps,
        "edges_through_nodes": total.edges_through_nodes,
        "edge_crossings": total.edge_crossings,
        "labels_on_edges": total.labels_on_edges,
        "min_text_px": round(smallest, 2) if smallest_pair is not None else None,
        "min_text_pair": smallest_pair,
        "most_crossings": [pair for _, crossings, pair in worst[:3] if crossings],
    }


def qt_measure() -> TextMeasure:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from ui.pair.graph_view import QtText

    QApplication.instance() or QApplication([])
    return QtText()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("test", nargs="?", type=Path)
    parser.add_argument("gold", nargs="?", type=Path)
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument("--qt", action="store_true", help="measure text with the GUI's fonts (offscreen Qt)")
    parser.add_argument("--generate", type=int, metavar="PAIRS", help="measure a generated corpus instead")
    parser.add_argument("--min-nodes", type=int, default=30)
    parser.add_argument("--max-nodes", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if (args.test is None) == (args.generate is None):
        parser.error("give TEST and GOLD files, or --generate PAIRS")
    measure = qt_measure() if args.qt else ApproximateText()
    if args.generate is not None:
        with tempfile.TemporaryDirectory() as directory:
            test, gold = write_corpus(Path(directory), args.generate, args.min_nodes, args.max_nodes, args.seed)
            report = corpus_quality(score_files(test, gold), measure)
    else:
        report = corpus_quality(score_files(args.test, args.gold), measure)
    if args.format == "json":
        print(json.dumps(report))
        return
    print(f"{report['pairs']} pairs")
    print(f"overlapping label boxes: {report['label_overlaps']}")
    print(f"edges through a node:    {report['edges_through_nodes']}")
    print(
        f"edge crossings:          {report['edge_crossings']}"
        + (f" (most in {', '.join(report['most_crossings'])})" if report["most_crossings"] else "")
    )
    print(f"labels crossed by edges: {report['labels_on_edges']}")
    if report["min_text_px"] is not None:
        print(
            f"smallest node text at fit in {VIEW_WIDTH}x{VIEW_HEIGHT}: {report['min_text_px']} px "
            f"(pair {report['min_text_pair']})"
        )


if __name__ == "__main__":
    main()
