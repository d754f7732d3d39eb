"""The Qt-free model of the rounds panel: the order that puts aligned pairs on the diagonal,
the shared zoom window, the level of detail, the colour scale and the cell readout."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.params import Params
from engine.read import read_graph
from ui.rounds.model import HeatmapOrder, RoundsModel, fixed_text
from ui.rounds.scale import (
    ANCHOR_OUTLINE,
    NEW_ANCHOR_OUTLINE,
    SIZE,
    TABLE,
    colour_indices,
    hex_colour,
    outline_strokes,
    text_on,
    value_text,
)
from ui.rounds.window import MIN_CELLS, CellWindow, label_stride, shown_indices
from ui.state.tasks import trace_pair

from .conftest import READ_GOLD, READ_TEST


@st.composite
def alignments(draw):
    """(gold_of, quality, gold size): a random one-to-one partial alignment with rounds."""
    test_size = draw(st.integers(0, 25))
    gold_size = draw(st.integers(0, 25))
    pairs = draw(st.integers(0, min(test_size, gold_size)))
    rows = draw(st.permutations(range(test_size)))[:pairs]
    columns = draw(st.permutations(range(gold_size)))[:pairs]
    gold_of = [None] * test_size
    quality = [None] * test_size
    for i, j in zip(rows, columns):
        gold_of[i], quality[i] = j, draw(st.integers(0, 6))
    return gold_of, quality, gold_size


@given(alignments())
def test_the_order_puts_every_aligned_pair_on_the_diagonal(alignment):
    gold_of, quality, gold_size = alignment
    order = HeatmapOrder.of(gold_of, quality, gold_size)
    assert sorted(order.rows) == list(range(len(gold_of))) and sorted(order.columns) == list(range(gold_size))
    assert order.aligned == sum(j is not None for j in gold_of)
    for k in range(order.aligned):  # the diagonal: row k's partner is column k
        assert gold_of[order.rows[k]] == order.columns[k]
    assert all(gold_of[i] is None for i in order.rows[order.aligned :])  # unaligned last
    assert not set(order.columns[order.aligned :]) & {j for j in gold_of if j is not None}
    fixed = [quality[i] for i in order.rows[: order.aligned]]
    assert fixed == sorted(fixed)  # the diagonal fills in the order the pairs were fixed
    matrix = np.arange(len(gold_of) * gold_size, dtype=float).reshape(len(gold_of), gold_size)
    arranged = order.arrange(matrix)
    for k in range(order.aligned):
        assert arranged[k, k] == matrix[order.rows[k], gold_of[order.rows[k]]]


def test_the_spec_pair_in_display_order():
    trace = trace_pair(read_graph(READ_TEST), read_graph(READ_GOLD), Params())
    model = RoundsModel(trace)
    # read-01/read-03 is the initial anchor, the other four pairs are fixed in round 1 (in test order)
    assert model.row_names == ["read-01", "house", "he", "book", "i"]
    assert model.column_names == ["read-03", "home", "she", "paper", "i"]
    assert model.order.aligned == 5
    first = model.round(1)
    adjusted = first.heatmaps["adjusted"]
    # house-home: S = 0 (other lemma), F = (0 + 0.2)(A + 0.01) = 0.082 (the AnCast poster's worked example, 4 digits), so A ≈ 0.4
    assert adjusted.values[1, 1] == pytest.approx(0.082)
    broadcast = first.heatmaps["broadcast"].values[1, 1]
    assert round(0.2 * (broadcast + 0.01), 4) == 0.082 and broadcast == pytest.approx(0.4, abs=1e-3)
    assert np.argwhere(first.heatmaps["anchors"].anchors).tolist() == [[0, 0]]
    assert sorted(adjusted.new_anchors) == [(1, 1), (2, 2), (3, 3), (4, 4)]
    assert first.heatmaps["similarity"].new_anchors == () and adjusted.levels == (0.0, max(1.0, adjusted.values.max()))
    text = model.readout(1, 1, 1)
    assert (
        text.startswith("test house × gold home:")
        and "S = 0 " in text
        and f"A = {broadcast:.4g}" in text
        and "F = 0.082" in text
    )
    assert "new anchor of round 1" in text and "aligned pair, fixed in round 1" in text
    assert "anchor since initial anchor" in model.readout(1, 0, 0)
    assert "house is aligned to home (round 1)" in model.readout(1, 1, 2) and "not an anchor" in model.readout(1, 1, 2)
    assert model.row_of("h2") == 1 and model.column_of("s") == 2 and model.row_of("nope") is None
    assert model.node_readout(2, -1) == "test he: aligned to she, fixed in round 1 (click to select it)"
    assert model.node_readout(-1, 0) == "gold read-03: aligned to read-01, fixed in initial anchor (click to select it)"


def test_fixed_text():
    assert [fixed_text(q, 3) for q in (None, 0, 2, 4)] == ["unaligned", "initial anchor", "round 2", "finalisation"]


@given(st.integers(1, 200), st.integers(1, 200), st.floats(0.1, 20), st.floats(-50, 250), st.floats(-50, 250))
def test_zooming_stays_inside_the_matrix_and_keeps_the_point(rows, columns, factor, x, y):
    window = CellWindow.full(rows, columns)
    zoomed = window.zoomed(factor, min(max(x, 0), columns), min(max(y, 0), rows))
    assert zoomed.left >= 0 and zoomed.left + zoomed.width <= columns + 1e-9
    assert zoomed.top >= 0 and zoomed.top + zoomed.height <= rows + 1e-9
    assert zoomed.width == pytest.approx(min(max(columns / factor, min(MIN_CELLS, columns)), columns))
    assert zoomed.height == pytest.approx(min(max(rows / factor, min(MIN_CELLS, rows)), rows))


def test_zoom_keeps_the_point_under_the_pointer_and_pans_within_bounds():
    window = CellWindow.full(30, 40).zoomed(4, 10, 10)
    assert (window.width, window.height) == (10, 7.5)
    # the point (10, 10) was at 1/4 of the width and 1/3 of the height: it stays there
    assert (10 - window.left) / window.width == pytest.approx(10 / 40)
    assert (10 - window.top) / window.height == pytest.approx(10 / 30)
    assert window.panned(-100, -100).left == 0 and window.panned(100, 100).left == 30
    assert list(window.panned(100, 100).visible_columns()) == list(range(30, 40))
    assert CellWindow.full(30, 40).zoomed(0.5) == CellWindow.full(30, 40) and CellWindow.full(3, 3).is_full


def test_label_stride_never_lets_labels_touch():
    assert label_stride(20, 14) == 1 and label_stride(15, 14) == 1 and label_stride(14, 14) == 2
    assert label_stride(3, 14) == 5  # 5 x 3 px = 15 >= 14 + 1
    assert shown_indices(range(7, 20), 5) == [10, 15]


@given(st.floats(0.5, 60), st.floats(5, 30))
def test_labels_at_the_stride_do_not_overlap(cell, text):
    stride = label_stride(cell, text)
    assert stride * cell >= text + 1 - 1e-6 and (stride == 1 or (stride - 1) * cell < text + 1)


def test_the_colour_scale():
    assert hex_colour(0) == "#440154" and hex_colour(255) == "#fde725"  # viridis ends
    assert colour_indices(np.array([[-1.0, 0.0, 0.5, 1.0, 2.0]]), (0.0, 1.0)).tolist() == [[0, 0, 128, 255, 255]]
    assert colour_indices(np.array([[3.0]]), (0.0, 0.0)).tolist() == [[255]]  # a flat scale does not divide by 0
    luminance = TABLE.astype(float) @ np.array([0.2126, 0.7152, 0.0722])
    assert np.all(np.diff(luminance) > -1.0)  # lighter from low to high (perceptually ordered)
    assert (text_on(0), text_on(255)) == ("#ffffff", "#000000")
    assert [value_text(v) for v in (0.0, 1.0, 0.082, 0.12345)] == ["0", "1", "0.082", "0.123"]


def contrast(first: str, second: str) -> float:
    """WCAG contrast ratio of two #rrggbb colours: (L1 + 0.05) / (L2 + 0.05), L1 the lighter."""

    def luminance(colour: str) -> float:
        channels = np.array([int(colour[k : k + 2], 16) for k in (1, 3, 5)]) / 255.0
        linear = np.where(channels <= 0.04045, channels / 12.92, ((channels + 0.055) / 1.055) ** 2.4)
        return float(linear @ np.array([0.2126, 0.7152, 0.0722]))

    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@pytest.mark.parametrize("cell", [4.0, 12.0, 28.0])
@pytest.mark.parametrize("outline", [ANCHOR_OUTLINE, NEW_ANCHOR_OUTLINE], ids=["anchor", "new anchor"])
def test_an_outline_reads_on_every_colour_of_the_scale(outline, cell):
    """One of an outline's two lines contrasts at least 3:1 (WCAG, graphics) with every colour
    of the scale - a white line alone was 1.26:1 on the yellow of S = 1."""
    edge, inner = outline_strokes(outline, cell)
    for index in range(SIZE):
        assert max(contrast(edge.colour, hex_colour(index)), contrast(inner.colour, hex_colour(index))) >= 3.0, index
    assert contrast("#ffffff", hex_colour(SIZE - 1)) < 1.3  # (the old white outline on yellow)
    assert edge.colour == "#000000" and inner.colour == outline.inner
    assert edge.inset - edge.width / 2 >= 0 and inner.inset + inner.width / 2 <= cell / 2  # inside the cell
    assert inner.inset - inner.width / 2 == pytest.approx(edge.inset + edge.width / 2)  # the inner line just inside
