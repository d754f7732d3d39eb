"""Group the graphs of several files into sentences; two files
(a test and a gold file) are the usual case.

``auto`` groups by ``# ::id`` when every graph of every file has an id, no id repeats within
a file and every two files share at least one; otherwise by position, saying why. ``id``
and ``position`` force one way. Every choice the user might not expect is a warning, and a
grouping that cannot be made is an :class:`~engine.errors.InputError` that says what
would work.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Literal, get_args

from ..errors import InputError, MissingGraph
from .file_names import file_names
from .source import Entry

__all__ = [
    "PAIR_BY",
    "LoadedPairs",
    "LoadedSentences",
    "Pair",
    "PairBy",
    "Sentence",
    "batches",
    "first_id",
    "group_by_key",
    "group_entries",
    "pair_entries",
    "pair_sizes",
    "unequal_counts",
]

PairBy = Literal["auto", "id", "position"]
PAIR_BY: tuple[str, ...] = get_args(PairBy)


@dataclass
class Pair:
    """A test entry and a gold entry to compare; ``errors`` say why they cannot be."""

    index: int
    id: str | None
    test: Entry | None
    gold: Entry | None
    document: int | None = None  # UMR: which document pair the sentence belongs to
    names: tuple[str, str] = ("the test file", "the gold file")  # how the errors name the two files

    @property
    def number(self) -> int:
        """The pair's number for people: its position counted from 1 (``index`` + 1)."""
        return self.index + 1

    @property
    def errors(self) -> list[InputError]:
        """Why the pair cannot be scored: an unreadable graph, or a file without a graph of the
        sentence (:class:`~engine.errors.MissingGraph`, placed at the graph of the other file)."""
        found = [entry.error for entry in (self.test, self.gold) if entry is not None and entry.error]
        for name, entry, other in ((self.names[0], self.test, self.gold), (self.names[1], self.gold, self.test)):
            if entry is None and other is not None:
                noun = _noun(other)
                what = f"id {self.id!r} has no {noun}" if self.id is not None else f"this {noun} has no partner"
                found.append(MissingGraph(other.file, other.line, f"{what} in {name}"))
        return found

    @property
    def error(self) -> str | None:
        """All problems of the pair in one line, or None when it can be scored."""
        errors = self.errors
        return "; ".join(str(e) for e in errors) if errors else None


def _noun(entry: Entry) -> str:
    """What an entry holds: a DRS (clauses) or a graph."""
    return "DRS" if entry.clauses is not None or entry.decode is not None else "graph"


@dataclass
class Sentence:
    """One sentence across the files: an entry per file, None where a file has no graph with its id."""

    index: int
    id: str | None
    entries: tuple[Entry | None, ...]
    document: int | None = None  # UMR: which document the sentence belongs to

    @property
    def number(self) -> int:
        """The sentence's number for people: its position in the files counted from 1 (``index`` + 1)."""
        return self.index + 1

    def pair(self, test: int, gold: int, index: int) -> Pair:
        """The entries of files ``test`` and ``gold`` as pair ``index`` of the two files."""
        return Pair(index, self.id, self.entries[test], self.entries[gold], self.document)

    def in_either(self, test: int, gold: int) -> bool:
        """Whether file ``test`` or file ``gold`` has the sentence (with several files, another
        file may be the only one that has it)."""
        return self.entries[test] is not None or self.entries[gold] is not None


@dataclass
class LoadedPairs:
    """Two files read and paired: the pairs, the format, UMR document pairs and warnings."""

    pairs: list[Pair]
    format: str
    documents: list = field(default_factory=list)  # UMR: (test document, gold document) per document
    warnings: list[str] = field(default_factory=list)


@dataclass
class LoadedSentences:
    """Files read and grouped: the sentences, the format, UMR documents and warnings."""

    sentences: list[Sentence]
    format: str
    documents: list = field(default_factory=list)  # UMR: a tuple of one document per file, per document
    warnings: list[str] = field(default_factory=list)

    def pairs(self, test: int = 0, gold: int = 1) -> LoadedPairs:
        """Files ``test`` and ``gold`` as :class:`LoadedPairs` (the whole of it for two files): the
        sentences at least one of the two has, numbered in that order from 0, as when those two
        files are paired alone."""
        documents = [(group[test], group[gold]) for group in self.documents]
        kept = [sentence for sentence in self.sentences if sentence.in_either(test, gold)]
        pairs = [sentence.pair(test, gold, index) for index, sentence in enumerate(kept)]
        return LoadedPairs(pairs, self.format, documents, self.warnings)


def first_id(entries: Sequence[Entry | None]) -> str | None:
    """The first id that is set, in file order (``test.id or gold.id`` for two files)."""
    identifier = None
    for entry in entries:
        if entry is not None:
            identifier = identifier or entry.id
    return identifier


def _id_problems(entries: Sequence[Entry]) -> list[str]:
    """Graphs without an id and repeated ids, each with its FILE:LINE."""
    problems: list[str] = []
    first_line: dict[str, int] = {}
    for entry in entries:
        if not entry.id:
            problems.append(f"{entry.file}:{entry.line}: graph has no '# ::id'")
        elif entry.id in first_line:
            problems.append(
                f"{entry.file}:{entry.line}: id {entry.id!r} repeats (first on line {first_line[entry.id]})"
            )
        else:
            first_line[entry.id] = entry.line
    return problems


def group_by_key(files: Sequence[Sequence[Entry]], keys: Sequence[Sequence[Hashable]]) -> list[Sentence]:
    """Entries of the same key (``keys[k][j]``: the key of ``files[k][j]``, unique within a file)
    grouped: sentences in the first file's order, then keys first seen in later files; a file
    without the key leaves None in its place. A sentence's id is the first id its entries have."""
    rows: dict[Hashable, list[Entry | None]] = {}
    for k, (entries, file_keys) in enumerate(zip(files, keys)):
        for entry, key in zip(entries, file_keys):
            rows.setdefault(key, [None] * len(files))[k] = entry
    return [Sentence(i, first_id(row), tuple(row)) for i, row in enumerate(rows.values())]


def _by_id(files: Sequence[Sequence[Entry]]) -> list[Sentence]:
    return group_by_key(files, [[entry.id for entry in entries] for entries in files])


def pair_sizes(pairs: Sequence[Pair]) -> list[tuple[int, int]]:
    """(test, gold) node counts of the pairs that have both sides (estimated before parsing)."""
    return [(pair.test.size, pair.gold.size) for pair in pairs if pair.test is not None and pair.gold is not None]


def batches(pairs: Sequence[Pair], cells: int, most: int = 256) -> list[list[Pair]]:
    """The pairs in order, cut into runs of at most ``most`` pairs that each hold about
    ``cells`` cells (Σ |V_T|·|V_G|, estimated before parsing); a larger pair is a run of its own.

    >>> [len(run) for run in batches([Pair(k, None, None, None) for k in range(5)], 1, most=2)]
    [2, 2, 1]
    """
    runs: list[list[Pair]] = []
    held = 0
    for pair in pairs:
        size = pair.test.size * pair.gold.size if pair.test is not None and pair.gold is not None else 0
        if not runs or (held and held + size > cells) or len(runs[-1]) >= most:
            runs.append([])
            held = 0
        runs[-1].append(pair)
        held += size
    return runs


def unequal_counts(
    test: Sequence[Entry], gold: Sequence[Entry], test_name: str, gold_name: str, why: str, noun: str = "graph"
) -> InputError:
    """The error for files that hold different numbers of graphs, at the first one left without a
    partner; ``test_name`` and ``gold_name`` are the files as the message names them (:func:`file_names`)."""
    extra = (test if len(test) > len(gold) else gold)[min(len(test), len(gold))]
    return InputError(
        extra.file,
        extra.line,
        f"{test_name} holds {len(test)} {noun}s but {gold_name} holds {len(gold)}: this {noun} has no partner; {why}",
    )


def check_equal_counts(files: Sequence[Sequence[Entry]], names: Sequence[str], why: str, noun: str = "graph") -> None:
    """Raise :func:`unequal_counts` for the first file whose count differs from the first file's
    (the files named as :func:`file_names` names them, worked out only then)."""
    for k, entries in enumerate(files[1:], start=1):
        if len(entries) != len(files[0]):
            shown = file_names(names)
            raise unequal_counts(files[0], entries, shown[0], shown[k], why, noun)


def _by_position(files: Sequence[Sequence[Entry]], names: Sequence[str], why: str) -> list[Sentence]:
    check_equal_counts(files, names, why)
    return [Sentence(i, first_id(row), tuple(row)) for i, row in enumerate(zip(*files))]


def _unshared(files: Sequence[Sequence[Entry]], names: Sequence[str]) -> tuple[str, str] | None:
    """The names of the first two files that share no id, or None when every two share one."""
    ids = [{entry.id for entry in entries} - {None, ""} for entries in files]
    return next(((names[a], names[b]) for a, b in combinations(range(len(files)), 2) if not ids[a] & ids[b]), None)


def _different_ids(sentences: Sequence[Sentence]) -> list[str]:
    """A warning for sentences grouped by position whose files give them different ids."""
    differ = []
    for sentence in sentences:
        ids = list(dict.fromkeys(entry.id for entry in sentence.entries if entry is not None and entry.id))
        if len(ids) > 1:
            differ.append((sentence.index, ids[0], ids[1]))
    if not differ:
        return []
    index, first, second = differ[0]
    number = index + 1  # for people, as the app numbers them
    if len(sentences[0].entries) == 2:
        return [
            f"{len(differ)} pair(s) have different ids in the two files (first: pair {number}, {first!r} vs {second!r})"
        ]
    return [
        f"{len(differ)} sentence(s) have different ids in the files (first: sentence {number}, {first!r} vs {second!r})"
    ]


def group_entries(
    files: Sequence[Sequence[Entry]], names: Sequence[str], pair_by: PairBy = "auto"
) -> tuple[list[Sentence], list[str]]:
    """The sentences and the warnings about how they were grouped (see the module docstring)."""
    in_all = "in both" if len(files) == 2 else "in every file"
    problems = [problem for entries in files for problem in _id_problems(entries)]
    unshared = _unshared(files, names)
    if pair_by == "position":
        sentences = _by_position(files, names, f"--pair-by position needs as many graphs {in_all}")
        return sentences, _different_ids(sentences)
    if pair_by == "id":
        if problems:
            location, _, message = problems[0].rpartition(": ")
            file, _, line = location.rpartition(":")
            raise InputError(file, int(line), f"{message} (--pair-by id needs a unique id on every graph)")
        sentences = _by_id(files)
        return sentences, _one_sided(sentences, unshared, names)
    if not problems and unshared is None:
        sentences = _by_id(files)
        return sentences, _one_sided(sentences, unshared, names)
    has_ids = any(entry.id for entries in files for entry in entries)
    if not problems:
        assert unshared is not None
        why = f"{unshared[0]} and {unshared[1]} share no '# ::id', so they were paired by position"
        hint = "the files share no '# ::id' and cannot be paired by position either"
        sentences = _by_position(files, names, hint)
        return sentences, [why + " (--pair-by position says so without this warning)"]
    hint = (
        f"give every graph a unique '# ::id' {in_all}{' files' if len(files) == 2 else ''} to pair them by id"
        if not has_ids
        else f"they cannot be paired by id either: {problems[0]}"
        + (f" (and {len(problems) - 1} more)" if len(problems) > 1 else "")
    )
    sentences = _by_position(files, names, hint)
    if not has_ids:
        return sentences, []
    more = f" and {len(problems) - 1} more" if len(problems) > 1 else ""
    return sentences, [f"{problems[0]}{more}; the graphs were paired by position"]


def _one_sided(sentences: list[Sentence], unshared: tuple[str, str] | None, names: Sequence[str]) -> list[str]:
    """A warning for ids missing from some files, and a hint when two files share no id at all."""
    lonely = [sentence for sentence in sentences if None in sentence.entries]
    if not lonely:
        return []
    if unshared is not None:
        return [
            f"no '# ::id' of {unshared[0]} is in {unshared[1]}: nothing could be paired by id "
            "(--pair-by position pairs the graphs in file order)"
        ]
    if len(names) == 2:
        return [f"{len(lonely)} id(s) appear in one file only (first: {lonely[0].id!r}); those pairs are not scored"]
    missing = file_names(names)[lonely[0].entries.index(None)]
    return [
        f"{len(lonely)} id(s) are missing from some files (first: {lonely[0].id!r}, not in {missing}); "
        "the pairs of files that lack them leave them out"
    ]


def pair_entries(
    test: Sequence[Entry], gold: Sequence[Entry], test_name: str, gold_name: str, pair_by: PairBy = "auto"
) -> tuple[list[Pair], list[str]]:
    """The pairs of two files and the warnings about how they were made."""
    sentences, warnings = group_entries([test, gold], [test_name, gold_name], pair_by)
    return [sentence.pair(0, 1, sentence.index) for sentence in sentences], warnings
