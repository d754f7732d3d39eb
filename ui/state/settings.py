"""What the app remembers between sessions (QSettings): parameters, recent files, window layout
(the main window's and a dialog's such as the help window's),
the arrangement of the perspectives, the adjudicator's name, the folder of the last export, and
where the user was when the app was closed (:class:`Place`)."""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings

from engine.params import Params
from engine.read.file_names import file_names
from engine.registry import params_dict, params_from_dict

from .files import AnnotatorFiles

__all__ = ["APP_NAME", "MAX_RECENT", "AppSettings", "Place", "RecentFiles"]

APP_NAME = "graphagree"
MAX_RECENT = 8
NAMES_SHOWN = 3  # an annotator set's title names its first few files


@dataclass(frozen=True)
class RecentFiles:
    """Files opened before: two files compared (``paths`` test first, gold second, then any
    others of the set), or - ``annotators`` - several annotators' files with the one marked
    gold (``gold``, None: none)."""

    paths: tuple[Path, ...]
    annotators: bool = False
    gold: Path | None = None

    @property
    def files(self) -> AnnotatorFiles:
        """The pair's files, test first."""
        return AnnotatorFiles(self.paths)

    def every_path(self) -> tuple[Path, ...]:
        """The files and the gold, once each."""
        extra = (self.gold,) if self.gold is not None and self.gold not in self.paths else ()
        return self.paths + extra

    def missing(self) -> list[Path]:
        """The files that are no longer there."""
        return [path for path in self.every_path() if not path.is_file()]

    def folder(self) -> Path:
        """The folder the files are in (their common folder when they are in several)."""
        return Path(os.path.commonpath([str(path.parent) for path in self.every_path()]))

    def title(self) -> str:
        """File names only, with their folders where they repeat: "test.txt vs gold.txt",
        "4 annotators: a.txt, b.txt, c.txt, ... (gold g.txt)", "alice/amr.txt vs bob/amr.txt"."""
        names = file_names(self.every_path())  # with their folders where their names repeat
        if not self.annotators:
            more = f" (+{len(names) - 2} more files)" if len(names) > 2 else ""
            return f"{names[0]} vs {names[1]}{more}"
        count = len(self.paths)
        shown = ", ".join(names[: min(count, NAMES_SHOWN)]) + (", ..." if count > NAMES_SHOWN else "")
        gold = f" (gold {names[self.every_path().index(self.gold)]})" if self.gold is not None else ""
        return f"{count} annotators: {shown}{gold}"

    def description(self) -> str:
        """Every file with its whole path, on one line."""
        if not self.annotators:
            rest = [str(path) for path in self.paths[2:]]
            return f"test: {self.paths[0]}   gold: {self.paths[1]}" + (f"   also: {', '.join(rest)}" if rest else "")
        gold = f"   gold: {self.gold}" if self.gold is not None else "   no gold"
        return f"annotators: {', '.join(str(path) for path in self.paths)}{gold}"

    def to_json(self) -> list[str] | dict:
        paths = [str(path) for path in self.paths]
        if not self.annotators:
            return paths
        return {"annotators": paths, "gold": str(self.gold) if self.gold is not None else None}

    @classmethod
    def from_json(cls, entry) -> RecentFiles | None:
        """A saved entry (a list of paths: a pair; {"annotators": [...], "gold": ...}), None when unusable."""
        if isinstance(entry, list) and len(entry) >= 2 and all(isinstance(p, str) for p in entry):
            return cls(tuple(Path(p) for p in entry))
        if isinstance(entry, dict):
            paths, gold = entry.get("annotators"), entry.get("gold")
            if (
                isinstance(paths, list)
                and len(paths) >= 2
                and all(isinstance(p, str) for p in paths)
                and (gold is None or isinstance(gold, str))
            ):
                return cls(tuple(Path(p) for p in paths), True, Path(gold) if gold is not None else None)
        return None


@dataclass(frozen=True)
class Place:
    """Where the user was when the app closed: the files loaded, the pair selected (its id, else
    its index as text), the filter, the corpus table's sort (a column's title, "": none; descending
    or not) and the adjudication session open (None: none)."""

    files: tuple[Path, ...]
    pair: str | None = None
    filter: str = ""
    session: Path | None = None
    sort: str = ""
    descending: bool = False

    def of(self, paths: Sequence[Path]) -> bool:
        """Whether this is a place in these files (in any order)."""
        return sorted(self.files) == sorted(Path(path).resolve() for path in paths)

    def to_json(self) -> dict:
        return {
            "files": [str(path) for path in self.files],
            "pair": self.pair,
            "filter": self.filter,
            "session": str(self.session) if self.session is not None else None,
            "sort": self.sort,
            "descending": self.descending,
        }

    @classmethod
    def from_json(cls, entry) -> Place | None:
        """A saved place, None when unusable.

        >>> Place.from_json({"files": ["/a", "/b"], "pair": "s2", "filter": "", "session": None}).pair
        's2'
        >>> Place.from_json({"files": "/a"}) is None
        True
        >>> place = Place.from_json({"files": ["/a"], "sort": "LR F1", "descending": True})
        >>> place.sort, place.descending
        ('LR F1', True)
        """
        if not isinstance(entry, dict):
            return None
        files, pair, text, session, sort = (entry.get(key) for key in ("files", "pair", "filter", "session", "sort"))
        if not isinstance(files, list) or not all(isinstance(path, str) for path in files):
            return None
        if not isinstance(text, str | None):
            return None
        return cls(
            tuple(Path(path) for path in files),
            pair if isinstance(pair, str) else None,
            text or "",
            Path(session) if isinstance(session, str) else None,
            sort if isinstance(sort, str) else "",
            entry.get("descending") is True,
        )


def _layout(value: object) -> QByteArray | None:
    """A saved window layout, None when absent (or not one)."""
    return value if isinstance(value, QByteArray) and not value.isEmpty() else None


class AppSettings:
    """Typed access to the settings; ``QSettings(APP_NAME, APP_NAME)`` when none are given."""

    def __init__(self, settings: QSettings | None = None):
        self.qsettings = settings if settings is not None else QSettings(APP_NAME, APP_NAME)

    def _json(self, key: str, default):
        text = self.qsettings.value(key, "")
        try:
            return json.loads(text if isinstance(text, str) and text else "null") or default
        except (TypeError, ValueError):
            return default

    def params(self) -> Params:
        """Parameters saved by an earlier session, or the defaults if none (or unusable)."""
        saved = self._json("params/json", {})
        try:
            return params_from_dict(saved)
        except (AttributeError, TypeError, ValueError):
            return Params()

    def save_params(self, params: Params) -> None:
        self.qsettings.setValue("params/json", json.dumps(params_dict(params)))

    def recent(self) -> list[RecentFiles]:
        """Files opened before, most recent first."""
        entries = self._json("recent/pairs", [])
        if not isinstance(entries, list):
            return []
        return [found for found in map(RecentFiles.from_json, entries) if found is not None]

    def remember(self, files: AnnotatorFiles) -> None:
        """Two files compared (saved test first, gold second)."""
        self._remember(RecentFiles(tuple(path.resolve() for path in files.ordered())))

    def remember_annotators(self, paths: Sequence[str | Path], gold: str | Path | None) -> None:
        """Several annotators' files and the one marked gold (None: none)."""
        self._remember(
            RecentFiles(
                tuple(Path(path).resolve() for path in paths), True, Path(gold).resolve() if gold is not None else None
            )
        )

    def _remember(self, entry: RecentFiles) -> None:
        """``entry`` first, in place of the entry of the same files (an annotator set's with
        another gold too: the gold chosen last is the one remembered)."""
        kept = [old for old in self.recent() if (old.paths, old.annotators) != (entry.paths, entry.annotators)]
        self.qsettings.setValue("recent/pairs", json.dumps([e.to_json() for e in [entry] + kept][:MAX_RECENT]))

    def compared_files(self) -> dict[str, Path]:
        """The files last compared by File > Compare Two Files Against Gold, by role ("a", "b", "gold")."""
        saved = self._json("compare/files", {})
        if not isinstance(saved, dict):
            return {}
        roles = ("a", "b", "gold")
        return {role: Path(text) for role, text in saved.items() if role in roles and isinstance(text, str)}

    def remember_compared(self, a: Path, b: Path, gold: Path) -> None:
        """Three files compared (offered again by the next File > Compare Two Files Against Gold)."""
        files = {"a": a, "b": b, "gold": gold}
        saved = {role: str(path.resolve()) for role, path in files.items()}
        self.qsettings.setValue("compare/files", json.dumps(saved))

    def adjudicator(self) -> str:
        """The name decisions are written under ("" until it is set)."""
        return " ".join(str(self.qsettings.value("adjudication/name", "") or "").split())

    def save_adjudicator(self, name: str) -> None:
        self.qsettings.setValue("adjudication/name", " ".join(name.split()))
        self.qsettings.sync()

    def window_layout(self) -> tuple[QByteArray | None, QByteArray | None, bool]:
        """The saved (geometry, toolbar state, maximised), the first two None when absent."""
        geometry, state = (self.qsettings.value(key) for key in ("window/geometry", "window/state"))
        maximized = str(self.qsettings.value("window/maximized", "false")).lower() == "true"
        return _layout(geometry), _layout(state), maximized

    def save_window_layout(self, geometry: QByteArray, state: QByteArray, maximized: bool = False) -> None:
        """The window's geometry and toolbar state, and whether it is maximised (said apart: Qt
        refuses a geometry saved on a screen of another size, maximised or not)."""
        self.qsettings.setValue("window/geometry", geometry)
        self.qsettings.setValue("window/state", state)
        self.qsettings.setValue("window/maximized", maximized)
        self.qsettings.sync()

    def dialog_geometry(self, name: str) -> QByteArray | None:
        """The saved geometry of the window ``name`` (e.g. "help"), None when absent."""
        return _layout(self.qsettings.value(f"dialogs/{name}/geometry"))

    def save_dialog_geometry(self, name: str, geometry: QByteArray) -> None:
        self.qsettings.setValue(f"dialogs/{name}/geometry", geometry)

    def workspace(self) -> dict:
        """The saved arrangement of the perspectives (see :class:`ui.shell.workspace.Workspace`), {} when none."""
        saved = self._json("workspace/json", {})
        return saved if isinstance(saved, dict) else {}

    def save_workspace(self, arrangement: dict) -> None:
        self.qsettings.setValue("workspace/json", json.dumps(arrangement))
        self.qsettings.sync()

    def forget_workspace(self) -> None:
        self.qsettings.remove("workspace/json")
        self.qsettings.sync()

    def place(self) -> Place | None:
        """Where the user was when the app last closed (None: nowhere remembered)."""
        return Place.from_json(self._json("place/json", None))

    def save_place(self, place: Place | None) -> None:
        if place is None:
            self.qsettings.remove("place/json")
        else:
            self.qsettings.setValue("place/json", json.dumps(place.to_json()))
        self.qsettings.sync()

    def export_folder(self) -> Path | None:
        """The folder the last export was saved in (None before the first)."""
        folder = str(self.qsettings.value("export/folder", "") or "")
        return Path(folder) if folder else None

    def save_export_folder(self, folder: Path) -> None:
        self.qsettings.setValue("export/folder", str(folder))
