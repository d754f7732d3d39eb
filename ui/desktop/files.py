"""The icon and desktop entry files shipped in this package (package data): their names and sizes. Qt-free."""

from __future__ import annotations

from pathlib import Path

__all__ = ["DESKTOP_FILE", "ICON_NAME", "ICON_SIZES", "SVG", "TEMPLATE", "png"]

HERE = Path(__file__).resolve().parent
ICON_NAME = "graphagree"  # the desktop entry's Icon= and the icon files' name
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256)
SVG = HERE / f"{ICON_NAME}.svg"  # drawn by hand; the PNGs are rendered from it
DESKTOP_FILE = f"{ICON_NAME}.desktop"
TEMPLATE = HERE / DESKTOP_FILE  # the desktop entry, Exec= to be made absolute when installed


def png(size: int, folder: Path = HERE) -> Path:
    """The PNG of the icon ``size`` pixels square (in ``folder``: this package's by default)."""
    return folder / f"{ICON_NAME}-{size}.png"
