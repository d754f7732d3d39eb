"""A search budget counted in work, not in seconds, so that equal input gives equal output.

Every step of the mapping search - compiling the problem, the bounds, each climb, the branch and
bound, the integer program - spends units of work for what it does (pairs and links compiled,
moves tried, nodes searched, HiGHS's branch-and-bound nodes) and stops when the budget is spent.
Nothing reads the clock, so a pair not proven optimal within its budget gets the same mapping,
the same count and the same bound in every run, on a quiet or a busy machine.

A time limit in seconds becomes a budget at :data:`UNITS_PER_SECOND`, set so that one unit is
about a microsecond of this engine's work on the 2-core development machine: a budget of T
seconds takes about T seconds there (the benchmarks measure it), less on a faster machine, more
on a slower or busier one. The work of each step is counted where it is done, with the cost of
one of its operations in units (the ``*_COST`` constants of each module).

>>> budget = Budget.for_seconds(0.001)
>>> budget.left, budget.spend(600), budget.spend(600), budget.spent
(1000, True, False, True)
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["UNITS_PER_SECOND", "Budget"]

UNITS_PER_SECOND = 1_000_000


@dataclass
class Budget:
    """Units of work left (see the module docstring); a part of it can be set aside for a later
    step with :meth:`share`."""

    left: int

    @classmethod
    def for_seconds(cls, seconds: float) -> Budget:
        """The budget of a time limit: ``seconds`` of work at :data:`UNITS_PER_SECOND`."""
        return cls(int(seconds * UNITS_PER_SECOND))

    @property
    def spent(self) -> bool:
        """Whether nothing is left."""
        return self.left <= 0

    def spend(self, units: int) -> bool:
        """Take ``units`` of work; whether some was left for it (the caller stops when not)."""
        had = self.left > 0
        self.left -= units
        return had and self.left >= 0

    def affords(self, units: int) -> bool:
        """Whether ``units`` of work fit in what is left."""
        return units <= self.left

    def share(self, fraction: float) -> Budget:
        """A budget of ``fraction`` of what is left, taken from this one: spend it, then
        :meth:`refund` what the step did not use."""
        part = Budget(int(self.left * fraction))
        self.left -= part.left
        return part

    def refund(self, part: Budget) -> None:
        """Give back what is left of a :meth:`share`."""
        self.left += max(0, part.left)
