"""File > Recent Files and what the app opens when started without files: entries told apart by
their folder when their names are alike, whole paths in their tips, annotator sets (with their
gold) among them, and the last files reopened at the start (the demo when there are none or
they are gone), the status line saying which."""

from pathlib import Path

from engine.demos import DEFAULT_DEMO
from engine.scoring import MatrixResult
from ui.app_state import AppState
from ui.shell.commands.files import open_at_start, recent_titles
from ui.state.settings import AppSettings, RecentFiles

from .conftest import required
from .ui_support import (
    ANNOTATOR_FILES,
    SPEC_PAIR,
    SYS_PAIR,
    open_annotators,
    score_now,
    shown_window,
    temporary_settings,
)


def matrix_now(state: AppState) -> MatrixResult:
    """The annotators' matrix open now, which must be there (read in a call: after an ``is None``
    check mypy would take it for None even once a matrix is opened again)."""
    return required(state.annotators.result)


def copied(folder: Path, paths) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    copies = [folder / path.name for path in paths]
    for copy, path in zip(copies, paths):
        copy.write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    return copies


def recent_menu(window):
    menu = window.action_set.submenus["recent"]
    return menu, [(action.text(), action.toolTip(), action.statusTip()) for action in menu.actions()]


def test_entries_alike_by_name_show_their_folder_and_every_path(qtbot, tmp_path):
    window = shown_window(qtbot, tmp_path, SYS_PAIR)  # the demo's comptest_sys.txt vs comptest_gold.txt
    copies = copied(tmp_path / "mine" / "metamorphosed", SYS_PAIR)  # the same names elsewhere
    score_now(window.state, *copies)
    score_now(window.state, *SPEC_PAIR)
    menu, entries = recent_menu(window)
    assert [text for text, _, _ in entries] == [
        "&1 spec_examples_test.amr vs spec_examples_gold.amr",  # no other entry of these names: no folder
        "&2 comptest_sys.txt vs comptest_gold.txt  in …/mine/metamorphosed",
        "&3 comptest_sys.txt vs comptest_gold.txt  in …/demo/metamorphosed",
    ]
    assert menu.toolTipsVisible()
    for (_, tip, status), (test, gold) in zip(entries[1:], (copies, SYS_PAIR)):
        assert tip == status == f"test: {test.resolve()}   gold: {gold.resolve()}"


def test_an_annotator_set_is_remembered_with_its_gold_and_reopens_as_the_matrix(qtbot, tmp_path):
    window = shown_window(qtbot, tmp_path, None)
    state = window.state
    open_annotators(qtbot, state, ANNOTATOR_FILES, gold=ANNOTATOR_FILES[2])
    with qtbot.waitSignal(state.scoring.corpus_changed, timeout=30000):
        state.annotators.open_cell(1, 0)  # a cell of the matrix is no recent pair: its annotators are
    entry = state.settings.recent()[0]
    assert entry == RecentFiles(tuple(path.resolve() for path in ANNOTATOR_FILES), True, ANNOTATOR_FILES[2].resolve())
    assert len(state.settings.recent()) == 1
    with qtbot.waitSignal(state.scoring.corpus_changed, timeout=30000):
        state.scoring.open_pair(*SPEC_PAIR)  # other files: the matrix closes
    assert state.annotators.result is None
    menu, entries = recent_menu(window)
    text, tip, _ = entries[1]
    assert (
        text
        == "&2 4 annotators: comptest_annot1.txt, comptest_annot3.txt, comptest_gold.txt, ... (gold comptest_gold.txt)"
    )
    assert tip.startswith(f"annotators: {ANNOTATOR_FILES[0].resolve()}, ") and tip.endswith(
        f"gold: {ANNOTATOR_FILES[2].resolve()}"
    )
    with qtbot.waitSignals([state.annotators.matrix_changed, state.scoring.corpus_changed], timeout=30000):
        menu.actions()[1].trigger()
    assert matrix_now(state).gold == 2 and len(matrix_now(state).names) == 4
    assert state.scoring.files.gold_path.name == "comptest_gold.txt"  # its default cell: against the gold


def messages(state):
    shown: list[str] = []
    state.messages.message.connect(shown.append)
    return shown


def test_the_start_opens_the_last_files_else_the_demo_and_says_which(qtbot, tmp_path):
    settings = temporary_settings(tmp_path)
    window = shown_window(qtbot, tmp_path, None, settings=settings)  # a fresh machine: nothing opened before
    shown = messages(window.state)
    with qtbot.waitSignal(window.state.scoring.corpus_changed, timeout=30000):
        open_at_start(window.context)
    assert window.state.scoring.files.test_path == DEFAULT_DEMO.test
    assert shown[-1].startswith("Opened the bundled demo (no files were opened before): 5 pairs scored from")
    annotators = copied(tmp_path / "set", ANNOTATOR_FILES)
    open_annotators(qtbot, window.state, annotators, gold=annotators[2])
    window.close()

    again = shown_window(qtbot, tmp_path, None, settings=settings)  # the next start
    shown = messages(again.state)
    with qtbot.waitSignals([again.state.annotators.matrix_changed, again.state.scoring.corpus_changed], timeout=30000):
        open_at_start(again.context)
    assert again.state.annotators.result.gold == 2 and again.state.scoring.files.paths == tuple(annotators)
    assert shown[-1].startswith(
        "Reopened the files opened last (4 annotators: comptest_annot1.txt, "
        "comptest_annot3.txt, comptest_gold.txt, ... (gold comptest_gold.txt); "
        "demos: File > Open Demo): "
    )
    again.close()

    annotators[3].unlink()  # one of the last files is gone: the demo
    third = shown_window(qtbot, tmp_path, None, settings=settings)
    shown = messages(third.state)
    with qtbot.waitSignal(third.state.scoring.corpus_changed, timeout=30000):
        open_at_start(third.context)
    assert third.state.scoring.files.test_path == DEFAULT_DEMO.test and third.state.annotators.result is None
    assert shown[-1].startswith(
        f"Opened the bundled demo ({annotators[3].resolve()}, opened last, is no longer there): "
    )


def test_the_gold_chosen_last_comes_back_with_the_annotators(qtbot, tmp_path):
    """A new user chose another Gold above the matrix, restarted, and found the gold of the
    opening again: the choice is remembered, in the set's one recent entry."""
    settings = temporary_settings(tmp_path)
    window = shown_window(qtbot, tmp_path, None, settings=settings)
    annotators = copied(tmp_path / "set", ANNOTATOR_FILES)
    open_annotators(qtbot, window.state, annotators, gold=annotators[2])
    window.annotators_panel.gold_box.setCurrentIndex(1 + 1)  # "(none)" first: annotator 1
    assert matrix_now(window.state).gold == 1
    entries = window.state.settings.recent()
    assert [entry.gold for entry in entries] == [annotators[1].resolve()]  # one entry, the gold chosen last
    window.annotators_panel.gold_box.setCurrentIndex(0)  # no gold, remembered too
    assert window.state.settings.recent() == [RecentFiles(tuple(p.resolve() for p in annotators), True, None)]
    window.annotators_panel.gold_box.setCurrentIndex(1 + 3)
    window.close()

    again = shown_window(qtbot, tmp_path, None, settings=settings)  # the next start: the files opened last
    with qtbot.waitSignals([again.state.annotators.matrix_changed, again.state.scoring.corpus_changed], timeout=30000):
        open_at_start(again.context)
    assert matrix_now(again.state).gold == 3
    again.close()


def test_saved_entries_old_and_new_and_unusable(tmp_path):
    qsettings = temporary_settings(tmp_path)
    settings = AppSettings(qsettings)
    qsettings.setValue(
        "recent/pairs",
        '[["t", "g"], {"annotators": ["a", "b", "c"], "gold": "b"}, '
        '{"annotators": ["a"]}, {"annotators": ["a", "b"], "gold": 3}, {"gold": "x"}]',
    )
    assert settings.recent() == [
        RecentFiles((Path("t"), Path("g"))),
        RecentFiles((Path("a"), Path("b"), Path("c")), True, Path("b")),
    ]
    settings.remember_annotators([tmp_path / "x", tmp_path / "y"], None)
    assert settings.recent()[0] == RecentFiles((tmp_path / "x", tmp_path / "y"), True, None)
    assert settings.recent()[0].title() == "2 annotators: x, y" and len(settings.recent()) == 3


def test_titles_show_as_much_of_the_folder_as_tells_them_apart():
    entries = [RecentFiles((Path(f"/{top}/demo/x/t.txt"), Path(f"/{top}/demo/x/g.txt"))) for top in "ab"]
    entries.append(RecentFiles((Path("/c/y/t.txt"), Path("/c/y/g.txt"))))
    entries.append(RecentFiles((Path("/c/y/t.txt"), Path("/c/z/g.txt"))))  # two folders: their common one
    assert recent_titles(entries) == [
        "t.txt vs g.txt  in …/a/demo/x",
        "t.txt vs g.txt  in …/b/demo/x",
        "t.txt vs g.txt  in …/y",
        "t.txt vs g.txt  in …/c",
    ]
