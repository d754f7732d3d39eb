"""Scoring a large AMR corpus with flat memory: each pair is decoded, scored and
printed, then dropped; only the running totals are kept."""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from pathlib import Path

from .errors import InputError
from .metrics import Tally, Totals
from .output import PairRow, pair_row, summary_from
from .pairing import Pair, pair_entries
from .params import Params
from .reader import ReadOptions, parse_entry, read_entries
from .scoring import ordered_map, score_pair, worth_processes


def lazy_pairs(test_path: str | Path, gold_path: str | Path, options: ReadOptions = ReadOptions()) -> list[Pair]:
    """Both AMR files split into blocks and paired (by id or position); graphs not decoded yet."""
    test = read_entries(test_path, options, parse=False)
    gold = read_entries(gold_path, options, parse=False)
    return pair_entries(test, gold, str(test_path), str(gold_path))


def _row(pair: Pair, params: Params, options: ReadOptions) -> tuple[PairRow, dict[str, Tally], list[InputError | str]]:
    """Decode, score and format one pair (in a worker process when there are several)."""
    test = parse_entry(pair.test, options) if pair.test is not None else None
    gold = parse_entry(pair.gold, options) if pair.gold is not None else None
    parsed = replace(pair, test=test, gold=gold)
    result = score_pair(parsed, params)
    problems = parsed.errors or ([result.error] if result.error else [])
    return pair_row(result), result.tallies, problems


class ScoreStream:
    """Iterate to get (row, errors) per pair; ``summary()`` afterwards."""

    def __init__(self, pairs: list[Pair], params: Params, jobs: int = 1, options: ReadOptions = ReadOptions()):
        self.pairs, self.params, self.jobs, self.options = pairs, params, jobs, options
        self.totals = Totals()
        self.errors = 0

    def __iter__(self):
        work = partial(_row, params=self.params, options=self.options)
        with ordered_map(self.jobs if worth_processes(self.pairs) else 1) as mapped:
            for row, tallies, errors in mapped(work, self.pairs):
                self.totals.add(tallies)
                self.errors += bool(errors)
                yield row, errors

    def summary(self):
        return summary_from(self.totals, len(self.pairs), self.errors)
