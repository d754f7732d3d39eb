"""Writing SVG figures from the data (Qt-free): elements with escaped text and attributes, text
in the generic ``sans-serif`` family (real ``<text>``, so that a vector figure stays searchable
and sharp), lines wrapped to a width, and the document with its ``<title>`` and ``<desc>``.

>>> element("rect", x="1", fill_opacity="0.5")
'<rect x="1" fill-opacity="0.5"/>'
>>> number(1.0), number(2.345)
('1', '2.35')
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Iterable
from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

__all__ = ["FONT_FAMILY", "TEXT", "FigureText", "document", "element", "number", "text_element", "wrap"]

FONT_FAMILY = "sans-serif"  # generic: every browser and renderer has one
TEXT = "#1a1a1a"


@dataclass(frozen=True)
class FigureText:
    """The figure's title (also the file's ``<title>``) and the lines under it (also its ``<desc>``)."""

    title: str
    lines: tuple[str, ...]


def number(value: float) -> str:
    """A coordinate with at most two decimals."""
    return format(round(value, 2), "g")


def element(tag: str, content: str | None = None, **attributes) -> str:
    """``<tag a="v" .../>``, or with escaped text content; a trailing _ in a name is dropped, _ inside becomes -."""
    opening = tag + "".join(
        f" {name.rstrip('_').replace('_', '-')}={quoteattr(str(value))}" for name, value in attributes.items()
    )
    return f"<{opening}/>" if content is None else f"<{opening}>{escape(content)}</{tag}>"


def text_element(x: float, y: float, px: float, content: str, anchor: str = "start", colour: str = TEXT, **more) -> str:
    """Text whose line is vertically centred on ``y``."""
    return element(
        "text",
        content,
        x=number(x),
        y=number(y + 0.35 * px),
        font_family=FONT_FAMILY,
        font_size=number(px),
        text_anchor=anchor,
        fill=colour,
        **more,
    )


KEEP_TOGETHER = re.compile(r"\([^()]*\)")  # a parenthesis - "(eq. 1)", "(S + α)" - is never split
NO_BREAK = "\u00a0"  # not a space to textwrap


def wrap(text: str, width: float, px: float, whole_words: bool = False) -> list[str]:
    """Lines of at most ``width`` px at an average advance of 0.62 em, a parenthesis kept whole
    (it goes to the next line rather than break), no word cut; ``whole_words`` does not break at
    hyphens either (a file's path stays whole, on a line of its own if it is longer).

    >>> wrap("S - intrinsic similarity (eq. 1)", 220, 12)
    ['S - intrinsic similarity', '(eq. 1)']
    >>> wrap("F = (S + α)(A + β) (eq. 13)", 150, 12)
    ['F = (S + α)(A + β)', '(eq. 13)']
    """
    joined = KEEP_TOGETHER.sub(lambda found: found.group().replace(" ", NO_BREAK), text)
    chars = max(20, int(width / (0.62 * px)))
    lines = textwrap.wrap(joined, chars, break_long_words=False, break_on_hyphens=not whole_words)
    return [line.replace(NO_BREAK, " ") for line in lines] or [""]


def document(width: float, height: float, text: FigureText, body: Iterable[str], defs: str = "") -> str:
    """A whole SVG document on a white background, ``text`` as its title and description."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{number(width)}" height="{number(height)}" '
        f'viewBox="0 0 {number(width)} {number(height)}">\n'
        + element("title", text.title)
        + "\n"
        + element("desc", "\n".join(text.lines))
        + "\n"
        + (defs + "\n" if defs else "")
        + element("rect", x="0", y="0", width=number(width), height=number(height), fill="#ffffff")
        + "\n"
        + "\n".join(body)
        + "\n</svg>\n"
    )
