"""Hypothesis strategies for random AMR-like graphs, written out as PENMAN."""

import penman
from hypothesis import strategies as st

from engine.read import read_graph

CONCEPTS = ["want-01", "go-02", "boy", "girl", "person", "and", "thing", "say-01", "city", "big"]
ROLES = [":ARG0", ":ARG1", ":ARG2", ":mod", ":location", ":op1", ":time"]
ATTRIBUTES = [(":polarity", "-"), (":quant", "5"), (":quant", '"5"'), (":mode", "imperative"), (":op1", '"Paris"')]


@st.composite
def graph_triples(draw, max_nodes=12):
    """Triples of a connected rooted graph: a random tree, some reentrant edges, attributes."""
    size = draw(st.integers(1, max_nodes))
    concepts = [draw(st.sampled_from(CONCEPTS)) for _ in range(size)]
    triples = [(f"n{i}", ":instance", concept) for i, concept in enumerate(concepts)]
    for child in range(1, size):
        parent = draw(st.integers(0, child - 1))
        triples.append((f"n{parent}", draw(st.sampled_from(ROLES)), f"n{child}"))
    if size > 1:
        for _ in range(draw(st.integers(0, 3))):
            source, target = draw(st.integers(0, size - 1)), draw(st.integers(1, size - 1))
            if source != target:
                triples.append((f"n{source}", draw(st.sampled_from(ROLES)), f"n{target}"))
    for _ in range(draw(st.integers(0, 4))):
        role, value = draw(st.sampled_from(ATTRIBUTES))
        triples.append((f"n{draw(st.integers(0, size - 1))}", role, value))
    return triples


def encode(triples, names=None):
    """PENMAN text of the triples, variables renamed through ``names``."""
    names = names or {}
    renamed = [(names.get(s, s), r, names.get(t, t) if r != ":instance" else t) for s, r, t in triples]
    return penman.encode(penman.Graph(renamed, top=names.get("n0", "n0")))


def decode(triples, names=None):
    return read_graph(encode(triples, names))
