"""Enumerations whose values are words: compared as members, stored and shown as their word."""

from __future__ import annotations

from enum import Enum

__all__ = ["WordEnum"]


class WordEnum(str, Enum):
    """A member equals, hashes, stores (JSON, SQLite) and prints as its word.

    >>> class Colour(WordEnum):
    ...     DARK_RED = "dark red"
    >>> Colour.DARK_RED == "dark red", f"{Colour.DARK_RED}", Colour("dark red") is Colour.DARK_RED
    (True, 'dark red', True)
    """

    def __str__(self) -> str:
        return self.value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)
