"""The desktop entry (freedesktop.org menus: GNOME, KDE, Xfce, ...): ``graphagree.desktop`` and the
icon installed for the user, and removed again. Qt-free.

``graphagree-app --install-desktop-entry`` writes, under ``$XDG_DATA_HOME`` (default
``~/.local/share``), ``applications/graphagree.desktop`` - its ``Exec`` line the absolute command
that started it, so that the menu finds the app even where the command's folder is not on the
desktop session's PATH - and ``icons/hicolor/SIZExSIZE/apps/graphagree.png`` (and the SVG under
``scalable``). ``--uninstall-desktop-entry`` removes what it wrote.

>>> print(exec_line(["/home/ana/my apps/graphagree-app"]))
"/home/ana/my apps/graphagree-app" %F
"""

from __future__ import annotations

import os
import re
import shutil
import sys
from pathlib import Path

from .files import DESKTOP_FILE, ICON_NAME, ICON_SIZES, SVG, TEMPLATE, png

__all__ = ["data_home", "exec_line", "install_desktop_entry", "launch_command", "uninstall_desktop_entry"]


def data_home() -> Path:
    """``$XDG_DATA_HOME``, else ``~/.local/share``."""
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")


def launch_command(argv0: str = sys.argv[0], executable: str = sys.executable) -> list[str]:
    """The command that starts the app: the ``graphagree-app`` script that is running, by its
    absolute path, else this Python running the installed module ``app``."""
    script = Path(argv0)
    if script.name == "graphagree-app" and script.is_file():
        return [str(script.absolute())]
    return [executable, "-m", "app"]


def exec_line(command: list[str]) -> str:
    """The desktop entry's ``Exec`` value: the command quoted as the specification asks, then
    ``%F`` (the files dropped on the launcher)."""

    def quoted(argument: str) -> str:
        if not re.search(r"[\s\"'\\`$<>~|&;*?#()%]", argument):
            return argument
        return '"' + re.sub(r'(["`$\\])', r"\\\1", argument).replace("%", "%%") + '"'

    return " ".join(quoted(argument) for argument in command) + " %F"


def _icon_targets(home: Path) -> list[tuple[Path, Path]]:
    hicolor = home / "icons" / "hicolor"
    pngs = [(png(size), hicolor / f"{size}x{size}" / "apps" / f"{ICON_NAME}.png") for size in ICON_SIZES]
    return [*pngs, (SVG, hicolor / "scalable" / "apps" / f"{ICON_NAME}.svg")]


def install_desktop_entry(home: Path | None = None, command: list[str] | None = None) -> list[Path]:
    """Write the desktop entry and the icons under ``home`` (default :func:`data_home`); the
    paths written."""
    home = home or data_home()
    written = []
    for source, target in _icon_targets(home):
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
        written.append(target)
    template = TEMPLATE.read_text(encoding="utf-8")
    entry = home / "applications" / DESKTOP_FILE
    entry.parent.mkdir(parents=True, exist_ok=True)
    line = exec_line(command or launch_command())
    entry.write_text(template.replace("Exec=graphagree-app %F", f"Exec={line}"), encoding="utf-8")
    written.append(entry)
    return written


def uninstall_desktop_entry(home: Path | None = None) -> list[Path]:
    """Remove what :func:`install_desktop_entry` wrote under ``home``; the paths removed."""
    home = home or data_home()
    removed = []
    for path in [target for _, target in _icon_targets(home)] + [home / "applications" / DESKTOP_FILE]:
        if path.is_file():
            path.unlink()
            removed.append(path)
    return removed
