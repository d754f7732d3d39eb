"""A variable-mapping problem compiled once for every solver: which pairings can score, and how.

Under a one-to-one mapping M of test variables to gold variables, the matched count is

    fixed + Σ_i w_i,M(i) + Σ_l m_l · [M(a) = c for every pair (a, c) of link l]

* ``fixed``: facts without variables, matched by label alone;
* w_ij (``unary``): the test facts on variable i alone (one argument, or all arguments
  i: a self-loop) that match if i -> j, each min(n, m) times;
* a link l: a test fact and a gold fact with the same label, the same arity and the same
  pattern of repeated arguments (``(a, b, a)`` against ``(c, d, c)``), with at least two
  distinct variables, worth m_l = min of their multiplicities; it matches when every pair
  (a, c) of distinct argument variables it lines up is in the mapping.

This is the objective of the integer program of Smatch++ (Bonial et al.) and of the hill
climbing of smatch (Cai and Knight 2013), written once for facts of any arity. Only pairs
between variables of the same kind enter. A test fact matches at most one gold fact under
an injective mapping (the mapping decides which), so the sum equals
:func:`~.facts.matched_count` (tested).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from .facts import Facts

__all__ = ["Link", "Problem", "compile_problem"]

Pair = tuple[int, int]
Link = tuple[tuple[Pair, ...], int]  # the (test, gold) variable pairs it needs, its worth


Pattern = tuple[int, ...]
_ONE: Pattern = (0,)  # the patterns of one and two arguments
_TWO: Pattern = (0, 1)
_LOOP: Pattern = (0, 0)
_FIRST: tuple[int, ...] = (0,)  # positions
_SECOND: tuple[int, ...] = (1,)


def _pattern(arguments: tuple[int, ...]) -> Pattern:
    """Where each argument first occurs: (a, b, a) -> (0, 1, 0)."""
    first: dict[int, int] = {}
    return tuple(first.setdefault(a, len(first)) for a in arguments)


@dataclass
class _Side:
    """One side's facts grouped for compiling, keyed by (label, pattern): ``alone`` (key,
    variable) -> count for facts on one variable; ``linked`` key -> [(arguments, count)] for
    the others; ``shapes`` per variable (key, positions) -> count; ``labels`` key -> count."""

    alone: dict
    linked: dict
    shapes: list[dict]
    labels: dict


def _side(facts: Facts) -> _Side:
    alone: dict = {}
    linked: dict = defaultdict(list)
    shapes: list[dict] = [{} for _ in facts.variables]
    labels: dict = {}
    key: tuple[Hashable, Pattern]
    positions: tuple[int, ...]
    for (label, arguments), number in facts.counts.items():
        size = len(arguments)
        if size == 0:
            continue
        if size == 1 or (size == 2 and arguments[0] == arguments[1]):
            key = (label, _ONE if size == 1 else _LOOP)
            place = (key, arguments[0])
            alone[place] = alone.get(place, 0) + number
        elif size == 2:
            key = (label, _TWO)
            linked[key].append((arguments, number))
            for variable, positions in ((arguments[0], _FIRST), (arguments[1], _SECOND)):
                shape = shapes[variable]
                shape[(key, positions)] = shape.get((key, positions), 0) + number
        else:
            key = (label, _pattern(arguments))
            if max(key[1]) == 0:
                place = (key, arguments[0])
                alone[place] = alone.get(place, 0) + number
            else:
                linked[key].append((arguments, number))
                for variable in dict.fromkeys(arguments):
                    positions = tuple(p for p, a in enumerate(arguments) if a == variable)
                    shape = shapes[variable]
                    shape[(key, positions)] = shape.get((key, positions), 0) + number
        labels[key] = labels.get(key, 0) + number
    return _Side(alone, linked, shapes, labels)


@dataclass(frozen=True)
class Problem:
    """The compiled problem (see the module docstring); ``needs[(i, j)]`` lists the links that
    need i -> j as the other pairs each needs and its worth, and ``candidates[i]`` the gold
    variables i can score with."""

    test_count: int
    gold_count: int
    fixed: int
    unary: dict[Pair, int]
    identified: set[Pair]
    links: list[Link]
    needs: dict[Pair, list[tuple[tuple[Pair, ...], int]]]  # per pair: its links' other pairs, and worth
    candidates: list[list[int]]
    test_shapes: list[dict]  # per test variable: ((label, pattern), positions) -> facts holding it so
    gold_shapes: list[dict]
    bag_bound: int  # Σ over (label, arity pattern) of min(test count, gold count), plus fixed

    def score(self, mapping: list[int] | tuple[int, ...]) -> int:
        """The matched count of a mapping (``mapping[i]``: gold variable of i, or -1)."""
        total = self.fixed + sum(self.unary.get((i, j), 0) for i, j in enumerate(mapping) if j >= 0)
        for pairs, worth in self.links:
            if all(mapping[a] == c for a, c in pairs):
                total += worth
        return total


def compile_problem(test: Facts, gold: Facts, start: Callable[[Hashable], bool] = lambda label: False) -> Problem:
    """The problem of mapping ``test``'s variables onto ``gold``'s (see the module docstring);
    ``identified`` holds the pairs that share a one-variable fact whose label ``start`` picks
    (Smatch: the same concept)."""
    test_kinds, gold_kinds = test.kinds, gold.kinds
    fixed = sum(
        min(n, gold.counts.get((label, ()), 0)) for (label, arguments), n in test.counts.items() if not arguments
    )
    test_side, gold_side = _side(test), _side(gold)
    unary: dict[Pair, int] = {}
    identified: set[Pair] = set()
    gold_alone: dict = defaultdict(list)
    for (key, j), m in gold_side.alone.items():
        gold_alone[key].append((j, m))
    for (key, i), n in test_side.alone.items():
        partners = gold_alone.get(key)
        if not partners:
            continue
        picked = start(key[0])
        for j, m in partners:
            if test_kinds[i] == gold_kinds[j]:
                unary[(i, j)] = unary.get((i, j), 0) + (n if n < m else m)
                if picked:
                    identified.add((i, j))
    links: list[Link] = []
    needs: dict[Pair, list[tuple[tuple[Pair, ...], int]]] = defaultdict(list)
    any_kind = len(set(test_kinds) | set(gold_kinds)) <= 1
    for key, group in test_side.linked.items():
        partners = gold_side.linked.get(key)
        if not partners:
            continue
        two = key[1] == (0, 1)
        for arguments, n in group:
            firsts = arguments if two else tuple(dict.fromkeys(arguments))
            for gold_arguments, m in partners:
                pairs = tuple(zip(firsts, gold_arguments if two else dict.fromkeys(gold_arguments)))
                if not any_kind and any(test_kinds[a] != gold_kinds[c] for a, c in pairs):
                    continue
                worth = n if n < m else m
                links.append((pairs, worth))
                if two:
                    needs[pairs[0]].append((pairs[1:], worth))
                    needs[pairs[1]].append((pairs[:1], worth))
                else:
                    for pair in pairs:
                        needs[pair].append((tuple(p for p in pairs if p != pair), worth))
    candidates: list[set[int]] = [set() for _ in test.variables]
    for i, j in unary:
        candidates[i].add(j)
    for i, j in needs:
        candidates[i].add(j)
    bag = fixed + sum(min(n, gold_side.labels.get(key, 0)) for key, n in test_side.labels.items())
    return Problem(
        len(test.variables),
        len(gold.variables),
        fixed,
        unary,
        identified,
        links,
        dict(needs),
        [sorted(c) for c in candidates],
        test_side.shapes,
        gold_side.shapes,
        bag,
    )
