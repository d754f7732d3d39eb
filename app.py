"""Entry point: ``graphagree-app`` (or ``python app.py``) ``[TEST GOLD | A B C ... [--gold FILE]]
[--screenshot OUT.png]``.

With no files it opens the files opened last (a pair, or several annotators with their gold)
when they are all still there, else the bundled demo pair (the status line says which;
``--screenshot`` starts with no files opened before: on the demo). Two files are a test and a gold file; three or
more (or any with ``--gold``) are several annotators' files: their agreement matrix is scored,
then the first annotator against the gold (or the second) is shown in the pair views.
``--screenshot`` renders the main window offscreen once scoring has finished (first pair
selected), saves it as PNG and exits (status 0, or 2 if the files could not be opened). Without
it, the app logs to a rotating file in the platform's app-data folder (Help > Open Log Folder).
``--install-desktop-entry`` puts the app in the desktop's menu (``--uninstall-desktop-entry`` takes
it out again) and ``--version`` prints the installed version; neither starts the window.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from engine.about import VersionAction
from engine.runtime.parallel import start_workers_from_server
from engine.runtime.process import one_blas_thread_at_load, tune_for_scoring


def build_parser(prog: str | None = None) -> argparse.ArgumentParser:
    """The app's options (``prog``: the program's name in usage lines, by default the one it was started as)."""
    parser = argparse.ArgumentParser(prog=prog, description="Inspect agreement between two annotators' graphs.")
    parser.add_argument(
        "files",
        nargs="*",
        metavar="FILE",
        help="TEST and GOLD files, or three or more annotators' files (default: the files opened last, "
        "else the bundled demo pair)",
    )
    parser.add_argument("--gold", metavar="FILE", help="the gold annotator's file (one of FILE or one more)")
    parser.add_argument("--screenshot", metavar="OUT.png", help="render the window offscreen, save it and exit")
    parser.add_argument(
        "--pair",
        metavar="N|ID",
        help="select this pair once scored: its number as the app shows it (the # column, 'Pair N', counted "
        "from 1) or its id; default: the first",
    )
    desktop = parser.add_mutually_exclusive_group()
    desktop.add_argument(
        "--install-desktop-entry",
        action="store_true",
        help="add graphagree to the desktop's application menu (a .desktop file and the icon under "
        "$XDG_DATA_HOME, default ~/.local/share) and exit",
    )
    desktop.add_argument(
        "--uninstall-desktop-entry", action="store_true", help="remove what --install-desktop-entry wrote and exit"
    )
    parser.add_argument("--version", action=VersionAction)
    return parser


def parse_args(argv: list[str] | None):
    parser = build_parser()
    args = parser.parse_args(argv)
    if len(args.files) == 1 and not args.gold:
        parser.error("give both a TEST and a GOLD file, three or more annotators' files, or none for the demo")
    if args.gold and not args.files:
        parser.error("--gold marks one of several annotators' files: give the files too")
    return args


def desktop_entry(install: bool) -> int:
    """Install or uninstall the desktop entry, saying which files were written or removed."""
    from ui.desktop.entry import install_desktop_entry, uninstall_desktop_entry

    try:
        paths = install_desktop_entry() if install else uninstall_desktop_entry()
    except OSError as error:
        print(f"error: {error.filename or ''}: {error.strerror or error}", file=sys.stderr)
        return 2
    print(("Wrote" if install else "Removed") + f" {len(paths)} files:", *paths, sep="\n  ")
    return 0


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.install_desktop_entry or args.uninstall_desktop_entry:
        return desktop_entry(args.install_desktop_entry)
    one_blas_thread_at_load()  # before Qt, pyqtgraph and the engine import NumPy
    tune_for_scoring()
    start_workers_from_server()  # the app has threads: its scoring workers never fork it
    if args.screenshot:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QSettings, QTimer
    from PySide6.QtWidgets import QApplication

    from ui.desktop.icon import app_icon
    from ui.shell.commands.files import open_at_start
    from ui.shell.logs import log_uncaught_exceptions, start_logging
    from ui.shell.main_window import APP_NAME, MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName(APP_NAME)
    app.setOrganizationName(APP_NAME)
    QApplication.setDesktopFileName(APP_NAME)  # the desktop entry's name: Wayland finds the icon and menu entry by it
    QApplication.setWindowIcon(app_icon())
    settings = None
    if args.screenshot:  # leave the user's saved window state, recent files and log alone
        settings = QSettings(str(Path(args.screenshot).with_suffix(".ini")), QSettings.Format.IniFormat)
    else:
        start_logging()  # the app-data folder's logs/ (Help > Open Log Folder)
        log_uncaught_exceptions()
    window = MainWindow(settings)
    state = window.state
    status = {"code": 0}
    if args.screenshot:
        window.resize(1920, 1200)

        def save() -> None:
            window.repaint()
            status["code"] = 0 if window.grab().save(args.screenshot) else 1
            app.quit()

        def scored() -> None:  # once the selected pair's heatmaps are drawn too
            if state.traces.trace is None and state.selection.pair is not None:
                state.traces.trace_ready.connect(lambda trace: QTimer.singleShot(50, save))
            else:
                QTimer.singleShot(50, save)

        def failed(message: str) -> None:
            print(f"error: {message}", file=sys.stderr)
            status["code"] = 2
            app.quit()

        state.scoring.corpus_changed.connect(lambda corpus: QTimer.singleShot(0, scored))
        state.scoring.load_failed.connect(failed)
    window.show()
    if len(args.files) >= 3 or args.gold:
        state.annotators.open(args.files, args.gold, select=args.pair)
    elif args.files:
        test, gold = args.files
        state.scoring.open_pair(test, gold, select=args.pair)
    else:
        open_at_start(window.context, args.pair)  # the files opened last, else the demo
    code = app.exec()
    if args.screenshot and settings is not None:
        Path(settings.fileName()).unlink(missing_ok=True)
    return status["code"] if args.screenshot else code


if __name__ == "__main__":
    sys.exit(main())
