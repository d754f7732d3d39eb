"""How numbers are written in every output: four decimals, and what stands for "undefined";
and the names of the output formats (light, for the command line's grammar)."""

from __future__ import annotations

from typing import Literal

__all__ = ["CsvTable", "OutputFormat", "f1_text", "number_text"]

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
