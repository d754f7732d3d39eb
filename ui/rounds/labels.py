"""How a heatmap writes its column names (Qt-free), the same on screen (:mod:`ui.rounds.view`) and
in the lesson's slides (:mod:`ui.rounds.svg`): level on one line where every name fits its
column's width, else - where the heatmap is enlarged - level on two lines, each name broken after
a hyphen or at a space (:func:`two_lines`; the annotators' heatmaps use it too), else upright.
Widths come from the caller's measure (Qt's font metrics on screen,
:func:`engine.layout.text.approximate_width` in a file).
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["LEVEL_PAD", "level_lines", "two_lines"]

LEVEL_PAD = 2.0  # px: a level name is narrower than its column by at least this much


def two_lines(name: str, width: Callable[[str], float], after: str = "-") -> tuple[str, ...]:
    """A name broken in two where its longer line is shortest: after one of the characters
    ``after`` (a hyphen: ``have-org-`` / ``role-91``; a folder's "/": ``alice/`` / ``amr``) or at
    a space (``name`` / ``(z2)``), with something on each side; the name whole when it has no such break.

    >>> two_lines("have-org-role-91", len), two_lines("name (z2)", len), two_lines("city", len)
    (('have-org-', 'role-91'), ('name', '(z2)'), ('city',))
    >>> two_lines("alice/amr", len, after="/"), two_lines("/amr", len, after="/"), two_lines("-x-", len)
    (('alice/', 'amr'), ('/amr',), ('-x-',))
    """
    breaks = [k + 1 for k, c in enumerate(name) if c in after] + [k for k, c in enumerate(name) if c == " "]
    breaks = [k for k in breaks if name[:k].strip(after + " ") and name[k:].strip()]
    if not breaks:
        return (name,)

    def longer(k: int) -> float:
        return max(width(name[:k].rstrip()), width(name[k:].lstrip()))

    k = min(breaks, key=longer)
    return (name[:k].rstrip(), name[k:].lstrip())


def level_lines(widest: float, widest_broken: float | None, cell_width: float) -> int:
    """On how many lines every column name fits its column's width written level: 1 when the
    widest name does, else 2 when the widest line of the names broken by :func:`two_lines` does
    (``widest_broken`` None: names are not broken), else 0 (they are written upright).

    >>> level_lines(40, 25, 45), level_lines(60, 25, 45), level_lines(60, None, 45), level_lines(60, 50, 45)
    (1, 2, 0, 0)
    """
    if widest + LEVEL_PAD <= cell_width:
        return 1
    return 2 if widest_broken is not None and widest_broken + LEVEL_PAD <= cell_width else 0
