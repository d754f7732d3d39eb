"""A fast path for decoding well-formed PENMAN graphs.

It yields the same triples, in the same order, as ``penman.decode`` with the
AMR model (token patterns as penman's lexer, depth-first interpretation,
``-of`` roles de-inverted unless the model knows the role, as ``:consist-of``),
plus the instance alignments (``~e.N``). Anything unusual - an unexpected
token, a missing concept or target, a comment, text after the graph - makes it
return None, and the caller decodes with ``penman`` itself, which also gives
the error messages. The test suite checks it against ``penman`` on every
bundled and generated file.
"""

from __future__ import annotations

import re

from penman.models import amr

Triple = tuple[str, str, str]

# penman's token patterns, in its order; a token's kind is told by its first character. The white
# space before a token is taken in the same match (findall gives the group): one match per token
# instead of a failed try of every pattern at each space of the indentation.
_TOKEN = re.compile(
    r'[ \t\r\n\v\f]*('
    r'"[^"\\]*(?:\\.[^"\\]*)*"|[()/]|:[^ \t\r\n\v\f"()/:~]*|[^ \t\r\n\v\f"()/:~]+'
    r'|~(?:[a-z]\.?)?[0-9]+(?:,[0-9]+)*|[^ \t\r\n\v\f])'
)
_KIND = {"(": "l", ")": "r", "/": "slash", ":": "role", "~": "al", '"': "s"}
_ALIGNMENT_NUMBERS = re.compile(r"[0-9]+")
_inverted: dict[str, str | None] = {}


class _Unusual(Exception):
    """The graph needs penman's full treatment."""


def _checked(kind: str, token: str) -> str:
    """The token, unless it is a lone '"' or '~' that penman would not take as a string or an alignment."""
    if (kind == "s" and (len(token) < 2 or token[-1] != '"')) or (kind == "al" and len(token) < 2):
        raise _Unusual
    return token


def _deinverted(role: str) -> str | None:
    """The de-inverted role if the AMR model considers ``role`` inverted, else None."""
    if role not in _inverted:
        _inverted[role] = role[:-3] if amr.model.is_role_inverted(role) else None
    return _inverted[role]


def tree(text: str) -> tuple | None:
    """The graph as written: (var, concept, alignment, [(role, target), ...]) with
    nested nodes as targets and roles, constants and quotes as in the text; None
    to let penman decide."""
    if "#" in text:
        return None
    tokens = [(_KIND.get(token[0], "sym"), token) for token in _TOKEN.findall(text)]
    if not tokens:
        return None
    try:
        position, root = _node(tokens, 0)
    except (_Unusual, IndexError):
        return None
    return root if position == len(tokens) else None


def decode(text: str) -> tuple[str, list[Triple], dict[str, tuple[int, ...]]] | None:
    """(top, triples, instance alignments) of one graph, or None to let penman decide."""
    root = tree(text)
    if root is None:
        return None
    variables: set[str] = set()
    _collect(root, variables)
    triples: list[Triple] = []
    alignments: dict[str, tuple[int, ...]] = {}
    try:
        _interpret(root, variables, triples, alignments)
    except _Unusual:
        return None
    return root[0], triples, alignments


def _node(tokens, position):
    """'(' var ['/' concept [alignment]] (role [alignment] target)* ')' -> (var, concept, alignment, edges)."""
    if tokens[position][0] != "l" or tokens[position + 1][0] != "sym" or tokens[position + 2][0] != "slash":
        raise _Unusual
    var = tokens[position + 1][1]
    kind, concept = tokens[position + 3]
    if kind not in ("sym", "s"):
        raise _Unusual
    _checked(kind, concept)
    position += 4
    alignment = None
    if tokens[position][0] == "al":
        alignment = _checked(*tokens[position])
        position += 1
    edges = []
    while tokens[position][0] != "r":
        kind, role = tokens[position]
        if kind != "role":
            raise _Unusual
        position += 1
        if tokens[position][0] == "al":
            _checked(*tokens[position])
            position += 1
        kind, value = tokens[position]
        if kind in ("sym", "s"):
            _checked(kind, value)
            position += 1
            if tokens[position][0] == "al":
                _checked(*tokens[position])
                position += 1
            edges.append((role, value))
        elif kind == "l":
            position, child = _node(tokens, position)
            edges.append((role, child))
        else:
            raise _Unusual
    return position + 1, (var, concept, alignment, edges)


def _collect(node, variables: set[str]) -> None:
    variables.add(node[0])
    for _, target in node[3]:
        if isinstance(target, tuple):
            _collect(target, variables)


def _interpret(node, variables, triples: list[Triple], alignments) -> None:
    """Depth first, as penman: the instance, then each edge followed by its nested node."""
    var, concept, alignment, edges = node
    triples.append((var, ":instance", concept))
    if alignment is not None and var not in alignments:
        alignments[var] = tuple(int(n) for n in _ALIGNMENT_NUMBERS.findall(alignment.split(".")[-1]))
    for role, target in edges:
        inverse = _deinverted(role)
        if isinstance(target, tuple):
            child = target[0]
            triples.append((child, inverse, var) if inverse else (var, role, child))
            _interpret(target, variables, triples, alignments)
        elif inverse and target in variables:
            triples.append((target, inverse, var))
        elif inverse:
            raise _Unusual  # an inverted role on a constant: penman warns and keeps it as is
        else:
            triples.append((var, role, target))
