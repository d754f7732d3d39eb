"""Seeded generator of test/gold AMR pairs for benchmarks and comparison tests.

Each gold graph is a random tree over concepts from a small vocabulary, with
reentrancies and constant attributes; its test partner is a perturbed copy
(concept, sense and role changes, dropped and added nodes). Every graph gets
an ``# ::id`` and an ``# ::snt`` line built from its concepts' lemmas.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

import penman

LEMMAS = (
    "want go say make see give know think take come look use find tell ask work seem feel try leave call "
    "boy girl man woman child city country house book paper car dog cat tree river road school company "
    "government plan idea story problem question money water food time year day week hour market price "
    "big small new old good bad long high young important different early late strong clear possible"
).split()
ABSTRACT = ["person", "thing", "and", "name", "date-entity", "have-org-role-91", "organization"]
ROLES = [
    ":ARG0",
    ":ARG1",
    ":ARG2",
    ":mod",
    ":location",
    ":time",
    ":manner",
    ":purpose",
    ":poss",
    ":op1",
    ":op2",
    ":domain",
    ":consist-of",
]
ATTRIBUTES = [
    (":polarity", "-"),
    (":quant", "2"),
    (":quant", "5"),
    (":mode", "imperative"),
    (":op1", '"Boston"'),
    (":month", "7"),
    (":mode", "interrogative"),
    (":op2", '"York"'),
    (":wiki", '"Q60"'),
    (":polite", "+"),
]


def random_concept(rng: random.Random) -> str:
    if rng.random() < 0.12:
        return rng.choice(ABSTRACT)
    lemma = rng.choice(LEMMAS)
    return f"{lemma}-0{rng.randint(1, 3)}" if rng.random() < 0.5 else lemma


def random_graph(rng: random.Random, size: int) -> list[tuple[str, str, str]]:
    """Triples of a connected graph with ``size`` variable nodes."""
    triples = [(f"v{i}", ":instance", random_concept(rng)) for i in range(size)]
    for child in range(1, size):
        triples.append((f"v{rng.randrange(child)}", rng.choice(ROLES), f"v{child}"))
    for _ in range(size // 8):
        source, target = rng.randrange(size), rng.randrange(1, size)
        if source != target:
            triples.append((f"v{source}", rng.choice(ROLES), f"v{target}"))
    for _ in range(size // 5):
        role, value = rng.choice(ATTRIBUTES)
        triples.append((f"v{rng.randrange(size)}", role, value))
    return triples


def perturb(rng: random.Random, triples: list[tuple[str, str, str]], rate: float) -> list[tuple[str, str, str]]:
    """A copy with changed concepts, senses and roles, one leaf dropped and a node added."""
    out = []
    for source, role, target in triples:
        if role == ":instance" and rng.random() < rate:
            lemma, _, sense = target.rpartition("-")
            target = f"{lemma}-0{rng.randint(1, 3)}" if sense.isdigit() and rng.random() < 0.5 else random_concept(rng)
        elif role != ":instance" and target.startswith("v") and rng.random() < rate:
            role = rng.choice(ROLES)
        out.append((source, role, target))
    variables = [s for s, r, _ in out if r == ":instance"]
    parents = {s for s, r, t in out if r != ":instance" and t in variables}
    leaves = [v for v in variables[1:] if v not in parents]
    if leaves and rng.random() < 0.5:
        gone = rng.choice(leaves)
        out = [t for t in out if gone not in (t[0], t[2])]
        variables.remove(gone)
    if rng.random() < 0.5:
        new = f"v{len(triples) + 1}"
        out += [(new, ":instance", random_concept(rng)), (rng.choice(variables), rng.choice(ROLES), new)]
    return out


def sentence(triples: list[tuple[str, str, str]]) -> str:
    words = [
        target.rpartition("-")[0] if target[-1].isdigit() and "-" in target else target
        for _, role, target in triples
        if role == ":instance" and target not in ABSTRACT
    ]
    return " ".join(words).capitalize() + "."


def block(identifier: str, triples: list[tuple[str, str, str]], text: str) -> str:
    graph = penman.Graph(triples, top="v0")
    return f"# ::id {identifier}\n# ::snt {text}\n{penman.encode(graph)}\n"


def generate(pairs: int, low: int, high: int, seed: int, rate: float = 0.15) -> tuple[str, str]:
    """(test file text, gold file text) of ``pairs`` pairs of ``low``-``high`` node gold graphs."""
    rng = random.Random(seed)
    tests, golds = [], []
    for k in range(pairs):
        gold = random_graph(rng, rng.randint(low, high))
        test = perturb(rng, gold, rate)
        text = sentence(gold)
        golds.append(block(f"gen-{k}", gold, text))
        tests.append(block(f"gen-{k}", test, text))
    return "\n".join(tests), "\n".join(golds)


def write_corpus(directory: Path, pairs: int, low: int, high: int, seed: int) -> tuple[Path, Path]:
    directory.mkdir(parents=True, exist_ok=True)
    test_text, gold_text = generate(pairs, low, high, seed)
    test_path, gold_path = directory / "test.amr", directory / "gold.amr"
    test_path.write_text(test_text, encoding="utf-8")
    gold_path.write_text(gold_text, encoding="utf-8")
    return test_path, gold_path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory", type=Path)
    parser.add_argument("--pairs", type=int, default=200)
    parser.add_argument("--min-nodes", type=int, default=15)
    parser.add_argument("--max-nodes", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for path in write_corpus(args.directory, args.pairs, args.min_nodes, args.max_nodes, args.seed):
        print(path)


if __name__ == "__main__":
    main()
