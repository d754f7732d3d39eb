"""The user's commands behind the menus, toolbar and drops: each takes a :class:`Context`.

Modules: :mod:`.files` (open, replace, swap, recent, demos, drops), :mod:`.exports`
(scores, graphs, heatmaps, triples, report), :mod:`.scoring` (parameters dialog),
:mod:`.about` (the About box, the log folder), :mod:`.guide` (the user guide),
:mod:`.navigation` (perspectives, next disagreement, find).
"""

from .context import Context

__all__ = ["Context"]
