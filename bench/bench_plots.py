"""Time the plots on a large corpus, offscreen (the goal: each under 100 ms, so the GUI never
freezes): redrawing the corpus's histogram and scatter for another metric, choosing a bar
(the corpus table filtered to its pairs), choosing a region of the scatter, clearing the
choice, marking the pair selected, the hover readout; and in the Compare view, redrawing its
three plots for another metric and choosing a region (both plots and the sentence table).

    QT_QPA_PLATFORM=offscreen python -m bench.bench_plots [--sentences 10000] [--repeat 7]

A, B and a gold of generated sentences (:func:`bench.bench_matrix.write_annotators`, 4-10 nodes)
are scored once - A against the gold for the corpus, A and B against the gold for the comparison
(not timed) - and shown in the main window at 1920x1080. Each operation is timed from the
user's action (a metric chosen, a mouse click or drag, a pair selected) until the events are
processed and the panel it changes is painted (``QWidget.grab``); medians of ``--repeat`` runs,
the first run (pyqtgraph's caches) counted too.
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from .bench_matrix import write_annotators


def timed(
    repeat: int, action: Callable[[int], None], finish: Callable[[], None], prepare: Callable[[], None] | None = None
) -> list[float]:
    """Milliseconds of ``action(run)`` then ``finish()``, ``repeat`` times (``prepare()`` before
    each, not timed)."""
    times = []
    for run in range(repeat):
        if prepare is not None:
            prepare()
        start = time.perf_counter()
        action(run)
        finish()
        times.append((time.perf_counter() - start) * 1000)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sentences", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QPointF, QRectF, QSettings, Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from engine.comparison import compare_files
    from ui.shell.main_window import MainWindow
    from ui.state.files import AnnotatorFiles
    from ui.state.tasks import WORKERS, ScoreRequest, read_and_score

    app = QApplication.instance() or QApplication([])
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        (a, b), gold = write_annotators(Path(tmp), 2, args.sentences, 4, 10, seed=5)
        window = MainWindow(QSettings(str(Path(tmp) / "s.ini"), QSettings.Format.IniFormat))
        state = window.state
        state.show_scores(read_and_score(ScoreRequest(AnnotatorFiles.of((a, gold)), state.scoring.params)))
        comparison = compare_files(a, b, gold, "all", jobs=WORKERS)
        print(f"{args.sentences} sentences generated and scored in {time.perf_counter() - start:.1f} s (not timed)")
        window.resize(1920, 1080)
        window.show()
        window.workspace.show_perspective("corpus")
        while not state.runner.idle():  # the selected pair's trace, the label confusion
            app.processEvents()
            time.sleep(0.05)
        app.processEvents()
        # the setup's objects (a million for 10,000 pairs) are collected now: a full collection takes
        # a second or more with such a corpus loaded, and would fall in whichever operation comes first
        collected = time.perf_counter()
        gc.collect()
        print(f"a full garbage collection with the corpus loaded: {time.perf_counter() - collected:.2f} s")
        panel, table = window.corpus_plots, window.corpus_panel
        histogram, scatter = panel.distribution, panel.sizes

        def paint(*widgets) -> Callable[[], None]:
            def finish() -> None:
                app.processEvents()
                for widget in widgets:
                    widget.grab()

            return finish

        def choose_metric(run: int) -> None:
            panel.metric_box.setCurrentIndex(panel.metric_box.findData(("concept", "labeled_relation")[run % 2]))

        def click(view, x: float, y: float) -> None:
            point = view.widget.mapFromScene(view.box.mapViewToScene(QPointF(x, y)))
            QTest.mouseClick(view.widget.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point)

        results: dict[str, list[float]] = {}
        results["corpus: redraw histogram + scatter (metric switched)"] = timed(
            args.repeat, choose_metric, paint(panel)
        )
        assert histogram.plot is not None and histogram.plot.bars is not None
        bars = histogram.plot.bars
        tallest = int(bars.counts.argmax())
        middle = float((bars.edges[tallest] + bars.edges[tallest + 1]) / 2)

        def clear() -> None:
            state.selection.set_subset(None)
            app.processEvents()

        def choose_bar() -> None:
            click(histogram, middle, 1.0)
            app.processEvents()

        results["corpus: choose a bar (table filtered)"] = timed(
            args.repeat, lambda run: click(histogram, middle, 1.0), paint(panel, table), clear
        )
        chosen = len(state.selection.visible_pairs())
        results["corpus: clear the choice (click on nothing)"] = timed(
            args.repeat, lambda run: click(histogram, -0.5, 1.0), paint(panel, table), choose_bar
        )
        results["corpus: choose a region of the scatter"] = timed(
            args.repeat,
            lambda run: scatter._drag(QRectF(QPointF(4.5, 0.5), QPointF(8.5, 0.9)), False),
            paint(panel, table),
            clear,
        )
        state.selection.set_subset(None)
        app.processEvents()
        assert state.scoring.corpus is not None
        pairs = state.scoring.corpus.pairs

        def mark(run: int) -> None:
            histogram.set_marked(pairs[run * 97].index)
            scatter.set_marked(pairs[run * 97].index)

        results["corpus: mark the pair selected"] = timed(args.repeat, mark, paint(panel))
        results["corpus: hover readout (scatter)"] = timed(
            args.repeat * 10, lambda run: scatter.readout.setText(scatter.readout_at(6.0, 0.8)), lambda: None
        )
        state.compare.show(comparison)
        window.workspace.show_perspective("compare")
        app.processEvents()
        compare = window.compare_panel
        results["compare: redraw scatter + differences + test (metric switched)"] = timed(
            args.repeat,
            lambda run: compare.metric_box.setCurrentIndex(compare.metric_box.findData(("concept", "smatch")[run % 2])),
            paint(compare),
        )

        def clear_compared() -> None:
            state.compare.choose(None)
            app.processEvents()

        results["compare: choose a region (plots and sentence table)"] = timed(
            args.repeat,
            lambda run: compare.scatter._drag(QRectF(QPointF(0.0, 0.5), QPointF(0.8, 1.0)), False),
            paint(compare, window.compare_sentence),
            clear_compared,
        )
        print(f"histogram bars: {len(bars.members)}; a bar chose {chosen} pairs; scatter points: {len(pairs)}")
        print(f"{'operation':66} {'median ms':>10} {'min':>8} {'max':>8}")
        for name, times in results.items():
            print(f"{name:66} {statistics.median(times):10.1f} {min(times):8.1f} {max(times):8.1f}")
        state.shutdown()


if __name__ == "__main__":
    main()
