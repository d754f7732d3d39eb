"""Writing adjudicated graphs as a corpus: any connected graph, with any metadata lines, reads
back through engine.read as exactly the graph meant (hypothesis), earlier adjudication fields
are replaced, and a corpus that would not read back is refused."""

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.adjudication.writer import ExportError, Written, amr_block, check_round_trip, graph_difference
from engine.read.amr import entries_from_text
from engine.read.source import parse_metadata

from .test_adjudication_draft import edited

KEYS = ["id", "snt", "status", "adjudicated-by", "date", "annotator", "tok"]
VALUE = st.text(alphabet=st.sampled_from(list("abcXYZ019 .,'\"-()/~")), max_size=12).filter(lambda v: "::" not in v)


@st.composite
def comment_lines(draw):
    """Metadata lines as annotation tools write them: one or several ``::key value`` fields a
    line, sometimes a plain comment, keys that repeat."""
    lines = []
    for _ in range(draw(st.integers(0, 4))):
        if draw(st.booleans()) and lines:
            lines.append("# a comment without fields")
            continue
        fields = [f"::{draw(st.sampled_from(KEYS))} {draw(VALUE)}".rstrip() for _ in range(draw(st.integers(1, 3)))]
        lines.append("# " + " ".join(fields))
    return lines


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(edited(), comment_lines(), st.sampled_from(["agreed", "needs discussion"]),
                          st.sampled_from([None, "ana", "Ben O'Neil"])), min_size=1, max_size=4))
def test_any_adjudicated_corpus_reads_back_as_the_graphs_meant(sentences):
    written = Written("amr", "")
    blocks = []
    for index, (draft, comments, status, who) in enumerate(sentences):
        if draft.unreachable():
            continue
        metadata = parse_metadata(comments)  # as if the start annotation had been read with these lines
        graph = replace(draft.graph(), metadata=metadata, id=metadata.get("id"),
                        text=metadata.get("snt") or metadata.get("tok"))
        fields = ({"adjudicated-by": who} if who else {}) | {"status": status}
        text, meant = amr_block("\n".join(comments + ["(x / placeholder)"]), graph, fields)
        assert meant.metadata["status"] == status and meant.metadata.get("adjudicated-by") == who
        blocks.append(text)
        written.graphs.append(meant)
        written.indices.append(index)
    written.text = "\n".join(blocks)
    graphs = check_round_trip(written)
    assert len(graphs) == len(written.graphs)
    for meant, entry in zip(written.graphs, entries_from_text("<corpus>", written.text) if blocks else []):
        assert graph_difference(meant, entry.graph) is None


def test_earlier_adjudication_fields_are_replaced_and_others_kept():
    from engine.read import read_graph

    graph = read_graph("# ::id a ::status agreed ::snt Hi\n# ::adjudicated-by zoe\n# ::date 2024\n(h / hi)")
    comments = "# ::id a ::status agreed ::snt Hi\n# ::adjudicated-by zoe\n# ::date 2024\n(h / hi)"
    text, meant = amr_block(comments, graph, {"adjudicated-by": "ana", "status": "adjudicated"})
    assert text == "# ::id a ::snt Hi\n# ::date 2024\n# ::adjudicated-by ana\n# ::status adjudicated\n(h / hi)\n"
    assert meant.metadata == {"id": "a", "snt": "Hi", "date": "2024", "adjudicated-by": "ana", "status": "adjudicated"}


def test_a_corpus_that_does_not_read_back_is_refused():
    from engine.read import read_graph

    graph = read_graph("(h / hi)")
    text, meant = amr_block("", graph, {"status": "agreed"})
    broken = Written("amr", text.replace("hi", "hello"), [meant], [0])
    with pytest.raises(ExportError, match=r"sentence 0 does not read back as written: nodes: \[\('h', 'hi'"):
        check_round_trip(broken)
    with pytest.raises(ExportError, match="2 graphs written, 1 read back"):
        check_round_trip(Written("amr", text, [meant, meant], [0, 1]))
