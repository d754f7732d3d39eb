"""The heatmaps exported from the matrices, not grabbed from the screen: one round as
PNG at a chosen DPI, SVG or PDF (crisp cells, real text), with the pair, the round,
the profile and the parameters in the file; and every round for the HTML report."""

from __future__ import annotations

from pathlib import Path

from engine.output.report import RoundFigure, parameters_text
from engine.params import Params
from engine.scoring import PairResult

from ..common.export import png_data_uri, write_figure
from .model import RoundsModel
from .svg import FigureText, round_svg

__all__ = ["export_heatmaps", "figure_text", "report_rounds"]


def figure_text(model: RoundsModel, number: int, result: PairResult, params: Params) -> FigureText:
    """Title: the pair and the round; lines: the sentence, the profile and parameters, the round's headline."""
    name = f"pair {result.number} ({result.id})" if result.id else f"pair {result.number}"
    lines = []
    sentence = result.sentence  # the gold's, as the pair's scores show it
    if sentence:
        lines.append(f"sentence: {sentence}")
    lines += [parameters_text(params, drs=result.drs is not None), model.captions[number].headline]
    return FigureText(f"graphagree: alignment rounds of {name}, round {number} of {model.rounds}", tuple(lines))


def export_heatmaps(
    model: RoundsModel, number: int, result: PairResult, params: Params, path: Path, dpi: float = 300.0
) -> bool:
    """Round ``number``'s heatmaps to ``path``: .svg, .pdf, else PNG at ``dpi``. True when written."""
    text = figure_text(model, number, result, params)
    return write_figure(round_svg(model, number, text), path, dpi, text.title, "\n".join(text.lines))


def report_rounds(model: RoundsModel) -> list[RoundFigure]:
    """The initial anchors' caption, then each round's caption with its heatmaps (large
    matrices as pixel-exact images, to keep the report small)."""
    figures = [RoundFigure(model.captions[0])]
    for number in range(1, model.rounds + 1):
        text = FigureText(f"Round {number} of {model.rounds}", ())
        figures.append(RoundFigure(model.captions[number], round_svg(model, number, text, raster=png_data_uri)))
    return figures
