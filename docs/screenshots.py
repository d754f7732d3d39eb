"""The documentation's screenshots, taken from the real app: ``python -m docs.screenshots [NAME ...]``
writes docs/images/NAME.png (all of them without NAME; ``--list`` names them).

Each picture is made offscreen in a fresh main window of a fixed size, with settings in a temporary
file (the user's own are never read or changed) and fixed data: the demos bundled in resources/demo,
copied to a temporary folder where a picture needs files of its own (an adjudication session), and a
fixed clock for the session's times. Run it again after a change to the app and look at the
pictures before committing them."""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

IMAGES = Path(__file__).resolve().parent / "images"
WINDOW = (1440, 900)  # the window's size in every whole-window picture
ADJUDICATOR = "ana"


def _settle(app, state, quiet_ms: int = 300, timeout: float = 60.0) -> None:
    """Let the app finish its work (every job lane idle) and paint, then wait ``quiet_ms`` more."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        app.processEvents()
        if state.runner.idle() and not state.scoring.busy:
            break
        time.sleep(0.01)
    else:
        raise TimeoutError("the app did not finish its work")
    quiet = time.monotonic() + quiet_ms / 1000
    while time.monotonic() < quiet:
        app.processEvents()
        time.sleep(0.01)


class Shot:
    """A fresh window with its settings and files in a temporary folder, closed (and the folder
    removed) on exit."""

    def __init__(self, app, size: tuple[int, int] = WINDOW):
        self.app = app
        self.size = size

    def __enter__(self):
        from PySide6.QtCore import QSettings

        from ui.shell.main_window import MainWindow

        self.folder = Path(tempfile.gettempdir()) / "graphagree-docs"  # a fixed name: the pictures show it
        shutil.rmtree(self.folder, ignore_errors=True)
        self.folder.mkdir()
        settings = QSettings(str(self.folder / "settings.ini"), QSettings.Format.IniFormat)
        self.window = MainWindow(settings)
        self.window.state.settings.save_adjudicator(ADJUDICATOR)
        self.window.resize(*self.size)
        self.window.show()
        return self

    def __exit__(self, *_):
        self.window.close()
        self.settle()
        shutil.rmtree(self.folder, ignore_errors=True)

    @property
    def state(self):
        return self.window.state

    def settle(self, quiet_ms: int = 300) -> None:
        _settle(self.app, self.window.state, quiet_ms)

    def open(self, test: Path, gold: Path, select: str | None = None) -> None:
        self.state.scoring.open_pair(test, gold, select=select)
        self.settle()

    def perspective(self, key: str) -> None:
        self.window.workspace.show_perspective(key)
        self.settle()

    def copy(self, *paths: Path) -> list[Path]:
        """Copies of ``paths`` in the shot's folder (for files a picture writes beside)."""
        copies = []
        for path in paths:
            copies.append(self.folder / path.name)
            shutil.copyfile(path, copies[-1])
        return copies


def _save(widget, name: str) -> Path:
    path = IMAGES / f"{name}.png"
    widget.repaint()
    if not widget.grab().save(str(path)):
        raise OSError(f"{path}: cannot write")
    return path


def _corpus_row(window, pair_id: str) -> int:
    proxy = window.corpus_panel.proxy
    return next(row for row in range(proxy.rowCount()) if proxy.index(row, 1).data() == pair_id)


def _select(shot: Shot, pair_id: str) -> None:
    shot.window.corpus_panel.table.selectRow(_corpus_row(shot.window, pair_id))
    shot.settle()


# ------------------------------------------------------------------------------------------ pictures


def readme(app) -> Path:
    """The Pair perspective on a real pair: two annotation versions of a UMR 3.0 sentence."""
    from engine.demos import demo

    with Shot(app) as shot:
        umr = demo("umr")
        shot.open(umr.test, umr.gold, select="snt6")
        shot.perspective("pair")
        shot.window.action_set["next_mismatch"].trigger()  # F8: the first triple that does not match, and why
        shot.settle()
        return _save(shot.window, "app-pair")


def annotator(app) -> list[Path]:
    """The annotator's guide: the UMR demo (two annotation versions of a news text), sentence snt6;
    the rounds of the AnCast paper's example."""
    from PySide6.QtCore import Qt

    from engine.demos import demo

    saved = []
    with Shot(app) as shot:
        umr = demo("umr")
        shot.open(umr.test, umr.gold)
        shot.perspective("corpus")
        corpus = shot.window.corpus_panel
        corpus.filter_edit.setText("LR F1 < 0.75")
        lr_column = corpus.model.metric_column("labeled_relation")
        corpus.table.sortByColumn(lr_column, Qt.SortOrder.AscendingOrder)
        _select(shot, "snt6")
        saved.append(_save(shot.window, "annotator-corpus"))
        shot.perspective("pair")
        shot.window.action_set["next_mismatch"].trigger()  # F8: the first triple that does not match
        shot.settle()
        saved.append(_save(shot.window.triples_panel, "annotator-triples"))
    with Shot(app) as shot:  # rounds worth watching: the AnCast paper's example, where a tie is broken
        paper = demo("ancast-paper")
        shot.open(paper.test, paper.gold, select="read")
        shot.perspective("rounds")
        saved.append(_save(shot.window, "annotator-rounds"))
    return saved


def adjudicator(app) -> list[Path]:
    """The adjudicator's guide: two annotators of the MetAMoRphosED demo, a session, decisions."""
    from engine.demos import demo
    from ui.adjudication.dialogs import NewSessionDialog
    from ui.adjudication.tasks import NewSession, session_params
    from ui.shell.commands.adjudication import chosen_gold

    saved = []
    with Shot(app) as shot:
        pair = demo("annotators")
        annot1, annot3 = shot.copy(pair.test, pair.gold)
        shot.open(annot1, annot3)
        dialog = NewSessionDialog([annot1, annot3], shot.window, chosen_gold(shot.window.context))
        dialog.gold_box.setCurrentIndex(0)  # both files are annotators: the guide says to choose none
        dialog.show()
        shot.settle()
        saved.append(_save(dialog, "adjudicator-new-session"))
        request = NewSession(
            (annot1, annot3),
            ADJUDICATOR,
            dialog.path(),
            dialog.gold(),
            dialog.start(),
            session_params(shot.state.scoring.params),
            _Clock(),
        )
        dialog.close()
        shot.state.adjudication.clock = request.clock
        shot.state.adjudication.create(request)
        shot.settle(600)
        saved.append(_save(shot.window, "adjudicator-session"))
        panel = shot.window.adjudication_panel
        for triple in ('(n/name :op1 "Cardiff")', '(n/name :op1 "Caerdydd")'):  # Cardiff, as annotator 3 wrote it
            _choose_disagreement(panel, triple)
            panel.accept_button.click()
            shot.settle()
        shot.state.adjudication.edit_notes("Welsh name in annotator 1; the English name is the one to keep.")
        shot.state.adjudication.flush_notes()
        shot.window.action_set["status_needs_discussion"].trigger()
        shot.settle(600)
        saved.append(_save(shot.window, "adjudicator-decisions"))
        panel.middle.setCurrentIndex(1)  # the History tab
        shot.settle()
        saved.append(_save(panel, "adjudicator-history"))
    return saved


def _choose_disagreement(panel, text: str) -> None:
    """Select the Adjudication panel's row whose annotator's (else adjudicated) triple is ``text``."""
    for row in range(panel.proxy.rowCount()):
        match = panel.proxy.item(row).match
        if str(match.test or match.gold) == text:
            panel.table.selectRow(row)
            return
    raise LookupError(f"no disagreement {text}")


def annotators(app) -> list[Path]:
    """The Annotators perspective: the four MetAMoRphosED files, the gold among them; and a DRS pair's clauses."""
    from engine.demos import DEFAULT_DEMO, demo

    folder = DEFAULT_DEMO.test.parent
    saved = []
    with Shot(app) as shot:
        files = shot.copy(*(folder / f"comptest_{name}.txt" for name in ("annot1", "annot3", "gold", "sys")))
        shot.state.annotators.open(files, files[2])
        shot.settle()
        shot.window.banner.close_button.click()  # sentence 5 is in two files only: the guide says so
        shot.perspective("annotators")
        saved.append(_save(shot.window, "app-annotators"))
    with Shot(app) as shot:
        drs = demo("drs")
        shot.open(drs.test, drs.gold)
        shot.perspective("pair")
        shot.window.workspace.show_panel("clauses")
        shot.settle()
        saved.append(_save(shot.window, "app-drs"))
    return saved


TEACHER_SIZES = ((1920, 1080), (1366, 768))  # a desktop screen, and a projector's


def teacher(app) -> list[Path]:
    """The teacher's guide: the AnCast paper's example ("She is reading my book in the house") as its
    guided lesson in the Teaching perspective, at 1920x1080 and 1366x768 - its first step, a cell
    explained (house x home once round 1 has converged), a prediction asked (round 1's anchors) and
    answered (house-she: wrong), and presentation mode (the offscreen screen is not a projector: the
    window is given its size and the text scale that goes with it)."""
    from engine.demos import demo
    from ui.shell.commands.teaching import LESSONS
    from ui.teach.presentation import text_scale

    [(name, pair_id)] = LESSONS.items()
    paper = demo(name)
    saved = []
    for width, height in TEACHER_SIZES:
        size = f"{width}x{height}"
        with Shot(app, (width, height)) as shot:
            shot.open(paper.test, paper.gold, select=pair_id)
            shot.perspective("teach")
            teaching = shot.state.teaching
            lesson = teaching.lesson
            saved.append(_save(shot.window, f"teacher-lesson-{size}"))
            converged = len(lesson.trace.round(1).iterates)
            teaching.go_to(
                next(k for k, step in enumerate(lesson.steps) if (step.round, step.iteration) == (1, converged))
            )
            house, home, she = 1, 1, 2  # the example's rows (test) and columns (gold)
            teaching.click(house, home)
            shot.settle()
            saved.append(_save(shot.window, f"teacher-explained-{size}"))
            teaching.clear_cell()
            anchors = next(k for k, step in enumerate(lesson.steps) if step.kind == "anchors")
            teaching.set_predicting(True)
            teaching.go_to(anchors)
            shot.settle()
            saved.append(_save(shot.window, f"teacher-predict-{size}"))
            teaching.click(house, she)
            shot.settle()
            saved.append(_save(shot.window, f"teacher-predict-answer-{size}"))
            teaching.go_to(anchors)
            teaching.reveal()
            teaching.click(house, home)
            shot.window.presenter.enter()
            shot.window.showNormal()
            shot.window.resize(width, height)
            shot.window.presenter.set_scale(text_scale(height))
            shot.settle()
            saved.append(_save(shot.window, f"teacher-presentation-{size}"))
            shot.window.presenter.leave()
    return saved


class _Clock:
    """The session's clock: a fixed day, a second further at every call (the pictures show times)."""

    def __init__(self):
        self.seconds = 0

    def __call__(self) -> str:
        self.seconds += 1
        return f"2026-01-15T10:{self.seconds // 60:02d}:{self.seconds % 60:02d}.000Z"


def _data_point(view, x: float, y: float):
    """Where a plot's data point (x, y) is in its widget's viewport."""
    from PySide6.QtCore import QPointF

    return view.widget.mapFromScene(view.box.mapViewToScene(QPointF(x, y)))


def _click(shot: Shot, view, x: float, y: float) -> None:
    """A left click on a plot's data point (x, y), as the mouse makes it."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    QTest.mouseClick(
        view.widget.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, _data_point(view, x, y)
    )
    shot.settle()


def _drag(shot: Shot, view, start: tuple[float, float], end: tuple[float, float]) -> None:
    """A left drag over a plot from one data point to another, as the mouse makes it."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    viewport, first, last = view.widget.viewport(), _data_point(view, *start), _data_point(view, *end)
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, first)
    for step in range(1, 6):
        QTest.mouseMove(viewport, first + (last - first) * (step / 5))
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, last)
    shot.settle()


def plots(app) -> list[Path]:
    """The plots and the Compare view (docs/plots-and-comparison.md), on the MetAMoRphosED demo: the
    annotators' pair (File > Open Demo) at a glance, a bar clicked; the four files as annotators, the
    system's sentences below 0.5 chosen; annotators 1 and 3 compared against the gold, a point
    clicked; annotator 1 and the system compared as three files, the test's distribution, the
    sentence where the system gains most clicked."""
    from engine.demos import demo

    folder = demo("annotators").test.parent
    saved = []
    with Shot(app) as shot:
        annot1, annot3, gold, system = shot.copy(
            *(folder / f"comptest_{name}.txt" for name in ("annot1", "annot3", "gold", "sys"))
        )
        shot.open(annot1, annot3)  # File > Open Demo > MetAMoRphosED: annotator 1 vs annotator 3
        shot.perspective("corpus")
        histogram = shot.window.corpus_plots.distribution
        bars = histogram.plot.bars
        fullest = int(bars.counts.argmax())
        _click(shot, histogram, float(bars.edges[fullest : fullest + 2].mean()), 0.5)
        saved.append(_save(shot.window, "plots-corpus"))

        shot.state.annotators.open([annot1, annot3, system, gold], gold)
        shot.settle()
        shot.window.banner.close_button.click()  # sentence 5 is in two files only: the page says so
        shot.perspective("annotators")
        strip = shot.window.annotator_plots.strip
        last = len(strip.plot.points) - 1  # the system's strip
        _drag(shot, strip, (last - 0.45, -0.02), (last + 0.45, 0.5))
        saved.append(_save(shot.window, "plots-annotators"))

        shot.window.annotators_panel.chosen_bar.show_all.click()
        shot.state.compare.open_annotators(0, 1)  # Compare two...: annotators 1 and 3
        shot.settle()
        shot.window.banner.close_button.click()
        scatter = shot.window.compare_panel.scatter
        highest = max(scatter.plot.points, key=lambda series: len(series.keys))
        lowest = int(highest.x.argmin())  # the sentence annotator 1 scored lowest on
        _click(shot, scatter, float(highest.x[lowest]), float(highest.y[lowest]))
        saved.append(_save(shot.window, "compare-annotators"))

        shot.state.compare.open_files(annot1, system, gold)  # File > Compare Two Files Against Gold
        shot.settle()
        compared = shot.state.compare.comparison
        if compared is None or compared.setup.names[1] != system.stem:
            raise RuntimeError(f"the comparison of {annot1.name}, {system.name} and {gold.name} failed")
        shot.window.banner.close_button.click()
        panel = shot.window.compare_panel
        panel.metric_box.setCurrentIndex(panel.metric_box.findData("smatch"))
        panel.tabs.setCurrentWidget(panel.test_view)
        shot.settle()
        higher = max(panel.scatter.plot.points, key=lambda series: len(series.keys))
        widest = int((higher.y - higher.x).argmax())  # the sentence where B gains most
        _click(shot, panel.scatter, float(higher.x[widest]), float(higher.y[widest]))
        saved.append(_save(shot.window, "compare-test"))
    return saved


PICTURES: dict[str, Callable] = {
    "readme": readme,
    "annotator": annotator,
    "adjudicator": adjudicator,
    "annotators": annotators,
    "plots": plots,
    "teacher": teacher,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m docs.screenshots", description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", metavar="NAME", help=f"pictures to make: {', '.join(PICTURES)}")
    parser.add_argument("--list", action="store_true", help="name the pictures and exit")
    args = parser.parse_args(argv)
    if args.list:
        print("\n".join(f"{name}: {make.__doc__}" for name, make in PICTURES.items()))
        return 0
    unknown = [name for name in args.names if name not in PICTURES]
    if unknown:
        parser.error(f"no picture {', '.join(unknown)}; the pictures are {', '.join(PICTURES)}")
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from PySide6.QtWidgets import QApplication

    app = QApplication(sys.argv[:1])
    IMAGES.mkdir(exist_ok=True)
    for name in args.names or PICTURES:
        made = PICTURES[name](app)
        for path in made if isinstance(made, list) else [made]:
            print(path.relative_to(IMAGES.parent.parent))
    return 0


if __name__ == "__main__":
    sys.exit(main())
