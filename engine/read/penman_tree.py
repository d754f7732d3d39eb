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

from ..model import Tree

__all__ = [
    "OWN_OF_ROLES",
    "PenmanSyntaxError",
    "Triple",
    "WrittenNode",
    "build_tree",
    "format_tree",
    "interpret",
    "iter_nodes",
    "orient",
    "parse",
    "parse_walked",
    "span_of",
    "walk",
]

Triple = tuple[str, str, str]
WrittenNode = tuple[str, str, str | None]  # a node as written: variable, concept, the concept's alignment

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
# The roles of penman's AMR model (``penman.models.amr.roles``) that end in "-of" and are roles of
# their own: all that reading needs of the model, which takes a role for inverted when it ends in
# "-of" and is not one of its roles (``Model.is_role_inverted``). Written here, and checked against
# the model by the tests, so that reading a graph loads no part of penman (4.5 ms of start-up).
OWN_OF_ROLES = frozenset({":consist-of", ":prep-on-behalf-of", ":prep-out-of"})
_inverted: dict[str, str | None] = {}  # each role met: its de-inverted form, or None


class PenmanSyntaxError(Exception):
    """A problem at ``line`` (counted from the ``first_line`` given to :func:`parse`);
    ``unclosed`` is the line of the graph's first '(' when the text ended before it closed
    (a reader that knows the text is the end of its file says so: the file was cut)."""

    def __init__(self, line: int, message: str, unclosed: int | None = None):
        super().__init__(line, message)
        self.line = line
        self.message = message
        self.unclosed = unclosed


_END = " "  # stands after the last token: no token starts with white space
_NOT_SYMBOL = frozenset('()/:"~ ')  # the first characters of the tokens that are not a symbol, and the end's


def _deinverted(role: str) -> str | None:
    """The de-inverted role if the AMR model considers ``role`` inverted, else None.

    >>> _deinverted(":ARG0-of"), _deinverted(":consist-of"), _deinverted(":mod")
    (':ARG0', None, None)
    """
    if role not in _inverted:
        _inverted[role] = role[:-3] if role.endswith("-of") and role not in OWN_OF_ROLES else None
    return _inverted[role]


class _Tokens:
    """The graph's tokens (comments dropped), then :data:`_END`, and the way back to a token's line.

    A token's kind is told by its first character: '(' ')' '/', ':' a role, '~' an alignment,
    '"' a string, anything else a symbol; a lone '"' or '~' fits no pattern (an unterminated
    string, a broken alignment)."""

    def __init__(self, text: str, first_line: int):
        self.text = text
        self.first_line = first_line
        items = _TOKEN.findall(text)
        if "#" in text:
            items = [token for token in items if token[0] != "#"]
        self.count = len(items)
        items.append(_END)
        self.items = items

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
        return repr(self.items[index][:20]) if index < self.count else "the end of the graph"


def _is_constant(token: str) -> bool:
    """Whether the token is a symbol or a whole string (a node's concept, a constant target)."""
    first = token[0]
    return first not in _NOT_SYMBOL or (first == '"' and token != '"')


def parse(text: str, first_line: int = 1) -> Tree:
    """The tree of the one graph in ``text``; raises :class:`PenmanSyntaxError` naming the
    line, counted from ``first_line``."""
    return build_tree(*parse_walked(text, first_line))


def parse_walked(text: str, first_line: int = 1) -> tuple[dict[str, WrittenNode], list[Triple], list[int]]:
    """The graph in ``text`` as read, without its tree (:func:`build_tree` makes it): its nodes
    by variable, in text order; its relations (its triples but the instance ones) in text order,
    as ``walk(tree, instances=False)`` gives them; and the positions among those of the
    relations that lead to a nested node (``:ARG0 (b / boy)``, not ``:ARG0 b``), one per node
    after the first. What a graph is built from; :func:`parse` raises the same errors."""
    tokens = _Tokens(text, first_line)
    if tokens.count == 0:
        raise PenmanSyntaxError(first_line, "no graph in this block")
    items = tokens.items
    if items[0] != "(":
        raise tokens.error(0, f"expected '(' to start a graph, found {tokens.describe(0)}")
    defined: dict[str, WrittenNode] = {}  # variable -> its node
    triples: list[Triple] = []
    nested: list[int] = []
    stack: list[str] = []  # the open nodes' variables
    opened_at: list[int] = []  # the index of each open node's '('
    position, role = 0, ""
    while True:
        # a node starts at items[position] == '(': its variable, '/', its concept, an alignment
        opened = position
        var = items[opened + 1]
        if var[0] in _NOT_SYMBOL:
            raise _variable_problem(tokens, opened)
        if items[opened + 2] != "/":
            raise _slash_problem(tokens, opened, var)
        concept = items[opened + 3]
        if not _is_constant(concept):
            raise _concept_problem(tokens, opened + 3, var)
        if var in defined:
            raise tokens.error(opened, f"variable {var} is defined twice ({defined[var][1]} and {concept})")
        position = opened + 4
        token = items[position]
        alignment = None
        if token[0] == "~" and token != "~":
            alignment = token
            position += 1
            token = items[position]
        if stack:  # the node is the target of ``role``
            nested.append(len(triples))
            triples.append((stack[-1], role, var))
        defined[var] = (var, concept, alignment)
        stack.append(var)
        opened_at.append(opened)
        # the node's edges, and the closing of finished nodes, until a nested node starts
        while True:
            if token == ")":
                position += 1
                stack.pop()
                opened_at.pop()
                if not stack:
                    _check_end(tokens, position)
                    return defined, triples, nested
                var = stack[-1]
                token = items[position]
                continue
            if token[0] != ":":
                raise _role_problem(tokens, position, var, opened_at[-1])
            role = token
            position += 1
            token = items[position]
            if token[0] == "~" and token != "~":
                position += 1
                token = items[position]
            if _is_constant(token):
                triples.append((var, role, token))
                position += 1
                token = items[position]
                if token[0] == "~" and token != "~":
                    position += 1
                    token = items[position]
                continue
            if token == "(":
                break
            raise _target_problem(tokens, position, role, var)


def build_tree(nodes: dict[str, WrittenNode], triples: list[Triple], nested: list[int]) -> Tree:
    """The tree of what :func:`parse_walked` read: each node's edges are the relations written
    under it, in text order, a nested relation's target being the node it opens.

    >>> build_tree({"a": ("a", "b", None), "c": ("c", "d", "~1")}, [("a", ":ARG0", "c"), ("c", ":mod", "a")], [0])
    ('a', 'b', None, [(':ARG0', ('c', 'd', '~1', [(':mod', 'a')]))])
    """
    trees: list[Tree] = [(var, concept, alignment, []) for var, concept, alignment in nodes.values()]
    by_variable = {tree[0]: tree for tree in trees}
    opened = dict(zip(nested, trees[1:]))  # a nested relation's position -> the node it opens
    for position, (source, role, target) in enumerate(triples):
        by_variable[source][3].append((role, opened.get(position, target)))
    return trees[0]


def _variable_problem(tokens: _Tokens, opened: int) -> PenmanSyntaxError:
    """No variable after the '(' at ``opened``."""
    position = opened + 1
    if tokens.items[position] == ")":
        return tokens.error(opened, "empty graph '()': a node needs a variable and a concept")
    return tokens.error(
        position,
        f"cannot parse graph: expected a variable after '(', found {tokens.describe(position)}",
        ended=position >= tokens.count,
    )


def _slash_problem(tokens: _Tokens, opened: int, var: str) -> PenmanSyntaxError:
    """No '/' after the variable of the node opened at ``opened``."""
    position = opened + 2
    token = tokens.items[position]
    if position >= tokens.count or token[0] == ":" or token == ")":
        return tokens.error(opened, f"variable {var} has no concept", ended=position >= tokens.count)
    return tokens.error(
        position,
        f"cannot parse graph: expected '/' and a concept after the variable {var}, found {tokens.describe(position)}",
    )


def _concept_problem(tokens: _Tokens, position: int, var: str) -> PenmanSyntaxError:
    """No concept at ``position``, after the '/' of ``var``."""
    if tokens.items[position] == '"':
        return tokens.error(position, "unterminated string (a '\"' is never closed)")
    return tokens.error(position - 1, f"variable {var} has no concept", ended=position >= tokens.count)


def _role_problem(tokens: _Tokens, position: int, var: str, opened: int) -> PenmanSyntaxError:
    """Neither a role nor ')' at ``position``, in the node ``var`` opened at ``opened``."""
    if position >= tokens.count:
        message = f"unbalanced parenthesis: '(' opened on line {tokens.line(opened)} is never closed"
        return tokens.error(opened, message, ended=True)
    if tokens.items[position] == '"':
        return tokens.error(position, "unterminated string (a '\"' is never closed)")
    return tokens.error(
        position,
        f"cannot parse graph: expected a role (such as :ARG0) or ')' in {var}, found {tokens.describe(position)}",
    )


def _target_problem(tokens: _Tokens, position: int, role: str, var: str) -> PenmanSyntaxError:
    """No target at ``position`` for the ``role`` of ``var``."""
    token = tokens.items[position]
    if position >= tokens.count or token[0] == ":" or token == ")":
        return tokens.error(position - 1, f"role {role} of {var} has no target", ended=position >= tokens.count)
    if token == '"':
        return tokens.error(position, "unterminated string (a '\"' is never closed)")
    return tokens.error(position, f"cannot parse graph: unexpected {tokens.describe(position)} after {role}")


def _check_end(tokens: _Tokens, position: int) -> None:
    """Nothing may follow the graph's closing parenthesis (at ``position - 1``)."""
    if position >= tokens.count:
        return
    if tokens.items[position] == ")":
        raise tokens.error(position, "unbalanced parenthesis: ')' without a matching '('")
    closed = tokens.line(position - 1)
    raise tokens.error(position, f"unexpected text after the graph that closed on line {closed}")


def iter_nodes(tree: Tree) -> Iterator[Tree]:
    """Every node of the tree, depth first in text order (:func:`walk`)."""
    return iter(walk(tree)[0])


def walk(tree: Tree, instances: bool = True) -> tuple[list[Tree], list[Triple]]:
    """The tree's nodes, depth first in text order, and its triples as written, in text order
    (``penman.decode``'s): per node, its instance triple (unless ``instances`` is False), then
    each edge, a nested node's triples right after the edge that leads to it; inverted roles
    are not yet turned round (:func:`interpret` does). Iterative, so any depth is walked.

    >>> walk(("b", "boy", None, [(":ARG0-of", ("w", "want-01", None, [])), (":quant", "2")]))[1]
    [('b', ':instance', 'boy'), ('b', ':ARG0-of', 'w'), ('w', ':instance', 'want-01'), ('b', ':quant', '2')]
    """
    nodes = [tree]
    triples = [(tree[0], ":instance", tree[1])] if instances else []
    stack = [(tree[0], iter(tree[3]))]  # the open nodes: variable, edges not yet walked
    while stack:
        var, edges = stack[-1]
        for role, target in edges:
            if isinstance(target, str):
                triples.append((var, role, target))
                continue
            nodes.append(target)
            triples.append((var, role, target[0]))
            if instances:
                triples.append((target[0], ":instance", target[1]))
            stack.append((target[0], iter(target[3])))
            break  # walk the nested node first
        else:
            stack.pop()
    return nodes, triples


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
    nodes, written = walk(tree)
    if variables is None:
        variables = {node[0] for node in nodes}
    return [orient(source, role, target, variables) for source, role, target in written]


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
