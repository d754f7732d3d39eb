"""The round captions (engine, no Qt); the graph layout is tested in test_graph_layout.py."""

from engine.align.alignment import align
from engine.align.explain import captions
from engine.read import read_graph

from .conftest import READ_GOLD, READ_TEST


def test_captions_tell_the_spec_story():
    test, gold = read_graph(READ_TEST), read_graph(READ_GOLD)
    texts = captions(test, gold, align(test, gold, trace=True))
    assert texts[0].startswith("Initial anchors: read-01–read-03")
    assert "not i–i (the sentence does not mention it)" in texts[0]
    assert "he–she, book–paper and i–i are unique mutual maxima" in texts[1]
    assert "house ties with home, she and paper at 0.082 and the shared :location label makes house–home an anchor" in texts[1]
    assert texts[2] == "Round 2 (8 broadcast iterations): no new mutual best match, so the loop stops."


def test_captions_mention_finalisation_and_deferred_ties():
    # two things under the same label: no relation label can tell them apart
    test = read_graph("(a / and :op1 (x / thing) :op1 (y / thing))")
    gold = read_graph("(a / and :op1 (x / thing) :op1 (y / thing))")
    texts = captions(test, gold, align(test, gold, trace=True))
    assert texts[0] == "Initial anchors: none; not and–and (abstract concept)."
    assert "and–and is a unique mutual maximum" in texts[1]
    assert "thing (x) ties with thing (x) and thing (y) at 0.012" in texts[1] and "left for later" in texts[1]
    assert texts[2].endswith("finalisation matches thing (x)–thing (x) and thing (y)–thing (y) by global maxima of F.")
