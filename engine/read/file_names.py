"""Files named for people: by their name, with their folders where names repeat.

Several annotators often keep files of the same name in folders of their own
(``alice/amr.txt``, ``bob/amr.txt``); every message and view names such a file by its folder
too (and by the folders above where those repeat too: ``round1/alice/amr.txt``,
``round2/alice/amr.txt``), with one rule: :func:`annotator_names` (the file's stem, an annotator's name) and
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
    """Each file's stem; stems that repeat get as many of their last folders as tell them apart,
    and a number only for one path given twice.

    >>> annotator_names(["a/x.amr", "b/x.amr", "y.txt", "y.txt"])
    ['a/x', 'b/x', 'y (1)', 'y (2)']
    >>> annotator_names(["r1/alice/amr.txt", "r2/alice/amr.txt", "bob/amr.txt"])
    ['r1/alice/amr', 'r2/alice/amr', 'bob/amr']
    """
    return _told_apart(paths, lambda path: path.stem)


def file_names(paths: Sequence[str | Path]) -> list[str]:
    """Each file's name; names that repeat get their folders, and a number if they still do (the
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
    """``name_of(path)``, led by as few of the path's last folders as tell it from every other
    path's name (:func:`_with_folders`), and numbered only where the paths are the same.

    Each name takes the shortest *trailing* part of its path that no other path ends with: a
    name still read as a path (``round1/alice/amr``), which the user finds in the file dialog as
    it is; leaving out a middle folder (``round1/…/amr``) would be shorter but no path at all.

    >>> _told_apart(["round1/alice/amr.txt", "round2/alice/amr.txt", "bob/amr.txt"], lambda path: path.stem)
    ['round1/alice/amr', 'round2/alice/amr', 'bob/amr']
    >>> _told_apart(["amr.txt", "alice/amr.txt", "x/y.txt", "x/y.txt"], lambda path: path.name)
    ['amr.txt', 'alice/amr.txt', 'y.txt (1)', 'y.txt (2)']
    """
    files = [Path(path) for path in paths]
    distinct = list(dict.fromkeys(files))
    shortest = {
        file: _shortest_name(file, [other for other in distinct if other != file], name_of) for file in distinct
    }
    names = [shortest[file] for file in files]
    counts = Counter(names)
    seen: Counter = Counter()
    numbered = []
    for name in names:
        seen[name] += 1
        numbered.append(f"{name} ({seen[name]})" if counts[name] > 1 else name)
    return numbered


def _shortest_name(file: Path, others: Sequence[Path], name_of: Callable[[Path], str]) -> str:
    """``name_of(file)`` led by the fewest of its last folders that no other path ends with (all
    of them when every one is shared: the same file, which the caller numbers)."""
    for depth in range(len(file.parts)):
        name = _with_folders(file, name_of(file), depth)
        if all(_with_folders(other, name_of(other), depth) != name for other in others):
            return name
    return name_of(file)


def _with_folders(file: Path, name: str, depth: int) -> str:
    """``name`` led by the last ``depth`` folders of ``file``'s path (fewer if it has fewer).

    >>> _with_folders(Path("/data/round1/alice/amr.txt"), "amr", 2)
    'round1/alice/amr'
    >>> _with_folders(Path("/amr.txt"), "amr", 2)
    'amr'
    """
    folders = [folder for folder in file.parent.parts if folder != file.anchor]
    return "/".join([*folders[max(0, len(folders) - depth) :], name])
