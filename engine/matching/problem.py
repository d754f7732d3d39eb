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

**Restricted problems.** Compiling every link costs |T_l|·|G_l| per label l - on two
2,000-node graphs, about 450,000 links and 775,000 pairs. A :class:`Compiler` can instead
compile the problem over fewer pairs: for every test fact, only the ``keep`` gold facts of
its label nearest to it in the graphs' text order (both graphs list their variables as
written, so the parts that match tend to sit at the same relative place; positions scaled
to the other graph's length), and then every link and one-variable fact between the pairs
kept. The objective is the same on those pairs, so a mapping of them counts its real
matched facts; but a bound computed from the kept pairs alone is not a bound of the whole
problem, so ``restricted`` is set and only :func:`~.bound.loose_bound` is proven. The
solver starts large problems so and widens ``keep`` while its budget allows.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import defaultdict
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from .facts import Facts

__all__ = ["COMPILE_COST", "Compiler", "Link", "Problem", "compile_problem"]

Pair = tuple[int, int]
Link = tuple[tuple[Pair, ...], int]  # the (test, gold) variable pairs it needs, its worth
Shape = tuple[Hashable, tuple[int, ...]]  # ((label, pattern), positions of a variable in the fact)

COMPILE_COST = 2  # units of work (~µs) per pair or link compiled, the pair bounds included
RESTRICTED_COST = 5  # the same in a restricted problem, where each pair and link is checked against those kept

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
    """One side's facts grouped for compiling, keyed by (label, pattern): ``alone`` key ->
    [(variable, count)] for facts on one variable; ``linked`` key -> [(distinct argument
    variables, count)] for the others; ``shapes`` per variable (key, positions) -> count;
    ``units`` per variable key -> count of its one-variable facts; ``labels`` key -> count."""

    alone: dict
    linked: dict
    shapes: list[dict]
    units: list[dict]
    labels: dict


def _side(facts: Facts) -> _Side:
    alone: dict = defaultdict(dict)
    linked: dict = defaultdict(list)
    shapes: list[dict] = [{} for _ in facts.variables]
    units: list[dict] = [{} for _ in facts.variables]
    labels: dict = {}
    key: tuple[Hashable, Pattern]
    positions: tuple[int, ...]
    for (label, arguments), number in facts.counts.items():
        size = len(arguments)
        if size == 0:
            continue
        if size == 1 or (size == 2 and arguments[0] == arguments[1]):
            key = (label, _ONE if size == 1 else _LOOP)
        elif size == 2:
            key = (label, _TWO)
        else:
            key = (label, _pattern(arguments))
        labels[key] = labels.get(key, 0) + number
        if max(key[1]) == 0:  # one variable
            variable = arguments[0]
            places = alone[key]
            places[variable] = places.get(variable, 0) + number
            units[variable][key] = units[variable].get(key, 0) + number
        elif size == 2:
            linked[key].append((arguments, number))
            for variable, positions in ((arguments[0], _FIRST), (arguments[1], _SECOND)):
                shape = shapes[variable]
                shape[(key, positions)] = shape.get((key, positions), 0) + number
        else:
            linked[key].append((tuple(dict.fromkeys(arguments)), number))
            for variable in dict.fromkeys(arguments):
                positions = tuple(p for p, a in enumerate(arguments) if a == variable)
                shape = shapes[variable]
                shape[(key, positions)] = shape.get((key, positions), 0) + number
    return _Side({key: list(places.items()) for key, places in alone.items()}, linked, shapes, units, labels)


@dataclass(frozen=True)
class Problem:
    """The compiled problem (see the module docstring); ``needs[(i, j)]`` lists the links that
    need i -> j as the other pairs each needs and its worth, ``candidates[i]`` the gold
    variables i can score with, and ``link_shapes[l]`` the shape of link l's test fact at
    each of its pairs. ``restricted``: compiled over some of the pairs only."""

    test_count: int
    gold_count: int
    fixed: int
    unary: dict[Pair, int]
    identified: set[Pair]
    links: list[Link]
    link_shapes: list[tuple[Shape, ...]]
    needs: dict[Pair, list[tuple[tuple[Pair, ...], int]]]  # per pair: its links' other pairs, and worth
    candidates: list[list[int]]
    test_shapes: list[dict]  # per test variable: ((label, pattern), positions) -> facts holding it so
    gold_shapes: list[dict]
    test_units: list[dict]  # per test variable: (label, pattern) -> its one-variable facts of that label
    gold_units: list[dict]
    bag_bound: int  # Σ over (label, arity pattern) of min(test count, gold count), plus fixed
    restricted: bool = False

    def score(self, mapping: list[int] | tuple[int, ...]) -> int:
        """The matched count of a mapping (``mapping[i]``: gold variable of i, or -1)."""
        total = self.fixed + sum(self.unary.get((i, j), 0) for i, j in enumerate(mapping) if j >= 0)
        for pairs, worth in self.links:
            if all(mapping[a] == c for a, c in pairs):
                total += worth
        return total

    @property
    def pairs(self) -> set[Pair]:
        """The pairs that can score: a one-variable fact or a place in a link."""
        return self.unary.keys() | self.needs.keys()


class _Nearest:
    """The gold entries of one label nearest to a test variable in text order: the gold side's
    positions scaled to the test side's, kept sorted, looked up by bisection."""

    def __init__(self, entries: list, first: Callable, scale: float, keep: int):
        self.entries = sorted(entries, key=lambda entry: (first(entry) * scale, first(entry)))
        self.places = [first(entry) * scale for entry in self.entries]
        self.keep = keep

    def around(self, position: int) -> list:
        """The ``keep`` entries nearest ``position`` (all when there are no more)."""
        if len(self.entries) <= self.keep:
            return self.entries
        places = self.places
        low = high = bisect_left(places, position)
        while high - low < self.keep:  # widen towards the nearer side; ties to the left
            if low > 0 and (high == len(places) or position - places[low - 1] <= places[high] - position):
                low -= 1
            else:
                high += 1
        return self.entries[low:high]


class Compiler:
    """Both sides' facts grouped once (O(facts)), then problems over every pair or over the
    pairs of each fact with the ``keep`` gold facts of its label nearest to it (see the module
    docstring); :meth:`cost` says beforehand what compiling one takes, in units of work."""

    def __init__(self, test: Facts, gold: Facts, start: Callable[[Hashable], bool] = lambda label: False):
        self.test, self.gold, self.start = test, gold, start
        self.test_side, self.gold_side = _side(test), _side(gold)
        self.scale = len(test.variables) / max(1, len(gold.variables))
        self.same_kinds = len(set(test.kinds) | set(gold.kinds)) <= 1

    def cost(self, keep: int = 0) -> int:
        """About the units of work compiling with ``keep`` (0: every pair) takes: ``COMPILE_COST``
        per pair and link, ``RESTRICTED_COST`` in a restricted problem (estimated: each gold fact
        kept gives a pair, or a link and its pairs)."""
        test, gold = self.test_side, self.gold_side

        def kept(entries: int, partners: int) -> int:
            return entries * (partners if not keep else min(keep, partners))

        size = sum(kept(len(places), len(gold.alone.get(key, ()))) for key, places in test.alone.items())
        links = sum(kept(len(facts), len(gold.linked.get(key, ()))) for key, facts in test.linked.items())
        work = COMPILE_COST * (size + 2 * links) if not keep else RESTRICTED_COST * (size + 3 * links)
        return work + len(self.test.counts) + len(self.gold.counts)

    def widest(self) -> int:
        """The smallest ``keep`` that keeps every pair: the most gold facts of one label."""
        sides = (self.gold_side.alone, self.gold_side.linked)
        return max((len(entries) for side in sides for entries in side.values()), default=0)

    def _near(self, entries: list, first: Callable, keep: int) -> Callable[[int], list]:
        """The gold entries kept for a test entry at a position: all, or the nearest ``keep``."""
        if not keep or len(entries) <= keep:
            return lambda position: entries
        return _Nearest(entries, first, self.scale, keep).around

    def _allowed(self, keep: int) -> set[Pair]:
        """The pairs of each test fact with the ``keep`` gold facts of its label nearest to it."""
        test_side, gold_side = self.test_side, self.gold_side
        allowed: set[Pair] = set()
        for key, places in test_side.alone.items():
            partners = gold_side.alone.get(key)
            if partners:
                kept = self._near(partners, lambda entry: entry[0], keep)
                allowed.update((i, j) for i, _ in places for j, _ in kept(i))
        for key, facts in test_side.linked.items():
            partners = gold_side.linked.get(key)
            if partners:
                kept = self._near(partners, lambda entry: entry[0][0], keep)
                for arguments, _ in facts:
                    for gold_arguments, _ in kept(arguments[0]):
                        allowed.update(zip(arguments, gold_arguments))
        if not self.same_kinds:
            test_kinds, gold_kinds = self.test.kinds, self.gold.kinds
            allowed = {(i, j) for i, j in allowed if test_kinds[i] == gold_kinds[j]}
        return allowed

    def _unary(self, allowed: set[Pair] | None) -> tuple[dict[Pair, int], set[Pair]]:
        """w_ij of every pair (of the ``allowed`` ones: all their one-variable facts, so that
        a mapping's count stays exact), and the identified pairs."""
        test_side, gold_side, start = self.test_side, self.gold_side, self.start
        test_kinds, gold_kinds, same_kinds = self.test.kinds, self.gold.kinds, self.same_kinds
        unary: dict[Pair, int] = {}
        identified: set[Pair] = set()
        if allowed is None:
            for key, places in test_side.alone.items():
                partners = gold_side.alone.get(key)
                if not partners:
                    continue
                picked = start(key[0])
                for i, n in places:
                    for j, m in partners:
                        if same_kinds or test_kinds[i] == gold_kinds[j]:
                            unary[(i, j)] = unary.get((i, j), 0) + (n if n < m else m)
                            if picked:
                                identified.add((i, j))
            return unary, identified
        picks = {key: start(key[0]) for key in test_side.alone}
        test_units, gold_units = test_side.units, gold_side.units
        for i, j in sorted(allowed):
            others = gold_units[j]
            for key, n in test_units[i].items():
                m = others.get(key)
                if m:
                    unary[(i, j)] = unary.get((i, j), 0) + (n if n < m else m)
                    if picks[key]:
                        identified.add((i, j))
        return unary, identified

    def problem(self, keep: int = 0) -> Problem:
        """The problem over every pair (``keep`` 0, or at least :meth:`widest`) or over the
        pairs ``keep`` allows (restricted)."""
        test, gold = self.test, self.gold
        test_side, gold_side = self.test_side, self.gold_side
        test_kinds, gold_kinds, same_kinds = test.kinds, gold.kinds, self.same_kinds
        if keep >= self.widest():
            keep = 0
        allowed = self._allowed(keep) if keep else None
        unary, identified = self._unary(allowed)
        allowed_of: dict[int, list[int]] = defaultdict(list)
        for a, c in sorted(allowed or ()):
            allowed_of[a].append(c)
        fixed = sum(
            min(n, gold.counts.get((label, ()), 0)) for (label, arguments), n in test.counts.items() if not arguments
        )
        links: list[Link] = []
        link_shapes: list[tuple[Shape, ...]] = []
        needs: dict[Pair, list[tuple[tuple[Pair, ...], int]]] = defaultdict(list)
        for key, facts in test_side.linked.items():
            partners = gold_side.linked.get(key)
            if not partners:
                continue
            two = key[1] == _TWO
            shapes = (
                ((key, _FIRST), (key, _SECOND))
                if two
                else tuple((key, tuple(p for p, v in enumerate(key[1]) if v == k)) for k in range(max(key[1]) + 1))
            )
            by_first: dict[int, list] = defaultdict(list)
            if allowed is not None:
                for entry in partners:
                    by_first[entry[0][0]].append(entry)
            for arguments, n in facts:
                if allowed is None:
                    matching = partners
                else:
                    matching = [entry for c in allowed_of.get(arguments[0], ()) for entry in by_first.get(c, ())]
                for gold_arguments, m in matching:
                    pairs = tuple(zip(arguments, gold_arguments))
                    if not same_kinds and any(test_kinds[a] != gold_kinds[c] for a, c in pairs):
                        continue
                    if allowed is not None and any(pair not in allowed for pair in pairs):
                        continue
                    worth = n if n < m else m
                    links.append((pairs, worth))
                    link_shapes.append(shapes)
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
            link_shapes,
            dict(needs),
            [sorted(c) for c in candidates],
            test_side.shapes,
            gold_side.shapes,
            test_side.units,
            gold_side.units,
            bag,
            restricted=allowed is not None,
        )


def compile_problem(
    test: Facts, gold: Facts, start: Callable[[Hashable], bool] = lambda label: False, keep: int = 0
) -> Problem:
    """The problem of mapping ``test``'s variables onto ``gold``'s (see the module docstring);
    ``identified`` holds the pairs that share a one-variable fact whose label ``start`` picks
    (Smatch: the same concept); ``keep`` > 0 restricts it (see :class:`Compiler`)."""
    return Compiler(test, gold, start).problem(keep)
