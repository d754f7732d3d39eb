"""Smatch: triple overlap under the best variable alignment (SPEC section 5).

A graph becomes a multiset of triples: one ``instance`` triple per variable, one
``TOP`` triple for the root, relations between variables and attributes with a
constant. The ``none`` standardisation is classic smatch's: labels compared
without case, quotes ignored on constants, ``-of`` roles de-inverted,
duplicates counted as often as they occur. The alignment is found either
optimally, as an integer linear program solved by SciPy's ``milp`` (HiGHS), or
by hill-climbing with seeded restarts (classic smatch, a lower bound).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

import numpy as np

from .metrics import Tally
from .model import Graph
from .reader import decode_graph

Label = tuple[str, str]


@dataclass(frozen=True)
class SmatchTriples:
    """The triples of one graph, split by how many variables they involve."""

    variables: tuple[str, ...]
    unary: Counter  # (variable, label) -> count: instance, attribute and TOP triples
    binary: Counter  # (source, role, target) -> count: relations between variables

    @property
    def size(self) -> int:
        return sum(self.unary.values()) + sum(self.binary.values())


def _constant(value: str) -> str:
    return value[1:-1].lower() if len(value) >= 2 and value[0] == value[-1] == '"' else value.lower()


# AMR's reification table (AMR guidelines): role -> (frame, argument of the source, argument of the target).
REIFICATIONS = {
    "accompanier": ("accompany-01", "arg1", "arg0"), "age": ("age-01", "arg1", "arg2"),
    "beneficiary": ("benefit-01", "arg0", "arg1"), "concession": ("have-concession-91", "arg1", "arg2"),
    "condition": ("have-condition-91", "arg1", "arg2"), "degree": ("have-degree-91", "arg1", "arg2"),
    "destination": ("be-destined-for-91", "arg1", "arg2"), "duration": ("last-01", "arg1", "arg2"),
    "example": ("exemplify-01", "arg1", "arg0"), "extent": ("have-extent-91", "arg1", "arg2"),
    "frequency": ("have-frequency-91", "arg1", "arg2"), "instrument": ("have-instrument-91", "arg1", "arg2"),
    "li": ("have-li-91", "arg1", "arg2"), "location": ("be-located-at-91", "arg1", "arg2"),
    "manner": ("have-manner-91", "arg1", "arg2"), "mod": ("have-mod-91", "arg1", "arg2"),
    "name": ("have-name-91", "arg1", "arg2"), "ord": ("have-ord-91", "arg1", "arg2"),
    "part": ("have-part-91", "arg1", "arg2"), "polarity": ("have-polarity-91", "arg1", "arg2"),
    "poss": ("own-01", "arg1", "arg0"), "purpose": ("have-purpose-91", "arg1", "arg2"),
    "quant": ("have-quant-91", "arg1", "arg2"), "source": ("be-from-91", "arg1", "arg2"),
    "subevent": ("have-subevent-91", "arg1", "arg2"), "time": ("be-temporally-at-91", "arg1", "arg2"),
    "topic": ("concern-02", "arg0", "arg1"), "value": ("have-value-91", "arg1", "arg2"),
}
DEREIFICATIONS = {frame: (role, source, target) for role, (frame, source, target) in REIFICATIONS.items()}
STANDARDIZATIONS = ("none", "smatchpp")


def dereify(triples: list[tuple[str, str, str]], top: str) -> list[tuple[str, str, str]]:
    """Replace a reified relation by the role it stands for: a node of a frame in
    the table with no incoming edge, one source argument, one target argument
    and nothing else becomes one edge - (z / have-mod-91 :arg1 x :arg2 y) -> (x :mod y).
    The root is kept."""
    concepts = {s: t for s, r, t in triples if r == "instance"}
    has_incoming = {t for s, r, t in triples if r != "instance"}
    outgoing: dict[str, list[int]] = {}
    for k, (s, r, _) in enumerate(triples):
        if r != "instance":
            outgoing.setdefault(s, []).append(k)
    removed: set[int] = set()
    added = []
    for var, concept in concepts.items():
        rule = DEREIFICATIONS.get(concept)
        if rule is None or var == top or var in has_incoming:
            continue
        role, source_arg, target_arg = rule
        edges = outgoing.get(var, [])
        sources = [k for k in edges if triples[k][1] == source_arg]
        targets = [k for k in edges if triples[k][1] == target_arg]
        if len(sources) == 1 and len(targets) == 1 and len(edges) == 2:
            added.append((triples[sources[0]][2], role, triples[targets[0]][2]))
            removed.update(sources + targets + [k for k, t in enumerate(triples) if t == (var, "instance", concept)])
    return [t for k, t in enumerate(triples) if k not in removed] + added


def smatch_triples(graph: Graph, standardize: str = "none") -> SmatchTriples:
    """The Smatch triples of a graph.

    ``none`` (classic smatch): labels lower-cased, quotes ignored on constants,
    ``-of`` roles de-inverted (``penman``'s AMR model), duplicates counted, a
    ``TOP`` triple on the root variable. ``smatchpp`` (as Smatch++'s AMR
    standardiser): also ``:domain`` read as ``:mod``, every ``-of`` role
    de-inverted, the root triple carries the root's concept, reified relations
    dereified and duplicate triples counted once.
    """
    decoded = decode_graph(graph.penman, "<graph>", 1)
    top, raw, _ = decoded if not isinstance(decoded, Exception) else (graph.top, [], {})
    triples = []
    for source, role, target in raw:
        role = role.lower().lstrip(":")
        target = target if role == "instance" or target in graph.index else _constant(target)
        if role == "instance":
            target = target.lower()
        if standardize == "smatchpp":
            if role.endswith("-of"):
                source, role, target = target, role[:-3], source
            if role == "domain":
                source, role, target = target, "mod", source
        triples.append((source, role, target))
    if standardize == "smatchpp":
        triples = dereify(triples, top)
    variables = tuple(node.var for node in graph.nodes)
    known = set(variables)
    concepts = {s: t for s, r, t in triples if r == "instance"}
    root_label = ("root", concepts.get(top, "")) if standardize == "smatchpp" else ("top", "top")
    unary: Counter = Counter({(top, root_label): 1})
    binary: Counter = Counter()
    for source, role, target in triples:
        if role == "instance":
            unary[(source, ("instance", target))] += 1
        elif target in known:
            binary[(source, role, target)] += 1
        else:
            unary[(source, (role, target))] += 1
    if standardize == "smatchpp":  # duplicates count once
        unary = Counter(dict.fromkeys(unary, 1))
        binary = Counter(dict.fromkeys(binary, 1))
    return SmatchTriples(variables, unary, binary)


def matched_triples(test: SmatchTriples, gold: SmatchTriples, mapping: dict[str, str]) -> int:
    """How many test triples have a counterpart in gold under ``mapping`` (test -> gold variable)."""
    count = 0
    for (var, label), number in test.unary.items():
        if var in mapping:
            count += min(number, gold.unary.get((mapping[var], label), 0))
    for (source, role, target), number in test.binary.items():
        if source in mapping and target in mapping:
            count += min(number, gold.binary.get((mapping[source], role, mapping[target]), 0))
    return count


@dataclass(frozen=True)
class SmatchAlignment:
    mapping: dict[str, str]
    matched: int
    optimal: bool  # proven optimal by the ILP solver
    upper_bound: float  # no alignment matches more triples than this
    solver: str


def _unary_weights(test: SmatchTriples, gold: SmatchTriples) -> np.ndarray:
    """w_ij: test triples on variable i alone that match if i -> j."""
    gold_labels: dict[str, Counter] = {var: Counter() for var in gold.variables}
    for (var, label), number in gold.unary.items():
        if var in gold_labels:
            gold_labels[var][label] += number
    weights = np.zeros((len(test.variables), len(gold.variables)))
    position = {var: i for i, var in enumerate(test.variables)}
    for (var, label), number in test.unary.items():
        if var not in position:
            continue
        for j, gold_var in enumerate(gold.variables):
            weights[position[var], j] += min(number, gold_labels[gold_var].get(label, 0))
    return weights


def ilp_alignment(test: SmatchTriples, gold: SmatchTriples, time_limit: float = 10.0) -> SmatchAlignment | None:
    """The alignment with the most matched triples, as a 0/1 program:

    max Σ w_ij x_ij + Σ m_k y_k  s.t.  Σ_j x_ij ≤ 1, Σ_i x_ij ≤ 1,
    y_k ≤ x_ac and y_k ≤ x_bd for each pair k of same-role relations (a r b), (c r d).

    Lossless compression: a pair (i, j) gets a variable x_ij only if it can
    score - a matching concept or attribute (w_ij > 0) or a place in some
    relation pair; any other pairing adds nothing, so leaving those variables
    unaligned loses nothing. Returns None when HiGHS finds no solution within
    ``time_limit`` seconds.
    """
    from scipy.optimize import Bounds, LinearConstraint, milp
    from scipy.sparse import coo_array

    if not test.variables or not gold.variables:
        return SmatchAlignment({}, 0, True, 0.0, "ilp")
    t_index = {var: i for i, var in enumerate(test.variables)}
    g_index = {var: j for j, var in enumerate(gold.variables)}
    unary = _unary_weights(test, gold)
    gold_by_role: dict[str, list] = {}
    for (c, role, d), number in gold.binary.items():
        gold_by_role.setdefault(role, []).append((g_index[c], g_index[d], number))
    relation_pairs = [
        (t_index[a], c, t_index[b], d, min(number, gold_number))
        for (a, role, b), number in test.binary.items()
        for c, d, gold_number in gold_by_role.get(role, ())
    ]
    useful = {(int(i), int(j)) for i, j in zip(*np.nonzero(unary))}
    for a, c, b, d, _ in relation_pairs:
        useful.update(((a, c), (b, d)))
    pairs = sorted(useful)
    column_of = {pair: k for k, pair in enumerate(pairs)}
    weights = [float(unary[i, j]) for i, j in pairs] + [float(w) for *_, w in relation_pairs]
    rows, cols, values, upper = [], [], [], []
    for k, (a, c, b, d, _) in enumerate(relation_pairs):
        y = len(pairs) + k
        for pair in ((a, c), (b, d)):
            rows += [len(upper), len(upper)]
            cols += [y, column_of[pair]]
            values += [1.0, -1.0]
            upper.append(0.0)
    for axis in (0, 1):  # each test variable, then each gold variable, aligned at most once
        groups: dict[int, list[int]] = {}
        for column, pair in enumerate(pairs):
            groups.setdefault(pair[axis], []).append(column)
        for members in groups.values():
            rows += [len(upper)] * len(members)
            cols += members
            values += [1.0] * len(members)
            upper.append(1.0)
    if not weights:
        return SmatchAlignment({}, 0, True, 0.0, "ilp")
    matrix = coo_array((values, (rows, cols)), shape=(len(upper), len(weights))).tocsr()
    result = milp(
        c=-np.array(weights),
        integrality=np.ones(len(weights)),
        bounds=Bounds(0, 1),
        constraints=LinearConstraint(matrix, -np.inf, np.array(upper)),
        options={"time_limit": time_limit},
    )
    if result.x is None:
        return None
    mapping = {test.variables[i]: gold.variables[j] for (i, j), x in zip(pairs, result.x) if x > 0.5}
    bound = -float(getattr(result, "mip_dual_bound", result.fun) or result.fun)
    return SmatchAlignment(mapping, matched_triples(test, gold, mapping), result.status == 0, bound, "ilp")


class _Scorer:
    """Matched-triple counts of a mapping (arrays of indices, -1 = unaligned),
    recomputing only the triples of the variables a move touches."""

    def __init__(self, test: SmatchTriples, gold: SmatchTriples):
        self.unary = _unary_weights(test, gold)
        t_index = {var: i for i, var in enumerate(test.variables)}
        g_index = {var: j for j, var in enumerate(gold.variables)}
        self.gold_binary = {(g_index[c], role, g_index[d]): n for (c, role, d), n in gold.binary.items()}
        self.binary = [(t_index[a], role, t_index[b], n) for (a, role, b), n in test.binary.items()]
        self.touching: list[list[int]] = [[] for _ in test.variables]
        for k, (a, _, b, _) in enumerate(self.binary):
            self.touching[a].append(k)
            if b != a:
                self.touching[b].append(k)

    def _binary(self, k: int, mapping: list[int]) -> int:
        a, role, b, number = self.binary[k]
        if mapping[a] < 0 or mapping[b] < 0:
            return 0
        return min(number, self.gold_binary.get((mapping[a], role, mapping[b]), 0))

    def total(self, mapping: list[int]) -> int:
        unary = sum(self.unary[i, j] for i, j in enumerate(mapping) if j >= 0)
        return int(unary) + sum(self._binary(k, mapping) for k in range(len(self.binary)))

    def local(self, variables: tuple[int, ...], mapping: list[int]) -> int:
        """The part of the total that depends on ``variables``."""
        unary = sum(self.unary[i, mapping[i]] for i in variables if mapping[i] >= 0)
        touched = {k for i in variables for k in self.touching[i]}
        return int(unary) + sum(self._binary(k, mapping) for k in touched)


def hill_climb_alignment(test: SmatchTriples, gold: SmatchTriples, restarts: int = 5, seed: int = 1) -> SmatchAlignment:
    """Classic smatch search: from a concept-matching start and ``restarts - 1`` random
    starts, move a variable to a free gold variable or swap two, while the matched
    count grows. Seeded, so the same input gives the same result."""
    rng = random.Random(seed)
    n1, n2 = len(test.variables), len(gold.variables)
    scorer = _Scorer(test, gold)
    concept_of = {var: label for (var, label) in gold.unary if label[0] == "instance"}
    best_score, best = -1, [-1] * n1
    for restart in range(max(1, restarts)):
        order = list(range(n2))
        rng.shuffle(order)
        mapping, used = [-1] * n1, set()
        if restart == 0:  # smart start: same concept
            for (var, label) in test.unary:
                i = test.variables.index(var) if var in test.variables else -1
                if i >= 0 and label[0] == "instance" and mapping[i] < 0:
                    for j, gold_var in enumerate(gold.variables):
                        if j not in used and concept_of.get(gold_var) == label:
                            mapping[i] = j
                            used.add(j)
                            break
        free = [j for j in order if j not in used]
        for i in range(n1):
            if mapping[i] < 0 and free:
                mapping[i] = free.pop(0)
        owner = {j: i for i, j in enumerate(mapping) if j >= 0}
        improved = True
        while improved:
            improved = False
            for i in range(n1):
                for j in range(n2):
                    if mapping[i] == j:
                        continue
                    other = owner.get(j)
                    touched = (i,) if other is None else (i, other)
                    before = scorer.local(touched, mapping)
                    old = mapping[i]
                    mapping[i] = j
                    if other is not None:
                        mapping[other] = old
                    if scorer.local(touched, mapping) > before:
                        improved = True
                        owner = {jj: ii for ii, jj in enumerate(mapping) if jj >= 0}
                    else:
                        mapping[i] = old
                        if other is not None:
                            mapping[other] = j
        score = scorer.total(mapping)
        if score > best_score:
            best_score, best = score, list(mapping)
    result = {test.variables[i]: gold.variables[j] for i, j in enumerate(best) if j >= 0}
    return SmatchAlignment(result, best_score, False, float(min(test.size, gold.size)), "hillclimb")


def best_alignment(test: SmatchTriples, gold: SmatchTriples, solver: str = "ilp", time_limit: float = 10.0,
                   restarts: int = 5, seed: int = 1) -> SmatchAlignment:
    """The ILP's alignment, or hill-climbing's when asked for or when the ILP finds no solution in time."""
    alignment = ilp_alignment(test, gold, time_limit) if solver == "ilp" else None
    return alignment if alignment is not None else hill_climb_alignment(test, gold, restarts, seed)


def smatch_tallies(test: Graph, gold: Graph, time_limit: float = 10.0) -> dict[str, Tally]:
    """Smatch under the optimal alignment as ``{"smatch": tally, "smatch.concepts": tally, ...}``,
    the fine-grained sub-scores prefixed with ``smatch.``."""
    from .fine_grained import fine_grained_tallies

    test_triples, gold_triples = smatch_triples(test), smatch_triples(gold)
    alignment = best_alignment(test_triples, gold_triples, time_limit=time_limit)
    tallies = {"smatch": Tally(alignment.matched, test_triples.size, alignment.matched, gold_triples.size)}
    for name, tally in fine_grained_tallies(test_triples, gold_triples, alignment.mapping).items():
        tallies[f"smatch.{name}"] = tally
    return tallies


@dataclass(frozen=True)
class SmatchPairResult:
    index: int
    id: str | None
    error: str | None
    tally: Tally | None = None
    alignment: SmatchAlignment | None = None
    fine_grained: dict[str, Tally] | None = None


def smatch_corpus(pairs, solver: str = "ilp", time_limit: float = 10.0, restarts: int = 5, seed: int = 1,
                  fine_grained: bool = False, standardize: str = "none") -> list[SmatchPairResult]:
    """Smatch of every readable pair (pairs with an input error keep it and get no score);
    with ``fine_grained``, the sub-scores of :mod:`engine.fine_grained` under the same alignment."""
    from .fine_grained import fine_grained_tallies

    results = []
    for pair in pairs:
        if pair.error is not None:
            results.append(SmatchPairResult(pair.index, pair.id, pair.error))
            continue
        test, gold = smatch_triples(pair.test.graph, standardize), smatch_triples(pair.gold.graph, standardize)
        alignment = best_alignment(test, gold, solver, time_limit, restarts, seed)
        tally = Tally(alignment.matched, test.size, alignment.matched, gold.size)
        parts = fine_grained_tallies(test, gold, alignment.mapping) if fine_grained else None
        results.append(SmatchPairResult(pair.index, pair.id, None, tally, alignment, parts))
    return results


def bootstrap_interval(tallies: list[Tally], samples: int = 1000, seed: int = 1, level: float = 0.95) -> tuple[float, float] | None:
    """Percentile bootstrap interval of the micro F over pairs resampled with replacement (seeded)."""
    if not tallies:
        return None
    rng = np.random.default_rng(seed)
    table = np.array([[t.test_score, t.test_size, t.gold_score, t.gold_size] for t in tallies])
    picks = rng.integers(0, len(tallies), size=(samples, len(tallies)))
    sums = table[picks].sum(axis=1)
    precision = np.divide(sums[:, 0], sums[:, 1], out=np.zeros(samples), where=sums[:, 1] > 0)
    recall = np.divide(sums[:, 2], sums[:, 3], out=np.zeros(samples), where=sums[:, 3] > 0)
    f = np.divide(2 * precision * recall, precision + recall, out=np.zeros(samples), where=precision + recall > 0)
    tail = (1 - level) / 2 * 100
    low, high = np.percentile(f, [tail, 100 - tail])
    return float(low), float(high)
