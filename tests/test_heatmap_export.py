"""Heatmap exports drawn from the matrices: SVG with a <rect> per run of cells and real
<text>, PNG at the asked DPI, vector PDF, all with the pair, profile and parameters; the
HTML report with every round's heatmaps, its captions and the run's files and parameters."""

import re
import xml.etree.ElementTree as ET
from collections import defaultdict
from itertools import pairwise
from pathlib import Path

import pytest
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QMainWindow

from bench.generate import write_corpus
from engine.layout.text import approximate_width
from ui.common.svg import wrap
from ui.corpus.panel import CorpusPanel
from ui.pair.comparison_panel import ComparisonPanel
from ui.rounds.model import PANELS
from ui.rounds.panel import HeatmapPanel
from ui.rounds.scale import colour_indices, hex_colour, value_text
from ui.rounds.svg import OVERLAP, TITLE_PX, _Sizes
from ui.shell.commands import Context
from ui.shell.commands.exports import write_heatmaps, write_report

from .conftest import present, required
from .ui_support import SPEC_PAIR, SYS_PAIR, UMR_VERSIONS, scored_state

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture
def context(qtbot, tmp_path, request):
    pair, pair_id = request.param if hasattr(request, "param") else (UMR_VERSIONS, "snt16")
    state = scored_state(tmp_path, pair)
    window = QMainWindow()
    qtbot.addWidget(window)
    heatmaps = HeatmapPanel(state)
    qtbot.addWidget(heatmaps)
    context = Context(state, window, CorpusPanel(state), ComparisonPanel(), heatmaps)
    assert state.selection.select_pair_id(pair_id)
    state.traces.wait_for_trace()
    yield context
    state.shutdown()


def cell_groups(root) -> list:
    return [group for group in root.iter(f"{SVG}g") if group.get("shape-rendering") == "crispEdges"]


def test_the_svg_is_vector_with_real_text_and_says_what_it_shows(context, tmp_path):
    panel = context.heatmaps
    panel.step(1)  # the round shown is the round exported
    number = panel.round_number
    assert write_heatmaps(context, tmp_path / "rounds.svg")
    root = ET.parse(tmp_path / "rounds.svg").getroot()
    model = panel.model
    title, desc = root.findtext(f"{SVG}title"), root.findtext(f"{SVG}desc")
    assert model is not None and title is not None and desc is not None
    assert "pair 16 (snt16)" in title and f"round {number} of {model.rounds}" in title
    assert "profile paper" in desc and "gamma=0.1" in desc and "alpha=0.2" in desc and "beta=0.01" in desc
    assert model.captions[number].headline in desc
    texts = list(root.iter(f"{SVG}text"))
    assert all(element.get("font-family") == "sans-serif" for element in texts)
    words = [element.text for element in texts]
    assert "F = (S + α)(A + β) (eq. 13)" in words  # Greek letters as characters
    for name in model.row_names + model.column_names:  # every node named (rows twice, columns twice)
        assert words.count(name) >= 2
    assert root.find(f".//{SVG}image") is None
    groups = cell_groups(root)
    assert len(groups) == 4
    rows, columns = model.shape
    cell = _Sizes.of(model.shape, model.row_names, model.column_names).cell_width  # square: as high
    adjusted = colour_indices(panel.view.heatmaps["adjusted"].values, panel.view.heatmaps["adjusted"].levels)
    for key, group in zip(("similarity", "anchors", "broadcast", "adjusted"), groups):
        by_row = defaultdict(list)
        for rect in group.iter(f"{SVG}rect"):
            by_row[float(rect.get("y"))].append(rect)
        assert len(by_row) == rows  # a run of rects on every row ...
        for rects in by_row.values():  # ... that tiles it exactly, neighbours overlapping by OVERLAP
            rects.sort(key=lambda rect: float(rect.get("x")))
            spans = [(float(r.get("x")), float(r.get("width"))) for r in rects]
            for (x, width), (next_x, _) in pairwise(spans):
                assert x + width - OVERLAP == pytest.approx(next_x)
            assert spans[-1][0] + spans[-1][1] - spans[0][0] == pytest.approx(columns * cell)
        if key == "adjusted":  # and each cell has the colour of its value
            top = min(by_row)
            for column in range(columns):
                x = float(by_row[top][0].get("x")) + (column + 0.5) * cell
                rect = next(
                    r for r in by_row[top] if float(r.get("x")) <= x < float(r.get("x")) + float(r.get("width"))
                )
                assert rect.get("fill") == hex_colour(int(adjusted[0, column]))


def test_every_heatmap_has_its_own_colour_scale_at_its_right(context, tmp_path):
    """No heatmap beside another's scale: A's bar says 0-1 next to A, F's its own range next to F."""
    panel = context.heatmaps
    assert write_heatmaps(context, tmp_path / "rounds.svg")
    root = ET.parse(tmp_path / "rounds.svg").getroot()
    bars = [rect for rect in root.iter(f"{SVG}rect") if rect.get("fill") == "url(#heatmap-scale)"]
    groups = cell_groups(root)  # the heatmaps' cells, in PANELS order
    assert len(groups) == len(PANELS) == 4 and len(bars) == 4
    texts = list(root.iter(f"{SVG}text"))
    for (key, _), group, bar in zip(PANELS, groups, bars):
        cells = list(group.iter(f"{SVG}rect"))
        right = max(float(r.get("x")) + float(r.get("width")) for r in cells)
        top = min(float(r.get("y")) for r in cells)
        bottom = max(float(r.get("y")) + float(r.get("height")) for r in cells)
        x, y, height = float(bar.attrib["x"]), float(bar.attrib["y"]), float(bar.attrib["height"])
        assert 0 < x - right <= 10 and y == pytest.approx(top) and y + height == pytest.approx(bottom, abs=1)
        beside = [t for t in texts if 0 < float(t.attrib["x"]) - x <= 20]
        highest = min(beside, key=lambda t: abs(float(t.attrib["y"]) - y))  # the label at the bar's top
        assert highest.text == value_text(panel.view.heatmaps[key].levels[1]), key
    assert {value_text(panel.view.heatmaps[key].levels[1]) for key in ("similarity", "anchors", "broadcast")} == {"1"}


def test_anchors_are_outlined_black_and_white_new_anchors_black_and_orange(context, tmp_path):
    panel = context.heatmaps
    number = panel.round_number
    assert write_heatmaps(context, tmp_path / "rounds.svg")
    root = ET.parse(tmp_path / "rounds.svg").getroot()
    lines = [rect for rect in root.iter(f"{SVG}rect") if rect.get("fill") == "none"]
    outlines = [{edge.get("stroke"), inner.get("stroke")} for edge, inner in zip(lines[::2], lines[1::2])]
    for edge, inner in zip(lines[::2], lines[1::2]):  # the inner line just inside the edge line
        inset = (float(edge.attrib["stroke-width"]) + float(inner.attrib["stroke-width"])) / 2
        assert float(inner.attrib["x"]) - float(edge.attrib["x"]) == pytest.approx(inset, abs=0.02)
    anchors = panel.view.heatmaps["similarity"].anchors
    new = panel.view.heatmaps["adjusted"].new_anchors
    assert anchors.sum() >= 2 and new, (number, new)
    # every anchor of the four heatmaps and every new anchor of F: a black line with a white or orange one
    assert len(lines) % 2 == 0 and all(edge.get("stroke") == "#000000" for edge in lines[::2])
    assert outlines.count({"#000000", "#ffffff"}) == 4 * int(anchors.sum())
    assert outlines.count({"#000000", "#ff9800"}) == 2 * len(new)  # in A and in F
    legend = " ".join(element.text or "" for element in root.iter(f"{SVG}text"))
    assert "Black-and-white outline: anchor" in legend and "White outline" not in legend


@pytest.mark.parametrize("context", [(SYS_PAIR, "sentence 4")], indirect=True)
def test_a_small_pair_with_an_unaligned_test_node_exports_with_titles_apart(context, tmp_path):
    """4 x 3 nodes, test node little unaligned: its row name in red italics (this raised a
    TypeError before), and no heatmap's title runs into its neighbour's."""
    model = context.heatmaps.model
    assert model.order.aligned < model.shape[0]  # an unaligned test node
    assert write_heatmaps(context, tmp_path / "small.svg")
    root = ET.parse(tmp_path / "small.svg").getroot()
    texts = list(root.iter(f"{SVG}text"))
    unaligned = [t for t in texts if t.get("fill") == "#b71c1c"]
    assert unaligned and all(t.get("font-style") == "italic" for t in unaligned)
    titles = [t for t in texts if t.get("font-weight") == "bold" and t.text != required(root.find(f"{SVG}title")).text]
    rows = defaultdict(list)
    for title in titles:
        rows[float(title.attrib["y"])].append(title)
    joined = " ".join(present(t.text for t in titles))
    assert "S - intrinsic similarity (eq. 1)" in joined or "S - intrinsic" in joined
    for title in titles:  # a title wraps between phrases, never inside "(eq. 1)" (it left "(eq." / "1)")
        assert title.text is not None
        assert title.text.count("(") == title.text.count(")"), title.text
    for line in rows.values():
        line.sort(key=lambda t: float(t.attrib["x"]))
        for left, right in pairwise(line):
            assert float(left.attrib["x"]) + approximate_width(
                required(left.text), float(left.attrib["font-size"])
            ) < float(right.attrib["x"])


def test_titles_wrap_between_phrases_never_inside_a_parenthesis():
    """In a heatmap's room of a small pair (about 29 characters) the titles wrapped as "... (eq."
    over "1)"; a parenthesis now goes to the next line whole."""
    room = 29 * 0.62 * TITLE_PX
    assert wrap("S - intrinsic similarity (eq. 1)", room, TITLE_PX) == ["S - intrinsic similarity", "(eq. 1)"]
    assert wrap("F = (S + α)(A + β) (eq. 13)", room - 60, TITLE_PX) == ["F = (S + α)(A + β)", "(eq. 13)"]
    for key, title in PANELS:
        for width in range(120, 400, 10):
            for line in wrap(title, width, TITLE_PX):
                assert line.count("(") == line.count(")"), (key, width, line)


@pytest.mark.parametrize("dpi", [96, 200])
def test_the_png_is_drawn_at_the_asked_dpi(context, tmp_path, dpi):
    assert write_heatmaps(context, tmp_path / "rounds.svg")
    root = ET.parse(tmp_path / "rounds.svg").getroot()
    width, height = float(root.attrib["width"]), float(root.attrib["height"])
    assert write_heatmaps(context, tmp_path / "rounds.png", dpi)
    image = QImage(str(tmp_path / "rounds.png"))
    assert (image.width(), image.height()) == (round(width * dpi / 96), round(height * dpi / 96))
    assert image.dotsPerMeterX() == round(dpi / 0.0254)
    assert "snt16" in image.text("Title") and "profile paper" in image.text("Description")
    # crisp cells: the middle of cell (0, 1) of F (not an anchor: no outline) has exactly its value's colour
    heatmap = context.heatmaps.view.heatmaps["adjusted"]
    assert not heatmap.anchors[0, 1]
    first = min(cell_groups(root)[3].iter(f"{SVG}rect"), key=lambda r: (float(r.get("y")), float(r.get("x"))))
    cell = _Sizes.of(
        context.heatmaps.model.shape, context.heatmaps.model.row_names, context.heatmaps.model.column_names
    ).cell_width  # square: as high
    x, y = (float(first.get("x")) + 1.5 * cell) * dpi / 96, (float(first.get("y")) + 0.5 * cell) * dpi / 96
    expected = hex_colour(int(colour_indices(heatmap.values, heatmap.levels)[0, 1]))
    assert image.pixelColor(int(x), int(y)).name() == expected


def test_the_pdf_is_vector_with_the_figure_size(context, tmp_path):
    assert write_heatmaps(context, tmp_path / "rounds.svg")
    root = ET.parse(tmp_path / "rounds.svg").getroot()
    assert write_heatmaps(context, tmp_path / "rounds.pdf")
    data = (tmp_path / "rounds.pdf").read_bytes()
    assert data.startswith(b"%PDF")
    box = [float(v) for v in required(re.search(rb"/MediaBox \[([\d. ]+)\]", data)).group(1).split()]
    assert box[2] == pytest.approx(float(root.attrib["width"]) * 72 / 96, abs=1)
    assert box[3] == pytest.approx(float(root.attrib["height"]) * 72 / 96, abs=1)
    assert b"/Font" in data and not re.search(rb"/Subtype\s*/Image", data)  # text as text, cells as paths


@pytest.mark.parametrize("context", [(SPEC_PAIR, "read")], indirect=True)
def test_the_report_embeds_every_round_with_its_captions_and_the_run(context, tmp_path):
    assert write_report(context, tmp_path / "pair.html")
    html = (tmp_path / "pair.html").read_text(encoding="utf-8")
    model = context.heatmaps.model
    assert html.count("<svg") == 2 + model.rounds  # two graphs, then one figure per round
    for caption in model.captions:
        assert caption.headline.replace("'", "&#x27;") in html
    assert "house–home: house ties with home, she and paper at 0.082" in html
    assert "spec_examples_test.amr" in html and "spec_examples_gold.amr" in html
    assert "<th>gamma</th><td>0.1</td>" in html and "<th>profile</th><td>paper</td>" in html
    assert 'font-family="sans-serif"' in html and "Sans Serif" not in html
    assert "image-rendering" not in html  # small matrices: every cell a rect


def test_the_report_of_a_150_node_pair_stays_small(qtbot, tmp_path):
    test, gold = write_corpus(tmp_path / "big", 1, 150, 150, 11)
    state = scored_state(tmp_path, (test, gold))
    window = QMainWindow()
    qtbot.addWidget(window)
    heatmaps = HeatmapPanel(state)
    qtbot.addWidget(heatmaps)
    context = Context(state, window, CorpusPanel(state), ComparisonPanel(), heatmaps)
    try:
        assert write_report(context, tmp_path / "big.html")
        html = (tmp_path / "big.html").read_text(encoding="utf-8")
        assert context.heatmaps.model is not None
        rounds = context.heatmaps.model.rounds
        assert html.count("image-rendering:pixelated") == 4 * rounds  # cells as pixel-exact images
        assert len(html) < 2_000_000
        assert all(
            line in html for caption in context.heatmaps.model.captions for line in caption.details if "'" not in line
        )
    finally:
        state.shutdown()


def test_the_export_command_asks_for_the_file_and_the_png_resolution(context, tmp_path, monkeypatch):
    from PySide6.QtGui import QFont, QFontMetrics
    from PySide6.QtWidgets import QApplication, QDialog, QFileDialog

    import ui.shell.commands.exports as exports

    asked, names = [], []

    def choose_png(dialog):  # the user keeps the offered name, as PNG
        names.append(Path(dialog.selectedFiles()[0]).name)
        dialog.selectFile(str(tmp_path / names[-1].replace(".svg", ".png")))
        return QDialog.DialogCode.Accepted

    def resolution(dialog):  # the user sees the whole title, then asks for 150 dots per inch
        dialog.show()
        QApplication.processEvents()
        bold = QFont(dialog.font())
        bold.setBold(True)
        title = QFontMetrics(bold).horizontalAdvance(dialog.windowTitle())
        asked.append(
            (
                dialog.windowTitle(),
                dialog.intValue(),
                dialog.intMinimum(),
                dialog.intMaximum(),
                dialog.width() >= title + 150,
            )
        )
        dialog.setIntValue(150)
        dialog.hide()
        return QDialog.DialogCode.Accepted

    def get_int(parent, title, *args):
        asked.append((title, *args))
        return 150, True

    monkeypatch.setattr(QFileDialog, "exec", choose_png)
    monkeypatch.setattr(exports.QInputDialog, "exec", resolution)
    monkeypatch.setattr(
        exports.QInputDialog,
        "getInt",  # Qt's own little dialog, sized by Qt
        staticmethod(get_int),
    )
    exports.export_heatmaps_dialog(context)
    written = tmp_path / "snt16-round-1-heatmaps.png"
    assert names == ["snt16-round-1-heatmaps.svg"]
    assert asked == [("PNG resolution", 300, 72, 1200, True)] and written.exists()  # the whole title has room
    assert QImage(str(written)).dotsPerMeterX() == round(150 / 0.0254)
