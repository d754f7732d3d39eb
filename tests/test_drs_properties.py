"""Invariants of Counter and DScorer on random DRSs, and a fuzz test of the clause reader."""

import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from bench.generate_drs import generate_pairs
from engine.drs import DScorerSettings, counter_score, dscorer_counts, dscorer_score, pair_drs, parse_drs_text
from engine.errors import InputError

PROFILES = (DScorerSettings("paper"), DScorerSettings("reference"), DScorerSettings("paper", n=2))


def drs_pair(seed: int, referents: int):
    test_text, gold_text = next(generate_pairs(1, referents, referents, seed=seed, rate=0.25))
    [test], [gold] = parse_drs_text("test.clf", test_text), parse_drs_text("gold.clf", gold_text)
    assert test.ok and gold.ok
    return test, gold


def renamed(clauses_text: str, seed: int) -> str:
    """The same DRS with its variables renamed within their type letter (b, x, e, s, t)."""
    rng = random.Random(seed)
    names = sorted(set(re.findall(r"(?<![\"\w])([bxest])(\d+)\b", clauses_text)))
    mapping = {}
    for letter in "bxest":
        numbers = [number for initial, number in names if initial == letter]
        for old, new in zip(numbers, rng.sample(range(100, 100 + 3 * len(numbers) + 1), len(numbers))):
            mapping[letter + old] = f"{letter}{new}"
    return re.sub(r"(?<![\"\w])[bxest]\d+\b", lambda m: mapping[m[0]], clauses_text)


def all_scores(test, gold):
    counter = counter_score(test.clauses, gold.clauses).tally.prf()
    scores = [counter.p, counter.r, counter.f]
    for profile in PROFILES:
        total = dscorer_score(dscorer_counts(test.clauses, gold.clauses, profile), profile).total
        scores += [total.p, total.r, total.f]
    return scores


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 100_000), st.integers(1, 12))
def test_a_drs_against_itself_scores_one(seed, referents):
    _, gold = drs_pair(seed, referents)
    assert all(score == 1.0 for score in all_scores(gold, gold))


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 100_000), st.integers(1, 12), st.integers(0, 1000))
def test_renaming_variables_changes_nothing(seed, referents, renaming):
    test, gold = drs_pair(seed, referents)
    clause_lines = "\n".join(clause.text() for clause in test.clauses)
    [test_renamed] = parse_drs_text("renamed.clf", renamed(clause_lines, renaming))
    assert all_scores(test_renamed, gold) == all_scores(test, gold)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 100_000), st.integers(1, 12))
def test_scores_lie_in_0_1_and_do_not_change_between_runs(seed, referents):
    test, gold = drs_pair(seed, referents)
    first = all_scores(test, gold)
    assert all(0.0 <= score <= 1.0 for score in first)
    assert all_scores(test, gold) == first


MUTATIONS = (
    "delete character",
    "insert quote",
    "insert space",
    "drop token",
    "duplicate token",
    "blank line",
    "insert percent",
)


def mutate(text: str, rng: random.Random, count: int) -> str:
    for _ in range(count):
        lines = text.split("\n")
        row = rng.randrange(len(lines))
        line = lines[row]
        kind = rng.choice(MUTATIONS)
        position = rng.randint(0, len(line))
        if kind == "delete character" and line:
            line = line[: position - 1] + line[position:] if position else line[1:]
        elif kind in ("insert quote", "insert space", "insert percent"):
            line = (
                line[:position]
                + {"insert quote": '"', "insert space": " ", "insert percent": "%"}[kind]
                + line[position:]
            )
        elif kind in ("drop token", "duplicate token") and line.split():
            tokens = line.split()
            index = rng.randrange(len(tokens))
            tokens[index : index + 1] = [] if kind == "drop token" else [tokens[index]] * 2
            line = " ".join(tokens)
        elif kind == "blank line":
            line = line[:position] + "\n" + line[position:]
        lines[row] = line
        text = "\n".join(lines)
    return text


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 100_000), st.integers(1, 6))
def test_mutated_clause_files_give_scores_or_errors_with_a_line(seed, mutations):
    rng = random.Random(seed)
    pairs = list(generate_pairs(3, 2, 6, seed=seed))
    test_text, gold_text = "\n".join(t for t, _ in pairs), "\n".join(g for _, g in pairs)
    broken = mutate(test_text, rng, mutations)
    test_entries = parse_drs_text("broken.clf", broken)
    gold_entries = parse_drs_text("gold.clf", gold_text)
    line_count = broken.count("\n") + 1
    for entry in test_entries:
        if entry.error is not None:
            assert isinstance(entry.error, InputError)
            assert entry.error.line is not None
            assert entry.error.file == "broken.clf" and 1 <= entry.error.line <= line_count
            assert str(entry.error).startswith(f"broken.clf:{entry.error.line}: ")
    try:
        pairs = pair_drs(test_entries, gold_entries, "broken.clf", "gold.clf")
    except InputError as error:
        assert "DRSs are paired by position" in str(error)
        return
    for test, gold in pairs:
        if test.ok:
            assert all(0.0 <= score <= 1.0 for score in all_scores(test, gold))
