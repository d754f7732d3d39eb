"""The export dialogs: titled by what they export, opened in the last export's folder (kept
in the settings), offering a name made of the pair's id, and large enough for the file list."""

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QDialog, QFileDialog, QTreeView

from engine.output.printers import render
from engine.registry import params_dict
from engine.scoring import PairResult
from ui.pair.graph_export import graphs_sheet
from ui.shell.commands.exports import write_panel, write_report, write_scores
from ui.shell.commands.save_dialog import DIALOG_SIZE, pair_stem, safe_name

from .ui_support import DRS_PAIR, SYS_PAIR, shown_window

SVG = "{http://www.w3.org/2000/svg}"
DRS_PARAMETERS = ("dscorer_profile", "dscorer_n", "dscorer_weights", "drs_include_ref", "counter_time_limit")


def answer_dialogs(monkeypatch, answers: list):
    """Each save dialog, as the user sees it, goes into the returned list; the user types the
    next of ``answers`` (a path, or None to cancel)."""
    seen = []

    def answer(dialog: QFileDialog):
        dialog.show()  # as exec() would, so that sizes are real
        QApplication.processEvents()
        files = dialog.findChild(QTreeView, "treeView")
        header = files.header() if files is not None else None
        seen.append(
            {
                "title": dialog.windowTitle(),
                "folder": Path(dialog.directory().absolutePath()),
                "name": Path(dialog.selectedFiles()[0]).name,
                "filter": dialog.selectedNameFilter(),
                "size": (dialog.width(), dialog.height()),
                "columns fit": files is not None
                and header is not None
                and header.length() <= files.viewport().width() + 1
                and all(
                    header.sectionSize(c) >= max(files.sizeHintForColumn(c), header.sectionSizeHint(c))
                    for c in range(1, header.count())
                ),  # Size, Type and Date not cut
            }
        )
        dialog.hide()
        wanted = answers.pop(0)
        if wanted is None:
            return QDialog.DialogCode.Rejected
        dialog.selectFile(str(wanted))
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(QFileDialog, "exec", answer)
    return seen


def test_safe_names_keep_ids_readable():
    assert safe_name("lpp_1943.15") == "lpp_1943.15"
    assert safe_name("sentence 1") == "sentence_1"
    assert safe_name(" a/b: c\\d?*") == "a_b_c_d"
    assert safe_name("../etc") == "_etc" and safe_name("") == ""
    assert pair_stem(PairResult(7, "", None, None)) == "pair-8"  # the eighth pair: numbered from 1
    assert pair_stem(PairResult(3, "snt 4/b", None, None)) == "snt_4_b"


def test_export_dialogs_are_titled_named_and_remember_the_folder(qtbot, tmp_path, monkeypatch):
    window = shown_window(qtbot, tmp_path, SYS_PAIR)  # its first pair: "sentence 1"
    out, later = tmp_path / "out", tmp_path / "later"
    out.mkdir()
    later.mkdir()
    seen = answer_dialogs(monkeypatch, [out / "sentence_1-graphs.svg", out / "rounds", None, later / "s.csv", None])
    window.action_set["export_graphs"].trigger()
    first = seen[0]
    assert first["title"] == "Export graphs of pair 1" and first["name"] == "sentence_1-graphs.svg"
    assert first["filter"] == "SVG (*.svg)"
    assert first["folder"] == Path.home()  # nothing remembered yet, and the test file is the bundled demo
    assert first["size"] >= DIALOG_SIZE and first["columns fit"]  # Size, Type and Date in sight
    assert (out / "sentence_1-graphs.svg").read_text(encoding="utf-8").startswith("<svg")
    assert window.state.settings.export_folder() == out

    window.action_set["export_rounds"].trigger()  # in the folder of the last export
    assert seen[1]["title"] == "Export heatmaps of round 1 of pair 1"
    assert (seen[1]["name"], seen[1]["folder"]) == ("sentence_1-round-1-heatmaps.svg", out)
    qtbot.waitUntil(lambda: (out / "rounds.svg").exists())  # no suffix typed: the chosen filter's

    window.action_set["export_triples"].trigger()  # cancelled: nothing remembered
    assert (seen[2]["title"], seen[2]["name"], seen[2]["folder"]) == (
        "Export triples of pair 1",
        "sentence_1-triples.csv",
        out,
    )
    window.action_set["export_scores"].trigger()
    assert (seen[3]["title"], seen[3]["name"]) == (
        "Export scores: comptest_sys (test) against comptest_gold (gold)",
        "comptest_sys-vs-comptest_gold-scores.csv",
    )
    assert window.state.settings.export_folder() == later and (later / "s.csv").exists()
    window.action_set["export_report"].trigger()
    assert (seen[4]["title"], seen[4]["name"], seen[4]["folder"]) == (
        "Export report of pair 1",
        "sentence_1-report.html",
        later,
    )
    assert len(seen) == 5


@pytest.mark.parametrize("pair, drs", [(SYS_PAIR, False), (DRS_PAIR, True)], ids=["amr", "drs"])
def test_exports_list_only_the_parameters_that_apply_to_the_input(qtbot, tmp_path, pair, drs):
    """Counter's and DScorer's parameters in the graphs, heatmaps and report of DRS input only."""
    window = shown_window(qtbot, tmp_path, pair)
    context = window.context
    assert write_panel(context, "graphs", tmp_path / "graphs.svg")
    assert write_panel(context, "graphs", tmp_path / "graphs.pdf")
    assert write_panel(context, "rounds", tmp_path / "rounds.svg")
    assert write_report(context, tmp_path / "pair.html")
    texts = {
        "graphs.svg": ET.parse(tmp_path / "graphs.svg").getroot().findtext(f"{SVG}desc"),
        "rounds.svg": (tmp_path / "rounds.svg").read_text(encoding="utf-8"),
        "pair.html": (tmp_path / "pair.html").read_text(encoding="utf-8"),
        "the graphs' sheet (PNG, PDF)": " ".join(
            graphs_sheet(window.graphs, window.state.scoring.corpus.params).caption
        ),
    }
    for name, text in texts.items():
        assert "gamma" in text, name  # the parameters are there
        for parameter in DRS_PARAMETERS:
            assert (parameter in text) == drs, (name, parameter)
        smatch = ("<th>smatch</th>" in text) if name == "pair.html" else ("smatch=" in text)
        assert smatch == (not drs), name  # Smatch reads no DRS: its switch is not listed for DRS input


def test_exports_name_the_sentence_the_pair_view_shows(qtbot, tmp_path):
    """Test and gold with sentences written differently: the graphs' and the heatmaps' exports say
    the gold's, as the pair's scores do (the graphs' export said the test's)."""
    test, gold = tmp_path / "t.amr", tmp_path / "g.amr"
    for path, text in ((test, "the parser's tokens , lower case"), (gold, "The gold sentence, as written.")):
        path.write_text(f"# ::id s1\n# ::snt {text}\n(s / say-01 :ARG0 (p / person))\n", encoding="utf-8")
    window = shown_window(qtbot, tmp_path, (test, gold))
    assert "The gold sentence, as written." in window.pair_view.sentence.text()
    assert write_panel(window.context, "graphs", tmp_path / "graphs.svg")
    assert write_panel(window.context, "rounds", tmp_path / "rounds.svg")
    for name in ("graphs.svg", "rounds.svg"):
        text = (tmp_path / name).read_text(encoding="utf-8")
        assert "sentence: The gold sentence, as written." in text and "parser" not in text, name


def test_the_scores_csv_comes_with_its_parameters_beside_it(qtbot, tmp_path):
    """The CSV is the command line's, byte for byte (any CSV reader takes it); the profile, the
    parameters and the files scored go in NAME.params.json beside it (the CSV carried none)."""
    window = shown_window(qtbot, tmp_path, SYS_PAIR)
    corpus = window.state.scoring.corpus
    assert write_scores(window.context, tmp_path / "scores.csv")
    assert (tmp_path / "scores.csv").read_text(encoding="utf-8") == render(corpus, "csv")
    beside = json.loads((tmp_path / "scores.params.json").read_text(encoding="utf-8"))
    assert beside == {
        "scores": "scores.csv",
        "test": str(SYS_PAIR[0]),
        "gold": str(SYS_PAIR[1]),
        "profile": corpus.params.profile,
        "params": params_dict(corpus.params),
    }
    assert "scores.params.json" in window.status_line.label.text()
    assert write_scores(window.context, tmp_path / "scores.json")  # the JSON holds them already
    assert not (tmp_path / "scores.params.json.json").exists() and len(list(tmp_path.glob("*.params.json"))) == 1
