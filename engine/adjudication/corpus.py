"""The annotations being adjudicated: N files of the same sentences, read and lined up.

The files' sentences are grouped as for every command (:mod:`engine.read.pairing`: by
``# ::id``, else by position, with the same errors and warnings), from their text, so that a
session reads the copy it stored exactly as it read the files when it was made.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

from ..read.annotations import annotator_names
from ..read.formats import FormatChoice, Source, group_sources
from ..read.pairing import PairBy
from ..read.source import Entry, read_text

__all__ = ["AnnotationFile", "Corpus", "SentenceRow", "annotator_names", "load_file", "read_corpus"]


@dataclass(frozen=True)
class AnnotationFile:
    """One annotator's file: the name it goes by, where it was, its text and the text's hash."""

    annotator: str
    path: str
    text: str
    sha256: str


@dataclass
class SentenceRow:
    """One sentence: its id and each annotator's entry (None where a file has no partner)."""

    index: int
    id: str | None
    entries: dict[str, Entry | None]


@dataclass
class Corpus:
    format: str
    files: list[AnnotationFile]
    rows: list[SentenceRow]
    warnings: list[str] = field(default_factory=list)

    @property
    def annotators(self) -> list[str]:
        return [file.annotator for file in self.files]


def text_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def load_file(path: str | Path, annotator: str) -> AnnotationFile:
    """Read a file (raises :class:`~engine.errors.InputError` when it cannot be read)."""
    text = read_text(path)
    return AnnotationFile(annotator, str(Path(path).resolve()), text, text_hash(text))


def read_corpus(
    files: list[AnnotationFile], format_in: FormatChoice = "auto", pair_by: PairBy = "auto", lazy: bool = False
) -> Corpus:
    """Line up the files' sentences with the format plug-ins' grouping of several files
    (:func:`engine.read.formats.group_sources`); raises :class:`~engine.errors.InputError`
    for files that cannot be paired. ``lazy`` leaves AMR graphs undecoded until
    :func:`~engine.read.amr.parse_entry`."""
    loaded = group_sources([Source(file.path, file.text) for file in files], format_in, pair_by, lazy)
    rows = [
        SentenceRow(
            sentence.index, sentence.id, {file.annotator: entry for file, entry in zip(files, sentence.entries)}
        )
        for sentence in loaded.sentences
    ]
    return Corpus(loaded.format, files, rows, loaded.warnings)
