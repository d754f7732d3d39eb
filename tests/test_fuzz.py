"""A standing fuzz test: real PENMAN and UMR files, mutated - brackets, slashes, colons,
quotes, tildes, NUL bytes, newlines, blank lines, duplicated tokens, deep nesting - are read and
scored, and every outcome is scores or a clean InputError that names its file and line."""

import math
from pathlib import Path

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from engine.errors import InputError
from engine.params import Params
from engine.read import load_pairs
from engine.scoring import score_corpus

from .conftest import DEMO

SOURCES = (
    DEMO / "metamorphosed" / "comptest_sys.txt",
    DEMO / "smatch" / "test_input1.txt",
    DEMO / "ancast_paper" / "spec_examples_test.amr",
    DEMO / "umr" / "lindsay_v1.umr",
    DEMO / "ancast_samples" / "umr_test.txt",
)
CHARACTERS = ["(", ")", "/", ":", '"', "~", "\x00", "\n", "\n\n", "  \n", "#", " ", "-of", "::id x"]
FILE_LEVEL = ("no graphs found", "no UMR sentence blocks")  # problems of a whole file, which has no line to name


@st.composite
def mutations(draw):
    """(kind, where in the text as a fraction, what) of one edit."""
    kind = draw(st.sampled_from(["insert", "delete", "duplicate", "nest", "cut-line"]))
    return kind, draw(st.floats(0, 1)), draw(st.sampled_from(CHARACTERS)), draw(st.integers(1, 1500))


def mutate(text: str, edits) -> str:
    for kind, where, character, size in edits:
        at = int(where * len(text))
        if kind == "insert":
            text = text[:at] + character + text[at:]
        elif kind == "delete":
            text = text[:at] + text[at + size % 7 + 1 :]
        elif kind == "duplicate":
            text = text[:at] + text[at : at + size % 20] + text[at:]
        elif kind == "nest":  # a deep chain of nested nodes, closed or not
            chain = "".join(f" :ARG0 (z{k} / deep" for k in range(size))
            text = text[:at] + chain + ")" * (size if size % 2 else size - 1) + text[at:]
        else:
            start = text.rfind("\n", 0, at) + 1
            end = text.find("\n", at)
            text = text[:start] + (text[end + 1 :] if end >= 0 else "")
    return text


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(source=st.sampled_from(SOURCES), edits=st.lists(mutations(), min_size=1, max_size=4), swap=st.booleans())
def test_mutated_files_give_scores_or_clean_errors(tmp_path_factory, source, edits, swap):
    mutated = tmp_path_factory.mktemp("fuzz") / source.name
    mutated.write_bytes(mutate(source.read_text(encoding="utf-8"), edits).encode("utf-8"))
    test, gold = (source, mutated) if swap else (mutated, source)
    try:
        loaded = load_pairs(test, gold)
    except InputError as error:
        assert error.file in (str(test), str(gold))
        assert error.line is not None or any(words in error.message for words in FILE_LEVEL), str(error)
        event("the file cannot be used")
        return
    corpus = score_corpus(loaded.pairs, Params(), documents=loaded.documents)
    assert len(corpus.pairs) == len(loaded.pairs)
    event("pairs scored" if not corpus.errors else "some pairs are errors")
    for result in corpus.pairs:
        for problem in result.problems:
            assert isinstance(problem, InputError) and problem.line is not None, str(problem)
            assert Path(problem.file) in (test, gold)
        if not result.problems:
            for score in result.scores.values():
                assert all(v is None or (math.isfinite(v) and 0 <= v <= 1 + 1e-9) for v in (score.p, score.r, score.f))
