"""The annotation files opened together, and which of them is the test and which the gold (Qt-free).

The pair views compare two files; the set is kept as N paths with two chosen roles so that
several annotators' files (a cell of their matrix) fit the same object.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from engine.read.file_names import annotator_names, file_names

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

    def names(self) -> tuple[str, str]:
        """The test and gold files' names, each with its folder where the files' names repeat
        (:func:`~engine.read.file_names.file_names`, as the annotators' matrix names them)."""
        names = file_names(self.paths)
        return names[self.test], names[self.gold]

    def annotators(self) -> tuple[str, str]:
        """The test and gold annotators' names: the files' stems, with their folders where these
        repeat (:func:`~engine.read.file_names.annotator_names`, the matrix's names)."""
        names = annotator_names(self.paths)
        return names[self.test], names[self.gold]

    def name_of(self, file: str | Path) -> str:
        """How messages name ``file``: as :meth:`names` does when it is one of these files, else by
        its name."""
        path = Path(file)
        return file_names(self.paths)[self.paths.index(path)] if path in self.paths else path.name

    def title(self) -> str:
        return " vs ".join(self.names())
