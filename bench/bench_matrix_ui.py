"""How responsive the app stays while it scores several annotators' matrix.

    QT_QPA_PLATFORM=offscreen python -m bench.bench_matrix_ui [--annotators 10] [--sentences 200]

Opens a generated corpus (:func:`bench.bench_matrix.write_annotators`: perturbed copies of one
gold corpus) in the main window as annotators and, while the matrix is scored on the job
runner's worker thread, lets a 20 ms timer fire on the GUI thread. Prints the scoring time,
the progress updates, and the gaps between the timer's ticks (how long the GUI thread could
not run its event loop); then the time the GUI thread takes to show the matrix once it is in,
and to switch metric and average (no rescoring).
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
import tempfile
import time
from pathlib import Path

from engine.runtime.process import one_blas_thread_at_load, tune_for_scoring

from .bench_matrix import write_annotators

TICK_MS = 20


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--annotators", type=int, default=10)
    parser.add_argument("--sentences", type=int, default=200)
    parser.add_argument("--min-nodes", type=int, default=15)
    parser.add_argument("--max-nodes", type=int, default=40)
    args = parser.parse_args()
    one_blas_thread_at_load()
    tune_for_scoring()
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QSettings, QTimer
    from PySide6.QtWidgets import QApplication

    from ui.shell.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    with tempfile.TemporaryDirectory() as tmp:
        paths, _ = write_annotators(Path(tmp), args.annotators, args.sentences, args.min_nodes, args.max_nodes)
        window = MainWindow(QSettings(str(Path(tmp) / "settings.ini"), QSettings.Format.IniFormat))
        window.resize(1920, 1080)
        window.show()
        annotators = window.state.annotators
        ticks: list[float] = []
        updates: list[int] = []
        timer = QTimer()
        timer.setInterval(TICK_MS)
        timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
        annotators.progress.connect(lambda done, total: updates.append(done))
        shown: dict[str, float] = {}

        def arrived(result) -> None:
            shown["arrived"] = time.perf_counter()
            timer.stop()
            app.quit()

        annotators.matrix_changed.connect(arrived)
        start = time.perf_counter()
        timer.start()
        annotators.open(paths)
        app.exec()
        seconds = shown["arrived"] - start
        gaps = sorted(1000 * (b - a) for a, b in itertools.pairwise(ticks))
        print(
            f"corpus: {args.annotators} annotators x {args.sentences} sentences of {args.min_nodes}-{args.max_nodes} "
            f"nodes; scored in {seconds:.2f} s with {len(updates)} progress updates"
        )
        if gaps:
            median, high = gaps[len(gaps) // 2], gaps[int(0.99 * (len(gaps) - 1))]
            print(
                f"GUI timer ({TICK_MS} ms) while scoring: {len(ticks)} ticks; gap median {median:.1f} ms, "
                f"99th percentile {high:.1f} ms, longest {gaps[-1]:.1f} ms"
            )
        panel = window.annotators_panel
        while window.state.scoring.busy or window.state.runner.busy("confusion"):  # the pair views' own scoring
            app.processEvents()
            time.sleep(0.01)
        begin = time.perf_counter()
        for metric in ("concept", "mock_smatch", "labeled_relation"):
            annotators.set_metric(metric)
            annotators.set_average("macro")
            annotators.set_average("micro")
        switched = 1000 * (time.perf_counter() - begin) / 9
        print(f"switching metric or average (GUI thread, matrix and tables redrawn): {switched:.1f} ms each")
        for name, widget in (("the matrix heatmap", panel.heatmap), ("the whole Annotators dock", panel)):
            widget.grab()  # once to warm up, then timed
            begin = time.perf_counter()
            for _ in range(5):
                widget.grab()
            print(f"painting {name}: {1000 * (time.perf_counter() - begin) / 5:.1f} ms")
        window.state.shutdown()


if __name__ == "__main__":
    main()
