"""Parse one PENMAN graph into its tree, iteratively, with line numbers on every problem.

The grammar and token patterns are those of the ``penman`` library::

    Node := '(' Variable '/' Concept [Alignment] (Role [Alignment] Target [Alignment])* ')'
    Target := Node | Symbol | String

The result is the graph *as written*: ``(var, concept, alignment, [(role, target), ...])``
with nested nodes as targets, and roles, concepts and constants as in the text (role and
constant alignments dropped, the concept's alignment kept). Parsing uses an explicit stack,
so any depth of nesting is read. The test suite checks the triples
(:func:`interpret`) against ``penman.decode`` with the AMR model on every bundled file, on
generated corpora and on random graphs.

Unlike ``penman``, which warns and goes on, a node without a concept, a role without a
target, a variable defined twice and an empty ``()`` are errors here, each naming its line.

>>> parse("(r / read-01~e.2 :ARG0 (h / he) :polarity -)")
('r', 'read-01', '~e.2', [(':ARG0', ('h', 'he', None, [])), (':polarity', '-')])
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from penman.models import amr

from ..model import Tree

__all__ = ["PenmanSyntaxError", "Triple", "format_tree", "interpret", "iter_nodes", "orient", "parse", "span_of"]

Triple = tuple[str, str, str]

# penman's token patterns, in its order; a token's kind is told by its first character. The white
# space before a token is taken in the same match (findall gives the group): one match per token
# instead of a failed try of every pattern at each space of the indentation. Strings and comments
# end at the line's end, as penman lexes line by line.
_SPACE = r"[ \t\r\n\v\f]*"
_TOKEN_BODY = (
    r'\#[^\n]*|"[^"\\\n]*(?:\\.[^"\\\n]*)*"|[()/]|:[^ \t\r\n\v\f"()/:~]*|[^ \t\r\n\v\f"()/:~]+'
    r"|~(?:[a-z]\.?)?[0-9]+(?:,[0-9]+)*|[^ \t\r\n\v\f]"
)
_TOKEN = re.compile(_SPACE + "(" + _TOKEN_BODY + ")")
_TOKEN_AT = re.compile(_TOKEN_BODY)  # the same tokens, with their offsets, for error messages
_ALIGNMENT_NUMBERS = re.compile(r"[0-9]+")
_inverted: dict[str, str | None] = {}


class PenmanSyntaxError(Exception):
    """A problem at ``line`` (counted from the ``first_line`` given to :func:`parse`);
    ``unclosed`` is the line of the graph's first '(' when the text ended before it closed
    (a reader that knows the text is the end of its file says so: the file was cut)."""

    def __init__(self, line: int, message: str, unclosed: int | None = None):
        super().__init__(line, message)
        self.line = line
        self.message = message
        self.unclosed = unclosed


def _kind(token: str) -> str:
    """'(' ')' '/' ':' (role) '~' (alignment) '"' (string) 'sym', or '?' for a token that
    fits no pattern (a lone '"' or '~')."""
    first = token[0]
    if first in '()/:':
        return first
    if first == '"':
        return '"' if len(token) > 1 and token[-1] == '"' else "?"
    if first == "~":
        return "~" if len(token) > 1 else "?"
    return "sym"


_FIRST = {"(": "(", ")": ")", "/": "/", ":": ":", '"': "check", "~": "check"}


def _deinverted(role: str) -> str | None:
    """The de-inverted role if the AMR model considers ``role`` inverted (``:ARG0-of``), else
    None (``:consist-of`` is a role of its own)."""
    if role not in _inverted:
        _inverted[role] = role[:-3] if amr.model.is_role_inverted(role) else None
    return _inverted[role]


class _Tokens:
    """The graph's tokens (comments dropped) and the way back to a token's line."""

    def __init__(self, text: str, first_line: int):
        self.text = text
        self.first_line = first_line
        self.items = [token for token in _TOKEN.findall(text) if token[0] != "#"]
        # most tokens are told by their first character; strings and alignments need a second look
        kinds = [_FIRST.get(token[0], "sym") for token in self.items]
        for index, kind in enumerate(kinds):
            if kind == "check":
                kinds[index] = _kind(self.items[index])
        self.kinds = kinds

    def line(self, index: int) -> int:
        """The line of token ``index`` (the end of the text past the last token)."""
        count = -1
        for match in _TOKEN_AT.finditer(self.text):
            if match.group()[0] == "#":
                continue
            count += 1
            if count == index:
                return self.text.count("\n", 0, match.start()) + self.first_line
        return self.text.count("\n") + self.first_line

    def error(self, index: int, message: str, ended: bool = False) -> PenmanSyntaxError:
        """The problem at token ``index``; ``ended``: found at the end of the text, inside the
        graph opened by the first token."""
        return PenmanSyntaxError(self.line(index), message, self.line(0) if ended else None)

    def describe(self, index: int) -> str:
        return repr(self.items[index][:20]) if index < len(self.items) else "the end of the graph"


def parse(text: str, first_line: int = 1) -> Tree:
    """The tree of the one graph in ``text``; raises :class:`PenmanSyntaxError` naming the
    line, counted from ``first_line``."""
    tokens = _Tokens(text, first_line)
    items, kinds = tokens.items, tokens.kinds
    count = len(items)
    if count == 0:
        raise PenmanSyntaxError(first_line, "no graph in this block")
    if kinds[0] != "(":
        raise tokens.error(0, f"expected '(' to start a graph, found {tokens.describe(0)}")
    defined: dict[str, str] = {}  # variable -> its concept
    stack: list[
        tuple[str, str, str | None, list, str, int]
    ] = []  # open nodes: var, concept, alignment, edges, role to parent, '(' index
    position, role_to_parent = 0, ""
    while True:
        # a node starts at items[position] == '('
        opened = position
        position += 1
        if position < count and kinds[position] == ")":
            raise tokens.error(opened, "empty graph '()': a node needs a variable and a concept")
        if position >= count or kinds[position] != "sym":
            raise tokens.error(
                position,
                f"cannot parse graph: expected a variable after '(', found {tokens.describe(position)}",
                ended=position >= count,
            )
        var = items[position]
        position += 1
        if position < count and kinds[position] == "/":
            position += 1
            if position >= count or kinds[position] not in ("sym", '"'):
                raise _concept_problem(tokens, position, var)
        elif position >= count or kinds[position] in (":", ")"):
            raise tokens.error(opened, f"variable {var} has no concept", ended=position >= count)
        else:
            raise tokens.error(
                position,
                f"cannot parse graph: expected '/' and a concept after the variable {var}, "
                f"found {tokens.describe(position)}",
            )
        concept = items[position]
        if var in defined:
            raise tokens.error(opened, f"variable {var} is defined twice ({defined[var]} and {concept})")
        defined[var] = concept
        position += 1
        alignment = None
        if position < count and kinds[position] == "~":
            alignment = items[position]
            position += 1
        stack.append((var, concept, alignment, [], role_to_parent, opened))
        # the node's edges, and the closing of finished nodes, until a nested node starts
        while True:
            if position >= count:
                raise tokens.error(
                    stack[-1][5],
                    f"unbalanced parenthesis: '(' opened on line {tokens.line(stack[-1][5])} is never closed",
                    ended=True,
                )
            kind = kinds[position]
            if kind == ")":
                position += 1
                var, concept, alignment, edges, role, _ = stack.pop()
                node: Tree = (var, concept, alignment, edges)
                if not stack:
                    _check_end(tokens, position)
                    return node
                stack[-1][3].append((role, node))
                continue
            if kind != ":":
                if kind == "?" and items[position] == '"':
                    raise tokens.error(position, "unterminated string (a '\"' is never closed)")
                raise tokens.error(
                    position,
                    f"cannot parse graph: expected a role (such as :ARG0) or ')' in "
                    f"{stack[-1][0]}, found {tokens.describe(position)}",
                )
            role = items[position]
            position += 1
            if position < count and kinds[position] == "~":
                position += 1
            kind = kinds[position] if position < count else ")"
            if kind in ("sym", '"'):
                stack[-1][3].append((role, items[position]))
                position += 1
                if position < count and kinds[position] == "~":
                    position += 1
                continue
            if kind == "(":
                role_to_parent = role
                break
            if kind in (":", ")"):
                message = f"role {role} of {stack[-1][0]} has no target"
                raise tokens.error(position - 1, message, ended=position >= count)
            if items[position] == '"':
                raise tokens.error(position, "unterminated string (a '\"' is never closed)")
            raise tokens.error(position, f"cannot parse graph: unexpected {tokens.describe(position)} after {role}")


def _concept_problem(tokens: _Tokens, position: int, var: str) -> PenmanSyntaxError:
    if position < len(tokens.items) and tokens.items[position] == '"':
        return tokens.error(position, "unterminated string (a '\"' is never closed)")
    return tokens.error(position - 1, f"variable {var} has no concept", ended=position >= len(tokens.items))


def _check_end(tokens: _Tokens, position: int) -> None:
    """Nothing may follow the graph's closing parenthesis (at ``position - 1``)."""
    if position >= len(tokens.items):
        return
    if tokens.kinds[position] == ")":
        raise tokens.error(position, "unbalanced parenthesis: ')' without a matching '('")
    closed = tokens.line(position - 1)
    raise tokens.error(position, f"unexpected text after the graph that closed on line {closed}")


def iter_nodes(tree: Tree) -> Iterator[Tree]:
    """Every node of the tree, depth first in text order (iteratively)."""
    stack = [tree]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(target for _, target in reversed(node[3]) if isinstance(target, tuple))


def span_of(alignment: str | None) -> tuple[int, ...]:
    """The token indices of an ISI alignment: ``~e.2,3`` -> (2, 3).

    >>> span_of("~e.2,3")
    (2, 3)
    """
    if alignment is None:
        return ()
    return tuple(int(number) for number in _ALIGNMENT_NUMBERS.findall(alignment.split(".")[-1]))


def interpret(tree: Tree, variables: set[str] | frozenset[str] | None = None) -> list[Triple]:
    """The graph's triples in ``penman.decode``'s order (AMR model): per node, its instance
    triple, then each edge, a nested node's triples right after the edge that leads to it.
    Inverted roles (``:ARG0-of``) are turned round, except on a constant, which keeps the
    role as written (penman warns and does the same). ``variables``: the tree's variables,
    when the caller has them already.

    >>> interpret(("b", "boy", None, [(":ARG0-of", ("w", "want-01", None, [])), (":quant", "2")]))
    [('b', ':instance', 'boy'), ('w', ':ARG0', 'b'), ('w', ':instance', 'want-01'), ('b', ':quant', '2')]
    """
    if variables is None:
        variables = {node[0] for node in iter_nodes(tree)}
    triples: list[Triple] = []
    stack: list[tuple[Tree, int]] = [(tree, -1)]
    while stack:
        node, edge = stack.pop()
        var, concept, _, edges = node
        if edge < 0:
            triples.append((var, ":instance", concept))
        for number in range(edge + 1, len(edges)):
            role, target = edges[number]
            if isinstance(target, tuple):
                triples.append(orient(var, role, target[0], variables))
                stack.append((node, number))
                stack.append((target, -1))
                break
            triples.append(orient(var, role, target, variables))
    return triples


def orient(var: str, role: str, target: str, variables: set[str] | frozenset[str]) -> Triple:
    """The triple that ``role target`` written under the node ``var`` stands for: an inverted
    role (``:ARG0-of``) leading to a variable is turned round; on a constant it is kept as
    written (the rule of :func:`interpret`).

    >>> orient("b", ":ARG0-of", "w", {"b", "w"}), orient("b", ":ARG0-of", "x", {"b", "w"})
    (('w', ':ARG0', 'b'), ('b', ':ARG0-of', 'x'))
    """
    inverse = _deinverted(role)
    return (target, inverse, var) if inverse and target in variables else (var, role, target)


def format_tree(tree: Tree, indent: int = 4) -> str:
    """The tree written one relation a line, nested nodes indented by ``indent`` per level
    (``penman.format``'s layout), roles and constants as written.

    >>> print(format_tree(("w", "want-01", None, [(":ARG0", ("b", "boy", None, [])), (":polarity", "-")])))
    (w / want-01
        :ARG0 (b / boy)
        :polarity -)
    """
    lines: list[str] = []
    stack: list[tuple[Tree, int, int, str]] = [(tree, -1, 0, "")]  # node, next edge, depth, text before it
    while stack:
        node, edge, depth, prefix = stack.pop()
        var, concept, alignment, edges = node
        if edge < 0:
            head = f"{prefix}({var} / {concept}{alignment or ''}"
            if not edges:
                _close(lines, head + ")", stack)
                continue
            lines.append(head)
        for number in range(edge + 1, len(edges)):
            role, target = edges[number]
            pad = " " * (indent * (depth + 1))
            if isinstance(target, tuple):
                stack.append((node, number, depth, prefix))
                stack.append((target, -1, depth + 1, f"{pad}{role} "))
                break
            text = f"{pad}{role} {target}"
            if number == len(edges) - 1:
                _close(lines, text + ")", stack)
            else:
                lines.append(text)
    return "\n".join(lines)


def _close(lines: list[str], text: str, stack: list) -> None:
    """Add a node's last line and the ')' of every enclosing node it ends too."""
    while stack and stack[-1][1] == len(stack[-1][0][3]) - 1:
        stack.pop()
        text += ")"
    lines.append(text)
