"""What the app remembers between sessions (QSettings): parameters, recent files, window layout,
the arrangement of the perspectives, the adjudicator's name, the folder of the last export."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings

from engine.params import Params

from .annotators import AnnotatorFiles

__all__ = ["APP_NAME", "MAX_RECENT", "AppSettings"]

APP_NAME = "graphagree"
MAX_RECENT = 8


class AppSettings:
    """Typed access to the settings; ``QSettings(APP_NAME, APP_NAME)`` when none are given."""

    def __init__(self, settings: QSettings | None = None):
        self.qsettings = settings if settings is not None else QSettings(APP_NAME, APP_NAME)

    def _json(self, key: str, default):
        try:
            return json.loads(self.qsettings.value(key, "") or "null") or default
        except (TypeError, ValueError):
            return default

    def params(self) -> Params:
        """Parameters saved by an earlier session, or the defaults if none (or unusable)."""
        saved = self._json("params/json", {})
        try:
            return Params(**{k: v for k, v in saved.items() if k in Params.__dataclass_fields__})
        except (AttributeError, TypeError, ValueError):
            return Params()

    def save_params(self, params: Params) -> None:
        self.qsettings.setValue("params/json", json.dumps(params.as_dict()))

    def recent(self) -> list[AnnotatorFiles]:
        """Files opened before, most recent first (each saved test first, gold second)."""
        entries = self._json("recent/pairs", [])
        if not isinstance(entries, list):
            return []
        return [
            AnnotatorFiles.of(entry)
            for entry in entries
            if isinstance(entry, list) and len(entry) >= 2 and all(isinstance(p, str) for p in entry)
        ]

    def remember(self, files: AnnotatorFiles) -> None:
        entry = [str(path.resolve()) for path in files.ordered()]
        kept = [[str(p) for p in old.paths] for old in self.recent()]
        entries = [entry] + [old for old in kept if old != entry]
        self.qsettings.setValue("recent/pairs", json.dumps(entries[:MAX_RECENT]))

    def adjudicator(self) -> str:
        """The name decisions are written under ("" until it is set)."""
        return " ".join(str(self.qsettings.value("adjudication/name", "") or "").split())

    def save_adjudicator(self, name: str) -> None:
        self.qsettings.setValue("adjudication/name", " ".join(name.split()))
        self.qsettings.sync()

    def window_layout(self) -> tuple[QByteArray | None, QByteArray | None]:
        """The saved (geometry, toolbar state), each None when absent."""
        values = (self.qsettings.value("window/geometry"), self.qsettings.value("window/state"))
        return tuple(v if isinstance(v, QByteArray) and not v.isEmpty() else None for v in values)

    def save_window_layout(self, geometry: QByteArray, state: QByteArray) -> None:
        self.qsettings.setValue("window/geometry", geometry)
        self.qsettings.setValue("window/state", state)
        self.qsettings.sync()

    def workspace(self) -> dict:
        """The saved arrangement of the perspectives (see :class:`ui.workspace.Workspace`), {} when none."""
        saved = self._json("workspace/json", {})
        return saved if isinstance(saved, dict) else {}

    def save_workspace(self, arrangement: dict) -> None:
        self.qsettings.setValue("workspace/json", json.dumps(arrangement))
        self.qsettings.sync()

    def forget_workspace(self) -> None:
        self.qsettings.remove("workspace/json")
        self.qsettings.sync()

    def export_folder(self) -> Path | None:
        """The folder the last export was saved in (None before the first)."""
        folder = str(self.qsettings.value("export/folder", "") or "")
        return Path(folder) if folder else None

    def save_export_folder(self, folder: Path) -> None:
        self.qsettings.setValue("export/folder", str(folder))
