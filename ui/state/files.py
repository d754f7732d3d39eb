"""The annotation files opened together, and which of them is the test and which the gold (Qt-free).

The pair views compare two files; the set is kept as N paths with two chosen roles so that
several annotators' files (a cell of their matrix) fit the same object.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from ..common.sides import Side

__all__ = ["AnnotatorFiles"]


@dataclass(frozen=True)
class AnnotatorFiles:
    """``paths`` of the annotators' files; ``test`` and ``gold`` index the two compared."""

    paths: tuple[Path, ...]
    test: int = 0
    gold: int = 1

    def __post_init__(self) -> None:
        if len(self.paths) < 2:
            raise ValueError("at least two annotation files are needed")
        if self.test == self.gold or not all(0 <= k < len(self.paths) for k in (self.test, self.gold)):
            raise ValueError(f"test {self.test} and gold {self.gold} must be two different files of {len(self.paths)}")

    @classmethod
    def of(cls, paths: Sequence[str | Path], test: int = 0, gold: int = 1) -> AnnotatorFiles:
        return cls(tuple(Path(path) for path in paths), test, gold)

    @property
    def test_path(self) -> Path:
        return self.paths[self.test]

    @property
    def gold_path(self) -> Path:
        return self.paths[self.gold]

    def path(self, side: Side) -> Path:
        return self.test_path if side == "test" else self.gold_path

    def swapped(self) -> AnnotatorFiles:
        """The same files with test and gold exchanged."""
        return replace(self, test=self.gold, gold=self.test)

    def with_file(self, side: Side, path: str | Path) -> AnnotatorFiles:
        """``path`` in place of the test or gold file."""
        index = self.test if side == "test" else self.gold
        return replace(self, paths=self.paths[:index] + (Path(path),) + self.paths[index + 1 :])

    def ordered(self) -> tuple[Path, ...]:
        """Test first, gold second, then the other files in their order."""
        rest = tuple(path for k, path in enumerate(self.paths) if k not in (self.test, self.gold))
        return (self.test_path, self.gold_path) + rest

    def title(self) -> str:
        return f"{self.test_path.name} vs {self.gold_path.name}"
