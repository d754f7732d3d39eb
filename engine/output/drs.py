"""The DRS parts of the ``score`` output: Counter's fine-grained classes and mapping, DScorer's
per-order scores, per pair and pooled over the corpus, and the warning for a Counter mapping
not proven optimal.

JSON shape (added to a DRS pair's object, and the pooled ones beside ``micro``)::

    "counter_classes": {"operators": {"p", "r", "f"}, "roles": ..., "concepts": ..., "nouns": ...,
                        "verbs": ..., "adjectives": ..., "adverbs": ..., "events": ...},
    "counter_match": {"matched", "test_clauses", "gold_clauses", "optimal", "upper_bound", "method",
                      "mapping": {test variable: gold variable or null}},
    "dscorer_orders": [{"k": 0, "p", "r", "f"}, {"k": 1, ...}, ..., {"k": n, ...}]

``k = 0`` is the node-count ratio min/max (p = r = f); an order the ``reference`` profile
leaves out (the test side has no k-gram of it) has p, r and f null.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ..metrics.tally import Totals
from ..params import Params
from ..registry import COUNTER, DSCORER, sub_key

if TYPE_CHECKING:
    from ..drs.dscorer import DScorerScore
    from ..scoring.results import PairResult

__all__ = [
    "DSCORER_PROFILE_NOTES",
    "corpus_drs_items",
    "counter_warning",
    "dscorer_note",
    "dscorer_orders",
    "dscorer_setting",
    "pair_drs_items",
    "with_profile",
]

# what each DScorer profile computes, in a few words (a DScorer figure is not comparable across them)
DSCORER_PROFILE_NOTES = {
    "paper": "the paper's definition (Liu et al. 2020, eq. 1-3)",
    "reference": "the public DRSScorer code's numbers, as in published results",
}


def dscorer_setting(params: Params) -> str:
    """DScorer's settings in words: its profile, highest order and the weights when given.

    >>> dscorer_setting(Params())
    'DScorer paper profile, n = 4'
    """
    given = params.dscorer_weights
    weights = ", weights " + ",".join(f"{w:g}" for w in given) if given else ""
    return f"DScorer {params.dscorer_profile} profile, n = {params.dscorer_n}{weights}"


def dscorer_note(params: Params) -> str:
    """Which DScorer produced a figure and what that profile computes, on two lines (tooltips).

    >>> print(dscorer_note(Params()))
    DScorer paper profile, n = 4: the paper's definition (Liu et al. 2020, eq. 1-3).
    The reference profile gives other numbers: the public DRSScorer code's numbers, as in published results.
    """
    other = "reference" if params.dscorer_profile == "paper" else "paper"
    return (
        f"{dscorer_setting(params)}: {DSCORER_PROFILE_NOTES[params.dscorer_profile]}.\n"
        f"The {other} profile gives other numbers: {DSCORER_PROFILE_NOTES[other]}."
    )


def with_profile(name: str, metric: str, params: Params) -> str:
    """A metric's name, DScorer's with the profile that produced its figures.

    >>> with_profile("DScorer", "dscorer", Params()), with_profile("LR", "labeled_relation", Params())
    ('DScorer (paper)', 'LR')
    """
    return f"{name} ({params.dscorer_profile})" if metric == DSCORER else name


_NONE = {"p": None, "r": None, "f": None}


def dscorer_orders(score: DScorerScore) -> list[dict]:
    """The ``dscorer_orders`` list: order 0 (the node ratio), then k = 1..n."""
    zero = None if math.isnan(score.zero) else score.zero
    return [{"k": 0, "p": zero, "r": zero, "f": zero}] + [
        {"k": k, **(order.as_dict() if order is not None else _NONE)} for k, order in enumerate(score.orders, start=1)
    ]


def pair_drs_items(result: PairResult) -> dict:
    """The DRS keys of a scored DRS pair's JSON object (empty for any other pair)."""
    drs = result.drs
    if drs is None:
        return {}
    counter, match = drs.counter, drs.counter.match
    return {
        "counter_classes": {name: tally.prf().as_dict() for name, tally in counter.classes.items()},
        "counter_match": {
            "matched": match.matched,
            "test_clauses": int(counter.tally.test_size),
            "gold_clauses": int(counter.tally.gold_size),
            "optimal": match.optimal,
            "upper_bound": match.upper_bound,
            "method": match.method,
            "mapping": dict(counter.variables),
        },
        "dscorer_orders": dscorer_orders(drs.dscorer),
    }


def corpus_drs_items(totals: Totals) -> dict:
    """Counter's classes and DScorer's orders pooled over the scored pairs (micro); null
    scores when no DRS pair was scored."""
    from ..drs.counter import CLAUSE_CLASSES  # DRS runs only: other runs do not load the DRS code
    from ..drs.dscorer import DScorerTally

    pooled = totals.pooled
    classes = {name: pooled.get(sub_key(COUNTER, name)) for name in CLAUSE_CLASSES}
    dscorer = pooled.get(DSCORER)
    return {
        "counter_classes": {name: tally.prf().as_dict() if tally else _NONE for name, tally in classes.items()},
        "dscorer_orders": dscorer_orders(dscorer.score()) if isinstance(dscorer, DScorerTally) else [],
    }


def counter_warning(item: dict, time_limit: float) -> str | None:
    """The warning for a pair (its JSON object) whose Counter mapping was not proven optimal in time."""
    match = item.get("counter_match")
    if match is None or match["optimal"]:
        return None
    return (
        f"warning: pair {item['index'] + 1}: Counter's optimal mapping not proven within the time limit of "
        f"{time_limit:g} s; scored with the best mapping found ({match['matched']} clauses matched, at most "
        f"{match['upper_bound']:g} can be); a larger --counter-time-limit may prove it"
    )
