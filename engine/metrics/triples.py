"""Mismatched triples: every relation of a pair put in one category, the basis
of the GUI's triples table, under the alignment (AnCast paper §2.3), with the aligned partner
of each end and, for a relation that does not match, why in words; and the graphs' tops
compared as Smatch compares them (:func:`top_match`)."""

from __future__ import annotations

from dataclasses import dataclass

from ..align.alignment import Alignment
from ..enums import WordEnum
from ..model import Child, Graph, Node
from .ancast import mirrors, partners

__all__ = [
    "RELATION_CATEGORIES",
    "TOP_ROLE",
    "Category",
    "Partners",
    "Triple",
    "TripleMatch",
    "classify_triples",
    "top_match",
]


class Category(WordEnum):
    """How a relation of one graph compares with the other graph's; the values are the words shown."""

    MATCHED = "matched"
    LABEL_DIFFERS = "label differs"
    CONCEPT_DIFFERS = "concept differs"
    ONLY_IN_TEST = "only in test"
    ONLY_IN_GOLD = "only in gold"
    TOP_DIFFERS = "top differs"  # only from top_match: the tops are not aligned to each other


RELATION_CATEGORIES: tuple[Category, ...] = tuple(
    category for category in Category if category is not Category.TOP_DIFFERS
)  # classify_triples' rows
TOP_ROLE = "TOP"  # the role of a graph's top as a triple (Smatch's TOP(root, top)); no ":" - no relation has it


@dataclass(frozen=True)
class Triple:
    """A relation as shown to a person: variables, role, and what they stand for."""

    source: str
    role: str
    target: str
    source_concept: str
    target_concept: str | None  # None when the target is a constant

    @property
    def is_top(self) -> bool:
        """Whether this is a graph's top (:func:`top_match`) rather than a relation."""
        return self.role == TOP_ROLE

    def __str__(self) -> str:
        if self.is_top:
            return f"top: {self.source}/{self.source_concept}"
        target = self.target if self.target_concept is None else f"{self.target}/{self.target_concept}"
        return f"({self.source}/{self.source_concept} {self.role} {target})"


# the other graph's nodes aligned to a triple's source and target (None: unaligned, or a constant target)
Partners = tuple[Node | None, Node | None]
NO_PARTNERS: Partners = (None, None)


@dataclass(frozen=True)
class TripleMatch:
    """One row of the table. ``test_partners`` are the gold nodes aligned to the test
    triple's ends, ``gold_partners`` the test nodes aligned to the gold triple's ends;
    ``why`` says in words why the row is not matched ("" when it is), and ``look_alike``
    is an unmatched triple of the other graph with the same role and concepts, the one
    a reader takes for this row's counterpart (None when there is none)."""

    category: Category
    test: Triple | None
    gold: Triple | None
    similarity: float  # s_c of the parent-child pair (eq. 17), 0 without a mirror
    test_partners: Partners = NO_PARTNERS
    gold_partners: Partners = NO_PARTNERS
    why: str = ""
    look_alike: Triple | None = None


Key = tuple[int, Child]


@dataclass(frozen=True)
class _Side:
    """One graph of the pair seen from its own side: its name, the other's, the alignment from it
    to the other (index -> index) and back, and the other graph's constants by (owner, role)."""

    name: str
    other_name: str
    graph: Graph
    other: Graph
    partner_of: dict[int, int]
    back_of: dict[int, int]
    other_constants: dict[tuple[int, str], list[str]]

    @classmethod
    def of(cls, name: str, other_name: str, graph: Graph, other: Graph, partner_of: dict[int, int]) -> _Side:
        constants: dict[tuple[int, str], list[str]] = {}
        for (owner, child), labels in other.relation_groups.items():
            if not isinstance(child, int):
                for role in labels:
                    constants.setdefault((owner, role), []).append(child[1])
        back_of = {j: i for i, j in partner_of.items()}
        return cls(name, other_name, graph, other, partner_of, back_of, constants)

    def var(self, index: int) -> str:
        return self.graph.nodes[index].var

    def other_var(self, index: int) -> str:
        return self.other.nodes[index].var

    def partners(self, key: Key) -> Partners:
        parent, child = key
        source = self.partner_of.get(parent)
        target = self.partner_of.get(child) if isinstance(child, int) else None
        return (
            self.other.nodes[source] if source is not None else None,
            self.other.nodes[target] if target is not None else None,
        )


def _triple(graph: Graph, key: Key | None, role: str) -> Triple:
    assert key is not None
    parent, child = key
    source = graph.nodes[parent]
    if isinstance(child, int):
        target = graph.nodes[child]
        return Triple(source.var, role, target.var, source.concept, target.concept)
    return Triple(source.var, role, child[1], source.concept, None)


def _same_concepts(test: Graph, gold: Graph, key, counterpart) -> bool:
    (v1, v2), (w1, w2) = key, counterpart
    if test.nodes[v1].concept != gold.nodes[w1].concept:
        return False
    return not isinstance(v2, int) or test.nodes[v2].concept == gold.nodes[w2].concept


def _names(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _cause(side: _Side, key: Key, role: str) -> str:
    """Why a relation of ``side`` has no counterpart with its role in the other graph."""
    parent, child = key
    ends = [parent] + ([child] if isinstance(child, int) else [])
    unaligned = [side.var(end) for end in ends if end not in side.partner_of]
    if unaligned:
        verb = "has" if len(unaligned) == 1 else "have"
        return f"{side.name} {_names(unaligned)} {verb} no partner in {side.other_name}"
    source = side.other_var(side.partner_of[parent])
    if not isinstance(child, int):
        values = sorted(side.other_constants.get((side.partner_of[parent], role), []))
        if values:
            return f"{side.other_name} {source} has {role} {' '.join(values)}, not {child[1]}"
        return f"{side.other_name} {source} has no constant {child[1]}"
    target = side.other_var(side.partner_of[child])
    labels = side.other.relation_groups.get((side.partner_of[parent], side.partner_of[child]))
    if not labels:
        other = side.other_name
        return f"its ends are aligned to {other} {source} and {target}, which {other} does not relate"
    roles = " ".join(sorted(labels))
    return f"{side.other_name} relates {source} and {target} by fewer roles ({roles}), none of them {role}"


def _end_difference(side: _Side, own: int, theirs: int) -> str | None:
    """How an end of a relation and the matching end of its look-alike fail to be partners (None: they are)."""
    partner = side.partner_of.get(own)
    if partner == theirs:
        return None
    them = side.other_var(theirs)
    back = side.back_of.get(theirs)
    their_state = (
        f"{side.other_name} {them} is aligned to {side.name} {side.var(back)}"
        if back is not None
        else f"{side.other_name} {them} has no partner in {side.name}"
    )
    if partner is None:
        return their_state + ("" if back is not None else " either")
    elsewhere = f"{side.other_name} {side.other_var(partner)}"
    return f"{side.name} {side.var(own)} is aligned to {elsewhere}, not to {them} ({their_state})"


def _look_alike_clause(side: _Side, key: Key, alike: Triple, alike_key: Key) -> str:
    parts = [_end_difference(side, key[0], alike_key[0])]
    if isinstance(key[1], int) and isinstance(alike_key[1], int):
        parts.append(_end_difference(side, key[1], alike_key[1]))
    differences = [part for part in parts if part]
    return f"it looks like {side.other_name} {alike}" + (", but " + "; ".join(differences) if differences else "")


def _looks(triple: Triple) -> tuple[str, str, str | None, str | None]:
    """What a reader compares: the role, the concepts, and a constant's value."""
    value = triple.target if triple.target_concept is None else None
    return triple.role, triple.source_concept, triple.target_concept, value


Candidates = dict[tuple, list[tuple[Triple, Key]]]  # by _looks


def _candidates(entries: list[tuple[Triple, Key]]) -> Candidates:
    found: Candidates = {}
    for triple, key in entries:
        found.setdefault(_looks(triple), []).append((triple, key))
    return found


def _find_look_alike(
    side: _Side, key: Key, own: Triple, candidates: Candidates, besides: Triple | None = None
) -> tuple[Triple, Key] | None:
    """The unmatched relation of the other graph (not ``besides``) a reader takes for ``own``'s
    counterpart: same role and concepts; one whose ends are the partners of ``own``'s first,
    then one with the same variable names, then the first."""
    alike = [entry for entry in candidates.get(_looks(own), []) if entry[0] is not besides]
    if not alike:
        return None
    partners = side.partners(key)

    def rank(entry: tuple[Triple, Key]) -> tuple[int, int]:
        triple, _ = entry
        ends = (triple.source, triple.target)
        shared = sum(partner is not None and partner.var == var for partner, var in zip(partners, ends))
        return -shared, 0 if (triple.source, triple.target) == (own.source, own.target) else 1

    return min(alike, key=rank)


def _with_look_alike(
    why: str, side: _Side, key: Key, own: Triple, candidates: Candidates, besides: Triple | None = None
) -> tuple[str, Triple | None]:
    found = _find_look_alike(side, key, own, candidates, besides)
    if found is None:
        return why, None
    return f"{why}; {_look_alike_clause(side, key, *found)}", found[0]


def _why_concepts(test: Triple, gold: Triple) -> str:
    ends = [(test.source, test.source_concept, gold.source, gold.source_concept)]
    if test.target_concept is not None and gold.target_concept is not None:
        ends.append((test.target, test.target_concept, gold.target, gold.target_concept))
    pairs = ", ".join(f"test {tv}/{tc} vs gold {gv}/{gc}" for tv, tc, gv, gc in ends if tc != gc)
    return f"partners with other concepts: {pairs}"


def _why_test_row(category: Category, side: _Side, key: Key, test: Triple, gold: Triple | None) -> str:
    """Why a row with a test relation does not match, before any look-alike is named."""
    if category is Category.ONLY_IN_TEST:
        return _cause(side, key, test.role)
    assert gold is not None
    if category is Category.CONCEPT_DIFFERS:
        return _why_concepts(test, gold)
    return f"same aligned ends, role {test.role} in test vs {gold.role} in gold"


def classify_triples(alignment: Alignment, test: Graph, gold: Graph) -> list[TripleMatch]:
    """Each test and gold relation in exactly one category.

    A test parent-child pair with a mirror in gold (both ends aligned, the gold
    pair related): shared labels are *matched* (same concepts at both ends) or
    *concept differs*; the remaining labels pair up, in sorted order, as *label
    differs*; labels left over are *only in test* / *only in gold*. Gold pairs
    that mirror no test pair are *only in gold*.

    Every row names the partners of its ends; an unmatched row says why: an end with no
    partner, ends aligned to nodes the other graph does not relate (or relates by fewer
    roles), a missing constant; and, when the other graph has an unmatched relation that
    looks the same (same role and concepts), which of its ends are aligned elsewhere and to what.
    """
    found = mirrors(test, partners(alignment), gold)
    test_side = _Side.of("test", "gold", test, gold, alignment.gold_map)
    gold_side = _Side.of("gold", "test", gold, test, alignment.test_of)
    rows: list[tuple[Category, Key | None, Key | None, str | None, str | None, float]] = []
    covered: set = set()
    for (key, labels), (counterpart, shared, gold_labels) in zip(test.relation_groups.items(), found):
        if gold_labels:
            covered.add(counterpart)
        same = gold_labels and _same_concepts(test, gold, key, counterpart)
        for role in sorted(labels & gold_labels):
            rows.append((Category.MATCHED if same else Category.CONCEPT_DIFFERS, key, counterpart, role, role, shared))
        test_rest, gold_rest = sorted(labels - gold_labels), sorted(gold_labels - labels)
        for test_role, gold_role in zip(test_rest, gold_rest):
            rows.append((Category.LABEL_DIFFERS, key, counterpart, test_role, gold_role, shared))
        for role in test_rest[len(gold_rest) :]:
            rows.append((Category.ONLY_IN_TEST, key, None, role, None, 0.0))
        for role in gold_rest[len(test_rest) :]:
            rows.append((Category.ONLY_IN_GOLD, None, counterpart, None, role, 0.0))
    for key, labels in gold.relation_groups.items():
        if key not in covered:
            rows.extend((Category.ONLY_IN_GOLD, None, key, None, role, 0.0) for role in sorted(labels))
    triples = [
        (
            _triple(test, test_key, test_role) if test_key is not None and test_role is not None else None,
            _triple(gold, gold_key, gold_role) if gold_key is not None and gold_role is not None else None,
        )
        for _, test_key, gold_key, test_role, gold_role, _ in rows
    ]
    # what an unmatched relation may be taken for: the other graph's relations in unmatched rows
    unmatched = [(row, pair) for row, pair in zip(rows, triples) if row[0] is not Category.MATCHED]
    test_pool = _candidates([(t, row[1]) for row, (t, _) in unmatched if t is not None and row[1] is not None])
    gold_pool = _candidates([(g, row[2]) for row, (_, g) in unmatched if g is not None and row[2] is not None])
    matches = []
    for (category, test_key, gold_key, _, _, shared), (test_triple, gold_triple) in zip(rows, triples):
        why, alike = "", None
        if category is Category.ONLY_IN_GOLD:
            assert gold_key is not None and gold_triple is not None
            why = _cause(gold_side, gold_key, gold_triple.role)
            why, alike = _with_look_alike(why, gold_side, gold_key, gold_triple, test_pool)
        elif category is not Category.MATCHED:
            assert test_key is not None and test_triple is not None
            why = _why_test_row(category, test_side, test_key, test_triple, gold_triple)
            why, alike = _with_look_alike(why, test_side, test_key, test_triple, gold_pool, besides=gold_triple)
        matches.append(
            TripleMatch(
                category,
                test_triple,
                gold_triple,
                shared,
                test_side.partners(test_key) if test_key is not None else NO_PARTNERS,
                gold_side.partners(gold_key) if gold_key is not None else NO_PARTNERS,
                why,
                alike,
            )
        )
    return matches


def _top(graph: Graph) -> Triple:
    node = graph.nodes[graph.index[graph.top]]
    return Triple(node.var, TOP_ROLE, "", node.concept, None)


def top_match(alignment: Alignment, test: Graph, gold: Graph) -> TripleMatch:
    """The tops of a pair as one row: *matched* when the test top is aligned to the gold top,
    else *top differs*: the root match ``<TOP TOP var>`` of Smatch as the AnCast paper's mock
    Smatch score counts it (§2.3.1, part (i)), which holds only when the roots are aligned to
    each other. A differing concept of aligned tops is not this row's
    business (the rows of their relations say it).

    >>> from engine.read import read_graph
    >>> from engine.align import align
    >>> test, gold = read_graph("(h / heavy :domain (i / it))"), read_graph("(h / have-degree-91 :ARG2 (h2 / heavy))")
    >>> row = top_match(align(test, gold), test, gold)
    >>> row.category.value, str(row.test), str(row.gold)
    ('top differs', 'top: h/heavy', 'top: h/have-degree-91')
    >>> row.why
    'test top h is aligned to gold h2; the gold top is h'
    """
    test_top, gold_top = test.index[test.top], gold.index[gold.top]
    partner = alignment.gold_map.get(test_top)
    gold_partner = alignment.test_of.get(gold_top)
    partners: Partners = (gold.nodes[partner] if partner is not None else None, None)
    gold_partners: Partners = (test.nodes[gold_partner] if gold_partner is not None else None, None)
    if partner == gold_top:
        return TripleMatch(Category.MATCHED, _top(test), _top(gold), 1.0, partners, gold_partners)
    where = f"is aligned to gold {gold.nodes[partner].var}" if partner is not None else "has no partner in gold"
    why = f"test top {test.top} {where}; the gold top is {gold.top}"
    return TripleMatch(Category.TOP_DIFFERS, _top(test), _top(gold), 0.0, partners, gold_partners, why)
