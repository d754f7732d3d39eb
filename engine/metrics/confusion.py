"""Label confusion under the alignment, pooled over a corpus of aligned pairs.

Three tables, rows the test side's labels and columns the gold side's, :data:`NONE` where a
label has no counterpart:

* **concept**: each aligned node pair (test concept, gold concept), lemma and sense as
  written; an unaligned node is paired with :data:`NONE`.
* **role**: for each relation between two variables of the test graph whose ends are both
  aligned, its role against the roles the gold graph has between the aligned nodes in the
  same direction (equal roles pair with each other, the rest in sorted order), then, for roles
  still unpaired, against the gold roles in the opposite direction, written ``ROLE-of``
  (``:ARG0`` against ``:ARG1-of`` reads: the gold relation runs the other way); what is left
  pairs with :data:`NONE`.
* **attribute**: for each aligned node pair, its constant attributes ``ROLE VALUE``; equal
  ones pair with each other, then values under the same role in sorted order; the rest, and
  the attributes of unaligned nodes, pair with :data:`NONE`.

Each cell counts how often its pair occurs and lists the sentences where it does; the
diagonal holds agreements, every other cell a confusion.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

import numpy as np

from ..model import Child, Graph, split_concept

__all__ = [
    "KINDS",
    "NONE",
    "Confusion",
    "ConfusionCell",
    "ConfusionTable",
    "corpus_confusion",
    "label_pairs",
]

NONE = "(none)"
KINDS = ("concept", "role", "attribute")


@dataclass
class ConfusionCell:
    """How often ``test`` was paired with ``gold`` and in which sentences (each once, in order)."""

    test: str
    gold: str
    count: int = 0
    sentences: list[int] = field(default_factory=list)

    @property
    def agrees(self) -> bool:
        return self.test == self.gold

    @property
    def sense_only(self) -> bool:
        """Two concepts with the same lemma and different senses (``read-01`` / ``read-02``)."""
        return (
            not self.agrees
            and NONE not in (self.test, self.gold)
            and (split_concept(self.test)[0] == split_concept(self.gold)[0])
        )


@dataclass
class ConfusionTable:
    """One kind of label's cells, keyed by (test label, gold label)."""

    kind: str
    cells: dict[tuple[str, str], ConfusionCell] = field(default_factory=dict)

    def add(self, test: str, gold: str, sentence: int) -> None:
        cell = self.cells.get((test, gold))
        if cell is None:
            cell = self.cells[test, gold] = ConfusionCell(test, gold)
        cell.count += 1
        if not cell.sentences or cell.sentences[-1] != sentence:
            cell.sentences.append(sentence)

    def confusions(self) -> list[ConfusionCell]:
        """The cells off the diagonal, most frequent first (then by labels)."""
        return sorted((c for c in self.cells.values() if not c.agrees), key=lambda c: (-c.count, c.test, c.gold))

    @property
    def agreed(self) -> int:
        """How many pairs agree (the diagonal's total)."""
        return sum(cell.count for cell in self.cells.values() if cell.agrees)

    @property
    def total(self) -> int:
        return sum(cell.count for cell in self.cells.values())

    def heatmap(self, top: int = 15) -> tuple[list[str], list[str], np.ndarray]:
        """The labels of the ``top`` most frequent confusions, test and gold side each in order of
        first appearance, and the counts of every cell between them (agreements included)."""
        chosen = self.confusions()[:top]
        rows = list(dict.fromkeys(cell.test for cell in chosen))
        columns = list(dict.fromkeys(cell.gold for cell in chosen))
        counts = np.zeros((len(rows), len(columns)), dtype=int)
        for r, test in enumerate(rows):
            for c, gold in enumerate(columns):
                cell = self.cells.get((test, gold))
                counts[r, c] = cell.count if cell is not None else 0
        return rows, columns, counts


@dataclass
class Confusion:
    """The concept, role and attribute tables of a corpus."""

    concept: ConfusionTable = field(default_factory=lambda: ConfusionTable("concept"))
    role: ConfusionTable = field(default_factory=lambda: ConfusionTable("role"))
    attribute: ConfusionTable = field(default_factory=lambda: ConfusionTable("attribute"))

    def tables(self) -> list[ConfusionTable]:
        return [self.concept, self.role, self.attribute]

    def table(self, kind: str) -> ConfusionTable:
        return {table.kind: table for table in self.tables()}[kind]


def _paired(test: Iterable[str], gold: Iterable[str]) -> tuple[list[tuple[str, str]], list[str], list[str]]:
    """Equal labels with each other, then the rest in sorted order; and what is left on each side."""
    test_set, gold_set = set(test), set(gold)
    test_left, gold_left = sorted(test_set - gold_set), sorted(gold_set - test_set)
    pairs = [(label, label) for label in sorted(test_set & gold_set)]
    pairs += list(zip(test_left, gold_left))
    common = min(len(test_left), len(gold_left))
    return pairs, test_left[common:], gold_left[common:]


def _concept_pairs(test: Graph, gold: Graph, gold_of: Sequence[int | None]) -> Iterator[tuple[str, str]]:
    for i, j in enumerate(gold_of):
        yield test.nodes[i].concept, gold.nodes[j].concept if j is not None else NONE
    aligned = set(gold_of)
    for j, node in enumerate(gold.nodes):
        if j not in aligned:
            yield NONE, node.concept


def _role_pairs(test: Graph, gold: Graph, gold_of: Sequence[int | None]) -> Iterator[tuple[str, str]]:
    gold_left: dict[tuple[int, Child], set[str]] = {
        key: set(labels) for key, labels in gold.relation_groups.items() if isinstance(key[1], int)
    }
    test_left: list[str] = []
    unpaired: list[tuple[tuple[int, int], list[str]]] = []
    for (parent, child), labels in test.relation_groups.items():
        if not isinstance(child, int):
            continue
        source, target = gold_of[parent], gold_of[child]
        if source is None or target is None:
            test_left += sorted(labels)
            continue
        pairs, rest, gold_rest = _paired(labels, gold_left.get((source, target), ()))
        yield from pairs
        if (source, target) in gold_left:
            gold_left[source, target] = set(gold_rest)
        unpaired.append(((target, source), rest))
    for key, rest in unpaired:  # the gold relation may run the other way
        inverse: set[str] = gold_left.get(key, set())
        common = min(len(rest), len(inverse))
        taken = sorted(inverse)[:common]
        yield from ((label, f"{role}-of") for label, role in zip(rest, taken))
        test_left += rest[common:]
        if taken:
            gold_left[key] = inverse - set(taken)
    yield from ((label, NONE) for label in test_left)
    for _key, remaining in sorted(gold_left.items(), key=lambda item: item[0]):
        yield from ((NONE, label) for label in sorted(remaining))


def _attributes(graph: Graph) -> list[set[tuple[str, str]]]:
    """Per node, its (role, value) attributes."""
    found: list[set[tuple[str, str]]] = [set() for _ in graph.nodes]
    for attribute in graph.attributes:
        found[graph.index[attribute.source]].add((attribute.role, attribute.value))
    return found


def _attribute_pairs(test: Graph, gold: Graph, gold_of: Sequence[int | None]) -> Iterator[tuple[str, str]]:
    test_attributes, gold_attributes = _attributes(test), _attributes(gold)
    for i, j in enumerate(gold_of):
        own, other = test_attributes[i], gold_attributes[j] if j is not None else set()
        for role in sorted({role for role, _ in own | other}):
            pairs, test_rest, gold_rest = _paired(
                (value for r, value in own if r == role), (value for r, value in other if r == role)
            )
            yield from ((f"{role} {a}", f"{role} {b}") for a, b in pairs)
            yield from ((f"{role} {value}", NONE) for value in test_rest)
            yield from ((NONE, f"{role} {value}") for value in gold_rest)
    aligned = set(gold_of)
    for j, attributes in enumerate(gold_attributes):
        if j not in aligned:
            yield from ((NONE, f"{role} {value}") for role, value in sorted(attributes))


def label_pairs(test: Graph, gold: Graph, gold_of: Sequence[int | None]) -> dict[str, list[tuple[str, str]]]:
    """Every (test label, gold label) pair of one aligned pair, by kind (see the module
    docstring); ``gold_of[i]`` is the gold node aligned to test node i, or None."""
    return {
        "concept": list(_concept_pairs(test, gold, gold_of)),
        "role": list(_role_pairs(test, gold, gold_of)),
        "attribute": list(_attribute_pairs(test, gold, gold_of)),
    }


def corpus_confusion(aligned: Iterable[tuple[int, Graph, Graph, Sequence[int | None]]]) -> Confusion:
    """The tables pooled over ``(sentence, test, gold, gold_of)`` of every aligned pair."""
    confusion = Confusion()
    for sentence, test, gold, gold_of in aligned:
        for kind, pairs in label_pairs(test, gold, gold_of).items():
            table = confusion.table(kind)
            for test_label, gold_label in pairs:
                table.add(test_label, gold_label, sentence)
    return confusion
