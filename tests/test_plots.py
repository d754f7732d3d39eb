"""The plots' data and their SVG figures (Qt-free): bars that count the sentences they hold, the
bars of differences centred on 0, ticks, and a figure that writes every word as real text."""

import re
import xml.etree.ElementTree as ET

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.read import load_annotations
from engine.scoring.matrix import score_matrix
from ui.plots.figure import (
    MARK,
    Axis,
    Bars,
    Guide,
    Plot,
    Points,
    bar_count,
    centred_edges,
    count_axis,
    f1_edges,
    histogram,
    jitter,
    nice_ticks,
)
from ui.plots.sentence_figures import annotator_strip_plot
from ui.plots.svg import TICK_LETTERS, plot_svg

from .ui_support import ANNOTATOR_FILES

SVG = "{http://www.w3.org/2000/svg}"


def texts(svg: str) -> list[str]:
    return [element.text or "" for element in ET.fromstring(svg).iter(f"{SVG}text")]


def test_f1_bars_hold_what_a_reader_expects():
    """Hand-placed values: 0.15 starts the bar [0.15, 0.2) (the edges are the numbers written),
    1 is in the last bar, NaN in none."""
    values = np.array([0.0, 0.049, 0.05, 0.15, 0.1999, 0.95, 1.0, np.nan])
    bars = histogram(np.arange(len(values)), values, f1_edges())
    assert len(bars.members) == 20
    by_bar = {b: sorted(keys.tolist()) for b, keys in enumerate(bars.members) if len(keys)}
    assert by_bar == {0: [0, 1], 1: [2], 3: [3, 4], 19: [5, 6]}
    assert int(bars.counts.sum()) == 7
    assert bars.bar_at(0.15) == 3 and bars.bar_at(1.0) == 19 and bars.bar_at(1.2) is None
    assert bars.range_text([3], "LR F1") == "LR F1 from 0.15 to 0.2"
    assert bars.range_text([3, 4, 5], "LR F1") == "LR F1 from 0.15 to 0.3"
    assert bars.range_text([1, 3], "LR F1") == "LR F1 in 2 bars"
    assert bars.keys([0, 19]) == frozenset({0, 1, 5, 6})
    assert (
        bars.chosen_counts(frozenset({1, 6, 7})).tolist()[:2] == [1, 0] and bars.chosen_counts(frozenset({6}))[19] == 1
    )


@settings(max_examples=200, deadline=None)
@given(st.lists(st.floats(-1, 1, allow_nan=False), min_size=1, max_size=60), st.integers(1, 30))
def test_bars_count_as_numpy_histogram_counts(values, count):
    values = np.array(values)
    edges = np.linspace(values.min() - 0.01, values.max() + 0.01, count + 1)
    bars = histogram(np.arange(len(values)), values, edges)
    assert bars.counts.tolist() == np.histogram(values, edges)[0].tolist()
    assert sorted(np.concatenate(bars.members).tolist()) == list(range(len(values)))  # each value in one bar


@settings(max_examples=200, deadline=None)
@given(st.lists(st.floats(-1, 1, allow_nan=False), min_size=1, max_size=60), st.integers(3, 41))
def test_difference_bars_are_centred_on_zero_and_hold_every_value(values, most):
    values = np.array(values)
    edges = centred_edges(values, most)
    assert len(edges) - 1 <= max(most, 1) and (len(edges) - 1) % 2 == 1  # an odd number: one bar centred on 0
    centre = (len(edges) - 1) // 2
    assert edges[centre] < 0 < edges[centre + 1] and edges[centre] == pytest.approx(-edges[centre + 1])
    assert edges[0] <= values.min() and values.max() < edges[-1]
    widths = np.diff(edges)
    assert widths == pytest.approx(np.full(len(widths), widths[0]))


def test_ticks_counts_and_jitter():
    assert nice_ticks(0, 1) == [0.0, 0.2, 0.4, 0.6, 0.8, 1.0]
    assert nice_ticks(0, 37, 5) == [0.0, 10.0, 20.0, 30.0]
    assert count_axis("sentences", 2).ticks == ((0.0, "0"), (1.0, "1"), (2.0, "2"))
    assert bar_count(0) == 11 and bar_count(400) == 40 and bar_count(10**6) == 41
    spread = jitter(np.arange(1000), 0.6)
    assert spread.min() >= -0.3 and spread.max() < 0.3 and np.array_equal(spread, jitter(np.arange(1000), 0.6))


def small_plot(**more) -> Plot:
    values = np.array([0.2, 0.2, 0.7, 1.0])
    keys = np.arange(4)
    return Plot(
        "LR F1 of 4 pairs",
        Axis("LR F1", 0, 1),
        count_axis("pairs", 2),
        bars=histogram(keys, values, f1_edges()),
        value="LR F1",
        unit="pair",
        note="mean 0.5250",
        header=("files: test = /data/a.amr, gold = /data/b.amr", "metric: LR F1; profile paper · gamma=0.1"),
        **more,
    )


def test_the_svg_figure_writes_its_header_axes_and_note_as_text():
    svg = plot_svg(small_plot())
    root = ET.fromstring(svg)
    assert root.findtext(f"{SVG}title") == "LR F1 of 4 pairs"
    desc = root.findtext(f"{SVG}desc")
    assert desc is not None and "files: test = /data/a.amr" in desc
    words = texts(svg)
    assert words[0] == "LR F1 of 4 pairs"
    assert "files: test = /data/a.amr, gold = /data/b.amr" in words
    assert any("gamma=0.1" in word for word in words) and "mean 0.5250" in words
    assert {"LR F1", "pairs", "0", "0.2", "1"} <= set(words)  # axis titles and ticks
    bars = [r for r in root.iter(f"{SVG}rect") if r.get("fill") == "#0072B2"]
    assert len(bars) == 3  # the three bars that hold a pair
    heights = sorted(float(r.attrib["height"]) for r in bars)
    assert heights[2] == pytest.approx(2 * heights[0], rel=1e-3)  # the bar of 0.2 holds two pairs
    marked = ET.fromstring(plot_svg(small_plot(), marked=2))  # the pair of F1 0.7: its bar outlined
    outlined = [r for r in marked.iter(f"{SVG}rect") if r.get("stroke") == MARK and r.get("fill") == "none"]
    assert len(outlined) == 2 and "selected pair" in texts(plot_svg(small_plot(), marked=2))  # the bar, the legend
    assert float(outlined[0].attrib["height"]) == pytest.approx(heights[0])


def test_the_svg_figure_draws_the_chosen_the_selected_and_the_range_in_sight():
    keys = np.arange(3)
    plot = Plot(
        "points",
        Axis("x", 0, 10),
        Axis("y", 0, 1),
        points=(
            Points("A", "#0072B2", keys, np.array([1.0, 5.0, 9.0]), np.array([0.1, 0.5, 0.9]), ("a", "b", "c")),
            Points("B", "#E69F00", np.array([3]), np.array([2.0]), np.array([0.2]), ("d",)),
        ),
        guides=(Guide("diagonal", 0.0, "#555555", "same"),),
    )
    svg = plot_svg(plot, chosen=frozenset({1}), marked=3)
    root = ET.fromstring(svg)
    circles = list(root.iter(f"{SVG}circle"))
    assert len([c for c in circles if c.get("r") == "2.6"]) == 4  # every point
    assert "chosen: 1 sentences" in texts(svg) and "selected sentence" in texts(svg) and "A" in texts(svg)
    zoomed = plot_svg(plot, ranges=((0.0, 3.0), (0.0, 0.3)))
    drawn = [c for c in ET.fromstring(zoomed).iter(f"{SVG}circle") if c.get("r") == "2.6"]
    assert len(drawn) == 2  # (1, 0.1) and (2, 0.2): the others are out of sight
    assert re.search(r"<line[^>]*stroke-dasharray", svg)  # the diagonal


def test_an_empty_plot_says_why():
    plot = Plot("nothing", Axis("", 0, 1), Axis("", 0, 1), empty="Choose a gold annotator.")
    assert "Choose a gold annotator." in texts(plot_svg(plot))
    assert Bars(np.array([0.0, 1.0]), (np.array([], dtype=np.int64),), ("#000",)).range_text([], "x") == ""


def test_the_strip_plot_names_annotators_by_what_tells_them_apart(tmp_path):
    """A new user's long file names (the same beginning and end) ran into each other under the
    strips, all starting "projectX_welsh_capital_annot"."""
    paths = []
    for name, source in zip("ABC", ANNOTATOR_FILES):
        path = tmp_path / f"projectX_welsh_capital_annot{name}_round2_final_checked.txt"
        path.write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
        paths.append(path)
    result = score_matrix(load_annotations(paths, gold=paths[2]))
    plot, annotators = annotator_strip_plot(result, "labeled_relation")
    assert annotators == (0, 1) and plot.x.named  # whole names, shortened to the room there is
    assert [text for _, text in plot.x.ticks] == [path.stem for path in paths[:2]]
    words = [text.text for text in ET.fromstring(plot_svg(plot)).iter("{http://www.w3.org/2000/svg}text")]
    assert "…annotA_round2_fi…" in words and "…annotB_round2_fi…" in words  # the figure: TICK_LETTERS
    assert len("…annotA_round2_fi…") == TICK_LETTERS
