"""The plots of sentence-level F1 (Qt-free): the distribution of one metric's F1 over a corpus's
pairs and F1 against the gold graph's size (the Corpus perspective), and, for several
annotators, each one's sentence F1 against the gold annotator - a strip per annotator - and
against the gold graph's size (the Annotators perspective). Each :class:`~.figure.Plot` carries
the lines that say what it shows (:func:`header`): the files, the metric, the parameters.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from engine.layout.pair import plural
from engine.output.drs import with_profile
from engine.output.report import parameters_text
from engine.registry import METRIC, short_name
from engine.scoring import CorpusResult, MatrixResult, PairResult

from .figure import SERIES_COLOURS, Axis, Plot, Points, count_axis, f1_edges, histogram, jitter, series_colour

__all__ = [
    "NO_GOLD",
    "SentenceValues",
    "annotator_size_plot",
    "annotator_strip_plot",
    "corpus_values",
    "distribution_plot",
    "header",
    "metric_name",
    "size_plot",
]

F1_AXIS = (0.0, 1.0)
NO_GOLD = "Choose a gold annotator (Gold, above the matrix) to see each annotator's sentence F1 against it."
STRIP_WIDTH = 0.6  # of the room between two annotators


@dataclass(frozen=True)
class SentenceValues:
    """Per sentence (or pair): its key (index), label (id, else index), F1 (NaN when undefined or
    not scored) and the gold graph's size in nodes (NaN when it could not be read)."""

    keys: np.ndarray
    labels: tuple[str, ...]
    f: np.ndarray
    size: np.ndarray

    @property
    def defined(self) -> np.ndarray:
        return np.isfinite(self.f)


def metric_name(metric: str, params) -> str:
    """A metric's F1 as the tables name it: "LR F1", "DScorer (paper) F1"."""
    return f"{with_profile(short_name(metric), metric, params)} F1"


def header(
    files: Sequence[tuple[str, str | Path]], metric: str, params, drs: bool, more: Sequence[str] = ()
) -> tuple[str, ...]:
    """What an exported plot shows: the files by role, the metric, the parameters, and ``more``."""
    named = ", ".join(f"{role} = {path}" for role, path in files)
    return (
        f"files: {named}",
        f"metric: {METRIC[metric].title} F1 ({metric}); {parameters_text(params, drs)}",
        *more,
    )


def corpus_values(corpus: CorpusResult, metric: str, pairs: Sequence[PairResult] | None = None) -> SentenceValues:
    """The F1 of ``metric`` and gold size of ``pairs`` (None: every pair of ``corpus``), in corpus order."""
    pairs = corpus.pairs if pairs is None else pairs
    f = np.full(len(pairs), np.nan)
    size = np.full(len(pairs), np.nan)
    for k, result in enumerate(pairs):
        tally = result.tallies.get(metric)
        score = tally.prf().f if tally is not None else None
        if score is not None:
            f[k] = score
        if result.gold is not None:
            size[k] = len(result.gold)
    keys = np.array([result.index for result in pairs], dtype=np.int64)
    return SentenceValues(keys, tuple(result.id or str(result.index) for result in pairs), f, size)


def _left_out(values: SentenceValues, name: str, unit: str) -> str:
    missing = int(np.count_nonzero(~values.defined))
    return f"{plural(missing, unit)} without an {name} (n/a, or not scored) not drawn. " if missing else ""


def distribution_plot(
    values: SentenceValues, name: str, head: tuple[str, ...] = (), unit: str = "pair", total: int | None = None
) -> Plot:
    """The histogram of the F1 (bars of 0.05 over [0, 1], the last one holding 1); the title says
    of how many of ``total`` (None: of all) the values are."""
    drawn = len(values.keys)
    counted = plural(drawn, unit) if total is None or total == drawn else f"{drawn} of {plural(total, unit)}"
    defined = values.f[values.defined]
    bars = histogram(values.keys, values.f, f1_edges())
    summary = f"mean {defined.mean():.4f} · median {np.median(defined):.4f}" if len(defined) else ""
    return Plot(
        f"{name} of {counted}",
        Axis(name, *F1_AXIS),
        count_axis(f"{unit}s", int(bars.counts.max(initial=0))),
        bars=bars,
        value=name,
        unit=unit,
        note=_left_out(values, name, unit) + summary,
        empty="" if len(values.keys) else f"No {unit}s.",
        header=head,
    )


def size_axis(largest: float) -> Axis:
    """The axis of the gold graphs' sizes: nodes, up to one more than the largest."""
    return Axis("gold graph nodes", 0.0, largest + 1, whole=True)


def size_plot(values: SentenceValues, name: str, head: tuple[str, ...] = (), unit: str = "pair") -> Plot:
    """F1 against the gold graph's size, a point per pair."""
    shown = values.defined & np.isfinite(values.size)
    largest = float(values.size[shown].max()) if shown.any() else 1.0
    return Plot(
        f"{name} against the gold graph's size",
        size_axis(largest),
        Axis(name, *F1_AXIS),
        points=(
            Points(
                name,
                SERIES_COLOURS[0],
                values.keys[shown],
                values.size[shown],
                values.f[shown],
                tuple(label for label, keep in zip(values.labels, shown) if keep),
            ),
        ),
        value=name,
        unit=unit,
        note=_left_out(values, name, unit).strip(),
        empty="" if len(values.keys) else f"No {unit}s.",
        header=head,
    )


def annotator_values(result: MatrixResult, metric: str) -> list[tuple[int, SentenceValues]]:
    """Each annotator but the gold with its sentences' F1 against the gold (every sentence,
    NaN where not scored) and the gold graph's size."""
    gold = result.gold
    if gold is None:
        return []
    f = result.sentence_f(metric)
    labels = tuple(result.annotations.sentence_labels())
    keys = np.arange(len(result.sentences), dtype=np.int64)
    size = np.full(len(result.sentences), np.nan)
    for s, scores in enumerate(result.sentences):
        nodes = scores.sizes[gold] if scores is not None else None
        if nodes is not None:
            size[s] = nodes
    return [(k, SentenceValues(keys, labels, f[:, k, gold], size)) for k in range(len(result.names)) if k != gold]


def _series(result: MatrixResult, metric: str, x_of, means: bool = False) -> tuple[tuple[Points, ...], tuple[int, ...]]:
    """A series per annotator but the gold (x from ``x_of(position, values)``; with ``means``,
    each one's mean F1 its summary), and the annotators in series order."""
    series, annotators = [], []
    for position, (k, values) in enumerate(annotator_values(result, metric)):
        shown = values.defined & np.isfinite(x_of(position, values))
        mean = f"{values.f[shown].mean():.4f}" if shown.any() else "n/a"
        series.append(
            Points(
                result.names[k],
                series_colour(k),  # the annotator's own colour, whichever is the gold
                values.keys[shown],
                x_of(position, values)[shown],
                values.f[shown],
                tuple(label for label, keep in zip(values.labels, shown) if keep),
                mean if means else "",
            )
        )
        annotators.append(k)
    return tuple(series), tuple(annotators)


def annotator_strip_plot(result: MatrixResult, metric: str, head: tuple[str, ...] = ()) -> tuple[Plot, tuple[int, ...]]:
    """Each annotator's sentence F1 against the gold as a strip of points (spread sideways by the
    sentence, the same way every time), and the annotator of each series."""
    name = metric_name(metric, result.params)
    if result.gold is None:
        return Plot(f"{name} against the gold, per annotator", Axis("", 0, 1), Axis(name, *F1_AXIS), empty=NO_GOLD), ()
    series, annotators = _series(
        result, metric, lambda position, values: position + jitter(values.keys, STRIP_WIDTH), means=True
    )
    gold = result.names[result.gold]
    ticks = tuple((float(place), result.names[k]) for place, k in enumerate(annotators))
    plot = Plot(
        f"{name} against the gold ({gold}), per annotator",
        Axis("annotator", -0.6, len(annotators) - 0.4, ticks, named=True),  # shortened to the room of a tick
        Axis(name, *F1_AXIS),
        points=series,
        value=name,
        unit="sentence",
        header=head,
        legend_title="Mean sentence F1:",  # each annotator's, after its name
    )
    return plot, annotators


def annotator_size_plot(result: MatrixResult, metric: str, head: tuple[str, ...] = ()) -> tuple[Plot, tuple[int, ...]]:
    """Each annotator's sentence F1 against the gold graph's size, a colour per annotator."""
    name = metric_name(metric, result.params)
    if result.gold is None:
        return Plot(f"{name} against the gold graph's size", Axis("", 0, 1), Axis(name, *F1_AXIS), empty=NO_GOLD), ()
    series, annotators = _series(result, metric, lambda position, values: values.size)
    largest = max((float(s.x.max()) for s in series if len(s.x)), default=1.0)
    plot = Plot(
        f"{name} against the gold graph's size ({result.names[result.gold]})",
        size_axis(largest),
        Axis(name, *F1_AXIS),
        points=series,
        value=name,
        unit="sentence",
        header=head,
    )
    return plot, annotators
