"""Facts: one side of a variable-mapping overlap problem (Smatch triples, Counter clauses).

A fact is a label and a tuple of argument variables, counted with multiplicity:
Smatch's ``instance(b, boy)`` is the fact ``(("instance", "boy"), (b,))``, its
``ARG0(w, b)`` is ``("arg0", (w, b))``; a DRS clause ``b1 Agent e1 x1`` has three
arguments. Under a one-to-one mapping M of test variables to gold variables, a test
fact with multiplicity n matches min(n, m) times, m being the multiplicity of the gold
fact with the same label and the mapped arguments. A variable maps only to a gold
variable of the same kind (Counter: boxes to boxes).

>>> test = Facts(("a", "b"), {(("instance", "boy"), (0,)): 1, ("arg0", (0, 1)): 1})
>>> gold = Facts(("x", "y"), {(("instance", "boy"), (1,)): 1, ("arg0", (1, 0)): 1})
>>> matched_count(test, gold, (1, 0)), matched_count(test, gold, (0, 1))
(2, 0)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = ["FactKey", "Facts", "matched_count"]

FactKey = tuple[Any, tuple[int, ...]]  # (label: any hashable, argument variable indices)


@dataclass(frozen=True)
class Facts:
    """The facts of one side: ``counts`` maps (label, argument indices) to a multiplicity,
    in a fixed order; ``kinds`` gives each variable's kind (all ``""`` by default)."""

    variables: tuple[str, ...]
    counts: Mapping[FactKey, int]
    kinds: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        if not self.kinds:
            object.__setattr__(self, "kinds", ("",) * len(self.variables))

    @property
    def size(self) -> int:
        """The number of facts, each counted as often as it occurs."""
        return sum(self.counts.values())

    def select(self, keep) -> Facts:
        """The facts for which ``keep(label, arguments)`` holds, on the same variables."""
        return Facts(self.variables, {key: n for key, n in self.counts.items() if keep(*key)}, self.kinds)


def matched_count(test: Facts, gold: Facts, mapping: Sequence[int]) -> int:
    """Σ over test facts of min(n, gold multiplicity of the mapped fact); ``mapping[i]`` is
    the gold index of test variable i, or -1 when it is unmapped."""
    count = 0
    for (label, arguments), number in test.counts.items():
        mapped = tuple(mapping[a] for a in arguments)
        if -1 not in mapped:
            count += min(number, gold.counts.get((label, mapped), 0))
    return count
