"""Every tunable number of the anchor-broadcast alignment in one place, checked on creation."""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import Literal

__all__ = ["ANCAST", "PAPER", "PROFILES", "Params", "Profile", "check_range", "in_range", "range_text"]

Profile = Literal["paper", "ancast-0.1.1"]
PAPER: Profile = "paper"
ANCAST: Profile = "ancast-0.1.1"


def in_range(value: float, low: float, high: float = math.inf, low_open: bool = False) -> bool:
    """Whether ``value`` is a finite number in [low, high] ((low, high] when ``low_open``)."""
    return math.isfinite(value) and low <= value <= high and not (low_open and value == low)


def range_text(low: float, high: float = math.inf, low_open: bool = False) -> str:
    """The range in words: "between 0 and 1", "at least 0", "greater than 0"."""
    if high != math.inf:
        return f"between {low:g} and {high:g}"
    return f"greater than {low:g}" if low_open else f"at least {low:g}"


def check_range(name: str, value: float, low: float, high: float = math.inf, low_open: bool = False) -> None:
    """Raise ValueError unless :func:`in_range`, naming the parameter.

    >>> check_range("gamma", 2.0, 0.0, 1.0)
    Traceback (most recent call last):
    ...
    ValueError: gamma must be between 0 and 1 (got 2)
    """
    if not in_range(value, low, high, low_open):
        raise ValueError(f"{name} must be {range_text(low, high, low_open)} (got {value:g})")


@dataclass(frozen=True)
class Params:
    """Parameters of SPEC sections 2-3 (defaults: the paper's values).

    gamma: sense coefficient in the intrinsic similarity (eq. 1), in [0, 1].
    alpha, beta: biases of the adjusted similarity F = (S + alpha)(A + beta) (eq. 13), >= 0.
    tolerance: inner-loop convergence threshold on every cell of A (eq. 8-9).
    digits: F is rounded to this many decimals (paper: the convergence precision).
    max_inner: cap on broadcast iterations in one outer round.
    max_outer: cap on outer rounds.
    use_text: find initial anchors with the sentence text when a graph carries it.
    use_alignments: token alignments with identical spans give initial anchors.
    smatch: also compute classic Smatch under the optimal (ILP) alignment.
    profile: "paper" (the paper's equations) or "ancast-0.1.1" (the reference
    package's numbers; see :mod:`engine.compat`). :meth:`for_profile` gives a
    profile's defaults.
    """

    gamma: float = 0.1
    alpha: float = 0.2
    beta: float = 0.01
    tolerance: float = 1e-4
    digits: int = 4
    max_inner: int = 100
    max_outer: int = 50
    use_text: bool = True
    use_alignments: bool = True
    smatch: bool = False
    profile: Profile = "paper"

    @classmethod
    def for_profile(cls, profile: Profile, **changes) -> Params:
        """The defaults of ``profile`` ("paper" or "ancast-0.1.1"), with ``changes``."""
        return cls(
            **{**PROFILES.get(profile, {}), **changes, "profile": profile}
        )  # an unknown one fails in __post_init__

    def __post_init__(self) -> None:
        if self.profile not in PROFILES:
            raise ValueError(f"unknown profile {self.profile!r}; choose one of {', '.join(PROFILES)}")
        check_range("gamma", self.gamma, 0.0, 1.0)
        check_range("alpha", self.alpha, 0.0)
        check_range("beta", self.beta, 0.0)
        check_range("tolerance", self.tolerance, 0.0, low_open=True)
        check_range("digits", self.digits, 0, 15)
        if self.max_inner < 1 or self.max_outer < 1:
            raise ValueError("max_inner and max_outer must be at least 1")

    def as_dict(self) -> dict:
        return asdict(self)


PROFILES: dict[str, dict] = {
    PAPER: {},
    # the reference package: beta 0.001, 5 outer rounds of 50 inner iterations, anchors from the text only
    ANCAST: {"beta": 0.001, "max_inner": 50, "max_outer": 5, "use_alignments": False},
}
