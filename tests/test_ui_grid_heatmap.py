"""The labelled heatmap: layout (a cell's centre maps back to the cell), colours, values that
shrink or shorten to fit, and exports drawn from the data."""

from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QFontInfo, QFontMetricsF, QImage

from ui.annotators.grid_heatmap import (
    GAP,
    LEAST_LABEL,
    MIN_VALUE_PX,
    NO_VALUE,
    STOPS,
    GridHeatmap,
    export_font,
    geometry,
    grid_colour,
    least_size,
    natural_size,
    readable_cell,
    readable_height,
    save_grid,
    short_labels,
    two_lines,
    value_font,
)
from ui.annotators.views import Grid, compact_f1

from .ui_support import labels_apart, move_pointer


def grid(rows: int, columns: int, label: str = "annotator") -> Grid:
    values = tuple(tuple((r * columns + c) / max(1, rows * columns - 1) for c in range(columns)) for r in range(rows))
    texts = tuple(tuple(f"{v:.4f}" for v in row) for row in values)
    compact = tuple(tuple(compact_f1(v) for v in row) for row in values)
    return Grid(
        "title",
        tuple(f"{label}{k}" for k in range(rows)),
        tuple(f"{label}{k}" for k in range(columns)),
        values,
        texts,
        compact=compact,
    )


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 20), st.integers(1, 20), st.integers(160, 1600), st.integers(120, 1200), st.integers(1, 30))
def test_every_cell_centre_maps_back_to_its_cell(qapp, rows, columns, width, height, label_length):
    shown = grid(rows, columns, "x" * label_length)
    shape = geometry(shown, export_font(), width, height)
    for r in range(rows):
        for c in range(columns):
            assert shape.cell_at(shape.cell_rect(r, c).center(), shown) == (r, c)
    assert shape.cell_at(QPointF(shape.left - 1, shape.top + 1), shown) is None
    assert shape.cell_at(QPointF(shape.left + columns * shape.cell_width + 1, shape.top + 1), shown) is None
    assert shape.cell_width >= 8 and shape.cell_height >= 8


@settings(max_examples=80, deadline=None)
@given(
    st.integers(1, 15),
    st.integers(1, 15),
    st.integers(0, 1400),
    st.integers(0, 900),
    st.sampled_from(["x", "annotator", "alice/amr", "gold/amr (gold)", "have-org-role-91", "comptest_annotator"]),
)
def test_from_its_least_size_up_the_grid_is_whole_and_its_column_labels_apart(
    qapp, rows, columns, wider, taller, label
):
    """Whatever room a layout gives the heatmap from its least size up (a splitter keeps it so), the
    cells and the caption are in sight and no two column labels run into each other (at 1366x768
    the Label confusion's column names overlapped and its bottom row was cut off)."""
    font = export_font()
    shown = grid(rows, columns, label)
    least = least_size(shown, font)
    width, height = least.width() + wider, least.height() + taller
    shape = geometry(shown, font, width, height)
    assert shape.left + columns * shape.cell_width <= width
    assert shape.top + rows * shape.cell_height + GAP + shape.line <= height  # the caption's line too
    assert labels_apart(shape, font)
    assert len(shape.column_labels) == columns


def test_names_go_onto_two_lines_after_a_folder_or_before_the_gold_mark(qapp):
    metrics = QFontMetricsF(export_font())
    assert two_lines(metrics, "alice/amr") == "alice/\namr"
    assert two_lines(metrics, "gold/amr (gold)") == "gold/amr\n(gold)"  # the longer line shortest
    assert two_lines(metrics, "round1/alice/amr") == "round1/\nalice/amr"
    assert two_lines(metrics, "have-org-role-91") == "have-org-role-91"  # no folder, no space: one line
    assert two_lines(metrics, "/amr") == "/amr"  # nothing before the break


def rgb(colour: QColor) -> tuple[int, int, int]:
    """A colour's red, green and blue (what ``getRgb()[:3]`` gives, typed)."""
    return colour.red(), colour.green(), colour.blue()


def test_colours_run_from_the_lightest_to_the_darkest_stop():
    assert rgb(grid_colour(0.5, 0.5, 1.0)) == STOPS[0][1]
    assert rgb(grid_colour(1.0, 0.5, 1.0)) == STOPS[-1][1]
    assert rgb(grid_colour(7.0, 0.0, 1.0)) == STOPS[-1][1]  # clamped
    assert grid_colour(None, 0.0, 1.0) == NO_VALUE
    lightness = [grid_colour(k / 10, 0.0, 1.0).lightness() for k in range(11)]
    assert lightness == sorted(lightness, reverse=True) and len(set(lightness)) == 11


def test_values_shrink_then_shorten_then_are_left_to_the_tooltip(qapp):
    font = export_font()
    shown = grid(4, 4)
    assert value_font(font, shown.texts, 80) is font
    smaller = value_font(font, shown.texts, 34)
    assert smaller is not None and MIN_VALUE_PX <= QFontInfo(smaller).pixelSize() < QFontInfo(font).pixelSize()
    assert shown.compact is not None
    assert value_font(font, shown.texts, 20) is None and value_font(font, shown.compact, 20) is not None
    assert value_font(font, shown.compact, 6) is None


def test_the_widget_reports_hovered_and_clicked_cells(qtbot):
    widget = GridHeatmap()
    qtbot.addWidget(widget)
    widget.resize(500, 400)
    widget.set_grid(grid(3, 3))
    widget.show()
    with qtbot.waitSignal(widget.cell_hovered) as hovered:
        move_pointer(widget, widget.cell_rect(2, 1).center().toPoint())
    assert hovered.args == [2, 1] and widget.hovered == (2, 1)
    with qtbot.waitSignal(widget.cell_clicked) as clicked:
        qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=widget.cell_rect(0, 2).center().toPoint())
    assert clicked.args == [0, 2]
    widget.set_grid(grid(1, 1))
    assert widget.hovered is None  # the cell hovered before is gone


def test_png_at_a_dpi_and_svg_from_the_data(qapp, tmp_path):
    shown = grid(5, 5)
    size = natural_size(shown, export_font())
    assert save_grid(shown, tmp_path / "g.png", dpi=150)
    image = QImage(str(tmp_path / "g.png"))
    assert (image.width(), image.height()) == (round(size.width() * 150 / 96), round(size.height() * 150 / 96))
    assert round(image.dotsPerMeterX() * 0.0254) == 150
    assert save_grid(shown, tmp_path / "g.svg")
    svg = (tmp_path / "g.svg").read_text()
    assert "annotator4" in svg and "0.5000" in svg and "<title>title</title>" in svg
    assert not save_grid(shown, tmp_path / "missing" / "g.svg")


def test_long_axis_titles_get_room_beyond_one_cell_and_show_whole_on_hover(qtbot):
    from PySide6.QtGui import QFontMetricsF

    from ui.annotators.grid_heatmap import GAP

    test, gold = "minecraft_1267_annotA_Tadai (test)", "minecraft_1267_annotB (gold)"
    shown = Grid(
        "Most frequent concept confusions",
        ("be-destined-for-91",),
        ("have-goal-91",),
        ((12.0,),),
        (("12",),),
        high=12.0,
        row_title=test,
        column_title=gold,
    )
    heatmap = GridHeatmap()
    qtbot.addWidget(heatmap)
    heatmap.resize(560, 300)
    heatmap.set_grid(shown)
    metrics = QFontMetricsF(heatmap.font())
    shape = geometry(shown, heatmap.font(), 560, 300)
    column_text = metrics.horizontalAdvance(f"{gold} →")
    rect = shape.column_title_rect(shown, 560, column_text)
    assert column_text > shape.cell_width and rect.width() == column_text  # wider than the one column: it all fits
    assert rect.left() >= GAP and rect.right() <= 560 - GAP
    assert abs(rect.center().x() - (shape.left + shape.cell_width / 2)) < 1 or rect.left() == GAP  # over the column
    row_text = metrics.horizontalAdvance(f"← {test}")
    top, span = shape.row_title_span(shown, 300, row_text)
    caption_top = shape.top + shape.cell_height + GAP
    assert (
        row_text > shape.cell_height and span > shape.cell_height and top >= GAP and top + span <= caption_top
    )  # above the caption
    assert span == min(row_text, caption_top - (GAP + shape.line * 2.3))
    narrow = shape.column_title_rect(shown, 120, column_text)  # no room: as wide as the widget, then elided
    assert narrow.left() == GAP and narrow.width() == 120 - 2 * GAP
    # hovering a title or a label names it in full
    assert heatmap.text_at(rect.center()) == gold
    assert heatmap.text_at(QPointF(GAP + shape.line / 2, top + span / 2)) == test
    assert heatmap.text_at(QPointF(shape.left - GAP - 2, shape.top + shape.cell_height / 2)) == "be-destined-for-91"
    assert heatmap.text_at(QPointF(GAP + 2, GAP + 2)) == "Most frequent concept confusions"
    assert heatmap.text_at(QPointF(559, 299)) == ""


def test_short_labels_keep_what_tells_the_names_apart(qapp):
    metrics = QFontMetricsF(export_font())
    names = ("comptest_annot1", "comptest_annot3", "comptest_gold (gold)")
    assert short_labels(metrics, names, 400) == list(names)  # room: whole
    room = metrics.horizontalAdvance("…annot1") + 1
    shown = short_labels(metrics, names, room)
    assert shown[:2] == ["…annot1", "…annot3"] and shown[2].startswith("…gold")
    assert all(metrics.horizontalAdvance(label) <= room for label in shown)
    narrower = short_labels(metrics, names, metrics.horizontalAdvance("…not1") + 1)  # less of the word
    assert narrower[:2] == ["…not1", "…not3"] and narrower[2].startswith("…g")
    # file names that share their beginning and their end (eliding the middle showed the same label four times)
    long = tuple(f"comptest_annot{k}_second_adjudication_round_revised_final" for k in range(1, 5)) + (
        "comptest_gold_reference_annotation_release_2024",
    )
    labels = short_labels(metrics, long, 200)
    assert [label[:7] for label in labels] == ["…annot1", "…annot2", "…annot3", "…annot4", "…gold_r"]
    assert all(metrics.horizontalAdvance(label) <= 200 for label in labels)
    marked = long[:2] + (long[2] + " (gold)",)  # the gold's mark stays whole (it was cut off at 1366x768)
    labels = short_labels(metrics, marked, 200)
    assert labels[2].startswith("…annot3") and labels[2].endswith(" (gold)") and labels[1].startswith("…annot2")
    assert all(metrics.horizontalAdvance(label) <= 200 for label in labels)
    versions = tuple(f"project_final_version_2024_v{k}" for k in range(1, 6)) + (
        "project_final_version_2024_v6 (gold)",
    )
    room = metrics.horizontalAdvance("…v6 (gold)") + 2  # a column label written upwards, in little room
    assert short_labels(metrics, versions, room)[-2:] == ["…v5", "…v6 (gold)"]
    # a name that fits stays whole beside one that does not; a name that begins another keeps its end
    assert short_labels(metrics, ("be-located-at-91", "be-" + "x" * 80), 150)[0] == "be-located-at-91"
    assert short_labels(metrics, ("annotator" * 4, "annotator" * 4 + "_b"), 60)[0].endswith("r")


def test_on_screen_rotated_labels_give_way_until_the_values_can_be_read(qapp):
    font = export_font()
    shown = grid(5, 5, "comptest_annotator")
    metrics = QFontMetricsF(font)
    full = metrics.horizontalAdvance("comptest_annotator4") + GAP
    assert geometry(shown, font, 600, 900).columns_height == full  # room enough: whole labels
    tight = geometry(shown, font, 600, 330)
    assert tight.rotated and tight.columns_height < full and tight.cell_height >= readable_cell(font, shown.texts)
    assert readable_height(shown, font, 600) <= 330
    assert geometry(shown, font, 600, 120).columns_height == metrics.horizontalAdvance(LEAST_LABEL) + GAP
