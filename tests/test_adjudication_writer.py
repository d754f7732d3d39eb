"""Writing adjudicated graphs as a corpus: any connected graph, with any metadata lines and
notes, reads back through engine.read as exactly the graph meant (hypothesis), earlier
adjudication fields are replaced, the status and notes are comment lines that penman reads
too, and a corpus that would not read back is refused."""

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.adjudication.store import SentenceRecord
from engine.adjudication.writer import (
    ExportError,
    Written,
    adjudication_fields,
    amr_block,
    check_round_trip,
    graph_difference,
)
from engine.read.amr import entries_from_text
from engine.read.source import parse_metadata

from .test_adjudication_draft import edited

KEYS = ["id", "snt", "status", "adjudicated-by", "adjudication-status", "adjudication-note", "date", "annotator", "tok"]
VALUE = st.text(alphabet=st.sampled_from(list("abcXYZ019 .,'\"-()/~")), max_size=12).filter(lambda v: "::" not in v)


@st.composite
def comment_lines(draw):
    """Metadata lines as annotation tools write them: one or several ``::key value`` fields a
    line, sometimes a plain comment, keys that repeat."""
    lines: list[str] = []
    for _ in range(draw(st.integers(0, 4))):
        if draw(st.booleans()) and lines:
            lines.append("# a comment without fields")
            continue
        fields = [f"::{draw(st.sampled_from(KEYS))} {draw(VALUE)}".rstrip() for _ in range(draw(st.integers(1, 3)))]
        lines.append("# " + " ".join(fields))
    return lines


NOTES = st.text(alphabet=st.sampled_from(list("ab:# ()\n\t\"-")), max_size=20)


def record(status, who, notes):
    return SentenceRecord(0, None, status, notes, who, "ann1", None)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.tuples(
            edited(),
            comment_lines(),
            st.sampled_from(["agreed", "needs discussion"]),
            st.sampled_from([None, "ana", "Ben O'Neil"]),
            NOTES,
        ),
        min_size=1,
        max_size=4,
    )
)
def test_any_adjudicated_corpus_reads_back_as_the_graphs_meant(sentences):
    written = Written("amr", "")
    blocks = []
    for index, (draft, comments, status, who, notes) in enumerate(sentences):
        if draft.unreachable():
            continue
        metadata = parse_metadata(comments)  # as if the start annotation had been read with these lines
        graph = replace(
            draft.graph(), metadata=metadata, id=metadata.get("id"), text=metadata.get("snt") or metadata.get("tok")
        )
        text, meant = amr_block(
            "\n".join(comments + ["(x / placeholder)"]), graph, adjudication_fields(record(status, who, notes))
        )
        assert meant.metadata["adjudication-status"] == status and meant.metadata.get("adjudicated-by") == who
        lines = [line.strip() for line in notes.splitlines() if line.strip()]
        assert text.count("# ::adjudication-note ") == len(lines)  # one comment line per line of the notes
        if lines:  # the first line read back, its "::" parted (no field starts in a note)
            note = meant.metadata["adjudication-note"]
            assert "::" not in note and note.replace(" ", "") == lines[0].replace(" ", "")
        blocks.append(text)
        written.graphs.append(meant)
        written.indices.append(index)
    written.text = "\n".join(blocks)
    graphs = check_round_trip(written)
    assert len(graphs) == len(written.graphs)
    for meant, entry in zip(written.graphs, entries_from_text("<corpus>", written.text) if blocks else []):
        assert entry.graph is not None
        assert graph_difference(meant, entry.graph) is None


def test_earlier_adjudication_fields_are_replaced_and_others_kept():
    from engine.read import read_graph

    comments = (
        "# ::id a ::status agreed ::snt Hi\n# ::adjudicated-by zoe\n# ::adjudication-note old\n"
        "# ::date 2024 ::adjudication-status agreed\n(h / hi)"
    )
    graph = read_graph(comments)
    text, meant = amr_block(comments, graph, adjudication_fields(record("adjudicated", "ana", "")))
    assert text == (
        "# ::id a ::snt Hi\n# ::date 2024\n# ::adjudicated-by ana\n# ::adjudication-status adjudicated\n(h / hi)\n"
    )
    assert meant.metadata == {
        "id": "a",
        "snt": "Hi",
        "date": "2024",
        "adjudicated-by": "ana",
        "adjudication-status": "adjudicated",
    }


def test_notes_and_status_are_comment_lines_that_penman_and_engine_read():
    penman = pytest.importorskip("penman")
    from engine.read import read_graph

    graph = read_graph("# ::id s1 ::snt The boy wants to go.\n(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-02 :ARG0 b))")
    notes = "sense of go? see ::snt\n\n  kept go-02 (guideline 3.2)  \n"
    fields = adjudication_fields(record("needs discussion", "Ana Lopez", notes))
    assert fields == [
        ("adjudicated-by", "Ana Lopez"),
        ("adjudication-status", "needs discussion"),
        ("adjudication-note", "sense of go? see : :snt"),
        ("adjudication-note", "kept go-02 (guideline 3.2)"),
    ]
    text, meant = amr_block("# ::id s1 ::snt The boy wants to go.\n(w / want-01)", graph, fields)
    assert text.splitlines()[:5] == [
        "# ::id s1 ::snt The boy wants to go.",
        "# ::adjudicated-by Ana Lopez",
        "# ::adjudication-status needs discussion",
        "# ::adjudication-note sense of go? see : :snt",
        "# ::adjudication-note kept go-02 (guideline 3.2)",
    ]
    written = Written(
        "amr",
        text + "\n" + text.replace("s1", "s2"),
        [meant, replace(meant, id="s2", metadata={**meant.metadata, "id": "s2"})],
        [0, 1],
    )
    back = check_round_trip(written)  # engine.read: every graph as meant, the first note line kept
    assert back[0].metadata["adjudication-note"] == "sense of go? see : :snt" and back[0].metadata["snt"] == meant.text
    decoded = penman.loads(written.text)
    assert [g.metadata["id"] for g in decoded] == ["s1", "s2"]
    assert decoded[0].metadata["adjudication-status"] == "needs discussion"
    assert decoded[0].metadata["adjudication-note"] == "kept go-02 (guideline 3.2)"  # penman keeps the last
    assert decoded[0].metadata["snt"] == "The boy wants to go." and decoded[0].metadata["adjudicated-by"] == "Ana Lopez"
    assert sorted((t.source, t.target) for t in decoded[0].instances()) == sorted(
        (n.var, n.concept) for n in graph.nodes
    )
    assert len(decoded[0].edges()) == len(graph.edges)


def test_a_corpus_that_does_not_read_back_is_refused():
    from engine.read import read_graph

    graph = read_graph("(h / hi)")
    text, meant = amr_block("", graph, [("adjudication-status", "agreed")])
    broken = Written("amr", text.replace("hi", "hello"), [meant], [0])
    with pytest.raises(ExportError, match=r"sentence 1 does not read back as written: nodes: \[\('h', 'hi'"):
        check_round_trip(broken)
    with pytest.raises(ExportError, match="2 graphs written, 1 read back"):
        check_round_trip(Written("amr", text, [meant, meant], [0, 1]))
