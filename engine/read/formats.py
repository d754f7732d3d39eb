"""Input formats as plug-ins: each knows its files and how to read and group several of them.

A :class:`Format` has a name, a ``detect(name, text)`` test and a ``load(sources, pair_by,
lazy)`` that reads two or more files and groups their graphs into sentences
(:class:`~engine.read.pairing.LoadedSentences`); two files, a test and a gold one, are the
usual case (:func:`engine.read.load_pairs`). ``auto`` detection asks the formats in
:data:`FORMATS` order; AMR/PENMAN is the fallback.


"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, get_args

from ..errors import InputError
from .amr import entries_from_text
from .pairing import LoadedSentences, PairBy, Sentence, check_equal_counts, first_id, group_entries
from .source import read_text

__all__ = ["FORMATS", "FORMAT_CHOICES", "Format", "FormatChoice", "Source", "detect", "group_sources", "load_sources"]

log = logging.getLogger(__name__)
FormatChoice = Literal["auto", "amr", "umr", "drs"]
FORMAT_CHOICES: tuple[str, ...] = get_args(FormatChoice)
_FIRST_CHARACTER = re.compile(r"\s*(\S)")
_UMR_GRAPH_HEADER = re.compile(r"#\s*sentence level graph", re.IGNORECASE)  # '#' first: searched fast


@dataclass(frozen=True)
class Source:
    """One input file: its name and its text."""

    name: str
    text: str


@dataclass(frozen=True)
class Format:
    """An input format: its name (``--format-in``), a title for people, ``detect(name, text)``
    (whether a file is in it) and ``load(sources, pair_by, lazy)``."""

    name: str
    title: str
    detect: Callable[[str, str], bool]
    load: Callable[[Sequence[Source], PairBy, bool], LoadedSentences]


def _load_amr(sources: Sequence[Source], pair_by: PairBy, lazy: bool) -> LoadedSentences:
    files = [entries_from_text(source.name, source.text, lazy) for source in sources]
    sentences, warnings = group_entries(files, [source.name for source in sources], pair_by)
    return LoadedSentences(sentences, "amr", warnings=warnings)


def _load_umr(sources: Sequence[Source], pair_by: PairBy, lazy: bool) -> LoadedSentences:
    """UMR sentences grouped by position within documents, documents by position (the
    document-level scores need every sentence, so UMR is never read lazily)."""
    from .umr import umr_from_text

    if pair_by == "id":
        raise InputError(sources[0].name, None, "UMR sentences are paired by position; --pair-by id is for AMR files")
    files = [umr_from_text(source.name, source.text) for source in sources]
    names = [source.name for source in sources]
    check_equal_counts(
        [[s.entry for s in file.sentences] for file in files],
        names,
        "UMR files are paired sentence by sentence",
        noun="sentence",
    )
    check_equal_counts(
        [[d.sentences[0].entry for d in file.documents] for file in files],
        names,
        "a document starts at each sentence numbered 1",
        noun="document",
    )
    documents = list(zip(*(file.documents for file in files)))
    sentences: list[Sentence] = []
    for number, group in enumerate(documents):
        for row in zip(*(document.sentences for document in group)):
            entries = tuple(sentence.entry for sentence in row)
            identifier = first_id(entries)
            if len(documents) > 1:
                identifier = f"d{number}.{identifier}"
            sentences.append(Sentence(len(sentences), identifier, entries, document=number))
    return LoadedSentences(sentences, "umr", documents, [warning for file in files for warning in file.warnings])


def _load_drs(sources: Sequence[Source], pair_by: PairBy, lazy: bool) -> LoadedSentences:
    """DRSs grouped by id, by position or by sentence (see :func:`~engine.read.drs.group_drs`)."""
    from .drs import drs_entries, group_drs

    files = [drs_entries(source.name, source.text, lazy) for source in sources]
    sentences, warnings = group_drs(files, [source.name for source in sources], pair_by)
    return LoadedSentences(sentences, "drs", warnings=warnings)


def _is_drs(name: str, text: str) -> bool:
    """Files named ``*.clf``, or whose first line is a ``%`` comment or a clause (a file that
    starts as PENMAN does, with a ``#`` comment or a graph's ``(``, is none)."""
    if name.lower().endswith(".clf"):
        return True
    start = _FIRST_CHARACTER.match(text)
    if start is None or start.group(1) in "#(":
        return False
    from ..drs.clauses import looks_like_drs

    return looks_like_drs(text)


def _is_umr(name: str, text: str) -> bool:
    """Files named ``*.umr``, or with a line that starts with ``# sentence level graph`` (in any
    case and spacing): told without loading the UMR reader.

    >>> _is_umr("a.txt", "(a / b)\\n#  Sentence level graph:"), _is_umr("a.txt", "(a) # sentence level graph")
    (True, False)
    """
    if name.lower().endswith(".umr"):
        return True
    return any(found.start() == 0 or text[found.start() - 1] == "\n" for found in _UMR_GRAPH_HEADER.finditer(text))


FORMATS: dict[str, Format] = {
    "umr": Format("umr", "UMR (sentence graphs, alignments, document level)", _is_umr, _load_umr),
    "drs": Format("drs", "DRS clause files (PMB, Counter, DScorer)", _is_drs, _load_drs),
    "amr": Format("amr", "AMR / PENMAN", lambda name, text: True, _load_amr),
}


def detect(name: str, text: str) -> Format:
    """The first format that recognises the file (AMR/PENMAN when no other does)."""
    return next(form for form in FORMATS.values() if form.detect(name, text))


def load_sources(
    paths: Sequence[str | Path], format_in: FormatChoice = "auto", pair_by: PairBy = "auto", lazy: bool = False
) -> LoadedSentences:
    """Read two or more files (the format detected from the first unless given) and group
    their graphs into sentences; raises :class:`~engine.errors.InputError` for a file that
    cannot be used at all (unreadable, not UTF-8, empty, ungroupable). ``lazy`` leaves AMR
    and DRS graphs undecoded until :func:`~engine.read.amr.parse_entry`."""
    return group_sources([Source(str(path), read_text(path)) for path in paths], format_in, pair_by, lazy)


def group_sources(
    sources: Sequence[Source], format_in: FormatChoice = "auto", pair_by: PairBy = "auto", lazy: bool = False
) -> LoadedSentences:
    """Group the graphs of two or more texts already read (see :func:`load_sources`)."""
    form = detect(sources[0].name, sources[0].text) if format_in == "auto" else FORMATS[format_in]
    log.debug("reading %d files as %s (%s)", len(sources), form.name, "detected" if format_in == "auto" else "given")
    return form.load(sources, pair_by, lazy)
