"""Several annotators' files of the same sentences, read and grouped, each annotator named.

:func:`load_annotations` reads 2 to :data:`MAX_ANNOTATORS` files with the format plug-ins
(:mod:`.formats`) and groups their graphs into sentences by id, else by position
(:mod:`.pairing`), with the same errors and warnings as two files. One file may be the
gold (reference) annotation. An annotator is named by its file's stem.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from ..errors import InputError, MissingGraph
from .amr import parse_entry
from .file_names import annotator_names, file_names
from .formats import FormatChoice, load_sources
from .pairing import LoadedPairs, LoadedSentences, PairBy, Sentence

__all__ = ["MAX_ANNOTATORS", "AnnotationSet", "annotator_names", "load_annotations"]

MAX_ANNOTATORS = 20


@dataclass
class AnnotationSet:
    """The annotators' files (``paths``, ``names``), their graphs grouped into ``sentences``
    (one entry per annotator, in file order) and which annotator, if any, is the gold."""

    paths: list[str]
    names: list[str]
    loaded: LoadedSentences
    gold: int | None = None

    @property
    def sentences(self) -> list[Sentence]:
        return self.loaded.sentences

    @property
    def format(self) -> str:
        return self.loaded.format

    @property
    def warnings(self) -> list[str]:
        return self.loaded.warnings

    def __len__(self) -> int:
        """The number of annotators."""
        return len(self.paths)

    def index(self, annotator: str | Path | int) -> int:
        """An annotator's position, from its name, its path or its position; ValueError if unknown."""
        if isinstance(annotator, int):
            if not 0 <= annotator < len(self.paths):
                raise ValueError(f"no annotator {annotator}: there are {len(self.paths)}")
            return annotator
        if str(annotator) in self.names:
            return self.names.index(str(annotator))
        wanted = Path(annotator).resolve()
        for k, path in enumerate(self.paths):
            if Path(path).resolve() == wanted:
                return k
        raise ValueError(f"no annotator {str(annotator)!r}; the annotators are {', '.join(self.names)}")

    def sentence_labels(self) -> list[str]:
        """Each sentence's id, or its position when it has none."""
        return [s.id if s.id is not None else str(s.index) for s in self.sentences]

    def pairs(self, test: int, gold: int) -> LoadedPairs:
        """Annotators ``test`` and ``gold`` as two files' pairs, their graphs decoded, for the
        pair views and :func:`engine.scoring.score_corpus`: the sentences at least one of the two
        has (as when the two files are paired alone); a sentence missing from one names that file."""
        loaded = self.loaded.pairs(test, gold)
        every = file_names(self.paths)
        names = (every[test], every[gold])
        loaded.pairs = [
            replace(
                pair, test=pair.test and parse_entry(pair.test), gold=pair.gold and parse_entry(pair.gold), names=names
            )
            for pair in loaded.pairs
        ]
        return loaded

    def problem(self, sentence: Sentence, annotator: int) -> InputError | None:
        """Why the annotator's graph of the sentence cannot be used: missing from its file, or
        unreadable (a graph read lazily is only known to be unreadable once decoded)."""
        entry = sentence.entries[annotator]
        if entry is not None:
            return entry.error
        other = next(entry for entry in sentence.entries if entry is not None)
        missing = file_names(self.paths)[annotator]
        return MissingGraph(other.file, other.line, f"id {sentence.id!r} has no graph in {missing}")


def load_annotations(
    paths: Sequence[str | Path],
    format_in: FormatChoice = "auto",
    pair_by: PairBy = "auto",
    gold: str | Path | None = None,
    lazy: bool = True,
) -> AnnotationSet:
    """Read and group 2 to :data:`MAX_ANNOTATORS` annotators' files. ``gold`` marks one of
    them as the reference, or is read as one more annotator if it is not among ``paths``.
    Raises :class:`~engine.errors.InputError` for a file that cannot be used at all (as
    :func:`~engine.read.load_pairs`) and ValueError for too few or too many files. ``lazy``
    (the default) leaves AMR graphs undecoded until they are scored."""
    names = [str(path) for path in paths]
    resolved = [Path(path).resolve() for path in names]
    gold_index = None
    if gold is not None:
        if Path(gold).resolve() not in resolved:
            names.append(str(gold))
            resolved.append(Path(gold).resolve())
        gold_index = resolved.index(Path(gold).resolve())
    if not 2 <= len(names) <= MAX_ANNOTATORS:
        raise ValueError(f"give 2 to {MAX_ANNOTATORS} annotators' files, not {len(names)}")
    loaded = load_sources(names, format_in, pair_by, lazy)
    return AnnotationSet(names, annotator_names(names), loaded, gold_index)
