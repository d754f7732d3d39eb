"""How numbers are written in every output: four decimals, and what stands for "undefined";
and the names of the output formats (light, for the command line's grammar)."""

from __future__ import annotations

from typing import Literal

__all__ = ["CsvTable", "OutputFormat", "f1_text", "number_text", "text_grid"]

OutputFormat = Literal["table", "json", "csv"]  # the score printers (:mod:`.printers`)
CsvTable = Literal["cells", "annotators", "sentences"]  # the matrix command's CSV tables (:mod:`.matrix`)


def number_text(value: float | None) -> str:
    """A score for CSV: four decimals, empty when undefined.

    >>> number_text(0.5), number_text(None)
    ('0.5000', '')
    """
    return "" if value is None else f"{value:.4f}"


def f1_text(value: float | None) -> str:
    """A score for people (tables, the report, the app): four decimals, ``n/a`` when undefined.

    >>> f1_text(None)
    'n/a'
    """
    return "n/a" if value is None else f"{value:.4f}"


def text_grid(headers: list[str], rows: list[list[str]], align: str = "") -> list[str]:
    """Rows under headers; ``align`` has an ``l`` or ``r`` per column (default: the first
    column left-aligned, the others right-aligned), two spaces apart.

    >>> print("\\n".join(text_grid(["name", "F1"], [["LR", "0.5000"]])))
    name      F1
    ----  ------
    LR    0.5000
    """
    align = align or "l" + "r" * (len(headers) - 1)
    widths = [max(len(row[k]) for row in [headers, *rows]) for k in range(len(headers))]

    def line(row: list[str]) -> str:
        cells = (cell.ljust(w) if a == "l" else cell.rjust(w) for cell, w, a in zip(row, widths, align))
        return "  ".join(cells).rstrip()

    return [line(headers), "  ".join("-" * w for w in widths), *map(line, rows)]
