"""Pair the graphs of a test file with those of a gold file (SPEC section 1, "Pairing").

``auto`` pairs by ``# ::id`` when every graph of both files has an id, no id repeats and
the files share at least one; otherwise by position, saying why. ``id`` and ``position``
force one way. Every choice the user might not expect is a warning, and a pairing that
cannot be made is an :class:`~engine.errors.InputError` that says what would work.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, get_args

from ..errors import InputError
from .source import Entry

__all__ = ["PAIR_BY", "LoadedPairs", "Pair", "PairBy", "pair_entries", "unequal_counts"]

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

    @property
    def errors(self) -> list[InputError]:
        found = [entry.error for entry in (self.test, self.gold) if entry is not None and entry.error]
        for side, entry, other in (("test", self.test, self.gold), ("gold", self.gold, self.test)):
            if entry is None and other is not None:
                found.append(InputError(other.file, other.line, f"id {self.id!r} has no graph in the {side} file"))
        return found

    @property
    def error(self) -> str | None:
        """All problems of the pair in one line, or None when it can be scored."""
        errors = self.errors
        return "; ".join(str(e) for e in errors) if errors else None


@dataclass
class LoadedPairs:
    """Two files read and paired: the pairs, the format, UMR document pairs and warnings."""

    pairs: list[Pair]
    format: str
    documents: list = field(default_factory=list)  # UMR: (test document, gold document) per document
    warnings: list[str] = field(default_factory=list)


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


def _by_id(test: Sequence[Entry], gold: Sequence[Entry]) -> list[Pair]:
    """Pairs in the test file's order; ids found in one file only become pairs with an error."""
    gold_by_id = {entry.id: entry for entry in gold}
    test_ids = {entry.id for entry in test}
    pairs = [Pair(i, entry.id, entry, gold_by_id.get(entry.id)) for i, entry in enumerate(test)]
    extra = [entry for entry in gold if entry.id not in test_ids]
    return pairs + [Pair(len(pairs) + k, entry.id, None, entry) for k, entry in enumerate(extra)]


def unequal_counts(test: Sequence[Entry], gold: Sequence[Entry], test_name: str, gold_name: str, why: str,
                   noun: str = "graph") -> InputError:
    """The error for files that hold different numbers of graphs, at the first one left without a partner."""
    extra = (test if len(test) > len(gold) else gold)[min(len(test), len(gold))]
    test_file, gold_file = Path(test_name).name, Path(gold_name).name
    return InputError(extra.file, extra.line, f"{test_file} holds {len(test)} {noun}s but {gold_file} holds "
                                              f"{len(gold)}: this {noun} has no partner; {why}")


def _by_position(test: Sequence[Entry], gold: Sequence[Entry], test_name: str, gold_name: str, why: str) -> list[Pair]:
    if len(test) != len(gold):
        raise unequal_counts(test, gold, test_name, gold_name, why)
    return [Pair(i, t.id or g.id, t, g) for i, (t, g) in enumerate(zip(test, gold))]


def pair_entries(
    test: Sequence[Entry], gold: Sequence[Entry], test_name: str, gold_name: str, pair_by: PairBy = "auto"
) -> tuple[list[Pair], list[str]]:
    """The pairs and the warnings about how they were made (see the module docstring)."""
    problems = _id_problems(test) + _id_problems(gold)
    shared = {entry.id for entry in test} & {entry.id for entry in gold} - {None, ""}
    if pair_by == "position":
        pairs = _by_position(test, gold, test_name, gold_name, "--pair-by position needs as many graphs in both")
        differ = [(t.id, g.id, i) for i, (t, g) in enumerate(zip(test, gold)) if t.id and g.id and t.id != g.id]
        warnings = (
            [
                f"{len(differ)} pair(s) have different ids in the two files (first: pair {differ[0][2]}, "
                f"{differ[0][0]!r} vs {differ[0][1]!r})"
            ]
            if differ
            else []
        )
        return pairs, warnings
    if pair_by == "id":
        if problems:
            location, _, message = problems[0].rpartition(": ")
            file, _, line = location.rpartition(":")
            raise InputError(file, int(line), f"{message} (--pair-by id needs a unique id on every graph)")
        pairs = _by_id(test, gold)
        return pairs, _one_sided(pairs, shared, test_name, gold_name)
    if not problems and shared:
        pairs = _by_id(test, gold)
        return pairs, _one_sided(pairs, shared, test_name, gold_name)
    has_ids = any(entry.id for entry in [*test, *gold])
    if not problems:
        why = f"{test_name} and {gold_name} share no '# ::id', so they were paired by position"
        hint = "the files share no '# ::id' and cannot be paired by position either"
        pairs = _by_position(test, gold, test_name, gold_name, hint)
        return pairs, [why + " (--pair-by position says so without this warning)"]
    hint = (
        "give every graph a unique '# ::id' in both files to pair them by id"
        if not has_ids
        else f"they cannot be paired by id either: {problems[0]}"
        + (f" (and {len(problems) - 1} more)" if len(problems) > 1 else "")
    )
    pairs = _by_position(test, gold, test_name, gold_name, hint)
    if not has_ids:
        return pairs, []
    more = f" and {len(problems) - 1} more" if len(problems) > 1 else ""
    return pairs, [f"{problems[0]}{more}; the graphs were paired by position"]


def _one_sided(pairs: list[Pair], shared: set, test_name: str, gold_name: str) -> list[str]:
    """A warning for ids found in one file only, and a hint when no id pairs at all."""
    lonely = [pair for pair in pairs if pair.test is None or pair.gold is None]
    if not lonely:
        return []
    if not shared:
        return [
            f"no '# ::id' of {test_name} is in {gold_name}: nothing could be paired by id "
            "(--pair-by position pairs the graphs in file order)"
        ]
    return [f"{len(lonely)} id(s) appear in one file only (first: {lonely[0].id!r}); those pairs are not scored"]
