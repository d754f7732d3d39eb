"""Every menu command declared once, in :data:`TABLE`, and the builder of the menus and the
toolbar from it. An action's handler takes the :class:`~ui.shell.commands.Context`; its
``enabled_when`` takes the state and is checked again whenever the state changes."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import attrgetter

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu, QStyle, QToolBar

from engine.adjudication.schema import ReviewStatus

from ..adjudication import dialogs as adjudication_dialogs
from ..adjudication.tasks import ExportKind
from ..annotators.views import compare_blocked
from ..app_state import AppState
from ..state.settings import APP_NAME
from .commands import (
    Context,
    about,
    adjudication,
    annotators,
    compare,
    exports,
    files,
    guide,
    navigation,
    plots,
    scoring,
    teaching,
)
from .perspectives import perspective
from .shortcuts_dialog import ShortcutsDialog

__all__ = ["TABLE", "ActionSpec", "Actions", "SubmenuSpec", "build_actions", "perspective_action", "shortcut_rows"]

Handler = Callable[[Context], None]
Condition = Callable[[AppState], bool]
Icon = QStyle.StandardPixmap
Keys = QKeySequence.StandardKey


@dataclass(frozen=True)
class ActionSpec:
    """One command: where it is shown, its key, icon and tip, what it does and when it can."""

    key: str
    text: str
    handler: Handler
    menu: str
    shortcut: str | QKeySequence.StandardKey | None = None
    icon: QStyle.StandardPixmap | None = None
    tip: str = ""
    toolbar: bool = False
    enabled_when: Condition | None = None
    group: str = ""  # a separator goes between groups of one menu
    text_when: Callable[[AppState], str] | None = None  # the text as the state changes (asked with enabled_when)
    checked_when: Condition | None = None  # a checkable action: whether it is checked (asked with enabled_when)
    # why it is disabled now (None: it is not), shown as the menu entry's tooltip in place of ``tip``
    why_disabled: Callable[[AppState], str | None] | None = None


@dataclass(frozen=True)
class SubmenuSpec:
    """A submenu filled by ``entries(ctx)`` -> [(text, tip, handler)], refilled on the state's
    ``refresh_on`` signal; disabled while empty."""

    key: str
    title: str
    entries: Callable[[Context], list]
    menu: str
    refresh_on: str | None = None
    group: str = ""


def _loaded_and_idle(state: AppState) -> bool:
    return state.scoring.loaded is not None and not state.scoring.busy


def _has_corpus(state: AppState) -> bool:
    return state.scoring.corpus is not None


def _has_pair(state: AppState) -> bool:
    return state.selection.pair is not None


def _can_adjudicate(state: AppState) -> bool:
    return state.scoring.corpus is not None and not state.adjudication.busy


def _step_text(verb: str, step: str, longest: int = 60) -> str:
    """``&Undo`` and the step it would undo, cut short.

    >>> _step_text("&Undo", "sentence 2: status needs discussion")
    '&Undo sentence 2: status needs discussion'
    >>> _step_text("&Redo", "")
    '&Redo'
    """
    if not step:
        return verb
    return f"{verb} {step if len(step) <= longest else step[: longest - 1] + '…'}"


def _has_matrix(state: AppState) -> bool:
    return state.annotators.result is not None


def _matrix_with_gold(state: AppState) -> bool:
    """Two annotators of the matrix can be compared against its gold."""
    return compare_blocked(state.annotators.result) is None


def _has_comparison(state: AppState) -> bool:
    return state.compare.comparison is not None


def _has_plots(state: AppState) -> bool:
    return state.scoring.corpus is not None or state.annotators.result is not None or _has_comparison(state)


def _comparing(state: AppState) -> bool:
    return _has_comparison(state) or state.compare.busy


def _busy(state: AppState) -> bool:
    return state.scoring.busy or state.compare.busy


def _has_confusion(state: AppState) -> bool:
    return state.annotators.confusion is not None


def _in_session(state: AppState) -> bool:
    return state.adjudication.session is not None


def _on_sentence(state: AppState) -> bool:
    return state.adjudication.current is not None


def _on_mismatch(state: AppState) -> bool:
    row = state.adjudication.row
    return row is not None and row.mismatched


def _teaching(state: AppState) -> bool:
    """The Teaching perspective is in front with a lesson (its single keys step only there)."""
    return state.teaching.shown and state.teaching.lesson is not None


FILE, EDIT, SCORING, ADJUDICATION, VIEW, TEACH, GO, HELP = (
    "&File",
    "&Edit",
    "&Scoring",
    "&Adjudication",
    "&View",
    "&Teach",
    "&Go",
    "&Help",
)
MENUS = (FILE, EDIT, SCORING, ADJUDICATION, VIEW, TEACH, GO, HELP)


def _graph_edit(key: str, text: str, tip: str, edit) -> ActionSpec:
    """An Adjudication menu entry opening one of the graph-edit dialogs for the current sentence."""
    return ActionSpec(
        key,
        text,
        lambda ctx: edit(ctx.window, ctx.state.adjudication),
        ADJUDICATION,
        tip=tip,
        enabled_when=_on_sentence,
        group="edit",
    )


STATUS_ENTRIES = (  # each status and its menu entry
    (ReviewStatus.NOT_REVIEWED, "&Not Reviewed"),
    (ReviewStatus.AGREED, "A&greed"),
    (ReviewStatus.NEEDS_DISCUSSION, "Needs &Discussion"),
    (ReviewStatus.ADJUDICATED, "Ad&judicated"),
)


def _status(number: int, status: ReviewStatus, text: str) -> ActionSpec:
    """Adjudication > Status: one of the statuses, on Alt+number (Ctrl+number shows a perspective)."""
    return ActionSpec(
        f"status_{status.name.lower()}",
        f"Status: {text}",
        lambda ctx: adjudication.set_status(ctx, status),
        ADJUDICATION,
        f"Alt+{number}",
        tip=f"Set the sentence's status to {status}",
        enabled_when=_on_sentence,
        group="status",
    )


def _export(key: str, kind: ExportKind, text: str, tip: str) -> ActionSpec:
    return ActionSpec(
        key,
        text,
        lambda ctx: adjudication.export(ctx, kind),
        ADJUDICATION,
        tip=tip,
        enabled_when=_in_session,
        group="export",
    )


def _step(key: str, text: str, shortcut: str, method: str, tip: str) -> ActionSpec:
    """Teach > a move through the lesson, on a single key while the Teaching perspective is in front."""
    return ActionSpec(
        key,
        text,
        lambda ctx: teaching.move(ctx, method),
        TEACH,
        shortcut,
        tip=tip,
        enabled_when=_teaching,
        group="steps",
    )


def perspective_action(key: str, text: str, shortcut: str | None, enabled_when: Condition | None = None) -> ActionSpec:
    """The View menu's entry that shows a perspective of :data:`ui.shell.perspectives.PERSPECTIVES`
    (``enabled_when``: while it has something to show, for a perspective that ``needs`` a panel)."""
    return ActionSpec(
        f"perspective_{key}",
        text,
        lambda ctx: navigation.show_perspective(ctx, key),
        VIEW,
        shortcut,
        tip=perspective(key).tip,
        enabled_when=enabled_when,
        group="perspectives",
    )


TABLE: tuple[ActionSpec | SubmenuSpec, ...] = (
    ActionSpec(
        "open_pair",
        "&Open Test and Gold...",
        files.choose_pair,
        FILE,
        Keys.Open,
        Icon.SP_DialogOpenButton,
        "Choose the test file, then the gold file",
        toolbar=True,
        group="open",
    ),
    ActionSpec(
        "open_test",
        "Open &Test...",
        lambda ctx: files.choose_side(ctx, "test"),
        FILE,
        "Ctrl+T",
        tip="Replace the test file",
        group="open",
    ),
    ActionSpec(
        "open_gold",
        "Open &Gold...",
        lambda ctx: files.choose_side(ctx, "gold"),
        FILE,
        "Ctrl+G",
        tip="Replace the gold file",
        group="open",
    ),
    ActionSpec(
        "swap",
        "S&wap Test and Gold",
        files.swap,
        FILE,
        "Ctrl+Shift+W",
        tip="Score gold against test",
        enabled_when=_loaded_and_idle,
        group="open",
    ),
    ActionSpec(
        "open_annotators",
        "Open &Annotators...",
        annotators.choose_annotators,
        FILE,
        "Ctrl+Shift+O",
        Icon.SP_DirOpenIcon,
        "Choose 2 to 20 annotators' files of the same sentences (and the gold one) for the agreement matrix",
        toolbar=True,
        group="open",
    ),
    SubmenuSpec("demos", "Open &Demo", files.demo_entries, FILE, group="open"),
    SubmenuSpec(
        "recent", "&Recent Files", files.recent_entries, FILE, refresh_on="scoring.recent_changed", group="open"
    ),
    ActionSpec(
        "compare_files",
        "Com&pare Two Files Against Gold...",
        compare.choose_files,
        FILE,
        tip="Choose A, B and a gold file: is the difference between A's and B's scores real? (every metric, "
        "a significance test, the sentences where they differ)",
        group="compare",
    ),
    ActionSpec(
        "compare_annotators",
        "Compare Two A&nnotators of the Matrix...",
        compare.choose_annotators,
        FILE,
        tip="Compare two annotators of the matrix against its gold, without scoring again",
        enabled_when=_matrix_with_gold,
        why_disabled=lambda state: compare_blocked(state.annotators.result),
        group="compare",
    ),
    ActionSpec(
        "export_scores",
        "&Export Scores...",
        exports.export_scores,
        FILE,
        "Ctrl+E",
        Icon.SP_DialogSaveButton,
        "Save the scores as CSV or JSON",
        toolbar=True,
        enabled_when=_has_corpus,
        group="export",
    ),
    ActionSpec(
        "export_graphs",
        "Export &Graphs...",
        lambda ctx: exports.export_panel(ctx, "graphs"),
        FILE,
        tip="Save both graphs of the pair as PNG or SVG",
        enabled_when=_has_pair,
        group="export",
    ),
    ActionSpec(
        "export_rounds",
        "Export &Heatmaps...",
        exports.export_heatmaps_dialog,
        FILE,
        tip="Save the heatmaps of the round shown, drawn from the matrices: PNG at a chosen DPI, SVG or PDF",
        enabled_when=_has_pair,
        group="export",
    ),
    ActionSpec(
        "export_slides",
        "Export &Lesson Slides...",
        teaching.export_slides,
        FILE,
        tip="Save the selected pair's lesson as a PDF, one page per step: heatmap, graphs, caption (vector text)",
        enabled_when=_has_pair,
        group="export",
    ),
    ActionSpec(
        "export_triples",
        "Export &Triples...",
        exports.export_triples,
        FILE,
        tip="Save the pair's triples table as CSV",
        enabled_when=_has_pair,
        group="export",
    ),
    ActionSpec(
        "export_report",
        "Export Pair &Report...",
        exports.export_report,
        FILE,
        "Ctrl+Shift+E",
        tip="Save an HTML report of the pair: scores, graphs, rounds, triples",
        enabled_when=_has_pair,
        group="export",
    ),
    ActionSpec(
        "export_matrix",
        "Export Annotator &Matrix...",
        annotators.export_matrix,
        FILE,
        tip="Save the annotators' matrix, annotator or sentence table as CSV or JSON, or its heatmap as PNG or SVG",
        enabled_when=_has_matrix,
        group="export",
    ),
    ActionSpec(
        "export_confusion",
        "Export Label &Confusion...",
        annotators.export_confusion,
        FILE,
        tip="Save the label confusion of the pair shown as CSV or JSON, or a heatmap as PNG or SVG",
        enabled_when=_has_confusion,
        group="export",
    ),
    ActionSpec(
        "export_plot",
        "Export P&lot...",
        lambda ctx: plots.export_plot(ctx),
        FILE,
        tip="Save a plot (corpus, annotators or comparison) as SVG, PDF or PNG at a chosen DPI, with the files, "
        "metric and parameters in it",
        enabled_when=_has_plots,
        group="export",
    ),
    ActionSpec(
        "export_comparison",
        "Export Compar&ison...",
        compare.export_comparison,
        FILE,
        tip="Save the comparison as an HTML report, JSON or CSV",
        enabled_when=_has_comparison,
        group="export",
    ),
    ActionSpec(
        "export_annotators_report",
        "Export &Annotators Report...",
        annotators.export_annotators_report,
        FILE,
        tip="Save an HTML report of the annotators: matrix, heatmaps, tables, label confusion",
        enabled_when=_has_matrix,
        group="export",
    ),
    # Ctrl+Q spelled out: QKeySequence.StandardKey.Quit is no key at all on some platforms
    ActionSpec("quit", "&Quit", files.quit_app, FILE, "Ctrl+Q", tip="Quit", group="quit"),
    ActionSpec(
        "undo",
        "&Undo",
        lambda ctx: ctx.state.adjudication.undo(),
        EDIT,
        "Ctrl+Z",
        tip="Undo the last adjudication change (written back at once)",
        enabled_when=lambda state: state.adjudication.stack.canUndo(),
        text_when=lambda state: _step_text("&Undo", state.adjudication.stack.undoText()),
    ),
    ActionSpec(
        "redo",
        "&Redo",
        lambda ctx: ctx.state.adjudication.redo(),
        EDIT,
        "Ctrl+Shift+Z",
        tip="Redo the adjudication change undone last",
        enabled_when=lambda state: state.adjudication.stack.canRedo(),
        text_when=lambda state: _step_text("&Redo", state.adjudication.stack.redoText()),
    ),
    ActionSpec(
        "preferences",
        "&Preferences...",
        adjudication.edit_preferences,
        EDIT,
        tip="Your name as adjudicator",
        group="preferences",
    ),
    ActionSpec(
        "rescore",
        "&Re-score",
        scoring.rescore,
        SCORING,
        "F5",
        Icon.SP_BrowserReload,
        "Score the loaded files again",
        toolbar=True,
        enabled_when=_loaded_and_idle,
    ),
    ActionSpec(
        "params",
        "&Parameters...",
        scoring.edit_params,
        SCORING,
        "Ctrl+,",
        Icon.SP_FileDialogDetailedView,
        "Change gamma, alpha, beta and anchors",
        toolbar=True,
    ),
    ActionSpec(
        "cancel",
        "&Cancel",
        lambda ctx: ctx.state.cancel(),
        SCORING,
        "Esc",
        Icon.SP_BrowserStop,
        "Stop scoring or comparing and keep the previous results",
        toolbar=True,
        enabled_when=_busy,
    ),
    ActionSpec(
        "adjudicate",
        "&Adjudicate Loaded Files...",
        adjudication.adjudicate,
        ADJUDICATION,
        "Ctrl+J",
        tip="Make an adjudication session of the loaded files, or resume theirs",
        enabled_when=_can_adjudicate,
        group="session",
    ),
    ActionSpec(
        "open_session",
        "&Open Session File...",
        adjudication.choose_session,
        ADJUDICATION,
        tip="Open an adjudication session file and its annotation files",
        group="session",
    ),
    ActionSpec(
        "close_session",
        "&Close Session",
        adjudication.close_session,
        ADJUDICATION,
        tip="Close the adjudication session (everything is saved in it already)",
        enabled_when=_in_session,
        group="session",
    ),
    *(_status(number, status, text) for number, (status, text) in enumerate(STATUS_ENTRIES, start=1)),
    ActionSpec(
        "accept",
        "A&ccept Triple",
        lambda ctx: adjudication.judge(ctx, True),
        ADJUDICATION,
        "Ctrl+Return",
        tip="Take the compared annotator's version of the selected triple",
        enabled_when=_on_mismatch,
        group="verdict",
    ),
    ActionSpec(
        "reject",
        "&Reject Triple",
        lambda ctx: adjudication.judge(ctx, False),
        ADJUDICATION,
        "Ctrl+Delete",
        tip="Keep the adjudicated version of the selected triple",
        enabled_when=_on_mismatch,
        group="verdict",
    ),
    _graph_edit("edit_concept", "Edit C&oncept...", "Change a node's concept", adjudication_dialogs.edit_concept),
    _graph_edit("add_node", "Add &Node...", "Add a node under another", adjudication_dialogs.edit_new_node),
    _graph_edit(
        "edit_relation",
        "Edit R&elation...",
        "Change a relation's label, or remove it",
        adjudication_dialogs.edit_relation,
    ),
    _graph_edit(
        "add_relation",
        "Add Re&lation...",
        "Relate two nodes, or a node to a constant",
        adjudication_dialogs.edit_new_relation,
    ),
    _graph_edit(
        "edit_alignment", "Correct Al&ignment...", "Pin or exclude a pair of nodes", adjudication_dialogs.edit_alignment
    ),
    _export(
        "export_adjudicated",
        "corpus",
        "Export Adjudicated &File...",
        "Write the adjudicated corpus (PENMAN or UMR), read back first",
    ),
    _export(
        "export_decisions", "log", "Export Decisions &Log...", "Write every change with its time and author (JSON)"
    ),
    _export(
        "export_session_report",
        "report",
        "Export Session Re&port...",
        "Write the session's progress and agreement (HTML)",
    ),
    ActionSpec(
        "filter",
        "&Filter Pairs",
        lambda ctx: ctx.corpus.focus_filter(),
        VIEW,
        Keys.Find,
        tip="Filter the pairs by text or by score",
        group="corpus",
    ),
    perspective_action("corpus", "&Corpus Perspective", "Ctrl+1"),
    perspective_action("pair", "&Pair Perspective", "Ctrl+2"),
    perspective_action("rounds", "R&ounds Perspective", "Ctrl+3"),
    perspective_action("annotators", "&Annotators Perspective", "Ctrl+4"),
    perspective_action("adjudication", "A&djudication Perspective", "Ctrl+5", _in_session),
    perspective_action("compare", "Co&mpare Perspective", None, _comparing),
    perspective_action("teach", "&Teaching Perspective", "Ctrl+6"),
    ActionSpec(
        "reset_layout",
        "Reset &Layout",
        navigation.reset_layout,
        VIEW,
        tip="Put every perspective back to its default arrangement",
        group="layout",
    ),
    ActionSpec(
        "previous_round",
        "P&revious Round",
        lambda ctx: ctx.heatmaps.step(-1),
        VIEW,
        "Alt+Left",
        tip="Show the previous round of the alignment",
        enabled_when=_has_pair,
        group="rounds",
    ),
    ActionSpec(
        "next_round",
        "&Next Round",
        lambda ctx: ctx.heatmaps.step(1),
        VIEW,
        "Alt+Right",
        tip="Show the next round of the alignment",
        enabled_when=_has_pair,
        group="rounds",
    ),
    ActionSpec(
        "teach_pair",
        "&Teach This Pair",
        teaching.teach_this_pair,
        TEACH,
        "Ctrl+Shift+T",
        tip="Show the selected pair's alignment as a lesson, from its first step, in the Teaching perspective",
        enabled_when=_has_pair,
        group="lesson",
    ),
    _step("next_step", "&Next Step", "Space", "forward", "The next step of the lesson, or reveal the answer"),
    _step("previous_step", "&Previous Step", "Backspace", "back", "The previous step of the lesson"),
    _step("first_step", "&First Step", "Home", "home", "The first step of the lesson"),
    _step("last_step", "&Last Step", "End", "end", "The last step of the lesson"),
    _step("play", "P&lay or Pause", "P", "toggle_play", "Play the steps at the chosen speed; stops at each question"),
    ActionSpec(
        "predict",
        "P&redict Mode",
        lambda ctx: ctx.state.teaching.set_predicting(not ctx.state.teaching.predicting),
        TEACH,
        tip="Before a round's new anchors or a pick of the finalisation is revealed, the class clicks the cell it "
        "expects",
        checked_when=lambda state: state.teaching.predicting,
        group="modes",
    ),
    ActionSpec(
        "presentation",
        "Pre&sentation Mode",
        teaching.toggle_presentation,
        TEACH,
        "F11",
        tip="The lesson full screen for a projector: the teaching panels only, large text (F11 or Esc to leave)",
        checked_when=lambda state: state.teaching.presenting,
        group="modes",
    ),
    ActionSpec(
        "next_disagreement",
        "&Next Disagreeing Pair",
        lambda ctx: navigation.step_pair(ctx, 1),
        GO,
        "Alt+Down",
        tip="Select the next pair in the corpus table with an F1 below 1, an error or a missing graph",
        enabled_when=_has_corpus,
        group="pairs",
    ),
    ActionSpec(
        "previous_disagreement",
        "&Previous Disagreeing Pair",
        lambda ctx: navigation.step_pair(ctx, -1),
        GO,
        "Alt+Up",
        tip="Select the previous pair in the corpus table with an F1 below 1, an error or a missing graph",
        enabled_when=_has_corpus,
        group="pairs",
    ),
    ActionSpec(
        "next_mismatch",
        "Next &Unmatched Triple",
        lambda ctx: navigation.step_triple(ctx, 1),
        GO,
        "F8",
        tip="Select the pair's next triple that does not match",
        enabled_when=_has_pair,
        group="triples",
    ),
    ActionSpec(
        "previous_mismatch",
        "Previous Unmatched &Triple",
        lambda ctx: navigation.step_triple(ctx, -1),
        GO,
        "Shift+F8",
        tip="Select the pair's previous triple that does not match",
        enabled_when=_has_pair,
        group="triples",
    ),
    ActionSpec(
        "find",
        "&Find Node in Graphs...",
        navigation.find,
        GO,
        "Ctrl+Shift+F",
        tip="Find a variable, concept or value in both graphs",
        group="find",
    ),
    ActionSpec(
        "find_next",
        "Find Ne&xt",
        lambda ctx: navigation.find_step(ctx, 1),
        GO,
        "F3",
        tip="Show the next node that matches the find box",
        enabled_when=_has_pair,
        group="find",
    ),
    ActionSpec(
        "find_previous",
        "Find Pre&vious",
        lambda ctx: navigation.find_step(ctx, -1),
        GO,
        "Shift+F3",
        tip="Show the previous node that matches the find box",
        enabled_when=_has_pair,
        group="find",
    ),
    ActionSpec(
        "user_guide",
        "&User Guide",
        guide.show_user_guide,
        HELP,
        Keys.HelpContents,
        tip="The guides for annotators, adjudicators and teachers, and the app's reference, in a window beside the app",
        group="guide",
    ),
    ActionSpec(
        "open_log_folder",
        "Open &Log Folder",
        about.open_log_folder,
        HELP,
        tip="Show the folder of the app's log file, to attach it to a bug report",
    ),
    ActionSpec(
        "shortcuts",
        "&Keyboard Shortcuts",
        lambda ctx: _show_shortcuts(ctx),
        HELP,
        tip="Every command that has a key, by menu",
    ),
    ActionSpec("about", "&About", about.show_about, HELP, tip=f"About {APP_NAME}"),
)


def _show_shortcuts(ctx: Context) -> None:
    ShortcutsDialog(shortcut_rows(), ctx.window).exec()


def shortcut_rows(table: Sequence[ActionSpec | SubmenuSpec] = TABLE) -> list[tuple[str, str, str]]:
    """(menu, command, keys) of every command of ``table`` that has a key, menu by menu in the
    menu bar's order: what Help > Keyboard Shortcuts and docs/shortcuts.md list."""
    rows = [
        (
            MENUS.index(spec.menu),
            spec.menu.replace("&", ""),
            spec.text.replace("&", "").removesuffix("..."),
            QKeySequence(spec.shortcut).toString(QKeySequence.SequenceFormat.PortableText),
        )
        for spec in table
        if isinstance(spec, ActionSpec) and spec.shortcut is not None
    ]
    return [row[1:] for row in sorted(rows, key=lambda row: row[0])]


# the state's signals after which ``enabled_when`` is asked again
STATE_CHANGES = (
    "messages.busy_changed",
    "scoring.corpus_changed",
    "selection.pair_selected",
    "annotators.matrix_changed",
    "annotators.view_changed",  # another gold: two annotators can (or no longer) be compared against it
    "annotators.confusion_changed",
    "adjudication.changed",
    "compare.comparison_changed",
    "compare.busy_changed",
    "teaching.changed",
)


@dataclass
class Actions:
    """What :func:`build_actions` made: actions and submenus by key, the menus by title, the toolbar."""

    actions: dict[str, QAction]
    submenus: dict[str, QMenu]
    menus: dict[str, QMenu]
    toolbar: QToolBar

    def __getitem__(self, key: str) -> QAction:
        return self.actions[key]


def _action(window: QMainWindow, ctx: Context, text: str, tip: str, handler: Handler) -> QAction:
    action = QAction(text, window)
    action.setStatusTip(tip or text.replace("&", "").rstrip("."))
    action.triggered.connect(lambda checked=False: handler(ctx))
    return action


def _fill(window: QMainWindow, ctx: Context, menu: QMenu, spec: SubmenuSpec) -> None:
    menu.clear()
    menu.setToolTipsVisible(True)  # an entry's tip (e.g. a recent entry's whole paths) as its tooltip too
    entries = spec.entries(ctx)
    for text, tip, handler in entries:
        action = _action(window, ctx, text, tip, handler)
        action.setToolTip(tip)
        menu.addAction(action)
    menu.setEnabled(bool(entries))


def build_actions(window: QMainWindow, ctx: Context, table=TABLE) -> Actions:
    """The window's menus and toolbar, in the table's order."""
    built = Actions({}, {}, {title: window.menuBar().addMenu(title) for title in MENUS}, window.addToolBar("Main"))
    built.toolbar.setObjectName("main-toolbar")
    for menu in built.menus.values():
        menu.setToolTipsVisible(True)  # the tooltips set on purpose: why an entry is disabled
    built.toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
    last_group: dict[str, str] = {}
    for spec in table:
        menu = built.menus[spec.menu]
        if spec.menu in last_group and last_group[spec.menu] != spec.group:
            menu.addSeparator()
        last_group[spec.menu] = spec.group
        if isinstance(spec, SubmenuSpec):
            submenu = built.submenus[spec.key] = menu.addMenu(spec.title)
            _fill(window, ctx, submenu, spec)
            if spec.refresh_on:
                attrgetter(spec.refresh_on)(ctx.state).connect(
                    lambda *_, submenu=submenu, spec=spec: _fill(window, ctx, submenu, spec)
                )
            continue
        action = built.actions[spec.key] = _action(window, ctx, spec.text, spec.tip, spec.handler)
        action.setCheckable(spec.checked_when is not None)
        window.addAction(action)  # its key works with the menu bar hidden too (presentation mode)
        if spec.shortcut is not None:
            action.setShortcut(QKeySequence(spec.shortcut))
        if spec.icon is not None:
            action.setIcon(window.style().standardIcon(spec.icon))
        menu.addAction(action)
        if spec.toolbar:
            built.toolbar.addAction(action)

    def update_enabled(*_) -> None:
        for spec in table:
            if isinstance(spec, ActionSpec) and spec.enabled_when is not None:
                built.actions[spec.key].setEnabled(spec.enabled_when(ctx.state))
            if isinstance(spec, ActionSpec) and spec.text_when is not None:
                built.actions[spec.key].setText(spec.text_when(ctx.state))
            if isinstance(spec, ActionSpec) and spec.checked_when is not None:
                built.actions[spec.key].setChecked(spec.checked_when(ctx.state))
            if isinstance(spec, ActionSpec) and spec.why_disabled is not None:
                built.actions[spec.key].setToolTip(spec.why_disabled(ctx.state) or spec.tip)

    for name in STATE_CHANGES:
        attrgetter(name)(ctx.state).connect(update_enabled)
    update_enabled()
    return built
