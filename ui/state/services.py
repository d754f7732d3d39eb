"""What the parts of the features (several annotators, adjudication) and the views use of the
application state: a Protocol, so that they need not import :mod:`ui.app_state`, which owns the
features' parts (:class:`ui.app_state.AppState` is one)."""

from __future__ import annotations

from typing import Protocol

from .jobs import JobRunner
from .messages import Messages
from .scoring import Scoring
from .selection import Selection
from .settings import AppSettings
from .traces import Traces

__all__ = ["AppServices"]


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
