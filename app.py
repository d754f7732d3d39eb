"""Entry point: ``python app.py [TEST GOLD] [--screenshot OUT.png]``.

With no files it opens the bundled demo pair.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

DEMO = Path(__file__).resolve().parent / "resources" / "demo"
DEMO_PAIR = (DEMO / "spec_examples_test.amr", DEMO / "spec_examples_gold.amr")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="app.py", description="Inspect agreement between two annotators' graphs.")
    parser.add_argument("files", nargs="*", metavar="TEST GOLD", help="test and gold files (default: bundled demo)")
    parser.add_argument("--screenshot", metavar="OUT.png", help="render the window offscreen, save it and exit")
    args = parser.parse_args(argv)
    if len(args.files) not in (0, 2):
        parser.error("give both a TEST and a GOLD file, or none for the demo")
    test, gold = map(Path, args.files) if args.files else DEMO_PAIR

    if args.screenshot:
        import os

        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication, QMessageBox

    from engine.errors import InputError
    from engine.scoring import score_files
    from ui.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    try:
        corpus = score_files(test, gold)
    except InputError as error:
        if args.screenshot:
            print(f"error: {error}", file=sys.stderr)
            return 2
        QMessageBox.critical(None, "Cannot open files", str(error))
        return 2
    window = MainWindow(corpus, f"{test.name} vs {gold.name}")
    if args.screenshot:
        window.show()
        app.processEvents()
        return 0 if window.grab().save(args.screenshot) else 1
    window.show()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
