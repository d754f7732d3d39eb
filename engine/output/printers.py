"""Printers: results as JSON, CSV or a terminal table, written pair by pair.

A printer gets ``begin``, then one :class:`PairRow` per pair as soon as it is
scored, then ``end`` with the corpus summary, so a large corpus is written as it
is computed and nothing per pair has to be kept. :func:`render` prints a
finished :class:`~engine.scoring.CorpusResult` the same way.
"""

from __future__ import annotations

import io
import json
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol, TextIO

from ..metrics.tally import PRF, Totals
from ..params import Params
from ..registry import Format, metrics, params_dict, run_metrics, short_name
from ..scoring.results import CorpusResult, PairResult
from .drs import corpus_drs_items, dscorer_setting, pair_drs_items
from .rows import AlignmentEntry, alignment_rows
from .text import OutputFormat, f1_text, number_text

__all__ = [
    "PRINTERS",
    "CsvPrinter",
    "JsonPrinter",
    "OutputFormat",
    "PairRow",
    "Printer",
    "Summary",
    "TablePrinter",
    "pair_json",
    "pair_row",
    "print_corpus",
    "render",
    "summary_from",
    "summary_of",
]


@dataclass
class PairRow:
    """What the printers need of one pair: its JSON object (``item``, with the alignment as
    :data:`~.rows.AlignmentEntry` tuples: :func:`pair_json` writes them as objects) and its
    node counts."""

    item: dict
    nodes: str


def pair_row(result: PairResult) -> PairRow:
    item = {
        "index": result.index,
        "id": result.id,
        "error": result.error,
        "scores": _scores_dict(result.scores) if result.tallies else None,
        "alignment": alignment_rows(result),
        **pair_drs_items(result),
    }
    nodes = f"{len(result.test)}/{len(result.gold)}" if result.test and result.gold else "-"
    return PairRow(item, nodes)


@dataclass
class Summary:
    """Corpus-level figures, known once every pair is in."""

    micro: dict[str, PRF]
    macro: dict[str, PRF]
    count: int
    errors: int
    cancelled: bool = False
    document: dict[str, PRF] = field(default_factory=dict)
    documents: list[dict[str, PRF]] = field(default_factory=list)
    drs: dict = field(default_factory=dict)  # DRS: Counter's classes and DScorer's orders, pooled


def summary_of(corpus: CorpusResult) -> Summary:
    totals = corpus.totals  # one pass over the pairs for micro and macro
    return Summary(
        totals.micro(),
        totals.macro(),
        len(corpus.pairs),
        len(corpus.errors),
        corpus.cancelled,
        corpus.document_scores,
        [document.scores for document in corpus.documents],
        corpus_drs_items(totals) if corpus.drs else {},
    )


def summary_from(totals: Totals, count: int, errors: int, drs: bool = False) -> Summary:
    return Summary(totals.micro(), totals.macro(), count, errors, drs=corpus_drs_items(totals) if drs else {})


class Printer(Protocol):
    """Writes a corpus as it is scored: ``begin``, one ``pair`` per pair, ``end``; ``format``:
    the input's, which with ``params`` says which metrics are scored
    (:func:`engine.registry.run_metrics`; Counter and DScorer for DRS)."""

    def begin(self, params: Params, format: Format) -> None: ...

    def pair(self, row: PairRow) -> None: ...

    def end(self, summary: Summary) -> None: ...


_NO_SCORE = PRF(None, None, None)


def _scores_dict(scores: dict[str, PRF], run: tuple[str, ...] = ()) -> dict:
    """The JSON scores object: every pair metric of the specification the scores have, in its
    order (sub-scores stay in the app); each of the ``run``'s metrics is there, null when no
    pair had it."""
    found = {name: scores[name].as_dict() for name in metrics() if name in scores}
    return found | {name: _NO_SCORE.as_dict() for name in run if name not in found}


_JSON_VALUE = json.JSONEncoder(ensure_ascii=False).encode  # the text of json.dumps(value, ensure_ascii=False)
_JSON_STRING = json.encoder.encode_basestring  # a string as json writes it (not ASCII-escaped)


def _alignment_json(entries: list[AlignmentEntry]) -> str:
    """The JSON alignment list of :func:`~.rows.alignment_rows`' entries, as json.dumps writes
    it from objects ``{"test", "gold", "similarity", "quality"}`` (a float's repr is json's
    text for it when finite)."""
    if not all(math.isfinite(s) for _, _, s, _ in entries):
        return _JSON_VALUE([dict(zip(("test", "gold", "similarity", "quality"), entry)) for entry in entries])
    objects = [
        f'{{"test": {_JSON_STRING(test)}, "gold": {"null" if gold is None else _JSON_STRING(gold)}, '
        f'"similarity": {s!r}, "quality": {"null" if quality is None else quality}}}'
        for test, gold, s, quality in entries
    ]
    return "[" + ", ".join(objects) + "]"


def pair_json(item: dict) -> str:
    """A pair's JSON object on one line, the text ``json.dumps(item, ensure_ascii=False)`` gives
    with the alignment entries as objects; the alignment, most of a pair, is written by
    :func:`_alignment_json`, the other fields by json (those before it, those after it)."""
    fields = list(item.items())
    at = [key for key, _ in fields].index("alignment")
    before, after = dict(fields[:at]), dict(fields[at + 1 :])
    parts = [
        _JSON_VALUE(before)[1:-1] if before else "",
        f"{_JSON_STRING('alignment')}: {_alignment_json(fields[at][1])}",
        _JSON_VALUE(after)[1:-1] if after else "",
    ]
    return "{" + ", ".join(part for part in parts if part) + "}"


class JsonPrinter:
    """The documented JSON shape: profile, params, pairs, micro, macro; for UMR also
    "document" (pooled over the file) and, with several documents, "documents"; for DRS
    also "counter_classes" and "dscorer_orders" pooled (:mod:`.drs`)."""

    def __init__(self, out: TextIO):
        self.out = out
        self.first = True
        self.metrics: tuple[str, ...] = ()
        self.drs = False

    def begin(self, params: Params, format: Format) -> None:
        self.metrics, self.drs = run_metrics(params, format), format == "drs"
        profile, stored = json.dumps(params.profile), json.dumps(params_dict(params))
        self.out.write(f'{{\n  "profile": {profile},\n  "params": {stored},\n  "pairs": [')

    def pair(self, row: PairRow) -> None:
        self.out.write(("\n    " if self.first else ",\n    ") + pair_json(row.item))
        self.first = False

    def end(self, summary: Summary) -> None:
        tail: dict[str, Any] = {
            "micro": _scores_dict(summary.micro, self.metrics),
            "macro": _scores_dict(summary.macro, self.metrics),
        }
        if self.drs:
            tail.update(summary.drs)
        if summary.document:
            tail["document"] = {name: prf.as_dict() for name, prf in summary.document.items()}
            if len(summary.documents) > 1:
                tail["documents"] = [
                    {"index": k, **{name: prf.as_dict() for name, prf in scores.items()}}
                    for k, scores in enumerate(summary.documents)
                ]
        body = ",\n".join(f"  {json.dumps(key)}: {json.dumps(value)}" for key, value in tail.items())
        self.out.write(("\n  ],\n" if not self.first else "],\n") + body + "\n}\n")


def _score_cells(scores: dict | None, metrics: tuple[str, ...]) -> list[str]:
    return [number_text(scores[m][x]) if scores and m in scores else "" for m in metrics for x in "prf"]


class CsvPrinter:
    """One row per pair, then ``micro`` and ``macro`` rows; P, R and F of every metric."""

    def __init__(self, out: TextIO):
        import csv  # loaded for this format alone

        self.writer = csv.writer(out, lineterminator="\n")
        self.metrics: tuple[str, ...] = ()

    def begin(self, params: Params, format: Format) -> None:
        self.metrics = run_metrics(params, format)
        self.writer.writerow(["index", "id", "error"] + [f"{m}_{x}" for m in self.metrics for x in "prf"])

    def pair(self, row: PairRow) -> None:
        item = row.item
        cells = _score_cells(item["scores"], self.metrics)
        self.writer.writerow([item["index"], item["id"] or "", item["error"] or ""] + cells)

    def end(self, summary: Summary) -> None:
        self.writer.writerow(["micro", "", ""] + _score_cells(_scores_dict(summary.micro), self.metrics))
        self.writer.writerow(["macro", "", ""] + _score_cells(_scores_dict(summary.macro), self.metrics))


class TablePrinter:
    """A fixed-width table of each pair's F1 with micro and macro rows (printed at the end)."""

    def __init__(self, out: TextIO):
        self.out = out
        self.rows: list[list[str]] = []
        self.profile = ""
        self.metrics: tuple[str, ...] = ()

    def begin(self, params: Params, format: Format) -> None:
        self.profile = params.profile
        self.metrics = run_metrics(params, format)
        if format == "drs":
            self.profile += f"; {dscorer_setting(params)}"
            self.profile += "; Counter with REF clauses" if params.drs_include_ref else ""

    def pair(self, row: PairRow) -> None:
        item = row.item
        head = [str(item["index"] + 1), item["id"] or "", row.nodes]  # numbered from 1, as the app; JSON/CSV: index
        if item["error"]:
            self.rows.append(head + ["error: " + item["error"]])
        else:
            scores = item["scores"]
            self.rows.append(head + [f1_text(scores[m]["f"] if m in scores else None) for m in self.metrics])

    def end(self, summary: Summary) -> None:
        metrics = self.metrics
        headers = ["#", "id", "nodes"] + [short_name(m) for m in metrics]
        totals = [
            ["micro", "", ""] + [f1_text(summary.micro.get(m, _NO_SCORE).f) for m in metrics],
            ["macro", "", ""] + [f1_text(summary.macro.get(m, _NO_SCORE).f) for m in metrics],
        ]
        widths = [len(h) for h in headers]
        for row in self.rows + totals:
            sized = row if len(row) == len(headers) else row[:3]  # an error row's message spans the scores
            widths = [max(w, len(cell)) for w, cell in zip(widths, sized)] + widths[len(sized) :]

        def line(row: list[str]) -> str:
            if len(row) != len(headers):  # an error row spans the score columns
                return "  ".join(cell.ljust(w) for cell, w in zip(row[:3], widths)) + "  " + row[3]
            return "  ".join(cell.rjust(w) if k >= 3 else cell.ljust(w) for k, (cell, w) in enumerate(zip(row, widths)))

        rule = "  ".join("-" * w for w in widths)
        out = [line(headers), rule, *map(line, self.rows), rule, *map(line, totals)]
        if summary.document:
            out += ["", "Document level (pooled over the file):   P       R       F1"]
            for name, prf in summary.document.items():
                cells = "  ".join(f1_text(v).rjust(6) for v in (prf.p, prf.r, prf.f))
                out.append(f"  {name:<38}{cells}")
        footer = f"F1 scores, profile {self.profile}; {summary.count} pair{'s' if summary.count != 1 else ''}"
        if summary.errors:
            footer += f", {summary.errors} not scored"
        if summary.cancelled:
            footer += " (cancelled)"
        self.out.write("\n".join(out + ["", footer]) + "\n")


PRINTERS: dict[str, Callable[[TextIO], Printer]] = {"json": JsonPrinter, "csv": CsvPrinter, "table": TablePrinter}


def print_corpus(corpus: CorpusResult, printer: Printer) -> None:
    printer.begin(corpus.params, corpus.format)
    for result in corpus.pairs:
        printer.pair(pair_row(result))
    printer.end(summary_of(corpus))


def render(corpus: CorpusResult, kind: OutputFormat) -> str:
    """A finished corpus as JSON, CSV or a table."""
    buffer = io.StringIO()
    print_corpus(corpus, PRINTERS[kind](buffer))
    return buffer.getvalue()
