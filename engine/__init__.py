"""graphagree's engine: agreement between semantic-graph annotations, without Qt.

The pipeline, one subpackage a stage::

    read/      files -> paired graphs          load_pairs()
    align/     anchor-broadcast alignment     align()
    metrics/   AnCast scores, triples, UMR document level, tallies
    matching/  optimal variable mapping: bounds, hill-climbing, branch and bound
    smatch/    Smatch triples -> mapping -> scores
    compat/    the ancast-0.1.1 compatibility profile
    scoring/   pair and corpus scoring        score_corpus(), score_pair()
    teach/     a pair's alignment step by step trace_pair(), build_lesson()
    output/    printers, report, formatting
    cli/       ``python -m engine``

The names below are importable from ``engine`` directly; they load on first use, so that
the entry points can set up the process before NumPy loads.
"""

from __future__ import annotations

from .runtime.lazy import lazy_names

__all__ = [
    "CorpusResult",
    "Graph",
    "InputError",
    "PairResult",
    "Params",
    "align",
    "load_pairs",
    "read_graph",
    "score_corpus",
    "score_files",
    "score_graphs",
    "score_pair",
]

_HOMES = {
    "CorpusResult": "engine.scoring",
    "PairResult": "engine.scoring",
    "score_corpus": "engine.scoring",
    "score_files": "engine.scoring",
    "score_graphs": "engine.scoring",
    "score_pair": "engine.scoring",
    "Graph": "engine.model",
    "InputError": "engine.errors",
    "Params": "engine.params",
    "align": "engine.align",
    "load_pairs": "engine.read",
    "read_graph": "engine.read",
}


__getattr__ = lazy_names(__name__, _HOMES)
