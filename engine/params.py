"""Every tunable number of the anchor-broadcast alignment, of the optional metrics and of the
solvers behind the optimal-mapping scores (Smatch, Counter), in one place, checked on creation.

:class:`Params` holds the numbers; which metrics exist, their defaults and how the parameters are
stored (JSON output, settings, sessions) is :mod:`engine.registry`'s."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field, replace
from typing import Literal, get_args

__all__ = [
    "ANCAST",
    "COUNTER_SEARCH",
    "PAPER",
    "PROFILES",
    "SMATCH_SEARCH",
    "SOLVERS",
    "STANDARDIZATIONS",
    "TESTS",
    "DScorerProfile",
    "Params",
    "Profile",
    "Solver",
    "SolverOptions",
    "Standardization",
    "TestName",
    "check_dscorer",
    "check_range",
    "in_range",
    "profile_refusal",
    "range_text",
]

Profile = Literal["paper", "ancast-0.1.1"]
DScorerProfile = Literal["paper", "reference"]
PAPER: Profile = "paper"
ANCAST: Profile = "ancast-0.1.1"
Solver = Literal["exact", "ilp", "hillclimb"]
SOLVERS: tuple[Solver, ...] = get_args(Solver)
Standardization = Literal["none", "smatchpp"]  # Smatch's triples: classic smatch 1.0.4's, or Smatch++'s
STANDARDIZATIONS: tuple[str, ...] = get_args(Standardization)
TestName = Literal["permutation", "bootstrap"]  # the significance tests of a comparison (engine.comparison)
TESTS: tuple[str, ...] = get_args(TestName)


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


def profile_refusal(profile: str, format_name: str) -> str | None:
    """Why ``profile`` cannot score input of ``format_name`` ("amr", "umr" or "drs"), or None
    when it can: the ``ancast-0.1.1`` profile reproduces the reference package, which reads AMR only.

    >>> profile_refusal("ancast-0.1.1", "umr")
    'the ancast-0.1.1 profile reads AMR input only; score UMR with the paper profile'
    >>> profile_refusal("paper", "umr") is None
    True
    """
    if format_name != "amr" and profile == ANCAST:
        return f"the {ANCAST} profile reads AMR input only; score {format_name.upper()} with the {PAPER} profile"
    return None


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
class SolverOptions:
    """How a metric's best variable mapping is searched (:func:`engine.matching.best_match`).

    solver: ``exact`` (hill-climbing proven optimal by upper bounds, the integer program where
    they differ), ``ilp`` (the integer program for every pair) or ``hillclimb`` (the search alone).
    time_limit: seconds per pair for the whole search; a pair not proven optimal by then keeps
    the best mapping found. restarts: hill-climbing starts. seed: of the random restarts.
    Each metric that searches a mapping declares its default (:mod:`engine.registry`).
    """

    solver: Solver = "exact"
    time_limit: float = 10.0
    restarts: int = 5
    seed: int = 1

    def __post_init__(self) -> None:
        if self.solver not in SOLVERS:
            raise ValueError(f"unknown solver {self.solver!r}; choose one of {', '.join(SOLVERS)}")
        check_range("time_limit", self.time_limit, 0.0, low_open=True)
        if self.restarts < 1:
            raise ValueError(f"restarts must be at least 1 (got {self.restarts})")


SMATCH_SEARCH = SolverOptions(restarts=5)  # Smatch's default search: 5 hill-climbing starts, as smatch 1.0.4
COUNTER_SEARCH = SolverOptions(restarts=20)  # Counter's default search (Counter itself restarts 20 times)


@dataclass(frozen=True)
class Params:
    """Parameters of the AnCast paper's similarity and broadcast (§2.1-2.2, eq. 1-14; defaults: the paper's values).

    gamma: sense coefficient in the intrinsic similarity (eq. 1), in [0, 1].
    alpha, beta: biases of the adjusted similarity F = (S + alpha)(A + beta) (eq. 13), >= 0.
    tolerance: inner-loop convergence threshold on every cell of A (eq. 8-9).
    digits: F is rounded to this many decimals (paper: the convergence precision).
    max_inner: cap on broadcast iterations in one outer round.
    max_outer: cap on outer rounds.
    use_text: find initial anchors with the sentence text when a graph carries it.
    use_alignments: token alignments with identical spans give initial anchors.
    optional_metrics: the keys of the optional metrics to compute too (e.g. ``{"smatch"}``:
    classic Smatch under the optimal alignment; :mod:`engine.registry` declares which are optional).
    profile: "paper" (the paper's equations) or "ancast-0.1.1" (the reference
    package's numbers; see :mod:`engine.compat`). :meth:`for_profile` gives a
    profile's defaults.

    DRS input only (:mod:`engine.drs`): dscorer_profile ("paper" or "reference"),
    dscorer_n (the highest k-gram order), dscorer_weights ((w_0, ..., w_n); None = 0.1
    and 0.9/n each), drs_include_ref (Counter counts REF clauses too).

    solvers: per metric key, the :class:`SolverOptions` that replace the metric's default
    (:func:`engine.registry.solver_options` gives the options in force).
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
    optional_metrics: AbstractSet[str] = frozenset()
    profile: Profile = "paper"
    dscorer_profile: DScorerProfile = "paper"
    dscorer_n: int = 4
    dscorer_weights: tuple[float, ...] | None = None
    drs_include_ref: bool = False
    solvers: Mapping[str, SolverOptions] = field(default_factory=dict)

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
        # any iterable of keys, kept as a frozenset; the solvers as a sorted tuple of pairs (Params is hashable)
        object.__setattr__(self, "optional_metrics", frozenset(_keys(self.optional_metrics)))
        object.__setattr__(self, "solvers", _SolverTable(self.solvers))

    def computes(self, key: str) -> bool:
        """Whether the optional metric ``key`` is switched on."""
        return key in self.optional_metrics

    def switched(self, key: str, on: bool = True) -> Params:
        """These parameters with the optional metric ``key`` switched on (or off)."""
        keys = set(self.optional_metrics) | {key} if on else set(self.optional_metrics) - {key}
        return replace(self, optional_metrics=keys)

    def with_solver(self, key: str, options: SolverOptions) -> Params:
        """These parameters with ``options`` for the metric ``key``."""
        return replace(self, solvers={**self.solvers, key: options})


def _keys(keys: Iterable[str]) -> Iterable[str]:
    if isinstance(keys, str):  # one key, not its letters
        raise TypeError(f"optional_metrics takes a set of metric keys, not the string {keys!r}")
    return keys


class _SolverTable(Mapping[str, SolverOptions]):
    """A read-only, hashable mapping of metric key -> :class:`SolverOptions` (equal when the
    options are)."""

    def __init__(self, given: Mapping[str, SolverOptions]) -> None:
        for key, options in given.items():
            if not isinstance(options, SolverOptions):
                raise TypeError(f"the solver options of {key!r} must be SolverOptions, not {options!r}")
        self._items = tuple(sorted(given.items()))

    def __getitem__(self, key: str) -> SolverOptions:
        for name, options in self._items:
            if name == key:
                return options
        raise KeyError(key)

    def __iter__(self):
        return (name for name, _ in self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        return hash(self._items)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Mapping) and dict(self._items) == dict(other.items())

    def __repr__(self) -> str:
        return repr(dict(self._items))


PROFILES: dict[str, dict] = {
    PAPER: {},
    # the reference package: beta 0.001, 5 outer rounds of 50 inner iterations, anchors from the text only
    ANCAST: {"beta": 0.001, "max_inner": 50, "max_outer": 5, "use_alignments": False},
}
