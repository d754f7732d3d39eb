"""How long the app takes to score several annotators' matrix, on one core and on all, and how
responsive it stays meanwhile.

    QT_QPA_PLATFORM=offscreen python -m bench.bench_matrix_ui [--annotators 10] [--sentences 200] [--turns 3]

Opens a generated corpus (:func:`bench.bench_matrix.write_annotators`: perturbed copies of one
gold corpus) as annotators in a fresh main window, as File > Open Annotators does, once with the
scoring in the job runner's worker thread alone (``--jobs 1``) and once in worker processes
(one per core, as the app does), the two taking turns; meanwhile a 20 ms timer fires on the
GUI thread. Prints per setting the median scoring time over the turns, the median of the
per-turn ratios (processes / one thread), the progress updates, and the gaps between the
timer's ticks (how long the GUI thread could not run its event loop); then the time the GUI
thread takes to switch metric and average once the matrix is in (no rescoring).
"""

from __future__ import annotations

import argparse
import itertools
import os
import platform
import statistics
import sys
import tempfile
import time
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from engine.runtime.parallel import start_workers_from_server
from engine.runtime.process import one_blas_thread_at_load, tune_for_scoring

from .bench_matrix import write_annotators

if TYPE_CHECKING:
    from PySide6.QtCore import QCoreApplication

    from ui.shell.main_window import MainWindow

TICK_MS = 20


def score_in_window(
    app: QCoreApplication, paths: list[Path], settings_path: Path, jobs: int
) -> tuple[float, list[float], int, MainWindow]:
    """Open ``paths`` as annotators in a new main window scoring with ``jobs`` processes; the
    seconds until the matrix arrives, the GUI timer's gaps (ms), the progress updates, the window."""
    from PySide6.QtCore import QSettings, QTimer

    import ui.annotators.tasks
    import ui.state.tasks
    from ui.shell.main_window import MainWindow

    ui.state.tasks.WORKERS = ui.annotators.tasks.WORKERS = jobs
    window = MainWindow(QSettings(str(settings_path), QSettings.Format.IniFormat))
    window.resize(1920, 1080)
    window.show()
    annotators = window.state.annotators
    ticks: list[float] = []
    updates: list[int] = []
    arrived: dict[str, float] = {}
    timer = QTimer()
    timer.setInterval(TICK_MS)
    timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
    annotators.progress.connect(lambda done, total: updates.append(done))

    def done(result) -> None:
        arrived["at"] = time.perf_counter()
        timer.stop()
        app.quit()

    annotators.matrix_changed.connect(done)
    start = time.perf_counter()
    timer.start()
    annotators.open(paths)
    app.exec()
    gaps = sorted(1000 * (b - a) for a, b in itertools.pairwise(ticks))
    return arrived["at"] - start, gaps, len(updates), window


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--annotators", type=int, default=10)
    parser.add_argument("--sentences", type=int, default=200)
    parser.add_argument("--min-nodes", type=int, default=15)
    parser.add_argument("--max-nodes", type=int, default=40)
    parser.add_argument("--turns", type=int, default=3, help="turns of one thread, then processes")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes (default: the cores)")
    args = parser.parse_args()
    one_blas_thread_at_load()
    tune_for_scoring()
    start_workers_from_server()  # as the app does
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv[:1])
    settings = {1: "one thread", args.jobs: f"{args.jobs} processes"}
    seconds: dict[int, list[float]] = {jobs: [] for jobs in settings}
    gaps: dict[int, list[float]] = {jobs: [] for jobs in settings}
    updates: dict[int, int] = {}
    with tempfile.TemporaryDirectory() as tmp:
        paths, _ = write_annotators(Path(tmp), args.annotators, args.sentences, args.min_nodes, args.max_nodes)
        window = None
        for turn in range(args.turns):
            for jobs in settings:
                took, ticks, updates[jobs], window = score_in_window(app, paths, Path(tmp) / f"{turn}-{jobs}.ini", jobs)
                seconds[jobs].append(took)
                gaps[jobs] += ticks
                if turn < args.turns - 1 or jobs != args.jobs:
                    window.state.shutdown()
                    window.close()
        print(
            f"corpus: {args.annotators} annotators x {args.sentences} sentences of {args.min_nodes}-{args.max_nodes} "
            f"nodes; {os.cpu_count()} cores, {platform.python_version()}, {date.today()}; {args.turns} turns"
        )
        for jobs, name in settings.items():
            ticks = sorted(gaps[jobs])
            median, high = ticks[len(ticks) // 2], ticks[int(0.99 * (len(ticks) - 1))]
            print(
                f"  {name:<12} scored in {statistics.median(seconds[jobs]):6.2f} s (median; "
                f"{', '.join(f'{s:.2f}' for s in seconds[jobs])}), {updates[jobs]} progress updates; GUI timer gaps: "
                f"median {median:.0f} ms, 99th percentile {high:.0f} ms, longest {ticks[-1]:.0f} ms"
            )
        ratios = [many / one for one, many in zip(seconds[1], seconds[args.jobs])]
        print(f"  {args.jobs} processes / one thread: {statistics.median(ratios):.2f} (median of the turns' ratios)")
        assert window is not None
        annotators = window.state.annotators
        while window.state.scoring.busy or window.state.runner.busy("confusion"):  # the pair views' own scoring
            app.processEvents()
            time.sleep(0.01)
        begin = time.perf_counter()
        for metric in ("concept", "mock_smatch", "labeled_relation"):
            annotators.set_metric(metric)
            annotators.set_average("macro")
            annotators.set_average("micro")
        print(f"  switching metric or average: {1000 * (time.perf_counter() - begin) / 9:.1f} ms each (GUI thread)")
        window.state.shutdown()


if __name__ == "__main__":
    main()
