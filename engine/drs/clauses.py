"""Read DRS clause files (``.clf``, the PMB / DRS_parsing format; van Noord et al. 2018).

A file holds DRSs separated by blank lines. Each DRS is one clause a line, with
comment lines (``%``) among them; ``%%%`` header lines carry metadata and, in
PMB files, the sentence on the last of them. Everything from a ``%`` token on
a clause line is a comment, normally ``% token [start...end]``: the sentence
word the clause comes from, by character offsets into the raw sentence. A
comment line of that form alone names a word without clauses.

A clause has 3 tokens (``b1 REF x1``, ``b0 NOT b1``) or 4 (``b1 Agent e1 x1``,
``b2 male "n.02" x1``, ``b1 TPR t1 "now"``); a quoted constant may contain
spaces. The second token decides the kind: no lower-case letter = operator,
capital then lower case = role, otherwise a concept, whose third token is its
quoted WordNet sense. A concept already merged with its sense
(``b2 male.n.02 x1``) is read as the same concept.

A malformed DRS becomes a :class:`DrsEntry` whose ``error`` is an
:class:`~engine.errors.InputError` naming file and line; the other DRSs of the
file are read as usual. Test and gold DRSs are paired by position
(:func:`pair_drs`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from ..errors import InputError, read_text

__all__ = [
    "Anchor",
    "Clause",
    "ClauseKind",
    "DrsEntry",
    "clause_kind",
    "header_id",
    "header_sentence",
    "is_constant",
    "looks_like_drs",
    "pair_drs",
    "parse_drs_block",
    "parse_drs_text",
    "read_drs_file",
    "split_drs_blocks",
]

ClauseKind = Literal["operator", "role", "concept"]

_ANCHOR = re.compile(r"^%\s*(?P<token>\S.*?)\s*\[(?P<start>\d+)\.\.\.(?P<end>\d+)\]\s*$")
_SENSE = re.compile(r'^"(?P<sense>[nvars]\.\d\d)"$')
_MERGED_CONCEPT = re.compile(r"^(?P<lemma>.+)\.(?P<sense>[nvars]\.\d\d)$")
_VARIABLE = re.compile(r"^[^\"%\s()]+$")
_HEADER_ID = re.compile(r"^(?:::id\s+|id\s*[:=]\s*)(?P<id>\S+)\s*$", re.IGNORECASE)
_PMB_DOCUMENT = re.compile(r"\b(?P<id>p\d\d/d\d{4})\b")


@dataclass(frozen=True, slots=True)
class Anchor:
    """A sentence word named by a ``% token [start...end]`` comment: its text and
    character offsets into the raw sentence (end exclusive)."""

    token: str
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class Clause:
    """One clause as read: its box, relation (operator, role, or a concept's lemma),
    a concept's sense (``n.02``, without quotes), the arguments after the relation
    (variables and quoted constants; a concept's sense is not among them), its kind,
    the tokens as written, the file line and the word its comment names."""

    box: str
    relation: str
    kind: ClauseKind
    arguments: tuple[str, ...]
    sense: str | None
    tokens: tuple[str, ...]
    line: int
    anchor: Anchor | None = None

    @property
    def name(self) -> str:
        """The relation, with a concept's sense: ``male.n.02``, ``Agent``, ``REF``."""
        return f"{self.relation}.{self.sense}" if self.sense is not None else self.relation

    @property
    def variables(self) -> tuple[str, ...]:
        """The box and the arguments that are variables, in clause order."""
        return (self.box,) + tuple(a for a in self.arguments if not is_constant(a))

    def text(self) -> str:
        """The clause as a line, tokens joined by single spaces."""
        return " ".join(self.tokens)


@dataclass
class DrsEntry:
    """One DRS of a file: where it starts, its id (from a ``%%%`` header when there
    is one, else its 1-based position), its sentence, clauses and sentence words
    (distinct anchors in text order), the block as written, or why it cannot be read."""

    file: str
    line: int
    position: int
    id: str
    sentence: str | None
    clauses: tuple[Clause, ...]
    words: tuple[Anchor, ...] = ()
    text: str = ""
    error: InputError | None = None

    @property
    def ok(self) -> bool:
        return self.error is None

    def word_position(self, anchor: Anchor | None) -> int | None:
        """The 0-based position among ``words`` of the word an anchor names."""
        if anchor is None:
            return None
        return next(
            (i for i, word in enumerate(self.words) if (word.start, word.end) == (anchor.start, anchor.end)), None
        )


def is_constant(token: str) -> bool:
    """A quoted token (``"now"``, ``"n.02"``) is a constant, anything else a variable."""
    return len(token) >= 2 and token[0] == token[-1] == '"'


def clause_kind(relation: str) -> ClauseKind:
    """As Counter reads a clause (van Noord et al. 2018): no lower-case letter (and a capital
    first) = operator (``REF``, ``NOT``, ``SY1``), capital then lower case = role (``Agent``,
    ``Co-Theme``), anything else = concept."""
    if relation[:1].isupper():
        return "role" if any(c.islower() for c in relation) else "operator"
    return "concept"


def _split_tokens(line: str) -> tuple[list[str], str | None, str | None]:
    """The clause tokens of a line, its comment (from the first ``%`` token on) and
    a problem, if any. A quoted token runs to the next ``"`` that ends a token."""
    tokens: list[str] = []
    position, length = 0, len(line)
    while position < length:
        if line[position].isspace():
            position += 1
            continue
        if line[position] == "%":
            return tokens, line[position:], None
        if line[position] == '"':
            end = position + 1
            while True:
                end = line.find('"', end)
                if end == -1:
                    return tokens, None, f"unclosed quote in {line[position:].strip()}"
                if end + 1 == length or line[end + 1].isspace():
                    break
                end += 1
            tokens.append(line[position : end + 1])
            position = end + 1
            continue
        end = position
        while end < length and not line[end].isspace():
            end += 1
        tokens.append(line[position:end])
        position = end
    return tokens, None, None


def _anchor(comment: str | None) -> Anchor | None:
    match = _ANCHOR.match(comment) if comment else None
    if match is None:
        return None
    return Anchor(match["token"], int(match["start"]), int(match["end"]))


def parse_clause(tokens: Sequence[str], line: int, anchor: Anchor | None = None) -> Clause | str:
    """A :class:`Clause` from its tokens, or a sentence saying what is wrong."""
    if len(tokens) not in (3, 4):
        return f"a clause has 3 or 4 fields, this one has {len(tokens)}: {' '.join(tokens)}"
    box, relation, *rest = tokens
    if not _VARIABLE.match(box):
        return f"the first field of a clause is a box variable, not {box}"
    if not _VARIABLE.match(relation):
        return f"the second field of a clause is an operator, role or concept, not {relation}"
    for argument in rest:
        if not (is_constant(argument) or _VARIABLE.match(argument)):
            return f"argument {argument} is neither a variable nor a quoted constant"
    kind = clause_kind(relation)
    if kind != "concept":
        return Clause(box, relation, kind, tuple(rest), None, tuple(tokens), line, anchor)
    merged = _MERGED_CONCEPT.match(relation)
    if len(tokens) == 3 and merged:
        lemma, sense, arguments = merged["lemma"], merged["sense"], tuple(rest)
    elif len(tokens) == 4 and (written := _SENSE.match(rest[0])):
        lemma, sense, arguments = relation, written["sense"], (rest[1],)
    elif len(tokens) == 4 and is_constant(rest[0]):
        return f"concept {relation} has sense {rest[0]}; a sense looks like \"n.01\" (n, v, a, r or s, two digits)"
    else:
        return f"concept {relation} has no sense: write it as b1 {relation} \"n.01\" x1"
    if is_constant(arguments[0]):
        return f"concept {relation} applies to a variable, not to the constant {arguments[0]}"
    return Clause(box, lemma, "concept", arguments, sense, tuple(tokens), line, anchor)


def _header_value(lines: Sequence[str]) -> tuple[str | None, str | None]:
    """The id and the sentence of a DRS's ``%%%`` header lines: an ``id: X`` line or a
    PMB document path (``p00/d2862``) gives the id; the last other line is the sentence."""
    identifier, sentence = None, None
    for raw in lines:
        body = raw.lstrip()[3:].strip()
        explicit = _HEADER_ID.match(body)
        if explicit:
            identifier = explicit["id"]
            continue
        document = _PMB_DOCUMENT.search(body)
        if document and "output" in body.lower():
            identifier = identifier or document["id"]
            continue
        if body:
            sentence = body
    return identifier, sentence


def _sentence_from_words(words: Sequence[Anchor]) -> str | None:
    """The raw sentence rebuilt from its words' character offsets (a space where a gap is)."""
    text = ""
    for word in words:  # in text order; a word may follow the previous one without a gap ("did", "n't")
        text = text.ljust(word.start) + word.token
    return text.strip() or None


def header_id(lines: Sequence[str]) -> str | None:
    """The id a DRS's ``%%%`` header lines give (None without one), read without
    parsing its clauses (for pairing DRSs read lazily)."""
    return _header_value([line for line in lines if line.lstrip().startswith("%%%")])[0]


def header_sentence(lines: Sequence[str]) -> str | None:
    """The sentence a DRS's ``%%%`` header lines give, its white space made single spaces
    (None without one), read without parsing its clauses (for pairing DRSs by sentence).

    >>> header_sentence(["%%% id: a", "%%%  She   sang .", "b1 REF x1"])
    'She sang .'
    """
    sentence = _header_value([line for line in lines if line.lstrip().startswith("%%%")])[1]
    return " ".join(sentence.split()) if sentence else None


def parse_drs_block(file: str, start: int, position: int, lines: Sequence[str]) -> DrsEntry:
    """One DRS from its block of lines (the first on line ``start`` of ``file``; the
    ``position``-th DRS of the file, from 1)."""
    return _entry(file, start, position, list(enumerate(lines, start=start)))


def _entry(file: str, start: int, position: int, lines: list[tuple[int, str]]) -> DrsEntry:
    header: list[str] = []
    clauses: list[Clause] = []
    anchors: dict[tuple[int, int], Anchor] = {}
    error: InputError | None = None
    for number, line in lines:
        stripped = line.strip()
        if stripped.startswith("%%%"):
            header.append(stripped)
            continue
        tokens, comment, problem = _split_tokens(line)
        anchor = _anchor(comment)
        if anchor is not None:
            anchors.setdefault((anchor.start, anchor.end), anchor)
        if problem is None and tokens:
            parsed = parse_clause(tokens, number, anchor)
            if isinstance(parsed, Clause):
                clauses.append(parsed)
                continue
            problem = parsed
        if problem is not None and error is None:
            error = InputError(file, number, problem)
    words = tuple(anchors[key] for key in sorted(anchors))
    identifier, sentence = _header_value(header)
    return DrsEntry(
        file=file,
        line=start,
        position=position,
        id=identifier or str(position),
        sentence=sentence or _sentence_from_words(words),
        clauses=tuple(clauses),
        words=words,
        text="\n".join(line for _, line in lines),
        error=error,
    )


def split_drs_blocks(text: str) -> list[tuple[int, list[str]]]:
    """The DRS blocks of a clause file's text: (first line number, lines), blocks
    separated by blank lines; a block of comments only (a file header) is not a
    DRS, as in Counter."""
    blocks: list[tuple[int, list[str]]] = []
    block: list[str] = []
    start = 1

    def close() -> None:
        if any(line.strip() and not line.lstrip().startswith("%") for line in block):
            blocks.append((start, list(block)))
        block.clear()

    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            if not block:
                start = number
            block.append(line)
        else:
            close()
    close()
    return blocks


def parse_drs_text(file: str, text: str) -> list[DrsEntry]:
    """The DRSs of a clause file's text (:func:`split_drs_blocks`); ``file`` names it in errors."""
    return [
        parse_drs_block(file, start, position, lines)
        for position, (start, lines) in enumerate(split_drs_blocks(text), start=1)
    ]


def read_drs_file(path: str | Path) -> list[DrsEntry]:
    """The DRSs of a clause file; an unreadable file raises :class:`InputError`."""
    return parse_drs_text(str(path), read_text(path))


def looks_like_drs(text: str) -> bool:
    """Whether text is a clause file: its first line that is not blank starts with
    ``%`` (PENMAN comments start with ``#``), or is a 3- or 4-field clause."""
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped:
            continue
        if stripped.startswith("%"):
            return True
        tokens, _, problem = _split_tokens(stripped)
        return problem is None and isinstance(parse_clause(tokens, 1), Clause)
    return False


def pair_drs(
    test: Sequence[DrsEntry], gold: Sequence[DrsEntry], test_file: str, gold_file: str
) -> list[tuple[DrsEntry, DrsEntry]]:
    """Test and gold DRSs paired by position; different counts are an error naming both."""
    if len(test) != len(gold):
        raise InputError(
            test_file, None, f"holds {len(test)} DRS(s) but {gold_file} holds {len(gold)}; DRSs are paired by position"
        )
    return list(zip(test, gold))
