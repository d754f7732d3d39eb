"""Finding nodes and relations in PENMAN text for highlighting."""

from ui.pair.penman_highlight import block_start, node_line, triple_line

TEXT = """(w / want-01
    :ARG0 (b / boy)
    :ARG1 (g / go-02
        :ARG0 b
        :polarity -)
    :ARG1-of (x / cause-01)
    :domain (d / dog))"""


def test_node_lines():
    assert node_line(TEXT, "w") == 0 and node_line(TEXT, "g") == 2 and node_line(TEXT, "zz") is None


def test_forward_reentrant_constant_inverted_and_domain_relations():
    assert triple_line(TEXT, "w", ":ARG0", "b") == 1
    assert triple_line(TEXT, "g", ":ARG0", "b") == 3  # the reentrancy, under g
    assert triple_line(TEXT, "g", ":polarity", "-") == 4
    assert triple_line(TEXT, "x", ":ARG1", "w") == 5  # written as :ARG1-of
    assert triple_line(TEXT, "d", ":mod", "w") == 6  # written as :domain
    assert triple_line(TEXT, "w", ":ARG2", "b") is None


def test_where_a_block_starts_in_its_file():
    block = "# ::id a\n(x / y"
    text = f"# header\n\n{block}\n\n# ::id b\n(z / w)\n\n{block}\n"
    assert block_start(text, block) == 3
    assert block_start(text, block, containing=10) == 9  # the copy that holds the error line
    assert block_start(text, block, containing=6) == 3  # neither does: the first
    assert block_start(text, "(q / r)") is None and block_start(text, "") is None
    assert block_start(text.replace("(x / y", "(x / changed"), block) is None  # the file changed since
