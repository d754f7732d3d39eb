"""The dialogs that open a comparison: three files - A, B and the gold - (File > Compare Two
Against Gold), or two annotators of the matrix against its gold."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

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
    QVBoxLayout,
    QWidget,
)

__all__ = ["CompareAnnotatorsDialog", "CompareFilesDialog"]

ROLES = (
    ("a", "A (first system or annotator):"),
    ("b", "B (second system or annotator):"),
    ("gold", "Gold (reference):"),
)


class CompareFilesDialog(QDialog):
    """Three files, each typed or chosen; OK once they are three different existing files."""

    def __init__(self, start: dict[str, Path] | None = None, parent=None):
        super().__init__(parent)
        self.setWindowTitle("Compare two against gold")
        self.resize(720, 220)
        self.edits: dict[str, QLineEdit] = {}
        form = QFormLayout()
        for role, label in ROLES:
            edit, browse = QLineEdit(), QPushButton("Browse...")
            edit.setPlaceholderText("an annotation file (AMR/PENMAN, UMR or DRS clauses)")
            edit.textChanged.connect(self._check)
            browse.clicked.connect(lambda checked=False, role=role: self.ask(role))
            row = QWidget()
            line = QHBoxLayout(row)
            line.setContentsMargins(0, 0, 0, 0)
            line.addWidget(edit, 1)
            line.addWidget(browse)
            form.addRow(label, row)
            self.edits[role] = edit
        self.note = QLabel()
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        layout = QVBoxLayout(self)
        layout.addWidget(
            QLabel(
                "Is the difference between A's and B's scores against the gold real? Sentences are paired by id, "
                "else by position; every metric is scored, then tested."
            )
        )
        layout.addLayout(form)
        layout.addWidget(self.note)
        layout.addWidget(self.buttons)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        for role, path in (start or {}).items():
            self.edits[role].setText(str(path))
        self._check()

    def paths(self) -> tuple[Path, Path, Path]:
        a, b, gold = (Path(self.edits[role].text().strip()) for role, _ in ROLES)
        return a, b, gold

    def ask(self, role: str) -> None:
        current = Path(self.edits[role].text().strip()) if self.edits[role].text().strip() else None
        others = [Path(edit.text().strip()) for edit in self.edits.values() if edit.text().strip()]
        start = current or (others[0] if others else None)
        chosen, _ = QFileDialog.getOpenFileName(self, f"Choose {role}", str(start.parent) if start else "")
        if chosen:
            self.edits[role].setText(chosen)

    def problem(self) -> str:
        """Why OK is not possible yet ("" when it is)."""
        texts = [self.edits[role].text().strip() for role, _ in ROLES]
        if not all(texts):
            return "Choose the three files."
        paths = self.paths()
        missing = [str(path) for path in paths if not path.is_file()]
        if missing:
            return f"No such file: {missing[0]}"
        if len({path.resolve() for path in paths}) < 3:
            return "A, B and the gold must be three different files."
        return ""

    def _check(self) -> None:
        problem = self.problem()
        self.note.setText(problem)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(not problem)


class CompareAnnotatorsDialog(QDialog):
    """Two annotators of the matrix (not its gold), A and B."""

    def __init__(self, names: Sequence[str], gold: int, parent=None):
        super().__init__(parent)
        self.setWindowTitle("Compare two annotators against the gold")
        self.boxes = [QComboBox(), QComboBox()]
        choices = [k for k in range(len(names)) if k != gold]
        for box in self.boxes:
            for k in choices:
                box.addItem(names[k], k)
        if len(choices) > 1:
            self.boxes[1].setCurrentIndex(1)
        self.note = QLabel()
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        for box in self.boxes:  # once the note and the buttons it sets exist
            box.currentIndexChanged.connect(self._check)
        form = QFormLayout()
        form.addRow("A:", self.boxes[0])
        form.addRow("B:", self.boxes[1])
        form.addRow("Gold:", QLabel(names[gold]))
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("Both are tested against the gold on the matrix's scores (nothing is scored again)."))
        layout.addLayout(form)
        layout.addWidget(self.note)
        layout.addWidget(self.buttons)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self._check()

    def chosen(self) -> tuple[int, int]:
        return self.boxes[0].currentData(), self.boxes[1].currentData()

    def _check(self) -> None:
        a, b = self.chosen()
        same = a == b
        self.note.setText("Choose two different annotators." if same else "")
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(not same and a is not None)
