"""The layered layout and the round captions (engine, no Qt)."""

from engine.align.alignment import align
from engine.align.explain import captions
from engine.layout import assign_layers, graph_elements, layered_layout
from engine.read import read_graph

from .conftest import READ_GOLD, READ_TEST


def widths(key):
    return 50.0


def test_layers_tree_and_non_tree_edges():
    graph = read_graph("(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-01 :ARG0 b) :polarity -)")
    layers, edges = assign_layers(graph_elements(graph))
    assert layers == [["w"], ["b", "g", "=0"]]
    kinds = {(e.edge.source, e.edge.role, e.edge.target): (e.tree, e.inverted) for e in edges}
    assert kinds[("w", ":ARG0", "b")] == (True, False)
    assert kinds[("g", ":ARG0", "b")] == (False, False)  # the reentrancy


def test_inverted_roles_are_laid_out_under_their_text_parent():
    graph = read_graph("(b / boy :ARG0-of (w / want-01))")
    layers, edges = assign_layers(graph_elements(graph))
    assert layers == [["b"], ["w"]]
    assert (edges[0].tree, edges[0].inverted) == (True, True)


def test_every_constant_is_its_own_leaf():
    graph = read_graph('(n / name :op1 "New" :op2 "New" :op3 "York")')
    elements = graph_elements(graph)
    assert [node.label for node in elements.nodes if node.constant] == ['"New"', '"New"', '"York"']
    layout = layered_layout(elements, widths)
    xs = sorted(layout.nodes[k].x for k in ("=0", "=1", "=2"))
    assert xs[1] - xs[0] >= 50 and xs[2] - xs[1] >= 50  # no overlap


def test_nodes_of_a_layer_do_not_overlap_and_layout_is_deterministic():
    graph = read_graph("(a / and :op1 (b / b1 :ARG0 (c / c1) :ARG1 (d / d1)) :op2 (e / e1 :ARG0 (f / f1) :ARG1 c))")
    first = layered_layout(graph_elements(graph), widths)
    assert first == layered_layout(graph_elements(graph), widths)
    for layer in first.layers:
        xs = sorted(first.nodes[k].x for k in layer)
        assert all(b - a >= 50 for a, b in zip(xs, xs[1:]))
    assert [first.nodes[k].y for k in "abc"] == [0.0, 90.0, 180.0]


def test_partner_positions_order_aligned_nodes():
    gold = read_graph("(r / read-01 :ARG0 (s / she) :ARG1 (p / paper))")
    test = read_graph("(r / read-01 :ARG1 (b / book) :ARG0 (h / he))")
    gold_layout = layered_layout(graph_elements(gold), widths)
    plain = layered_layout(graph_elements(test), widths)
    assert plain.layers[1] == ("b", "h")
    partner = {"r": gold_layout.nodes["r"].x, "h": gold_layout.nodes["s"].x, "b": gold_layout.nodes["p"].x}
    across = layered_layout(graph_elements(test), widths, partner)
    assert across.layers[1] == ("h", "b")
    assert across.nodes["h"].x == gold_layout.nodes["s"].x and across.nodes["b"].x == gold_layout.nodes["p"].x


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
