"""The AMR/PENMAN format: a file of blocks, each ``# ::key value`` metadata lines and one graph.

Blocks are separated by blank lines, but a graph goes on until its parentheses close: a
blank or white-space line inside an open graph does not end it unless the next line starts a
new block (an unindented ``#`` or ``(``), so an unclosed graph is reported where it started
and the graphs after it are still read. Each graph is parsed once (:mod:`.penman_tree`) into
an :class:`~engine.model.Graph`, without its tree unless the caller asks for it (Smatch reads
every tree): the graph decodes its text again when the tree is first read (the AnCast metrics
never read it). ``(a :domain b)`` is read as
``(b :mod a)`` (AMR guidelines: :domain is the inverse of :mod) and a duplicate triple counts
once. A block that cannot be read becomes an :class:`~engine.read.source.Entry` with an error naming file and line.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Container, Iterable
from pathlib import Path
from typing import TypeVar

from ..errors import InputError
from ..model import Attribute, Edge, Graph, Node, SourceLocation, Tree
from .penman_tree import PenmanSyntaxError, Triple, WrittenNode, build_tree, orient, parse, parse_walked, span_of, walk
from .source import Entry, parse_metadata, read_text

__all__ = [
    "entries_from_text",
    "graph_from_tree",
    "parse_block",
    "parse_entry",
    "read_entries",
    "read_graph",
    "relation",
    "split_blocks",
]

V = TypeVar("V")
_STRING = re.compile(r'"[^"\\\n]*(?:\\.[^"\\\n]*)*"')
_COMMENT = re.compile(r"(?:^|\s)#.*")


def _is_comment(line: str) -> bool:
    return line.lstrip().startswith("#")


def _comments_and_graph(lines: list[str]) -> tuple[list[str], list[str]]:
    """A block's comment lines, and its lines with each comment line made empty (so that
    line numbers stay block-relative). Comments mostly open a block: the lines after the
    first graph line are looked at one by one only when they hold a '#'."""
    head = 0
    for line in lines:
        if not _is_comment(line):
            break
        head += 1
    graph = lines[head:]
    if "#" not in "".join(graph):
        return lines[:head], [""] * head + graph
    return [line for line in lines if _is_comment(line)], [line if not _is_comment(line) else "" for line in lines]


def _depth_change(lines: list[str]) -> int:
    """Opened minus closed parentheses on graph lines (comment lines empty), outside strings
    and comments."""
    text = "\n".join(lines)
    if '"' in text:
        text = _STRING.sub("", text)
    if "#" in text:
        text = _COMMENT.sub("", text)
    return text.count("(") - text.count(")")


def split_blocks(text: str) -> list[tuple[int, list[str]]]:
    """Blocks of lines, each with its first line number; blocks made only of comments (a
    file header, say) are dropped.

    A block is a run of non-blank lines, and the runs after it while its graph is open,
    unless a run starts a new block (an unindented '#' or '(').

    >>> split_blocks("(a / b\\n\\n  :ARG0 (c / d))\\n\\n(e / f)\\n")
    [(1, ['(a / b', '', '  :ARG0 (c / d))']), (5, ['(e / f)'])]
    """
    lines = text.splitlines()
    filled = list(map(str.strip, lines))
    filled.append("")  # a blank line after the last
    blocks: list[tuple[int, list[str]]] = []
    begin = end = 0  # the open block is lines[begin:end]
    depth = counted = 0  # parentheses its lines[begin:counted] leave open
    has_graph = False
    first = 0
    while first < len(lines):
        if not filled[first]:
            first += 1
            continue
        last = filled.index("", first)  # the run of non-blank lines lines[first:last]
        if has_graph and lines[first][:1] not in ("#", "("):
            depth += _depth_change(_comments_and_graph(lines[counted:end])[1])
            counted = end
            if depth > 0:
                end = last  # the blank lines before the run are inside the open graph
                first = last + 1
                continue
        if has_graph:
            blocks.append((begin + 1, lines[begin:end]))
        begin, end, depth, counted = first, last, 0, first
        has_graph = any(not _is_comment(line) for line in lines[first:last])
        first = last + 1
    if has_graph:
        blocks.append((begin + 1, lines[begin:end]))
    return blocks


def graph_from_tree(tree: Tree, *, file: str, line: int, metadata: dict[str, str], penman: str) -> Graph:
    """The graph of a parsed tree: nodes with their ``~e.N`` token spans, relations between
    variables (``:domain`` turned into ``:mod``) and attributes, each once."""
    nodes, written = walk(tree, instances=False)
    variables = {node[0] for node in nodes}
    return _graph(
        [node[:3] for node in nodes], variables, written, tree, file=file, line=line, metadata=metadata, penman=penman
    )


def _graph(
    nodes: Iterable[WrittenNode],
    variables: Container[str],
    written: list[Triple],
    tree: Tree | Callable[[str], Tree],
    *,
    file: str,
    line: int,
    metadata: dict[str, str],
    penman: str,
) -> Graph:
    """:func:`graph_from_tree`, given the nodes as written (the first the top), their
    variables, the triples as ``walk(tree, instances=False)`` gives them (a written
    ``:instance`` role is no relation) and the tree, or the function that decodes ``penman``
    into it (:class:`~engine.model.Graph` calls it on first read)."""
    edges: dict[Triple, Edge] = {}  # by their fields: each edge once
    attributes: dict[Triple, Attribute] = {}
    for triple in written:
        if triple[2] in variables:
            found = _WRITTEN_EDGES[triple]
            if found is not None:
                edges[found[0]] = found[1]
        elif triple[1] != ":instance":
            attributes[triple] = _ATTRIBUTES[triple]
    shared = tuple([_NODES[node] for node in nodes])
    return Graph(
        top=shared[0].var,
        nodes=shared,
        edges=tuple(edges.values()),
        attributes=tuple(attributes.values()),
        id=metadata.get("id"),
        text=metadata.get("snt") or metadata.get("tok"),
        metadata=metadata,
        penman=penman,
        location=SourceLocation(file, line),
        tree=tree,
    )


class _Made(dict[tuple, V]):
    """Values made once from their key (the maker's arguments) and shared: nodes, edges and
    attributes are immutable values that recur from graph to graph (the same variable and
    concept, the same relation). Keyed by the tuples the parser made, a dictionary is cheaper
    than an ``lru_cache``; it is emptied when it holds :data:`_MOST` values."""

    def __init__(self, make: Callable[..., V]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: tuple) -> V:
        if len(self) >= _MOST:
            self.clear()
        value = self[key] = self.make(*key)
        return value


_MOST = 1 << 16


def _new_node(var: str, concept: str, alignment: str | None) -> Node:
    return Node(var, concept, frozenset(span_of(alignment)))


def _new_edge(source: str, role: str, target: str) -> Edge:
    """The edge of a triple turned round if it was inverted, ``(a :domain b)`` read as ``(b :mod a)``."""
    return Edge(target, ":mod", source) if role == ":domain" else Edge(source, role, target)


def _new_written_edge(source: str, role: str, target: str) -> tuple[Triple, Edge] | None:
    """The edge a triple as written stands for, its target being a variable (turned round by
    :func:`~.penman_tree.orient`), with its fields, which tell it from the other edges; None for
    an instance triple."""
    source, role, target = orient(source, role, target, {target})
    if role == ":instance":
        return None
    edge = _EDGES[source, role, target]
    return (edge.source, edge.role, edge.target), edge


_NODES: _Made[Node] = _Made(_new_node)  # (variable, concept, alignment) -> node
_EDGES: _Made[Edge] = _Made(_new_edge)  # triple turned round -> edge
_WRITTEN_EDGES: _Made[tuple[Triple, Edge] | None] = _Made(_new_written_edge)  # triple as written -> edge
_ATTRIBUTES: _Made[Attribute] = _Made(Attribute)  # triple -> attribute


def relation(source: str, role: str, target: str, variables: set[str] | frozenset[str]) -> Edge | Attribute:
    """The relation a (non-instance) triple stands for: an :class:`Edge` when the target is a
    variable (``(a :domain b)`` read as ``(b :mod a)``), else an :class:`Attribute`.

    >>> relation("a", ":domain", "b", {"a", "b"}), relation("a", ":quant", "5", {"a"})
    (Edge(source='b', role=':mod', target='a'), Attribute(source='a', role=':quant', value='5'))
    """
    return _EDGES[source, role, target] if target in variables else _ATTRIBUTES[source, role, target]


def parse_block(file: str, start: int, lines: list[str], ends_file: bool = False) -> Entry:
    """Turn one block into an :class:`Entry` (a graph or an error). ``ends_file``: the block
    is the end of its file, so a graph still open at its end is a file cut inside it."""
    return _parse_lines(file, start, "\n".join(lines), lines, ends_file)


def _parse_lines(file: str, start: int, text: str, lines: list[str], ends_file: bool, tree: bool = False) -> Entry:
    """:func:`parse_block` of the block's ``lines``, ``text`` being them joined by newlines;
    ``tree``: build the graph's tree now (else the graph decodes its text when the tree is read)."""
    comments, graph_lines = _comments_and_graph(lines)
    metadata = parse_metadata(comments)
    entry = Entry(file=file, line=start, id=metadata.get("id"), text=text, ends_file=ends_file)
    try:
        nodes, written, nested = parse_walked("\n".join(graph_lines), first_line=start)
    except PenmanSyntaxError as problem:
        entry.error = _block_error(file, start, graph_lines, problem, ends_file)
        return entry
    penman = "\n".join(filter(str.strip, graph_lines))
    written_tree = build_tree(nodes, written, nested) if tree else parse
    entry.graph = _graph(
        nodes.values(), nodes, written, written_tree, file=file, line=start, metadata=metadata, penman=penman
    )
    return entry


def _block_error(file: str, start: int, lines: list[str], problem: PenmanSyntaxError, ends_file: bool) -> InputError:
    """The error of a block that could not be parsed; a graph still open where its file ends
    is reported at the file's last line, with the line its first '(' is on."""
    if ends_file and problem.unclosed is not None:
        last = start + max(number for number, line in enumerate(lines) if line.strip())
        message = f"the file ends inside a graph (unclosed parenthesis opened at line {problem.unclosed})"
        return InputError(file, last, message)
    return InputError(file, problem.line, problem.message)


def entries_from_text(name: str, text: str, lazy: bool = False) -> list[Entry]:
    """All blocks of an AMR/PENMAN text; raises :class:`InputError` when it holds no graph.
    ``lazy`` reads only the blocks and their ids; :func:`parse_entry` decodes one later."""
    blocks = split_blocks(text)
    if not blocks:
        raise InputError(name, None, "no graphs found (the file is empty or holds only comments)")
    last = len(blocks) - 1
    if lazy:
        # only the id is needed now: read just the comment lines that can hold it
        return [
            Entry(
                name,
                start,
                parse_metadata([line for line in _comments_and_graph(lines)[0] if "::id" in line]).get("id"),
                "\n".join(lines),
                parsed=False,
                ends_file=number == last,
            )
            for number, (start, lines) in enumerate(blocks)
        ]
    return [
        _parse_lines(name, start, "\n".join(lines), lines, number == last)
        for number, (start, lines) in enumerate(blocks)
    ]


def read_entries(path: str | Path, lazy: bool = False) -> list[Entry]:
    """All blocks of an AMR/PENMAN file (see :func:`entries_from_text`); raises
    :class:`InputError` for a file that cannot be read at all or holds no graph."""
    return entries_from_text(str(path), read_text(path), lazy)


def parse_entry(entry: Entry, tree: bool = False) -> Entry:
    """The entry with its graph decoded (itself if it already was), by its format's
    ``decode`` when it has one (a DRS), else as a PENMAN block. ``tree``: build a PENMAN
    graph's tree now, for a caller that reads every tree (Smatch); otherwise the graph
    decodes its text again when its tree is first read."""
    if entry.parsed:
        return entry
    if entry.decode is not None:
        return entry.decode(entry)
    return _parse_lines(entry.file, entry.line, entry.text, entry.text.split("\n"), entry.ends_file, tree)


def read_graph(text: str, file: str = "<string>") -> Graph:
    """Decode one graph from a string, raising :class:`InputError` if it is malformed.

    >>> [node.concept for node in read_graph("(w / want-01 :ARG0 (b / boy))").nodes]
    ['want-01', 'boy']
    """
    blocks = split_blocks(text)
    if len(blocks) != 1:
        raise InputError(file, None, f"expected one graph, found {len(blocks)}")
    entry = parse_block(file, *blocks[0])
    if entry.error is not None:
        raise entry.error
    assert entry.graph is not None
    return entry.graph
