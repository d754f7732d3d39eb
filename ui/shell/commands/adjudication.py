"""Adjudication commands: make or resume a session on the loaded files, open or close a
session file, the adjudicator's name, statuses, verdicts, undo and redo, and the exports
(adjudicated file, decisions log, session report)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QFileDialog, QMessageBox

from engine.adjudication import AdjudicationError, Session, find_session, progress
from engine.adjudication.lock import LockHolder, is_stale
from engine.adjudication.progress import local_time
from engine.adjudication.schema import ReviewStatus
from engine.layout.pair import plural

from ...adjudication.dialogs import NameDialog, NewSessionDialog
from ...adjudication.tasks import EXPORTS, ExportKind, NewSession, session_params
from ...state.settings import Place
from .context import Context
from .save_dialog import ask_save_path

__all__ = [
    "EXPORT_SUFFIXES",
    "adjudicate",
    "ask_name",
    "choose_session",
    "chosen_gold",
    "close_session",
    "describe_session",
    "edit_preferences",
    "export",
    "judge",
    "open_session",
    "resume_choice",
    "return_to",
    "set_status",
]

EXPORT_SUFFIXES: dict[ExportKind, tuple[str, str]] = {
    "corpus": (".adjudicated.amr", "PENMAN (*.amr *.txt)"),
    "log": (".decisions.json", "JSON (*.json)"),
    "report": (".report.html", "HTML (*.html)"),
}


def ask_name(ctx: Context, force: bool = False) -> str | None:
    """The adjudicator's name from the preferences, asked for (and kept) when there is none
    yet or when ``force``; None when the person cancels."""
    settings = ctx.state.settings
    name = settings.adjudicator()
    if name and not force:
        return name
    dialog = NameDialog(name, ctx.window)
    if not dialog.exec() or not dialog.name():
        return None
    settings.save_adjudicator(dialog.name())
    return dialog.name()


def edit_preferences(ctx: Context) -> None:
    """Edit > Preferences: the adjudicator's name (an open session is reopened under it)."""
    before = ctx.state.settings.adjudicator()
    name = ask_name(ctx, force=True)
    session = ctx.state.adjudication.session
    if name and name != before and session is not None:
        path = session.path
        ctx.state.adjudication.close()
        open_session(ctx, path)


def _refuse(ctx: Context, text: str) -> None:
    QMessageBox.warning(ctx.window, "Adjudication session", text)


def describe_session(path: Path) -> str:
    """A few lines on a session file: progress, who has it open, files changed since."""
    try:
        with Session.open(path, readonly=True) as session:
            state = progress(session)
    except AdjudicationError as error:
        return f"{path} cannot be read: {error}"
    done = state.sentences - state.by_status[ReviewStatus.NOT_REVIEWED]
    decisions = plural(state.decisions["active"], "decision")
    lines = [f"{path}", f"{done} of {state.sentences} sentences reviewed; {decisions}."]
    if state.last_change is not None:
        lines.append(f"Last change {local_time(state.last_change.at)} by {state.last_change.author}.")
    if state.writer is not None:
        lines.append(f"Open for writing by {state.writer}.")
    lines += [f"{change}." for change in state.changed_files]
    return "\n".join(lines)


def live_writer(ctx: Context, path: Path) -> LockHolder | None:
    """Who has the session open for writing now - another window or process that is still
    there (None: nobody, a lock that would be taken over, or a file that cannot be read)."""
    try:
        with Session.open(path, readonly=True) as session:
            holder = session.lock_holder
    except AdjudicationError:
        return None
    return holder if holder is not None and not is_stale(holder, ctx.state.adjudication.clock()) else None


def resume_choice(ctx: Context, path: Path) -> str | None:
    """Ask whether to resume the session found for the loaded files: "resume", "new" or None.
    A session another live window holds cannot be resumed: the question says who holds it
    and offers a new session only."""
    holder = live_writer(ctx, path)
    if holder is None:
        box = QMessageBox(
            QMessageBox.Icon.Question,
            "Resume adjudication?",
            "These files already have an adjudication session:",
            parent=ctx.window,
        )
    else:
        box = QMessageBox(
            QMessageBox.Icon.Information,
            "Adjudication session in use",
            f"These files' adjudication session is open for writing by {holder}. It can be "
            "resumed here once it is closed there (or that window ends); meanwhile you can "
            "make a new session.",
            parent=ctx.window,
        )
    box.setInformativeText(describe_session(path))
    resume = box.addButton("Resume", QMessageBox.ButtonRole.AcceptRole) if holder is None else None
    new = box.addButton("New Session...", QMessageBox.ButtonRole.ActionRole)
    cancel = box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(resume if resume is not None else cancel)
    box.exec()
    clicked = box.clickedButton()
    return "resume" if resume is not None and clicked is resume else "new" if clicked is new else None


def chosen_gold(ctx: Context) -> Path | None:
    """The gold the files were opened with: the annotators' matrix's gold when the loaded files
    are its annotators (None when it has none), else the gold file of the pair opened."""
    state = ctx.state
    if state.scoring.files is None:
        return None
    matrix = state.annotators.result
    if state.annotators.cell_of(state.scoring.files) is not None and matrix is not None:
        return state.scoring.files.paths[matrix.gold] if matrix.gold is not None else None
    return state.scoring.files.gold_path


def adjudicate(ctx: Context) -> None:
    """Adjudicate the loaded files: resume their session (asked) or make a new one."""
    state = ctx.state
    if state.scoring.files is None:
        state.messages.show_problem("Open the annotation files first (File > Open Test and Gold).")
        return
    name = ask_name(ctx)
    if name is None:
        return
    paths = list(state.scoring.files.paths)
    found = find_session(paths)
    if found is not None:
        choice = resume_choice(ctx, found)
        if choice == "resume":
            open_session(ctx, found, resume=True)
        if choice != "new":
            return
    dialog = NewSessionDialog(paths, ctx.window, chosen_gold(ctx))
    if not dialog.exec():
        return
    if dialog.path().exists():
        _refuse(ctx, f"{dialog.path()} is already there: open it, or choose another name.")
        return
    request = NewSession(
        tuple(paths),
        name,
        dialog.path(),
        dialog.gold(),
        dialog.start(),
        session_params(state.scoring.params),
        state.adjudication.clock,
    )
    state.adjudication.create(request)


def open_session(ctx: Context, path: Path, resume: bool = False) -> bool:
    """Open a session file for writing under the adjudicator's name (its files are loaded
    when others are shown), at the sentence of its last change when ``resume``; another
    writer's lock is refused with the engine's reason."""
    name = ask_name(ctx)
    if name is None:
        return False
    problem = ctx.state.adjudication.open(path, name, resume)
    if problem is not None:
        _refuse(ctx, f"Could not open the adjudication session:\n{problem}")
        return False
    return True


def choose_session(ctx: Context) -> None:
    """Adjudication > Open Session File."""
    files = ctx.state.scoring.files
    start = str(files.paths[0].parent) if files is not None else ""
    path, _ = QFileDialog.getOpenFileName(
        ctx.window, "Open an adjudication session", start, "Adjudication session (*.sqlite);;All files (*)"
    )
    if path:
        open_session(ctx, Path(path), resume=True)


def return_to(ctx: Context, place: Place) -> None:
    """After a restart, once the files of ``place`` are scored (its pair selected as they
    were opened): reopen the session that was open - under the adjudicator's name, not asked
    for - and apply the filter that was set. Nothing when other files come first."""
    state = ctx.state

    def scored(corpus) -> None:
        state.scoring.corpus_changed.disconnect(scored)
        files = state.scoring.files
        if corpus is not None and files is not None and place.of(files.paths):
            QTimer.singleShot(0, come_back)  # once the scores are reported: the session's report comes after

    def come_back() -> None:
        name = state.settings.adjudicator()
        if place.session is not None and place.session.is_file() and name:
            state.adjudication.open(place.session, name)
        if place.filter:
            state.selection.set_filter(place.filter)

    state.scoring.corpus_changed.connect(scored)


def close_session(ctx: Context) -> None:
    """Adjudication > Close Session: the files are scored in the user's roles again (a session
    without a gold scores its other annotator against the one the sentences start from)."""
    ctx.state.adjudication.close()
    ctx.state.open_chosen()


def set_status(ctx: Context, status: ReviewStatus) -> None:
    ctx.state.adjudication.set_status(status)


def judge(ctx: Context, accept: bool) -> None:
    """Accept or reject the selected mismatched triple."""
    adjudication = ctx.state.adjudication
    row = adjudication.row
    if row is None or not row.mismatched:
        ctx.state.messages.show("Select a mismatched triple in the Adjudication panel first.")
        return
    adjudication.judge(row, accept)


def export(ctx: Context, kind: ExportKind) -> None:
    """Ask where (in the folder of the last export, as every export does), then write the
    adjudicated file, the decisions log or the report (on a worker)."""
    session = ctx.state.adjudication.session
    if session is None:
        return
    suffix, kinds = EXPORT_SUFFIXES[kind]
    if kind == "corpus" and session.format == "umr":
        suffix, kinds = ".adjudicated.umr", "UMR (*.umr *.txt)"
    name = session.path.name.removesuffix(".sqlite").removesuffix(".adjudication") + suffix
    chosen = ask_save_path(ctx, f"Export the {EXPORTS[kind]}", name, (kinds,))  # in the last export's folder
    if chosen is not None:
        ctx.state.adjudication.export(kind, chosen[0])
