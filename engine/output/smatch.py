"""The ``smatch`` command's output: per-pair Smatch, micro and macro, the bootstrap interval
and the fine-grained sub-scores, as a JSON object or a terminal table."""

from __future__ import annotations

from collections.abc import Sequence

from ..metrics.tally import Totals
from ..smatch import SUB_SCORES, SmatchPairResult
from .text import f1_text

__all__ = ["smatch_data", "smatch_notes", "smatch_table"]


def smatch_data(
    results: Sequence[SmatchPairResult],
    solver: str,
    standardize: str,
    ci: bool = False,
    seed: int = 1,
    fine_grained: bool = False,
) -> dict:
    """The documented JSON object: solver, standardize, pairs, micro, macro (and ci, fine_grained)."""
    scored = [r.tally for r in results if r.tally is not None and r.match is not None]
    totals = Totals(("smatch",))
    for tally in scored:
        totals.add({"smatch": tally})
    pairs = []
    for r in results:
        item: dict = {"index": r.index, "id": r.id, "error": r.error}
        if r.tally is not None and r.match is not None:
            score = r.tally.prf()
            item.update(
                {
                    "p": score.p,
                    "r": score.r,
                    "f": score.f,
                    "matched": r.match.matched,
                    "test_triples": r.tally.test_size,
                    "gold_triples": r.tally.gold_size,
                    "optimal": r.match.optimal,
                    "upper_bound": r.match.upper_bound,
                }
            )
        pairs.append(item)
    data = {
        "solver": solver,
        "standardize": standardize,
        "pairs": pairs,
        "micro": totals.micro()["smatch"].as_dict(),
        "macro": totals.macro()["smatch"].as_dict(),
    }
    if ci:
        from ..metrics.bootstrap import bootstrap_interval  # NumPy: loaded only when an interval is asked for

        interval = bootstrap_interval(scored, seed=seed)
        data["ci"] = {"micro_f": list(interval) if interval else None, "level": 0.95}
    if fine_grained:
        parts = Totals(SUB_SCORES)
        for result, item in zip(results, pairs):
            if result.fine_grained is not None:
                parts.add(result.fine_grained)
                item["fine_grained"] = {name: tally.prf().as_dict() for name, tally in result.fine_grained.items()}
        data["fine_grained"] = {name: prf.as_dict() for name, prf in parts.micro().items()}
    return data


def _cells(score: dict) -> str:
    return "".join(f"{v:8.4f}" if v is not None else f1_text(v).rjust(8) for v in (score["p"], score["r"], score["f"]))


def smatch_table(data: dict) -> str:
    """The JSON object of :func:`smatch_data` as a terminal table."""
    lines = [f"{'#':<6}{'id':<24}{'P':>8}{'R':>8}{'F':>8}  optimal"]
    for item in data["pairs"]:
        if item["error"]:
            lines.append(f"{item['index'] + 1:<6}{(item['id'] or ''):<24}  error: {item['error']}")
        else:
            lines.append(
                f"{item['index'] + 1:<6}{(item['id'] or ''):<24}{_cells(item)}  {'yes' if item['optimal'] else 'no'}"
            )
    for name in ("micro", "macro"):
        lines.append(f"{name:<30}{_cells(data[name])}")
    if "ci" in data and data["ci"]["micro_f"]:
        low, high = data["ci"]["micro_f"]
        lines.append(f"95% bootstrap interval of the micro F: [{low:.4f}, {high:.4f}]")
    if "fine_grained" in data:
        lines += ["", "Fine-grained (micro, one alignment):"]
        for name, score in data["fine_grained"].items():
            lines.append(f"  {name:<28}{_cells(score)}")
    return (
        "\n".join(lines)
        + f"\n\nSmatch ({data['solver']}, standardize {data['standardize']}); {len(data['pairs'])} pairs\n"
    )


def smatch_notes(results: Sequence[SmatchPairResult], solver: str, time_limit: float) -> list[str]:
    """The stderr lines: pairs not scored, and pairs whose optimum was not proven in time."""
    notes = []
    for result in results:
        if result.error:
            notes.append(f"{result.error} (pair {result.index + 1} not scored)")
        elif solver != "hillclimb" and result.match is not None and not result.match.optimal:
            match = result.match
            notes.append(
                f"warning: pair {result.index + 1}: optimum not proven within the time limit of {time_limit:g} s; "
                f"scored with the best alignment found ({match.matched} triples matched, "
                f"at most {match.upper_bound:g} can be); a larger --time-limit may prove it"
            )
    return notes
