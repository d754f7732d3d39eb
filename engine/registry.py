"""The metric specification: every score the engine reports, declared once.

A :class:`Metric` says what a score is called (its JSON and CSV ``key``, a ``title`` for prose,
a ``short`` column name, the words the corpus filter knows it by), where it applies (the input
formats, the scoring profiles, the pair or the UMR document level), whether it is optional (and
then its :class:`Switch`: the command-line option and the dialog's checkbox), how it is computed
(``compute``: a stage of the pipeline) and, for a metric that searches the best variable mapping,
its default :class:`~engine.params.SolverOptions`.

Everything else iterates the specification: the pair scorer and the matrix run the stages of the
metrics a run computes (:func:`run_metrics`, :func:`pair_stages`), the command line takes its
switches, choices and time-limit options from it, the printers, the HTML report and the app's
tables their columns, the corpus filter its metric names (:func:`filter_names`), the parameters
dialog its checkboxes, and the stored parameters (JSON output, settings, sessions) their shape
(:func:`params_dict`, :func:`params_from_dict`).

A stage is a function of a :class:`PairInput` (both graphs, their alignment under the run's
profile, the parameters, a DRS pair's clauses) that returns the tallies of one or more metrics as
:class:`Scored`; metrics computed together (the three relation metrics share their sums) share
one stage, which runs once per pair. Adding a metric computed from the alignment is one
declaration here (:func:`on_alignment` makes its stage) and its test; :func:`registered` adds
one for the duration of a ``with`` block.

>>> METRIC["labeled_relation"].short
'LR'
>>> run_metrics(Params(), "amr")
('concept', 'labeled_relation', 'unlabeled_relation', 'weighted_relation', 'mock_smatch')
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import asdict, dataclass, fields, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Literal, get_args

from .metrics.tally import Tally
from .params import COUNTER_SEARCH, PROFILES, SMATCH_SEARCH, Params, Profile, SolverOptions

if TYPE_CHECKING:  # the stages import what computes them when they run: a run loads only its metrics' code
    from .align.alignment import Alignment
    from .drs.clauses import Clause
    from .drs.pair import DrsPairScores
    from .model import Graph

__all__ = [
    "COUNTER",
    "DSCORER",
    "FORMATS",
    "METRIC",
    "SMATCH",
    "Format",
    "Metric",
    "PairInput",
    "PairStage",
    "Scored",
    "Switch",
    "filter_names",
    "metrics",
    "on_alignment",
    "optional_metrics",
    "pair_stages",
    "params_dict",
    "params_from_dict",
    "register",
    "registered",
    "run_metrics",
    "short_name",
    "solver_options",
    "sub_key",
    "time_limit_key",
    "unregister",
]

Format = str  # an input format's name (engine.read.formats): "amr", "umr" or "drs"
FORMATS: frozenset[Format] = frozenset({"amr", "umr", "drs"})
Level = Literal["pair", "document"]
SMATCH, COUNTER, DSCORER = "smatch", "counter", "dscorer"  # the metrics some views show in detail


@dataclass(frozen=True)
class PairInput:
    """What a pair stage reads: both graphs, their alignment under ``params.profile`` (None when
    the matrix scores the reverse of a pair whose stage was not :attr:`Scored.reversible`: only
    stages that do not read the alignment are ever run so), the reference package's own tallies
    under the ``ancast-0.1.1`` profile, a DRS pair's clauses, and whether the sub-scores are wanted
    (the pair views show them; the matrix does not)."""

    test: Graph
    gold: Graph
    alignment: Alignment | None
    params: Params
    reference: Mapping[str, Tally] | None = None
    test_clauses: tuple[Clause, ...] | None = None
    gold_clauses: tuple[Clause, ...] | None = None
    sub_scores: bool = True

    def reversed(self) -> PairInput:
        """The pair the other way round (gold as test), without an alignment."""
        return replace(
            self,
            test=self.gold,
            gold=self.test,
            alignment=None,
            reference=None,
            test_clauses=self.gold_clauses,
            gold_clauses=self.test_clauses,
        )


@dataclass(frozen=True)
class Scored:
    """What a stage computed for a pair: tallies by metric key (sub-scores as
    :func:`sub_key`), whether the reverse pair's tallies are these with the sides exchanged
    (:meth:`~engine.metrics.tally.Tally.swapped`; true for what the alignment gives under the
    paper profile, false for a mapping not proven optimal), and the detail the views show."""

    tallies: dict[str, Tally]
    reversible: bool = True
    detail: DrsPairScores | None = None


PairStage = Callable[[PairInput], Scored]


@dataclass(frozen=True)
class Switch:
    """How an optional metric is asked for: ``option`` on the ``score`` command line (with
    ``help``) and ``label``, the parameters dialog's checkbox; ``ignored`` ends the warning
    that the option is ignored for an input the metric does not read."""

    option: str
    help: str
    label: str
    ignored: str = ""

    @property
    def dest(self) -> str:
        """The option's attribute on the parsed command line."""
        return "switch_" + self.option.lstrip("-").replace("-", "_")

    def ignored_warning(self, format: str) -> str:
        """The command line's warning for a switch given on input the metric does not read."""
        return f"warning: {self.option} is ignored for {format.upper()} input" + (
            f" {self.ignored}" if self.ignored else ""
        )


@dataclass(frozen=True)
class Metric:
    """A score, declared once (see the module docstring).

    ``aliases``: filter words besides the key, the lower-cased title and short name.
    ``compute``: the stage computing it (pair level), None for a document-level metric
    (:func:`engine.metrics.document.score_document` computes those of a UMR document pair).
    ``switch``: set for an optional metric. ``solver``: the default options of its mapping
    search; ``time_limit_option``: its time limit is a user parameter (``--KEY-time-limit``,
    the dialog, the stored parameters). ``input_error``: what the command line says when the
    metric is asked for on an input it does not read (``{format}``: the input's).
    """

    key: str
    title: str
    short: str
    description: str
    compute: PairStage | None = None
    aliases: tuple[str, ...] = ()
    inputs: frozenset[Format] = FORMATS
    profiles: frozenset[Profile] = frozenset(get_args(Profile))
    level: Level = "pair"
    switch: Switch | None = None
    solver: SolverOptions | None = None
    time_limit_option: bool = False
    input_error: str = "reads {inputs} input; these are {format}"

    @property
    def optional(self) -> bool:
        return self.switch is not None

    def applies(self, params: Params, format: Format) -> bool:
        """Whether a run with ``params`` on ``format`` input computes this metric."""
        on = not self.optional or params.computes(self.key)
        return on and format in self.inputs and params.profile in self.profiles

    def wrong_input(self, format: str) -> str:
        """Why the metric cannot score ``format`` input, for the command line."""
        inputs = "/".join(sorted(name.upper() for name in self.inputs))
        return self.input_error.format(format=format.upper(), inputs=inputs)


def sub_key(metric: str, name: str) -> str:
    """The tally key of a metric's sub-score.

    >>> sub_key("smatch", "concepts")
    'smatch.concepts'
    """
    return f"{metric}.{name}"


def solver_options(params: Params, key: str) -> SolverOptions:
    """The solver options of metric ``key`` in force: those ``params`` give, else its default."""
    return params.solvers.get(key) or METRIC[key].solver or SolverOptions()


# --- the stages ---------------------------------------------------------------------------


def _ancast(pair: PairInput) -> Scored:
    """Concept (AnCast paper eq. 15-16), labeled, unlabeled and weighted relation (eq. 17-26) and
    mock Smatch (section 2.3.1) under the alignment; the reference package's numbers under the
    ``ancast-0.1.1`` profile (:mod:`engine.compat`)."""
    from .metrics.ancast import pair_tallies

    if pair.reference is not None:
        return Scored(dict(pair.reference))
    assert pair.alignment is not None
    return Scored(pair_tallies(pair.alignment, pair.test, pair.gold))


def _smatch(pair: PairInput) -> Scored:
    """Classic Smatch under the optimal variable mapping (Cai and Knight 2013) with its
    fine-grained sub-scores; none for graphs without a PENMAN tree."""
    from .smatch.scorer import smatch_pair
    from .smatch.triples import smatch_reads

    if not smatch_reads(pair.test, pair.gold):
        return Scored({})
    tally, match, parts = smatch_pair(pair.test, pair.gold, solver_options(pair.params, SMATCH), pair.sub_scores)
    tallies = {SMATCH: tally} | {sub_key(SMATCH, name): part for name, part in (parts or {}).items()}
    return Scored(tallies, reversible=match.optimal)


def _drs(pair: PairInput) -> Scored:
    """Counter (van Noord et al. 2018) with its clause classes, and DScorer (Liu et al. 2020),
    on a DRS pair's clauses."""
    from .drs.pair import score_drs

    if pair.test_clauses is None or pair.gold_clauses is None:
        return Scored({})
    scores, dscorer = score_drs(pair.test_clauses, pair.gold_clauses, pair.params, solver_options(pair.params, COUNTER))
    tallies: dict[str, Tally] = {COUNTER: scores.counter.tally, DSCORER: dscorer}
    tallies.update({sub_key(COUNTER, name): tally for name, tally in scores.counter.classes.items()})
    return Scored(tallies, reversible=scores.counter.match.optimal, detail=scores)


def on_alignment(key: str, tally: Callable[[Alignment, Graph, Graph], Tally]) -> PairStage:
    """The stage of a metric computed alone from the alignment, as the AnCast metrics are:
    ``tally(alignment, test, gold)`` under the paper profile."""

    def stage(pair: PairInput) -> Scored:
        assert pair.alignment is not None, "a metric computed from the alignment is reversible"
        return Scored({key: tally(pair.alignment, pair.test, pair.gold)})

    stage.__doc__ = tally.__doc__
    return stage


# --- the declarations ---------------------------------------------------------------------

_GRAPHS: frozenset[Format] = frozenset({"amr", "umr"})
_DRS: frozenset[Format] = frozenset({"drs"})
_UMR: frozenset[Format] = frozenset({"umr"})
_DRS_ONLY = "scores DRS clause files; these are {format}"

_BUILT_IN = (
    Metric(
        "concept",
        "Concept",
        "Concept",
        "mean intrinsic similarity of aligned nodes (AnCast eq. 15-16)",
        _ancast,
        aliases=("c",),
    ),
    Metric(
        "labeled_relation",
        "Labeled relation",
        "LR",
        "relations with the same label between aligned nodes (eq. 17-20)",
        _ancast,
        aliases=("labeled",),
    ),
    Metric(
        "unlabeled_relation",
        "Unlabeled relation",
        "ULR",
        "relations between aligned nodes, labels ignored (eq. 21-23)",
        _ancast,
        aliases=("unlabeled",),
    ),
    Metric(
        "weighted_relation",
        "Weighted relation",
        "WLR",
        "labeled relations weighted by descendants (eq. 24-26)",
        _ancast,
        aliases=("weighted",),
    ),
    Metric(
        "mock_smatch",
        "Mock Smatch",
        "Mock Smatch",
        "Smatch triples matched under the anchor-broadcast alignment",
        _ancast,
        aliases=("mock", "ms"),
    ),
    Metric(
        SMATCH,
        "Smatch",
        "Smatch",
        "Smatch triples under the optimal variable alignment",
        _smatch,
        inputs=_GRAPHS,
        switch=Switch(
            "--smatch",
            "also compute classic Smatch under the optimal alignment for every pair",
            "Also compute Smatch under the optimal alignment (slower)",
            "(Smatch reads PENMAN graphs); the counter score is its clause-level counterpart",
        ),
        solver=SMATCH_SEARCH,
        input_error="reads PENMAN graphs; for DRS clause files Counter is its counterpart: --metric counter",
    ),
    Metric(
        COUNTER,
        "Counter",
        "Counter",
        "DRS clauses matched under the optimal variable mapping (van Noord 2018)",
        _drs,
        inputs=_DRS,
        solver=COUNTER_SEARCH,
        time_limit_option=True,
        input_error=_DRS_ONLY,
    ),
    Metric(
        DSCORER,
        "DScorer",
        "DScorer",
        "DRS k-gram overlap, geometric mean over orders 0..n (Liu et al. 2020)",
        _drs,
        inputs=_DRS,
        input_error=_DRS_ONLY,
    ),
    Metric(
        "modal",
        "Modal",
        "Modal",
        "UMR modal triples after mapping variables through the alignment",
        inputs=_UMR,
        level="document",
    ),
    Metric(
        "temporal",
        "Temporal",
        "Temporal",
        "UMR temporal triples after mapping variables",
        inputs=_UMR,
        level="document",
    ),
    Metric(
        "coref",
        "Coreference",
        "Coref",
        "UMR coreference links after transitive closure",
        inputs=_UMR,
        level="document",
    ),
    Metric(
        "comprehensive",
        "Comprehensive",
        "Comprehensive",
        "labeled relations, modal, temporal and coref pooled",
        inputs=_UMR,
        level="document",
    ),
)
METRIC: dict[str, Metric] = {metric.key: metric for metric in _BUILT_IN}  # in the order of the tables


# --- looking it up ------------------------------------------------------------------------


@lru_cache(maxsize=4)
def metrics(level: Level = "pair") -> tuple[str, ...]:
    """The keys of every metric of ``level``, in table order (kept until :func:`register` or
    :func:`unregister` changes the metrics).

    >>> metrics("document")
    ('modal', 'temporal', 'coref', 'comprehensive')
    """
    return tuple(key for key, metric in METRIC.items() if metric.level == level)


def run_metrics(params: Params, format: Format, level: Level = "pair") -> tuple[str, ...]:
    """The metrics a run computes: those of ``level`` that apply to ``format`` input under
    ``params.profile``, optional ones when switched on.

    >>> run_metrics(Params(optional_metrics={"smatch"}), "drs")[-3:]
    ('mock_smatch', 'counter', 'dscorer')
    """
    return tuple(key for key in metrics(level) if METRIC[key].applies(params, format))


@lru_cache(maxsize=64)
def pair_stages(params: Params, format: Format) -> tuple[PairStage, ...]:
    """The stages that compute the run's pair metrics, each once, in table order (asked for
    every pair: kept until :func:`register` or :func:`unregister` changes the metrics)."""
    stages = (METRIC[key].compute for key in run_metrics(params, format))
    return tuple(dict.fromkeys(stage for stage in stages if stage is not None))


ALL = "all"  # a request for every pair metric the input has (``compare --metric all``)


def metric_choices() -> tuple[str, ...]:
    """What ``--metric`` takes: a pair metric's key, or :data:`ALL`."""
    return metrics() + (ALL,)


def requested_metrics(request: str, format: Format, params: Params) -> tuple[str, ...]:
    """The metrics of ``request`` (a pair metric's key, or :data:`ALL`: every pair metric that
    ``format`` input has under ``params.profile``, optional ones included) for ``format`` input;
    ValueError, in the command line's words, for one the input or the profile does not have.

    >>> requested_metrics("all", "amr", Params())
    ('concept', 'labeled_relation', 'unlabeled_relation', 'weighted_relation', 'mock_smatch', 'smatch')
    >>> requested_metrics("all", "drs", Params())[-2:]
    ('counter', 'dscorer')
    >>> requested_metrics("counter", "amr", Params())
    Traceback (most recent call last):
    ...
    ValueError: --metric counter scores DRS clause files; these are AMR
    """
    if request == ALL:
        every = replace(params, optional_metrics=frozenset(metric.key for metric in optional_metrics()))
        return run_metrics(every, format)
    metric = METRIC.get(request)
    if metric is None or metric.level != "pair":
        raise ValueError(f"unknown metric {request!r}; choose one of {', '.join(metric_choices())}")
    if format not in metric.inputs:
        raise ValueError(f"--metric {metric.key} {metric.wrong_input(format)}")
    if params.profile not in metric.profiles:
        raise ValueError(f"--metric {metric.key} is not computed under the {params.profile} profile")
    return (request,)


def optional_metrics() -> tuple[Metric, ...]:
    """The optional pair metrics, each with its :class:`Switch`."""
    return tuple(METRIC[key] for key in metrics() if METRIC[key].optional)


def filter_names() -> dict[str, str]:
    """Every word the corpus filter knows a pair metric by -> its key: the key, the title and
    short name lower-cased, and the aliases.

    >>> filter_names()["lr"], filter_names()["mock smatch"], filter_names()["c"]
    ('labeled_relation', 'mock_smatch', 'concept')
    """
    names: dict[str, str] = {}
    for key in metrics():
        metric = METRIC[key]
        for name in (key, metric.title.lower(), metric.short.lower(), *metric.aliases):
            names.setdefault(name, key)
    return names


def short_name(key: str) -> str:
    """The column name of a score, or the key itself for one not registered (a sub-score).

    >>> short_name("weighted_relation"), short_name("smatch.concepts")
    ('WLR', 'smatch.concepts')
    """
    metric = METRIC.get(key)
    return metric.short if metric is not None else key


# --- adding one ---------------------------------------------------------------------------


def register(metric: Metric) -> None:
    """Add ``metric`` after the others (a key already taken is a ValueError)."""
    if metric.key in METRIC:
        raise ValueError(f"a metric {metric.key!r} is already registered")
    if metric.level == "pair" and metric.compute is None:
        raise ValueError(f"the pair metric {metric.key!r} needs a stage that computes it")
    unknown = (set(metric.profiles) - set(PROFILES)) | (set(metric.inputs) - FORMATS)
    if unknown:
        raise ValueError(f"the metric {metric.key!r} names unknown profiles or formats: {', '.join(sorted(unknown))}")
    METRIC[metric.key] = metric
    _forget_metrics()


def _forget_metrics() -> None:
    """Drop what was kept of the metrics (they changed)."""
    metrics.cache_clear()
    pair_stages.cache_clear()


def unregister(key: str) -> None:
    """Remove the metric ``key`` (one of the built-in ones too)."""
    del METRIC[key]
    _forget_metrics()


@contextmanager
def registered(metric: Metric) -> Iterator[Metric]:
    """``metric`` registered for the ``with`` block (in this process: worker processes started
    before, or by spawning, do not see it)."""
    register(metric)
    try:
        yield metric
    finally:
        unregister(metric.key)


# --- the stored parameters ----------------------------------------------------------------


def time_limit_key(key: str) -> str:
    """The stored name (and, with dashes, the command-line option) of a metric's time limit."""
    return f"{key}_time_limit"


def params_dict(params: Params) -> dict:
    """``params`` as stored and printed (JSON output, settings, sessions): every field by name,
    each optional metric as ``KEY: true/false`` in place of ``optional_metrics``, and in place
    of ``solvers`` the user-set time limits (``KEY_time_limit``) then, under ``"solvers"``, the
    options that differ from a metric's default.

    >>> list(params_dict(Params()))[8:11], params_dict(Params())["counter_time_limit"]
    (['use_alignments', 'smatch', 'profile'], 10.0)
    """
    stored: dict = {}
    for name in (spec.name for spec in fields(Params)):
        if name == "optional_metrics":
            stored.update({metric.key: params.computes(metric.key) for metric in optional_metrics()})
        elif name == "solvers":
            stored.update(_solvers_dict(params))
        else:
            stored[name] = getattr(params, name)
    return stored


def _solvers_dict(params: Params) -> dict:
    limits: dict[str, float] = {}
    changed: dict[str, dict] = {}
    for key, metric in METRIC.items():
        if metric.solver is None:
            continue
        options = solver_options(params, key)
        if metric.time_limit_option:
            limits[time_limit_key(key)] = options.time_limit
            options = replace(options, time_limit=metric.solver.time_limit)
        if options != metric.solver:
            changed[key] = asdict(options)
    return limits | ({"solvers": changed} if changed else {})


DRS_SETTINGS = ("dscorer_profile", "dscorer_n", "dscorer_weights", "drs_include_ref")  # the Params only DRS input reads


def applying_params(params: Params, drs: bool) -> dict:
    """The parameters of :func:`params_dict` that apply to the input, profile first: DScorer's
    and Counter's settings for DRS input only, and a metric's switch and time limit only for
    input it reads (Smatch's not for DRS, Counter's not for AMR or UMR).

    >>> list(applying_params(Params(), drs=False))[:3], "dscorer_n" in applying_params(Params(), drs=True)
    (['profile', 'gamma', 'alpha'], True)
    >>> "counter_time_limit" in applying_params(Params(), drs=False), "smatch" in applying_params(Params(), drs=True)
    (False, False)
    """
    unread = {key for key, metric in METRIC.items() if ("drs" if drs else "amr") not in metric.inputs}
    switches = {metric.key for metric in optional_metrics()}
    skipped = {time_limit_key(key) for key in unread} | (switches & unread) | (set() if drs else set(DRS_SETTINGS))
    values = {"profile": params.profile} | params_dict(params)
    return {name: value for name, value in values.items() if name not in skipped}


def params_from_dict(stored: Mapping) -> Params:
    """The :class:`Params` of :func:`params_dict`'s shape; keys it does not know are left out
    (settings of another version), values out of their range are a ValueError."""
    names = {spec.name for spec in fields(Params)} - {"optional_metrics", "solvers"}
    given = {name: value for name, value in stored.items() if name in names}
    switched = {metric.key for metric in optional_metrics() if stored.get(metric.key)}
    solvers: dict[str, SolverOptions] = {}
    for key, options in (stored.get("solvers") or {}).items():
        if key in METRIC:
            solvers[key] = SolverOptions(**options)
    for key, metric in METRIC.items():
        limit = stored.get(time_limit_key(key))
        if metric.solver is not None and metric.time_limit_option and limit is not None:
            solvers[key] = replace(solvers.get(key, metric.solver), time_limit=float(limit))
    changed = {key: options for key, options in solvers.items() if options != METRIC[key].solver}
    return Params(**given, optional_metrics=switched, solvers=changed)
