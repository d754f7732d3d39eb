"""Stage 1 of the pipeline: read input files and pair their graphs.

:func:`load_pairs` reads a test and a gold file in any supported format (:mod:`.formats`:
AMR/PENMAN, UMR) and pairs their graphs (:mod:`.pairing`). Each graph is decoded once
(:mod:`.penman_tree`) into an :class:`~engine.model.Graph`; a graph that cannot be read
becomes an error on its pair, named by file and line, and the other pairs are kept.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal, get_args

from .amr import parse_entry, read_entries, read_graph
from .formats import FORMATS, Source, detect
from .pairing import PAIR_BY, LoadedPairs, Pair, PairBy
from .source import Entry, read_text

__all__ = [
    "FORMAT_CHOICES",
    "PAIR_BY",
    "Entry",
    "FormatChoice",
    "LoadedPairs",
    "Pair",
    "PairBy",
    "load_pairs",
    "parse_entry",
    "read_entries",
    "read_graph",
    "read_text",
]

FormatChoice = Literal["auto", "amr", "umr"]
FORMAT_CHOICES: tuple[str, ...] = get_args(FormatChoice)


def load_pairs(
    test_path: str | Path,
    gold_path: str | Path,
    format_in: FormatChoice = "auto",
    pair_by: PairBy = "auto",
    lazy: bool = False,
) -> LoadedPairs:
    """Read both files (the format detected from the test file unless given) and pair their
    graphs; raises :class:`~engine.errors.InputError` for a file that cannot be used at all
    (unreadable, not UTF-8, empty, unpairable). ``lazy`` leaves AMR graphs undecoded until
    :func:`parse_entry` (for streaming a large corpus)."""
    test = Source(str(test_path), read_text(test_path))
    gold = Source(str(gold_path), read_text(gold_path))
    form = detect(test.name, test.text) if format_in == "auto" else FORMATS[format_in]
    return form.load(test, gold, pair_by, lazy)
