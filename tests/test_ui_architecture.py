"""The UI's layout rules: panels know the state, not each other; a small main window; Qt-free models."""

import ast

import pytest

from .conftest import ROOT

UI = ROOT / "ui"
PANELS = {
    "corpus.panel",
    "corpus.pair_view",
    "pair.triples_panel",
    "rounds.panel",
    "corpus.document_panel",
    "corpus.smatch_panel",
    "pair.comparison_panel",
    "pair.graph_view",
    "shell.status",
    "pair.penman_panel",
    "pair.alignment_panel",
    "pair.find_bar",
    "adjudication.panel",
    "annotators.panel",
    "annotators.confusion_panel",
    "drs.clause_panel",
    "drs.dscorer_panel",
    "teach.lesson_panel",
    "teach.explanation_panel",
    "teach.steps_panel",
    "teach.convergence_panel",
}
QT_FREE = {
    "state.files",
    "common.sides",
    "state.tasks",
    "state.trace_cache",
    "state.filter_expression",
    "pair.penman_highlight",
    "shell.perspectives",
    "common.navigation",
}
QT_FREE |= {"annotators.tasks", "annotators.views", "annotators.report"}  # several annotators
QT_FREE |= {"rounds.model", "rounds.window", "rounds.scale", "rounds.svg"}  # the rounds panel's model
QT_FREE |= {"adjudication.rows", "adjudication.tasks"}  # what the adjudication shows and its work
QT_FREE |= {"drs.kgram_rows"}  # the DScorer panel's k-grams
QT_FREE |= {"teach.model", "teach.explanation", "teach.prediction", "teach.guide", "teach.captions", "teach.slides"}
QT_FREE |= {"desktop.files", "desktop.entry"}  # the icon's files and the desktop entry (installed without Qt)
QT_FREE |= {"help.pages"}  # where the user guide is (setup.py reads it too) and what its links lead to


def source(module: str) -> ast.Module:
    return ast.parse((UI / f"{module.replace('.', '/')}.py").read_text(encoding="utf-8"))


def local_imports(module: str) -> set[str]:
    """The ui modules (dotted, without ``ui.``) that ``module`` imports from."""
    package = module.split(".")[:-1]
    names = set()
    for node in ast.walk(source(module)):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = package[: len(package) - (node.level - 1)]
            names.add(".".join(base + ([node.module] if node.module else [])))
        elif isinstance(node, ast.ImportFrom) and node.module is not None and node.module.startswith("ui."):
            names.add(node.module.removeprefix("ui."))
    return names


def all_imports(module: str) -> set[str]:
    tree = source(module)
    names = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    return names | {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}


@pytest.mark.parametrize("panel", sorted(PANELS - {"pair.graph_view"}))
def test_no_panel_imports_another_panel(panel):
    allowed = {"pair.graph_view"} if panel == "pair.comparison_panel" else set()  # its drawing
    assert local_imports(panel) & PANELS - allowed == set()


@pytest.mark.parametrize("module", sorted(QT_FREE))
def test_models_are_qt_free(module):
    assert not any(name.startswith(("PySide6", "pyqtgraph")) for name in all_imports(module))


def test_the_main_window_only_assembles():
    tree = source("shell.main_window")
    window = next(node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == "MainWindow")
    methods = [node.name for node in window.body if isinstance(node, ast.FunctionDef)]
    assert len(methods) <= 25, methods
    assert "engine" not in {name.split(".")[0] for name in all_imports("shell.main_window")}


def test_views_follow_the_state_through_one_guard():
    """A view showing the state's value uses :class:`ui.common.binding.SyncGuard`, never flags set
    and cleared by hand nor blocked signals, which an error would leave set."""
    for path in UI.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "blockSignals(" not in text and "_syncing = " not in text, path
