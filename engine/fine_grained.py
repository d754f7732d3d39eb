"""Fine-grained Smatch sub-scores (SPEC section 5; after Damonte et al. 2017 and Smatch++).

Every sub-score looks at one subset of the triples - the concepts, the named
entities, the negations, the ``:ARGn`` arguments, the reentrant edges, ... -
and counts how many of the test subset match the gold subset under the one
alignment found for the whole graphs ("one alignment" scoring), except
``no_vars``, which compares the graphs with every variable replaced by its
concept and needs no alignment. Each sub-score is a :class:`~engine.metrics.Tally`,
so a corpus pools them like the main score.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Callable

from .metrics import Tally
from .smatch import SmatchTriples

SENSE = re.compile(r"-\d+$")
ARGUMENT = re.compile(r"^arg\d+$")
ASPECT_ROLES = {"cause": {"cause"}, "location": {"location"}, "quant": {"quant"}, "tense": {"time"}}
SUB_SCORES = ("concepts", "frames", "non_sense_frames", "named_entities", "negation", "wiki", "arguments",
              "reentrancies", "unlabeled", "no_vars") + tuple(ASPECT_ROLES)

Unary = tuple[str, tuple[str, str]]
Binary = tuple[str, str, str]


def _concepts(triples: SmatchTriples) -> dict[str, str]:
    return {var: label[1] for (var, label) in triples.unary if label[0] == "instance"}


def _named(triples: SmatchTriples) -> set[str]:
    return {source for (source, role, _) in triples.binary if role == "name"}


def _reentrant(triples: SmatchTriples) -> set[str]:
    incoming = Counter(target for (_, _, target) in triples.binary.elements())
    return {var for var, count in incoming.items() if count > 1}


def _select(triples: SmatchTriples, unary: Callable[[Unary], bool] | None = None,
            binary: Callable[[Binary], bool] | None = None) -> SmatchTriples:
    return SmatchTriples(
        triples.variables,
        Counter({k: n for k, n in triples.unary.items() if unary is not None and unary(k)}),
        Counter({k: n for k, n in triples.binary.items() if binary is not None and binary(k)}),
    )


def _subsets(triples: SmatchTriples) -> dict[str, SmatchTriples]:
    """The triple subset of each alignment-based sub-score."""
    named, reentrant = _named(triples), _reentrant(triples)
    is_instance = lambda k: k[1][0] == "instance"  # noqa: E731
    subsets = {
        "concepts": _select(triples, is_instance),
        "frames": _select(triples, lambda k: is_instance(k) and bool(SENSE.search(k[1][1]))),
        "named_entities": _select(triples, lambda k: is_instance(k) and k[0] in named),
        "negation": _select(triples, lambda k: k[1] == ("polarity", "-")),
        "wiki": _select(triples, lambda k: k[1][0] == "wiki"),
        "arguments": _select(triples, None, lambda k: bool(ARGUMENT.match(k[1]))),
        "reentrancies": _select(triples, None, lambda k: k[2] in reentrant),
    }
    for aspect, roles in ASPECT_ROLES.items():
        subsets[aspect] = _select(triples, lambda k, roles=roles: k[1][0] in roles, lambda k, roles=roles: k[1] in roles)
    subsets["non_sense_frames"] = SmatchTriples(
        triples.variables,
        Counter({(var, ("instance", SENSE.sub("", label[1]))): n for (var, label), n in subsets["frames"].unary.items()}),
        Counter(),
    )
    subsets["unlabeled"] = SmatchTriples(
        triples.variables, triples.unary, Counter({(a, "relation", b): n for (a, _, b), n in triples.binary.items()})
    )
    return subsets


def _no_vars(triples: SmatchTriples) -> Counter:
    concepts = _concepts(triples)
    bag: Counter = Counter()
    for (var, label), n in triples.unary.items():
        if label[0] != "instance":
            bag[(concepts.get(var, var), label)] += n
    for (a, role, b), n in triples.binary.items():
        bag[(concepts.get(a, a), role, concepts.get(b, b))] += n
    bag.update({("concept", c): 1 for c in concepts.values()})
    return bag


def fine_grained_tallies(test: SmatchTriples, gold: SmatchTriples, mapping: dict[str, str]) -> dict[str, Tally]:
    """Every sub-score's tally for one pair under ``mapping`` (test -> gold variable)."""
    from .smatch import matched_triples

    test_subsets, gold_subsets = _subsets(test), _subsets(gold)
    tallies = {}
    for name, test_part in test_subsets.items():
        gold_part = gold_subsets[name]
        matched = matched_triples(test_part, gold_part, mapping)
        tallies[name] = Tally(matched, test_part.size, matched, gold_part.size)
    test_bag, gold_bag = _no_vars(test), _no_vars(gold)
    overlap = sum((test_bag & gold_bag).values())
    tallies["no_vars"] = Tally(overlap, sum(test_bag.values()), overlap, sum(gold_bag.values()))
    return {name: tallies[name] for name in SUB_SCORES}
