"""What a teacher preparing a ten-minute class hit in the Teaching perspective, in a real window:
each test is one finding, and failed before its fix."""

import re

from engine.layout.text import approximate_width
from engine.params import Params
from engine.read import read_graph
from engine.teach import build_lesson, trace_pair
from ui.shell.commands.files import open_at_start
from ui.teach.explanation import pick_html, tie_html
from ui.teach.pdf import lesson_slides
from ui.teach.presentation import text_scale

from .test_ui_teaching import HOME, HOUSE, SHE, index_of, settle, teaching_window
from .ui_support import SPEC_PAIR, UMR_VERSIONS, shown_window, temporary_settings, wait_until_idle


def blocks(document):
    block = document.begin()
    while block.isValid():
        yield block
        block = block.next()


def red_names(heatmap, axis: str, names) -> set[str]:
    return {names[k] for k in range(len(names)) if heatmap._is_unaligned(axis, k)}


def test_the_heatmap_draws_red_only_the_nodes_left_unaligned(qtbot, tmp_path):
    """UMR sentence 12 (19 test, 21 gold nodes): the two last gold columns, "before" and
    "landslide-01", are aligned (initial anchors); have-degree-91 and most are not."""
    window = teaching_window(qtbot, tmp_path, UMR_VERSIONS, "snt12")
    teaching, heatmap = window.state.teaching, window.lesson_panel.heatmap
    lesson = teaching.lesson
    assert red_names(heatmap, "column", lesson.gold_names) == set()  # step 1: nothing is decided yet
    assert red_names(heatmap, "row", lesson.test_names) == set()
    teaching.go_to(index_of(lesson, "metrics"))
    assert red_names(heatmap, "column", lesson.gold_names) == {"have-degree-91", "most"}
    assert red_names(heatmap, "row", lesson.test_names) == set()


def test_at_the_scores_the_graphs_draw_unaligned_nodes_as_unaligned(qtbot, tmp_path):
    """Finding 16: the scores step drew a node left unaligned grey (not yet aligned), not red and dashed."""
    window = teaching_window(qtbot, tmp_path, UMR_VERSIONS, "snt12")
    teaching, scene = window.state.teaching, window.teaching_graphs.gold_scene
    most = next(node.var for node in teaching.lesson.trace.gold.nodes if node.concept == "most")
    assert not scene.node_items[most].revealed  # step 1: not aligned yet
    teaching.go_to(index_of(teaching.lesson, "metrics"))
    assert scene.node_items[most].revealed  # its own look: unaligned


def test_a_question_starts_without_the_cell_explained_before(qtbot, tmp_path):
    """Finding 8: book x paper explained at an iteration stayed highlighted (and its neighbour pairs
    pink) into round 1's question - a hint - until Clear."""
    window = teaching_window(qtbot, tmp_path)
    teaching, heatmap = window.state.teaching, window.lesson_panel.heatmap
    lesson = teaching.lesson
    teaching.go_to(index_of(lesson, "iteration", 1, 2))
    teaching.click(3, 3)  # book x paper
    assert teaching.explanation is not None and heatmap.highlighted
    teaching.set_predicting(True)
    teaching.go_to(index_of(lesson, "anchors", 1))
    assert teaching.asking
    assert teaching.cell is None and teaching.explanation is None
    assert heatmap.highlighted == () and heatmap.selected_rows == set() and heatmap.selected_columns == set()


def test_a_finalisation_question_dims_the_rows_and_columns_taken(qtbot, tmp_path):
    """Finding 12: at the finalisation's picks the rows and columns paired already are veiled."""
    window = teaching_window(qtbot, tmp_path, UMR_VERSIONS, "snt12")
    teaching, heatmap = window.state.teaching, window.lesson_panel.heatmap
    lesson = teaching.lesson
    teaching.set_predicting(True)
    pick = index_of(lesson, "finalisation")
    teaching.go_to(pick)
    assert teaching.asking
    anchors = lesson.steps[pick].anchors
    assert anchors and heatmap.dimmed == ({i for i, _ in anchors}, {j for _, j in anchors})
    assert len(heatmap.dimmed[0]) < len(lesson.test_names)  # the free rows are not veiled
    teaching.go_to(index_of(lesson, "metrics"))
    assert heatmap.dimmed == (set(), set())


def test_the_teachers_note_stays_when_a_slider_moves(qtbot, tmp_path):
    """Finding 10: the note that says "try β = 0.001 with the slider" vanished when β moved; it
    stays, saying its numbers are the paper's, and says that no setting reproduces Figure 2."""
    window = teaching_window(qtbot, tmp_path)
    teaching, panel = window.state.teaching, window.lesson_panel
    teaching.go_to(index_of(teaching.lesson, "anchors", 1))
    assert "No setting of the sliders reproduces Figure 2" in teaching.note()
    assert "written for the paper's parameters" not in panel.caption.toPlainText()
    teaching.set_params(Params(beta=0.001))
    assert "try β = 0.001 with the slider" in panel.caption.toPlainText()
    assert "written for the paper's parameters" in panel.caption.toPlainText()


def test_the_lesson_names_its_pair_and_a_restart_reopens_it(qtbot, tmp_path):
    """Finding 14: the Teaching view never said which pair it taught, and a restart opened the
    paper's example on its first pair (fry), not on the pair taught (read)."""
    settings = temporary_settings(tmp_path)
    window = shown_window(qtbot, tmp_path, None, settings=settings)
    with qtbot.waitSignal(window.state.scoring.corpus_changed, timeout=30000):
        window.state.scoring.open_pair(*SPEC_PAIR)
    assert window.state.selection.select_pair_id("read")
    window.action_set["perspective_teach"].trigger()
    settle()
    heading = window.lesson_panel.pair_heading
    assert heading.isVisible() and heading.text() == "Pair 2 (read): She is reading my book in the house."
    window.close()

    again = shown_window(qtbot, tmp_path, None, settings=settings)  # the next start
    with qtbot.waitSignal(again.state.scoring.corpus_changed, timeout=30000):
        open_at_start(again.context)
    wait_until_idle(qtbot, again.state)
    assert again.state.selection.pair.id == "read"


def test_a_cell_of_a_tie_says_so_in_its_explanation(qtbot, tmp_path):
    """Finding 9: house x she at round 1's anchors ties with house x home (F = 0.082), which the
    :location label chose; its explanation gave S, P, C, A and F only."""
    window = teaching_window(qtbot, tmp_path)
    teaching, text = window.state.teaching, window.explanation_panel.text
    lesson = teaching.lesson
    anchors = index_of(lesson, "anchors", 1)
    teaching.go_to(anchors)
    teaching.click(HOUSE, SHE)
    said = " ".join(text.toPlainText().split())
    assert "A tie: its F, 0.082, is also that of house–home, house–paper, he–home, book–home" in said
    assert "(:location) chose house–home" in said
    teaching.click(HOUSE, HOME)
    assert "chose this pair" in text.toPlainText()
    teaching.click(SHE, SHE)  # he x she: a unique mutual maximum
    assert "A tie" not in text.toPlainText()
    assert tie_html(lesson, anchors, (2, 2)) == ""


def test_a_cell_of_a_finalisation_tie_says_what_broke_it():
    """A pick of the finalisation told its tie in the step's text only; a cell of the tie now says
    it too. Pick 1 ties six thing-thing cells: four share :ARG1 and matrix order takes the first, x0-x0;
    pick 2 ties x1 with gold's x1 and x2, and x2's :ARG1 (shared; gold's x1 is reached by :op2)
    decides."""
    test = read_graph("(a / and :ARG1 (x0 / thing) :ARG1 (x1 / thing))")
    gold = read_graph("(a / and :ARG1 (x0 / thing) :op2 (x1 / thing) :ARG1 (x2 / thing))")
    lesson = build_lesson(trace_pair(test, gold))
    first, second = (k for k, step in enumerate(lesson.steps) if step.kind == "finalisation")
    said = tie_html(lesson, first, (2, 3))
    assert "its F, 0.768, is also that of thing (x0)–thing (x0)" in said
    assert (
        "matrix order (row by row; the relation labels the nodes share, :ARG1, tie too) chose thing (x0)–thing (x0)"
        in said
    )
    assert "chose this pair" in tie_html(lesson, first, (1, 1))
    # x0-x1 lost on labels (gold's x1 is reached by :op2, not :ARG1), not on matrix order
    said = tie_html(lesson, first, (1, 2))
    assert (
        "the relation labels the nodes share (:ARG1, here none), then matrix order, chose thing (x0)–thing (x0)" in said
    )
    caption = lesson.steps[first].caption
    assert (
        "thing (x0)–thing (x0), thing (x0)–thing (x2), thing (x1)–thing (x0) and thing (x1)–thing (x2) share" in caption
    )
    said = tie_html(lesson, second, (2, 2))
    assert "is also that of thing (x1)–thing (x2)" in said and "share (:ARG1) chose thing (x1)–thing (x2)" in said
    assert tie_html(lesson, second, (1, 1)) == ""  # taken by pick 1: in no tie of pick 2
    assert tie_html(lesson, first - 1, (2, 3)) == tie_html(lesson, second + 1, (2, 3)) == ""  # steps of no tie
    assert pick_html(lesson, first, (1, 1)) == ""  # a tied pick: told by tie_html


def test_an_untied_finalisation_pick_says_so_in_its_explanation():
    """A new user: the picked cell's explanation ended with F and "the round chooses its new anchors
    by F", nothing about the finalisation that took it."""
    graph = "(a / and :op1 (x / thing) :op1 (y / thing))"
    lesson = build_lesson(trace_pair(read_graph(graph), read_graph(graph)))
    last = max(k for k, step in enumerate(lesson.steps) if step.kind == "finalisation")
    said = pick_html(lesson, last, (2, 2))  # pick 2: the one cell left
    assert "The finalisation's pick" in said and "the largest left in the rows and columns still free" in said
    assert pick_html(lesson, last, (1, 1)) == pick_html(lesson, last - 1, (2, 2)) == ""


def test_presentation_explains_a_cell_as_wide_as_the_heatmap_and_says_a_verdict_once(qtbot, tmp_path):
    """Finding 13: on the projector the Explain column was a quarter of the screen (P and C took
    several scrolls) and a verdict was printed twice, in the lesson's text and in the explanation."""
    window = teaching_window(qtbot, tmp_path, size=(1366, 718))
    teaching, panel = window.state.teaching, window.lesson_panel
    lesson = teaching.lesson
    window.action_set["presentation"].trigger()
    window.showNormal()  # the offscreen screen is not a projector's: its size and text scale by hand
    window.resize(1366, 768)
    window.presenter.set_scale(text_scale(768))
    settle()
    teaching.go_to(index_of(lesson, "iteration", 1, 2))
    teaching.click(3, 3)  # book x paper
    settle()
    assert not window.explanation_panel.isVisible()
    said = panel.caption.toPlainText()
    assert "P = " in said and "C = " in said and "Round 1" not in said[: said.index("C = ")]
    assert panel.caption.width() > 0.6 * 1366
    document = panel.caption.document()
    f_line = next(block for block in blocks(document) if block.text().startswith("F = "))
    assert document.documentLayout().blockBoundingRect(f_line).bottom() <= panel.caption.viewport().height()
    teaching.click(3, 3)  # clicked again: no cell explained
    assert teaching.explanation is None and "P = " not in panel.caption.toPlainText()
    teaching.set_predicting(True)
    teaching.go_to(index_of(lesson, "anchors", 1))
    teaching.click(HOUSE, SHE)
    teaching.click(HOUSE, SHE)
    settle()
    assert panel.caption.toPlainText().count("Not this one") == 1
    window.action_set["presentation"].trigger()


def test_a_one_letter_column_name_is_written_level(qtbot, tmp_path):
    """Finding 11: the paper example's "i" column, written upright, read as a dash."""
    window = teaching_window(qtbot, tmp_path, size=(1366, 768))
    heatmap = window.lesson_panel.heatmap
    columns = {label.text: label for label in heatmap.label_boxes() if label.axis == "column"}
    box = columns["i"].box
    assert box.height() > box.width()  # level: a line high and a letter wide (upright, the reverse)


def heatmap_box(svg: str) -> tuple[str, ...]:
    """Where a slide's heatmap ends and how high it is: its colour bar's place and height."""
    bar = re.search(
        r'<rect x="([\d.]+)" y="([\d.]+)" width="[\d.]+" height="([\d.]+)" fill="url\(#heatmap-scale\)"', svg
    )
    assert bar is not None
    return bar.groups()


ORANGE = r'<rect x="[\d.]+" y="[\d.]+" width="([\d.]+)" height="[\d.]+" fill="none" stroke="#ff9800" stroke-width="([\d.]+)"/>'


def test_slides_draw_the_heatmap_one_size_with_values_clear_of_outlines(qtbot, tmp_path):
    """Finding 18: the heatmap's size changed from slide to slide with the text's length, and a new
    anchor's orange outline covered the value in its cell."""
    window = teaching_window(qtbot, tmp_path)
    graphs = window.teaching_graphs
    slides = lesson_slides(window.state.teaching, graphs.drawing, graphs.measure)
    assert len({heatmap_box(svg) for svg in slides}) == 1
    page = slides[2]  # iteration 2 of round 1: the cells that changed most outlined in orange
    width, stroke = (float(number) for number in re.findall(ORANGE, page)[0])
    value_px = float(re.findall(r'<text [^>]*font-size="([\d.]+)"[^>]*>0.265</text>', page)[0])
    assert approximate_width("0.265", value_px) <= width - stroke  # inside the orange line


def test_presentation_draws_a_30_node_pairs_graphs_in_readable_text(qtbot, tmp_path):
    """Finding 3: on a 1366x768 projector UMR sentence 16 (30 and 33 nodes) was fitted whole in the
    narrow column, its names a few px high; now at 9 px or more, and a clicked cell's nodes in view."""
    window = teaching_window(qtbot, tmp_path, UMR_VERSIONS, "snt16", (1366, 718))
    teaching, graphs = window.state.teaching, window.teaching_graphs
    window.action_set["presentation"].trigger()
    window.showNormal()  # the offscreen screen is not a projector's: its size and text scale by hand
    window.resize(1366, 768)
    window.presenter.set_scale(text_scale(768))
    settle()
    for view in (graphs.test_view, graphs.gold_view):
        assert view.scale_factor() * graphs.views.node_px >= 9
    lesson = teaching.lesson
    teaching.go_to(index_of(lesson, "finalisation"))
    i, j = lesson.steps[teaching.index].marked[0]
    teaching.click(i, j)
    settle()
    for view, graph, node in ((graphs.test_view, lesson.trace.test, i), (graphs.gold_view, lesson.trace.gold, j)):
        item = view.graph_scene.node_items[graph.nodes[node].var]
        shown = view.mapToScene(view.viewport().rect()).boundingRect()
        assert shown.contains(item.sceneBoundingRect().center())
    window.action_set["presentation"].trigger()
