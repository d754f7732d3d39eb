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
from ..registry import COUNTER, DSCORER, sub_key

if TYPE_CHECKING:
    from ..drs.dscorer import DScorerScore
    from ..scoring.results import PairResult

__all__ = ["corpus_drs_items", "counter_warning", "dscorer_orders", "pair_drs_items"]

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
        f"warning: pair {item['index']}: Counter's optimal mapping not proven within the time limit of "
        f"{time_limit:g} s; scored with the best mapping found ({match['matched']} clauses matched, at most "
        f"{match['upper_bound']:g} can be); a larger --counter-time-limit may prove it"
    )
