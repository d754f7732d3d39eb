"""The heatmaps' colour scale (Qt-free): viridis, values to colour indices, readable text on a cell,
and the outlines that mark anchors on any colour of the scale.

Viridis (van der Walt and Smith, public domain) is sampled at nine evenly spaced points and
interpolated linearly in sRGB; it is perceptually ordered and readable in grey and by
colour-blind eyes. The screen, the SVG/PDF/PNG exports and the report all use this table.

An outline is two lines: a black one at the cell's edge and a white (or light orange) one inside
it, so that one of them contrasts with every colour from dark violet to yellow (a white line
alone vanished on yellow, the colour of S = 1, where anchors usually are).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

__all__ = [
    "ANCHOR_OUTLINE",
    "CONTRIBUTION_OUTLINE",
    "NEW_ANCHOR_OUTLINE",
    "OUTLINE_LEGEND",
    "SIZE",
    "TABLE",
    "Outline",
    "Stroke",
    "colour_indices",
    "hex_colour",
    "outline_strokes",
    "text_on",
    "value_text",
]

VIRIDIS_STOPS = ("#440154", "#472c7a", "#3b518b", "#2c718e", "#21908d", "#27ad81", "#5cc863", "#aadc32", "#fde725")
SIZE = 256


def _table(stops: tuple[str, ...], size: int) -> np.ndarray:
    """``size`` RGB rows (uint8) interpolated linearly between the ``stops``."""
    rgb = np.array([[int(stop[k : k + 2], 16) for k in (1, 3, 5)] for stop in stops], dtype=float)
    where = np.linspace(0, len(stops) - 1, size)
    return np.round(np.stack([np.interp(where, np.arange(len(stops)), rgb[:, c]) for c in range(3)], axis=1)).astype(
        np.uint8
    )


TABLE = _table(VIRIDIS_STOPS, SIZE)


def colour_indices(matrix: np.ndarray, levels: tuple[float, float]) -> np.ndarray:
    """Per cell, the row of :data:`TABLE`: (value - low) / (high - low) scaled to 0..SIZE-1, clipped."""
    low, high = levels
    span = high - low if high > low else 1.0
    scaled = np.clip((np.asarray(matrix, dtype=float) - low) / span, 0.0, 1.0)
    return np.round(scaled * (SIZE - 1)).astype(np.uint8)


def hex_colour(index: int) -> str:
    red, green, blue = TABLE[index]
    return f"#{red:02x}{green:02x}{blue:02x}"


def text_on(index: int) -> str:
    """Black or white, whichever contrasts more with the colour (relative luminance, WCAG)."""
    channels = TABLE[index] / 255.0
    linear = np.where(channels <= 0.04045, channels / 12.92, ((channels + 0.055) / 1.055) ** 2.4)
    luminance = float(linear @ np.array([0.2126, 0.7152, 0.0722]))
    return "#000000" if luminance > 0.179 else "#ffffff"


def value_text(value: float, decimals: int = 3) -> str:
    """A cell's value in at most ``decimals`` decimals: 0.082, 1, 0.

    >>> value_text(0.3998), value_text(0.0820), value_text(0.0820, 2), value_text(0.0)
    ('0.4', '0.082', '0.08', '0')
    """
    return f"{value:.{decimals}f}".rstrip("0").rstrip(".") if value else "0"


@dataclass(frozen=True)
class Outline:
    """A cell outline: ``edge`` (dark) at the cell's edge, ``inner`` of width ``inner_width``
    (in a cell of 16 px or more) just inside it."""

    edge: str
    inner: str
    inner_width: float


@dataclass(frozen=True)
class Stroke:
    """One line of an outline: its colour, width and the inset of its centre from the cell's edge."""

    colour: str
    width: float
    inset: float


ANCHOR_OUTLINE = Outline("#000000", "#ffffff", 1.5)
NEW_ANCHOR_OUTLINE = Outline("#000000", "#ff9800", 2.5)  # an orange light enough to read where black does not
CONTRIBUTION_OUTLINE = Outline("#000000", "#ff4081", 2.5)  # pink, a hue viridis never takes: a cell explained
OUTLINE_LEGEND = "black-and-white outline: anchor; black-and-orange outline: new anchor of the round"


def outline_strokes(outline: Outline, cell: float) -> tuple[Stroke, Stroke]:
    """The two lines of ``outline`` in a cell of side ``cell`` px, both inside it: the edge line,
    width min(1.5, cell / 10), and the inner line, ``inner_width`` x min(1, cell / 16), just
    inside it - each at least 1 px (min(1, cell / 8) in a cell under 8 px), so that
    antialiasing does not blend the two into one grey line."""
    least = min(1.0, cell / 8)
    edge = max(least, min(1.5, cell / 10))
    inner = max(least, outline.inner_width * min(1.0, cell / 16))
    return Stroke(outline.edge, edge, edge / 2), Stroke(outline.inner, inner, edge + inner / 2)
