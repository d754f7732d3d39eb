"""Names that share much of their text (annotators' file names) told apart when there is no
room for them whole: shown from the word in which each first differs from the name most like
it (:func:`shortened`). Qt-free: :func:`distinct_name` counts letters; the heatmaps' labels
measure pixels with the same rule (:func:`ui.annotators.grid_heatmap.short_labels`).

>>> names = ("x_annot1_second_round_final", "x_annot2_second_round_final", "x_gold")
>>> [distinct_name(name, names, 12) for name in names]
['…annot1_sec…', '…annot2_sec…', 'x_gold']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

__all__ = ["SEPARATORS", "differing_word", "distinct_name", "shortened"]

SEPARATORS = frozenset("_-. /")  # where a shortened name may start: after one of these


def differing_word(name: str, names: Sequence[str]) -> tuple[int, int]:
    """(start, differs): where the word begins in which ``name`` first differs from the name of
    ``names`` most like it, and the place of that first different letter (for a name that
    begins another one, its last letter).

    >>> differing_word("x_annot1_final", ["x_annot1_final", "x_annot2_final"])
    (2, 7)
    """
    differs = max((_shared_beginning(name, other) for other in names if other != name), default=0)
    differs = max(0, min(differs, len(name) - 1))
    start = differs
    while start > 0 and name[start - 1] not in SEPARATORS:
        start -= 1
    return start, differs


def shortened(name: str, names: Sequence[str], cut: Callable[[str], str]) -> str:
    """``name`` as :func:`distinct_name` shortens it, ``cut(text)`` being ``text`` cut at its end
    to the room there is ("…"), or ``text`` itself when it fits (letters, or pixels on screen)."""
    if cut(name) == name:
        return name
    start, differs = differing_word(name, names)
    for first in range(start, differs + 1):  # the whole word when it fits, else less of its beginning
        shown = "…" + name[first:] if first else name
        label = cut(shown)
        if label.startswith(shown[: differs - first + (2 if first else 1)]):  # up to the letter that differs
            return label
    return cut("…" + name[differs:])


def distinct_name(name: str, names: Sequence[str], letters: int) -> str:
    """``name`` in at most ``letters`` letters: whole when it fits, else from the word in which it
    differs ("…"; less of that word's beginning when the differing letter would not fit), cut at
    its end ("…") when still too long."""
    return shortened(name, names, lambda text: text if len(text) <= letters else text[: letters - 1] + "…")


def _shared_beginning(one: str, other: str) -> int:
    """How many first letters two names have in common."""
    return next((k for k, (a, b) in enumerate(zip(one, other)) if a != b), min(len(one), len(other)))
