"""Find the lines of a PENMAN text that show a node or a relation, and where a block as written
starts in its file (Qt-free)."""

from __future__ import annotations

import re

__all__ = ["block_start", "node_line", "triple_line"]


def node_line(text: str, var: str) -> int | None:
    """Line number (0-based) where ``(var / concept`` stands."""
    pattern = re.compile(rf"\(\s*{re.escape(var)}\s*/")
    for number, line in enumerate(text.splitlines()):
        if pattern.search(line):
            return number
    return None


def triple_line(text: str, source: str, role: str, target: str) -> int | None:
    """Line of the relation ``source role target``: written forwards under the
    source, or inverted (``role-of source``) under the target; ``:mod`` may be
    written as ``:domain`` the other way round."""
    end = r"(?=[\s)~]|$)"
    forms = [(source, role, target), (target, f"{role}-of", source)]
    if role == ":mod":
        forms.append((target, ":domain", source))
    lines = text.splitlines()
    for owner, written_role, other in forms:
        pattern = re.compile(rf"{re.escape(written_role)}(?:~\S+)?\s+\(?\s*{re.escape(other)}{end}")
        start = node_line(text, owner) or 0
        for number in range(start, len(lines)):
            if pattern.search(lines[number]):
                return number
    return None


def block_start(file_text: str, block: str, containing: int | None = None) -> int | None:
    """The file line (from 1) where ``block`` (lines as written) starts in ``file_text``: of
    the places it stands, the first whose lines include line ``containing`` (an error line), else
    the first; None when it stands nowhere (the file changed since)."""
    lines, wanted = file_text.splitlines(), block.split("\n")
    if not block or not wanted:
        return None
    size = len(wanted)
    starts = [
        number + 1
        for number, line in enumerate(lines[: len(lines) - size + 1])
        if line == wanted[0] and lines[number : number + size] == wanted
    ]
    around = [start for start in starts if containing is not None and start <= containing < start + size]
    found = around or starts
    return found[0] if found else None
