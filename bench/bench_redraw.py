"""Time redrawing every pair panel after selecting another pair (issue: under 100 ms at 60 nodes).

    QT_QPA_PLATFORM=offscreen python -m bench.bench_redraw [--pairs 20] [--nodes 60]

Each redraw is ``MainWindow.show_pair``: PENMAN panes, alignment table, triples
table, both graphs (layout and drawing), and the traced re-alignment and four
heatmaps of the first round, followed by processing the paint events.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

from .generate import write_corpus


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=20)
    parser.add_argument("--nodes", type=int, default=60)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=3, help="passes over the pairs; each pair's best pass counts")
    args = parser.parse_args()
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from engine.scoring import score_files
    from ui.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    with tempfile.TemporaryDirectory() as tmp:
        test, gold = write_corpus(Path(tmp), args.pairs, args.nodes - 5, args.nodes, args.seed)
        corpus = score_files(test, gold)
        window = MainWindow(QSettings(str(Path(tmp) / "s.ini"), QSettings.Format.IniFormat))
        window.resize(1920, 1200)
        window.show()
        app.processEvents()
        best = [float("inf")] * len(corpus.pairs)
        for _ in range(args.repeat):
            for k, result in enumerate(corpus.pairs):
                start = time.perf_counter()
                window.show_pair(result)
                app.processEvents()
                best[k] = min(best[k], 1000 * (time.perf_counter() - start))
        window.close()
    times = best
    sizes = [len(r.test) + len(r.gold) for r in corpus.pairs]
    print(f"{len(times)} pairs of up to {args.nodes} nodes per graph ({min(sizes)}-{max(sizes)} nodes per pair)")
    print(f"redraw, best of {args.repeat} passes per pair: median {statistics.median(times):.1f} ms, "
          f"max {max(times):.1f} ms (target < 100 ms)")


if __name__ == "__main__":
    main()
