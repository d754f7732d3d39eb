"""Errors about the user's input: every one names the file and, where known, the line."""

from __future__ import annotations


class InputError(Exception):
    """A problem in an input file, printed as ``FILE:LINE: what is wrong``."""

    def __init__(self, file: str, line: int | None, message: str):
        super().__init__(file, line, message)
        self.file = file
        self.line = line
        self.message = message

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line is not None else self.file
        return f"{where}: {self.message}"


class MissingGraph(InputError):
    """A sentence that a file has no graph of (pairing by id): nothing failed to read, the
    annotation is missing. Placed at the sentence's graph in another file."""
