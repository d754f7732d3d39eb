"""Time a slider move in the Teaching perspective, as the class sees it (target: well under 50 ms
at 30 nodes, which is why the re-alignment runs on the GUI thread up to ``ui.teach.state.AT_ONCE``
nodes a side), in one process, medians:

    QT_QPA_PLATFORM=offscreen python -m bench.bench_teaching_ui [--pairs 10] [--nodes 30] [--repeat 10]

A move is ``QSlider.setValue`` on the α slider (the pair traced again with every iterate, the
lesson built, the step kept, the graphs redrawn when the alignment changed, the explained cell
recomputed), then the lesson, graphs, explanation and convergence panels repainted at once, in a
1920 x 1080 window, the pair shown at its first round's anchors with a cell explained. The pairs:
``--pairs`` generated ones of ``--nodes`` - 4 to ``--nodes`` nodes, and the bundled 30-node UMR
sentence (nw_afp_0024 sentence 16).
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

from .generate import write_corpus

ROOT = Path(__file__).resolve().parents[1]
UMR = (ROOT / "resources/demo/umr/nw_afp_0024_v1.umr", ROOT / "resources/demo/umr/nw_afp_0024_v2.umr", "snt16")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=10)
    parser.add_argument("--nodes", type=int, default=30)
    parser.add_argument("--repeat", type=int, default=10)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from ui.shell.main_window import MainWindow
    from ui.state.files import AnnotatorFiles
    from ui.state.tasks import ScoreRequest, read_and_score

    app = QApplication.instance() or QApplication([])
    with tempfile.TemporaryDirectory() as tmp:
        generated = write_corpus(Path(tmp), args.pairs, args.nodes - 4, args.nodes, args.seed)
        rows = []
        for test, gold, wanted in [(*generated, None), UMR]:
            window = MainWindow(QSettings(str(Path(tmp) / "s.ini"), QSettings.Format.IniFormat))
            state = window.state
            state.show_scores(read_and_score(ScoreRequest(AnnotatorFiles.of((test, gold)), state.scoring.params)))
            window.resize(1920, 1080)
            window.show()
            window.workspace.show_perspective("teach")
            app.processEvents()
            corpus = state.scoring.corpus
            assert corpus is not None, "the pair was not scored"
            pairs = [p for p in corpus.pairs if wanted is None or p.id == wanted]
            slider = window.lesson_panel.parameters.sliders["alpha"]
            panels = (window.lesson_panel, window.teaching_graphs, window.explanation_panel, window.convergence_panel)
            for result in pairs:
                state.selection.select_pair(result)
                teaching = state.teaching
                lesson = teaching.lesson
                assert lesson is not None, teaching.problem
                anchors = next(k for k, step in enumerate(lesson.steps) if step.kind == "anchors")
                teaching.go_to(anchors)
                teaching.click(1, 1)
                app.processEvents()
                times = []
                for k in range(args.repeat):
                    start = time.perf_counter()
                    slider.setValue(25 if k % 2 == 0 else 20)  # α 0.25, 0.2, ...
                    for panel in panels:
                        panel.repaint()
                    times.append(1000 * (time.perf_counter() - start))
                nodes = max(len(graph.nodes) for graph in (result.test, result.gold) if graph is not None)
                rows.append((result.id or str(result.index), nodes, statistics.median(times), max(times)))
            state.shutdown()
            window.close()
    print(f"slider move to repainted lesson, 1920x1080, median of {args.repeat} moves per pair")
    print(f"{'pair':>12} {'nodes':>6} {'median ms':>10} {'max ms':>8}")
    for name, nodes, median, worst in rows:
        print(f"{name:>12} {nodes:>6} {median:>10.1f} {worst:>8.1f}")
    print(f"{'all':>12} {'':>6} {statistics.median(r[2] for r in rows):>10.1f} {max(r[3] for r in rows):>8.1f}")


if __name__ == "__main__":
    main()
