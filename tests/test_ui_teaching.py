"""The Teaching perspective driven offscreen: every step visited in order with its matrix, a cell
explained with the engine's numbers (the SPEC example: house x home A = 0.4, F = 0.082; house-home
an anchor of round 1 by the :location tie-break), predictions right and wrong, live parameters,
presentation mode, the slides as a PDF, the guided lesson of the paper's example, and the heatmap
readable at real sizes."""

import re
import shutil
import subprocess
import unicodedata

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from bench.generate import write_corpus
from engine.demos import demo as engine_demo
from engine.layout.text import ApproximateText
from engine.params import ANCAST, PAPER, Params
from engine.read import read_graph
from engine.teach import build_lesson, trace_pair
from ui.shell.commands.teaching import LESSONS
from ui.teach.captions import RULES
from ui.teach.guide import NotesError, notes_path, parse_notes, read_notes
from ui.teach.model import StepKey, corresponding_step, step_keys
from ui.teach.parameters import SLIDERS
from ui.teach.pdf import export_lesson
from ui.teach.prediction import judge
from ui.teach.presentation import text_scale
from ui.teach.slides import slide_svg

from .conftest import READ_GOLD, READ_TEST
from .ui_support import SPEC_PAIR, UMR_VERSIONS, shown_window

HOUSE, HOME, SHE, READ = 1, 1, 2, 0  # rows (test) and columns (gold) of the SPEC example
CHROME = 50


def settle():
    for _ in range(3):
        QApplication.processEvents()


def teaching_window(qtbot, tmp_path, pair=SPEC_PAIR, wanted="read", size=(1600, 1000)):
    window = shown_window(qtbot, tmp_path, pair, size)
    assert window.state.selection.select_pair_id(wanted)
    window.action_set["perspective_teach"].trigger()
    settle()
    assert window.state.teaching.lesson is not None
    return window


def index_of(lesson, kind, round_=None, iteration=None):
    return next(
        k
        for k, step in enumerate(lesson.steps)
        if step.kind == kind
        and (round_ is None or step.round == round_)
        and (iteration is None or step.iteration == iteration)
    )


def test_stepping_visits_every_step_in_order_with_its_matrix(qtbot, tmp_path):
    window = teaching_window(qtbot, tmp_path)
    teaching, actions, heatmap = window.state.teaching, window.action_set, window.lesson_panel.heatmap
    lesson = teaching.lesson
    assert len(lesson.steps) == 26  # initial, 14 + 8 iterations, 2 rounds' anchors, the scores
    seen = [teaching.index]
    for _ in range(len(lesson.steps) - 1):
        actions["next_step"].trigger()
        seen.append(teaching.index)
        np.testing.assert_array_equal(heatmap.matrix, lesson.steps[teaching.index].values)
        assert window.lesson_panel.title.text().startswith(lesson.steps[teaching.index].title)
        assert window.steps_panel.list.currentRow() == teaching.index
    assert seen == list(range(len(lesson.steps)))
    actions["next_step"].trigger()  # at the end: stays
    assert teaching.index == len(lesson.steps) - 1
    for expected in range(len(lesson.steps) - 2, -1, -1):
        actions["previous_step"].trigger()
        assert teaching.index == expected
        np.testing.assert_array_equal(heatmap.matrix, lesson.steps[expected].values)
    actions["last_step"].trigger()
    assert teaching.index == len(lesson.steps) - 1 and lesson.steps[-1].kind == "metrics"
    actions["first_step"].trigger()
    assert teaching.index == 0 and lesson.steps[0].kind == "initial"
    window.steps_panel.list.setCurrentRow(5)  # a jump from the step list
    assert teaching.index == 5 and lesson.steps[5].iteration == 5
    asking = next(k for k, step in enumerate(lesson.steps) if step.prediction is not None)
    item = window.steps_panel.list.item(asking)
    assert item.text().endswith("?") and item.toolTip().startswith("? A question for the class (Predict): ")
    iteration = lesson.steps[5]
    assert "A after iteration 5 of round 1" in heatmap.title
    assert heatmap.heatmap.new_anchors == iteration.marked  # the cells that changed most, marked
    assert f"{iteration.largest_change:.4g}" in iteration.caption  # the largest change, written
    plot = window.convergence_panel.plot
    assert plot.marked == (5, pytest.approx(iteration.largest_change))  # the convergence plot's mark


def test_the_step_keys_only_work_in_the_teaching_perspective(qtbot, tmp_path):
    window = teaching_window(qtbot, tmp_path)
    assert window.action_set["next_step"].isEnabled()
    window.action_set["perspective_pair"].trigger()
    assert not window.action_set["next_step"].isEnabled()  # Space, Home, End are the tables' there
    assert not window.state.teaching.shown


def test_a_clicked_cell_is_explained_with_the_engines_numbers(qtbot, tmp_path):
    window = teaching_window(qtbot, tmp_path)
    teaching, panel = window.state.teaching, window.lesson_panel
    lesson = teaching.lesson
    converged = index_of(lesson, "iteration", 1, len(lesson.trace.rounds[0].iterates))
    teaching.go_to(converged)
    panel.heatmap.clicked.emit(HOUSE, HOME)
    explanation = teaching.explanation
    assert explanation.broadcast == pytest.approx(0.4, abs=5e-4) and explanation.adjusted == 0.082
    assert explanation.parents.contributions == ((READ, READ, 1.0),) and explanation.children.delta_n is None
    text = window.explanation_panel.text.toPlainText()
    for written in (
        "test house × gold home",
        "S = 0",
        "P = 1",
        "(A(read-01 × read-03)) / ΔN = (1) / 1 = 1",
        "C = 0",
        "= 0.3998",
        "= 0.082",
    ):
        assert written in text, written
    assert "A = A_raw / 2.501" in text  # the normalisation of eq. 8
    assert panel.heatmap.highlighted == ((READ, READ),)  # the neighbour pair, pink in the heatmap
    assert panel.heatmap.selected_rows == {HOUSE} and panel.heatmap.selected_columns == {HOME}
    test_scene, gold_scene = window.teaching_graphs.test_scene, window.teaching_graphs.gold_scene
    assert test_scene.node_items["h2"].emphasis == "highlight" and gold_scene.node_items["h2"].emphasis == "highlight"
    assert test_scene.node_items["r1"].emphasis == "neighbour" and gold_scene.node_items["r1"].emphasis == "neighbour"
    assert test_scene.edge_items[("r1", ":location", "h2")].emphasis == "neighbour"
    for name in ("she", "paper"):  # house has the same A against home, she and paper
        other = lesson.gold_names.index(name)
        teaching.click(HOUSE, other)
        assert teaching.explanation.broadcast == pytest.approx(0.4, abs=5e-4) and teaching.explanation.adjusted == 0.082
    teaching.go_to(index_of(lesson, "iteration", 1, 1))  # the explained cell follows the steps
    assert teaching.explanation.iteration == 1 and teaching.cell == (HOUSE, lesson.gold_names.index("paper"))
    window.explanation_panel.clear_button.click()
    assert teaching.explanation is None and panel.heatmap.highlighted == ()


def test_house_home_becomes_an_anchor_in_round_1_by_the_location_tie_break(qtbot, tmp_path):
    window = teaching_window(qtbot, tmp_path)
    teaching = window.state.teaching
    lesson = teaching.lesson
    teaching.go_to(index_of(lesson, "anchors", 1))
    step = teaching.step
    assert (HOUSE, HOME) in step.marked and window.lesson_panel.heatmap.heatmap.new_anchors == step.marked
    caption = window.lesson_panel.caption.toPlainText()
    assert "house and home share :location" in caption and "wins the tie" in caption
    pairs = {node.key for node in window.teaching_graphs.test_scene.node_items.values() if node.revealed}
    assert {"r1", "h2", "h", "b", "i"} <= pairs  # the new anchors shown aligned in the graphs


def test_predict_right_and_wrong(qtbot, tmp_path):
    window = teaching_window(qtbot, tmp_path)
    teaching, panel = window.state.teaching, window.lesson_panel
    lesson = teaching.lesson
    anchors = index_of(lesson, "anchors", 1)
    window.action_set["predict"].trigger()
    assert teaching.predicting and window.action_set["predict"].isChecked()
    teaching.go_to(anchors - 1)
    window.action_set["next_step"].trigger()
    assert teaching.index == anchors and teaching.asking
    assert panel.heatmap.heatmap.new_anchors == ()  # not given away: in the heatmap
    assert not window.teaching_graphs.test_scene.node_items["h2"].revealed  # nor in the graphs
    assert RULES["anchors"] in panel.caption.toPlainText() and "Figure 2" not in panel.caption.toPlainText()
    panel.heatmap.clicked.emit(HOUSE, SHE)  # wrong: a second try
    assert not teaching.verdict.right and not teaching.verdict.final and teaching.asking
    assert "Try again" in panel.caption.toPlainText() and panel.heatmap.heatmap.new_anchors == ()
    panel.heatmap.clicked.emit(HOUSE, SHE)  # wrong again: the answer
    verdict = teaching.verdict
    assert not verdict.right and "0.3552" in verdict.reason and "he" in verdict.reason
    assert not teaching.asking and panel.heatmap.heatmap.new_anchors == lesson.steps[anchors].marked  # revealed
    assert "Not this one" in panel.caption.toPlainText()  # once: not in the explanation too
    assert "Not this one" not in window.explanation_panel.text.toPlainText()
    assert teaching.explanation.adjusted == 0.082  # and the cell explained
    teaching.go_to(anchors)  # asked again
    assert teaching.asking
    panel.heatmap.clicked.emit(HOUSE, HOME)  # right, by the tie-break
    assert teaching.verdict.right and ":location" in teaching.verdict.reason
    assert "Right" in panel.caption.toPlainText()
    teaching.go_to(anchors)
    window.action_set["next_step"].trigger()  # Space reveals without an answer
    assert teaching.index == anchors and not teaching.asking and teaching.verdict is None


def test_predict_a_pick_of_the_finalisation(qtbot, tmp_path):
    """UMR sentence 16 (30 and 33 nodes): one pick of the finalisation, judged."""
    window = teaching_window(qtbot, tmp_path, UMR_VERSIONS, "snt16")
    teaching = window.state.teaching
    lesson = teaching.lesson
    pick = index_of(lesson, "finalisation")
    teaching.set_predicting(True)
    teaching.go_to(pick)
    assert teaching.asking
    right = lesson.steps[pick].marked[0]
    paired_rows = {i for i, _ in lesson.steps[pick].anchors}
    paired_columns = {j for _, j in lesson.steps[pick].anchors}
    wrong = next(
        (i, j)
        for i in range(len(lesson.test_names))
        for j in range(len(lesson.gold_names))
        if (i, j) != right and i not in paired_rows and j not in paired_columns
    )
    teaching.click(*wrong)  # the first try: why, not the answer
    assert not teaching.verdict.final and "a larger F is left" in teaching.verdict.reason
    answer = f"{lesson.test_names[right[0]]}–{lesson.gold_names[right[1]]}"
    assert answer not in teaching.verdict.headline + teaching.verdict.reason
    teaching.click(*wrong)
    assert not teaching.verdict.right and "the largest F left" in teaching.verdict.reason
    teaching.go_to(pick)
    teaching.click(*right)
    assert teaching.verdict.right and "largest F left" in teaching.verdict.reason
    anchored = lesson.steps[pick].anchors[0]
    teaching.go_to(pick)
    teaching.click(*anchored)
    assert not teaching.verdict.right and "paired already" in teaching.verdict.reason
    teaching.forward()  # Space shows the answer: the try's verdict goes
    assert not teaching.asking and teaching.verdict is None


def test_a_slider_realigns_the_pair_and_keeps_the_step(qtbot, tmp_path):
    window = teaching_window(qtbot, tmp_path)
    teaching, bar = window.state.teaching, window.lesson_panel.parameters
    before = teaching.lesson
    teaching.go_to(index_of(before, "anchors", 1))
    teaching.click(HOUSE, HOME)
    alpha = next(spec for spec in SLIDERS if spec.name == "alpha")
    bar.sliders["alpha"].setValue(round(0.0 / alpha.step))  # α = 0: F = S (A + β)
    after = teaching.lesson
    assert after is not before and teaching.params.alpha == 0.0 and after.trace.params.alpha == 0.0
    assert teaching.params.beta == 0.01 and window.state.scoring.params.alpha == 0.2  # the corpus is not re-scored
    assert teaching.step.kind == "anchors" and teaching.step.round == 1  # the step kept
    assert not np.array_equal(after.trace.rounds[0].adjusted, before.trace.rounds[0].adjusted)
    assert teaching.explanation.adjusted == 0.0  # (0 + 0)(0.4 + 0.01): the explained cell follows
    book, paper = 3, 3
    choice = next(a for a in after.trace.rounds[0].new_anchors if (a.test, a.gold) == (book, paper))
    assert choice.by_labels and choice.labels == (":ARG1",)  # with α = 0, book-paper is a tie too
    assert np.array_equal(window.lesson_panel.heatmap.matrix, after.steps[teaching.index].values)
    assert bar.values["alpha"].text() == "0.00" and bar.reset_button.isEnabled()
    bar.sliders["beta"].setValue(1)  # β = 0.001, the paper's figure's
    assert teaching.params.beta == 0.001 and teaching.params.alpha == 0.0
    bar.use_text.setChecked(False)  # without the text, i-i is an initial anchor
    assert (4, 4) in teaching.lesson.trace.alignment.initial
    bar.reset_button.click()
    assert teaching.params == window.state.scoring.params and bar.sliders["alpha"].value() == 20
    assert not bar.reset_button.isEnabled()


def test_the_ancast_profile_is_not_taught_but_can_switch(qtbot, tmp_path):
    window = shown_window(qtbot, tmp_path, None)
    window.state.scoring.params = Params.for_profile(ANCAST)
    from .ui_support import score_now

    score_now(window.state, *SPEC_PAIR)
    window.state.selection.select_pair_id("read")
    window.action_set["perspective_teach"].trigger()
    teaching, panel = window.state.teaching, window.lesson_panel
    assert teaching.lesson is None and "paper profile" in teaching.problem
    assert panel.switch_button.isVisibleTo(panel) and panel.problem.isVisibleTo(panel)
    panel.switch_button.click()
    assert teaching.lesson is not None and teaching.params.profile == PAPER
    assert window.state.scoring.params.profile == ANCAST  # the scores keep theirs


def test_presentation_mode_enlarges_the_text_and_shows_only_the_teaching_panels(qtbot, tmp_path):
    window = teaching_window(qtbot, tmp_path)
    panel, heatmap = window.lesson_panel, window.lesson_panel.heatmap
    label_px = heatmap.label_px
    window.action_set["presentation"].trigger()
    settle()
    teaching = window.state.teaching
    assert teaching.presenting and window.action_set["presentation"].isChecked()
    assert window.workspace.current == "present" and window.isFullScreen()
    assert not window.menuBar().isVisible() and not window.statusBar().isVisible()
    assert not window.workspace.tabBar().isVisible()
    assert panel.isVisible() and window.teaching_graphs.isVisible() and window.convergence_panel.isVisible()
    assert not window.explanation_panel.isVisible()  # a cell is explained in the lesson's text, as wide
    assert not window.graphs.isVisible() and not window.corpus_panel.isVisible()
    assert panel.text_scale >= 1.5 and heatmap.label_px[0] > label_px[0] and heatmap.label_px[1] > label_px[1]
    assert window.teaching_graphs.splitter.orientation() == Qt.Orientation.Vertical
    window.action_set["next_step"].trigger()  # the keys still work without the menu bar
    assert teaching.index == 1
    window.action_set["teach_pair"].trigger()  # from the first step, still presenting
    assert teaching.index == 0 and window.workspace.current == "present"
    window.action_set["presentation"].trigger()
    settle()
    assert not teaching.presenting and window.workspace.current == "teach" and not window.isFullScreen()
    assert window.menuBar().isVisible() and window.workspace.tabBar().isVisible()
    assert panel.text_scale == 1.0 and heatmap.label_px == label_px


def test_text_scale_grows_with_the_screen():
    assert text_scale(768) == 1.6 and text_scale(1080) > text_scale(768) and text_scale(480) == 1.5


def pdf_text(path, page=None):
    """The PDF's text (ligatures such as "ﬀ" spelled out)."""
    arguments = ["pdftotext", "-layout"] + (["-f", str(page), "-l", str(page)] if page else []) + [str(path), "-"]
    text = subprocess.run(arguments, capture_output=True, text=True, check=True).stdout
    return unicodedata.normalize("NFKC", text)


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils (pdftotext, pdfinfo) is not installed")
def test_the_slides_have_a_page_per_step_and_per_question_with_real_text(qtbot, tmp_path):
    window = teaching_window(qtbot, tmp_path)
    teaching = window.state.teaching
    lesson = teaching.lesson
    path = tmp_path / "lesson.pdf"
    graphs = window.teaching_graphs
    questions = sum(step.prediction is not None for step in lesson.steps)
    assert questions == 1  # round 1's anchors (round 2 adds none)
    assert export_lesson(teaching, graphs.drawing, graphs.measure, path) == len(lesson.steps) + questions
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
    assert re.search(rf"^Pages:\s+{len(lesson.steps) + questions}$", info, re.MULTILINE)
    anchors = index_of(lesson, "anchors", 1)  # its question's page is page anchors + 1, its answer's the next
    question = " ".join(pdf_text(path, anchors + 1).split())
    assert f"Step {anchors + 1} of {len(lesson.steps)}: Round 1: new anchors - your prediction?" in question
    assert "Question for the class: Which pairs become anchors in round 1?" in question
    assert "house and home share :location" not in question and "Figure 2" not in question  # not the answer
    page = " ".join(pdf_text(path, anchors + 2).split())
    assert "Question for the class" not in page
    assert "The paper's Figure 2 tells this round differently" in page  # the teacher's note
    assert "house and home share :location" in page  # the caption's details
    first = " ".join(pdf_text(path, 1).split())
    assert "read-01" in first and "paper profile" in first


def test_a_slide_is_svg_with_the_steps_text():
    lesson = build_lesson(trace_pair(read_graph(READ_TEST), read_graph(READ_GOLD)))
    svg = slide_svg(lesson, 0, None, ApproximateText(), "pair read", "A note.")  # no drawing: nothing measured
    assert svg.startswith("<svg") and "Step 1 of 26: Initial anchors" in svg and "A note." in svg
    assert ">0.9</text>" in svg and ">0.667</text>" in svg  # the values in the cells


def test_the_demo_opens_the_paper_example_as_a_guided_lesson(qtbot, tmp_path):
    window = shown_window(qtbot, tmp_path, None)
    entry = next(action for action in window.action_set.submenus["demos"].actions() if "guided lesson" in action.text())
    with qtbot.waitSignal(window.state.scoring.scored, timeout=30000):
        entry.trigger()
    settle()
    teaching = window.state.teaching
    assert window.workspace.current == "teach" and teaching.pair.id == "read" and teaching.index == 0
    caption = window.lesson_panel.caption.toPlainText()
    assert "She is reading my book in the house" in caption and "my" in caption  # the story, from the notes
    lesson = teaching.lesson
    teaching.go_to(index_of(lesson, "anchors", 1))
    caption = window.lesson_panel.caption.toPlainText()
    assert "Figure 2 tells this round differently" in caption and "β = 0.001" in caption
    assert "house ties with home, she and paper at F = 0.082" in caption  # the engine's caption after the note
    teaching.set_params(Params(beta=0.001))  # other parameters: the note says its numbers are the paper's
    assert "written for the paper's parameters" in window.lesson_panel.caption.toPlainText()


def test_every_note_of_the_demo_names_a_step_of_its_lesson():
    [name] = LESSONS
    demo = engine_demo(name)
    notes = read_notes(demo.test)
    assert set(notes.pairs) == {"read"}
    lesson = build_lesson(trace_pair(read_graph(READ_TEST), read_graph(READ_GOLD)))
    keys = step_keys(lesson)
    used = set()
    for key in keys:
        iterations = len(lesson.trace.round(key.round).iterates) if key.round else None
        note = notes.note("read", key, iterations)
        if note:
            used.add(note)
    assert used == set(notes.pairs["read"].values())  # no note is left without its step
    assert notes_path(demo.test).name == "spec_examples_test.lesson.md"


def test_notes_errors_name_the_file_and_line():
    with pytest.raises(NotesError, match=r"^n.md:3: 'round one' names no step"):
        parse_notes("# read\n## initial\n## round one\n", "n.md")
    with pytest.raises(NotesError, match=r"^n.md:1: a step heading before"):
        parse_notes("## initial\n", "n.md")
    with pytest.raises(NotesError, match=r"^n.md:2: text outside a step"):
        parse_notes("# read\ntext\n", "n.md")
    notes = parse_notes("intro\n# read\n## Round 1, converged\nOne.\n\nTwo.\n## scores\nEnd.\n")
    assert notes.note("read", StepKey("iteration", 1, 14, 14), 14) == "One.\n\nTwo."
    assert notes.note("read", StepKey("iteration", 1, 13, 13), 14) == ""
    assert notes.note("read", StepKey("metrics", None, None, 1)) == "End."


def test_corresponding_steps_after_a_realignment():
    lesson = build_lesson(trace_pair(read_graph(READ_TEST), read_graph(READ_GOLD)))
    keys = step_keys(lesson)
    assert corresponding_step(StepKey("iteration", 1, 30, 30), keys) == index_of(lesson, "iteration", 1, 14)
    assert corresponding_step(StepKey("anchors", 3, None, 1), keys) == index_of(lesson, "anchors", 2)
    assert corresponding_step(StepKey("finalisation", None, None, 2), keys) == len(keys) - 1  # none: the scores
    assert all(corresponding_step(key, keys) == k for k, key in enumerate(keys))


def test_judge_says_why_on_the_spec_example():
    lesson = build_lesson(trace_pair(read_graph(READ_TEST), read_graph(READ_GOLD)))
    anchors = index_of(lesson, "anchors", 1)
    assert judge(lesson, anchors, (2, 2)).right and "unique mutual maximum" in judge(lesson, anchors, (2, 2)).reason
    already = judge(lesson, anchors, (0, 0))
    assert not already.right and "anchor already" in already.reason
    book_home = judge(lesson, anchors, (3, 1))  # 0.082: book's best is paper (0.1193)
    assert not book_home.right and "the largest F of row book is 0.1193, with paper" in book_home.reason
    with pytest.raises(ValueError, match="asks for no prediction"):
        judge(lesson, 0, (0, 0))


@pytest.mark.parametrize("size", [(1920, 1080), (1366, 768)], ids=["1920x1080", "1366x768"])
def test_a_25_node_heatmap_names_every_node_and_prints_its_values(qtbot, tmp_path, size):
    """A generated 25-node pair at 1920x1080, and in presentation mode at 1366x768: every row and
    column named and every value printed, in text of at least 10 px (12 on the projector)."""
    width, height = size
    test, gold = write_corpus(tmp_path / "pair", 1, 25, 25, 2)
    window = teaching_window(qtbot, tmp_path, (test, gold), "gen-0", (width, height - CHROME))
    heatmap = window.lesson_panel.heatmap
    least = 10
    if width == 1366:
        window.action_set["presentation"].trigger()
        window.showNormal()  # the offscreen screen is not a projector's: its size and text scale by hand
        window.resize(width, height)
        window.presenter.set_scale(text_scale(height))
        least = 12
    settle()
    rows, columns = heatmap.matrix.shape
    assert rows == columns == 25
    geometry = heatmap.geometry_now()
    labels = geometry.labels
    assert len([label for label in labels if label.axis == "row"]) == rows
    assert len([label for label in labels if label.axis == "column"]) == columns
    assert min(geometry.row_px, geometry.column_px) >= least
    assert geometry.value_font is not None and geometry.value_font.pixelSize() >= least


def test_teach_this_pair_from_the_rounds_perspective_and_play(qtbot, tmp_path):
    window = shown_window(qtbot, tmp_path)
    window.state.selection.select_pair_id("read")
    window.action_set["perspective_rounds"].trigger()
    settle()
    window.heatmaps.teach_button.click()
    teaching = window.state.teaching
    assert window.workspace.current == "teach" and teaching.lesson is not None and teaching.index == 0
    teaching.set_predicting(True)
    teaching.set_speed(4.0)
    window.action_set["play"].trigger()
    assert teaching.playing
    anchors = index_of(teaching.lesson, "anchors", 1)
    qtbot.waitUntil(lambda: not teaching.playing, timeout=20000)  # stops at the first question
    assert teaching.index == anchors and teaching.asking
