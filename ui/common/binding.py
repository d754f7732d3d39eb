"""A view following the state without taking its own widgets' signals for the user's choices.

A panel that shows the state's selection in a widget (a table's current row, a combo box, a
slider) makes that widget emit the signal that the user's choice emits too. While the panel shows
what the state holds, it is *syncing*: its handlers see it and do not report the choice back::

    self.syncing = SyncGuard()
    ...
    with self.syncing:                        # the state's selection drawn
        select_row(self.table, row)
    ...
    def _current_changed(self, current):      # the table's signal
        if not self.syncing:                  # the user's choice
            self.state.selection.select_triple(...)

The guard is cleared on the way out of the ``with`` block however the block ends, so an error in
a handler never leaves a panel deaf to the next selection (nested blocks count).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

__all__ = ["SyncGuard"]


class SyncGuard:
    """True while a view shows the state's value (inside ``with guard:``).

    >>> guard = SyncGuard()
    >>> with guard:
    ...     inside = bool(guard)
    >>> inside, bool(guard)
    (True, False)
    >>> try:
    ...     with guard:
    ...         raise ValueError("a handler failed")
    ... except ValueError:
    ...     pass
    >>> bool(guard)
    False
    """

    def __init__(self) -> None:
        self._depth = 0

    def __bool__(self) -> bool:
        return self._depth > 0

    def __enter__(self) -> SyncGuard:
        self._depth += 1
        return self

    def __exit__(self, *exc: object) -> None:
        self._depth -= 1

    def unless_syncing(self, handler: Callable[..., Any]) -> Callable[..., None]:
        """``handler`` for a widget's signal, called only for the user's choices (not while syncing)."""

        @wraps(handler)
        def chosen(*args: Any) -> None:
            if not self:
                handler(*args)

        return chosen
