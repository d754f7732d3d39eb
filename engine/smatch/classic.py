"""Classic Smatch triples: the triples smatch 1.0.4 reads from a graph, from its tree as written.

smatch 1.0.4 (Cai and Knight 2013; github.com/snowblink14/smatch) reads a graph into
instance, attribute and relation triples and compares every label lower-cased with
trailing ``_`` removed. Its reading, reproduced here from the observed behaviour:

* a role ending in ``-of`` is turned round (``(a :ARG0-of b)`` is ``ARG0(b, a)``), except
  ``:consist-of``, ``:prep-on-behalf-of`` and ``:prep-out-of``; the test is on the role as
  written, so ``:ARG0-OF`` keeps its name (``arg0-of``);
* ``:mod`` (exactly so written) is read as ``:domain`` turned round: ``(b :mod h)`` is
  ``domain(h, b)``, the same triple as ``(h :domain b)``; ``:mod-of`` is ``mod`` turned round;
* a turned-round role (``-of`` or ``:mod``) on a constant is dropped: ``(c / chapter :mod 1)``
  has two triples, ``instance(c, chapter)`` and ``TOP(c, top)``;
* a quoted constant is read up to its first white space, quotes dropped (``"New York"`` is
  ``new``); a quoted concept loses its spaces (``"Foo Bar"`` is ``foobar``);
* ``TOP(root, top)`` is an attribute of the root; duplicate triples are kept.

Token alignments (``~e.3``) are ignored here; smatch 1.0.4 would keep them glued to the label.
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import lru_cache

from ..matching import Facts
from ..model import Tree
from ..read.penman_tree import iter_nodes

__all__ = ["NOT_INVERTED", "classic_facts"]

NOT_INVERTED = frozenset({"consist-of", "prep-on-behalf-of", "prep-out-of"})
TOP = ("top", "top")


@lru_cache(maxsize=65536)
def _label(text: str) -> str:
    """smatch 1.0.4's comparison form: lower case, trailing underscores removed."""
    return text.lower().rstrip("_")


@lru_cache(maxsize=65536)
def _constant(value: str) -> str:
    """A constant as read: a quoted one up to its first white space (``"New York"`` -> ``new``)."""
    if len(value) >= 2 and value[0] == value[-1] == '"':
        return _label((value[1:-1] + "_").split()[0])
    return _label(value)


@lru_cache(maxsize=65536)
def _concept(concept: str) -> tuple[str, str]:
    """The label of an instance triple."""
    if len(concept) >= 2 and concept[0] == concept[-1] == '"':
        return ("instance", _label(concept[1:-1].replace(" ", "")))
    return ("instance", _label(concept))


@lru_cache(maxsize=4096)
def _role(role: str) -> tuple[str, bool]:
    """A role as written (``:ARG0-of``) -> (the relation's label, whether it is turned round)."""
    name = role[1:]
    if name == "mod":
        return "domain", True
    if name.endswith("-of") and name not in NOT_INVERTED:
        return _label(name[:-3]), True
    return _label(name), False


def classic_facts(tree: Tree) -> Facts:
    """The classic Smatch triples of a tree (see the module docstring) as :class:`Facts`:
    ``(("instance", concept), (v,))``, ``((role, constant), (v,))``, ``(role, (v, w))`` and
    ``(("top", "top"), (root,))``, each as often as smatch 1.0.4 reads it."""
    nodes = list(iter_nodes(tree))
    index = {node[0]: i for i, node in enumerate(nodes)}
    counts: dict = {(TOP, (0,)): 1}
    key: tuple[Hashable, tuple[int, ...]]
    for i, (_, concept, _, edges) in enumerate(nodes):
        key = (_concept(concept), (i,))
        counts[key] = counts.get(key, 0) + 1
        for role, target in edges:
            label, turned = _role(role)
            k = index.get(target[0] if isinstance(target, tuple) else target)
            if k is not None:
                key = (label, (k, i) if turned else (i, k))
            elif turned or isinstance(target, tuple):
                continue
            else:
                key = ((label, _constant(target)), (i,))
            counts[key] = counts.get(key, 0) + 1
    return Facts(tuple(node[0] for node in nodes), counts)
