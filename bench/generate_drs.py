"""Seeded generator of test/gold DRS pairs in clause format, for benchmarks and tests.

A gold DRS is built like a PMB document: sentences of 4-9 discourse referents,
each with a main box, a negated box now and then (``NOT``) and a presupposition
box per named entity (``PRESUPPOSITION``), the sentences' main boxes joined in
``b0`` by discourse relations (``CONTINUATION``, ``CONTRAST``, ...). Entities (x)
have a noun concept and sometimes a name or a relation to another entity,
events (e) a verb concept, ``Agent``, ``Theme``, ``Time`` and ``extra_roles`` more
roles on average, states (s) an adjective and its ``Attribute``, times (t)
``time "n.08"`` and ``TPR``/``EQU`` with ``"now"``; every referent has its ``REF``,
and a role may point back to an entity of an earlier sentence. That is about
3.5 clauses a referent (the seed's Figure 1 has 23 for 7); ``extra_roles=20``
gives about 6.5, so 120 referents give about 800 clauses.

The test partner is a perturbed copy: about ``rate`` of the clauses have their
sense, concept or role changed or are dropped, a few role clauses are added,
variables are renamed within their type and the clauses shuffled.

    python -m bench.generate_drs OUT_DIR --pairs 100 --min-referents 8 --max-referents 120
"""

from __future__ import annotations

import argparse
import itertools
import random
from collections.abc import Iterator
from pathlib import Path

NOUNS = "man woman child dog cat house city car book piano door tree river country company idea letter".split()
VERBS = "play sing see give take make read write open close build leave arrive call sell buy".split()
ADJECTIVES = ["big", "small", "old", "new", "red", "happy", "tired", "angry", "quiet", "rich"]
EXTRA_ROLES = (
    "Patient",
    "Recipient",
    "Location",
    "Instrument",
    "Manner",
    "Topic",
    "Co-Theme",
    "Source",
    "Destination",
    "Beneficiary",
    "Experiencer",
    "Stimulus",
)
ENTITY_ROLES = ("PartOf", "Owner", "User", "Of", "Sub", "Creator")
NAMES = ('"tom"', '"mary"', '"paris"', '"john"', '"oslo"')
RELATIONS = ("CONTINUATION", "NARRATION", "CONTRAST", "ELABORATION", "RESULT")

Clause = tuple[str, ...]


class _Document:
    """Numbers boxes and referents and collects the clauses of one gold DRS."""

    def __init__(self, rng: random.Random, extra_roles: float) -> None:
        self.rng, self.extra_roles = rng, extra_roles
        self.clauses: list[Clause] = []
        self.counts = {"b": 0, "x": 0, "e": 0, "s": 0, "t": 0}
        self.entities: list[str] = []

    def new(self, kind: str) -> str:
        self.counts[kind] += 1
        return f"{kind}{self.counts[kind]}"

    def entity(self, box: str) -> str:
        rng, x = self.rng, self.new("x")
        if rng.random() < 0.3:  # a named entity lives in its own presupposition box
            own = self.new("b")
            self.clauses += [
                (own, "REF", x),
                (own, "Name", x, rng.choice(NAMES)),
                (own, "PRESUPPOSITION", box),
                (own, rng.choice(NOUNS), f'"n.0{rng.randint(1, 3)}"', x),
            ]
        else:
            self.clauses += [(box, "REF", x), (box, rng.choice(NOUNS), f'"n.0{rng.randint(1, 3)}"', x)]
            if self.entities and rng.random() < 0.3:
                self.clauses.append((box, rng.choice(ENTITY_ROLES), x, rng.choice(self.entities)))
        self.entities.append(x)
        return x

    def time(self, box: str) -> str:
        t = self.new("t")
        self.clauses += [
            (box, "REF", t),
            (box, "time", '"n.08"', t),
            (box, self.rng.choice(("TPR", "EQU")), t, '"now"'),
        ]
        return t

    def participant(self, local: list[str]) -> str:
        pool = local if local and (self.rng.random() < 0.7 or len(self.entities) == len(local)) else self.entities
        return self.rng.choice(pool)

    def event(self, box: str, local: list[str], time: str) -> None:
        rng, e = self.rng, self.new("e")
        self.clauses += [
            (box, "REF", e),
            (box, rng.choice(VERBS), f'"v.0{rng.randint(1, 3)}"', e),
            (box, "Agent", e, self.participant(local)),
            (box, "Time", e, time),
        ]
        if rng.random() < 0.8:
            self.clauses.append((box, "Theme", e, self.participant(local)))
        extra = int(self.extra_roles) + (rng.random() < self.extra_roles % 1)
        roles = rng.sample(EXTRA_ROLES, min(extra, len(EXTRA_ROLES)))
        roles += rng.choices(EXTRA_ROLES, k=extra - len(roles))  # a dense DRS repeats roles
        for role in roles:
            self.clauses.append((box, role, e, self.participant(local)))

    def state(self, box: str, local: list[str], time: str) -> None:
        rng, s = self.rng, self.new("s")
        self.clauses += [
            (box, "REF", s),
            (box, rng.choice(ADJECTIVES), f'"a.0{rng.randint(1, 2)}"', s),
            (box, "Attribute", s, self.participant(local)),
            (box, "Time", s, time),
        ]

    def sentence(self, referents: int) -> str:
        """Clauses of one sentence with about ``referents`` referents; returns its main box."""
        rng, main = self.rng, self.new("b")
        scope = main
        if rng.random() < 0.25:
            scope = self.new("b")
            self.clauses.append((main, "NOT", scope))
        time = self.time(scope)
        kinds = rng.choices("xxxes", k=max(referents - 1, 1))
        kinds[0] = "x"  # every sentence has an entity for its events to take
        local = [self.entity(main) for kind in kinds if kind == "x"]
        for kind in kinds:
            if kind == "e":
                self.event(scope, local, time)
            elif kind == "s":
                self.state(scope, local, time)
        return main


def gold_clauses(rng: random.Random, referents: int, extra_roles: float = 1.0) -> list[Clause]:
    """The clauses of one generated gold DRS with about ``referents`` discourse referents."""
    document = _Document(rng, extra_roles)
    document.new("b")  # b1 holds the discourse relations, renamed b0 below
    mains: list[str] = []
    left = referents
    while left > 0:
        size = min(left, rng.randint(4, 9))
        mains.append(document.sentence(size))
        left -= size
    for first, second in itertools.pairwise(mains):
        document.clauses.append(("b1", rng.choice(RELATIONS), first, second))
    rename = {"b1": "b0"}
    return [tuple(rename.get(token, token) for token in clause) for clause in document.clauses]


def perturbed(rng: random.Random, clauses: list[Clause], rate: float = 0.1) -> list[Clause]:
    """A test partner: about ``rate`` of the clauses changed or dropped, some added, variables renamed."""
    result: list[Clause] = []
    for clause in clauses:
        roll = rng.random()
        if roll < rate / 3 and len(clause) == 4 and clause[2].startswith('"') and "." in clause[2]:
            sense = f'"{clause[2][1]}.0{rng.randint(1, 3)}"'
            clause = (clause[0], rng.choice(NOUNS + VERBS) if rng.random() < 0.5 else clause[1], sense, clause[3])
        elif roll < 2 * rate / 3 and clause[1] in EXTRA_ROLES + ("Agent", "Theme"):
            clause = (clause[0], rng.choice(EXTRA_ROLES)) + clause[2:]
        elif roll < rate and clause[1] != "REF":
            continue
        result.append(clause)
    variables = sorted({token for clause in result for token in (clause[0], *clause[2:]) if not token.startswith('"')})
    boxes = [v for v in variables if v.startswith("b")]
    referents = [v for v in variables if not v.startswith("b")] or ["x1"]
    for _ in range(max(1, int(len(result) * rate / 3))):
        result.append((rng.choice(boxes), rng.choice(EXTRA_ROLES), rng.choice(referents), rng.choice(referents)))
    renaming = {}
    for kind in "bxest":
        members = [v for v in variables if v[0] == kind]
        for old, new in zip(members, rng.sample(range(1, 3 * len(members) + 2), len(members))):
            renaming[old] = f"{kind}{new}"
    rng.shuffle(result)
    return [tuple(renaming.get(token, token) for token in clause) for clause in result]


def clause_text(identifier: str, clauses: list[Clause]) -> str:
    """A DRS in clause format with an id header and a pseudo-sentence of its concepts."""
    words = [clause[1] for clause in clauses if len(clause) == 4 and clause[2].startswith('"') and "." in clause[2]]
    return f"%%% id: {identifier}\n%%% {' '.join(words[:40])} .\n" + "\n".join(" ".join(c) for c in clauses) + "\n"


def generate_pairs(
    count: int, min_referents: int, max_referents: int, seed: int = 1, rate: float = 0.1, extra_roles: float = 1.0
) -> Iterator[tuple[str, str]]:
    """``count`` (test, gold) DRS texts with referent counts spread evenly over the range."""
    rng = random.Random(seed)
    step = (max_referents - min_referents) / max(count - 1, 1)
    for index in range(count):
        gold = gold_clauses(rng, round(min_referents + index * step), extra_roles)
        yield clause_text(f"g{index}", perturbed(rng, gold, rate)), clause_text(f"g{index}", gold)


def write_drs_corpus(
    folder: Path,
    count: int,
    min_referents: int,
    max_referents: int,
    seed: int = 1,
    rate: float = 0.1,
    extra_roles: float = 1.0,
) -> tuple[Path, Path]:
    """Write ``test.clf`` and ``gold.clf`` into ``folder`` and return their paths."""
    folder.mkdir(parents=True, exist_ok=True)
    pairs = list(generate_pairs(count, min_referents, max_referents, seed, rate, extra_roles))
    test, gold = folder / "test.clf", folder / "gold.clf"
    test.write_text("\n".join(t for t, _ in pairs), encoding="utf-8")
    gold.write_text("\n".join(g for _, g in pairs), encoding="utf-8")
    return test, gold


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--pairs", type=int, default=100)
    parser.add_argument("--min-referents", type=int, default=8)
    parser.add_argument("--max-referents", type=int, default=120)
    parser.add_argument("--extra-roles", type=float, default=1.0, help="roles per event beyond Agent, Theme, Time")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(
        *write_drs_corpus(
            args.folder, args.pairs, args.min_referents, args.max_referents, args.seed, extra_roles=args.extra_roles
        )
    )


if __name__ == "__main__":
    main()
