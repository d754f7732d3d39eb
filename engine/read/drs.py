"""DRS clause files (``.clf``) as input: each DRS becomes an :class:`~engine.read.source.Entry`
whose graph is :func:`engine.drs.drs_graph` of it and which keeps its clauses (for Counter
and DScorer); a malformed DRS is an entry with the error naming file and line.

An entry's id is the one its ``%%%`` header gives (``%%% id: X``, or a PMB document path),
None without one, so that DRSs are paired by id only when every DRS has one
(:func:`~engine.read.formats.load_sources`). Read lazily, a DRS is split from the file
with its header id and decoded by :func:`decode_drs_entry` when it is scored.
"""

from __future__ import annotations

from dataclasses import replace

from ..drs.clauses import DrsEntry, header_id, parse_drs_block, split_drs_blocks
from ..drs.graph import drs_graph
from ..errors import InputError
from .source import Entry

__all__ = ["decode_drs_entry", "drs_entries", "entry_of"]


def entry_of(drs: DrsEntry) -> Entry:
    """The entry of one DRS as read: its graph and clauses, or its error (clauses ``()``)."""
    identifier = header_id(drs.text.splitlines())
    entry = Entry(drs.file, drs.line, identifier, drs.text, clauses=drs.clauses if drs.ok else ())
    if drs.error is not None:
        entry.error = drs.error
        return entry
    entry.graph = replace(drs_graph(drs), id=identifier)
    return entry


def decode_drs_entry(entry: Entry) -> Entry:
    """A lazily read DRS entry decoded (itself if it already was)."""
    if entry.parsed:
        return entry
    return entry_of(parse_drs_block(entry.file, entry.line, 0, entry.text.split("\n")))


def drs_entries(name: str, text: str, lazy: bool = False) -> list[Entry]:
    """Every DRS of a clause file's text; raises :class:`InputError` when it holds none.
    ``lazy`` splits the DRSs and reads their header ids only."""
    blocks = split_drs_blocks(text)
    if not blocks:
        raise InputError(name, None, "no DRSs found (the file is empty or holds only comments)")
    if lazy:
        return [
            Entry(name, start, header_id(lines), "\n".join(lines), parsed=False, decode=decode_drs_entry)
            for start, lines in blocks
        ]
    return [
        entry_of(parse_drs_block(name, start, position, lines))
        for position, (start, lines) in enumerate(blocks, start=1)
    ]
