"""Names that share much of their text (annotators' files) told apart in pixels on screen: the
rule of :func:`ui.common.names.shortened`, the cut measured with the font that draws them."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetricsF

from .names import shortened

__all__ = ["elided_name"]


def elided_name(metrics: QFontMetricsF, name: str, names: Sequence[str], room: float) -> str:
    """``name`` in ``room`` pixels of ``metrics``'s font: whole when it fits, else from the word in
    which it differs from the name of ``names`` most like it, cut at its end ("…")."""
    return shortened(name, names, lambda text: metrics.elidedText(text, Qt.TextElideMode.ElideRight, room))
