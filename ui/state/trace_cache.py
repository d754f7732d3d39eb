"""The heatmaps' traces kept per (files read, pair, parameters), least recently used dropped first (Qt-free)."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from engine.params import Params

__all__ = ["TraceCache", "TraceKey"]

Value = TypeVar("Value")


@dataclass(frozen=True)
class TraceKey:
    """``generation`` counts the times files were read: a re-score of the same files under
    the same parameters reuses the traces, new files or parameters do not."""

    generation: int
    pair_index: int
    params: Params


class TraceCache(Generic[Value]):
    """Values whose sizes (``size_of``, in bytes) add up to at most ``budget``; the least
    recently used are dropped first, but the newest value is always kept."""

    def __init__(self, budget: int = 256 * 2**20, size_of: Callable[[Value], int] = lambda value: 1):
        self.budget, self.size_of = budget, size_of
        self._items: OrderedDict[TraceKey, tuple[Value, int]] = OrderedDict()
        self.size = 0

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: TraceKey) -> bool:
        return key in self._items

    def get(self, key: TraceKey) -> Value | None:
        if key not in self._items:
            return None
        self._items.move_to_end(key)
        return self._items[key][0]

    def put(self, key: TraceKey, value: Value) -> None:
        if key in self._items:
            self.size -= self._items.pop(key)[1]
        size = self.size_of(value)
        self._items[key] = (value, size)
        self.size += size
        while self.size > self.budget and len(self._items) > 1:
            self.size -= self._items.popitem(last=False)[1][1]

    def clear(self) -> None:
        self._items.clear()
        self.size = 0
