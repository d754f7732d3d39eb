"""Counter: clause overlap of two DRSs under the best variable mapping (van Noord
et al. 2018).

Each side's clauses are first put in Counter's form (:mod:`.normalise`). A
clause becomes a fact for the generic variable-mapping solver
(:mod:`engine.matching`): its label holds the relation, a concept's sense and
every constant argument in its place, its arguments are the box and the
variable arguments (1, 2 or 3 variables), and each variable has a kind, box or
referent, so boxes map only to boxes. Duplicates are gone, so every fact counts
once. A clause of a symmetric operator (``b1 EQU x1 x2``) matches either way
round: the gold side holds it in both orders, the test side in one (and a test
DRS that states it both ways states it once).

Under the mapping M, P = matched / test clauses, R = matched / gold clauses
(micro over a corpus by adding :class:`~engine.metrics.Tally`). The mapping is
the solver's (``exact``: hill-climbing certified optimal by an upper bound, the
integer program where the climb falls short; ``ilp``; ``hillclimb``, a lower
bound as Counter's own search is); ``match.optimal`` says whether it is proven,
which it may not be when the time limit runs out.

Fine-grained scores follow Counter's detailed output: operators, roles and
concepts, and within concepts nouns, verbs, adjectives (sense letter ``a`` or
``s``), adverbs, and events (verbs and adjectives); a matched clause is counted
under the test clause's kind. Counter also rewrites concepts to WordNet synset
names through a table that neither public snapshot holds; concepts are compared
as written here.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from ..matching import Facts, Match, best_match
from ..metrics import Tally
from ..params import COUNTER_SEARCH, SolverOptions
from .clauses import Clause, is_constant
from .normalise import SYMMETRIC_OPERATORS, counter_clauses, variable_kinds, variables_in_order

__all__ = ["CLAUSE_CLASSES", "COUNTER_SEARCH", "CounterScore", "DrsFacts", "counter_facts", "counter_score"]


CLAUSE_CLASSES = ("operators", "roles", "concepts", "nouns", "verbs", "adjectives", "adverbs", "events")
_SENSE_CLASS = {"n": "nouns", "v": "verbs", "a": "adjectives", "s": "adjectives", "r": "adverbs"}

FactKey = tuple[Hashable, tuple[int, ...]]


@dataclass(frozen=True)
class DrsFacts:
    """A DRS in Counter's form: its clauses, the solver's facts, and per clause the
    fact keys it is held under (two for a symmetric clause on the gold side)."""

    clauses: tuple[Clause, ...]
    facts: Facts
    keys: tuple[tuple[FactKey, ...], ...]


def _label(clause: Clause) -> tuple:
    """What must be equal for two clauses to match, apart from their variables."""
    return clause.relation, clause.sense, tuple(a if is_constant(a) else None for a in clause.arguments)


def counter_facts(clauses: Sequence[Clause], side: str, include_ref: bool = False) -> DrsFacts:
    """A DRS's clauses in Counter's form as facts; ``side`` is ``"test"`` or ``"gold"``
    (the gold side holds symmetric clauses both ways round)."""
    if side not in ("test", "gold"):
        raise ValueError(f"side is 'test' or 'gold', not {side!r}")
    normal = counter_clauses(clauses, include_ref)
    variables = variables_in_order(normal)
    index = {variable: i for i, variable in enumerate(variables)}
    counts: dict[FactKey, int] = {}
    keys: list[tuple[FactKey, ...]] = []
    for clause in normal:
        arguments = tuple(index[v] for v in clause.variables)
        orders = [arguments]
        if side == "gold" and clause.relation in SYMMETRIC_OPERATORS and len(arguments) == 3:
            orders.append((arguments[0], arguments[2], arguments[1]))
        clause_keys = tuple(dict.fromkeys((_label(clause), order) for order in orders))
        for key in clause_keys:
            counts[key] = 1
        keys.append(clause_keys)
    return DrsFacts(normal, Facts(variables, counts, variable_kinds(normal, variables)), tuple(keys))


def clause_class(clause: Clause) -> tuple[str, ...]:
    """The fine-grained classes of a clause: its kind, and for a concept the part of
    speech of its sense (and "events" for verbs and adjectives)."""
    if clause.kind != "concept":
        return (f"{clause.kind}s",)
    part = _SENSE_CLASS.get((clause.sense or " ")[0])
    if part is None:
        return ("concepts",)
    return ("concepts", part, "events") if part in ("verbs", "adjectives") else ("concepts", part)


@dataclass(frozen=True)
class CounterScore:
    """Counter of one pair: the tally (matched over test / gold clauses), the mapping
    found, the fine-grained tallies, the clauses side by side - (test, gold) for a
    matched pair, (test, None) only in test, (None, gold) only in gold - and the
    mapping by name: each test variable with its gold variable (None: unmapped)."""

    tally: Tally
    match: Match
    classes: dict[str, Tally]
    clause_pairs: tuple[tuple[Clause | None, Clause | None], ...]
    variables: tuple[tuple[str, str | None], ...] = ()


def _classes(test: Sequence[Clause], gold: Sequence[Clause], matched: Sequence[Clause]) -> dict[str, Tally]:
    counts = {name: [0, 0, 0] for name in CLAUSE_CLASSES}
    for column, clauses in enumerate((matched, test, gold)):
        for clause in clauses:
            for name in clause_class(clause):
                counts[name][column] += 1
    return {name: Tally(m, t, m, g) for name, (m, t, g) in counts.items()}


def counter_score(
    test: Sequence[Clause],
    gold: Sequence[Clause],
    include_ref: bool = False,
    options: SolverOptions = COUNTER_SEARCH,
) -> CounterScore:
    """Counter of a pair of DRSs (their clauses as read; see the module docstring), the mapping
    searched with ``options``."""
    test_side, gold_side = counter_facts(test, "test", include_ref), counter_facts(gold, "gold", include_ref)
    match = best_match(test_side.facts, gold_side.facts, options)
    gold_clause = {key: clause for clause, keys in zip(gold_side.clauses, gold_side.keys) for key in keys}
    pairs: list[tuple[Clause | None, Clause | None]] = []
    for clause, (key,) in zip(test_side.clauses, test_side.keys):
        label, arguments = key
        mapped = tuple(match.mapping[a] for a in arguments)
        pairs.append((clause, gold_clause.get((label, mapped)) if -1 not in mapped else None))
    matched_gold = {id(g) for _, g in pairs if g is not None}
    pairs += [(None, clause) for clause in gold_side.clauses if id(clause) not in matched_gold]
    matched = [t for t, g in pairs if t is not None and g is not None]
    assert len(matched) == match.matched, (len(matched), match.matched)
    tally = Tally(len(matched), len(test_side.clauses), len(matched), len(gold_side.clauses))
    gold_names = gold_side.facts.variables
    variables = tuple(
        (name, gold_names[j] if j >= 0 else None) for name, j in zip(test_side.facts.variables, match.mapping)
    )
    classes = _classes(test_side.clauses, gold_side.clauses, matched)
    return CounterScore(tally, match, classes, tuple(pairs), variables)
