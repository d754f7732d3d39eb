"""The corpus and the annotators at a glance: the histogram counts the sentences, a bar clicked or a
region dragged keeps those sentences in the table and clearing brings the others back, the pair
selected is marked in the plots and a point clicked selects its pair; exports carry the files,
the metric and the parameters."""

import itertools
import xml.etree.ElementTree as ET

import numpy as np
import pytest
from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QApplication

from engine.read import load_annotations
from engine.scoring.matrix import score_matrix
from ui.plots.figure import Axis, Plot, Points
from ui.plots.scatter_view import ScatterView
from ui.plots.sentence_figures import annotator_size_plot, annotator_strip_plot
from ui.shell.commands.plots import plot_choices, write_plot

from .conftest import DEMO
from .ui_support import ANNOTATOR_FILES, shown_window, wait_until_idle

# five pairs whose Concept F1 is plain to count: same1, same2 (every concept matches: 1), half (one
# of two: 0.5), none (apple against pear: 0, and no relation: no LR F1), two-of-three (2/3)
HAND_TEST = """# ::id same1
(w / want-01 :ARG0 (b / boy))

# ::id same2
(s / sleep-01 :ARG0 (d / dog))

# ::id half
(w / want-01 :ARG0 (b / boy))

# ::id none
(a / apple)

# ::id two-of-three
(g / give-01 :ARG0 (m / man) :ARG1 (b / book))
"""
HAND_GOLD = HAND_TEST.replace(
    "(w / want-01 :ARG0 (b / boy))\n\n# ::id none", "(w / want-01 :ARG0 (g / girl))\n\n# ::id none"
)
HAND_GOLD = HAND_GOLD.replace("(a / apple)", "(p / pear)").replace("(b / book))", "(p / pen))")
CONCEPT_F1 = {"same1": 1.0, "same2": 1.0, "half": 0.5, "none": 0.0, "two-of-three": 2 / 3}
META = DEMO / "metamorphosed"


def settle():
    for _ in range(3):
        QApplication.processEvents()


@pytest.fixture
def hand_window(qtbot, tmp_path):
    test, gold = tmp_path / "hand_test.amr", tmp_path / "hand_gold.amr"
    test.write_text(HAND_TEST, encoding="utf-8")
    gold.write_text(HAND_GOLD, encoding="utf-8")
    window = shown_window(qtbot, tmp_path, (test, gold), (1600, 1000))
    assert window.workspace.show_perspective("corpus")
    settle()
    return window


def choose_metric(panel, metric: str) -> None:
    panel.metric_box.setCurrentIndex(panel.metric_box.findData(metric))
    settle()


def widget_point(view, x: float, y: float):
    """Where the data point (x, y) is in the plot widget's viewport."""
    return view.widget.mapFromScene(view.box.mapViewToScene(QPointF(x, y)))


def click(qtbot, view, x: float, y: float, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    qtbot.mouseClick(view.widget.viewport(), Qt.MouseButton.LeftButton, modifier, widget_point(view, x, y))
    settle()


def drag(qtbot, view, start: tuple[float, float], end: tuple[float, float]) -> None:
    """A left drag from one data point to another, as the mouse makes it."""
    viewport = view.widget.viewport()
    first, last = widget_point(view, *start), widget_point(view, *end)
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=first)
    for k in range(1, 6):
        qtbot.mouseMove(viewport, first + (last - first) * (k / 5))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=last)
    settle()


def table_ids(window) -> list[str]:
    proxy = window.corpus_panel.proxy
    return sorted(proxy.result(row).id for row in range(proxy.rowCount()))


def test_the_histogram_counts_the_sentences_of_each_bar(hand_window):
    window = hand_window
    corpus = window.state.scoring.corpus
    assert {pair.id: pair.scores["concept"].f for pair in corpus.pairs} == pytest.approx(CONCEPT_F1)  # by hand
    panel = window.corpus_plots
    choose_metric(panel, "concept")
    bars = panel.distribution.plot.bars
    ids = {pair.index: pair.id for pair in corpus.pairs}
    held = {b: sorted(ids[int(k)] for k in keys) for b, keys in enumerate(bars.members) if len(keys)}
    assert held == {0: ["none"], 10: ["half"], 13: ["two-of-three"], 19: ["same1", "same2"]}  # bars of 0.05
    assert bars.counts.tolist() == [1] + [0] * 9 + [1, 0, 0, 1] + [0] * 5 + [2]
    assert panel.distribution.item.listDataItems()[0].opts["height"].tolist() == bars.counts.tolist()  # drawn so
    assert panel.distribution.bar_text(19) == "Concept F1 [0.95, 1]: 2 pairs"
    choose_metric(panel, "labeled_relation")
    assert int(panel.distribution.plot.bars.counts.sum()) == 4  # "none" has no relation, so no LR F1
    assert panel.distribution.note.text().startswith("1 pair without an LR F1")
    sizes = panel.sizes.plot.points[0]
    assert sorted(zip(sizes.labels, sizes.x.tolist())) == [
        ("half", 2.0),
        ("same1", 2.0),
        ("same2", 2.0),
        ("two-of-three", 3.0),
    ]  # gold graph nodes


def test_a_bar_or_a_region_chosen_keeps_those_pairs_and_clearing_brings_all_back(qtbot, hand_window):
    window = hand_window
    panel, selection = window.corpus_plots, window.state.selection
    choose_metric(panel, "concept")
    histogram = panel.distribution
    everything = ["half", "none", "same1", "same2", "two-of-three"]
    assert table_ids(window) == everything and not window.corpus_panel.chosen_bar.isVisible()
    click(qtbot, histogram, 0.975, 1.0)  # the bar [0.95, 1]
    assert table_ids(window) == ["same1", "same2"]
    assert window.corpus_panel.chosen_bar.isVisible() and "Concept F1 from 0.95 to 1" in (
        window.corpus_panel.chosen_bar.note.text()
    )
    assert histogram.chosen == selection.subset.keys  # drawn as chosen
    assert selection.pair.id in ("same1", "same2")  # the pair selected is one of them
    click(qtbot, histogram, 0.025, 0.5, Qt.KeyboardModifier.ControlModifier)  # Ctrl adds the bar [0, 0.05)
    assert table_ids(window) == ["none", "same1", "same2"]
    click(qtbot, histogram, 0.3, 0.5)  # a click on no bar clears
    assert table_ids(window) == everything and selection.subset is None
    assert not window.corpus_panel.chosen_bar.isVisible()
    drag(qtbot, histogram, (0.45, 0.5), (0.7, 0.5))  # a region over the bars of 0.5 and 2/3
    assert table_ids(window) == ["half", "two-of-three"]
    window.corpus_panel.chosen_bar.show_all.click()
    assert table_ids(window) == everything
    drag(qtbot, panel.sizes, (2.5, 0.5), (3.5, 0.8))  # the point of two-of-three (3 nodes, 0.667)
    assert table_ids(window) == ["two-of-three"]
    window.corpus_panel.filter_edit.setText("same")  # the text filter and the plot's choice both hold
    assert table_ids(window) == []
    window.corpus_panel.filter_edit.setText("")
    click(qtbot, panel.sizes, 0.5, 0.1)  # nothing there: clears
    assert table_ids(window) == everything


def test_the_pair_selected_is_marked_and_a_point_clicked_selects_its_pair(qtbot, hand_window):
    window = hand_window
    panel, selection = window.corpus_plots, window.state.selection
    choose_metric(panel, "concept")
    half = next(pair for pair in window.state.scoring.corpus.pairs if pair.id == "half")
    selection.select_pair(half)
    assert panel.distribution.marked_bar() == 10
    ringed = panel.sizes.mark_item.getData()
    assert ringed[0].tolist() == [2.0] and ringed[1].tolist() == [0.5]
    click(qtbot, panel.sizes, 3.0, 2 / 3)  # the point of two-of-three
    assert selection.pair.id == "two-of-three" and panel.distribution.marked_bar() == 13
    assert window.corpus_panel.table.currentIndex().row() == window.corpus_panel.proxy.row_of(selection.pair)


def test_a_point_clicked_outside_the_pairs_chosen_shows_every_pair_again_and_says_so(qtbot, hand_window):
    window = hand_window
    panel, selection = window.corpus_plots, window.state.selection
    choose_metric(panel, "concept")
    said: list[str] = []
    window.state.messages.message.connect(said.append)
    click(qtbot, panel.distribution, 0.975, 1.0)  # same1 and same2 chosen
    assert table_ids(window) == ["same1", "same2"]
    click(qtbot, panel.sizes, 3.0, 2 / 3)  # the point of two-of-three, not among them
    assert selection.pair.id == "two-of-three" and len(table_ids(window)) == 5
    assert not window.corpus_panel.chosen_bar.isVisible()
    assert said[-1] == "5 of 5 pairs shown: two-of-three was not among those chosen in the plot."


def test_new_scores_forget_the_pairs_chosen(qtbot, hand_window):
    window = hand_window
    click(qtbot, window.corpus_plots.distribution, 0.975, 1.0)
    assert window.state.selection.subset is not None
    window.state.scoring.rescore()
    wait_until_idle(qtbot, window.state)
    assert window.state.selection.subset is None and len(table_ids(window)) == 5
    assert not window.corpus_plots.distribution.chosen


def svg_words(path) -> str:
    return " ".join(element.text or "" for element in ET.parse(path).getroot().iter("{http://www.w3.org/2000/svg}text"))


def test_the_corpus_plots_export_with_the_files_metric_and_parameters(qtbot, hand_window, tmp_path):
    window = hand_window
    choose_metric(window.corpus_plots, "concept")
    files = window.state.scoring.files
    for key in ("corpus/distribution", "corpus/size"):
        assert write_plot(window.context, key, tmp_path / "plot.svg")
        words = svg_words(tmp_path / "plot.svg")
        assert str(files.test_path) in words and str(files.gold_path) in words
        assert "Concept F1" in words and "profile paper" in words and "gamma=0.1" in words and "alpha=0.2" in words
        assert write_plot(window.context, key, tmp_path / "plot.png", dpi=150)
        image = QImage(str(tmp_path / "plot.png"))
        assert image.dotsPerMeterX() == round(150 / 0.0254)
        assert str(files.test_path) in image.text("Description") and "gamma=0.1" in image.text("Description")
        assert write_plot(window.context, key, tmp_path / "plot.pdf")
        assert (tmp_path / "plot.pdf").read_bytes().startswith(b"%PDF")
    assert set(plot_choices(window.context)) == {"corpus/distribution", "corpus/size"}  # no matrix, no comparison


def open_annotators(qtbot, window):
    paths = [META / "comptest_annot1.txt", META / "comptest_annot3.txt", META / "comptest_sys.txt"]
    gold = META / "comptest_gold.txt"
    window.state.annotators.open([*paths, gold], gold=gold)
    wait_until_idle(qtbot, window.state)
    assert window.workspace.show_perspective("annotators")
    settle()


def test_each_annotator_against_the_gold_and_the_sentences_chosen(qtbot, tmp_path):
    window = shown_window(qtbot, tmp_path, None, (1600, 1000))
    open_annotators(qtbot, window)
    result, annotators = window.state.annotators.result, window.state.annotators
    plots = window.annotator_plots
    assert plots.isVisible()
    strip = plots.strip.plot
    f = result.sentence_f("labeled_relation")
    names = [series.name for series in strip.points]
    assert names == [result.names[k] for k in range(len(result.names)) if k != result.gold]
    for position, series in enumerate(strip.points):
        k = result.names.index(series.name)
        expected = f[:, k, result.gold]
        assert series.y.tolist() == expected[series.keys].tolist()  # the engine's sentence F1 against the gold
        assert set(series.keys.tolist()) == set(np.flatnonzero(np.isfinite(expected)).tolist())
        assert np.all(np.abs(series.x - position) < 0.31)  # in its annotator's strip
    table = window.annotators_panel.sentence_proxy
    every = table.rowCount()
    drag(qtbot, plots.strip, (-0.5, 0.9), (len(names) - 0.5, 1.05))  # F1 of 0.9 and more, every annotator
    chosen = {int(k) for series in strip.points for k, y in zip(series.keys, series.y) if y >= 0.9}
    assert annotators.chosen.keys == chosen
    assert sorted(table.item(row).index for row in range(table.rowCount())) == sorted(chosen)
    assert window.annotators_panel.tables.currentIndex() == 1  # the Sentences tab in front
    window.annotators_panel.chosen_bar.show_all.click()
    assert table.rowCount() == every and annotators.chosen is None
    assert window.state.annotators.cell == (0, result.gold)  # the first annotator is shown against the gold
    series = strip.points[1]
    with qtbot.waitSignal(window.state.scoring.corpus_changed, timeout=20000):
        click(qtbot, plots.strip, float(series.x[0]), float(series.y[0]))  # opens that annotator on that sentence
    wait_until_idle(qtbot, window.state)
    assert window.state.annotators.cell == (result.names.index(series.name), result.gold)
    assert window.state.selection.pair.index == int(series.keys[0])
    assert plots.marked_sentence() == int(series.keys[0])
    assert write_plot(window.context, "annotators/strip", tmp_path / "strip.svg")
    words = svg_words(tmp_path / "strip.svg")
    assert all(str(META / name) in words for name in ("comptest_annot1.txt", "comptest_gold.txt"))
    assert "comptest_annot3" in words and "LR F1" in words


def test_another_gold_chosen_behind_the_label_confusion_redraws_the_plots(qtbot, tmp_path):
    """With the Label confusion tab in front, choosing another gold brought the plots' tab forward
    (the workspace fronted every group's first tab at any panel's news), showing the plots of the
    gold before: they were drawn before being made again."""
    window = shown_window(qtbot, tmp_path, None, (1600, 1000))
    open_annotators(qtbot, window)
    window.workspace.show_panel("confusion")
    settle()
    assert window.confusion_panel.isVisible() and not window.annotator_plots.isVisible()
    result = window.state.annotators.result
    window.state.annotators.set_gold(0)  # comptest_annot1
    settle()
    assert window.confusion_panel.isVisible()  # the tab chosen stays in front: no panel came or went
    window.workspace.show_panel("annotator_plots")
    settle()
    strip = window.annotator_plots.strip
    assert strip.plot.title.endswith("(comptest_annot1), per annotator"), strip.plot.title
    assert [series.name for series in strip.plot.points] == [result.names[k] for k in (1, 2, 3)]


def test_the_readout_shows_over_the_plot_while_the_mouse_is_on_a_bar_and_goes_when_it_leaves(qtbot, hand_window):
    window = hand_window
    choose_metric(window.corpus_plots, "concept")
    histogram = window.corpus_plots.distribution
    viewport = histogram.widget.viewport()

    def hover(x: float, y: float) -> None:
        qtbot.wait(30)  # pyqtgraph takes at most one mouse move per 10 ms
        qtbot.mouseMove(viewport, widget_point(histogram, x, y))
        settle()

    hover(0.975, 1.0)  # over the bar [0.95, 1]
    assert histogram.readout.isVisible() and histogram.readout.text() == "Concept F1 [0.95, 1]: 2 pairs"
    assert histogram.readout.parent() is viewport and viewport.rect().contains(histogram.readout.geometry())
    hover(0.3, 0.5)  # an empty bar
    assert histogram.readout.text() == "Concept F1 [0.3, 0.35): 0 pairs"
    hover(1.2, 0.5)  # beyond the bars
    assert not histogram.readout.isVisible()
    hover(0.975, 1.0)
    assert histogram.readout.isVisible()
    QApplication.sendEvent(viewport, QEvent(QEvent.Type.Leave))  # the mouse leaves the plot
    assert not histogram.readout.isVisible()


def drawn_labels(axis) -> list[str]:
    """The tick labels the axis draws (pyqtgraph leaves out those it finds no room for)."""
    image = QImage(10, 10, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    try:
        return [text for _, _, text in axis.generateDrawSpecs(painter)[2]]
    finally:
        painter.end()


@pytest.mark.parametrize("height", [150, 190, 260])
def test_a_short_plot_still_labels_both_ends_of_its_axes(qtbot, height):
    view = ScatterView()
    qtbot.addWidget(view)
    view.resize(420, height)
    view.show()
    keys = np.arange(3)
    points = Points("pairs", "#0072B2", keys, np.array([1.0, 2.0, 3.0]), np.array([0.0, 0.5, 1.0]), ("a", "b", "c"))
    view.show_plot(Plot("F1 against size", Axis("nodes", 0.0, 4.0), Axis("F1", 0.0, 1.0), points=(points,)))
    settle()
    labels = drawn_labels(view.item.getAxis("left"))
    assert labels[0] in ("0", "0.0") and labels[-1] in ("1", "1.0"), labels  # 0 and 1 both read


def test_graph_sizes_are_counted_in_whole_nodes_on_screen_and_in_the_figure(hand_window, tmp_path):
    window = hand_window  # sizes 2 and 3: an axis from 0 to 4 nodes, wide enough for halves
    sizes = window.corpus_plots.sizes
    assert sizes.plot.x.whole
    drawn = drawn_labels(sizes.item.getAxis("bottom"))
    assert drawn and all(float(label).is_integer() for label in drawn), drawn
    assert write_plot(window.context, "corpus/size", tmp_path / "size.svg")
    root = ET.parse(tmp_path / "size.svg").getroot()
    under = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text") if t.get("text-anchor") == "middle"]
    ticks = [text for text in under if text and text.replace(".", "").isdigit()]
    assert ticks == ["0", "1", "2", "3", "4"], ticks


def six_annotators_strip(folder):
    """The strip plot of six annotators' files against a seventh, the gold, whose long names differ
    in one word ("…_alice_final_checked", "…_bob_final_checked", ...)."""
    paths = six_long_names(folder)
    return annotator_strip_plot(score_matrix(load_annotations(paths, gold=paths[-1])), "labeled_relation")[0]


@pytest.mark.parametrize("width", [620, 760, 1300])
def test_six_annotators_long_names_under_the_strips_never_touch(qtbot, tmp_path, width):
    """At 1366x768 (a strip plot about 740 px wide) the six names, cut at 18 letters, ran into each
    other: each is now cut to the room of its tick, a gap between any two."""
    view = ScatterView()
    qtbot.addWidget(view)
    view.resize(width, 420)
    view.show()
    view.show_plot(six_annotators_strip(tmp_path))
    settle()
    image = QImage(10, 10, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    try:
        drawn = view.item.getAxis("bottom").generateDrawSpecs(painter)[2]
    finally:
        painter.end()
    texts = [text for _, _, text in drawn]
    assert len(texts) == 6, texts
    for who, text in zip(("alice", "bob", "carol", "dave", "erin", "frank"), texts):
        assert who[:3] in text, texts  # what tells the annotators apart stays
    rects = sorted((rect for rect, _, _ in drawn), key=lambda rect: rect.left())
    for left, right in itertools.pairwise(rects):
        assert left.right() + 6 <= right.left(), texts  # a gap between two names
    if width >= 1300:  # room for more than 18 letters: the names are no longer cut at their end
        assert all(text.endswith("_final_checked") for text in texts), texts


def test_a_long_readout_wraps_inside_a_narrow_plot(qtbot):
    view = ScatterView()
    qtbot.addWidget(view)
    view.resize(360, 300)
    view.show()
    name = "B (an annotator with a long file name) higher"
    above = Points(name, "#0072B2", np.arange(2), np.array([0.2, 0.7]), np.array([0.8, 0.9]), ("sentence 4", "s2"))
    below = Points("A higher", "#E69F00", np.array([2]), np.array([0.9]), np.array([0.1]), ("s3",))
    axes = Axis("A (annotator one) LR F1", 0.0, 1.0), Axis("B (annotator two) LR F1", 0.0, 1.0)
    view.show_plot(Plot("F1 of A and B", *axes, points=(above, below)))
    settle()
    viewport = view.widget.viewport()
    qtbot.mouseMove(viewport, widget_point(view, 0.2, 0.8))
    settle()
    readout = view.readout
    assert readout.isVisible() and readout.text().startswith(name + ": sentence 4")
    assert readout.text().endswith("click to open it")  # the whole text...
    assert viewport.rect().contains(readout.geometry()), (readout.geometry(), viewport.rect())  # ...in sight
    assert readout.heightForWidth(readout.width()) <= readout.height()  # no line of it cut off
    qtbot.wait(30)  # pyqtgraph takes at most one mouse move per 10 ms
    qtbot.mouseMove(viewport, widget_point(view, 0.9, 0.1))  # a short readout: one line
    settle()
    assert readout.text() == "A higher: s3: A (annotator one) LR F1 0.9, B (annotator two) LR F1 0.1 - click to open it"
    view.resize(900, 300)
    settle()
    qtbot.wait(30)
    qtbot.mouseMove(viewport, widget_point(view, 0.2, 0.8))
    settle()
    assert readout.height() == readout.heightForWidth(10_000), readout.text()  # one line where there is room


def test_the_corpus_plots_draw_the_pairs_the_filter_keeps_and_say_of_how_many(qtbot, hand_window):
    window = hand_window
    panel = window.corpus_plots
    choose_metric(panel, "concept")
    assert panel.distribution.plot.title == "Concept F1 of 5 pairs"
    window.corpus_panel.filter_edit.setText("same")  # keeps same1 and same2, as the F1 under the table counts
    settle()
    assert table_ids(window) == ["same1", "same2"]
    assert window.corpus_panel.summary.verticalHeaderItem(0).text() == "micro F1 (2 of 5 pairs)"
    assert panel.distribution.plot.title == "Concept F1 of 2 of 5 pairs"
    assert panel.distribution.plot.bars.counts.tolist() == [0] * 19 + [2]  # both in [0.95, 1]
    assert sorted(panel.sizes.plot.points[0].labels) == ["same1", "same2"]
    assert panel.plots()["distribution"].title == "Concept F1 of 2 of 5 pairs"  # exported so too
    click(qtbot, panel.distribution, 0.975, 1.0)  # a bar chosen is marked among the pairs drawn, not drawn alone
    assert panel.distribution.plot.title == "Concept F1 of 2 of 5 pairs"
    window.corpus_panel.filter_edit.setText("")
    settle()
    assert panel.distribution.plot.title == "Concept F1 of 5 pairs"


def six_long_names(folder):
    """Copies of the annotators' files as six annotators and a gold with long names that differ in one word."""
    sources = [*ANNOTATOR_FILES, *ANNOTATOR_FILES[:3]]
    paths = []
    for who, source in zip(("alice", "bob", "carol", "dave", "erin", "frank", "gold"), sources):
        paths.append(folder / f"metamorphosed_iaa_round2_{who}_final_checked.txt")
        paths[-1].write_bytes(source.read_bytes())
    return paths


@pytest.mark.parametrize("size", [(1100, 720), (1366, 768)])
def test_six_long_names_under_the_plots_leave_them_room(qtbot, tmp_path, size):
    """A new user's six annotators with long file names: the legends and the "Mean sentence F1"
    note under the two plots repeated every whole name and, in a 1100x720 window, took most of
    the panel (the plots about 70 px high). The names there are told apart as on the ticks, whole
    in the tooltip, and each plot keeps at least 150 px."""
    paths = six_long_names(tmp_path)
    window = shown_window(qtbot, tmp_path, None, size)
    window.state.annotators.open(paths, gold=paths[-1])
    wait_until_idle(qtbot, window.state)
    assert window.workspace.show_perspective("annotators")
    settle()
    plots = window.annotator_plots
    assert plots.isVisible()
    whole = [f"metamorphosed_iaa_round2_{who}_final_checked" for who in ("alice", "bob", "carol", "dave", "erin")]
    for view in (plots.strip, plots.sizes):
        assert view.widget.height() >= 150, (size, view.widget.height(), view.note.height())
        note = view.note.text().replace("&#8288;", "")  # the word joiners that keep an entry on one line
        assert not any(name in note for name in whole), note  # no whole name...
        assert all(who in note for who in ("alice", "bob", "carol", "dave", "erin", "frank")), (
            note
        )  # ...each told apart
        assert all(name in view.note.toolTip() for name in whole)  # whole in the tooltip
    means = [f"{series.y.mean():.4f}" for series in plots.strip.plot.points]
    note = plots.strip.note.text().replace("&#8288;", "")
    assert all(mean in note and mean in plots.strip.note.toolTip() for mean in means)
    assert write_plot(window.context, "annotators/strip", tmp_path / "strip.svg")
    words = svg_words(tmp_path / "strip.svg")
    assert all(str(path) in words for path in paths)  # the files whole in the header
    assert all(mean in words for mean in means) and "Mean sentence F1" in words


@pytest.mark.parametrize("plot_of", [annotator_strip_plot, annotator_size_plot])
def test_each_annotator_keeps_its_colour_whatever_the_gold(plot_of):
    """With the gold the first file, the others were coloured by their place among the non-gold
    ones, so choosing another gold gave them each another colour: the colour is now the
    annotator's place in the files loaded."""
    result = score_matrix(load_annotations(ANNOTATOR_FILES, gold=ANNOTATOR_FILES[2]))
    colours: dict[str, set[str]] = {}
    for gold in range(len(ANNOTATOR_FILES)):
        result.annotations.gold = gold
        for series in plot_of(result, "labeled_relation")[0].points:
            colours.setdefault(series.name, set()).add(series.colour)
    assert set(colours) == set(result.names)
    assert all(len(kept) == 1 for kept in colours.values()), colours
    assert len({colour for kept in colours.values() for colour in kept}) == len(result.names)
