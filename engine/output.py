"""Printers: a corpus result as JSON, CSV or a terminal table."""

from __future__ import annotations

import csv
import io
import json

from .metrics import METRICS, PRF
from .scoring import CorpusResult, PairResult

METRIC_TITLES = {
    "concept": "Concept",
    "labeled_relation": "LR",
    "unlabeled_relation": "ULR",
    "weighted_relation": "WLR",
    "mock_smatch": "Mock Smatch",
}


def alignment_rows(result: PairResult) -> list[dict]:
    """The JSON alignment list: one entry per test node, in graph order."""
    if result.alignment is None or result.test is None or result.gold is None:
        return []
    rows = []
    for i, node in enumerate(result.test.nodes):
        j = result.alignment.gold_of[i]
        rows.append(
            {
                "test": node.var,
                "gold": result.gold.nodes[j].var if j is not None else None,
                "similarity": float(result.alignment.similarity[i, j]) if j is not None else 0.0,
                "quality": result.alignment.quality[i],
            }
        )
    return rows


def pair_dict(result: PairResult) -> dict:
    return {
        "index": result.index,
        "id": result.id,
        "error": result.error,
        "scores": {name: prf.as_dict() for name, prf in result.scores.items()} if result.tallies else None,
        "alignment": alignment_rows(result),
    }


def to_dict(corpus: CorpusResult) -> dict:
    """The documented JSON shape: profile, params, pairs, micro, macro; for UMR
    also "document" (pooled over the file) and, with several documents, "documents"."""
    data = {
        "profile": corpus.profile,
        "params": corpus.params.as_dict(),
        "pairs": [pair_dict(result) for result in corpus.pairs],
        "micro": {name: prf.as_dict() for name, prf in corpus.micro.items()},
        "macro": {name: prf.as_dict() for name, prf in corpus.macro.items()},
    }
    if corpus.documents:
        data["document"] = {name: prf.as_dict() for name, prf in corpus.document_scores.items()}
        if len(corpus.documents) > 1:
            data["documents"] = [
                {"index": document.index, **{name: prf.as_dict() for name, prf in document.scores.items()}}
                for document in corpus.documents
            ]
    return data


def to_json(corpus: CorpusResult) -> str:
    return json.dumps(to_dict(corpus), indent=2, ensure_ascii=False) + "\n"


def _number(value: float | None) -> str:
    return "" if value is None else f"{value:.4f}"


def to_csv(corpus: CorpusResult) -> str:
    """One row per pair, then ``micro`` and ``macro`` rows; P, R and F of every metric."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["index", "id", "error"] + [f"{m}_{x}" for m in METRICS for x in "prf"])

    def cells(scores: dict[str, PRF]) -> list[str]:
        return [_number(getattr(scores[m], x)) if m in scores else "" for m in METRICS for x in "prf"]

    for result in corpus.pairs:
        writer.writerow([result.index, result.id or "", result.error or ""] + cells(result.scores))
    writer.writerow(["micro", "", ""] + cells(corpus.micro))
    writer.writerow(["macro", "", ""] + cells(corpus.macro))
    return buffer.getvalue()


def to_table(corpus: CorpusResult) -> str:
    """A fixed-width table of each pair's F1 scores with micro and macro rows."""
    headers = ["#", "id", "nodes"] + [METRIC_TITLES[m] for m in METRICS]
    rows = []
    for result in corpus.pairs:
        nodes = f"{len(result.test)}/{len(result.gold)}" if result.test and result.gold else "-"
        if result.error:
            rows.append([str(result.index), result.id or "", nodes, "error: " + result.error])
            continue
        scores = result.scores
        rows.append([str(result.index), result.id or "", nodes] + [_f1(scores[m]) for m in METRICS])
    summary = [["micro", "", ""] + [_f1(corpus.micro[m]) for m in METRICS],
               ["macro", "", ""] + [_f1(corpus.macro[m]) for m in METRICS]]
    widths = [len(h) for h in headers]
    for row in rows + summary:
        if len(row) == len(headers):
            widths = [max(w, len(cell)) for w, cell in zip(widths, row)]

    def line(row: list[str]) -> str:
        if len(row) != len(headers):  # an error row spans the score columns
            return "  ".join(cell.ljust(w) for cell, w in zip(row[:3], widths)) + "  " + row[3]
        return "  ".join(cell.rjust(w) if k >= 3 else cell.ljust(w) for k, (cell, w) in enumerate(zip(row, widths)))

    rule = "  ".join("-" * w for w in widths)
    out = [line(headers), rule, *map(line, rows), rule, *map(line, summary)]
    if corpus.documents:
        out += ["", "Document level (pooled over the file):   P       R       F1"]
        for name, prf in corpus.document_scores.items():
            cells = "  ".join(_number(v).rjust(6) if v is not None else "   n/a" for v in (prf.p, prf.r, prf.f))
            out.append(f"  {name:<38}{cells}")
    count = len(corpus.pairs)
    footer = f"F1 scores, profile {corpus.profile}; {count} pair{'s' if count != 1 else ''}"
    if corpus.errors:
        footer += f", {len(corpus.errors)} not scored"
    if corpus.cancelled:
        footer += " (cancelled)"
    return "\n".join(out + ["", footer]) + "\n"


def _f1(score: PRF) -> str:
    return "n/a" if score.f is None else f"{score.f:.4f}"


FORMATTERS = {"json": to_json, "csv": to_csv, "table": to_table}
