"""Start-up: the command line on one small pair against a bare ``import numpy``, and the time from
``python app.py`` to the main window's first paint.

    python -m bench.bench_startup [--turns 9] [--checkout DIR] [--platform offscreen|xcb]

The commands - ``python -c "import numpy"``, ``python -m engine score`` and ``smatch`` on
smatch's sample pair (3 graphs of 4-5 nodes), and ``smatch`` 1.0.4 on the same pair - take
turns (:mod:`bench.turns`); a ratio is a command's time over ``import numpy``'s, the median over
the turns. ``--checkout`` times the engine of another checkout of this project instead (e.g. an
earlier commit, ``git worktree add``), to compare before and after.

The app: ``python app.py`` on the bundled demo (no files opened before), wrapped so that the main
window reports its first paint event; the time is from just before the process is started to
that paint, the median over the turns (``--platform xcb`` needs an X server: ``DISPLAY``).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .turns import ROOT, machine, print_table, side_by_side

PAIR = [str(ROOT / "resources" / "demo" / "smatch" / name) for name in ("test_input1.txt", "test_input2.txt")]
BASE = "python -c 'import numpy'"

# Runs app.py's main() with the main window reporting its first paint (seconds since START) on stdout.
FIRST_PAINT = """
import os, sys, time
start, settings = float(sys.argv[1]), sys.argv[2]
sys.argv = ["app.py"]
from PySide6.QtCore import QEvent, QObject, QSettings
import ui.shell.main_window as main_window

class FirstPaint(QObject):
    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint:
            print(time.time() - start, flush=True)
            os._exit(0)
        return False

class Window(main_window.MainWindow):
    def __init__(self, ignored=None):
        super().__init__(QSettings(settings, QSettings.Format.IniFormat))
        self.first_paint = FirstPaint()
        self.installEventFilter(self.first_paint)

main_window.MainWindow = Window
import app
app.main([])
"""


def first_paint(checkout: Path, platform: str, turns: int) -> list[float]:
    """Seconds from starting ``python app.py`` to its main window's first paint, once per turn."""
    environment = {**os.environ, "QT_QPA_PLATFORM": platform, "PYTHONPATH": str(checkout)}
    times = []
    with tempfile.TemporaryDirectory() as tmp:
        for turn in range(turns + 1):  # the first one warms the page cache up
            settings = str(Path(tmp) / f"settings{turn}.ini")
            start = time.time()
            done = subprocess.run(
                [sys.executable, "-c", FIRST_PAINT, repr(start), settings],
                cwd=checkout,
                env=environment,
                capture_output=True,
                text=True,
                timeout=120,
            )
            if done.returncode != 0 or not done.stdout.strip():
                raise SystemExit(f"the app did not paint its window:\n{done.stderr[-2000:]}")
            if turn:
                times.append(float(done.stdout.split()[-1]))
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=9)
    parser.add_argument("--checkout", type=Path, default=ROOT, help="the checkout whose engine and app are timed")
    parser.add_argument("--platform", default="offscreen", help="Qt platform of the app (offscreen, xcb)")
    args = parser.parse_args()
    checkout = args.checkout.resolve()
    compiled = [sys.executable, "-m", "compileall", "-q", str(checkout / "engine"), str(checkout / "ui")]
    subprocess.run(compiled, check=True)
    engine = [sys.executable, "-m", "engine"]
    commands = {
        BASE: [sys.executable, "-c", "import numpy"],
        "python -m engine score PAIR": engine + ["score", *PAIR, "--jobs", "1"],
        "python -m engine smatch PAIR": engine + ["smatch", *PAIR, "--jobs", "1"],
        "smatch 1.0.4 -f PAIR": [sys.executable, "-m", "smatch", "-f", *PAIR],
    }
    print(machine())
    print(f"\nthe command line on smatch's sample pair ({checkout}); median of {args.turns} turns")
    print_table(side_by_side(commands, args.turns, cwd=checkout), BASE)
    times = first_paint(checkout, args.platform, args.turns)
    print(
        f"\npython app.py (the demo) to the main window's first paint, {args.platform}: median "
        f"{statistics.median(times):.2f} s (min {min(times):.2f}, max {max(times):.2f}, {len(times)} runs)"
    )


if __name__ == "__main__":
    main()
