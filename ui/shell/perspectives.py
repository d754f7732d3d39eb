"""The window's perspectives: named arrangements of the panels, one tab each (Qt-free data).

A perspective's ``layout`` is a tree: a panel key (a string), :class:`Tabs` (panels stacked,
the first available one in front) or :class:`Split` (parts side by side or one above the
other, with relative sizes). The same panel may appear in several perspectives: it moves to
the one shown. Another part of the app adds a perspective by adding a row to
:data:`PERSPECTIVES`, its panels to the ``panels`` that :class:`ui.shell.main_window.MainWindow`
registers by key, and an action with its key to :data:`ui.shell.actions.TABLE` through
:func:`ui.shell.actions.perspective_action` (Ctrl+5, Ctrl+6, ...). A panel with ``is_available()`` and
``availability_changed(bool)`` is hidden while it has nothing to show, and a perspective whose
panels are all unavailable loses its tab - so does one whose ``needs`` panel is unavailable
(see :mod:`ui.shell.workspace`). A ``hidden`` perspective has no tab at all: it is shown on request
only (the Teaching perspective's presentation mode).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

__all__ = ["DEFAULT", "PERSPECTIVES", "Layout", "Perspective", "Split", "Tabs", "panels_of", "perspective"]


@dataclass(frozen=True)
class Tabs:
    """Panels on top of each other as tabs."""

    panels: tuple[str, ...]


@dataclass(frozen=True)
class Split:
    """Parts side by side (``vertical`` False) or one above the other, ``sizes`` relative."""

    vertical: bool
    parts: tuple[Layout, ...]
    sizes: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.parts) != len(self.sizes) or len(self.parts) < 2:
            raise ValueError("a split needs two or more parts, each with a size")


Layout = str | Tabs | Split


@dataclass(frozen=True)
class Perspective:
    key: str
    title: str
    tip: str
    layout: Layout
    needs: str = ""  # a panel without which the perspective has nothing to show: no tab while it is unavailable
    hidden: bool = False  # no tab: shown on request only


def _across(*parts_and_sizes) -> Split:
    return Split(False, tuple(parts_and_sizes[::2]), tuple(parts_and_sizes[1::2]))


def _down(*parts_and_sizes) -> Split:
    return Split(True, tuple(parts_and_sizes[::2]), tuple(parts_and_sizes[1::2]))


# sizes chosen so that at 1366x768 and 1920x1080 every score table shows all its rows, the PENMAN
# texts a dozen lines or more and the graphs and heatmaps most of the room
PERSPECTIVES: tuple[Perspective, ...] = (
    Perspective(
        "corpus",
        "Corpus",
        "Every pair with its scores, the distribution of the pairs' F1 and F1 against graph size (a bar or "
        "a region chosen filters the table), the corpus's scores, the selected pair's scores",
        _across(
            _down("corpus", 55, "corpus_plots", 45), 66, _down("summary", 50, Tabs(("document", "smatch")), 50), 34
        ),
    ),
    Perspective(
        "pair",
        "Pair",
        "The selected pair: graphs, scores, PENMAN (or clause) texts, triples and alignment; for DRS "
        "input its clauses under Counter's mapping and its DScorer k-grams",
        _down(
            _across("graphs", 78, "summary", 22),
            68,
            _across("penman", 40, Tabs(("clauses", "dscorer", "triples", "alignment", "document")), 60),
            32,
        ),
    ),
    Perspective(
        "rounds",
        "Rounds",
        "How the alignment was found, round by round, beside the graphs and the alignment",
        _across("rounds", 56, _down("graphs", 58, "alignment", 42), 44),
    ),
    Perspective(
        "annotators",
        "Annotators",
        "Several annotators: the agreement matrix, each annotator and sentence, each annotator's sentence "
        "F1 against the gold, and the label confusion of the pair shown (a cell of the matrix opens in the "
        "Pair perspective)",
        _across("annotators", 45, Tabs(("annotator_plots", "confusion")), 55),
    ),
    Perspective(
        "adjudication",
        "Adjudication",
        "The adjudication session: the sentences with their review, the annotator against the "
        "adjudicated graph, the sentence's status, notes, disagreements and history",
        _down(_across("corpus", 38, Tabs(("adjudicated", "graphs")), 62), 58, "adjudication", 42),
        needs="adjudication",  # shown while a session is open
    ),
    Perspective(
        "compare",
        "Compare",
        "Two systems or annotators against one gold: the test's result in words, each sentence's F1 of A "
        "against B's, the distribution of the differences, and a sentence as A, B and the gold annotated it",
        _down("compare", 66, "compare_sentence", 34),
        needs="compare",  # shown while a comparison is shown or made
    ),
    Perspective(
        "teach",
        "Teaching",
        "The selected pair's alignment as a lesson, step by step: every broadcast iteration, every cell "
        "explained, predictions, live parameters, slides",
        _across(
            _down("lesson", 84, "convergence", 16),
            58,
            _down("teach_graphs", 52, Tabs(("steps", "explanation")), 48),
            42,
        ),
    ),
    Perspective(
        "present",
        "Presentation",
        "The lesson for a projector (View > Presentation Mode, F11): the teaching panels only, large text",
        # the heatmap as wide as 25 columns need for values in 12 px text at 1366 x 768; a cell explained is
        # in the lesson's text, as wide (P and C, sums over named pairs, in a few lines)
        _across("lesson", 74, _down("teach_graphs", 76, "convergence", 24), 26),
        hidden=True,
    ),
)
DEFAULT = "pair"


def perspective(key: str) -> Perspective:
    return next(p for p in PERSPECTIVES if p.key == key)


def panels_of(layout: Layout) -> Iterator[str]:
    """The panel keys of a layout, in order."""
    if isinstance(layout, str):
        yield layout
    elif isinstance(layout, Tabs):
        yield from layout.panels
    else:
        for part in layout.parts:
            yield from panels_of(part)
