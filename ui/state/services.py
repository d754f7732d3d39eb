"""What the parts of the features (several annotators, adjudication) and the views use of the
application state: a Protocol, so that they need not import :mod:`ui.app_state`, which owns the
features' parts (:class:`ui.app_state.AppState` is one)."""

from __future__ import annotations

from typing import Protocol, cast

from PySide6.QtCore import QObject

from .jobs import JobRunner
from .messages import Messages
from .scoring import Scoring
from .selection import Selection
from .settings import AppSettings
from .traces import Traces

__all__ = ["AppPart", "AppServices"]


class AppServices(Protocol):
    """The application state's parts, and what needs more than one of them."""

    @property
    def settings(self) -> AppSettings: ...

    @property
    def runner(self) -> JobRunner: ...

    @property
    def messages(self) -> Messages: ...

    @property
    def scoring(self) -> Scoring: ...

    @property
    def selection(self) -> Selection: ...

    @property
    def traces(self) -> Traces: ...

    def open_roles(self, test: int, gold: int) -> bool: ...


class AppPart(QObject):
    """A feature's part of the application state, owned by the app state (its Qt parent), which it
    reaches as :attr:`app` (no Python reference back, so no cycle for the collector)."""

    def __init__(self, app: QObject):
        super().__init__(app)

    @property
    def app(self) -> AppServices:
        return cast(AppServices, self.parent())  # Qt types the parent a QObject: it is the app state
