"""The adjudicated corpus as a file: PENMAN (AMR) or UMR, read back before it is trusted.

Every sentence is written from its adjudicated graph (:meth:`Session.adjudicated`) with the
start annotation's metadata: an AMR block keeps its comment lines, a UMR block its head
(sentence, ``Index:``/``Words:`` lines) and its document-level annotation as written, and
its alignment section as the start had it: the lines of nodes kept with their spans as
written, a node's line rewritten when its span changed (counted from 1) and left out when the
node is gone, a line added only for a new node with a span - an empty section stays empty.
Each block gains PENMAN metadata comment lines (:func:`adjudication_fields`)::

    # ::adjudicated-by NAME               (when someone decided)
    # ::adjudication-status STATUS
    # ::adjudication-note LINE            (one per non-empty line of the sentence's notes)

replacing earlier ones and the ``# ::status`` line earlier versions wrote (in a UMR block, at
the end of its head, where the UMR reader passes over them). A note's ``::`` is written
``: :`` - PENMAN readers start a new field at ``::`` -; readers that keep one value per key
keep one of several note lines (``engine.read`` the first, ``penman`` the last), the file all
of them. A graph left unchanged keeps its text as written; a changed one is laid out by
:meth:`~engine.adjudication.draft.Draft.tree`.

A sentence that cannot be written - no readable annotation, or a graph not connected - is
left out with a warning. :func:`check_round_trip` reads the text back through
:mod:`engine.read` and compares every graph with the one meant (top, nodes with concepts
and spans in order, relations, id, sentence, metadata).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from ..model import Graph
from ..read.amr import entries_from_text
from ..read.source import parse_metadata
from ..read.umr import SECTION, parse_alignment, umr_from_text
from .errors import AdjudicationError, SessionError
from .session import Session
from .store import SentenceRecord

__all__ = [
    "ADJUDICATION_FIELDS",
    "ExportError",
    "Fields",
    "Written",
    "adjudication_fields",
    "amr_block",
    "check_round_trip",
    "graph_difference",
    "umr_block",
    "write_corpus",
]

ADJUDICATION_FIELDS = ("adjudicated-by", "adjudication-status", "adjudication-note")
REPLACED_FIELDS = (*ADJUDICATION_FIELDS, "status")  # "status": the status line of earlier versions
SEPARATOR = "#" * 80

Fields = Sequence[tuple[str, str]]  # metadata fields in the order written; a key may repeat


class ExportError(AdjudicationError):
    """The written corpus does not read back as the adjudicated graphs (a bug: nothing is written)."""


@dataclass
class Written:
    """The corpus text, the graphs it is meant to hold (in order) and the sentences left out."""

    format: str
    text: str
    graphs: list[Graph] = field(default_factory=list)
    indices: list[int] = field(default_factory=list)  # the session sentence of each graph
    skipped: list[str] = field(default_factory=list)


def _field_value(text: str) -> str:
    """Text on one metadata line: no ``::`` (which would start another field), trimmed.

    >>> _field_value("  see ::snt, or a:::b ")
    'see : :snt, or a: : :b'
    """
    while "::" in text:
        text = text.replace("::", ": :")
    return text.strip()


def adjudication_fields(record: SentenceRecord) -> list[tuple[str, str]]:
    """The metadata fields a sentence's block gains: who decided, the status, each line of its notes."""
    fields = [("adjudicated-by", record.decided_by)] if record.decided_by else []
    fields.append(("adjudication-status", str(record.status)))
    notes = (_field_value(line) for line in record.notes.splitlines())
    return fields + [("adjudication-note", line) for line in notes if line]


def _metadata_lines(comments: list[str], fields: Fields) -> list[str]:
    """Comment lines without earlier adjudication fields, then one line per field."""
    kept = []
    for line in comments:
        found = parse_metadata([line])
        if not any(key in found for key in REPLACED_FIELDS):
            kept.append(line)
            continue
        rest = [f"::{key} {value}".rstrip() for key, value in found.items() if key not in REPLACED_FIELDS]
        if rest:
            kept.append("# " + " ".join(rest))
    return kept + [f"# ::{key} {value}".rstrip() for key, value in fields]


def _meant_metadata(metadata: dict[str, str], fields: Fields) -> dict[str, str]:
    """The metadata the block reads back with: the kept fields, then the new ones (of a key
    written several times, the first, as :func:`engine.read.source.parse_metadata` keeps)."""
    meant = {k: v for k, v in metadata.items() if k not in REPLACED_FIELDS}
    for key, value in fields:
        meant.setdefault(key, value)
    return meant


def _spans(span: frozenset[int]) -> str:
    """0-based token positions as UMR ranges counted from 1.

    >>> _spans(frozenset({1, 2, 5})), _spans(frozenset())
    ('2-3, 6-6', '0-0')
    """
    if not span:
        return "0-0"
    runs: list[list[int]] = []
    for position in sorted(span):
        if runs and position == runs[-1][1] + 1:
            runs[-1][1] = position
        else:
            runs.append([position, position])
    return ", ".join(f"{low + 1}-{high + 1}" for low, high in runs)


def _trimmed(lines: list[str]) -> list[str]:
    while lines and not lines[-1].strip():
        lines = lines[:-1]
    while lines and not lines[0].strip():
        lines = lines[1:]
    return lines


def _alignment_lines(lines: list[str], start: Graph | None, graph: Graph) -> list[str]:
    """The alignment section of ``graph`` from the start block's section ``lines``: a line is
    kept as written while its node is in ``graph`` with the span it had in the ``start``
    graph, rewritten when the span changed, left out when the node is gone (or the line
    cannot be read); a node the start had no line for gets one only when it has a span. An
    empty section stays empty: nothing is invented for unaligned nodes.

    >>> from engine.read import read_graph
    >>> start = read_graph("(a / a~1 :ARG0 (b / b))")
    >>> _alignment_lines(["a:  1-1", "b: 0-0", "gone: 1-1", ""], start, start)
    ['a:  1-1', 'b: 0-0']
    >>> _alignment_lines([], start, start)
    ['a: 2-2']
    >>> _alignment_lines([], read_graph("(a / a :ARG0 (b / b))"), read_graph("(a / a :ARG0 (b / b))"))
    []
    """
    before = {node.var: node.span for node in start.nodes} if start is not None else {}
    after = {node.var: node.span for node in graph.nodes}
    kept: list[str] = []
    written: set[str] = set()
    for line in lines:
        var = line.partition(":")[0].strip()
        if not line.strip() or var not in after or var in written:
            continue
        readable = parse_alignment("", 0, [line], {var}, []).get(var)
        if readable is not None and after[var] == before.get(var):
            kept.append(line)
        elif readable is not None or after[var]:
            kept.append(f"{var}: {_spans(after[var])}")
        else:
            continue
        written.add(var)
    return kept + [f"{node.var}: {_spans(node.span)}" for node in graph.nodes if node.var not in written and node.span]


def umr_block(block: str, graph: Graph, fields: Fields, start: Graph | None = None) -> tuple[str, Graph]:
    """A UMR sentence block for ``graph`` from its start ``block`` (head, alignment section as
    :func:`_alignment_lines` keeps it, document-level annotation kept) and ``start`` graph,
    and the graph it reads back as (the UMR reader keeps no metadata)."""
    sections: dict[str, list[str]] = {"head": []}
    name = "head"
    for line in block.split("\n"):
        match = SECTION.match(line.strip())
        if match:
            name = match.group(1).lower()
            sections[name] = []
        else:
            sections[name].append(line)
    head = _metadata_lines(_trimmed(sections["head"]), fields)  # lines that are not comments are kept as they are
    parts = [
        SEPARATOR,
        *head,
        "",
        "# sentence level graph:",
        graph.penman,
        "",
        "# alignment:",
        *_alignment_lines(sections.get("alignment", []), start, graph),
        "",
    ]
    if "document level annotation" in sections:
        parts += ["# document level annotation:", *_trimmed(sections["document level annotation"]), ""]
    return "\n".join(parts), graph


def amr_block(block: str, graph: Graph, fields: Fields, start: Graph | None = None) -> tuple[str, Graph]:
    """A PENMAN block for ``graph`` with the comment lines of its start ``block`` and the
    ``fields``, and the graph it reads back as (its metadata with the fields; the ``start``
    graph is not needed: a PENMAN graph carries its alignments)."""
    comments = [line for line in block.split("\n") if line.lstrip().startswith("#")]
    text = "\n".join(_metadata_lines(comments, fields) + [graph.penman]) + "\n"
    return text, replace(graph, metadata=_meant_metadata(graph.metadata, fields))


def write_corpus(session: Session) -> Written:
    """The adjudicated corpus (see the module docstring)."""
    written = Written(session.format, "")
    blocks: list[str] = []
    block_of = umr_block if session.format == "umr" else amr_block
    for record in session.sentences():
        name = f"sentence {record.index + 1}" + (f" ({record.id})" if record.id else "")
        try:
            adjudicated = session.adjudicated(record.index)
        except SessionError as error:
            written.skipped.append(f"{name}: not written: {error}")
            continue
        if adjudicated.problems:
            written.skipped.append(f"{name}: not written: {adjudicated.problems[0]}")
            continue
        entry = session.entry(record.index, adjudicated.start)
        assert entry is not None
        text, meant = block_of(entry.text, adjudicated.graph, adjudication_fields(record), entry.graph)
        blocks.append(text)
        written.graphs.append(meant)
        written.indices.append(record.index)
    written.text = "\n".join(blocks)
    return written


def graph_difference(meant: Graph, found: Graph) -> str | None:
    """The first way ``found`` differs from ``meant``, or None when they are the same graph."""
    checks = (
        ("top", meant.top, found.top),
        ("nodes", [(n.var, n.concept, n.span) for n in meant.nodes], [(n.var, n.concept, n.span) for n in found.nodes]),
        ("relations", set(meant.edges), set(found.edges)),
        ("attributes", set(meant.attributes), set(found.attributes)),
        ("id", meant.id, found.id),
        ("sentence", meant.text, found.text),
        ("metadata", meant.metadata, found.metadata),
    )
    for what, one, other in checks:
        if one != other:
            return f"{what}: {one!r} written, {other!r} read back"
    return None


def check_round_trip(written: Written, name: str = "<adjudicated>") -> list[Graph]:
    """Read the text back (:mod:`engine.read`) and return its graphs; :class:`ExportError`
    at the first sentence that is not the graph meant."""
    if not written.graphs:
        return []
    if written.format == "umr":
        umr = umr_from_text(name, written.text)
        if umr.warnings:
            raise ExportError(f"the written UMR reads back with warnings: {umr.warnings[0]}")
        entries = [sentence.entry for sentence in umr.sentences]
    else:
        entries = entries_from_text(name, written.text)
    if len(entries) != len(written.graphs):
        raise ExportError(f"{len(written.graphs)} graphs written, {len(entries)} read back")
    graphs = []
    for index, meant, entry in zip(written.indices, written.graphs, entries):
        if entry.graph is None:
            raise ExportError(f"sentence {index + 1} does not read back: {entry.error}")
        difference = graph_difference(meant, entry.graph)
        if difference is not None:
            raise ExportError(f"sentence {index + 1} does not read back as written: {difference}")
        graphs.append(entry.graph)
    return graphs
