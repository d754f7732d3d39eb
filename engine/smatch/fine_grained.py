"""Fine-grained Smatch sub-scores (Damonte et al. 2017; Smatch++, Opitz 2023, §7.2-7.4).

Every sub-score looks at one subset of the triples - the concepts, the named
entities, the negations, the ``:ARGn`` arguments, the reentrant edges, ... -
and counts how many of the test subset match the gold subset under the one
mapping found for the whole graphs ("one alignment" scoring), except
``no_vars``, which compares the graphs with every variable replaced by its
concept and needs no mapping. Each sub-score is a :class:`~engine.metrics.Tally`,
so a corpus pools them like the main score.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from typing import Any

from ..matching import Facts, matched_count
from ..metrics.tally import Tally

__all__ = ["SUB_SCORES", "fine_grained_tallies"]

SENSE = re.compile(r"-\d+$")
ARGUMENT = re.compile(r"^arg\d+$")
ASPECT_ROLES = {"cause": {"cause"}, "location": {"location"}, "quant": {"quant"}, "tense": {"time"}}
SUB_SCORES = (
    "concepts",
    "frames",
    "non_sense_frames",
    "named_entities",
    "negation",
    "wiki",
    "arguments",
    "reentrancies",
    "unlabeled",
    "no_vars",
) + tuple(ASPECT_ROLES)


def _is_instance(label: Any, arguments: tuple[int, ...]) -> bool:
    return len(arguments) == 1 and label[0] == "instance"


def _concepts(triples: Facts) -> dict[int, str]:
    return {arguments[0]: label[1] for label, arguments in triples.counts if _is_instance(label, arguments)}


def _named(triples: Facts) -> set[int]:
    return {arguments[0] for label, arguments in triples.counts if len(arguments) == 2 and label == "name"}


def _reentrant(triples: Facts) -> set[int]:
    incoming: Counter = Counter()
    for (_, arguments), number in triples.counts.items():
        if len(arguments) == 2:
            incoming[arguments[1]] += number
    return {var for var, count in incoming.items() if count > 1}


def _subsets(triples: Facts) -> dict[str, Facts]:
    """The triple subset of each mapping-based sub-score."""
    named, reentrant = _named(triples), _reentrant(triples)
    unary = lambda arguments: len(arguments) == 1  # noqa: E731
    binary = lambda arguments: len(arguments) == 2  # noqa: E731
    subsets = {
        "concepts": triples.select(_is_instance),
        "frames": triples.select(
            lambda label, arguments: _is_instance(label, arguments) and bool(SENSE.search(label[1]))
        ),
        "named_entities": triples.select(
            lambda label, arguments: _is_instance(label, arguments) and arguments[0] in named
        ),
        "negation": triples.select(lambda label, arguments: unary(arguments) and label == ("polarity", "-")),
        "wiki": triples.select(lambda label, arguments: unary(arguments) and label[0] == "wiki"),
        "arguments": triples.select(lambda label, arguments: binary(arguments) and bool(ARGUMENT.match(label))),
        "reentrancies": triples.select(lambda label, arguments: binary(arguments) and arguments[1] in reentrant),
    }
    for aspect, roles in ASPECT_ROLES.items():
        subsets[aspect] = triples.select(
            lambda label, arguments, roles=roles: (
                label[0] in roles if unary(arguments) else binary(arguments) and label in roles
            )
        )
    subsets["non_sense_frames"] = Facts(
        triples.variables,
        {
            (("instance", SENSE.sub("", label[1])), arguments): n
            for (label, arguments), n in subsets["frames"].counts.items()
        },
    )
    subsets["unlabeled"] = Facts(
        triples.variables,
        {
            **{key: n for key, n in triples.counts.items() if unary(key[1])},
            **{("relation", arguments): n for (_, arguments), n in triples.counts.items() if binary(arguments)},
        },
    )
    return subsets


def _no_vars(triples: Facts) -> Counter:
    concepts = _concepts(triples)
    name = lambda i: concepts.get(i, triples.variables[i])  # noqa: E731
    bag: Counter = Counter()
    for (label, arguments), n in triples.counts.items():
        if len(arguments) == 1 and label[0] != "instance":
            bag[(name(arguments[0]), label)] += n
        elif len(arguments) == 2:
            bag[(name(arguments[0]), label, name(arguments[1]))] += n
    bag.update({("concept", c): 1 for c in concepts.values()})
    return bag


def fine_grained_tallies(test: Facts, gold: Facts, mapping: Sequence[int]) -> dict[str, Tally]:
    """Every sub-score's tally for one pair under ``mapping`` (test index -> gold index or -1)."""
    test_subsets, gold_subsets = _subsets(test), _subsets(gold)
    tallies = {}
    for name, test_part in test_subsets.items():
        gold_part = gold_subsets[name]
        matched = matched_count(test_part, gold_part, mapping)
        tallies[name] = Tally(matched, test_part.size, matched, gold_part.size)
    test_bag, gold_bag = _no_vars(test), _no_vars(gold)
    overlap = sum((test_bag & gold_bag).values())
    tallies["no_vars"] = Tally(overlap, sum(test_bag.values()), overlap, sum(gold_bag.values()))
    return {name: tallies[name] for name in SUB_SCORES}
