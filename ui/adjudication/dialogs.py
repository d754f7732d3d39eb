"""The adjudication's dialogs: the adjudicator's name, a new session, and the edits of the
adjudicated graph (a node's concept, a new node, a relation's label, a new relation, an
alignment correction).

An edit dialog builds a :class:`~engine.adjudication.Decision` and hands it to ``submit``
(:meth:`AdjudicationState.decide <ui.adjudication.state.AdjudicationState.decide>`); when the
session refuses it, the reason is shown in the dialog, which stays open. The ``edit_*``
functions open them for the current sentence (from the menus, the panel and the graph's
context menu).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QWidget,
)

from engine.adjudication import (
    AddNode,
    AddRelation,
    ChangeRelation,
    ClearPair,
    Decision,
    DraftError,
    ExcludePair,
    PinPair,
    RemoveRelation,
    SetConcept,
)
from engine.adjudication.draft import Relation
from engine.adjudication.session import StartRule
from engine.adjudication.verdicts import fresh_variable
from engine.model import Attribute, Edge, Graph
from engine.read.file_names import file_names

from .state import AdjudicationState
from .tasks import free_session_path

__all__ = [
    "AlignmentDialog",
    "ConceptDialog",
    "NameDialog",
    "NewRelationDialog",
    "NewSessionDialog",
    "NodeDialog",
    "RelationDialog",
    "edit_alignment",
    "edit_concept",
    "edit_new_node",
    "edit_new_relation",
    "edit_relation",
    "relation_text",
]

Submit = Callable[[Decision], "str | None"]
START_RULES = (
    ("auto", "Automatic: the gold file, else the most central annotation (3+ files), else the first file"),
    ("central", "The most central annotation (highest mean agreement with the others)"),
    ("gold", "The gold file"),
    ("first", "The first file"),
)


def _buttons(dialog: QDialog, ok: str = "OK") -> QDialogButtonBox:
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
    buttons.button(QDialogButtonBox.StandardButton.Ok).setText(ok)
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    return buttons


class NameDialog(QDialog):
    """The adjudicator's name, asked once and kept in the preferences."""

    def __init__(self, name: str = "", parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("Adjudicator")
        self.name_edit = QLineEdit(name)
        self.name_edit.setPlaceholderText("e.g. Ana Lopez")
        buttons = _buttons(self)
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.name_edit.textChanged.connect(lambda text: ok.setEnabled(bool(text.strip())))
        ok.setEnabled(bool(name.strip()))
        layout = QFormLayout(self)
        layout.addRow(
            QLabel(
                "Your name is written with every decision and in the adjudicated file\n"
                "(# ::adjudicated-by). It takes effect when a session is opened."
            )
        )
        layout.addRow("Name:", self.name_edit)
        layout.addRow(buttons)

    def name(self) -> str:
        return " ".join(self.name_edit.text().split())


class NewSessionDialog(QDialog):
    """Where the session of ``files`` is kept, where each sentence starts and which file, if
    any, is the gold (``gold``: the one chosen at first)."""

    def __init__(self, files: Sequence[Path], parent: QWidget | None = None, gold: Path | None = None):
        super().__init__(parent)
        self.setWindowTitle("New adjudication session")
        self.files = [Path(path) for path in files]
        self.path_edit = QLineEdit(str(free_session_path(self.files)))
        choose = QPushButton("Choose...")
        choose.clicked.connect(self._choose)
        where = QHBoxLayout()
        where.addWidget(self.path_edit, 1)
        where.addWidget(choose)
        self.gold_box = QComboBox()
        self.gold_box.addItem("none: every file is an annotator", None)
        names = file_names(self.files)  # with their folders where their names repeat
        for name, path in zip(names, self.files):
            self.gold_box.addItem(name, path)
        if gold is not None and gold in self.files:
            self.gold_box.setCurrentIndex(self.files.index(gold) + 1)
        self.gold_box.setToolTip("The file marked gold when the files were opened is chosen at first")
        self.start_box = QComboBox()
        for rule, text in START_RULES:
            self.start_box.addItem(text, rule)
        layout = QFormLayout(self)
        layout.addRow(QLabel("Files: " + ", ".join(names)))
        layout.addRow("Session file:", where)
        layout.addRow("Gold file:", self.gold_box)
        layout.addRow("Start each sentence from:", self.start_box)
        layout.addRow(QLabel("Every decision is saved in the session file as you make it: there is no Save."))
        layout.addRow(_buttons(self, "Create"))

    def _choose(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self, "Session file", self.path_edit.text(), "Adjudication session (*.sqlite)"
        )
        if path:
            self.path_edit.setText(path)

    def path(self) -> Path:
        return Path(self.path_edit.text().strip())

    def gold(self) -> Path | None:
        return self.gold_box.currentData()

    def start(self) -> StartRule:
        return self.start_box.currentData()


class DecisionDialog(QDialog):
    """A dialog that makes one decision; the session's refusal is shown in it."""

    def __init__(self, title: str, submit: Submit, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(title)
        self.submit = submit
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color:#b3261e;")
        self.error.hide()
        self.setMinimumWidth(420)
        self.form = QFormLayout(self)

    def finish(self, ok: str = "OK") -> None:
        self.form.addRow(self.error)
        self.form.addRow(_buttons(self, ok))

    def decision(self) -> Decision:
        raise NotImplementedError

    def accept(self) -> None:
        try:
            problem = self.submit(self.decision())
        except DraftError as error:
            problem = str(error)
        if problem:
            self.error.setText(problem)
            self.error.show()
            self.adjustSize()
            return
        super().accept()


def _node_box(graph: Graph, chosen: str | None = None) -> QComboBox:
    box = QComboBox()
    for node in graph.nodes:
        box.addItem(f"{node.var} / {node.concept}", node.var)
    if chosen is not None:
        box.setCurrentIndex(max(0, box.findData(chosen)))
    return box


class ConceptDialog(DecisionDialog):
    """A node's concept."""

    def __init__(self, graph: Graph, submit: Submit, var: str | None = None, parent: QWidget | None = None):
        super().__init__("Edit a concept", submit, parent)
        self.graph = graph
        self.node_box = _node_box(graph, var)
        self.concept_edit = QLineEdit()
        self.node_box.currentIndexChanged.connect(lambda _: self._show_concept())
        self._show_concept()
        self.form.addRow("Node:", self.node_box)
        self.form.addRow("Concept:", self.concept_edit)
        self.finish("Set concept")

    def _show_concept(self) -> None:
        var = self.node_box.currentData()
        self.concept_edit.setText(next((n.concept for n in self.graph.nodes if n.var == var), ""))
        self.concept_edit.selectAll()

    def decision(self) -> Decision:
        return Decision((SetConcept(self.node_box.currentData(), self.concept_edit.text().strip()),))


class NodeDialog(DecisionDialog):
    """A new node, related to an existing one (``parent role new``)."""

    def __init__(self, graph: Graph, submit: Submit, parent_var: str | None = None, parent: QWidget | None = None):
        super().__init__("Add a node", submit, parent)
        self.graph = graph
        self.concept_edit = QLineEdit()
        self.concept_edit.setPlaceholderText("e.g. name, catch-01")
        self.var_edit = QLineEdit()
        self.parent_box = _node_box(graph, parent_var)
        self.role_edit = QLineEdit(":ARG1")
        self.concept_edit.textChanged.connect(self._suggest_variable)
        self.form.addRow("Concept:", self.concept_edit)
        self.form.addRow("Variable:", self.var_edit)
        self.form.addRow("Under the node:", self.parent_box)
        self.form.addRow("With the role:", self.role_edit)
        self.finish("Add node")

    def _suggest_variable(self, concept: str) -> None:
        taken = {node.var for node in self.graph.nodes}
        letter = next((c for c in concept.lower() if c.isalpha()), "x")
        self.var_edit.setText(fresh_variable(letter, concept or "x", taken))

    def decision(self) -> Decision:
        var = self.var_edit.text().strip()
        relation = Edge(self.parent_box.currentData(), self.role_edit.text().strip(), var)
        return Decision((AddNode(var, self.concept_edit.text().strip()), AddRelation(relation)))


def relation_text(item: Relation) -> str:
    return f"{item.source} {item.role} {item.target if isinstance(item, Edge) else item.value}"


def relations_of(graph: Graph) -> list[Relation]:
    return list(graph.edges) + list(graph.attributes)


class RelationDialog(DecisionDialog):
    """A relation's label changed, or the relation removed."""

    def __init__(self, graph: Graph, submit: Submit, relation: Relation | None = None, parent: QWidget | None = None):
        super().__init__("Edit a relation", submit, parent)
        self.relation_box = QComboBox()
        for item in relations_of(graph):
            self.relation_box.addItem(relation_text(item), item)
        if relation is not None:
            self.relation_box.setCurrentIndex(max(0, self.relation_box.findText(relation_text(relation))))
        self.role_edit = QLineEdit()
        self.relation_box.currentIndexChanged.connect(lambda _: self._show_role())
        self._show_role()
        self.remove = False
        remove = QPushButton("Remove the relation")
        remove.clicked.connect(self._remove)
        self.form.addRow("Relation:", self.relation_box)
        self.form.addRow("New label:", self.role_edit)
        self.form.addRow(remove)
        self.finish("Change label")

    def _show_role(self) -> None:
        item = self.relation_box.currentData()
        self.role_edit.setText(item.role if item is not None else "")
        self.role_edit.selectAll()

    def _remove(self) -> None:
        self.remove = True
        self.accept()
        self.remove = False

    def decision(self) -> Decision:
        old = self.relation_box.currentData()
        if old is None:
            raise DraftError("the adjudicated graph has no relation")
        if self.remove:
            return Decision((RemoveRelation(old),))
        role = self.role_edit.text().strip()
        new = Edge(old.source, role, old.target) if isinstance(old, Edge) else Attribute(old.source, role, old.value)
        return Decision((ChangeRelation(old, new),))


class NewRelationDialog(DecisionDialog):
    """A relation between two nodes, or from a node to a constant."""

    CONSTANT = "a constant:"

    def __init__(self, graph: Graph, submit: Submit, source: str | None = None, parent: QWidget | None = None):
        super().__init__("Add a relation", submit, parent)
        self.source_box = _node_box(graph, source)
        self.role_edit = QLineEdit()
        self.role_edit.setPlaceholderText("e.g. :ARG0, :mod, :polarity")
        self.target_box = _node_box(graph)
        self.target_box.addItem(self.CONSTANT, None)
        self.constant_edit = QLineEdit()
        self.constant_edit.setPlaceholderText('e.g. -, "Red", 5 (when the target is a constant)')
        self.form.addRow("From:", self.source_box)
        self.form.addRow("Role:", self.role_edit)
        self.form.addRow("To:", self.target_box)
        self.form.addRow("Constant:", self.constant_edit)
        self.finish("Add relation")

    def decision(self) -> Decision:
        source, target = self.source_box.currentData(), self.target_box.currentData()
        role = self.role_edit.text().strip()
        relation = (
            Edge(source, role, target)
            if target is not None
            else (Attribute(source, role, self.constant_edit.text().strip()))
        )
        return Decision((AddRelation(relation),))


PairEdit = type[PinPair] | type[ExcludePair] | type[ClearPair]
PAIR_EDITS: tuple[tuple[str, PairEdit], ...] = (
    ("Pin (align them)", PinPair),
    ("Exclude (never align them)", ExcludePair),
    ("Clear a pin or exclusion", ClearPair),
)


class AlignmentDialog(DecisionDialog):
    """Pin, exclude or clear a pair of an annotator's node and an adjudicated node."""

    def __init__(
        self,
        annotator: str,
        annotation: Graph,
        adjudicated: Graph,
        submit: Submit,
        annotator_var: str | None = None,
        var: str | None = None,
        kind: PairEdit = PinPair,
        parent: QWidget | None = None,
    ):
        super().__init__("Correct the alignment", submit, parent)
        self.annotator = annotator
        self.annotator_box = _node_box(annotation, annotator_var)
        self.adjudicated_box = _node_box(adjudicated, var)
        self.kind_box = QComboBox()
        for text, edit in PAIR_EDITS:
            self.kind_box.addItem(text, edit)
        self.kind_box.setCurrentIndex([edit for _, edit in PAIR_EDITS].index(kind))
        self.form.addRow(QLabel(f"Scores against {annotator} are recomputed with the correction."))
        self.form.addRow(f"{annotator}'s node:", self.annotator_box)
        self.form.addRow("Adjudicated node:", self.adjudicated_box)
        self.form.addRow("Correction:", self.kind_box)
        self.finish("Apply")

    def decision(self) -> Decision:
        edit = self.kind_box.currentData()
        return Decision((edit(self.annotator, self.annotator_box.currentData(), self.adjudicated_box.currentData()),))


# ------------------------------------------------------------------ opening them
def _graph(adjudication: AdjudicationState) -> Graph | None:
    view = adjudication.view()
    if view is None or view.adjudicated is None:
        adjudication.app.messages.show_problem("Select a sentence of the adjudication session first.")
        return None
    return view.adjudicated.graph


GraphDialog = Callable[[Graph, Submit, Any, QWidget], DecisionDialog]  # a dialog on the adjudicated graph


def _edit(dialog: GraphDialog, parent: QWidget, adjudication: AdjudicationState, chosen: Any) -> bool:
    """Open ``dialog`` on the current adjudicated graph (``chosen``: what it starts on); True when a
    decision was made."""
    graph = _graph(adjudication)
    return graph is not None and bool(dialog(graph, adjudication.decide, chosen, parent).exec())


def _selected_node(adjudication: AdjudicationState) -> str | None:
    """The adjudicated node of the selected disagreement (its triple's source), if any."""
    row = adjudication.row
    return row.match.gold.source if row is not None and row.match is not None and row.match.gold is not None else None


def edit_concept(parent: QWidget, adjudication: AdjudicationState, var: str | None = None) -> bool:
    return _edit(ConceptDialog, parent, adjudication, var or _selected_node(adjudication))


def edit_new_node(parent: QWidget, adjudication: AdjudicationState, parent_var: str | None = None) -> bool:
    return _edit(NodeDialog, parent, adjudication, parent_var or _selected_node(adjudication))


def _selected_relation(adjudication: AdjudicationState) -> Relation | None:
    """The adjudicated relation of the selected disagreement, if any."""
    row = adjudication.row
    triple = row.match.gold if row is not None and row.match is not None else None
    if triple is None:
        return None
    if triple.target_concept is None:
        return Attribute(triple.source, triple.role, triple.target)
    return Edge(triple.source, triple.role, triple.target)


def edit_relation(parent: QWidget, adjudication: AdjudicationState, relation: Relation | None = None) -> bool:
    return _edit(RelationDialog, parent, adjudication, relation or _selected_relation(adjudication))


def edit_new_relation(parent: QWidget, adjudication: AdjudicationState, source: str | None = None) -> bool:
    return _edit(NewRelationDialog, parent, adjudication, source or _selected_node(adjudication))


def edit_alignment(
    parent: QWidget,
    adjudication: AdjudicationState,
    annotator_var: str | None = None,
    var: str | None = None,
    kind: PairEdit = PinPair,
) -> bool:
    view = adjudication.view()
    graph = _graph(adjudication)
    if graph is None or view is None or view.compared not in view.agreements:
        return False
    annotation = view.agreements[view.compared].annotation
    dialog = AlignmentDialog(view.compared, annotation, graph, adjudication.decide, annotator_var, var, kind, parent)
    return bool(dialog.exec())
