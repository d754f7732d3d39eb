"""Input formats as plug-ins: each knows its files and how to read and pair two of them.

A :class:`Format` has a name, a ``detect(name, text)`` test and a ``load(test, gold,
pair_by, lazy)`` that returns :class:`~engine.read.pairing.LoadedPairs`. ``auto``
detection asks the formats in :data:`FORMATS` order; AMR/PENMAN is the fallback.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..errors import InputError
from .amr import entries_from_text
from .pairing import LoadedPairs, Pair, PairBy, pair_entries, unequal_counts
from .umr import looks_like_umr, umr_from_text

__all__ = ["FORMATS", "Format", "Source", "detect"]


@dataclass(frozen=True)
class Source:
    """One input file: its name and its text."""

    name: str
    text: str


@dataclass(frozen=True)
class Format:
    name: str
    title: str
    detect: Callable[[str, str], bool]
    load: Callable[[Source, Source, PairBy, bool], LoadedPairs]


def _load_amr(test: Source, gold: Source, pair_by: PairBy, lazy: bool) -> LoadedPairs:
    pairs, warnings = pair_entries(
        entries_from_text(test.name, test.text, lazy),
        entries_from_text(gold.name, gold.text, lazy),
        test.name,
        gold.name,
        pair_by,
    )
    return LoadedPairs(pairs, "amr", warnings=warnings)


def _load_umr(test: Source, gold: Source, pair_by: PairBy, lazy: bool) -> LoadedPairs:
    """UMR sentences paired by position within documents, documents by position (the
    document-level scores need every sentence, so UMR is never read lazily)."""
    if pair_by == "id":
        raise InputError(test.name, None, "UMR sentences are paired by position; --pair-by id is for AMR files")
    test_file, gold_file = umr_from_text(test.name, test.text), umr_from_text(gold.name, gold.text)
    if len(test_file.sentences) != len(gold_file.sentences):
        raise unequal_counts([s.entry for s in test_file.sentences], [s.entry for s in gold_file.sentences],
                             test.name, gold.name, "UMR files are paired sentence by sentence", noun="sentence")
    if len(test_file.documents) != len(gold_file.documents):
        raise unequal_counts([d.sentences[0].entry for d in test_file.documents],
                             [d.sentences[0].entry for d in gold_file.documents], test.name, gold.name,
                             "a document starts at each sentence numbered 1", noun="document")
    pairs: list[Pair] = []
    for number, (test_doc, gold_doc) in enumerate(zip(test_file.documents, gold_file.documents)):
        for test_sentence, gold_sentence in zip(test_doc.sentences, gold_doc.sentences):
            identifier = test_sentence.entry.id or gold_sentence.entry.id
            if len(test_file.documents) > 1:
                identifier = f"d{number}.{identifier}"
            pairs.append(Pair(len(pairs), identifier, test_sentence.entry, gold_sentence.entry, document=number))
    documents = list(zip(test_file.documents, gold_file.documents))
    return LoadedPairs(pairs, "umr", documents, test_file.warnings + gold_file.warnings)


def _is_umr(name: str, text: str) -> bool:
    """Files with '# sentence level graph:' sections, or named ``*.umr``."""
    return name.lower().endswith(".umr") or looks_like_umr(text)


FORMATS: dict[str, Format] = {
    "umr": Format("umr", "UMR (sentence graphs, alignments, document level)", _is_umr, _load_umr),
    "amr": Format("amr", "AMR / PENMAN", lambda name, text: True, _load_amr),
}


def detect(name: str, text: str) -> Format:
    """The first format that recognises the file (AMR/PENMAN when no other does)."""
    return next(form for form in FORMATS.values() if form.detect(name, text))
