"""The UI's layout rules: panels know the state, not each other; a small main window; Qt-free models."""

import ast

import pytest

from .conftest import ROOT

UI = ROOT / "ui"
PANELS = {
    "corpus_panel",
    "pair_view",
    "triples_panel",
    "heatmap_panel",
    "document_panel",
    "smatch_panel",
    "comparison_panel",
    "graph_view",
    "status",
    "penman_panel",
    "alignment_panel",
    "find_bar",
    "adjudication_panel",
    "annotators_panel",
    "confusion_panel",
    "clause_panel",
    "dscorer_panel",
}
QT_FREE = {
    "annotators", "selection", "tasks", "trace_cache", "filter_expression", "penman_highlight", "demos", "perspectives",
    "navigation",
}
QT_FREE |= {"annotator_tasks", "annotator_views", "annotators_report"}  # several annotators
QT_FREE |= {"heatmap_model", "heatmap_window", "heatmap_scale", "heatmap_svg"}  # the rounds panel's model
QT_FREE |= {"adjudication_rows", "adjudication_tasks"}  # what the adjudication shows and its work
QT_FREE |= {"kgram_rows"}  # the DScorer panel's k-grams


def local_imports(module: str) -> set[str]:
    tree = ast.parse((UI / f"{module}.py").read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            names.add((node.module or "").split(".")[0])
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and (node.module or "").startswith("ui."):
            names.add(node.module.split(".")[1])
    return names


def all_imports(module: str) -> set[str]:
    tree = ast.parse((UI / f"{module}.py").read_text(encoding="utf-8"))
    names = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    return names | {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}


@pytest.mark.parametrize("panel", sorted(PANELS - {"graph_view"}))
def test_no_panel_imports_another_panel(panel):
    allowed = {"graph_view"} if panel == "comparison_panel" else set()  # its drawing
    assert local_imports(panel) & PANELS - allowed == set()


@pytest.mark.parametrize("module", sorted(QT_FREE))
def test_models_are_qt_free(module):
    assert not any(name.startswith(("PySide6", "pyqtgraph")) for name in all_imports(module))


def test_the_main_window_only_assembles():
    tree = ast.parse((UI / "main_window.py").read_text(encoding="utf-8"))
    window = next(node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == "MainWindow")
    methods = [node.name for node in window.body if isinstance(node, ast.FunctionDef)]
    assert len(methods) <= 25, methods
    assert "engine" not in {name.split(".")[0] for name in all_imports("main_window")}
