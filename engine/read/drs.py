"""DRS clause files (``.clf``) as input: each DRS becomes an :class:`~engine.read.source.Entry`
whose graph is :func:`engine.drs.drs_graph` of it and which keeps its clauses (for Counter
and DScorer); a malformed DRS is an entry with the error naming file and line.

An entry's id is the one its ``%%%`` header gives (``%%% id: X``, or a PMB document path),
None without one. :func:`group_drs` pairs DRSs by id when every DRS has one and the files
share them; else by position, as Counter and DScorer do - or by their ``%%%`` sentence lines
when these pair more DRSs with their own sentence than position does (files in different
orders, a DRS missing from one file). Read lazily, a DRS is split from the file with its
header lines and decoded by :func:`decode_drs_entry` when it is scored.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

from ..drs.clauses import DrsEntry, header_id, header_sentence, parse_drs_block, split_drs_blocks
from ..drs.graph import drs_graph
from ..errors import InputError
from .file_names import file_names
from .pairing import PairBy, Sentence, check_equal_counts, first_id, group_by_key, group_entries
from .source import Entry

__all__ = ["decode_drs_entry", "drs_entries", "entry_of", "group_drs"]


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


def group_drs(
    files: Sequence[Sequence[Entry]], names: Sequence[str], pair_by: PairBy
) -> tuple[list[Sentence], list[str]]:
    """The DRSs of several clause files grouped into sentences, and the warnings about it.

    ``auto``: by id when every DRS has a ``%%%`` header id, no id repeats in a file and every
    two files share one; else by position - the norm for clause files, said nothing about -
    unless the ``%%%`` sentence lines pair more DRSs with their own sentence than position does
    (then by sentence, saying so). ``id`` and ``position`` force one way (``position`` warns
    about DRSs whose ids differ).
    """
    if pair_by == "id":
        missing = next((entry for entries in files for entry in entries if not entry.id), None)
        if missing is not None:
            raise InputError(
                missing.file, missing.line, "this DRS has no '%%% id: X' header; --pair-by id needs one on every DRS"
            )
        return group_entries(files, names, "id")
    if pair_by == "auto" and _ids_pair(files):
        return group_entries(files, names, "auto")
    if pair_by == "auto":
        by_sentence = _by_sentence(files, names)
        if by_sentence is not None:
            return by_sentence
    why = "DRSs are paired by position ('%%% id: X' headers or '%%%' sentence lines in every file pair them otherwise)"
    check_equal_counts(files, names, why, noun="DRS")
    if pair_by == "position":  # asked for: DRSs whose ids differ are worth a warning
        return group_entries(files, names, "position")
    return [Sentence(i, first_id(row), tuple(row)) for i, row in enumerate(zip(*files))], []


def _ids_pair(files: Sequence[Sequence[Entry]]) -> bool:
    """Whether every DRS has an id, none repeats within a file and every two files share one."""
    ids = [[entry.id for entry in entries] for entries in files]
    if any(not identifier for file_ids in ids for identifier in file_ids):
        return False
    if any(len(set(file_ids)) != len(file_ids) for file_ids in ids):
        return False
    shared = [set(file_ids) for file_ids in ids]
    return all(shared[a] & shared[b] for a in range(len(files)) for b in range(a + 1, len(files)))


def _by_sentence(files: Sequence[Sequence[Entry]], names: Sequence[str]) -> tuple[list[Sentence], list[str]] | None:
    """The DRSs grouped by their ``%%%`` sentence lines (the k-th DRS of a sentence with the k-th
    of the same sentence in the other files), when every DRS has one and this groups more DRSs
    with their own sentence than position does; else None."""
    sentences = [[header_sentence(entry.text.splitlines()) for entry in entries] for entries in files]
    if any(sentence is None for file_sentences in sentences for sentence in file_sentences):
        return None
    keys = [_numbered(file_sentences) for file_sentences in sentences]
    grouped = group_by_key(files, keys)
    complete = sum(1 for sentence in grouped if None not in sentence.entries)
    counts = {len(entries) for entries in files}
    by_position = sum(1 for row in zip(*sentences) if len(set(row)) == 1) if len(counts) == 1 else -1
    if complete == 0 or complete <= by_position:
        return None
    shown = file_names(names)
    how = (
        f"{' and '.join(shown) if len(shown) == 2 else ', '.join(shown)} list their DRSs in different orders"
        if len(counts) == 1
        else f"{shown[0]} holds {len(files[0])} DRSs but "
        + ", ".join(f"{name} holds {len(entries)}" for name, entries in zip(shown[1:], files[1:]))
    )
    warning = f"{how}, so they were paired by their '%%%' sentence lines"
    lonely = [sentence for sentence in grouped if None in sentence.entries]
    if lonely:
        first = next(entry for entry in lonely[0].entries if entry is not None)
        some = "1 DRS has no partner and is" if len(lonely) == 1 else f"{len(lonely)} DRSs have no partner and are"
        warning += f"; {some} not scored (first: {first.file}:{first.line})"
    return grouped, [warning]


def _numbered(sentences: Sequence[str | None]) -> list[tuple[str | None, int]]:
    """Each sentence with how many times it came before in the file: (sentence, k)."""
    seen: Counter[str | None] = Counter()
    keys = []
    for sentence in sentences:
        keys.append((sentence, seen[sentence]))
        seen[sentence] += 1
    return keys
