"""Files named for people: by their name, with their folder where names repeat.

Several annotators often keep files of the same name in folders of their own
(``alice/amr.txt``, ``bob/amr.txt``); every message and view names such a file by its folder
too, with one rule: :func:`annotator_names` (the file's stem, an annotator's name) and
:func:`file_names` (the whole file name, for messages about files).

>>> file_names(["alice/amr.txt", "bob/amr.txt", "gold.txt"])
['alice/amr.txt', 'bob/amr.txt', 'gold.txt']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

__all__ = ["annotator_names", "file_names"]


def annotator_names(paths: Sequence[str | Path]) -> list[str]:
    """Each file's stem; stems that repeat get their folder, and a number if they still do.

    >>> annotator_names(["a/x.amr", "b/x.amr", "y.txt", "y.txt"])
    ['a/x', 'b/x', 'y (1)', 'y (2)']
    """
    return _told_apart(paths, lambda path: path.stem)


def file_names(paths: Sequence[str | Path]) -> list[str]:
    """Each file's name; names that repeat get their folder, and a number if they still do (the
    rule of :func:`annotator_names`, the suffix kept); a file given twice is one file, named once.

    >>> file_names(["a/x.amr", "b/x.amr", "x.txt", "a/x.amr"])
    ['a/x.amr', 'b/x.amr', 'x.txt', 'a/x.amr']
    >>> file_names(["a/x.amr", "a/x.amr"])
    ['x.amr', 'x.amr']
    """
    files = list(dict.fromkeys(Path(path) for path in paths))
    named = dict(zip(files, _told_apart(files, lambda path: path.name)))
    return [named[Path(path)] for path in paths]


def _told_apart(paths: Sequence[str | Path], name_of: Callable[[Path], str]) -> list[str]:
    """``name_of(path)``, with the folder's name where it repeats, numbered where that still repeats."""
    names = [name_of(Path(path)) for path in paths]
    repeated = Counter(names)
    names = [
        "/".join(filter(None, (Path(path).parent.name, name))) if repeated[name] > 1 else name
        for path, name in zip(paths, names)
    ]
    counts = Counter(names)
    seen: Counter = Counter()
    numbered = []
    for name in names:
        seen[name] += 1
        numbered.append(f"{name} ({seen[name]})" if counts[name] > 1 else name)
    return numbered
