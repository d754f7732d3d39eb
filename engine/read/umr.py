"""Read UMR files: sentence graphs with token alignments, and document-level triples.

A UMR file is a sequence of sentence blocks, separated by lines of 80 ``#``
(some files have none: then each ``# :: sntN`` line starts a block). A block has

* the sentence: ``# :: snt1<TAB>text``, or ``# :: snt1`` with ``Index:`` and
  ``Words:`` lines;
* ``# sentence level graph:`` - one PENMAN graph, read like an AMR graph;
* ``# alignment:`` - ``var: start-end[, start-end]`` token spans counted from 1,
  ``0-0`` or ``-1--1`` meaning unaligned; variables not in the graph are warned
  about. Spans are kept as 0-based word positions (like ISI ``~e.N``);
* ``# document level annotation:`` - ``(s1s0 / sentence :temporal ((a :before b) ...)
  :modal (...) :coref (...))``, a list-of-triples grammar that is not PENMAN.

A sentence whose graph is malformed becomes an entry with an error naming file
and line; its document-level triples are still read when they parse.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from ..errors import InputError
from ..model import DOC_KINDS, DocTriple
from .amr import parse_block
from .penman_tree import parse
from .source import Entry, read_text

__all__ = [
    "DOC_KINDS",
    "DocTriple",
    "UmrDocument",
    "UmrFile",
    "UmrSentence",
    "read_umr",
    "umr_from_text",
]

SEPARATOR = re.compile(r"^#{20,}\s*$")
SENTENCE = re.compile(r"^#\s*::\s*snt(\d+)\b[ \t]*(.*)$")
SECTION = re.compile(r"^#\s*(sentence level graph|alignment|document level annotation)\s*:?\s*$", re.IGNORECASE)
SPAN = re.compile(r"^(-?\d+)-(-?\d+)$")
DOC_TOKEN = re.compile(r'\(|\)|"[^"]*"|[^\s()]+')


@dataclass
class UmrSentence:
    number: int
    words: list[str]
    entry: Entry
    triples: list[DocTriple] = field(default_factory=list)


@dataclass
class UmrDocument:
    """Consecutive sentences of one document (a file restarting at ``snt1`` starts another)."""

    index: int
    sentences: list[UmrSentence]

    @property
    def triples(self) -> list[DocTriple]:
        return [triple for sentence in self.sentences for triple in sentence.triples]


def split_sentence_blocks(lines: list[str]) -> list[tuple[int, list[str]]]:
    """(first line number, lines) of each sentence block."""
    blocks: list[tuple[int, list[str]]] = []
    use_separators = any(SEPARATOR.match(line) for line in lines)
    current: list[str] = []
    start = 1
    for number, line in enumerate(lines, start=1):
        starts_block = SEPARATOR.match(line) if use_separators else SENTENCE.match(line)
        if starts_block:
            if any(line.strip() for line in current):
                blocks.append((start, current))
            current, start = ([] if use_separators else [line]), (number + 1 if use_separators else number)
        else:
            if not current and not line.strip():
                start = number + 1
                continue
            current.append(line)
    if any(line.strip() for line in current):
        blocks.append((start, current))
    return blocks


def _sections(start: int, lines: list[str]) -> dict[str, tuple[int, list[str]]]:
    """The block's parts: "head", "sentence level graph", "alignment", "document level annotation"."""
    parts: dict[str, tuple[int, list[str]]] = {"head": (start, [])}
    name = "head"
    for offset, line in enumerate(lines):
        match = SECTION.match(line.strip())
        if match:
            name = match.group(1).lower()
            parts[name] = (start + offset + 1, [])
        else:
            parts[name][1].append(line)
    return parts


def parse_alignment(
    file: str, start: int, lines: list[str], variables: set[str], warnings: list[str]
) -> dict[str, frozenset[int]]:
    """``var: a-b[, c-d]`` lines -> var -> token indices; 0-0 and -1--1 are unaligned."""
    spans: dict[str, frozenset[int]] = {}
    for offset, line in enumerate(lines):
        text = line.strip()
        if not text:
            continue
        var, colon, rest = text.partition(":")
        var = var.strip()
        indices: set[int] = set()
        ok = bool(colon) and bool(var)
        for piece in filter(None, (p.strip() for p in rest.split(","))) if ok else []:
            match = SPAN.match(piece.replace(" ", ""))
            if not match:
                ok = False
                break
            low, high = int(match.group(1)), int(match.group(2))
            if (low, high) not in ((0, 0), (-1, -1)):
                indices.update(range(low, high + 1))
        if not ok:
            warnings.append(f"{file}:{start + offset}: cannot read alignment line {text!r}; ignored")
            continue
        if var not in variables:
            warnings.append(
                f"{file}:{start + offset}: alignment names {var}, which is not in the sentence graph; ignored"
            )
            continue
        spans[var] = frozenset(indices)
    return spans


def _doc_tokens(start: int, lines: list[str]) -> list[tuple[str, int]]:
    tokens = []
    for offset, line in enumerate(lines):
        tokens += [(match.group(), start + offset) for match in DOC_TOKEN.finditer(line)]
    return tokens


def parse_document_annotation(file: str, start: int, lines: list[str]) -> list[DocTriple]:
    """``(sNs0 / sentence :temporal ((a :before b) ...) :modal (...) :coref (...))`` -> triples.

    Raises InputError naming the line of the first token that does not fit.
    """
    tokens = _doc_tokens(start, lines)
    if not tokens:
        return []
    position = 0

    def fail(message: str) -> InputError:
        line = tokens[min(position, len(tokens) - 1)][1]
        return InputError(file, line, f"document level annotation: {message}")

    def take(expected: str | None = None) -> str:
        nonlocal position
        if position >= len(tokens):
            raise fail(f"unexpected end, expected {expected or 'more'}")
        token = tokens[position][0]
        if expected is not None and token != expected:
            raise fail(f"expected {expected!r}, found {token!r}")
        position += 1
        return token

    take("(")
    take()  # the sentence variable, e.g. s1s0
    take("/")
    take()  # "sentence"
    triples: list[DocTriple] = []
    while position < len(tokens) and tokens[position][0] != ")":
        key = take()
        if not key.startswith(":"):
            raise fail(f"expected a :temporal, :modal or :coref key, found {key!r}")
        kind = key[1:].lower()
        take("(")
        while position < len(tokens) and tokens[position][0] == "(":
            line = tokens[position][1]
            take("(")
            source, relation, target = take(), take(), take()
            if not relation.startswith(":"):
                raise fail(f"expected a relation such as :before, found {relation!r}")
            take(")")
            triples.append(DocTriple(kind, source, relation, target, line))
        take(")")
    take(")")
    if position != len(tokens):
        raise fail(f"unexpected {tokens[position][0]!r} after the annotation")
    return triples


def parse_sentence_block(
    file: str, start: int, lines: list[str], warnings: list[str], ends_file: bool = False
) -> UmrSentence:
    """One sentence's block; ``ends_file``: the file's last block (a sentence graph that is its
    last section and is still open at its end was cut with the file)."""
    parts = _sections(start, lines)
    head_lines = parts["head"][1]
    number, words, text = 0, [], ""
    for line in head_lines:
        match = SENTENCE.match(line.strip())
        if match:
            number, text = int(match.group(1)), match.group(2).strip()
        elif line.strip().startswith("Words:"):
            words = line.strip()[len("Words:") :].split()
    words = words or text.split()
    identifier = f"snt{number}" if number else None
    if "sentence level graph" not in parts:
        entry = Entry(
            file,
            start,
            identifier,
            "\n".join(lines),
            error=InputError(file, start, "no '# sentence level graph:' section"),
        )
        return UmrSentence(number, words, entry)
    graph_start, graph_lines = parts["sentence level graph"]
    cut = ends_file and list(parts)[-1] == "sentence level graph"
    entry = parse_block(file, graph_start, [line if line.strip() else "" for line in graph_lines], cut)
    entry.id, entry.text = identifier, "\n".join(lines)
    if entry.graph is not None:
        variables = {node.var for node in entry.graph.nodes}
        spans = {}
        if "alignment" in parts:
            spans = parse_alignment(file, *parts["alignment"], variables, warnings)
        entry.graph = replace(
            entry.graph,
            nodes=tuple(replace(node, span=spans.get(node.var, frozenset())) for node in entry.graph.nodes),
            id=identifier,
            text=" ".join(words),
            penman="\n".join(line for line in graph_lines if line.strip()),
            tree=parse,  # decoded from that text on first read, as the reader's graph would be
        )
    sentence = UmrSentence(number, words, entry)
    if "document level annotation" in parts:
        try:
            sentence.triples = parse_document_annotation(file, *parts["document level annotation"])
        except InputError as error:
            warnings.append(f"{error}; this sentence's document-level triples are ignored")
    return sentence


@dataclass
class UmrFile:
    path: str
    documents: list[UmrDocument]
    warnings: list[str]

    @property
    def sentences(self) -> list[UmrSentence]:
        return [sentence for document in self.documents for sentence in document.sentences]


def _word_matches(sentences: list[UmrSentence], shift: int) -> int:
    """How many aligned nodes' lemmas start the word at position (index - shift)."""
    count = 0
    for sentence in sentences:
        graph = sentence.entry.graph
        if graph is None:
            continue
        for node in graph.nodes:
            for index in node.span:
                position = index - shift
                if 0 <= position < len(sentence.words) and sentence.words[position].lower().startswith(
                    node.lemma.lower()[:3]
                ):
                    count += 1
    return count


def normalise_alignment_base(path: str, sentences: list[UmrSentence], warnings: list[str]) -> None:
    """Make spans 0-based word positions, as ISI alignments are. UMR counts
    tokens from 1, but some tools write them from 0: the base that makes the
    aligned words fit the concepts better is used."""
    shift = 1
    if _word_matches(sentences, shift=0) > _word_matches(sentences, shift=1):
        shift = 0
        warnings.append(f"{path}: token alignments are read as counted from 0 (they fit the words better that way)")
    for sentence in sentences:
        graph = sentence.entry.graph
        if graph is not None and shift:
            nodes = tuple(replace(node, span=frozenset(k - shift for k in node.span)) for node in graph.nodes)
            sentence.entry.graph = replace(graph, nodes=nodes, tree=parse)  # the tree still decoded when read


def read_umr(path: str | Path) -> UmrFile:
    """Every sentence of a UMR file, grouped into documents."""
    return umr_from_text(str(path), read_text(path))


def umr_from_text(name: str, text: str) -> UmrFile:
    """Every sentence of a UMR text, grouped into documents."""
    lines = text.splitlines()
    warnings: list[str] = []
    blocks = split_sentence_blocks(lines)
    sentences = [
        parse_sentence_block(name, start, block, warnings, number == len(blocks) - 1)
        for number, (start, block) in enumerate(blocks)
    ]
    if not sentences:
        raise InputError(name, None, "no UMR sentence blocks found (the file is empty or is not UMR)")
    normalise_alignment_base(name, sentences, warnings)
    documents: list[UmrDocument] = []
    for sentence in sentences:
        if not documents or (sentence.number == 1 and documents[-1].sentences):
            documents.append(UmrDocument(len(documents), []))
        documents[-1].sentences.append(sentence)
    return UmrFile(name, documents, warnings)
