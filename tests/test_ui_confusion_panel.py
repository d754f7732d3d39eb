"""The Label confusion panel alone with a state: the hand-made trio's hand-counted cells in the
tables and the heatmap, a cell's sentences listed and opened, two files and any matrix cell."""

import pytest
from PySide6.QtCore import Qt

from engine.metrics.confusion import NONE, ConfusionTable
from ui.annotators.confusion_panel import ConfusionPanel
from ui.annotators.views import confusion_grid

from .ui_support import (
    TRIO_FILES,
    UMR_VERSIONS,
    labels_apart,
    move_pointer,
    open_annotators,
    painted_texts,
    shown_window,
    wait_until_idle,
)

A, B, C = 0, 1, 2


@pytest.fixture
def state(app_state):
    return app_state


@pytest.fixture
def panel(qtbot, state):
    panel = ConfusionPanel(state)
    qtbot.addWidget(panel)
    panel.resize(1300, 400)
    panel.show()
    return panel


def rows(panel, kind):
    proxy = panel.proxies[kind]
    return [tuple(proxy.index(r, c).data() for c in range(5)) for r in range(proxy.rowCount())]


def open_cell(qtbot, state, test, gold):
    with qtbot.waitSignals([state.annotators.confusion_changed, state.scoring.corpus_changed], timeout=20000):
        assert state.annotators.open_cell(test, gold)
    assert state.annotators.confusion.cell == (test, gold)


def test_the_trios_hand_counted_cells_are_in_the_view(qtbot, panel, state):
    open_annotators(qtbot, state, TRIO_FILES)
    open_cell(qtbot, state, A, C)
    # ann_a against ann_c, counted by hand (tests/test_confusion.py): girl/boy in s2 and s4;
    # s1's :ARG0 of want-01 is, in ann_c, boy's :ARG1 the other way; s3's mode and name differ
    assert rows(panel, "concept") == [("girl", "boy", "2", "differ", "s2; s4")]
    assert rows(panel, "role") == [(":ARG0", ":ARG1-of", "1", "differ", "s1")]
    assert rows(panel, "attribute") == [
        (":mode imperative", ":mode interrogative", "1", "differ", "s3"),
        (':op1 "Mary"', ':op1 "Maria"', "1", "differ", "s3"),
    ]
    assert "concepts: 11 of 13 pairs agree" in panel.header.text() and "roles: 9 of 10" in panel.header.text()
    assert "attributes: 1 of 3" in panel.header.text() and "<b>ann_a</b> (test)" in panel.header.text()
    assert panel.kinds.tabText(0) == "Concepts (1)"
    grid = panel.heatmap.grid
    assert (grid.rows, grid.columns, grid.values, grid.texts) == (("girl",), ("boy",), ((2.0,),), (("2",),))
    panel.agreements.setChecked(True)
    concept = rows(panel, "concept")
    assert concept[0] == ("girl", "boy", "2", "differ", "s2; s4")  # count, most frequent first
    assert ("ask-01", "ask-01", "2", "agree", "s3; s4") in concept and ("go-02", "go-02", "1", "agree", "s1") in concept
    assert sum(int(row[2]) for row in concept) == 13
    assert panel.kinds.tabText(0) == f"Concepts (1 + {len(concept) - 1} agreeing)"  # the rows listed, not "(1)"
    panel.agreements.setChecked(False)
    assert panel.kinds.tabText(0) == "Concepts (1)"


def test_the_pairs_second_side_is_called_reference_and_the_gold_annotator_named_apart(qtbot, panel, state):
    """With ann_c in the Gold box, the cell ann_a against ann_b said "ann_b (gold)" and "Gold
    label": a user read it as the Gold box's annotator. The pair's second side is its reference."""
    open_annotators(qtbot, state, TRIO_FILES, TRIO_FILES[C])
    open_cell(qtbot, state, A, B)
    header = panel.header.text()
    assert "<b>ann_b</b> (reference, not the gold annotator ann_c)" in header and "(gold)" not in header
    assert panel.models["concept"].headerData(1, Qt.Orientation.Horizontal) == "Reference"
    assert panel.heatmap.grid.column_title == "ann_b (reference)"
    open_cell(qtbot, state, A, C)
    assert "<b>ann_c</b> (reference: the gold annotator)" in panel.header.text()
    state.annotators.set_gold(None)  # the Gold box emptied: the header follows
    assert "<b>ann_c</b> (reference), a cell" in panel.header.text()


def test_the_heatmaps_axis_titles_keep_the_annotators_distinguishing_word(qtbot, tmp_path, panel, state):
    """At 1366x768 the confusion heatmap's row title "annotator_alice_round2/amr (test)", elided in the
    middle to its room, read "annotator_…2/amr (test)": which annotator was lost."""
    paths = []
    for who, source in zip(("alice", "bob", "carol"), TRIO_FILES):
        (tmp_path / f"annotator_{who}_round2").mkdir()
        paths.append(tmp_path / f"annotator_{who}_round2" / "amr.txt")
        paths[-1].write_bytes(source.read_bytes())
    open_annotators(qtbot, state, paths)
    open_cell(qtbot, state, A, C)
    grid = panel.heatmap.grid
    assert grid.row_title == "annotator_alice_round2/amr (test)" and len(grid.rows) == 1  # girl / boy
    texts = painted_texts(grid, panel.heatmap.font(), 300, 200)
    row_title = next(text for text in texts if text.startswith("←"))
    column_title = next(text for text in texts if text.endswith("→"))
    assert "alice" in row_title and row_title.endswith(" (test)"), row_title
    assert "carol" in column_title and column_title.endswith(" (reference) →"), column_title


def test_a_heatmap_cell_lists_its_sentences_and_a_sentence_opens(qtbot, panel, state):
    open_annotators(qtbot, state, TRIO_FILES)
    open_cell(qtbot, state, A, C)
    qtbot.mouseClick(panel.heatmap, Qt.MouseButton.LeftButton, pos=panel.heatmap.cell_rect(0, 0).center().toPoint())
    items = [panel.sentences.item(k).text() for k in range(panel.sentences.count())]
    assert items == ["s2  The girl did not read the book.", "s4  The girl asked."]
    assert panel.views["concept"].currentIndex().row() == 0 and "girl / boy: 2 times" in panel.sentences_label.text()
    panel.sentences.itemClicked.emit(panel.sentences.item(1))
    assert state.selection.pair.id == "s4" and (state.scoring.files.test, state.scoring.files.gold) == (A, C)
    assert "s2, s4" in panel._tooltip(0, 0)


def outlined(panel) -> set[tuple[int, int]]:
    """The heatmap's cells drawn with a frame: the one marked and the one hovered."""
    return {cell for cell in (panel.heatmap.grid.marked, panel.heatmap.hovered) if cell is not None}


def chosen(panel) -> set[tuple[int, int]]:
    """Where the confusion chosen in the table is in the heatmap (none chosen: no cell)."""
    view, grid = panel.views[panel.kind], panel.heatmap.grid
    if not view.selectionModel().hasSelection():
        return set()
    cell = panel.proxies[panel.kind].item(view.currentIndex().row())
    return {(grid.rows.index(cell.test), grid.columns.index(cell.gold))}


def test_the_heatmaps_outline_is_the_tables_choice_after_a_swap(qtbot, panel, state):
    """A new user clicked a heatmap cell and swapped test and gold (Ctrl+Shift+W): the tables were
    refilled with nothing chosen, the heatmap kept a cell framed."""
    open_annotators(qtbot, state, TRIO_FILES)
    open_cell(qtbot, state, A, C)
    point = panel.heatmap.cell_rect(0, 0).center().toPoint()
    move_pointer(panel.heatmap, point)
    qtbot.mouseClick(panel.heatmap, Qt.MouseButton.LeftButton, pos=point)
    assert chosen(panel) == {(0, 0)} and panel.heatmap.grid.marked == (0, 0)  # girl / boy, framed
    with qtbot.waitSignals([state.annotators.confusion_changed, state.scoring.corpus_changed], timeout=20000):
        assert state.scoring.swap()
    assert panel.heatmap.grid.rows == ("boy",) and not panel.views["concept"].selectionModel().hasSelection()
    assert outlined(panel) == chosen(panel) == set()
    panel.views["concept"].selectRow(0)  # a row chosen in the table: its cell framed
    assert outlined(panel) == chosen(panel) == {(0, 0)}
    panel.agreements.setChecked(True)  # the tables refilled: nothing chosen, nothing framed
    assert outlined(panel) == chosen(panel) == set()


def test_a_sentence_of_another_cell_opens_that_pair(qtbot, panel, state):
    open_annotators(qtbot, state, TRIO_FILES)
    open_cell(qtbot, state, B, C)
    assert rows(panel, "concept")[:2] == [
        ("girl", "boy", "2", "differ", "s2; s4"),
        ("go-01", "go-02", "1", "sense only", "s1"),
    ]
    panel.kinds.setCurrentIndex(2)  # attributes: ann_b has no :polarity in s2
    assert panel.heatmap.grid.title.startswith("Most frequent attribute confusions: ann_b against ann_c")
    assert panel.test_box.isVisible() and (panel.test_box.currentText(), panel.gold_box.currentText()) == (
        "ann_b",
        "ann_c",
    )
    panel.test_box.setCurrentIndex(C)
    assert not state.scoring.busy  # the diagonal opens nothing
    with qtbot.waitSignal(state.scoring.corpus_changed, timeout=20000):
        panel.test_box.setCurrentIndex(A)  # the pair boxes open another cell of the matrix
    qtbot.waitUntil(lambda: state.annotators.confusion.cell == (A, C), timeout=20000)
    panel.kinds.setCurrentIndex(0)
    assert rows(panel, "concept") == [("girl", "boy", "2", "differ", "s2; s4")]
    state.scoring.open_pair(*TRIO_FILES[:2])  # the pair views move on to two files: the matrix closes...
    qtbot.waitUntil(lambda: not state.scoring.busy and state.annotators.confusion.cell is None, timeout=20000)
    assert state.annotators.result is None and not panel.test_box.isVisibleTo(panel)  # ...and its pair boxes go
    assert rows(panel, "concept") == [("go-02", "go-01", "1", "sense only", "s1")]  # the confusion follows the files


def test_an_annotator_cannot_be_chosen_against_itself(qtbot, panel, state):
    """The annotator of "Pair" is greyed out in "against" and that of "against" in "Pair" (an
    annotator against itself is the matrix's diagonal: choosing it used to change nothing, silently)."""

    def enabled(box):
        return [
            bool(box.model().flags(box.model().index(k, 0)) & Qt.ItemFlag.ItemIsEnabled) for k in range(box.count())
        ]

    open_annotators(qtbot, state, TRIO_FILES)
    open_cell(qtbot, state, B, C)
    assert enabled(panel.test_box) == [True, True, False] and enabled(panel.gold_box) == [True, False, True]
    panel.test_box.setCurrentIndex(A)
    qtbot.waitUntil(lambda: state.annotators.confusion.cell == (A, C), timeout=20000)
    assert enabled(panel.test_box) == [True, True, False] and enabled(panel.gold_box) == [False, True, True]
    assert "greyed" in panel.gold_box.toolTip()


def test_two_files_have_the_same_tables_as_their_matrix_cell(qtbot, panel, state):
    with qtbot.waitSignal(state.annotators.confusion_changed, timeout=20000):
        state.scoring.open_pair(TRIO_FILES[A], TRIO_FILES[C])
    assert state.annotators.confusion.cell is None and not panel.test_box.isVisibleTo(panel)
    assert "the two files shown" in panel.header.text() and "<b>ann_a</b>" in panel.header.text()
    two_files = {kind: rows(panel, kind) for kind in ("concept", "role", "attribute")}
    panel.views["role"].selectRow(0)
    panel.sentences.itemClicked.emit(panel.sentences.item(0))
    assert state.selection.pair.id == "s1"
    open_annotators(qtbot, state, TRIO_FILES)
    open_cell(qtbot, state, A, C)
    assert {kind: rows(panel, kind) for kind in two_files} == two_files


ROLES_TEST = "# ::id r1\n(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-02 :ARG0 b))\n"
ROLES_GOLD = "# ::id r1\n(w / want-01 :ARG1 (b / boy) :ARG0 (g / go-02 :ARG0 b))\n"


def test_the_heatmap_shows_agreements_only_when_the_table_does(qtbot, panel, state, tmp_path):
    """want-01's two roles are swapped, go-02 :ARG0 boy agrees: the heatmap's rows and columns
    are :ARG0 and :ARG1 on both sides, so the agreeing :ARG0 / :ARG0 cell lies between them."""
    test, gold = tmp_path / "test.amr", tmp_path / "gold.amr"
    test.write_text(ROLES_TEST)
    gold.write_text(ROLES_GOLD)
    with qtbot.waitSignal(state.annotators.confusion_changed, timeout=20000):
        state.scoring.open_pair(test, gold)
    panel.kinds.setCurrentIndex(1)
    assert rows(panel, "role") == [(":ARG0", ":ARG1", "1", "differ", "r1"), (":ARG1", ":ARG0", "1", "differ", "r1")]
    grid = panel.heatmap.grid
    agreeing = (grid.rows.index(":ARG0"), grid.columns.index(":ARG0"))
    assert grid.values[agreeing[0]][agreeing[1]] is None and grid.texts[agreeing[0]][agreeing[1]] == ""
    assert grid.values[grid.rows.index(":ARG0")][grid.columns.index(":ARG1")] == 1.0
    assert "agreements not shown (grey)" in grid.caption and "1 of 3 pairs agree" in grid.caption
    assert "not shown" in panel._tooltip(*agreeing)
    qtbot.mouseClick(
        panel.heatmap, Qt.MouseButton.LeftButton, pos=panel.heatmap.cell_rect(*agreeing).center().toPoint()
    )
    assert panel.sentences.count() == 0  # a cell that is not shown lists nothing
    panel.agreements.setChecked(True)  # the table and the heatmap count the agreements
    grid = panel.heatmap.grid
    assert (":ARG0", ":ARG0", "1", "agree", "r1") in rows(panel, "role")
    assert grid.values[agreeing[0]][agreeing[1]] == 1.0 and grid.texts[agreeing[0]][agreeing[1]] == "1"
    assert "agreements included" in grid.caption
    panel.agreements.setChecked(False)
    assert panel.heatmap.grid.values[agreeing[0]][agreeing[1]] is None


def test_no_counterpart_on_both_sides_is_no_agreement(qtbot, panel, state, tmp_path):
    """An extra role in each file: both heatmap axes have (none), whose cell is never a pair -
    white (0), not grey as a hidden agreement."""
    test, gold = tmp_path / "test.amr", tmp_path / "gold.amr"
    test.write_text(
        "# ::id r1\n(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-02))\n\n"
        "# ::id r2\n(w / want-01 :ARG0 (b / boy) :ARG1 b)\n"
    )
    gold.write_text(
        "# ::id r1\n(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-02 :ARG0 b))\n\n"
        "# ::id r2\n(w / want-01 :ARG0 (b / boy))\n"
    )
    with qtbot.waitSignal(state.annotators.confusion_changed, timeout=20000):
        state.scoring.open_pair(test, gold)
    panel.kinds.setCurrentIndex(1)
    grid = panel.heatmap.grid
    assert NONE in grid.rows and NONE in grid.columns
    assert grid.values[grid.rows.index(NONE)][grid.columns.index(NONE)] == 0.0


def test_the_caption_speaks_of_grey_cells_only_when_there_are_some():
    """A new user read "agreements not shown (grey)" under a heatmap without a grey cell: no
    label of its rows was among its columns."""
    table = ConfusionTable("concept")
    table.add("small", "little", 0)
    table.add("neg", NONE, 1)
    table.add("cat", "cat", 2)  # an agreement: left out of the heatmap's labels without it
    grid = confusion_grid(table, "A", "B", agreements=False)
    assert all(v is not None for row in grid.values for v in row)
    assert "agreements not shown;" in grid.caption and "grey" not in grid.caption


def test_the_umr_cells_heatmap_writes_its_column_names_whole_in_wide_cells(qtbot, tmp_path):
    """A new user at 1366x768: under the tables, the heatmap of a UMR cell had 14 columns of 14 px
    square cells, their names upwards and shortened ("…degr…", "countr…"), the right 400 px empty.
    The cells take the columns' width and the names are whole (upwards on two lines: "have-" /
    "degree-91"), the tables keeping their least height."""
    paths = []
    for who, source in zip("abc", (UMR_VERSIONS[0], UMR_VERSIONS[1], UMR_VERSIONS[0])):
        (tmp_path / who).mkdir()
        paths.append(tmp_path / who / "doc.umr")
        paths[-1].write_bytes(source.read_bytes())
    window = shown_window(qtbot, tmp_path, pair=None, size=(1366, 768))
    open_annotators(qtbot, window.state, paths)
    wait_until_idle(qtbot, window.state)
    panel = window.confusion_panel
    qtbot.waitUntil(panel.is_available)
    window.workspace.show_panel("confusion")
    qtbot.waitUntil(lambda: panel.heatmap.isVisible() and not panel.heatmap.grid.empty)
    heatmap, grid = panel.heatmap, panel.heatmap.grid
    assert "have-degree-91" in grid.columns and len(grid.columns) >= 10
    shape = heatmap.shape()
    assert len(grid.columns) * shape.cell_width > 0.6 * panel.width(), (shape.cell_width, panel.width())
    written = painted_texts(grid, heatmap.font(), heatmap.width(), heatmap.height(), wide=True)
    assert all(label in written for label in shape.column_labels)  # the labels painted...
    assert not any("…" in label for label in shape.column_labels), shape.column_labels  # ...whole
    assert {label.replace("\n", "") for label in shape.column_labels} == set(grid.columns)
    assert labels_apart(shape, heatmap.font())
    assert panel.kinds.height() >= panel.kinds.minimumSizeHint().height()
