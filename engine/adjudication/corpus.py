"""The annotations being adjudicated: N files of the same sentences, read and lined up.

Each file after the first is paired with the first by the two-file rules
(:mod:`engine.read.pairing`: by ``# ::id``, else by position, with the same errors and
warnings); a sentence is a row of the first file's entry and its partners, and ids found
only in a later file become rows of their own at the end. Files are read from their text,
so that a session reads the copy it stored exactly as it read the files when it was made.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..read.formats import FORMATS, Source, detect
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


def annotator_names(paths: Sequence[str | Path]) -> list[str]:
    """A short unique name per file: its stem, with the parent folder (then a number) when
    stems repeat.

    >>> annotator_names(["a/x.amr", "b/x.amr", "y.txt"])
    ['a-x', 'b-x', 'y']
    """
    stems = [Path(path).stem for path in paths]
    names = [
        f"{Path(path).parent.name}-{stem}" if stems.count(stem) > 1 and Path(path).parent.name else stem
        for path, stem in zip(paths, stems)
    ]
    unique: list[str] = []
    for name in names:
        candidate, number = name, 2
        while candidate in unique:
            candidate, number = f"{name}-{number}", number + 1
        unique.append(candidate)
    return unique


def load_file(path: str | Path, annotator: str) -> AnnotationFile:
    """Read a file (raises :class:`~engine.errors.InputError` when it cannot be read)."""
    text = read_text(path)
    return AnnotationFile(annotator, str(Path(path).resolve()), text, text_hash(text))


def read_corpus(
    files: list[AnnotationFile], format_in: str = "auto", pair_by: PairBy = "auto", lazy: bool = False
) -> Corpus:
    """Line up the files' sentences (see the module docstring); raises
    :class:`~engine.errors.InputError` for files that cannot be paired. ``lazy`` leaves AMR
    graphs undecoded until :func:`~engine.read.amr.parse_entry`."""
    first = files[0]
    form = detect(first.path, first.text) if format_in == "auto" else FORMATS[format_in]
    rows: list[SentenceRow] = []
    by_line: dict[int, SentenceRow] = {}
    extra: dict[str | None, SentenceRow] = {}
    warnings: list[str] = []
    others = files[1:] or [first]
    for other in others:
        loaded = form.load(Source(first.path, first.text), Source(other.path, other.text), pair_by, lazy)
        warnings += [warning for warning in loaded.warnings if warning not in warnings]
        for pair in loaded.pairs:
            if pair.test is not None:
                row = by_line.get(pair.test.line)
                if row is None:
                    row = by_line[pair.test.line] = SentenceRow(len(rows), pair.id, {first.annotator: pair.test})
                    rows.append(row)
            else:
                row = extra.get(pair.id)
                if row is None:
                    row = extra[pair.id] = SentenceRow(-1, pair.id, {first.annotator: None})
            row.entries[other.annotator] = pair.gold
    for row in extra.values():
        row.index = len(rows)
        rows.append(row)
    for row in rows:
        row.entries = {file.annotator: row.entries.get(file.annotator) for file in files}
    return Corpus(form.name, files, rows, warnings)
