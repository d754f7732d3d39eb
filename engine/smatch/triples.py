"""Smatch triples of a graph, standardised (Cai and Knight 2013; Smatch++, Opitz 2023, §5).

A graph becomes a multiset of triples: one ``instance`` triple per variable, one
``TOP`` triple for the root, relations between variables and attributes with a
constant - as :class:`~engine.matching.Facts` for the variable-mapping solver. The
``none`` standardisation is classic smatch's, read as smatch 1.0.4 reads it
(:mod:`.classic`); ``smatchpp`` is Smatch++'s AMR standardiser.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable

from ..matching import Facts
from ..model import Graph
from ..params import STANDARDIZATIONS, Standardization
from ..read.penman_tree import interpret
from .classic import classic_facts

__all__ = [
    "DEREIFICATIONS",
    "REIFICATIONS",
    "STANDARDIZATIONS",
    "Standardization",
    "dereify",
    "is_concept",
    "smatch_reads",
    "smatch_triples",
]


def _constant(value: str) -> str:
    return value[1:-1].lower() if len(value) >= 2 and value[0] == value[-1] == '"' else value.lower()


def is_concept(label: Hashable) -> bool:
    """Whether a one-variable fact's label is an instance triple's: the concepts start hill-climbing."""
    return isinstance(label, tuple) and label[0] == "instance"


# AMR's reification table (AMR guidelines): role -> (frame, argument of the source, argument of the target).
REIFICATIONS = {
    "accompanier": ("accompany-01", "arg1", "arg0"),
    "age": ("age-01", "arg1", "arg2"),
    "beneficiary": ("benefit-01", "arg0", "arg1"),
    "concession": ("have-concession-91", "arg1", "arg2"),
    "condition": ("have-condition-91", "arg1", "arg2"),
    "degree": ("have-degree-91", "arg1", "arg2"),
    "destination": ("be-destined-for-91", "arg1", "arg2"),
    "duration": ("last-01", "arg1", "arg2"),
    "example": ("exemplify-01", "arg1", "arg0"),
    "extent": ("have-extent-91", "arg1", "arg2"),
    "frequency": ("have-frequency-91", "arg1", "arg2"),
    "instrument": ("have-instrument-91", "arg1", "arg2"),
    "li": ("have-li-91", "arg1", "arg2"),
    "location": ("be-located-at-91", "arg1", "arg2"),
    "manner": ("have-manner-91", "arg1", "arg2"),
    "mod": ("have-mod-91", "arg1", "arg2"),
    "name": ("have-name-91", "arg1", "arg2"),
    "ord": ("have-ord-91", "arg1", "arg2"),
    "part": ("have-part-91", "arg1", "arg2"),
    "polarity": ("have-polarity-91", "arg1", "arg2"),
    "poss": ("own-01", "arg1", "arg0"),
    "purpose": ("have-purpose-91", "arg1", "arg2"),
    "quant": ("have-quant-91", "arg1", "arg2"),
    "source": ("be-from-91", "arg1", "arg2"),
    "subevent": ("have-subevent-91", "arg1", "arg2"),
    "time": ("be-temporally-at-91", "arg1", "arg2"),
    "topic": ("concern-02", "arg0", "arg1"),
    "value": ("have-value-91", "arg1", "arg2"),
}
DEREIFICATIONS = {frame: (role, source, target) for role, (frame, source, target) in REIFICATIONS.items()}


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


def smatch_reads(*graphs: Graph) -> bool:
    """Whether Smatch can read these graphs: it reads their PENMAN trees, which a DRS has none of."""
    return all(graph.tree is not None for graph in graphs)


def smatch_triples(graph: Graph, standardize: Standardization = "none") -> Facts:
    """The Smatch triples of a graph, from its tree as written.

    ``none``: classic Smatch, the triples smatch 1.0.4 reads (:mod:`.classic`).
    ``smatchpp`` (as Smatch++'s AMR standardiser): labels lower-cased, quotes ignored on
    constants, every ``-of`` role de-inverted, ``:domain`` read as ``:mod``, the root triple
    carries the root's concept, reified relations dereified and duplicate triples counted
    once. A triple whose source is no variable (a constant made a source by turning its role
    round) has no variable and matches only the same triple.
    """
    if graph.tree is None:  # see smatch_reads
        raise ValueError("Smatch reads a graph's PENMAN tree; this graph has none")
    if standardize == "none":
        return classic_facts(graph.tree)
    top = graph.top
    triples = []
    for source, role, target in interpret(graph.tree):
        role = role.lower().lstrip(":")
        target = target if role == "instance" or target in graph.index else _constant(target)
        if role == "instance":
            target = target.lower()
        if role.endswith("-of"):
            source, role, target = target, role[:-3], source
        if role == "domain":
            source, role, target = target, "mod", source
        triples.append((source, role, target))
    triples = dereify(triples, top)
    variables = tuple(node.var for node in graph.nodes)
    index = {var: i for i, var in enumerate(variables)}
    concepts = {s: t for s, r, t in triples if r == "instance"}
    counts: Counter = Counter({(("root", concepts.get(top, "")), (index[top],)): 1})
    for source, role, target in triples:
        if source not in index:
            counts[((source, role, target), ())] += 1
        elif role == "instance":
            counts[(("instance", target), (index[source],))] += 1
        elif target in index:
            counts[(role, (index[source], index[target]))] += 1
        else:
            counts[((role, target), (index[source],))] += 1
    return Facts(variables, Counter(dict.fromkeys(counts, 1)))  # duplicates count once
