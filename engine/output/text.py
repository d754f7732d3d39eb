"""How numbers are written in every output: four decimals, and what stands for "undefined"."""

from __future__ import annotations

__all__ = ["f1_text", "number_text"]


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
