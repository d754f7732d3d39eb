"""The Compare view: A and B against one gold. The scatter's points are the engine's per-sentence
F1 of A and of B (and the two-file scores' too), the verdict is the engine's, the difference is
the difference of the two two-file micro F1, a point clicked opens its sentence as A, B and the
gold annotated it, another test or seed tests the same scores again, two annotators of the
matrix are compared without scoring again, and the exports carry the files, metric and parameters."""

import json
import math
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QApplication, QDialogButtonBox

from bench.bench_matrix import write_annotators
from engine.comparison import compare_files, compare_matrix
from engine.output.comparison import verdict
from engine.read import load_pairs
from engine.scoring import score_corpus
from ui.compare.dialogs import CompareAnnotatorsDialog, CompareFilesDialog
from ui.compare.views import SENTENCE_HEADERS, draws_plot, largest_differences_first, side_colours
from ui.plots.figure import BLUE, GREY, ORANGE, PURPLE, SERIES_COLOURS, series_colour
from ui.shell.commands.compare import choose_files, write_comparison
from ui.shell.commands.plots import plot_choices, write_plot
from ui.state.selection import Subset

from .conftest import DEMO
from .ui_support import ANNOTATOR_FILES, open_annotators, shown_window, wait_until_idle

META = DEMO / "metamorphosed"
A, B, GOLD = META / "comptest_annot1.txt", META / "comptest_annot3.txt", META / "comptest_gold.txt"


def settle():
    for _ in range(3):
        QApplication.processEvents()


def compared(qtbot, tmp_path, files=(A, B, GOLD), size=(1600, 1000)):
    window = shown_window(qtbot, tmp_path, None, size)
    assert window.state.compare.open_files(*files)
    assert window.workspace.current == "compare"  # in front at once, with its progress
    wait_until_idle(qtbot, window.state)
    settle()
    assert window.state.compare.comparison is not None and window.workspace.current == "compare"
    return window


def two_file_scores(test, gold, metric):
    """Each pair's F1 (by id) and the micro F1 of ``test`` scored against ``gold`` as two files."""
    corpus = score_corpus(load_pairs(test, gold).pairs)
    per_pair = {pair.id: pair.scores[metric].f for pair in corpus.pairs if not pair.error}
    return per_pair, corpus.micro[metric].f


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    """A, B and a gold of 40 generated sentences (A and B: two perturbed copies of each gold graph)."""
    (a, b), gold = write_annotators(tmp_path_factory.mktemp("generated"), 2, 40, 5, 15, seed=3)
    return a, b, gold


def test_the_scatter_and_the_difference_are_the_engine_s_and_the_two_file_scores(qtbot, tmp_path, generated):
    window = compared(qtbot, tmp_path, generated)
    a, b, gold = generated
    panel, compare = window.compare_panel, window.state.compare
    assert compare.metric == "labeled_relation" and panel.metric_box.currentData() == "labeled_relation"
    engine = compare_files(a, b, gold, "all").metrics["labeled_relation"]  # independently
    per_a, micro_a = two_file_scores(a, gold, "labeled_relation")
    per_b, micro_b = two_file_scores(b, gold, "labeled_relation")
    shown = {}
    for series in panel.scatter.plot.points:
        for label, x, y in zip(series.labels, series.x.tolist(), series.y.tolist()):
            shown[label] = (x, y)
    assert set(shown) == set(engine.labels)  # every sentence (each has an F1 of A and of B)
    for label, f_a, f_b in zip(engine.labels, engine.f_a, engine.f_b):
        assert shown[label] == (f_a, f_b)
        assert shown[label] == pytest.approx((per_a[label], per_b[label]))  # as scored two files at a time
    above = next(series for series in panel.scatter.plot.points if series.name.startswith("B"))
    assert np.all(above.y > above.x) and len(above.keys) == int(np.sum(engine.f_b > engine.f_a))
    assert engine.difference == pytest.approx(micro_b - micro_a, abs=1e-12)
    assert panel.verdict.text() == verdict(engine, "A (annotator01)", "B (annotator02)")
    assert f"higher by {abs(micro_b - micro_a):.4f} LR F1" in panel.verdict.text()
    assert panel.scores.item(0, 0).text() == f"{micro_a:.4f}" and panel.scores.item(1, 0).text() == f"{micro_b:.4f}"
    differences = panel.differences.plot.bars
    assert int(differences.counts.sum()) == 40
    assert sorted(np.concatenate(differences.members).tolist()) == list(range(40))
    panel.metric_box.setCurrentIndex(panel.metric_box.findData("concept"))
    settle()
    concept = compare_files(a, b, gold, "all").metrics["concept"]
    assert compare.metric == "concept" and panel.verdict.text() == verdict(
        concept, "A (annotator01)", "B (annotator02)"
    )


def test_a_metric_switched_to_and_back_shows_that_metrics_values(qtbot, tmp_path, generated):
    """The table, the scatter's points (kept from one visit of a metric to the next) and the
    sentences chosen and shown follow the metric: concept, LR, then concept again."""
    window = compared(qtbot, tmp_path, generated)
    panel, compare, sentences = window.compare_panel, window.state.compare, window.compare_sentence
    chosen = frozenset(range(0, 40, 3))
    compare.choose(Subset(chosen, "every third"))
    compare.choose_sentence(9)  # one of those chosen
    for metric in ("concept", "labeled_relation", "concept"):
        panel.metric_box.setCurrentIndex(panel.metric_box.findData(metric))
        settle()
        engine = compare.comparison.metrics[metric]
        expected = {
            sentence: (f"{f_a:.4f}", f"{f_b:.4f}", f"{f_b - f_a:+.4f}")
            for sentence, f_a, f_b in zip(engine.sentences.tolist(), engine.f_a.tolist(), engine.f_b.tolist())
        }
        shown = {
            sentences.proxy.item(row): tuple(sentences.proxy.index(row, column).data() for column in (2, 3, 4))
            for row in range(sentences.proxy.rowCount())
        }
        assert shown == {sentence: expected[sentence] for sentence in chosen}  # only those chosen
        assert sentences.table.currentIndex().row() == sentences.row_of(9) is not None
        assert sentences.boxes[0].title().endswith(expected[9][0])  # A's F1 of the sentence shown
        drawn, chosen_drawn = {}, {}
        for series, item, chosen_item in zip(
            panel.scatter.plot.points, panel.scatter.series_items, panel.scatter.chosen_items
        ):
            assert item.scene() is not None and chosen_item.scene() is not None  # in the plot
            for key, x, y in zip(series.keys.tolist(), *item.getData()):
                drawn[key] = (f"{x:.4f}", f"{y:.4f}")
            chosen_drawn.update(dict.fromkeys(zip(*chosen_item.getData())))
        assert drawn == {sentence: cells[:2] for sentence, cells in expected.items()}
        assert set(chosen_drawn) == {(engine.f_a[k], engine.f_b[k]) for k in chosen}
        assert len(panel.scatter.item.listDataItems()) == 2 * len(panel.scatter.plot.points) + 1  # and the mark


def shown_rows(sentences) -> list[tuple[int, float]]:
    """(sentence, B − A) of each row of the compared sentences' table, top to bottom (NaN: n/a)."""
    rows = []
    for row in range(sentences.proxy.rowCount()):
        shown = sentences.proxy.index(row, 4).data()
        rows.append((sentences.proxy.item(row), math.nan if shown == "n/a" else float(shown)))
    return rows


def test_the_sentences_open_with_the_largest_differences_first_and_sort_by_any_column(qtbot, tmp_path, generated):
    """The table opened sorted on B − A, B higher first: where A was higher on the few sentences
    that differ, every tie (+0.0000) came first and those at the very end. It opens with the
    largest differences either way first (ties in sentence order), and a header clicked still sorts."""
    window = compared(qtbot, tmp_path, generated)
    sentences = window.compare_sentence
    engine = window.state.compare.comparison.metrics["labeled_relation"]
    rows = shown_rows(sentences)
    expected = sorted(
        zip(engine.sentences.tolist(), engine.differences.tolist()),
        key=lambda row: (math.isnan(row[1]), -abs(row[1]) if not math.isnan(row[1]) else 0.0, row[0]),
    )
    assert [sentence for sentence, _ in rows] == [sentence for sentence, _ in expected]
    assert abs(rows[0][1]) == pytest.approx(np.nanmax(np.abs(engine.differences)), abs=1e-4)
    header = sentences.table.horizontalHeader()
    assert header.sortIndicatorSection() not in range(len(SENTENCE_HEADERS))  # no column claims the order
    assert "largest" in sentences.model.header_tips[4]  # the order the table opens in is said
    sentences.table.sortByColumn(2, Qt.SortOrder.AscendingOrder)  # A F1, as a header click does
    settle()
    a_f1 = [float(sentences.proxy.index(row, 2).data()) for row in range(sentences.proxy.rowCount())]
    assert a_f1 == sorted(a_f1)
    sentences.table.sortByColumn(4, Qt.SortOrder.DescendingOrder)  # B − A, B higher first
    settle()
    differences = [difference for _, difference in shown_rows(sentences) if not math.isnan(difference)]
    assert differences == sorted(differences, reverse=True)
    panel = window.compare_panel
    panel.metric_box.setCurrentIndex(panel.metric_box.findData("concept"))
    settle()
    concept = [difference for _, difference in shown_rows(sentences) if not math.isnan(difference)]
    assert concept == sorted(concept, reverse=True)  # the order chosen stays with another metric


def test_the_largest_differences_either_way_first_ties_in_sentence_order_n_a_last():
    differences = np.array([0.0, -0.5, math.nan, 0.5, 0.25, 0.0])
    assert largest_differences_first(differences, np.arange(6)).tolist() == [1, 3, 4, 0, 5, 2]
    assert largest_differences_first(differences, np.arange(6)[::-1]).tolist() == [3, 1, 4, 5, 0, 2]  # sentence order


def test_a_point_clicked_opens_its_sentence_as_a_b_and_the_gold(qtbot, tmp_path):
    window = compared(qtbot, tmp_path)
    compare, panel, sentences = window.state.compare, window.compare_panel, window.compare_sentence
    comparison = compare.comparison
    series = next(s for s in panel.scatter.plot.points if len(s.keys))
    key, x, y = int(series.keys[0]), float(series.x[0]), float(series.y[0])
    view = panel.scatter
    point = view.widget.mapFromScene(view.box.mapViewToScene(QPointF(x, y)))
    qtbot.mouseClick(view.widget.viewport(), Qt.MouseButton.LeftButton, pos=point)
    settle()
    assert compare.sentence == key
    entries = comparison.matrix.annotations.sentences[key].entries
    assert [text.toPlainText() for text in sentences.texts] == [entries[k].text for k in (0, 1, 2)]
    assert sentences.boxes[0].title().startswith("A (comptest_annot1): LR F1")
    assert sentences.proxy.item(sentences.table.currentIndex().row()) == key  # its row selected
    assert view.mark_item.getData()[0].tolist() == [x]  # ringed
    with qtbot.waitSignal(window.state.scoring.corpus_changed, timeout=20000):
        sentences.open_b.click()
    assert window.workspace.current == "pair"
    files = window.state.scoring.files
    assert (files.test_path.name, files.gold_path.name) == ("comptest_annot3.txt", "comptest_gold.txt")
    assert window.state.selection.pair.index == key
    window.workspace.show_perspective("compare")
    with qtbot.waitSignal(window.state.scoring.corpus_changed, timeout=20000):
        sentences.open_a.click()
    assert window.state.scoring.files.test_path.name == "comptest_annot1.txt"


def test_another_test_trials_or_seed_test_the_same_scores_again(qtbot, tmp_path, generated):
    window = compared(qtbot, tmp_path, generated)
    compare, panel = window.state.compare, window.compare_panel
    matrix = compare.comparison.matrix
    panel.seed_box.setValue(7)
    panel.trials_box.setValue(2000)
    panel.test_box.setCurrentIndex(panel.test_box.findData("bootstrap"))  # tests again at once
    wait_until_idle(qtbot, window.state)
    settle()
    comparison = compare.comparison
    assert comparison.matrix is matrix  # nothing scored again
    assert (comparison.setup.test, comparison.setup.trials, comparison.setup.seed) == ("bootstrap", 2000, 7)
    expected = compare_matrix(matrix, 0, 1, 2, tuple(comparison.metrics), "bootstrap", 2000, 7)
    for metric, result in comparison.metrics.items():
        assert result.p_value == expected.metrics[metric].p_value and result.ci == expected.metrics[metric].ci
    assert "paired bootstrap over 2000 resamples of the sentences, seed 7" in panel.details.text()
    assert panel.test_view.plot.title.endswith("over 2000 resamples of the sentences")


def test_the_status_line_gives_the_verdict_on_the_metric_shown(qtbot, tmp_path):
    window = compared(qtbot, tmp_path)
    said: list[str] = []
    window.state.messages.message.connect(said.append)
    panel = window.compare_panel
    panel.metric_box.setCurrentIndex(panel.metric_box.findData("smatch"))
    settle()
    smatch = window.state.compare.comparison.metrics["smatch"]
    assert said[-1] == verdict(smatch, "comptest_annot1", "comptest_annot3") + "."
    assert "Smatch F1" in said[-1]


def test_the_sentence_shown_stays_shown_when_the_same_scores_are_tested_again(qtbot, tmp_path):
    window = compared(qtbot, tmp_path)
    compare, panel, sentences = window.state.compare, window.compare_panel, window.compare_sentence
    key = int(compare.comparison.metrics["labeled_relation"].sentences[2])
    compare.choose_sentence(key)
    settle()
    panel.trials_box.setValue(2000)  # the user tests again with more trials
    panel.trials_box.editingFinished.emit()
    wait_until_idle(qtbot, window.state)
    settle()
    assert compare.comparison.setup.trials == 2000
    assert compare.sentence == key and sentences.proxy.item(sentences.table.currentIndex().row()) == key
    assert sentences.texts[0].toPlainText() == compare.comparison.matrix.annotations.sentences[key].entries[0].text


def test_the_purple_bars_of_the_permutation_test_hold_the_swaps_its_p_value_counts():
    comparison = compare_files(A, B, GOLD, "all")  # 4 sentences: all 16 swaps, some as far from 0 as B − A
    checked = 0
    for metric, result in comparison.metrics.items():
        tested = result.significance
        plot = draws_plot(comparison, metric)
        bars = plot.bars
        assert bars is not None and tested is not None and result.difference is not None
        purple = sum(int(count) for count, colour in zip(bars.counts, bars.colours) if colour == PURPLE)
        assert purple == round(tested.p_value * tested.trials), metric  # what the note says p is the share of
        assert int(bars.counts.sum()) == tested.trials
        checked += bool(np.any(np.isclose(np.abs(tested.distribution), abs(result.difference))))
    assert checked == len(comparison.metrics)  # each has swaps exactly at ±(B − A): the bar there is split


def test_a_comparison_is_cancelled_and_what_was_shown_stays(qtbot, tmp_path, generated):
    window = compared(qtbot, tmp_path)
    shown = window.state.compare.comparison
    assert window.state.compare.open_files(*generated)
    assert window.action_set["cancel"].isEnabled()
    window.action_set["cancel"].trigger()
    wait_until_idle(qtbot, window.state)
    assert window.state.compare.comparison is shown and window.workspace.current == "compare"
    assert window.compare_panel.progress.isHidden()


def test_two_annotators_of_the_matrix_without_scoring_again(qtbot, tmp_path):
    window = shown_window(qtbot, tmp_path, None, (1600, 1000))
    annotators = [A, B, META / "comptest_sys.txt"]
    window.state.annotators.open([*annotators, GOLD], gold=GOLD)
    wait_until_idle(qtbot, window.state)
    matrix = window.state.annotators.result
    assert window.action_set["compare_annotators"].isEnabled() and window.annotators_panel.compare_button.isEnabled()
    assert window.state.compare.open_annotators(0, 2)
    wait_until_idle(qtbot, window.state)
    comparison = window.state.compare.comparison
    assert comparison.matrix is matrix and (comparison.a, comparison.b, comparison.gold) == (0, 2, 3)
    expected = compare_matrix(matrix, 0, 2, 3, matrix.metrics)
    assert list(comparison.metrics) == list(matrix.metrics)
    for metric, result in comparison.metrics.items():
        assert (
            result.p_value == expected.metrics[metric].p_value
            and result.difference == expected.metrics[metric].difference
        )
    assert window.workspace.current == "compare"
    with qtbot.waitSignal(window.state.scoring.corpus_changed, timeout=20000):
        window.state.compare.open_pair("b", int(comparison.metrics["labeled_relation"].sentences[0]))
    assert window.state.annotators.cell == (2, 3)  # a cell of the matrix: the matrix stays
    assert window.state.annotators.result is matrix
    assert window.state.compare.open_annotators(1, 3) is False  # the gold is not A or B


def test_compare_two_greyed_out_says_why_in_its_tooltip(qtbot, tmp_path):
    """Without a gold, Compare two... was greyed out under the tooltip of what it does: it now
    says that a Gold annotator is needed, and once one is chosen it is available again."""
    window = shown_window(qtbot, tmp_path, None, (1600, 1000))
    window.state.annotators.open([A, B, GOLD], gold=None)
    wait_until_idle(qtbot, window.state)
    button, action = window.annotators_panel.compare_button, window.action_set["compare_annotators"]
    assert not button.isEnabled() and not action.isEnabled()
    assert "Gold annotator" in button.toolTip() and "Compare two annotators" in button.toolTip()
    window.state.annotators.set_gold(2)
    settle()
    assert button.isEnabled() and action.isEnabled() and "Gold annotator" not in button.toolTip()
    window.state.annotators.open([A, GOLD], gold=GOLD)
    wait_until_idle(qtbot, window.state)
    assert not button.isEnabled() and "a third, the gold" in button.toolTip()


def test_a_and_b_are_drawn_in_their_own_colours_of_the_annotators_plots(qtbot, tmp_path):
    """The strip plot drew annotator 1 in blue and annotator 3 in green while the comparison of
    the two drew "A higher" in orange and "B higher" in blue: each side is now in its annotator's
    colour, the one it has in the Annotators plots."""
    window = shown_window(qtbot, tmp_path, None, (1600, 1000))
    window.state.annotators.open([A, META / "comptest_sys.txt", B, GOLD], gold=GOLD)
    wait_until_idle(qtbot, window.state)
    strip = {series.name: series.colour for series in window.annotator_plots.plots()["strip"].points}
    assert window.state.compare.open_annotators(0, 2)
    wait_until_idle(qtbot, window.state)
    settle()
    names = window.state.annotators.result.names
    scatter = {series.name: series.colour for series in window.compare_panel.scatter.plot.points}
    assert scatter[f"A ({names[0]}) higher"] == strip[names[0]] == series_colour(0)
    assert scatter[f"B ({names[2]}) higher"] == strip[names[2]] == series_colour(2)
    bars = window.compare_panel.differences.plot.bars
    assert {colour for colour, low in zip(bars.colours, bars.edges[:-1]) if low > 0} == {series_colour(2)}  # B's side
    assert {colour for colour, high in zip(bars.colours, bars.edges[1:]) if high <= 0} == {series_colour(0)}  # A's


def test_a_and_b_in_orange_and_blue_when_their_own_colours_clash():
    assert side_colours(0, 2) == (series_colour(0), series_colour(2))
    assert side_colours(0, len(SERIES_COLOURS)) == (ORANGE, BLUE)  # the palette again: the same colour
    assert side_colours(SERIES_COLOURS.index(GREY), 1) == (ORANGE, BLUE)  # grey: the ties'


def svg_words(path) -> str:
    return " ".join(element.text or "" for element in ET.parse(path).getroot().iter("{http://www.w3.org/2000/svg}text"))


def test_the_comparison_s_plots_and_reports_carry_the_files_metric_and_parameters(qtbot, tmp_path):
    window = compared(qtbot, tmp_path)
    assert {"compare/scatter", "compare/differences", "compare/test"} <= set(plot_choices(window.context))
    for key in ("compare/scatter", "compare/differences", "compare/test"):
        path = tmp_path / f"{key.replace('/', '-')}.svg"
        assert write_plot(window.context, key, path)
        words = svg_words(path)
        assert all(str(file) in words for file in (A, B, GOLD)), key
        assert "LR F1" in words and "paired approximate randomisation" in words, key
        assert "10000 trials, seed 1" in words and "gamma=0.1" in words and "alpha=0.2" in words, key
        assert "p = 0.12" in words, key  # the verdict heads the figure too
    assert write_comparison(window.context, tmp_path / "c.html", "html")
    html = (tmp_path / "c.html").read_text(encoding="utf-8")
    assert str(A) in html and str(GOLD) in html and "gamma=0.1" in html and "<svg" in html
    assert (
        verdict(window.state.compare.comparison.metrics["labeled_relation"], "comptest_annot1", "comptest_annot3")
        in html
    )
    assert write_comparison(window.context, tmp_path / "c.json", "json")
    document = json.loads((tmp_path / "c.json").read_text(encoding="utf-8"))
    assert document["setup"]["a"] == str(A) and document["setup"]["params"]["gamma"] == 0.1
    assert [r["metric"] for r in document["results"]][:2] == ["concept", "labeled_relation"]
    assert write_comparison(window.context, tmp_path / "c.csv", "csv")
    assert (tmp_path / "c.csv").read_text(encoding="utf-8").splitlines()[2].startswith("labeled_relation,")
    assert write_comparison(window.context, tmp_path / "s.csv", "sentences")
    assert (tmp_path / "s.csv").read_text(encoding="utf-8").startswith("index,id,f_a,f_b,difference")


def test_compare_two_against_gold_offers_the_last_a_b_and_gold_again(qtbot, tmp_path, monkeypatch):
    window = shown_window(qtbot, tmp_path, None, (1600, 1000))
    offered: list[tuple[str, ...]] = []

    def answer(chosen):
        def exec_(dialog):
            offered.append(tuple(dialog.edits[role].text() for role in ("a", "b", "gold")))
            for role, path in zip(("a", "b", "gold"), chosen):
                dialog.edits[role].setText(str(path))
            return 1 if chosen else 0

        return exec_

    monkeypatch.setattr(CompareFilesDialog, "exec", answer((A, B, GOLD)))
    choose_files(window.context)
    wait_until_idle(qtbot, window.state)
    assert offered == [("", "", "")]  # nothing compared nor shown yet
    monkeypatch.setattr(CompareFilesDialog, "exec", answer(()))  # reopened, then cancelled
    choose_files(window.context)
    assert offered[1] == tuple(str(path.resolve()) for path in (A, B, GOLD))
    assert window.state.settings.compared_files() == {
        "a": A.resolve(),
        "b": B.resolve(),
        "gold": GOLD.resolve(),
    }  # kept for the next session


def test_the_two_annotators_dialog_opens_on_two_different_annotators_without_error(qtbot):
    """It chose its second annotator before it had made the note that its check writes: an
    AttributeError in a Qt slot each time it opened (pytest-qt fails the test on it)."""
    dialog = CompareAnnotatorsDialog(["ann1", "ann2", "gold", "ann3"], 2)
    qtbot.addWidget(dialog)
    assert dialog.chosen() == (0, 1) and dialog.note.text() == ""
    assert dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()
    dialog.boxes[1].setCurrentIndex(0)
    assert dialog.note.text() == "Choose two different annotators."
    assert not dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()


def test_compare_two_files_offers_the_matrix_gold_and_the_cells_other_annotators(qtbot, tmp_path, monkeypatch):
    """With the annotators' matrix open and its gold chosen, the dialog offered the cell's two files
    as A and gold (the cell's second annotator is no gold)."""
    window = shown_window(qtbot, tmp_path, None, (1600, 1000))
    state = window.state
    open_annotators(qtbot, state, ANNOTATOR_FILES, gold=ANNOTATOR_FILES[2])  # annot1, annot3, gold, sys
    with qtbot.waitSignal(state.scoring.corpus_changed, timeout=20000):
        assert state.annotators.open_cell(1, 3)  # annot3 against sys
    offered: list[tuple[str, ...]] = []

    def cancelled(dialog):
        offered.append(tuple(dialog.edits[role].text() for role in ("a", "b", "gold")))
        return 0

    monkeypatch.setattr(CompareFilesDialog, "exec", cancelled)
    choose_files(window.context)
    a, b, gold = (Path(text).name for text in offered[0])
    assert (a, b, gold) == ("comptest_annot3.txt", "comptest_sys.txt", "comptest_gold.txt")


def test_sentences_left_out_are_said_on_the_compare_panel_not_in_the_banner(qtbot, tmp_path):
    """The comparison's problems took the app's banner, which stayed over the Annotators perspective
    in place of the matrix's own warning (and a comparison without problems cleared that warning)."""
    window = compared(qtbot, tmp_path, files=(B, META / "comptest_sys.txt", GOLD))
    comparison = window.state.compare.comparison
    assert comparison.problems  # comptest_sys has a sentence the others lack
    panel = window.compare_panel
    assert f"{len(comparison.problems)} sentence" in panel.files.text() and "left out" in panel.files.text()
    assert str(comparison.problems[0].error) in panel.files.toolTip()
    assert "comparison" not in window.banner.text()
    window.state.messages.show_problem("a warning of the files shown")
    window.state.compare.open_files(A, B, GOLD)  # another comparison leaves the banner alone
    wait_until_idle(qtbot, window.state)
    assert window.banner.text() == "a warning of the files shown"
