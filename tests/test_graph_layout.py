"""The graph layout (engine.layout, no Qt): layers, edge directions, routing,
labels, quality measures, zoom levels and the marks of a pair."""

import pytest
from hypothesis import given, settings

from bench.layout_quality import corpus_quality
from engine.errors import InputError
from engine.layout import ApproximateText, graph_elements, lay_out
from engine.layout.elements import DrawEdge
from engine.layout.geometry import EdgeGeometry, GraphGeometry, NodeGeometry, Rect
from engine.layout.layering import layer_nodes, orient_edges
from engine.layout.marks import Status, pair_marks
from engine.layout.pair import lay_out_pair, plural
from engine.layout.quality import measure_drawing
from engine.layout.routing import line
from engine.layout.text import approximate_width
from engine.layout.viewport import READABLE_TEXT_PX, fit_scale, start_view
from engine.read import read_graph
from engine.scoring import PairResult, score_files, score_graphs

from .conftest import DEMO, FRY_GOLD, FRY_TEST, READ_GOLD, READ_TEST
from .strategies import decode, graph_triples

MEASURE = ApproximateText()
DEMOS = [
    ("metamorphosed", "comptest_sys.txt", "comptest_gold.txt"),
    ("umr", "nw_afp_0024_v1.umr", "nw_afp_0024_v2.umr"),
    ("umr", "lindsay_v1.umr", "lindsay_v2.umr"),
    ("ancast_samples", "umr_test.txt", "umr_gold.txt"),
    ("smatch", "test_input1.txt", "test_input2.txt"),
    ("ancast_paper", "spec_examples_test.amr", "spec_examples_gold.amr"),
]


def layers_of(text):
    elements = graph_elements(read_graph(text))
    edges = orient_edges(elements)
    return layer_nodes(elements, edges), {elements.edges[e.index]: e for e in edges}


def test_reentrancy_goes_below_both_parents():
    layer, edges = layers_of("(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-01 :ARG0 b) :polarity -)")
    assert layer == {"w": 0, "g": 1, "b": 2, "=0": 1}
    ((tree, inverted),) = {
        (e.tree, e.inverted) for edge, e in edges.items() if edge.source == "w" and edge.role == ":ARG0"
    }
    assert tree and not inverted  # the edge written in w's branch introduces b
    reentrancy = edges[DrawEdge("g", ":ARG0", "b")]
    assert (reentrancy.tree, reentrancy.inverted, reentrancy.upper) == (False, False, "g")


def test_inverted_role_hangs_under_its_text_parent_and_points_up():
    text = "(b / boy :ARG0-of (w / want-01))"
    layer, edges = layers_of(text)
    assert layer == {"b": 0, "w": 1}
    edge = edges[DrawEdge("w", ":ARG0", "b")]
    assert (edge.tree, edge.inverted, edge.upper) == (True, True, "b")
    geometry = lay_out(graph_elements(read_graph(text)), MEASURE)
    (drawn,) = geometry.edges
    tip = drawn.arrow[0]
    assert tip[1] == geometry.nodes["b"].box.bottom  # the arrow head is at the boy, pointing up
    assert drawn.arrow[1][1] > tip[1]


def test_a_cycle_is_drawn_with_one_edge_against_its_arrow():
    layer, edges = layers_of("(a / aa :ARG0 (b / bb :ARG1 a))")
    assert layer == {"a": 0, "b": 1}
    back = edges[DrawEdge("b", ":ARG1", "a")]
    assert (back.tree, back.inverted, back.upper) == (False, True, "a")


def test_the_text_parent_is_the_branch_that_introduces_a_node():
    # b is mentioned in g's branch after being introduced under w: g is not its parent
    layer, edges = layers_of("(w / want-01 :ARG1 (g / go-01 :ARG0 (b / boy)) :ARG0 b)")
    assert edges[DrawEdge("g", ":ARG0", "b")].tree and not edges[DrawEdge("w", ":ARG0", "b")].tree
    assert layer == {"w": 0, "g": 1, "b": 2}


def test_every_constant_is_its_own_leaf_and_labels_do_not_collide():
    geometry = lay_out(graph_elements(read_graph(FRY_TEST)), MEASURE)
    constants = [node for node in geometry.nodes.values() if node.constant]
    assert sorted(node.label for node in constants) == ["-", "5", "imperative"]
    labels = [edge.label_box for edge in geometry.edges]
    assert {edge.edge.role for edge in geometry.edges} == {":quant", ":polarity", ":mode"}
    assert not any(a.overlaps(b) for k, a in enumerate(labels) for b in labels[k + 1 :])
    assert measure_drawing(geometry).astuple() == (0, 0, 0, 0)


def test_partner_positions_put_aligned_nodes_across():
    gold = lay_out(graph_elements(read_graph("(r / read-01 :ARG0 (s / she) :ARG1 (p / paper))")), MEASURE)
    test = graph_elements(read_graph("(r / read-01 :ARG1 (b / book) :ARG0 (h / he))"))
    plain = lay_out(test, MEASURE)
    assert plain.layers[1] == ("b", "h")
    partner = {
        "r": gold.nodes["r"].box.center[0],
        "h": gold.nodes["s"].box.center[0],
        "b": gold.nodes["p"].box.center[0],
    }
    across = lay_out(test, MEASURE, partner_x=partner)
    assert across.layers[1] == ("h", "b")
    for test_key, gold_key in (("h", "s"), ("b", "p"), ("r", "r")):
        assert across.nodes[test_key].box.center[0] == pytest.approx(gold.nodes[gold_key].box.center[0], abs=12.0)


def test_tags_widen_the_box_and_sit_at_its_left():
    graph = graph_elements(read_graph("(r / read-01)"))
    plain, tagged = lay_out(graph, MEASURE), lay_out(graph, MEASURE, tags={"r": "12"})
    node = tagged.nodes["r"]
    assert node.tag_box is not None
    assert node.tag == "12" and node.tag_box.x > node.box.x
    assert node.box.width > plain.nodes["r"].box.width
    assert node.tag_box.right < node.text_center[0] - MEASURE.node_width("r / read-01") / 2


@settings(max_examples=60, deadline=None)
@given(graph_triples(max_nodes=14))
def test_random_graphs_have_no_overlaps_and_every_edge_goes_down(triples):
    graph = decode(triples)
    elements = graph_elements(graph)
    geometry = lay_out(elements, MEASURE)
    quality = measure_drawing(geometry)
    assert (quality.label_overlaps, quality.edges_through_nodes, quality.labels_on_edges) == (0, 0, 0)
    boxes = [node.box for node in geometry.nodes.values()]
    assert not any(a.overlaps(b) for k, a in enumerate(boxes) for b in boxes[k + 1 :])
    for edge in geometry.edges:
        source, target = geometry.nodes[edge.edge.source], geometry.nodes[edge.edge.target]
        upper, lower = (target, source) if edge.inverted else (source, target)
        assert upper.layer < lower.layer
        tip = edge.arrow[0]
        assert tip[1] == pytest.approx(
            target.box.bottom if edge.inverted else target.box.y
        )  # the arrow reaches the target
    assert lay_out(elements, MEASURE) == geometry


def node(key, x, y, width=40.0, height=20.0):
    return NodeGeometry(key, key, Rect(x, y, width, height), (x + width / 2, y + height / 2), False, 0)


def edge(source, target, start, end, label):
    return EdgeGeometry(DrawEdge(source, ":r", target), True, False, (line(start, end),), (end, end, end), label)


def test_quality_counts_of_a_drawing_made_by_hand():
    nodes = {"A": node("A", 0, 0), "C": node("C", 0, 50), "B": node("B", 0, 100)}
    edges = (
        edge("A", "B", (20, 20), (20, 100), Rect(50, 30, 30, 10)),  # straight through C
        edge(
            "A", "C", (5, 20), (31, 50), Rect(60, 35, 30, 10)
        ),  # crosses the first at x = 20; its label overlaps the first's
        edge("C", "B", (10, 70), (10, 100), Rect(30, 55, 20, 10)),  # its label overlaps node C
    )
    quality = measure_drawing(GraphGeometry("A", nodes, edges, (("A",), ("C",), ("B",))))
    assert quality.astuple() == (2, 1, 1, 0)
    on_label = edges + (edge("A", "B", (70, 0), (70, 120), Rect(100, 0, 5, 5)),)  # through both first labels
    assert measure_drawing(GraphGeometry("A", nodes, on_label, ())).labels_on_edges == 2


def test_width_model():
    assert approximate_width("ab", 12) == pytest.approx(2 * 0.62 * 12)
    assert approximate_width(":m", 10) == pytest.approx((0.34 + 0.9) * 10)
    assert approximate_width("A", 10) == pytest.approx(7.0)


def test_fit_and_readable_start():
    assert fit_scale(Rect(0, 0, 1800, 600), 900, 600) == 0.5
    assert fit_scale(Rect(0, 0, 100, 50), 900, 600) == 1.5  # small graphs are not blown up
    wide = GraphGeometry("r", {"r": node("r", 0, 0, 100, 24), "far": node("far", 5000, 0, 100, 24)}, (), ())
    view = start_view([wide], 900, 600, 12.0)
    assert not view.fitted and view.scale == READABLE_TEXT_PX / 12.0
    assert view.center == pytest.approx((50.0, -24.0 + 600 / (READABLE_TEXT_PX / 12.0) / 2))  # root at the top centre
    small = GraphGeometry("r", {"r": node("r", 0, 0, 100, 24)}, (), ())
    view = start_view([small], 900, 600, 12.0)
    assert view.fitted and view.scale == 1.5 and view.center == pytest.approx((50.0, 12.0))


def read_pair():
    test, gold = read_graph(READ_TEST), read_graph(READ_GOLD)
    alignment, tallies = score_graphs(test, gold)
    return PairResult(0, "read", test, gold, alignment=alignment, tallies=tallies)


def test_marks_tag_partners_and_name_them_in_tooltips():
    result = read_pair()
    test_marks, gold_marks = pair_marks(result, result.triples())
    assert test_marks.nodes["h"].tag == gold_marks.nodes["s"].tag
    assert len({mark.tag for mark in test_marks.nodes.values() if mark.tag}) == 5
    i, j = result.test.index["h"], result.gold.index["s"]
    tip = test_marks.nodes["h"].tooltip
    assert "aligned to gold s / she" in tip and f"S = {result.alignment.similarity[i, j]:.3f}" in tip
    assert "fixed in: round 1" in tip and "S = 0.667: lemma he is part of she (2/3)" in tip
    assert "fixed in: initial anchor" in test_marks.nodes["r1"].tooltip
    assert test_marks.nodes["h"].status is Status.DIFFERS and test_marks.nodes["i"].status is Status.MATCHED
    assert test_marks.unmatched_edges == {("b", ":poss", "i")} and gold_marks.unmatched_edges == {("p", ":part", "i")}


def test_plurals_and_unreadable_sides():
    assert (plural(1, "node"), plural(0, "node"), plural(2, "relation")) == ("1 node", "0 nodes", "2 relations")
    test, gold = read_graph(FRY_TEST), read_graph(FRY_GOLD)
    alignment, _ = score_graphs(test, gold)
    drawing = lay_out_pair(PairResult(0, "fry", test, gold, alignment=alignment), None, MEASURE)
    assert (drawing.test.summary, drawing.gold.summary) == ("1 node, 3 relations", "1 node, 2 relations")
    one = read_graph("(a / and :op1 (b / boy))")
    broken = PairResult(0, "x", one, None, problems=(InputError("gold.amr", 3, "unbalanced parenthesis"),))
    drawing = lay_out_pair(broken, None, MEASURE)
    assert drawing.test.geometry is not None and drawing.test.summary == "2 nodes, 1 relation"
    assert drawing.test.note == "Not compared: the other graph could not be read."
    assert (
        drawing.gold.geometry is None and drawing.gold.note == "Could not be read: gold.amr:3: unbalanced parenthesis"
    )


@pytest.mark.parametrize("folder, test_name, gold_name", DEMOS)
def test_bundled_demos_have_no_overlapping_labels_and_no_edge_through_a_node(folder, test_name, gold_name):
    report = corpus_quality(score_files(DEMO / folder / test_name, DEMO / folder / gold_name), MEASURE)
    assert report["pairs"] > 0
    assert (report["label_overlaps"], report["edges_through_nodes"], report["labels_on_edges"]) == (0, 0, 0)
    assert report["min_text_px"] > 0
