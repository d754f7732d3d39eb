"""Text sizes for the layout. The engine never measures fonts: the caller passes
a :class:`TextMeasure` (the GUI measures with its real fonts; the benchmarks and
tests use :class:`ApproximateText`, a deterministic width model)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

__all__ = ["ApproximateText", "TextMeasure"]


class TextMeasure(Protocol):
    """Widths (scene units) of the three kinds of text in a drawing, and the
    pixel sizes of their fonts at zoom 1 (the line height follows from them)."""

    @property
    def node_px(self) -> float: ...  # node labels: "r1 / read-01", constants

    @property
    def tag_px(self) -> float: ...  # the aligned-pair tag inside a node

    @property
    def role_px(self) -> float: ...  # edge labels: ":ARG0"

    def node_width(self, text: str) -> float: ...

    def tag_width(self, text: str) -> float: ...

    def role_width(self, text: str) -> float: ...


# Advance widths in em of a DejaVu-Sans-like sans-serif face, by character class
# (close to DejaVu Sans, the widest common default; narrower faces only leave more room).
_NARROW = set("ijlrtf.,:;'!|/()[]- ")
_WIDE = set("mwMW@%")
_ADVANCE_NARROW, _ADVANCE_WIDE, _ADVANCE_UPPER, _ADVANCE_OTHER = 0.34, 0.9, 0.7, 0.62


def approximate_width(text: str, px: float) -> float:
    """Σ advance(c) · px over the characters, with advance(c) from four classes:
    narrow 0.34 em, wide 0.9 em, other capitals 0.7 em, everything else 0.62 em."""
    total = 0.0
    for char in text:
        if char in _NARROW:
            total += _ADVANCE_NARROW
        elif char in _WIDE:
            total += _ADVANCE_WIDE
        elif char.isupper():
            total += _ADVANCE_UPPER
        else:
            total += _ADVANCE_OTHER
    return total * px


@dataclass(frozen=True)
class ApproximateText:
    """The deterministic width model: :func:`approximate_width` at the GUI's
    font sizes (12 px node labels, 10 px tags, 11 px roles)."""

    node_px: float = 12.0
    tag_px: float = 10.0
    role_px: float = 11.0

    def node_width(self, text: str) -> float:
        return approximate_width(text, self.node_px)

    def tag_width(self, text: str) -> float:
        return approximate_width(text, self.tag_px)

    def role_width(self, text: str) -> float:
        return approximate_width(text, self.role_px)
