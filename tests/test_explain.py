"""The round captions (engine, no Qt): a short headline per step and the full list behind it."""

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.align.alignment import align
from engine.align.explain import Caption, captions, count, join
from engine.params import ANCAST, Params
from engine.read import read_graph

from .conftest import READ_GOLD, READ_TEST


def test_captions_tell_the_spec_story():
    test, gold = read_graph(READ_TEST), read_graph(READ_GOLD)
    initial, first, second = captions(test, gold, align(test, gold, trace=True))
    assert initial.headline == (
        "Initial anchors: 1 pair (same lemma, unique in both graphs and concrete, or the same token span); "
        "1 same-lemma pair left out (the sentence does not mention it)."
    )
    assert initial.details == ("read-01–read-03: initial anchor", "i–i: left out (the sentence does not mention it)")
    # he-she, book-paper, i-i are mutual maxima; house ties at 0.082 (the worked example) and :location breaks the tie
    assert first.headline == (
        "Round 1 (14 broadcast iterations): 4 new anchors: 3 unique mutual maxima and "
        "1 tie broken by shared relation labels (:location)."
    )
    assert [line.split(":")[0] for line in first.details] == ["he–she", "book–paper", "i–i", "house–home"]
    assert first.details[-1] == (
        "house–home: house ties with home, she and paper at 0.082 and the shared :location label makes house–home an anchor"
    )
    assert second == Caption("Round 2 (8 broadcast iterations): no new mutual best match, so the loop stops.")


def test_several_pairs_left_out_are_them():
    """ "2 same-lemma pairs left out (the sentence does not mention them)", not "it"."""
    text = "# ::snt The boy slept.\n(s / sleep-01 :ARG0 (b / boy) :time (w / when) :mod (t / thing))"
    test, gold = read_graph(text), read_graph(text)
    initial = captions(test, gold, align(test, gold, trace=True))[0]
    assert initial.headline.endswith("; 3 same-lemma pairs left out (the sentence does not mention them).")
    assert "when–when: left out (the sentence does not mention it)" in initial.details


def test_captions_mention_finalisation_and_deferred_ties():
    # two things under the same label: no relation label can tell them apart
    test = read_graph("(a / and :op1 (x / thing) :op1 (y / thing))")
    gold = read_graph("(a / and :op1 (x / thing) :op1 (y / thing))")
    initial, first, last = captions(test, gold, align(test, gold, trace=True))
    assert initial == Caption(  # the things: why they are no anchor (a new user asked)
        "Initial anchors: none; 1 same-lemma pair left out (abstract concept); 1 lemma in both graphs but not "
        "unique (thing).",
        (
            "and–and: left out (abstract concept)",
            "thing: 2 in the test graph, 2 in the gold graph: not unique, left to the broadcast",
        ),
    )
    assert first.headline.endswith("1 new anchor: 1 unique mutual maximum; 2 ties left for a later round.")
    assert "thing (x) ties with thing (x) and thing (y) at 0.012: left for a later round" in first.details
    assert last.headline.endswith("finalisation matches 2 pairs by global maxima of F.")
    assert [line.split(":")[0] for line in last.details] == ["thing (x)–thing (x)", "thing (y)–thing (y)"]


def test_the_reference_profile_names_its_rule():
    test, gold = read_graph(READ_TEST), read_graph(READ_GOLD)
    initial = captions(
        test, gold, align(test, gold, Params.for_profile(ANCAST), trace=True), Params.for_profile(ANCAST)
    )[0]
    assert "(ancast 0.1.1)" in initial.headline and "left out" not in initial.headline


def test_count_and_join():
    assert (count(1, "tie"), count(2, "tie"), count(3, "maximum", "maxima")) == ("1 tie", "2 ties", "3 maxima")
    assert (join([]), join(["a"]), join(["a", "b"]), join(["a", "b", "c"])) == ("", "a", "a and b", "a, b and c")


def chain(size: int) -> str:
    """A chain of ``size`` distinct concepts, each the :ARG0 of the one before."""
    text = ""
    for k in reversed(range(size)):
        text = f"(n{k} / thing{k}" + (f" :ARG0 {text}" if text else "") + ")"
    return text


@settings(max_examples=12, deadline=None)
@given(st.integers(min_value=2, max_value=40), st.booleans())
def test_every_aligned_pair_is_told_once_and_headlines_stay_short(size, same_concepts):
    """Every pair of the alignment is in exactly one caption's details, whatever the size;
    headlines count, they do not list (so they stay short on large pairs)."""
    test = read_graph(chain(size))
    gold = read_graph(chain(size) if same_concepts else chain(size).replace("thing", "item"))
    alignment = align(test, gold, trace=True)
    texts = captions(test, gold, alignment)
    told = [
        line.split(":")[0]
        for caption in texts
        for line in caption.details
        if not line.endswith(("left for a later round", "left out (abstract concept)"))
    ]
    gold_word = "thing" if same_concepts else "item"
    assert sorted(told) == sorted(f"thing{i}–{gold_word}{j}" for i, j in alignment.pairs())
    assert all(len(caption.headline) < 220 for caption in texts)
