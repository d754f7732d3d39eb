"""Screenshots of the plots and the Compare view for ``docs/plots-and-comparison.md``: the app
rendered offscreen at a fixed size, driven as a user would (files opened, a region dragged,
a bar and a point clicked).

    QT_QPA_PLATFORM=offscreen python docs/plots_screenshots.py [--out docs/images] [--size 1600x1000]
        [--annotators FILE ... --gold FILE] [--three A B GOLD]

Without ``--annotators`` it uses the bundled MetAMoRphosED files (``resources/demo/metamorphosed``:
two annotators and the system as a third, against the gold). ``--three`` adds a comparison of
three files given on the command line (e.g. two revisions of a bank and a third made from one).
:func:`render` is the same for scripts (another screenshot script may call it).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "resources" / "demo" / "metamorphosed"
DEFAULT_ANNOTATORS = (DEMO / "comptest_annot1.txt", DEMO / "comptest_annot3.txt", DEMO / "comptest_sys.txt")
DEFAULT_GOLD = DEMO / "comptest_gold.txt"


def render(
    out: Path,
    annotators: Sequence[Path] = DEFAULT_ANNOTATORS,
    gold: Path = DEFAULT_GOLD,
    three: Sequence[Path] | None = None,
    size: tuple[int, int] = (1600, 1000),
) -> list[Path]:
    """Write the screenshots into ``out``; their paths, in the order the page shows them."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    sys.path.insert(0, str(ROOT))
    from PySide6.QtCore import QPointF, QSettings, Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from ui.shell.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    with tempfile.TemporaryDirectory() as folder:
        window = MainWindow(QSettings(str(Path(folder) / "settings.ini"), QSettings.Format.IniFormat))
        state = window.state
        window.resize(*size)
        window.show()

        def settle() -> None:
            app.processEvents()
            while not state.runner.idle():
                app.processEvents()
                time.sleep(0.02)
            for _ in range(3):
                app.processEvents()

        def point(view, x: float, y: float):
            return view.widget.mapFromScene(view.box.mapViewToScene(QPointF(x, y)))

        def click(view, x: float, y: float) -> None:
            QTest.mouseClick(
                view.widget.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point(view, x, y)
            )
            settle()

        def drag(view, start: tuple[float, float], end: tuple[float, float]) -> None:
            viewport, first, last = view.widget.viewport(), point(view, *start), point(view, *end)
            QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, first)
            for step in range(1, 6):
                QTest.mouseMove(viewport, first + (last - first) * (step / 5))
            QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, last)
            settle()

        def shot(name: str) -> None:
            window.repaint()
            path = out / name
            window.grab().save(str(path))
            written.append(path)

        state.annotators.open([*annotators, gold], gold=gold)
        settle()
        plots = window.annotator_plots
        window.workspace.show_perspective("annotators")
        settle()
        last = len(plots.strip.plot.points) - 1
        drag(plots.strip, (last - 0.45, -0.02), (last + 0.45, 0.5))  # the sentences the last annotator has below 0.5
        shot("plots-annotators.png")
        window.annotators_panel.show_all.click()
        state.annotators.open_cell(1, state.annotators.result.gold, show=False)  # the second annotator
        settle()
        window.workspace.show_perspective("corpus")
        settle()
        bars = window.corpus_plots.distribution.plot.bars
        fullest = int(bars.counts.argmax())
        click(window.corpus_plots.distribution, float(bars.edges[fullest : fullest + 2].mean()), 0.5)
        shot("plots-corpus.png")
        state.compare.open_annotators(0, 1)
        settle()
        scatter = window.compare_panel.scatter
        shown = next(s for s in scatter.plot.points if len(s.keys))
        click(scatter, float(shown.x[0]), float(shown.y[0]))  # a sentence as A, B and the gold annotated it
        shot("compare-annotators.png")
        if three:
            state.compare.open_files(*three)
            settle()
            drag(scatter, (0.6, -0.02), (1.02, 0.97))  # below the diagonal's top: where A is higher
            below = next(s for s in scatter.plot.points if s.name.startswith("A") and len(s.keys))
            click(scatter, float(below.x[0]), float(below.y[0]))
            shot("compare-three.png")
        state.shutdown()
    return written


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "images")
    parser.add_argument("--size", default="1600x1000", help="the window's WIDTHxHEIGHT")
    parser.add_argument("--annotators", nargs="+", type=Path, help="several annotators' files (default: the demo's)")
    parser.add_argument("--gold", type=Path, help="the gold annotator's file (with --annotators)")
    parser.add_argument("--three", nargs=3, type=Path, metavar=("A", "B", "GOLD"), help="three files to compare")
    args = parser.parse_args(argv)
    if bool(args.annotators) != bool(args.gold):
        parser.error("give --annotators and --gold together")
    width, height = (int(part) for part in args.size.split("x"))
    annotators = args.annotators or DEFAULT_ANNOTATORS
    for path in render(args.out, annotators, args.gold or DEFAULT_GOLD, args.three, (width, height)):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
