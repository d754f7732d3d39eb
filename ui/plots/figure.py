"""What a plot shows, as data (Qt-free): axes, the bars of a histogram with the sentences in
each bar, series of points each standing for a sentence, guide lines, and the lines that say
what was plotted (files, metric, parameters) for the exported figure. The pyqtgraph views
(:mod:`.histogram_view`, :mod:`.scatter_view`) draw a :class:`Plot` on screen and the SVG writer
(:mod:`.svg`) writes the same :class:`Plot` for print, so both show the same thing.

A point or a bar member is a *key*: the index of the sentence it stands for (a pair's index in
a corpus, a sentence's in an annotator set), which is what choosing points or bars yields.

A histogram's bar ``b`` holds the values ``v`` with ``edges[b] <= v < edges[b + 1]``; the last
bar holds its right edge too (as :func:`numpy.histogram` counts). Undefined values (NaN) are
in no bar.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

import numpy as np

__all__ = [
    "CHOSEN",
    "MARK",
    "SERIES_COLOURS",
    "Axis",
    "Bars",
    "Guide",
    "Plot",
    "Points",
    "bar_count",
    "centred_edges",
    "count_axis",
    "cut_edges",
    "edge_text",
    "f1_edges",
    "histogram",
    "jitter",
    "nice_step",
    "nice_ticks",
    "series_colour",
]

# the Okabe-Ito palette, which readers with a colour vision deficiency tell apart, for the series;
# black for the sentences chosen (the chosen share of a bar, an outline round the chosen points)
# and vermillion for the sentence selected (a ring, an outlined bar), seen on both
BLUE, ORANGE, GREEN, PURPLE, SKY, YELLOW, GREY, VERMILLION = (
    "#0072B2",
    "#E69F00",
    "#009E73",
    "#CC79A7",
    "#56B4E9",
    "#F0E442",
    "#999999",
    "#D55E00",
)
SERIES_COLOURS = (BLUE, ORANGE, GREEN, PURPLE, SKY, YELLOW, GREY, "#8C564B")


def series_colour(index: int) -> str:
    """The colour of series ``index`` (an annotator's place in the files loaded, so that each
    keeps its colour whichever is the gold), the palette's colours again after its last."""
    return SERIES_COLOURS[index % len(SERIES_COLOURS)]


CHOSEN = "#000000"  # the sentences chosen (bars' share, points)
MARK = VERMILLION  # the sentence selected in the table: a ring, an outlined bar
F1_BAR_WIDTH = 0.05
LEAST_STEP = 1e-6  # the narrowest bar of differences


@dataclass(frozen=True)
class Axis:
    """An axis's title and range; ``ticks`` (value, label) replace the numbers (e.g. annotators'
    names). ``named``: the labels are names that share much of their text (annotators' files),
    each shown by what tells it apart in the room of its tick (:func:`ui.common.names.shortened`)."""

    title: str
    low: float
    high: float
    ticks: tuple[tuple[float, str], ...] = ()
    whole: bool = False  # a count (graph nodes): ticks at whole numbers only
    named: bool = False


@dataclass(frozen=True)
class Bars:
    """A histogram: the bars' ``edges`` and the keys in each bar, each bar its colour."""

    edges: np.ndarray
    members: tuple[np.ndarray, ...]
    colours: tuple[str, ...]

    @property
    def counts(self) -> np.ndarray:
        return np.array([len(keys) for keys in self.members], dtype=int)

    def bar_at(self, x: float) -> int | None:
        """The bar under ``x`` (None outside the bars)."""
        if not self.edges[0] <= x <= self.edges[-1]:
            return None
        return min(int(np.searchsorted(self.edges, x, side="right")) - 1, len(self.members) - 1)

    def overlapping(self, low: float, high: float) -> list[int]:
        """The bars that reach into ``[low, high]``."""
        return [b for b in range(len(self.members)) if self.edges[b + 1] > low and self.edges[b] < high]

    def keys(self, bars: Sequence[int]) -> frozenset[int]:
        """The keys in these bars."""
        return frozenset(int(key) for b in bars for key in self.members[b])

    def chosen_counts(self, chosen: frozenset[int]) -> np.ndarray:
        """How many of each bar's keys are ``chosen``."""
        if not chosen:
            return np.zeros(len(self.members), dtype=int)
        wanted = np.fromiter(chosen, dtype=np.int64, count=len(chosen))
        return np.array([int(np.isin(keys, wanted).sum()) for keys in self.members], dtype=int)

    def range_text(self, bars: Sequence[int], value: str) -> str:
        """What the bars hold, in words: "LR F1 from 0.6 to 0.7" for neighbouring bars."""
        ordered = sorted(bars)
        if not ordered:
            return ""
        if ordered == list(range(ordered[0], ordered[-1] + 1)):
            low, high = edge_text(self.edges[ordered[0]]), edge_text(self.edges[ordered[-1] + 1])
            return f"{value} from {low} to {high}"
        return f"{value} in {len(ordered)} bars"


@dataclass(frozen=True)
class Points:
    """A series of points: its ``name`` (legend) and ``colour``, each point's key, position and
    label (the sentence's id, for the readouts); ``summary`` follows the name in the legend (the
    strip plot: the series' mean)."""

    name: str
    colour: str
    keys: np.ndarray
    x: np.ndarray
    y: np.ndarray
    labels: tuple[str, ...]
    summary: str = ""

    def inside(self, x0: float, x1: float, y0: float, y1: float) -> np.ndarray:
        """The keys of the points in the rectangle (either corner first)."""
        (x0, x1), (y0, y1) = sorted((x0, x1)), sorted((y0, y1))
        found = (self.x >= x0) & (self.x <= x1) & (self.y >= y0) & (self.y <= y1)
        return self.keys[found]


@dataclass(frozen=True)
class Guide:
    """A line to read the plot by: ``vertical`` at x = ``value``, ``horizontal`` at y = ``value``,
    or ``diagonal``, y = x + ``value``."""

    orientation: Literal["vertical", "horizontal", "diagonal"]
    value: float
    colour: str
    name: str
    dashed: bool = True


@dataclass(frozen=True)
class Plot:
    """One plot: title, axes, bars or points, guides; ``value`` names what the bars count in the
    readouts ("LR F1"), ``unit`` what a key is ("sentence", "pair"); ``note`` says what is left
    out; ``empty`` says why nothing is shown; ``header`` (files, metric, parameters) heads the
    exported figure; ``legend_title`` comes before the legend's entries (what their summaries are)."""

    title: str
    x: Axis
    y: Axis
    bars: Bars | None = None
    points: tuple[Points, ...] = ()
    guides: tuple[Guide, ...] = ()
    value: str = ""
    unit: str = "sentence"
    note: str = ""
    empty: str = ""
    header: tuple[str, ...] = field(default=())
    legend_title: str = ""

    @property
    def keys(self) -> frozenset[int]:
        """Every key shown."""
        found = {int(k) for series in self.points for k in series.keys}
        if self.bars is not None:
            found |= self.bars.keys(range(len(self.bars.members)))
        return frozenset(found)


def count_axis(title: str, tallest: int) -> Axis:
    """An axis of counts up to ``tallest`` (and a little room above), whole numbers on its ticks
    when they are few (the plots would write 0.2, 0.4... for a handful of sentences).

    >>> count_axis("pairs", 3).ticks
    ((0.0, '0'), (1.0, '1'), (2.0, '2'), (3.0, '3'))
    >>> count_axis("pairs", 150).ticks
    ()
    """
    top = max(tallest, 1)
    ticks = tuple((float(k), str(k)) for k in range(top + 1)) if top <= 10 else ()
    return Axis(title, 0.0, top * 1.05, ticks)


def edge_text(value: float) -> str:
    """A bar edge as short as it is exact, to 8 decimals (bars are at least 1e-6 wide; an edge
    cut a tolerance of 1e-9 short of a value, :func:`cut_edges`, reads as the value).

    >>> edge_text(0.6000000000000001), edge_text(-0.025), edge_text(1.0), edge_text(0.1 - 1e-9)
    ('0.6', '-0.025', '1', '0.1')
    """
    return format(round(float(value), 8), "g")


def histogram(keys: np.ndarray, values: np.ndarray, edges: np.ndarray, colours: Sequence[str] | str = BLUE) -> Bars:
    """The keys by bar of ``edges`` (module docstring: bars closed on the left, the last on both
    sides; NaN in none).

    >>> bars = histogram(np.arange(5), np.array([0.0, 0.5, 0.5, 1.0, np.nan]), np.array([0.0, 0.5, 1.0]))
    >>> bars.counts.tolist(), [m.tolist() for m in bars.members]
    ([1, 3], [[0], [1, 2, 3]])
    """
    count = len(edges) - 1
    index = np.searchsorted(edges, values, side="right") - 1
    index[values == edges[-1]] = count - 1
    index[~np.isfinite(values) | (values < edges[0]) | (values > edges[-1])] = -1
    order = np.argsort(index, kind="stable")
    starts = np.searchsorted(index[order], np.arange(count + 1))
    members = tuple(np.asarray(keys)[order[starts[b] : starts[b + 1]]] for b in range(count))
    palette = (colours,) * count if isinstance(colours, str) else tuple(colours)
    return Bars(np.asarray(edges, dtype=float), members, palette)


def f1_edges(width: float = F1_BAR_WIDTH) -> np.ndarray:
    """Bars of ``width`` over [0, 1], their edges rounded so that 0.15 is the number 0.15."""
    return np.round(np.linspace(0.0, 1.0, round(1 / width) + 1), 12)


def nice_step(span: float, most: int) -> float:
    """The least of 1, 2, 2.5 or 5 x 10^k that cuts ``span`` into at most ``most`` steps.

    >>> nice_step(1.0, 6), nice_step(0.07, 10), nice_step(0.0, 5)
    (0.2, 0.01, 1e-06)
    """
    if span <= 0:
        return 1e-6
    exponent = math.floor(math.log10(span / most))
    for power in (exponent, exponent + 1):
        for mantissa in (1.0, 2.0, 2.5, 5.0):
            step = mantissa * 10.0**power
            if span / step <= most + 1e-9:
                return float(f"{step:.12g}")
    return 10.0 ** (exponent + 2)


def centred_edges(values: np.ndarray, most: int = 41) -> np.ndarray:
    """Edges of at most ``most`` bars of one nice width, one bar centred on 0 (ties, e.g. equal
    F1 of A and B, have a bar of their own), wide enough for every finite value.

    >>> edges = centred_edges(np.array([-0.3, 0.0, 0.12]), 13)
    >>> edges.tolist()[:3], len(edges) - 1, edges[6:8].tolist()
    ([-0.325, -0.275, -0.225], 13, [-0.025, 0.025])
    """
    finite = np.abs(values[np.isfinite(values)])
    reach = float(finite.max()) if finite.size else 0.0
    if reach < LEAST_STEP:  # ties (a difference this small is rounding)
        reach = 0.0
    step = max(nice_step(2 * reach, most - 1), LEAST_STEP) if reach > 0 else 0.01
    while 2 * math.ceil(reach / step - 1e-9) + 1 > max(most, 1):  # the bar centred on 0 takes room too
        step = nice_step(step * 1.01, 1)  # the next nice width
    half = math.ceil(reach / step - 1e-9)
    return np.round((np.arange(-half, half + 2) - 0.5) * step, 12)


def cut_edges(edges: np.ndarray, cuts: Sequence[float]) -> np.ndarray:
    """``edges`` with each of ``cuts`` (inside them) made an edge: the nearest edge moves onto the
    cut when it is within a quarter of the narrowest bar, else the cut is added; so that a bar
    can hold the values up to a cut and the next those from it on.

    >>> cut_edges(np.array([-0.15, -0.05, 0.05, 0.15]), [-0.1, 0.06]).tolist()
    [-0.15, -0.1, -0.05, 0.06, 0.15]
    """
    cut = np.asarray(edges, dtype=float).copy()
    narrowest = float(np.diff(cut).min()) if len(cut) > 1 else 0.0
    for value in cuts:
        nearest = int(np.argmin(np.abs(cut - value)))
        if abs(cut[nearest] - value) < narrowest / 4:
            cut[nearest] = value
        else:
            cut = np.sort(np.append(cut, value))
    return cut


def nice_ticks(low: float, high: float, most: int = 6, whole: bool = False) -> list[float]:
    """Round numbers between ``low`` and ``high`` for an axis (``whole``: whole numbers only).

    >>> nice_ticks(0.0, 1.0), nice_ticks(-0.07, 0.07, 4), nice_ticks(0.0, 3.0, whole=True)
    ([0.0, 0.2, 0.4, 0.6, 0.8, 1.0], [-0.05, 0.0, 0.05], [0.0, 1.0, 2.0, 3.0])
    """
    step = nice_step(high - low, most)
    if whole:
        step = float(max(1, math.ceil(step)))
    first = math.ceil(low / step - 1e-9)
    return [round(k * step, 12) + 0.0 for k in range(first, math.floor(high / step + 1e-9) + 1)]


def bar_count(values: int, least: int = 11, most: int = 41) -> int:
    """How many bars a histogram of ``values`` values gets: about twice their square root,
    between ``least`` and ``most``.

    >>> bar_count(5), bar_count(200), bar_count(10_000)
    (11, 28, 41)
    """
    return int(min(most, max(least, round(2 * math.sqrt(values)))))


def jitter(keys: np.ndarray, width: float) -> np.ndarray:
    """A spread in [-width/2, width/2) that depends on the key alone (the golden ratio's
    fractional multiples), so a strip plot looks the same every time it is drawn.

    >>> jitter(np.array([0, 1, 2]), 0.5).round(3).tolist()
    [-0.25, 0.059, -0.132]
    """
    return ((np.asarray(keys, dtype=float) * 0.6180339887498949) % 1.0 - 0.5) * width
