"""The ancast-0.1.1 compatibility profile: each known reference
behaviour by hand, and pair-for-pair agreement with the installed reference."""

import contextlib
import io
import logging

import pytest

from bench.generate import generate
from engine.params import ANCAST, Params
from engine.read import read_entries, read_graph
from engine.scoring import score_graphs

from .conftest import DEMO, needs_tool

REFERENCE = Params.for_profile(ANCAST)
PAPER = Params()
SPEC_PAIR = (DEMO / "ancast_paper" / "spec_examples_test.amr", DEMO / "ancast_paper" / "spec_examples_gold.amr")
FIVE = ("concept", "labeled_relation", "unlabeled_relation", "weighted_relation", "mock_smatch")


def scores(test: str, gold: str, params: Params = REFERENCE) -> dict:
    _, tallies = score_graphs(read_graph(test), read_graph(gold), params)
    return {name: tally.prf() for name, tally in tallies.items()}


def spec_pair(identifier: str):
    test, gold = (next(e.graph for e in read_entries(path) if e.id == identifier) for path in SPEC_PAIR)
    return test, gold


def test_profile_defaults_are_the_reference_constants():
    assert (REFERENCE.beta, REFERENCE.max_outer, REFERENCE.max_inner) == (0.001, 5, 50)
    assert (REFERENCE.gamma, REFERENCE.alpha, REFERENCE.tolerance) == (0.1, 0.2, 1e-4)
    with pytest.raises(ValueError, match="unknown profile"):
        Params(profile="smatch")  # type: ignore[arg-type]  # an unknown profile, on purpose


def test_worked_example_gives_the_reference_numbers():
    """The AnCast poster's worked example: the reference's scores of 'She is reading my book', WLR 0.4256 (paper profile 0.4277)."""
    test, gold = spec_pair("read")
    _, tallies = score_graphs(test, gold, REFERENCE)
    got = {name: tallies[name].prf().f for name in FIVE}
    assert got == pytest.approx(
        {
            "concept": 0.5133,
            "labeled_relation": 0.4208,
            "unlabeled_relation": 0.5458,
            "weighted_relation": 0.4256,
            "mock_smatch": 0.5,
        },
        abs=1e-4,
    )


def test_relations_use_only_the_name_part_of_similarity():
    """fry: s_c of polarity/- is (0.3375 + 1) / 2, not (0.41875 + 1) / 2: LR 0.2675 (paper 0.2838)."""
    test, gold = spec_pair("fry")
    _, tallies = score_graphs(test, gold, REFERENCE)
    lr = tallies["labeled_relation"].prf()
    assert lr.p == pytest.approx(0.66875 / 3) and lr.r == pytest.approx(0.66875 / 2)
    assert lr.f == pytest.approx(0.2675, abs=1e-4)


def test_concept_f_is_f_of_precision_with_itself():
    """Test w, b; gold w: P = (1 + 0) / 2, R = 1; the reference reports F(P, P) = 0.5, not 0.6667."""
    got = scores("(w / want-01 :ARG0 (b / boy))", "(w / want-01)")
    assert (got["concept"].p, got["concept"].r, got["concept"].f) == (0.5, 0.5, 0.5)
    assert scores("(w / want-01 :ARG0 (b / boy))", "(w / want-01)", PAPER)["concept"].f == pytest.approx(2 / 3)
    # mock Smatch: test (1 identical concept + TOP) / (2 concepts + 2 triples); gold (1 + 1) / (1 + 1)
    assert got["mock_smatch"].p == 0.5 and got["mock_smatch"].r == 1.0
    # the gold side has no relation: its LR recall falls back to its concept score 1.0
    assert got["labeled_relation"].p == 0.0 and got["labeled_relation"].r == 1.0


def test_relation_scores_fall_back_to_the_concept_score():
    """boy vs boys: S = 3/4; neither has relations, so LR = ULR = WLR = 0.75 (paper: undefined)."""
    got = scores("(b / boy)", "(b / boys)")
    for name in ("concept", "labeled_relation", "unlabeled_relation", "weighted_relation"):
        assert got[name].f == pytest.approx(0.75)
    assert scores("(b / boy)", "(b / boys)", PAPER)["labeled_relation"].f is None


def test_quoted_strings_are_lowercased():
    test = '(c / city :name (n / name :op1 "Paris"))'
    gold = '(c / city :name (n / name :op1 "paris"))'
    assert scores(test, gold)["labeled_relation"].f == 1.0
    assert scores(test, gold, PAPER)["labeled_relation"].f < 1.0


def test_bare_symbols_other_than_imperative_expressive_numbers_are_dropped():
    """':mode interrogative' vanishes, so the graphs are equal; ':mode imperative' stays."""
    assert scores("(a / ask-01 :mode interrogative)", "(a / ask-01)")["labeled_relation"].f == 1.0
    assert scores("(a / ask-01 :mode imperative)", "(a / ask-01)")["labeled_relation"].f == 0.0
    assert scores("(a / ask-01 :mode interrogative)", "(a / ask-01)", PAPER)["labeled_relation"].f == 0.0


def test_mod_and_domain_are_not_unified():
    test = "(h / happy :domain (b / boy))"
    gold = "(b / boy :mod (h / happy))"
    assert scores(test, gold)["labeled_relation"].f == 0.0
    assert scores(test, gold, PAPER)["labeled_relation"].f == 1.0


def test_op_constants_are_glued_onto_the_concept():
    """name+"new" vs name+"new"+"york": S = 7/11 (paper: same lemma and equal :op1, S = 1)."""
    test, gold = '(n / name :op1 "New")', '(n / name :op1 "New" :op2 "York")'
    alignment, _ = score_graphs(read_graph(test), read_graph(gold), REFERENCE)
    assert alignment.similarity[0, 0] == pytest.approx(7 / 11)
    alignment, _ = score_graphs(read_graph(test), read_graph(gold), PAPER)
    assert alignment.similarity[0, 0] == 1.0


def test_anchors_need_the_lemma_as_a_substring_of_the_sentence():
    """'i' is inside 'This': an anchor for the reference, not for the paper (no word 'i')."""
    graph = "# ::snt This is it.\n(l / like-01 :ARG0 (i / i))"
    alignment, _ = score_graphs(read_graph(graph), read_graph(graph), REFERENCE)
    assert (1, 1) in alignment.initial
    alignment, _ = score_graphs(read_graph(graph), read_graph(graph), PAPER)
    assert (1, 1) not in alignment.initial
    without_text = "(l / like-01 :ARG0 (i / i))"
    alignment, _ = score_graphs(read_graph(without_text), read_graph(without_text), REFERENCE)
    assert alignment.initial == ()


def reference_scores(test_text: str, gold_text: str):
    """Per-pair (concept, LR, ULR, WLR, smatch-style) F and the micro LR F of the installed ancast 0.1.1."""
    from ancast.document import SentenceMatch

    match = SentenceMatch(format="amr")
    logging.disable(logging.WARNING)
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            micro = match.compute_scores(
                [b for b in test_text.split("\n\n") if b], [b for b in gold_text.split("\n\n") if b]
            )
    finally:
        logging.disable(logging.NOTSET)
    per_pair = zip(
        match.concept_scores,
        match.labeled_scores,
        match.unlabeled_scores,
        match.weighted_labeled_scores,
        match.smatch_scores,
    )
    return [tuple(map(float, row)) for row in per_pair], float(micro)


@needs_tool("ancast")
@pytest.mark.parametrize("seed, pairs, low, high", [(21, 150, 10, 40), (22, 60, 1, 8)])
def test_agrees_with_the_reference_pair_for_pair(tmp_path, seed, pairs, low, high):
    """Generated pairs (concept, sense and role changes, dropped and added nodes,
    reentrancies, :domain, :consist-of, quoted and bare constants): every score
    of every pair within 1e-4 of ancast 0.1.1, and the micro LR too."""
    from engine.read import load_pairs
    from engine.scoring import score_corpus

    test_text, gold_text = generate(pairs, low, high, seed=seed)
    (tmp_path / "t.amr").write_text(test_text)
    (tmp_path / "g.amr").write_text(gold_text)
    expected, expected_micro = reference_scores(test_text, gold_text)
    corpus = score_corpus(load_pairs(tmp_path / "t.amr", tmp_path / "g.amr").pairs, REFERENCE)
    assert len(expected) == len(corpus.pairs) == pairs
    for result, reference in zip(corpus.pairs, expected):
        ours = tuple(result.scores[name].f for name in FIVE)
        assert ours == pytest.approx(reference, abs=1e-4), f"pair {result.id}"
    assert corpus.micro["labeled_relation"].f == pytest.approx(expected_micro, abs=1e-4)


def test_a_pair_the_reference_cannot_finish_is_an_error_and_the_rest_is_scored(monkeypatch, tmp_path):
    """Where the reference's mutual-best loop would give up (here: forced at once), that pair gets
    an error naming its place and every other pair is still scored."""
    from engine.compat import alignment as compat_alignment
    from engine.scoring import score_files

    monkeypatch.setattr(compat_alignment, "MUTUAL_BEST_LIMIT", 0)
    twins = "# ::snt cats\n(a / and :op1 (x / cat) :op1 (y / cat))\n"  # x and y tie in every round
    (tmp_path / "t.amr").write_text("# ::snt a boy\n(b / boy)\n\n" + twins)
    (tmp_path / "g.amr").write_text("# ::snt a boy\n(b / boy)\n\n" + twins)
    corpus = score_files(tmp_path / "t.amr", tmp_path / "g.amr", REFERENCE)
    first, second = corpus.pairs
    assert first.error is None and first.scores["concept"].f == 1.0  # anchored, no finalisation needed
    assert second.error is not None
    assert second.error.startswith(f"{tmp_path / 't.amr'}:4: cannot be scored under the ancast-0.1.1 profile")
    assert second.tallies == {}


def test_results_do_not_depend_on_string_hashing(tmp_path):
    """Two processes with different hash seeds print the same numbers, to the last bit."""
    import os
    import subprocess
    import sys

    from .conftest import ROOT

    test_text, gold_text = generate(30, 10, 40, seed=23)
    (tmp_path / "t.amr").write_text(test_text)
    (tmp_path / "g.amr").write_text(gold_text)
    outputs = []
    for seed in ("1", "2"):
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "engine",
                "score",
                str(tmp_path / "t.amr"),
                str(tmp_path / "g.amr"),
                "--profile",
                ANCAST,
                "--format",
                "json",
                "--jobs",
                "1",
            ],
            capture_output=True,
            text=True,
            cwd=ROOT,
            env={**os.environ, "PYTHONHASHSEED": seed},
        )
        assert done.returncode == 0, done.stderr
        outputs.append(done.stdout)
    assert outputs[0] == outputs[1]
