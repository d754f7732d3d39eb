"""Time redrawing every pair panel after selecting another pair (the goal: under 100 ms at 60 nodes),
and stepping through the rounds of the alignment in the heatmaps.

    QT_QPA_PLATFORM=offscreen python -m bench.bench_redraw [--pairs 20] [--nodes 60]

Each redraw is ``AppState.select_pair`` in the main window followed by processing the
events: PENMAN panes, alignment table, triples table and both graphs (layout and
drawing) on the GUI thread, then the traced re-alignment on a worker thread and the
four heatmaps of the first round once it arrives. The first pass traces every pair;
later passes take the traces from the cache, so the heatmaps are drawn at once.

A round step is ``HeatmapPanel.show_round`` (the four matrices arranged, coloured and their
captions set) and a synchronous repaint of the panel, with the four heatmaps in view and
with one enlarged (its values printed in the cells where they fit).
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
    parser.add_argument("--repeat", type=int, default=3, help="passes over the pairs; the best later pass counts")
    args = parser.parse_args()
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from ui.shell.main_window import MainWindow
    from ui.state.files import AnnotatorFiles
    from ui.state.tasks import ScoreRequest, read_and_score

    app = QApplication.instance() or QApplication([])
    with tempfile.TemporaryDirectory() as tmp:
        test, gold = write_corpus(Path(tmp), args.pairs, args.nodes - 5, args.nodes, args.seed)
        window = MainWindow(QSettings(str(Path(tmp) / "s.ini"), QSettings.Format.IniFormat))
        state = window.state
        state.show_scores(read_and_score(ScoreRequest(AnnotatorFiles.of((test, gold)), state.scoring.params)))
        window.resize(1920, 1200)
        window.show()
        app.processEvents()
        corpus = state.scoring.corpus
        assert corpus is not None
        pairs = corpus.pairs
        gui, first, cached = ([float("inf")] * len(pairs) for _ in range(3))
        for number in range(args.repeat):
            for k, result in enumerate(pairs):
                state.selection.select_pair(None)
                start = time.perf_counter()
                state.selection.select_pair(result)
                app.processEvents()
                if number == 0:
                    gui[k] = 1000 * (time.perf_counter() - start)
                while state.traces.trace is None:
                    app.processEvents()
                    time.sleep(0.001)
                app.processEvents()
                shown = 1000 * (time.perf_counter() - start)
                if number == 0:
                    first[k] = shown
                else:
                    cached[k] = min(cached[k], shown)
        steps = step_rounds(app, window.heatmaps, state, pairs)
        window.close()
    sizes = [len(r.test or ()) + len(r.gold or ()) for r in pairs]
    print(f"{len(pairs)} pairs of up to {args.nodes} nodes per graph ({min(sizes)}-{max(sizes)} nodes per pair)")
    for name, times in (
        ("first visit, GUI thread busy (trace pending)", gui),
        ("first visit, until the heatmaps are shown", first),
        ("later visits, every panel (trace cached)", cached),
    ):
        if times[0] != float("inf"):
            print(f"{name}: median {statistics.median(times):.1f} ms, max {max(times):.1f} ms")
    print("target: < 100 ms on the GUI thread")
    for name, times in steps.items():
        print(
            f"round step, {name}: median {statistics.median(times):.1f} ms, max {max(times):.1f} ms "
            f"({len(times)} steps)"
        )


def step_rounds(app, heatmaps, state, pairs) -> dict[str, list[float]]:
    """Per-round redraw times (ms), every round of every pair, forwards then backwards."""
    times: dict[str, list[float]] = {"four heatmaps": [], "one heatmap enlarged": []}
    for name, enlarged in (("four heatmaps", None), ("one heatmap enlarged", "adjusted")):
        heatmaps.enlarge(enlarged)
        for result in pairs:
            state.selection.select_pair(result)
            heatmaps.set_trace(state.traces.wait_for_trace())
            app.processEvents()
            rounds = heatmaps.model.rounds
            for number in list(range(1, rounds + 1)) + list(range(rounds, 0, -1)):
                start = time.perf_counter()
                heatmaps.show_round(number)
                heatmaps.repaint()
                times[name].append(1000 * (time.perf_counter() - start))
    heatmaps.enlarge(None)
    return times


if __name__ == "__main__":
    main()
