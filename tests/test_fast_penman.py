"""The fast PENMAN path gives exactly what penman gives, on every file we have."""

import glob

import penman
import penman.surface
import pytest
from hypothesis import given, settings
from penman.models import amr

from bench.generate import generate
from engine import fast_penman
from engine.reader import split_blocks
from engine.umr import read_umr

from .conftest import DEMO, EXAMPLES, SHARED
from .strategies import encode, graph_triples


def reference(text):
    graph = penman.decode(text, model=amr.model)
    alignments = {triple[0]: alignment.indices for triple, alignment in penman.surface.alignments(graph).items()}
    return graph.top, graph.triples, alignments


def amr_graph_texts():
    paths = glob.glob(str(SHARED / "data" / "*" / "*.txt")) + glob.glob(str(EXAMPLES / "*.amr"))
    paths += glob.glob(str(DEMO / "*" / "*.amr")) + glob.glob(str(DEMO / "*" / "*.txt"))
    for path in paths:
        if "umr" in path:
            continue
        for _, lines in split_blocks(open(path, encoding="utf-8").read()):
            yield "\n".join(line for line in lines if not line.lstrip().startswith("#"))


def umr_graph_texts():
    for path in glob.glob(str(SHARED / "data" / "umr_english_versions" / "*.umr")):
        for sentence in read_umr(path).sentences:
            yield sentence.entry.graph.penman


def test_same_as_penman_on_every_bundled_graph():
    texts = list(amr_graph_texts()) + list(umr_graph_texts())
    fast_count = 0
    for text in texts:
        fast = fast_penman.decode(text)
        if fast is None:
            continue
        fast_count += 1
        assert fast == reference(text), text
    assert len(texts) > 400 and fast_count >= 0.95 * (len(texts) - 1)  # one test graph is malformed on purpose


def test_same_as_penman_on_a_generated_corpus():
    test, gold = generate(100, 10, 40, seed=11)
    for text in (test + "\n" + gold).split("\n\n"):
        body = "\n".join(line for line in text.splitlines() if not line.startswith("#"))
        if body.strip():
            assert fast_penman.decode(body) == reference(body)


@settings(max_examples=300, deadline=None)
@given(graph_triples())
def test_same_as_penman_on_random_graphs(triples):
    text = encode(triples)
    assert fast_penman.decode(text) == reference(text)


@pytest.mark.parametrize(
    "text",
    ["(a / b :ARG0 (c / d)) extra", "(a / b :ARG0 )", "(a / )", "(a / b # comment\n)", "(a / b :ARG0-of \"x\")",
     "(a / b :ARG0 (c / d)", "(a b)", "()", '(a / "b)', "(a / b~)", '(a / b :op1 "x)', "(a / b :ARG0~ (c / d))"],
)
def test_unusual_graphs_are_left_to_penman(text):
    assert fast_penman.decode(text) is None


def test_alignments_inverted_roles_and_kept_roles():
    top, triples, alignments = fast_penman.decode(
        '(r / read-01~e.2 :ARG0~e.1 (h / he~e.0,1) :consist-of (x / y) :ARG1-of (b / buy-01) :mod-of r :quant "5"~e.4)')
    assert top == "r" and alignments == {"r": (2,), "h": (0, 1)}
    assert ("r", ":consist-of", "x") in triples and ("b", ":ARG1", "r") in triples and ("r", ":mod", "r") in triples
    assert ("r", ":quant", '"5"') in triples
