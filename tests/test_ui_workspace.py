"""The window's arrangement: perspectives, their sizes at the two common screen sizes, the
remembered arrangement and View > Reset Layout, panels shown only when they have something."""

import pytest
from PySide6.QtCore import QPointF, Signal
from PySide6.QtGui import QFontInfo
from PySide6.QtWidgets import QApplication, QTableView, QTableWidget, QWidget

from bench.generate import write_corpus
from engine.adjudication.agreement import agreement_metrics
from engine.layout.geometry import Rect
from engine.layout.viewport import READABLE_TEXT_PX, SMALLEST_TEXT_PX, fit_scale
from engine.registry import short_name
from ui.adjudication.tasks import NewSession, create_session
from ui.annotators.grid_heatmap import GAP, READABLE_VALUE_PX, geometry, value_font
from ui.pair.comparison_panel import ELLIPSIS
from ui.pair.graph_view import QtText
from ui.shell.perspectives import PERSPECTIVES, Perspective, Split, Tabs, panels_of
from ui.shell.workspace import LAYOUT_VERSION, Panel, Workspace
from ui.state.settings import AppSettings

from .ui_support import (
    ANNOTATOR_FILES,
    DRS_PAIR,
    SPEC_PAIR,
    SYS_PAIR,
    TRIO_FILES,
    UMR_PAIR,
    UMR_VERSIONS,
    labels_apart,
    open_annotators,
    painted_texts,
    score_now,
    shown_window,
    temporary_settings,
    wait_until_idle,
)

SCREENS = [(1920, 1080), (1366, 768)]
CHROME = 50  # a maximised window's title bar and borders


def settle():
    for _ in range(3):
        QApplication.processEvents()


def proportions(splitter):
    sizes = splitter.sizes()
    return [size / sum(sizes) for size in sizes]


def visible_tables(page: QWidget):
    return [table for table in page.findChildren(QTableView) if table.isVisible()]


def test_layouts_name_only_registered_panels_and_splits_need_sizes(qtbot, tmp_path):
    assert [p.key for p in PERSPECTIVES] == [
        "corpus",
        "pair",
        "rounds",
        "annotators",
        "adjudication",
        "compare",
        "teach",
        "present",
    ]
    assert list(panels_of(Split(True, ("a", Tabs(("b", "c"))), (1, 1)))) == ["a", "b", "c"]
    with pytest.raises(ValueError):
        Split(True, ("a", "b"), (1,))
    panels = {"a": Panel("A", QWidget())}
    with pytest.raises(ValueError, match="not registered"):
        Workspace(panels, AppSettings(temporary_settings(tmp_path)), (Perspective("x", "X", "", Tabs(("a", "b"))),))
    with pytest.raises(ValueError, match="not in its layout"):
        Workspace(panels, AppSettings(temporary_settings(tmp_path)), (Perspective("x", "X", "", "a", needs="b"),))


class Sometimes(QWidget):
    """A panel that has something to show only sometimes (as the Annotators panel will)."""

    availability_changed = Signal(bool)

    def __init__(self):
        super().__init__()
        self.available = False

    def is_available(self) -> bool:
        return self.available

    def set_available(self, on: bool) -> None:
        self.available = on
        self.availability_changed.emit(on)


def test_a_perspective_that_needs_a_panel(qtbot, tmp_path):
    sometimes = Sometimes()
    perspectives = (
        Perspective("main", "Main", "", "always"),
        Perspective("other", "Other", "", "always2"),
        Perspective("work", "Work", "", Split(False, ("always", "extra"), (1, 1)), needs="extra"),
    )
    panels = {
        "always": Panel("Always", QWidget()),
        "always2": Panel("Also", QWidget()),
        "extra": Panel("Extra", sometimes),
    }
    settings = AppSettings(temporary_settings(tmp_path))
    settings.save_workspace({"version": LAYOUT_VERSION, "current": "work", "pages": {}})
    workspace = Workspace(panels, settings, perspectives)
    qtbot.addWidget(workspace)
    workspace.show()
    assert workspace.current == "main"  # the saved perspective has nothing to show: the default instead
    assert not workspace.isTabVisible(2) and not workspace.show_perspective("work")  # "always" is not enough
    assert workspace.current == "main"
    sometimes.set_available(True)
    assert workspace.isTabVisible(2) and workspace.show_perspective("work") and workspace.current == "work"
    sometimes.set_available(False)
    assert not workspace.isTabVisible(2) and workspace.current == "main"  # its tab goes, the default in front


def test_a_registered_perspective_and_its_availability(qtbot, tmp_path):
    always, sometimes = QWidget(), Sometimes()
    perspectives = (
        Perspective("main", "Main", "", Split(False, ("always", Tabs(("extra", "always2"))), (2, 1))),
        Perspective("extra", "Extra", "", "extra"),
    )
    panels = {
        "always": Panel("Always", always),
        "always2": Panel("Also", QWidget()),
        "extra": Panel("Extra", sometimes),
    }
    workspace = Workspace(panels, AppSettings(temporary_settings(tmp_path)), perspectives)
    qtbot.addWidget(workspace)
    workspace.show()
    group, _ = workspace.pages["main"].groups["0/1"]
    assert not workspace.isTabVisible(1) and not group.isTabVisible(0) and group.currentIndex() == 1
    sometimes.set_available(True)
    assert workspace.isTabVisible(1) and group.isTabVisible(0) and group.currentIndex() == 0  # first in front
    workspace.show_panel("extra")
    assert workspace.current == "main"  # shown where it is already
    workspace.show_perspective("extra")
    assert sometimes.parent() is workspace.pages["extra"].slots["extra"]
    workspace.show_perspective("main")
    assert sometimes.parent() is workspace.pages["main"].slots["extra"] and sometimes.isVisible()


@pytest.mark.parametrize("size", SCREENS, ids=["1920x1080", "1366x768"])
def test_default_arrangement_shows_every_table_whole(qtbot, tmp_path, size):
    width, height = size
    window = shown_window(qtbot, tmp_path, UMR_PAIR, (width, height - CHROME))
    session = create_session(NewSession(UMR_PAIR, "ana", tmp_path / "umr.adjudication.sqlite"))
    assert window.state.adjudication.open(session, "ana") is None  # the Adjudication perspective too
    second = tmp_path / "second_annotator.txt"  # a comparison for the Compare perspective: A, a copy of A, the gold
    second.write_bytes(UMR_PAIR[0].read_bytes())
    assert window.state.compare.open_files(UMR_PAIR[0], second, UMR_PAIR[1])
    wait_until_idle(qtbot, window.state)  # the label confusion too, which the Annotators perspective shows
    for key, page in window.workspace.pages.items():
        assert window.workspace.show_perspective(key)
        settle()
        for splitter, _ in page.splitters.values():  # the layout's proportions, unless a minimum size wins
            sizes = splitter.sizes()  # a part hidden while its panel has nothing to show has none
            assert all(size > 0 for k, size in enumerate(sizes) if not splitter.widget(k).isHidden())
        assert page.squeezed() == [], key  # the default leaves every panel its least useful size
        for table in visible_tables(page):
            header = table.horizontalHeader()
            shown = [c for c in range(header.count()) if not header.isSectionHidden(c)]
            name = f"{key}: {type(table.parent()).__name__} {[table.model().headerData(c, header.orientation()) for c in shown]}"
            for column in shown:  # no header text cut
                assert header.sectionSize(column) >= header.sectionSizeHint(column), name
            if table is not window.corpus_panel.table:  # every column in sight, nothing scrolled away sideways
                assert header.length() <= table.viewport().width() + 1, name
        for grid in page.findChildren(QTableWidget):
            if not grid.isVisible():
                continue
            labels = [grid.horizontalHeaderItem(c).text() for c in range(grid.columnCount())]
            rows = [grid.verticalHeaderItem(r).text() for r in range(grid.rowCount())]
            if "P" in labels:
                assert labels[:3] == ["F1", "P", "R"], labels  # F1 first
            elif grid is window.adjudication_panel.scores:  # a row per annotator: each metric's F1, its corrections
                assert [label.replace("\n", " ") for label in labels] == [
                    short_name(metric) for metric in agreement_metrics()
                ] + ["Corrections"], labels
            else:
                assert all(row.endswith("F1") for row in rows), rows  # the corpus summary: F1 only
            if grid is not window.smatch_panel.table:  # the long Smatch breakdown may scroll
                assert grid.viewport().height() >= grid.verticalHeader().length(), (key, rows)


# the least share of the window's height for each graph's canvas, the least PENMAN lines, triples
# rows and alignment rows in sight, at each screen size: the graphs get most of the room
ROOM = {(1920, 1080): (0.55, 12, 8, 9), (1366, 768): (0.45, 8, 4, 5)}


@pytest.mark.parametrize("pair", [SYS_PAIR, UMR_PAIR], ids=["amr", "umr"])
@pytest.mark.parametrize("size", SCREENS, ids=["1920x1080", "1366x768"])
def test_the_pair_perspective_gives_the_graphs_most_of_the_room(qtbot, tmp_path, size, pair):
    width, height = size
    canvas_share, penman_lines, triples_rows, alignment_rows = ROOM[size]
    window = shown_window(qtbot, tmp_path, pair, (width, height - CHROME))
    settle()
    assert window.workspace.current == "pair"
    if pair is UMR_PAIR:  # the sample's warnings: a one-line banner, closed as a user does once read
        assert window.banner.isVisible() and window.banner.height() < 2.5 * window.banner.fontMetrics().lineSpacing()
        window.banner.close_button.click()
        settle()
    for view in (window.graphs.test_view, window.graphs.gold_view):
        assert view.height() >= canvas_share * window.height() and view.width() > 0.3 * width
    assert window.graphs.legend.height() < 2 * window.graphs.legend.fontMetrics().lineSpacing()  # one line
    lines = (
        window.penman_panel.test_text.viewport().height() // window.penman_panel.test_text.fontMetrics().lineSpacing()
    )
    assert lines >= penman_lines
    triples = window.triples_panel.table
    assert triples.viewport().height() // triples.verticalHeader().defaultSectionSize() >= triples_rows
    window.workspace.show_panel("alignment")  # its tab beside the triples
    settle()
    alignment = window.alignment_panel.table
    assert window.workspace.current == "pair" and alignment.isVisible()
    assert alignment.viewport().height() // alignment.verticalHeader().defaultSectionSize() >= alignment_rows
    if pair is UMR_PAIR:  # the document level's scores beside its relations, every row in sight
        window.workspace.show_panel("document")
        settle()
        scores = window.document_panel.scores
        assert window.workspace.current == "pair" and scores.isVisible()
        assert scores.viewport().height() >= scores.verticalHeader().length()
        assert scores.geometry().right() < window.document_panel.table.geometry().left()
        assert window.graphs.test_view.height() >= canvas_share * window.height()


def test_reset_layout_restores_the_default(qtbot, tmp_path):
    settings = temporary_settings(tmp_path)
    window = shown_window(qtbot, tmp_path, SPEC_PAIR, settings=settings)
    settle()
    page = window.workspace.pages["pair"]
    outer, _ = page.splitters["0"]
    default = proportions(outer)
    assert default == pytest.approx([0.68, 0.32], abs=0.02)
    outer.setSizes([100, 800])
    outer.splitterMoved.emit(100, 1)  # as a drag of the handle does
    window.workspace.show_perspective("rounds")
    window.workspace.save()
    assert AppSettings(settings).workspace()["current"] == "rounds"
    window.resize(1400, 900)
    settle()
    assert proportions(outer) != pytest.approx(default, abs=0.02)  # a dragged arrangement is kept on resize
    window.action_set["reset_layout"].trigger()
    window.workspace.show_perspective("pair")
    settle()
    assert proportions(outer) == pytest.approx(default, abs=0.02)
    assert AppSettings(settings).workspace() == {}
    window.resize(1600, 1000)
    settle()
    assert proportions(outer) == pytest.approx(default, abs=0.02)  # the default follows the window's size


def test_the_arrangement_is_remembered(qtbot, tmp_path):
    settings = temporary_settings(tmp_path)
    window = shown_window(qtbot, tmp_path, SPEC_PAIR, settings=settings)
    settle()
    outer, _ = window.workspace.pages["pair"].splitters["0"]
    outer.setSizes([300, 600])
    outer.splitterMoved.emit(300, 1)
    window.action_set["perspective_corpus"].trigger()
    assert window.workspace.current == "corpus"
    window.close()
    again = shown_window(qtbot, tmp_path, None, settings=settings)
    settle()
    assert again.workspace.current == "corpus"
    again.workspace.show_perspective("pair")
    settle()
    restored, _ = again.workspace.pages["pair"].splitters["0"]
    assert proportions(restored) == pytest.approx([1 / 3, 2 / 3], abs=0.03)


def default_proportions(layout: Split) -> list[float]:
    return [size / sum(layout.sizes) for size in layout.sizes]


@pytest.mark.parametrize("size", SCREENS)
def test_a_perspective_not_shown_in_a_session_comes_back_with_its_default_sizes(qtbot, tmp_path, size):
    """Fresh settings, two files, only Corpus and Pair shown, quit, start again, Rounds: every
    splitter of Rounds has its default proportions (not the sizes of a page never laid out)."""
    settings = temporary_settings(tmp_path)
    window = shown_window(qtbot, tmp_path, SPEC_PAIR, size=size, settings=settings)
    for key in ("corpus", "pair"):
        window.workspace.show_perspective(key)
        settle()
    window.close()
    assert AppSettings(settings).workspace()["pages"]["rounds"]["splitters"] == {}  # never laid out: nothing saved
    again = shown_window(qtbot, tmp_path, SPEC_PAIR, size=size, settings=settings)
    again.workspace.show_perspective("rounds")
    settle()
    for splitter, layout in again.workspace.pages["rounds"].splitters.values():
        assert proportions(splitter) == pytest.approx(default_proportions(layout), abs=0.02), splitter.objectName()


@pytest.mark.parametrize("size", SCREENS)
def test_a_saved_arrangement_that_squeezes_a_panel_is_not_restored(qtbot, tmp_path, size):
    """Heatmaps dragged (or saved) down to 270 px: below what the panel needs, so Rounds starts
    with its default sizes; an arrangement that leaves every panel its room is restored."""
    settings = temporary_settings(tmp_path)
    window = shown_window(qtbot, tmp_path, SPEC_PAIR, size=size, settings=settings)
    window.workspace.show_perspective("rounds")
    settle()
    outer, layout = window.workspace.pages["rounds"].splitters["0"]
    room = sum(outer.sizes())
    outer.setSizes([270, room - 270])
    outer.splitterMoved.emit(270, 1)
    window.close()
    again = shown_window(qtbot, tmp_path, SPEC_PAIR, size=size, settings=settings)
    again.workspace.show_perspective("rounds")
    settle()
    restored, _ = again.workspace.pages["rounds"].splitters["0"]
    assert proportions(restored) == pytest.approx(default_proportions(layout), abs=0.02)
    wider = round(room * 0.62)
    restored.setSizes([wider, room - wider])
    restored.splitterMoved.emit(wider, 1)
    again.close()
    third = shown_window(qtbot, tmp_path, SPEC_PAIR, size=size, settings=settings)
    third.workspace.show_perspective("rounds")
    settle()
    kept, _ = third.workspace.pages["rounds"].splitters["0"]
    assert proportions(kept) == pytest.approx([0.62, 0.38], abs=0.02)


def test_perspective_keys_and_a_panel_moving_between_perspectives(qtbot, tmp_path):
    window = shown_window(qtbot, tmp_path, SYS_PAIR)
    keys = {
        spec.key: window.action_set[f"perspective_{spec.key}"].shortcut().toString()
        for spec in PERSPECTIVES
        if not spec.hidden  # presentation mode has its own command (F11)
    }
    assert keys == {
        "corpus": "Ctrl+1",
        "pair": "Ctrl+2",
        "rounds": "Ctrl+3",
        "annotators": "Ctrl+4",
        "adjudication": "Ctrl+5",
        "compare": "",
        "teach": "Ctrl+6",
    }
    window.action_set["perspective_rounds"].trigger()
    assert window.graphs.isVisible() and window.graphs.parent() is window.workspace.pages["rounds"].slots["graphs"]
    window.action_set["perspective_pair"].trigger()
    assert window.graphs.isVisible() and window.graphs.parent() is window.workspace.pages["pair"].slots["graphs"]
    window.action_set["perspective_corpus"].trigger()
    window.corpus_panel.table.activated.emit(window.corpus_panel.proxy.index(1, 0))  # a double click
    assert window.workspace.current == "pair"


def test_the_document_level_is_there_for_umr_only(qtbot, tmp_path):
    window = shown_window(qtbot, tmp_path, SYS_PAIR)
    corpus_tabs, slots = window.workspace.pages["corpus"].groups["0/1/1"]
    pair_tabs, pair_slots = window.workspace.pages["pair"].groups["0/1/1"]
    document = [slot.key for slot in slots].index("document")
    assert not corpus_tabs.isTabVisible(document) and corpus_tabs.currentIndex() != document
    assert not pair_tabs.isTabVisible([slot.key for slot in pair_slots].index("document"))
    score_now(window.state, *UMR_PAIR)
    assert corpus_tabs.isTabVisible(document) and corpus_tabs.currentIndex() == document  # UMR: in front here
    assert pair_tabs.currentWidget().key == "triples"  # the triples stay in front in the pair perspective


def test_the_document_tab_comes_back_in_a_perspective_not_shown(qtbot, tmp_path):
    """The UMR pair opened again from the Rounds perspective after an AMR pair: the Pair
    perspective's "Document level (UMR)" tab is drawn, not only marked visible (Qt forgot the
    hidden tab bar's pending layout when a tab's visibility was set again unchanged, and the tab
    kept no width: only Triples and Alignment showed)."""
    window = shown_window(qtbot, tmp_path, UMR_VERSIONS)
    workspace = window.workspace
    tabs, slots = workspace.pages["pair"].groups["0/1/1"]
    document = [slot.key for slot in slots].index("document")
    workspace.show_perspective("pair")
    qtbot.waitUntil(lambda: tabs.tabBar().tabRect(document).width() > 0)
    score_now(window.state, *SPEC_PAIR)
    assert not tabs.isTabVisible(document)
    workspace.show_perspective("rounds")
    score_now(window.state, *UMR_VERSIONS)
    workspace.show_perspective("pair")
    settle()
    bar = tabs.tabBar()
    assert tabs.isTabVisible(document)
    assert bar.tabRect(document).width() >= bar.fontMetrics().horizontalAdvance(bar.tabText(document))
    assert bar.tabAt(bar.tabRect(document).center()) == document  # a click there reaches it


def fitted_scale(graphs) -> float:
    """The scale that shows the whole pair in the smaller of the two graph views as they are now."""
    frame = graphs.test_scene.sceneRect()
    sizes = [view.available_size() for view in (graphs.test_view, graphs.gold_view)]
    width, height = min(w for w, _ in sizes), min(h for _, h in sizes)
    return fit_scale(Rect(frame.x(), frame.y(), frame.width(), frame.height()), width, height)


def test_graphs_moved_to_another_perspective_start_again_unless_zoomed(qtbot, tmp_path):
    window = shown_window(qtbot, tmp_path, UMR_VERSIONS, (1920, 1080 - CHROME))
    graphs, state = window.graphs, window.state
    state.selection.select_pair(
        state.scoring.corpus.pairs[4]
    )  # 13 and 14 nodes: fitted in the Pair perspective, too small to read fitted in Rounds
    settle()
    view = graphs.test_view
    assert view.scale_factor() == pytest.approx(fitted_scale(graphs))
    in_pair = view.width()
    window.workspace.show_perspective("rounds")
    settle()
    assert view.width() < 0.8 * in_pair  # a narrower place
    assert fitted_scale(graphs) * QtText.node_px < SMALLEST_TEXT_PX  # fitted, the text would be too small
    assert view.scale_factor() == pytest.approx(READABLE_TEXT_PX / QtText.node_px)  # so it starts readable
    window.workspace.show_perspective("pair")
    settle()
    assert view.scale_factor() == pytest.approx(fitted_scale(graphs))
    graphs.zoom_in_button.click()  # the user's zoom is kept on the way to Rounds and back
    zoomed = view.scale_factor()
    window.workspace.show_perspective("rounds")
    settle()
    assert graphs.gold_view.scale_factor() == pytest.approx(zoomed) == view.scale_factor()
    window.workspace.show_perspective("pair")
    settle()
    assert view.scale_factor() == pytest.approx(zoomed)


def test_a_large_pair_fitted_by_the_user_starts_readable_in_rounds(qtbot, tmp_path):
    """An 80-node pair starts zoomed in, readable, in the Pair perspective; the user fits it
    there (tiny text, their choice) and moves to Rounds: there it starts again by the same rule,
    readable at its top node, not fitted to dots (tryout b02-b03)."""
    window = shown_window(qtbot, tmp_path, write_corpus(tmp_path / "big", 1, 80, 80, 11), (1920, 1080 - CHROME))
    settle()
    graphs, view = window.graphs, window.graphs.test_view
    readable = READABLE_TEXT_PX / QtText.node_px
    assert view.scale_factor() == pytest.approx(readable)  # a readable start in Pair
    graphs.fit_button.click()
    assert view.scale_factor() == pytest.approx(fitted_scale(graphs)) and fitted_scale(graphs) < readable
    window.workspace.show_perspective("rounds")
    settle()
    assert fitted_scale(graphs) * QtText.node_px < SMALLEST_TEXT_PX  # fitting would make it unreadable
    assert view.scale_factor() == pytest.approx(readable) == graphs.gold_view.scale_factor()
    window.workspace.show_perspective("pair")
    settle()
    assert view.scale_factor() == pytest.approx(readable)


@pytest.mark.parametrize("size", SCREENS, ids=["1920x1080", "1366x768"])
def test_the_graph_key_stays_on_one_line_in_every_perspective(qtbot, tmp_path, size):
    """The DRS demo's key (one item more: DRS box) in the Rounds perspective's narrower column:
    one line, what does not fit left out with "…" (tryout d07: two lines even at 1920x1080)."""
    width, height = size
    window = shown_window(qtbot, tmp_path, DRS_PAIR, (width, height - CHROME))
    legend = window.graphs.legend
    for key in ("pair", "rounds"):
        window.workspace.show_perspective(key)
        settle()
        assert legend.isVisible() and legend.height() < 2 * legend.fontMetrics().lineSpacing()
        assert "DRS box" in " ".join(legend.items) and "DRS box" in legend.toolTip()
        shown = legend.text()
        assert legend._width(shown) <= legend.contentsRect().width()  # nothing cut off at the right
        assert shown == " ".join(legend.items) or shown.endswith(ELLIPSIS)
    window.workspace.show_perspective("rounds")
    settle()
    if width == 1366:  # too narrow for the whole key there
        assert legend.text().endswith(ELLIPSIS)


@pytest.mark.parametrize("size", SCREENS, ids=["1920x1080", "1366x768"])
def test_a_28_node_pair_is_readable_in_the_rounds_perspective(qtbot, tmp_path, size):
    """A 28-node pair (UMR nw_afp_0024 sentence 21) shown in the Pair perspective, then in Rounds:
    in the Rounds perspective's narrower column its node text is never under 9 px (it was fitted
    again there, to 4 px at 1920x1080)."""
    width, height = size
    window = shown_window(qtbot, tmp_path, UMR_VERSIONS, (width, height - CHROME))
    state, graphs = window.state, window.graphs
    state.selection.select_pair_id("snt21")
    settle()
    assert len(state.selection.pair.test.nodes) == 28
    for key in ("pair", "rounds", "pair", "rounds"):
        window.workspace.show_perspective(key)
        settle()
        for view in (graphs.test_view, graphs.gold_view):
            assert view.scale_factor() * QtText.node_px >= 9, key


def written_whole(name: str, texts: list[str]) -> bool:
    """Whether ``name`` is among ``texts`` whole: on one line, or on two broken after a "/" or at a space."""
    return any(
        text == name or ("\n" in text and name in (text.replace("\n", ""), text.replace("\n", " "))) for text in texts
    )


@pytest.mark.parametrize("size", [*SCREENS, (1230, 760)], ids=["1920x1080", "1366x768", "1230x710"])
def test_the_matrix_column_names_are_written_whole_where_they_can_be(qtbot, tmp_path, size):
    """A new user's five annotators, each in a folder (alice/amr.txt, ...): in a 1230x710 window on
    a 1366x768 screen the column heads read "alice/a…", "carol/…" with 200 pixels unused beside the
    matrix. Every name is written whole (on two lines if it must), the values still readable."""
    width, height = size
    sources = [*ANNOTATOR_FILES, ANNOTATOR_FILES[1]]
    paths = []
    for who, source in zip(("alice", "bob", "carol", "dave", "gold"), sources):
        (tmp_path / who).mkdir()
        paths.append(tmp_path / who / "amr.txt")
        paths[-1].write_bytes(source.read_bytes())
    window = shown_window(qtbot, tmp_path, None, (width, height - CHROME))
    open_annotators(qtbot, window.state, paths, paths[4])
    wait_until_idle(qtbot, window.state)
    settle()
    heatmap = window.annotators_panel.heatmap
    grid = heatmap.grid
    assert grid.columns == ("alice/amr", "bob/amr", "carol/amr", "dave/amr", "gold/amr (gold)")
    texts = painted_texts(grid, heatmap.font(), heatmap.width(), heatmap.height())
    assert all(written_whole(name, texts) for name in grid.columns), texts
    assert not any("…" in text for text in texts), texts
    assert {text for row in grid.texts for text in row if text} <= set(texts)  # the values whole, not ".76"


@pytest.mark.parametrize("size", SCREENS, ids=["1920x1080", "1366x768"])
@pytest.mark.parametrize("files", ["umr", "trio"])
def test_the_label_confusion_heatmap_is_whole_and_its_column_names_apart(qtbot, tmp_path, size, files):
    """At 1366x768 the Label confusion's heatmap wrote its column names over each other (upwards, in
    columns 12 pixels wide for a line of 15) beside 600 unused pixels, and a heatmap of many
    labels lost its bottom row. Every kind, with and without the agreements: the whole grid in
    sight, the column names apart, and each one named in full on hover. The heatmap takes the
    height at which its rows are a line tall from the tables' share (rows of 9 pixels wrote every
    other name)."""
    width, height = size
    if files == "umr":  # a UMR document's two versions (and the first again): many labels
        sources = [UMR_VERSIONS[0], UMR_VERSIONS[1], UMR_VERSIONS[0]]
        paths = []
        for who, source in zip("abc", sources):
            (tmp_path / who).mkdir()
            paths.append(tmp_path / who / "doc.umr")
            paths[-1].write_bytes(source.read_bytes())
    else:
        paths = list(TRIO_FILES)
    window = shown_window(qtbot, tmp_path, None, (width, height - CHROME))
    open_annotators(qtbot, window.state, paths)
    wait_until_idle(qtbot, window.state)
    window.workspace.show_panel("confusion")
    settle()
    panel = window.confusion_panel
    heatmap = panel.heatmap
    for agreements in (False, True):
        panel.agreements.setChecked(agreements)
        for kind in range(3):
            panel.kinds.setCurrentIndex(kind)
            settle()
            grid = heatmap.grid
            if grid.empty:
                continue
            shape = heatmap.shape()  # its cells as wide as the columns
            bottom = shape.top + len(grid.rows) * shape.cell_height + GAP + shape.line  # the caption's first line
            assert bottom <= heatmap.height(), (kind, agreements, bottom, heatmap.height())
            assert labels_apart(shape, heatmap.font()), (kind, agreements, shape)
            assert shape.cell_height >= shape.line, (kind, agreements, shape)  # each row named at the app's size
            for column, name in enumerate(grid.columns):
                point = QPointF(shape.left + (column + 0.5) * shape.cell_width, shape.top - shape.columns_height / 2)
                assert heatmap.text_at(point) == name


@pytest.mark.parametrize("size", SCREENS, ids=["1920x1080", "1366x768"])
def test_the_annotators_matrix_writes_its_values_with_the_table_in_sight(qtbot, tmp_path, size):
    """Five annotators and a gold, the banner showing a problem (a sentence missing from some
    files): the matrix's cells are large enough to write their F1 at a readable size (the column
    labels shortened if they must, each named in full on hover), and the annotator table keeps
    three rows or more in sight below it - all of them when there is room."""
    width, height = size
    fifth = tmp_path / "comptest_annot5.txt"
    fifth.write_text(ANNOTATOR_FILES[1].read_text(encoding="utf-8"), encoding="utf-8")
    window = shown_window(qtbot, tmp_path, None, (width, height - CHROME))
    open_annotators(qtbot, window.state, [*ANNOTATOR_FILES, fifth], ANNOTATOR_FILES[2])
    wait_until_idle(qtbot, window.state)
    settle()
    panel = window.annotators_panel
    assert window.workspace.current == "annotators" and window.banner.isVisible()
    heatmap, grid = panel.heatmap, panel.heatmap.grid
    assert len(grid.rows) == 5
    shape = geometry(grid, heatmap.font(), heatmap.width(), heatmap.height())
    written = value_font(
        heatmap.font(), grid.texts, shape.cell_width, shape.cell_height
    )  # the whole F1, not the compact ".76"
    assert written is not None and QFontInfo(written).pixelSize() >= READABLE_VALUE_PX
    for column, name in enumerate(grid.columns):  # a shortened label is named in full on hover
        point = QPointF(shape.left + (column + 0.5) * shape.cell_width, shape.top - shape.columns_height / 2)
        assert heatmap.text_at(point) == name
    table = panel.annotator_table
    rows = table.viewport().height() // table.verticalHeader().defaultSectionSize()
    assert rows >= (5 if width == 1920 else 3)
    panel.tables.setCurrentIndex(1)  # the Sentences tab: its rows too (1.5 showed at 1366x768)
    settle()
    table = panel.sentence_table
    assert table.viewport().height() // table.verticalHeader().defaultSectionSize() >= 3
