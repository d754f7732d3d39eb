"""The heatmaps' traces kept per (files read, pair, parameters), most recent first (Qt-free)."""

from __future__ import annotations

from collections import OrderedDict
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
    """At most ``capacity`` traces; the least recently used one is dropped first."""

    def __init__(self, capacity: int = 32):
        self.capacity = capacity
        self._items: OrderedDict[TraceKey, Value] = OrderedDict()

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: TraceKey) -> bool:
        return key in self._items

    def get(self, key: TraceKey) -> Value | None:
        value = self._items.get(key)
        if value is not None:
            self._items.move_to_end(key)
        return value

    def put(self, key: TraceKey, value: Value) -> None:
        self._items[key] = value
        self._items.move_to_end(key)
        while len(self._items) > self.capacity:
            self._items.popitem(last=False)

    def clear(self) -> None:
        self._items.clear()
