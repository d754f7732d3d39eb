"""Errors about the user's input: every one names the file and, where known, the line; and
reading an input file's text, whose failures are such errors."""

from __future__ import annotations

from pathlib import Path

__all__ = ["InputError", "MissingGraph", "NoConvergence", "ProfileRefused", "read_text"]


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


class ProfileRefused(InputError):
    """Input that the profile asked for cannot score (the file itself is fine): ``profile`` names it."""

    def __init__(self, file: str, profile: str, message: str):
        super().__init__(file, None, message)
        self.profile = profile


class NoConvergence(ValueError):
    """A pair the ``ancast-0.1.1`` profile cannot finish: the reference's mutual-best matching
    goes round in circles, and the reference raises too (:mod:`engine.compat.alignment`)."""


def read_text(path: str | Path) -> str:
    """The file's text, or an :class:`InputError` that says why it cannot be had."""
    name = str(path)
    try:
        data = Path(path).read_bytes()
    except IsADirectoryError:
        raise InputError(name, None, "is a directory, not a file") from None
    except OSError as error:
        raise InputError(name, None, f"cannot read: {error.strerror or error}") from None
    try:  # a byte order mark is dropped; error.start counts from the file's first byte
        return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        byte = data[error.start]
        raise InputError(name, line, f"not valid UTF-8 (byte 0x{byte:02x}); save the file as UTF-8") from None
