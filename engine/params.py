"""Every tunable number of the anchor-broadcast alignment, and of the DRS scores, in one place,
checked on creation."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Literal, get_args

__all__ = [
    "ANCAST",
    "PAPER",
    "PROFILES",
    "DScorerProfile",
    "Params",
    "Profile",
    "check_dscorer",
    "check_range",
    "in_range",
    "range_text",
]

Profile = Literal["paper", "ancast-0.1.1"]
DScorerProfile = Literal["paper", "reference"]
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


def check_dscorer(profile: str, n: int, weights: Sequence[float] | None) -> None:
    """Raise ValueError unless DScorer can run with this profile, highest order n and
    weights (w_0, ..., w_n), each finite and >= 0 (None = the defaults)."""
    if profile not in get_args(DScorerProfile):
        raise ValueError(f"DScorer profile {profile!r} is not one of {', '.join(get_args(DScorerProfile))}")
    if n < 1:
        raise ValueError("DScorer needs n >= 1")
    if weights is not None:
        if len(weights) != n + 1:
            raise ValueError(f"DScorer with n = {n} takes {n + 1} weights (w_0 ... w_n), not {len(weights)}")
        for k, weight in enumerate(weights):
            check_range(f"DScorer weight w_{k}", weight, 0.0)


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

    DRS input only (:mod:`engine.drs`): dscorer_profile ("paper" or "reference"),
    dscorer_n (the highest k-gram order), dscorer_weights ((w_0, ..., w_n); None = 0.1
    and 0.9/n each), drs_include_ref (Counter counts REF clauses too),
    counter_time_limit (seconds per pair for Counter's optimal mapping).
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
    dscorer_profile: DScorerProfile = "paper"
    dscorer_n: int = 4
    dscorer_weights: tuple[float, ...] | None = None
    drs_include_ref: bool = False
    counter_time_limit: float = 10.0

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
        if self.dscorer_weights is not None:  # a list from JSON settings: kept as a tuple (Params is hashable)
            object.__setattr__(self, "dscorer_weights", tuple(float(w) for w in self.dscorer_weights))
        check_dscorer(self.dscorer_profile, self.dscorer_n, self.dscorer_weights)
        check_range("counter_time_limit", self.counter_time_limit, 0.0, low_open=True)

    def as_dict(self) -> dict:
        return asdict(self)

    def applying(self, drs: bool) -> dict[str, object]:
        """The parameters that apply to input of this kind, profile first: Counter's and
        DScorer's (:data:`DRS_PARAMETERS`) only for DRS input.

        >>> list(Params().applying(drs=False))[:3], "dscorer_n" in Params().applying(drs=True)
        (['profile', 'gamma', 'alpha'], True)
        """
        values = {"profile": self.profile} | self.as_dict()
        return {name: value for name, value in values.items() if drs or name not in DRS_PARAMETERS}


DRS_PARAMETERS = ("dscorer_profile", "dscorer_n", "dscorer_weights", "drs_include_ref", "counter_time_limit")

PROFILES: dict[str, dict] = {
    PAPER: {},
    # the reference package: beta 0.001, 5 outer rounds of 50 inner iterations, anchors from the text only
    ANCAST: {"beta": 0.001, "max_inner": 50, "max_outer": 5, "use_alignments": False},
}
