"""What the Compare view shows of a :class:`~engine.comparison.Comparison`, computed from it
(Qt-free): the test's result in words (the engine's :func:`~engine.output.comparison.verdict`),
the plots - each sentence's F1 of A against B's with the diagonal, the distribution of the
per-sentence differences, the test's own distribution of the difference - with the lines that
say what they show, the sentence table's rows, and one sentence's three annotations.

The convention of the engine holds everywhere: the difference is B − A, so a point above the
diagonal, or a bar right of 0, is a sentence where B agrees more with the gold.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

import numpy as np

from engine.comparison import Comparison, MetricComparison
from engine.comparison.significance import TOLERANCE
from engine.layout.pair import plural
from engine.output.comparison import p_text, verdict
from engine.output.report import parameters_text
from engine.output.text import f1_text

from ..annotators.views import Row, sentence_text
from ..plots.figure import (
    BLUE,
    GREY,
    ORANGE,
    PURPLE,
    Axis,
    Guide,
    Plot,
    Points,
    bar_count,
    centred_edges,
    count_axis,
    cut_edges,
    histogram,
    series_colour,
)
from ..plots.sentence_figures import metric_name

__all__ = [
    "SENTENCE_HEADERS",
    "SentenceColumns",
    "compare_header",
    "differences_plot",
    "draws_plot",
    "largest_differences_first",
    "scatter_plot",
    "sentence_columns",
    "sentence_rows",
    "sentence_texts",
    "sentence_texts_of",
    "shown_verdict",
    "side_colours",
    "side_names",
    "significance_text",
]

SAME = GREY  # the sentences where A and B have the same F1
SENTENCE_HEADERS = ("ID", "Sentence", "A F1", "B F1", "B − A")
SENTENCE_TIPS = (
    "The sentence's id, else its place in the files",
    "The sentence's text",
    "A's F1 against the gold on this sentence",
    "B's F1 against the gold on this sentence",
    "B's F1 minus A's. The table opens with the largest differences first, either way (ties in "
    "sentence order); click a header to sort by its column",
)
TESTS = {"permutation": "paired approximate randomisation", "bootstrap": "paired bootstrap"}


def side_names(comparison: Comparison) -> tuple[str, str]:
    """A and B as the view names them: "A (annot1)", "B (annot2)"."""
    a, b, _ = comparison.setup.names
    return f"A ({a})", f"B ({b})"


def side_colours(a: int, b: int) -> tuple[str, str]:
    """The colours of A and B, annotators ``a`` and ``b`` of the comparison's set: each one's own in
    the Annotators plots (:func:`~ui.plots.figure.series_colour`; A is the first of three files
    compared, B the second), so that the sentences where B is higher are in B's colour; orange and
    blue when those are the same colour or the ties' grey.

    >>> side_colours(0, 2) == (series_colour(0), series_colour(2))
    True
    """
    colours = series_colour(a), series_colour(b)
    return colours if len(set(colours)) == 2 and SAME not in colours else (ORANGE, BLUE)


def shown_verdict(comparison: Comparison, metric: str) -> str:
    """The engine's verdict on ``metric``, A and B named as :func:`side_names` names them."""
    return verdict(comparison.metrics[metric], *side_names(comparison))


def p_equals(p: float) -> str:
    """A p-value in words as the verdict writes it.

    >>> p_equals(0.4132), p_equals(0.0001)
    ('p = 0.41', 'p < 0.001')
    """
    text = p_text(p)
    return f"p {text}" if text.startswith("<") else f"p = {text}"


def significance_text(comparison: Comparison, metric: str) -> str:
    """The interval and how the p-value was found, in a line."""
    result, setup = comparison.metrics[metric], comparison.setup
    tested = result.significance
    if tested is None or result.ci is None:
        return "Nothing to test: the F1 of A or B is not defined on these sentences."
    low, high = result.ci
    if setup.test == "permutation" and tested.exact:
        trials = f"every one of the {tested.trials} ways of swapping A and B (exact)"
    elif setup.test == "permutation":
        trials = f"{tested.trials} random swaps of A and B per sentence"
    else:
        trials = f"{tested.trials} resamples of the sentences"
    return (
        f"{tested.level:.0%} interval of B − A: [{low:+.4f}, {high:+.4f}] (paired bootstrap, {setup.trials} "
        f"resamples); {p_equals(tested.p_value)} from the {TESTS[setup.test]} over {trials}, seed {setup.seed}."
    )


def compare_header(comparison: Comparison, metric: str) -> tuple[str, ...]:
    """What an exported plot of the comparison shows: the files, metric, test and parameters."""
    setup = comparison.setup
    (a, b, gold), (a_name, b_name, gold_name) = setup.files, setup.names
    drs = comparison.matrix.annotations.format == "drs"
    return (
        f"files: A = {a_name} ({a}), B = {b_name} ({b}), gold = {gold_name} ({gold})",
        f"metric: {metric_name(metric, setup.params)} ({metric}); test: {TESTS[setup.test]}, {setup.trials} trials, "
        f"seed {setup.seed}, {setup.level:.0%} interval",
        f"scoring: {parameters_text(setup.params, drs)}",
        shown_verdict(comparison, metric),
    )


def _defined(result: MetricComparison) -> np.ndarray:
    return np.isfinite(result.f_a) & np.isfinite(result.f_b)


def _points(result: MetricComparison, name: str, colour: str, keep: np.ndarray) -> Points:
    return Points(
        name,
        colour,
        result.sentences[keep].astype(np.int64),
        result.f_a[keep],
        result.f_b[keep],
        tuple(label for label, kept in zip(result.labels, keep) if kept),
    )


def scatter_plot(comparison: Comparison, metric: str) -> Plot:
    """Each sentence's F1 of A (x) and of B (y): above the diagonal where B is higher."""
    result = comparison.metrics[metric]
    a, b = side_names(comparison)
    name = metric_name(metric, comparison.setup.params)
    defined = _defined(result)
    above, below = defined & (result.f_b > result.f_a), defined & (result.f_b < result.f_a)
    same = defined & (result.f_b == result.f_a)
    left_out = int(np.count_nonzero(~defined))
    note = (
        f"{int(above.sum())} above the diagonal ({b} higher), {int(below.sum())} below ({a} higher), "
        f"{int(same.sum())} on it."
    )
    if left_out:
        note += f" {plural(left_out, 'sentence')} without an F1 for A or B not drawn."
    a_wins, b_wins = side_colours(comparison.a, comparison.b)
    return Plot(
        f"{name} per sentence: {b} against {a}",
        Axis(f"{a} {name}", 0.0, 1.0),
        Axis(f"{b} {name}", 0.0, 1.0),
        points=(
            _points(result, f"{b} higher", b_wins, above),
            _points(result, f"{a} higher", a_wins, below),
            _points(result, "same F1", SAME, same),
        ),
        guides=(Guide("diagonal", 0.0, "#555555", "same F1 (diagonal)"),),
        value=name,
        note=note,
        empty="" if result.count else "No sentence was scored for both A and B.",
        header=compare_header(comparison, metric),
    )


def differences_plot(comparison: Comparison, metric: str) -> Plot:
    """The distribution of the per-sentence differences B − A, a bar centred on 0 for the ties."""
    result = comparison.metrics[metric]
    a, b = side_names(comparison)
    name = metric_name(metric, comparison.setup.params)
    differences = result.differences
    defined = np.isfinite(differences)
    edges = centred_edges(differences, bar_count(int(defined.sum()), least=21))
    centres = (edges[:-1] + edges[1:]) / 2
    a_wins, b_wins = side_colours(comparison.a, comparison.b)
    colours = tuple(
        SAME if low <= 0 < high else b_wins if centre > 0 else a_wins
        for low, high, centre in zip(edges[:-1], edges[1:], centres)
    )
    bars = histogram(result.sentences.astype(np.int64), differences, edges, colours)
    shown = differences[defined]
    corpus = result.difference
    note = f"Per sentence: mean {shown.mean():+.4f}, median {np.median(shown):+.4f}. " if shown.size else ""
    if corpus is not None:
        note += f"Over the corpus (micro F1 of B minus micro F1 of A): {corpus:+.4f}."
    return Plot(
        f"{b} − {a}: {name} per sentence",
        Axis(f"{name} of B − {name} of A", float(edges[0]), float(edges[-1])),
        count_axis("sentences", int(bars.counts.max(initial=0))),
        bars=bars,
        guides=(Guide("vertical", 0.0, "#555555", "no difference"),),
        value="B − A",
        note=note,
        empty="" if shown.size else "No sentence has an F1 for both A and B.",
        header=compare_header(comparison, metric),
    )


def draws_plot(comparison: Comparison, metric: str) -> Plot:
    """The test's distribution of the difference: δ* of every swap (permutation) or resample
    (bootstrap), the observed δ (and -δ, for the two-sided permutation test) or the interval
    marked; the bars at least as far from 0 as δ (those the p-value counts) in purple."""
    result, setup = comparison.metrics[metric], comparison.setup
    name = metric_name(metric, setup.params)
    tested = result.significance
    head = compare_header(comparison, metric)
    if tested is None or result.difference is None:
        return Plot("The test's distribution", Axis("", 0, 1), Axis("", 0, 1), empty="Nothing was tested.", header=head)
    observed, draws = result.difference, tested.distribution
    edges = centred_edges(np.append(draws, observed), 41)
    permutation = setup.test == "permutation"
    reach = abs(observed) - TOLERANCE  # p counts the swaps with |δ*| >= reach (the engine's tie tolerance)
    counted = permutation and reach > 0
    if counted:  # the bars split at ±reach: those beyond hold exactly the swaps p counts
        edges = cut_edges(edges, (-reach, reach))
    colours = tuple(
        PURPLE if counted and (high <= -reach or low >= reach) else GREY
        for low, high in itertools.pairwise(edges.tolist())
    )
    bars = histogram(np.arange(len(draws), dtype=np.int64), draws, edges, colours)
    unit = "swap" if permutation else "resample"
    guides = [Guide("vertical", observed, "#000000", f"observed B − A = {observed:+.4f}", dashed=False)]
    if permutation:
        guides.append(Guide("vertical", -observed, "#000000", "its opposite"))
        title = f"{name}: B − A when A and B are swapped at random ({tested.trials} swaps)"
        note = f"{p_equals(tested.p_value)}: the share of swaps at least as far from 0 as the observed difference."
    else:
        low, high = tested.ci
        guides += [Guide("vertical", low, PURPLE, f"{tested.level:.0%} interval"), Guide("vertical", high, PURPLE, "")]
        title = f"{name}: B − A over {tested.trials} resamples of the sentences"
        note = f"{tested.level:.0%} interval [{low:+.4f}, {high:+.4f}]; {p_equals(tested.p_value)}."
    return Plot(
        title,
        Axis(f"B − A ({name})", float(edges[0]), float(edges[-1])),
        count_axis(f"{unit}s", int(bars.counts.max(initial=0))),
        bars=bars,
        guides=tuple(guides),
        value="B − A",
        unit=unit,
        note=note,
        header=head,
    )


def _number(value: float) -> str:
    return "n/a" if math.isnan(value) else f1_text(float(value))


SentenceColumns = tuple[list[int], list[tuple[str, ...]], list[tuple]]  # a table's items, cells, sort keys


def sentence_columns(comparison: Comparison, metric: str, texts: Sequence[str] | None = None) -> SentenceColumns:
    """The compared sentences as a table takes them, in the comparison's order (by position): each
    one's index, its cells - id (else position), text, F1 of A and of B, B − A - and their sort keys
    (undefined values sorted last); ``texts``: every sentence's text, when known already
    (:func:`sentence_texts_of`). Built a column at a time from Python floats (NumPy's scalars,
    one by one, took twice as long for 10,000 sentences)."""
    result = comparison.metrics[metric]
    texts = sentence_texts_of(comparison) if texts is None else texts
    items = result.sentences.tolist()
    shown = [texts[index] for index in items]
    values = result.f_a.tolist(), result.f_b.tolist(), result.differences.tolist()
    f_a, f_b = ([_number(value) for value in column] for column in values[:2])
    differences = ["n/a" if math.isnan(value) else f"{value:+.4f}" for value in values[2]]
    a_keys, b_keys, difference_keys = ([-math.inf if math.isnan(v) else v for v in column] for column in values)
    cells: list[tuple[str, ...]] = list(zip(result.labels, shown, f_a, f_b, differences))
    keys: list[tuple] = list(zip(items, [text.lower() for text in shown], a_keys, b_keys, difference_keys))
    return items, cells, keys


def sentence_rows(comparison: Comparison, metric: str, texts: Sequence[str] | None = None) -> list[Row]:
    """A row per compared sentence (:func:`sentence_columns`), sorted by position."""
    return [Row(*row) for row in zip(*sentence_columns(comparison, metric, texts))]


def largest_differences_first(differences: np.ndarray, sentences: np.ndarray) -> np.ndarray:
    """The positions of the sentences in the order the table opens in: by the size of B − A
    (``differences``, descending), ties in sentence order, the sentences without a difference
    (NaN: n/a) last.

    >>> largest_differences_first(np.array([0.0, -0.5, np.nan, 0.5]), np.arange(4)).tolist()
    [1, 3, 0, 2]
    """
    undefined = np.isnan(differences)
    return np.lexsort((sentences, np.where(undefined, 0.0, -np.abs(differences)), undefined))


def sentence_texts_of(comparison: Comparison) -> list[str]:
    """Every sentence's text (``# ::snt``), in the annotation set's order."""
    return [sentence_text(sentence) for sentence in comparison.matrix.annotations.sentences]


def sentence_texts(comparison: Comparison, metric: str, sentence: int) -> list[tuple[str, str]]:
    """The sentence as A, B and the gold annotated it: (heading, text) each, the heading with the
    annotator's F1 against the gold."""
    result = comparison.metrics[metric]
    found = np.flatnonzero(result.sentences == sentence)
    scores = (result.f_a[found[0]], result.f_b[found[0]]) if found.size else (math.nan, math.nan)
    entries = comparison.matrix.annotations.sentences[sentence].entries
    a, b = side_names(comparison)
    gold = f"gold ({comparison.setup.names[2]})"
    name = metric_name(metric, comparison.setup.params)
    texts = []
    for heading, annotator, score in (
        (a, comparison.a, scores[0]),
        (b, comparison.b, scores[1]),
        (gold, comparison.gold, None),
    ):
        entry = entries[annotator]
        text = entry.text if entry is not None else "(no graph of this sentence in this file)"
        texts.append((heading if score is None else f"{heading}: {name} {_number(score)}", text))
    return texts
