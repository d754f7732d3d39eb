"""The benchmark corpora cut from real files (bench.real_corpus): what is kept and how pairs are joined."""

from bench.real_corpus import cut, readable_pairs
from engine.read import load_pairs

from .conftest import ROOT, graph_of

SYSTEM = ROOT / "resources" / "demo" / "metamorphosed" / "comptest_sys.txt"
GOLD = ROOT / "resources" / "demo" / "metamorphosed" / "comptest_gold.txt"


def test_pairs_are_kept_by_the_size_of_their_gold_graph(tmp_path):
    sizes = [size for _, _, size in readable_pairs(SYSTEM, GOLD)]
    test, gold, count = cut(SYSTEM, GOLD, tmp_path, nodes=(4, 8))
    kept = load_pairs(test, gold).pairs
    assert count == len(kept) == sum(4 <= size <= 8 for size in sizes)
    assert all(4 <= len(graph_of(pair.gold)) <= 8 for pair in kept)


def test_consecutive_pairs_join_into_one_multi_sentence_graph_per_side(tmp_path):
    readable = readable_pairs(SYSTEM, GOLD)
    total = sum(size for _, _, size in readable)
    test, gold, count = cut(SYSTEM, GOLD, tmp_path, join_to=(total + 1, total + 1))
    [pair] = load_pairs(test, gold).pairs
    assert pair.gold is not None and pair.gold.graph is not None
    assert pair.test is not None and pair.test.graph is not None
    assert count == 1 and len(pair.gold.graph) == total + 1  # every sentence's nodes and the root
    assert pair.gold.graph.nodes[0].concept == "multi-sentence"
    assert len({node.var for node in pair.test.graph.nodes}) == len(pair.test.graph)  # no variable shared
