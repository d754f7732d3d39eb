"""The action table: every README shortcut is declared once, menus and toolbar are built from it."""

import re

import pytest
from PySide6.QtWidgets import QMainWindow

from engine.demos import DEMOS
from ui.annotators.views import compare_blocked
from ui.app_state import AppState
from ui.corpus.panel import CorpusPanel
from ui.pair.comparison_panel import ComparisonPanel
from ui.rounds.panel import HeatmapPanel
from ui.shell.actions import MENUS, TABLE, ActionSpec, SubmenuSpec, build_actions, shortcut_rows
from ui.shell.commands import Context, teaching
from ui.shell.shortcuts_dialog import ShortcutsDialog

from .conftest import ROOT
from .ui_support import ANNOTATOR_FILES, SPEC_PAIR, SYS_PAIR, open_annotators, score_now, temporary_settings


@pytest.fixture
def built(qtbot, tmp_path):
    state = AppState(temporary_settings(tmp_path))
    window = QMainWindow()
    qtbot.addWidget(window)
    context = Context(state, window, CorpusPanel(state), ComparisonPanel(), HeatmapPanel(state))
    yield state, build_actions(window, context)
    state.shutdown()


def test_every_declared_shortcut_is_used_once(built):
    _, actions = built
    declared = [action.shortcut().toString() for action in actions.actions.values() if not action.shortcut().isEmpty()]
    assert declared and len(declared) == len(set(declared)), "a shortcut is used twice"


def test_keys_are_unique_and_every_action_has_a_tip():
    keys = [spec.key for spec in TABLE]
    assert len(keys) == len(set(keys))
    assert all(spec.tip for spec in TABLE if isinstance(spec, ActionSpec))


def test_menus_follow_the_table_with_separators_between_groups(built):
    _, actions = built
    assert list(actions.menus) == list(MENUS)
    file_menu = [action.text() or "-" for action in actions.menus["&File"].actions()]
    assert file_menu == [
        "&Open Test and Gold...",
        "Open &Test...",
        "Open &Gold...",
        "S&wap Test and Gold",
        "Open &Annotators...",
        "Open &Demo",
        "&Recent Files",
        "-",
        "Com&pare Two Files Against Gold...",
        "Compare Two A&nnotators of the Matrix...",
        "-",
        "&Export Scores...",
        "Export &Graphs...",
        "Export &Heatmaps...",
        "Export &Lesson Slides...",
        "Export &Triples...",
        "Export Pair &Report...",
        "Export Annotator &Matrix...",
        "Export Label &Confusion...",
        "Export P&lot...",
        "Export Compar&ison...",
        "Export &Annotators Report...",
        "-",
        "&Quit",
    ]
    assert [a.text() for a in actions.menus["&Scoring"].actions()] == ["&Re-score", "&Parameters...", "&Cancel"]
    assert [action.text() or "-" for action in actions.menus["&View"].actions()] == [
        "&Filter Pairs",
        "-",
        "&Corpus Perspective",
        "&Pair Perspective",
        "R&ounds Perspective",
        "&Annotators Perspective",
        "A&djudication Perspective",
        "Co&mpare Perspective",
        "&Teaching Perspective",
        "-",
        "Reset &Layout",
        "-",
        "P&revious Round",
        "&Next Round",
    ]
    assert [action.text() or "-" for action in actions.menus["&Teach"].actions()] == [
        "&Teach This Pair",
        "-",
        "&Next Step",
        "&Previous Step",
        "&First Step",
        "&Last Step",
        "P&lay or Pause",
        "-",
        "P&redict Mode",
        "Pre&sentation Mode",
    ]
    assert [action.text() or "-" for action in actions.menus["&Go"].actions()] == [
        "&Next Disagreeing Pair",
        "&Previous Disagreeing Pair",
        "-",
        "Next &Unmatched Triple",
        "Previous Unmatched &Triple",
        "-",
        "&Find Node in Graphs...",
        "Find Ne&xt",
        "Find Pre&vious",
    ]
    toolbar = [action.text() for action in actions.toolbar.actions()]
    assert toolbar == [spec.text for spec in TABLE if isinstance(spec, ActionSpec) and spec.toolbar]
    assert all(not actions[spec.key].icon().isNull() for spec in TABLE if isinstance(spec, ActionSpec) and spec.icon)


def test_demo_and_recent_submenus(qtbot, built):
    state, actions = built
    assert [a.text() for a in actions.submenus["demos"].actions()] == [teaching.demo_title(demo) for demo in DEMOS]
    assert not actions.submenus["recent"].isEnabled()
    score_now(state, *SPEC_PAIR)
    score_now(state, *SYS_PAIR)
    recent = actions.submenus["recent"]
    assert recent.isEnabled()
    assert [a.text() for a in recent.actions()] == [
        "&1 comptest_sys.txt vs comptest_gold.txt",
        "&2 spec_examples_test.amr vs spec_examples_gold.amr",
    ]
    with qtbot.waitSignal(state.scoring.corpus_changed, timeout=20000):
        actions.submenus["demos"].actions()[1].trigger()  # the AnCast paper examples
    assert state.scoring.files.test_path.name == "spec_examples_test.amr"


IN_SESSION = {
    "close_session",
    "status_not_reviewed",
    "status_agreed",
    "status_needs_discussion",
    "status_adjudicated",
    "accept",
    "reject",
    "edit_concept",
    "add_node",
    "edit_relation",
    "add_relation",
    "edit_alignment",
    "export_adjudicated",
    "export_decisions",
    "export_session_report",
    "perspective_adjudication",
}


LESSON_STEPS = {"next_step", "previous_step", "first_step", "last_step", "play"}  # in the Teaching perspective
COMPARING = {"compare_annotators", "export_comparison", "perspective_compare"}  # a matrix with a gold, a comparison


def test_edit_and_adjudication_menus(built):
    _, actions = built
    assert [a.text() or "-" for a in actions.menus["&Edit"].actions()] == ["&Undo", "&Redo", "-", "&Preferences..."]
    assert [a.text() or "-" for a in actions.menus["&Adjudication"].actions()] == [
        "&Adjudicate Loaded Files...",
        "&Open Session File...",
        "&Close Session",
        "-",
        "Status: &Not Reviewed",
        "Status: A&greed",
        "Status: Needs &Discussion",
        "Status: Ad&judicated",
        "-",
        "A&ccept Triple",
        "&Reject Triple",
        "-",
        "Edit C&oncept...",
        "Add &Node...",
        "Edit R&elation...",
        "Add Re&lation...",
        "Correct Al&ignment...",
        "-",
        "Export Adjudicated &File...",
        "Export Decisions &Log...",
        "Export Session Re&port...",
    ]


def test_actions_are_enabled_when_the_state_allows(qtbot, built):
    state, actions = built
    conditional = {spec.key for spec in TABLE if isinstance(spec, ActionSpec) and spec.enabled_when}
    assert (
        conditional
        == {
            "swap",
            "export_scores",
            "export_graphs",
            "export_rounds",
            "export_triples",
            "export_report",
            "rescore",
            "cancel",
            "previous_round",
            "next_round",
            "next_disagreement",
            "previous_disagreement",
            "next_mismatch",
            "previous_mismatch",
            "find_next",
            "find_previous",
            "export_matrix",
            "export_confusion",
            "export_annotators_report",
            "export_slides",
            "teach_pair",
            "export_plot",
        }
        | IN_SESSION
        | {"adjudicate", "undo", "redo"}
        | LESSON_STEPS
        | COMPARING
    )
    matrix = {"export_matrix", "export_annotators_report"}
    assert not any(actions[key].isEnabled() for key in conditional)
    assert actions["open_pair"].isEnabled() and actions["params"].isEnabled()
    with qtbot.waitSignal(state.scoring.corpus_changed, timeout=20000):
        state.scoring.open_pair(*SPEC_PAIR)
        assert actions["cancel"].isEnabled() and not actions["rescore"].isEnabled()
    qtbot.waitUntil(lambda: actions["export_confusion"].isEnabled())  # counted in the background
    # the adjudication's actions wait for a session (tests/test_ui_adjudication.py), undo and redo for a change
    assert {key for key in conditional if actions[key].isEnabled()} == (
        conditional - {"cancel", "undo", "redo"} - IN_SESSION - matrix - LESSON_STEPS - COMPARING
    )
    state.selection.set_filter("no such words")
    assert not actions["export_report"].isEnabled() and actions["export_scores"].isEnabled()
    assert not actions["next_mismatch"].isEnabled() and actions["next_disagreement"].isEnabled()


def test_submenus_are_declared_in_the_table():
    submenus = [spec for spec in TABLE if isinstance(spec, SubmenuSpec)]
    assert [(spec.key, spec.refresh_on) for spec in submenus] == [("demos", None), ("recent", "scoring.recent_changed")]
    assert all(re.fullmatch(r"[a-z_]+", spec.key) for spec in TABLE)


def test_help_lists_every_shortcut_of_the_table(built, monkeypatch):
    """Help > Keyboard Shortcuts: made from the action table, so a command given a key there is
    listed with no more work."""
    _, actions = built
    assert [action.text() for action in actions.menus["&Help"].actions()][-2:] == ["&Keyboard Shortcuts", "&About"]
    shown = []

    def show(dialog):
        shown.append(dialog)
        return 0

    monkeypatch.setattr(ShortcutsDialog, "exec", show)
    actions["shortcuts"].trigger()
    table = shown[0].table
    listed = [tuple(table.item(row, column).text() for column in range(3)) for row in range(table.rowCount())]
    keyed = [spec for spec in TABLE if isinstance(spec, ActionSpec) and spec.shortcut is not None]
    assert listed == shortcut_rows() and len(listed) == len(keyed)
    assert ("File", "Open Test and Gold", "Ctrl+O") in listed and ("Go", "Next Unmatched Triple", "F8") in listed
    new = ActionSpec("new", "&New Thing...", lambda ctx: None, "&Edit", "Ctrl+Alt+N", tip="A new command")
    assert ("Edit", "New Thing", "Ctrl+Alt+N") in shortcut_rows((*TABLE, new))


def test_the_shortcuts_page_lists_every_shortcut(qapp):
    """docs/shortcuts.md lists what Help > Keyboard Shortcuts lists, in the same order."""
    text = (ROOT / "docs" / "shortcuts.md").read_text(encoding="utf-8")
    table = text[text.index("| Menu | Command | Keys |") :].split("\n\n")[0].splitlines()[2:]
    assert [tuple(cell.strip() for cell in line.strip("|").split("|")) for line in table] == shortcut_rows()


def test_compare_two_annotators_says_why_it_is_disabled(qtbot, built):
    """Greyed out with no reason given (a menu shows no status tip of a disabled entry): its
    tooltip, shown in the menu, says what is missing, and is its tip once it can be used."""
    state, actions = built
    action = actions["compare_annotators"]
    spec = next(s for s in TABLE if isinstance(s, ActionSpec) and s.key == "compare_annotators")
    assert actions.menus["&File"].toolTipsVisible()
    assert not action.isEnabled() and action.toolTip() == compare_blocked(None)
    open_annotators(qtbot, state, ANNOTATOR_FILES)  # no gold yet
    assert not action.isEnabled() and action.toolTip().startswith("Choose a Gold annotator first")
    state.annotators.set_gold(2)
    assert action.isEnabled() and action.toolTip() == spec.tip
