"""Counter's clause set of a DRS (van Noord et al. 2018).

Counter (``evaluation/counter.py`` of github.com/RikVN/DRS_parsing) compares
DRSs after these rewrites, in this order, which :func:`counter_clauses` repeats:

1. A role ending in ``Of`` (longer than ``Of`` itself) is turned round:
   ``b1 AgentOf x1 e1`` = ``b1 Agent e1 x1``, ``b1 PartOf x1 x2`` = ``b1 Part x2 x1``.
2. A symmetric operator (``APX``, ``NEQ``, ``EQU``, ``TAB``) with one constant
   argument puts the constant last (``b1 EQU "now" t1`` = ``b1 EQU t1 "now"``);
   with two variables it matches either way round (:mod:`.counter`).
3. ``REF`` clauses are left out unless asked for - more exactly, as Counter does,
   a ``b REF x`` is left out when another clause of box ``b`` has ``x`` among its
   arguments, so a referent introduced and never used in its box still counts.
4. A clause that occurs twice counts once (a symmetric operator's clause stated
   both ways round too; Counter would count it twice and match it once).

Counter types each variable by where it first occurs and, without a signature
file, takes the arguments of ``NOT`` or ``IMP`` for referents; here a variable is
a box when it is the first field of some clause or its name starts with ``b``,
and boxes map only to boxes (:func:`variable_kinds`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from .clauses import Clause, is_constant

__all__ = ["SYMMETRIC_OPERATORS", "counter_clauses", "variable_kinds", "variables_in_order"]

SYMMETRIC_OPERATORS = frozenset({"APX", "NEQ", "EQU", "TAB"})


def _turned_round(clause: Clause) -> Clause:
    """Steps 1 and 2 of the module docstring for one clause."""
    if (
        clause.kind == "role"
        and len(clause.arguments) == 2
        and clause.relation.endswith("Of")
        and len(clause.relation) > 2
    ):
        return replace(clause, relation=clause.relation[:-2], arguments=clause.arguments[::-1])
    if (
        clause.relation in SYMMETRIC_OPERATORS
        and len(clause.arguments) == 2
        and is_constant(clause.arguments[0])
        and not is_constant(clause.arguments[1])
    ):
        return replace(clause, arguments=clause.arguments[::-1])
    return clause


def _used_in_box(clauses: Sequence[Clause], index: int) -> bool:
    """Whether the referent of the REF clause at ``index`` is an argument of another
    clause of the same box."""
    ref = clauses[index]
    referent = ref.arguments[-1]
    return any(
        other.box == ref.box and referent in other.arguments
        for position, other in enumerate(clauses)
        if position != index
    )


def _key(clause: Clause) -> tuple:
    """Equal for clauses that say the same; a symmetric operator's two variables in either order."""
    arguments = clause.arguments
    if clause.relation in SYMMETRIC_OPERATORS and len(arguments) == 2 and not any(map(is_constant, arguments)):
        arguments = tuple(sorted(arguments))
    return clause.box, clause.relation, clause.sense, arguments


def counter_clauses(clauses: Iterable[Clause], include_ref: bool = False) -> tuple[Clause, ...]:
    """Counter's clause set: roles turned round, redundant ``REF`` clauses left out
    unless ``include_ref``, each clause once (its first occurrence)."""
    turned = [_turned_round(clause) for clause in clauses]
    kept = [
        clause
        for index, clause in enumerate(turned)
        if include_ref or clause.relation != "REF" or len(clause.arguments) != 1 or not _used_in_box(turned, index)
    ]
    unique: dict[tuple, Clause] = {}
    for clause in kept:
        unique.setdefault(_key(clause), clause)
    return tuple(unique.values())


def variables_in_order(clauses: Iterable[Clause]) -> tuple[str, ...]:
    """The variables of the clauses in order of first occurrence (box first in each clause)."""
    seen: dict[str, None] = {}
    for clause in clauses:
        for variable in clause.variables:
            seen.setdefault(variable)
    return tuple(seen)


def variable_kinds(clauses: Iterable[Clause], variables: Sequence[str]) -> tuple[str, ...]:
    """Per variable, ``"box"`` (the first field of some clause, or named ``b...``) or ``"referent"``."""
    boxes = {clause.box for clause in clauses}
    return tuple("box" if v in boxes or v.startswith("b") else "referent" for v in variables)
