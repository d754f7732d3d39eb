"""Pair the graphs of a test file with those of a gold file (SPEC section 1, "Pairing")."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .errors import InputError
from .reader import Entry


@dataclass
class Pair:
    """A test entry and a gold entry to compare; ``error`` says why they cannot be."""

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


def _ids_usable(entries: list[Entry]) -> bool:
    ids = [entry.id for entry in entries]
    return all(ids) and max(Counter(ids).values()) == 1


def pair_entries(test: list[Entry], gold: list[Entry], test_name: str, gold_name: str) -> list[Pair]:
    """Pair by ``# ::id`` when every graph of both files has a unique id, else by position.

    By id, pairs follow the test file's order and ids found in one file only
    become pairs with an error; by position, the files must hold as many graphs.
    """
    if _ids_usable(test) and _ids_usable(gold):
        gold_by_id = {entry.id: entry for entry in gold}
        test_ids = {entry.id for entry in test}
        pairs = [Pair(i, entry.id, entry, gold_by_id.get(entry.id)) for i, entry in enumerate(test)]
        extra = [entry for entry in gold if entry.id not in test_ids]
        pairs += [Pair(len(pairs) + k, entry.id, None, entry) for k, entry in enumerate(extra)]
        return pairs
    if len(test) != len(gold):
        raise InputError(
            test_name,
            None,
            f"holds {len(test)} graphs but {gold_name} holds {len(gold)}; "
            "give every graph a unique '# ::id' in both files to pair them by id",
        )
    return [Pair(i, t.id or g.id, t, g) for i, (t, g) in enumerate(zip(test, gold))]
