"""File > Open Annotators: 2 to 20 annotators' files of the same sentences, and which one,
if any, is the gold (reference) annotation."""

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
    QListWidget,
    QPushButton,
    QVBoxLayout,
)

from engine.read.annotations import MAX_ANNOTATORS, annotator_names

__all__ = ["OpenAnnotatorsDialog", "guess_gold"]


def guess_gold(paths: Sequence[Path]) -> int | None:
    """The one file whose name says "gold" or "reference", else None."""
    found = [k for k, path in enumerate(paths) if any(word in path.stem.lower() for word in ("gold", "reference"))]
    return found[0] if len(found) == 1 else None


class OpenAnnotatorsDialog(QDialog):
    """The chosen files (add, remove) and the gold among them; OK once there are 2 to 20."""

    def __init__(self, paths: Sequence[Path] = (), parent=None):
        super().__init__(parent)
        self.setWindowTitle("Open annotators")
        self.resize(640, 420)
        self.paths: list[Path] = []
        self.files = QListWidget()
        self.files.setSelectionMode(QListWidget.SelectionMode.ExtendedSelection)
        add, remove = QPushButton("Add files..."), QPushButton("Remove")
        self.gold_box = QComboBox()
        self.gold_box.setToolTip("The reference annotation: each annotator is also scored against it")
        self.note = QLabel()
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons = QHBoxLayout()
        buttons.addWidget(add)
        buttons.addWidget(remove)
        buttons.addStretch(1)
        form = QFormLayout()
        form.addRow("Gold (reference):", self.gold_box)
        layout = QVBoxLayout(self)
        layout.addWidget(
            QLabel(
                f"Annotation files of the same sentences (2 to {MAX_ANNOTATORS}; AMR/PENMAN or UMR). "
                "Sentences are paired by id, else by position."
            )
        )
        layout.addWidget(self.files, 1)
        layout.addLayout(buttons)
        layout.addLayout(form)
        layout.addWidget(self.note)
        layout.addWidget(self.buttons)
        add.clicked.connect(self.ask_files)
        remove.clicked.connect(self._remove)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.set_paths(paths)

    def set_paths(self, paths: Sequence[Path]) -> None:
        kept = self.gold()
        self.paths = list(dict.fromkeys(Path(path) for path in paths))
        names = annotator_names(self.paths)
        self.files.clear()
        self.files.addItems([f"{name}    {path}" for name, path in zip(names, self.paths)])
        self.gold_box.clear()
        self.gold_box.addItem("(none)")
        self.gold_box.addItems(names)
        gold = kept if kept in self.paths else None
        index = self.paths.index(gold) if gold is not None else guess_gold(self.paths)
        self.gold_box.setCurrentIndex(0 if index is None else index + 1)
        count = len(self.paths)
        ok = 2 <= count <= MAX_ANNOTATORS
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(ok)
        self.note.setText(
            f"{count} file(s): {count * (count - 1) // 2} pairs of annotators."
            if ok
            else f"Choose 2 to {MAX_ANNOTATORS} files ({count} now)."
        )

    def gold(self) -> Path | None:
        index = self.gold_box.currentIndex()
        return self.paths[index - 1] if index > 0 and index - 1 < len(self.paths) else None

    def ask_files(self) -> None:
        start = str(self.paths[-1].parent) if self.paths else ""
        chosen, _ = QFileDialog.getOpenFileNames(self, "Choose the annotators' files", start)
        if chosen:
            self.set_paths(self.paths + [Path(path) for path in chosen])

    def _remove(self) -> None:
        rows = {index.row() for index in self.files.selectedIndexes()}
        self.set_paths([path for k, path in enumerate(self.paths) if k not in rows])
