"""The text of an input file and the ``# ::key value`` metadata lines of its blocks."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from ..errors import InputError, read_text
from ..model import Graph

__all__ = ["Entry", "parse_metadata", "read_text"]

_FIRST_FIELD = re.compile(r"::(?=\S)")  # '::' right before a key
_NEXT_FIELD = re.compile(r"\s::(?=\S)")  # a later field starts after white space


@dataclass
class Entry:
    """One block of an input file: a graph, or the error that kept it from being one."""

    file: str
    line: int
    id: str | None
    text: str = ""  # the block as written, comments included
    graph: Graph | None = None
    error: InputError | None = None
    parsed: bool = True  # False for an entry read lazily, until engine.read.amr.parse_entry
    clauses: tuple | None = None  # a DRS: its clauses as read (engine.drs.Clause), () when unreadable
    decode: Callable[[Entry], Entry] | None = None  # what parses a lazily read entry (None: a PENMAN block)
    ends_file: bool = False  # the file's last block: a graph still open at its end was cut with the file

    @property
    def size(self) -> int:
        """Number of nodes, estimated from the text until the entry is parsed (a PENMAN
        node has one ``/``; a DRS has about three clause lines a node)."""
        if self.graph is not None:
            return len(self.graph)
        return self.text.count("/") if self.decode is None else self.text.count("\n") // 3 + 1


def parse_metadata(lines: list[str]) -> dict[str, str]:
    """``# ::id x ::date y`` lines -> {"id": "x", "date": "y"}.

    >>> parse_metadata(["# ::id a.1 ::snt Hello"])
    {'id': 'a.1', 'snt': 'Hello'}
    """
    metadata: dict[str, str] = {}
    for line in lines:
        stripped = line.strip()
        first = _FIRST_FIELD.search(stripped) if stripped.startswith("#") else None
        if first is None:
            continue
        for field in _NEXT_FIELD.split(stripped[first.end() :]):
            key, *value = field.split(maxsplit=1)
            metadata.setdefault(key, value[0].strip() if value else "")
    return metadata
