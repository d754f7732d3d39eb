"""Read AMR/PENMAN files into :class:`~engine.model.Graph` objects.

A file is a sequence of blocks separated by blank lines; each block has
``# ::key value`` metadata lines and one PENMAN graph, decoded with the
``penman`` library and its AMR model (which undoes ``:ARG0-of`` inversions but
keeps roles such as ``:consist-of``). A block that cannot be read becomes an
:class:`Entry` with an error naming file and line, so the rest of the file is
still usable.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from pathlib import Path

import penman
import penman.surface
from penman.models import amr

from . import fast_penman
from .errors import InputError
from .model import Attribute, Edge, Graph, Node, SourceLocation

logging.getLogger("penman").setLevel(logging.CRITICAL)

_FIRST_FIELD = re.compile(r"::(?=\S)")  # '::' right before a key
_NEXT_FIELD = re.compile(r"\s::(?=\S)")  # a later field starts after white space


@dataclass
class Entry:
    """One block of an input file: a graph, or the error that kept it from being one."""

    file: str
    line: int
    id: str | None
    text: str = ""  # the block as written, comments included
    graph: Graph | None = None
    error: InputError | None = None
    parsed: bool = True  # False for an entry read with parse=False, until parse_entry

    @property
    def size(self) -> int:
        """Number of nodes, estimated from the text until the entry is parsed."""
        return len(self.graph) if self.graph is not None else self.text.count("/")


@dataclass(frozen=True)
class ReadOptions:
    """How graphs are normalised while reading.

    ``unify_domain``: read ``(a :domain b)`` as ``(b :mod a)`` (paper profile).
    """

    unify_domain: bool = True


def read_text(path: str | Path) -> str:
    """The file's text, or an :class:`InputError` that says why it cannot be had."""
    name = str(path)
    try:
        data = Path(path).read_bytes()
    except IsADirectoryError:
        raise InputError(name, None, "is a directory, not a file") from None
    except OSError as error:
        raise InputError(name, None, f"cannot read: {error.strerror or error}") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        byte = data[error.start]
        raise InputError(name, line, f"not valid UTF-8 (byte 0x{byte:02x}); save the file as UTF-8") from None


def split_blocks(text: str) -> list[tuple[int, list[str]]]:
    """Blocks of consecutive non-blank lines, each with its first line number.

    Blocks made only of comments (a file header, say) are dropped.
    """
    blocks: list[tuple[int, list[str]]] = []
    current: list[str] = []
    start = 0
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            if not current:
                start = number
            current.append(line)
        elif current:
            blocks.append((start, current))
            current = []
    if current:
        blocks.append((start, current))
    return [(start, lines) for start, lines in blocks if any(_is_graph_line(l) for l in lines)]


def _is_graph_line(line: str) -> bool:
    return not line.lstrip().startswith("#")


def parse_metadata(lines: list[str]) -> dict[str, str]:
    """``# ::id x ::date y`` lines -> {"id": "x", "date": "y"}."""
    metadata: dict[str, str] = {}
    for line in lines:
        stripped = line.strip()
        first = _FIRST_FIELD.search(stripped) if stripped.startswith("#") else None
        if first is None:
            continue
        for field in _NEXT_FIELD.split(stripped[first.end():]):
            key, *value = field.split(maxsplit=1)
            metadata.setdefault(key, value[0].strip() if value else "")
    return metadata


_BRACKET_TOKENS = re.compile(r'\n|"(?:[^"\\]|\\.)*("?)|[()]|[^\s()"]+')


def check_brackets(text: str, first_line: int = 1) -> tuple[int, str] | None:
    """Find unbalanced parentheses or text outside the one graph of a block.

    Returns (line number, message) for the first problem, or None, counting
    lines from ``first_line``. Parentheses inside double-quoted strings are ignored.
    """
    depth = 0
    opened: list[int] = []
    closed_at: int | None = None
    line = first_line
    for match in _BRACKET_TOKENS.finditer(text):
        token = match.group()
        if token == "\n":
            line += 1
            continue
        if depth == 0 and token == ")":
            return line, "unbalanced parenthesis: ')' without a matching '('"
        if closed_at is not None:
            return line, f"unexpected text after the graph that closed on line {closed_at}"
        if depth == 0 and token != "(":
            return line, f"expected '(' to start a graph, found {token[:20]!r}"
        if token.startswith('"'):
            if not match.group(1):
                return line, "unterminated string (a '\"' is never closed)"
            line += token.count("\n")
        elif token == "(":
            depth += 1
            opened.append(line)
        elif token == ")":
            depth -= 1
            opened.pop()
            if depth == 0:
                closed_at = line
    if depth > 0:
        return opened[-1], f"unbalanced parenthesis: '(' opened on line {opened[-1]} is never closed"
    if closed_at is None:
        return first_line, "no graph in this block"
    return None


def _line_of(lines: list[str], pattern: str, occurrence: int = 0) -> int:
    """Index of the line holding match number ``occurrence`` of ``pattern`` (0 when none does)."""
    compiled = re.compile(pattern)
    seen = 0
    for offset, line in enumerate(lines):
        for _ in compiled.finditer(line):
            if seen == occurrence:
                return offset
            seen += 1
    return 0


def decode_graph(text: str, file: str, start: int) -> tuple[str, list, dict[str, tuple[int, ...]]] | InputError:
    """(top, triples in penman's order, instance alignments) of one graph, or the
    error that names its line. Well-formed graphs take the fast path, anything
    else goes through bracket checks and ``penman.decode``."""
    fast = fast_penman.decode(text)
    if fast is not None:
        return fast
    problem = check_brackets(text, first_line=start)
    if problem is not None:
        return InputError(file, problem[0], problem[1])
    try:
        decoded = penman.decode(text, model=amr.model)
    except penman.DecodeError as error:
        return InputError(file, start + (error.lineno or 1) - 1, f"cannot parse graph: {error.message}")
    alignments = {triple[0]: alignment.indices for triple, alignment in penman.surface.alignments(decoded).items()}
    return decoded.top, decoded.triples, alignments


def parse_block(file: str, start: int, lines: list[str], options: ReadOptions = ReadOptions()) -> Entry:
    """Turn one block into an :class:`Entry` (a graph or an error)."""
    metadata = parse_metadata(lines)
    entry = Entry(file=file, line=start, id=metadata.get("id"), text="\n".join(lines))
    # Comment lines become empty lines so that penman's line numbers stay block-relative.
    graph_lines = [line if _is_graph_line(line) else "" for line in lines]
    penman_lines = [line for line in graph_lines if line]
    graph_text = "\n".join(graph_lines)

    def fail(offset: int, message: str) -> Entry:
        entry.error = InputError(file, start + offset, message)
        return entry

    decoded = decode_graph(graph_text, file, start)
    if isinstance(decoded, InputError):
        entry.error = decoded
        return entry
    top, triples, alignments = decoded
    variables = {top} | {source for source, _, _ in triples}

    nodes: dict[str, Node] = {}
    for source, role, concept in triples:
        if role != ":instance":
            continue
        if concept is None:
            return fail(_line_of(graph_lines, rf"\(\s*{re.escape(source)}\s*/"), f"variable {source} has no concept")
        if source in nodes:
            return fail(
                _line_of(graph_lines, rf"\(\s*{re.escape(source)}\s*/", occurrence=1),
                f"variable {source} is defined twice ({nodes[source].concept} and {concept})",
            )
        nodes[source] = Node(source, concept, frozenset(alignments.get(source, ())))

    edges: dict[Edge, None] = {}
    attributes: dict[Attribute, None] = {}
    for source, role, target in triples:
        if role == ":instance":
            continue
        if target in variables:  # as penman's Graph.edges() / attributes()
            if options.unify_domain and role == ":domain":
                source, role, target = target, ":mod", source
            edges.setdefault(Edge(source, role, target))
        elif target is None:
            return fail(_line_of(graph_lines, re.escape(role) + r"\s*(\)|$)"), f"role {role} of {source} has no target")
        else:
            attributes.setdefault(Attribute(source, role, target))
    for item in [*edges, *attributes]:
        if item.source not in nodes:
            return fail(0, f"variable {item.source} is used but never given a concept")

    entry.graph = Graph(
        top=top,
        nodes=tuple(nodes.values()),
        edges=tuple(edges),
        attributes=tuple(attributes),
        id=entry.id,
        text=metadata.get("snt") or metadata.get("tok"),
        metadata=metadata,
        penman="\n".join(penman_lines),
        location=SourceLocation(file, start),
    )
    return entry


def pretty_penman(text: str, indent: int = 4) -> str:
    """The graph re-indented one relation a line (``penman``'s layout, roles and
    variables as written); the text unchanged if it does not parse."""
    try:
        return penman.format(penman.parse(text), indent=indent)
    except penman.DecodeError:
        return text


def read_entries(path: str | Path, options: ReadOptions = ReadOptions(), parse: bool = True) -> list[Entry]:
    """All blocks of an AMR/PENMAN file; raises :class:`InputError` for a file
    that cannot be read at all or holds no graph. With ``parse=False`` only the
    blocks and their ids are read; :func:`parse_entry` decodes one later."""
    name = str(path)
    text = read_text(path)
    blocks = split_blocks(text)
    if not blocks:
        raise InputError(name, None, "no graphs found (the file is empty or holds only comments)")
    if not parse:
        # only the id is needed now: read just the lines that can hold it
        return [Entry(name, start, parse_metadata([line for line in lines if "::id" in line]).get("id"), "\n".join(lines),
                      parsed=False) for start, lines in blocks]
    return [parse_block(name, start, lines, options) for start, lines in blocks]


def parse_entry(entry: Entry, options: ReadOptions = ReadOptions()) -> Entry:
    """The entry with its graph decoded (itself if it already was)."""
    return entry if entry.parsed else parse_block(entry.file, entry.line, entry.text.split("\n"), options)


def read_graph(text: str, file: str = "<string>", options: ReadOptions = ReadOptions()) -> Graph:
    """Decode one graph from a string, raising :class:`InputError` if it is malformed."""
    blocks = split_blocks(text)
    if len(blocks) != 1:
        raise InputError(file, None, f"expected one graph, found {len(blocks)}")
    entry = parse_block(file, blocks[0][0], blocks[0][1], options)
    if entry.error is not None:
        raise entry.error
    assert entry.graph is not None
    return entry.graph
