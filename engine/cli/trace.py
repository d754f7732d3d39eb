"""The ``trace`` and ``explain`` commands: one pair's alignment step by step, and one cell of
it with the numbers of every equation (:mod:`engine.teach`).

Exit status as ``score``: 0 on success, 2 for an input problem (``FILE:LINE: what is wrong``),
an unknown pair, node, round or iteration, or an option out of its domain.
"""

from __future__ import annotations

import argparse

from ..errors import InputError
from ..output.trace import explanation_data, explanation_table, json_text, trace_data, trace_table
from ..params import Params
from ..read import Pair, load_pairs
from ..teach import explain_cell, trace_pair
from ..teach.trace import Trace
from .common import (
    EXIT_INPUT_ERROR,
    alignment_params,
    say,
    write_result,
)

__all__ = ["choose_pair", "run_explain", "run_trace"]


def choose_pair(pairs: list[Pair], key: str | None) -> Pair:
    """The pair with ``# ::id`` ``key``, else the one numbered ``key`` (from 1, as the score table's
    # and the app show it); the only pair without a key. ValueError naming what there is."""
    ids = [pair.id for pair in pairs if pair.id]
    listed = f"ids: {', '.join(ids)}; " if ids else ""
    choices = f"{listed}numbers 1-{len(pairs)}"
    if key is None:
        if len(pairs) == 1:
            return pairs[0]
        raise ValueError(f"the files hold {len(pairs)} pairs: choose one with --id ({choices})")
    for pair in pairs:
        if pair.id == key:
            return pair
    if key.isdigit() and 1 <= int(key) <= len(pairs):
        return pairs[int(key) - 1]
    raise ValueError(f"no pair {key!r} ({choices})")


def _trace(args: argparse.Namespace) -> tuple[Pair, Trace] | None:
    """The chosen pair and its trace, or None after saying on stderr why there is none."""
    try:
        loaded = load_pairs(args.test, args.gold, args.format_in, args.pair_by)
        pair = choose_pair(loaded.pairs, args.id)
        params = Params(**alignment_params(args))
    except (InputError, ValueError) as error:
        say(f"error: {error}")
        return None
    for warning in loaded.warnings:
        say(f"warning: {warning}")
    if pair.errors or pair.test is None or pair.gold is None or pair.test.graph is None or pair.gold.graph is None:
        for problem in pair.errors:
            say(f"{problem} (pair {pair.number} cannot be traced)")
        return None
    return pair, trace_pair(pair.test.graph, pair.gold.graph, params)


def run_trace(args: argparse.Namespace) -> int:
    found = _trace(args)
    if found is None:
        return EXIT_INPUT_ERROR
    pair, trace = found
    if args.format == "json":
        text = json_text(trace_data(trace, pair.index, pair.id))
    else:
        text = trace_table(trace, pair.index, pair.id)
    return write_result(args.output, text)


def _node(index: dict[str, int], var: str, side: str) -> int:
    if var not in index:
        raise ValueError(f"the {side} graph has no node {var!r} (its variables: {', '.join(index)})")
    return index[var]


def run_explain(args: argparse.Namespace) -> int:
    found = _trace(args)
    if found is None:
        return EXIT_INPUT_ERROR
    _, trace = found
    try:
        i = _node(trace.test.index, args.test_node, "test")
        j = _node(trace.gold.index, args.gold_node, "gold")
        cell = explain_cell(trace, i, j, args.round, args.iteration)
    except ValueError as error:
        say(f"error: {error}")
        return EXIT_INPUT_ERROR
    text = json_text(explanation_data(trace, cell)) if args.format == "json" else explanation_table(trace, cell)
    return write_result(args.output, text)
