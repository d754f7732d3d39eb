"""Stage 1 of the pipeline: read input files and pair their graphs.

:func:`load_pairs` reads a test and a gold file in any supported format (:mod:`.formats`:
AMR/PENMAN, UMR, DRS clause files) and pairs their graphs (:mod:`.pairing`); :func:`load_sources` reads two or
more files into sentences, and :func:`~engine.read.annotations.load_annotations` several
annotators' files of the same sentences (:mod:`.annotations`). Each graph is decoded once
(:mod:`.penman_tree`) into an :class:`~engine.model.Graph`; a graph that cannot be read
becomes an error on its pair, named by file and line, and the other pairs are kept.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ..runtime.lazy import lazy_names
from .amr import parse_entry, read_entries, read_graph
from .formats import FORMAT_CHOICES, FormatChoice, load_sources
from .pairing import PAIR_BY, LoadedPairs, LoadedSentences, Pair, PairBy, Sentence
from .source import Entry, read_text

if TYPE_CHECKING:
    from .annotations import MAX_ANNOTATORS, AnnotationSet, load_annotations

__all__ = [
    "FORMAT_CHOICES",
    "MAX_ANNOTATORS",
    "PAIR_BY",
    "AnnotationSet",
    "Entry",
    "FormatChoice",
    "LoadedPairs",
    "LoadedSentences",
    "Pair",
    "PairBy",
    "Sentence",
    "load_annotations",
    "load_pairs",
    "load_sources",
    "parse_entry",
    "read_entries",
    "read_graph",
    "read_text",
]


_HOMES = {  # the several-annotator reader, loaded on first use: scoring two files does not need it
    "AnnotationSet": ".annotations",
    "MAX_ANNOTATORS": ".annotations",
    "load_annotations": ".annotations",
}


__getattr__ = lazy_names(__name__, _HOMES)


def load_pairs(
    test_path: str | Path,
    gold_path: str | Path,
    format_in: FormatChoice = "auto",
    pair_by: PairBy = "auto",
    lazy: bool = False,
) -> LoadedPairs:
    """Read both files (the format detected from the test file unless given) and pair their
    graphs; raises :class:`~engine.errors.InputError` for a file that cannot be used at all
    (unreadable, not UTF-8, empty, unpairable). ``lazy`` leaves AMR and DRS graphs undecoded until
    :func:`parse_entry` (for streaming a large corpus)."""
    return load_sources([test_path, gold_path], format_in, pair_by, lazy).pairs()
