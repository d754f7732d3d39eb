"""The metric specification (engine.registry): a metric declared once is scored, printed by the
command line, known to the corpus filter and shown in the corpus table; solver options come from
Params or the metric's default; the stored parameters keep their shape."""

import json

import pytest

import engine.drs.counter as counter_module
import engine.smatch.scorer as smatch_module
from engine.cli import main
from engine.metrics.tally import Tally
from engine.params import ANCAST, PAPER, Params, SolverOptions
from engine.read import load_pairs, read_graph
from engine.registry import (
    COUNTER,
    METRIC,
    SMATCH,
    Metric,
    Switch,
    filter_names,
    on_alignment,
    params_dict,
    params_from_dict,
    register,
    registered,
    run_metrics,
    solver_options,
)
from engine.scoring import score_corpus, score_graphs
from ui.state.filter_expression import parse_filter

from .conftest import DEMO

TEST, GOLD = "(d / dog :ARG0-of (b / bark-01))", "(d / dog)"  # dog aligned to dog; bark-01 has no partner


def aligned_nodes(alignment, test, gold) -> Tally:
    """The share of each side's nodes that have a partner."""
    matched = len(alignment.pairs())
    return Tally(matched, len(test), matched, len(gold))


TOY = Metric(
    "aligned_nodes",
    "Aligned nodes",
    "AN",
    "nodes with a partner",
    on_alignment("aligned_nodes", aligned_nodes),
    aliases=("an",),
    profiles=frozenset({PAPER}),
)
OPTIONAL_TOY = Metric(
    "toy_optional",
    "Toy",
    "Toy",
    "aligned nodes again, on request",
    on_alignment("toy_optional", aligned_nodes),
    switch=Switch("--toy", "also compute the toy metric", "Also compute the toy metric"),
)


@pytest.fixture
def files(tmp_path):
    test, gold = tmp_path / "test.amr", tmp_path / "gold.amr"
    test.write_text(TEST + "\n")
    gold.write_text(GOLD + "\n")
    return str(test), str(gold)


def cli_json(*argv) -> dict:
    return json.loads(cli_text(*argv, "--format", "json"))


def cli_text(*argv) -> str:
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main([*argv, "--jobs", "1"]) == 0
    return out.getvalue()


def test_a_registered_metric_is_in_the_cli_json_csv_and_table(files):
    with registered(TOY):
        data = cli_json("score", *files)
        csv_header = cli_text("score", *files, "--format", "csv").splitlines()[0]
        table = cli_text("score", *files)
        reference = cli_json("score", *files, "--profile", ANCAST)
    expected = {"p": 0.5, "r": 1.0, "f": pytest.approx(2 / 3)}  # 1 of 2 test nodes, 1 of 1 gold node
    assert data["pairs"][0]["scores"]["aligned_nodes"] == expected
    assert data["micro"]["aligned_nodes"] == expected and data["macro"]["aligned_nodes"] == expected
    assert list(data["micro"])[-1] == "aligned_nodes"  # after the built-in ones
    assert csv_header.endswith("aligned_nodes_p,aligned_nodes_r,aligned_nodes_f")
    assert table.splitlines()[0].split()[-1] == "AN" and "0.6667" in table.splitlines()[2]
    assert "aligned_nodes" not in reference["micro"]  # declared for the paper profile only
    assert "aligned_nodes" not in METRIC and "aligned_nodes" not in cli_json("score", *files)["micro"]  # gone after


def test_an_optional_metric_has_its_switch_and_is_stored_by_key(files):
    with registered(OPTIONAL_TOY):
        without = cli_json("score", *files)
        switched = cli_json("score", *files, "--toy")
    assert "toy_optional" not in without["micro"] and without["params"]["toy_optional"] is False
    assert switched["micro"]["toy_optional"]["f"] == pytest.approx(2 / 3) and switched["params"]["toy_optional"] is True
    assert list(switched["params"])[9:11] == ["smatch", "toy_optional"]  # the switches, where "smatch" always was


def test_a_registered_metric_is_in_the_filter_language(files):
    with registered(TOY):
        [result] = score_corpus(load_pairs(*files).pairs).pairs
        assert filter_names()["an"] == "aligned_nodes" and filter_names()["aligned nodes"] == "aligned_nodes"
        assert parse_filter("AN F1 < 0.7")(result) and not parse_filter("an f1 > 0.7")(result)
        assert parse_filter("aligned nodes p = 0.5")(result) and parse_filter("an r >= 1")(result)
    assert not parse_filter("an f1 < 0.7")(result)  # unregistered: "an f1 < 0.7" is text the pair does not contain


def test_a_registered_metric_is_a_column_of_the_corpus_table(qtbot, files):
    from ui.corpus.model import CorpusTableModel

    with registered(TOY):
        corpus = score_corpus(load_pairs(*files).pairs)
        model = CorpusTableModel()
    model.set_corpus(corpus)
    column = model.metric_column("aligned_nodes")
    assert model.headerData(column, pytest.importorskip("PySide6.QtCore").Qt.Orientation.Horizontal) == "AN\nF1"
    assert model.index(0, column).data() == "0.6667"
    assert model.index(0, model.metric_column("concept")).data() == "0.6667"  # concept: S = 1 for dog, over 2 and 1
    assert model.columns[column + 1 :].index("Status") == len(model.metrics) - model.metrics.index("aligned_nodes") - 1


def test_an_optional_metric_is_a_checkbox_of_the_parameters_dialog(qtbot):
    from ui.shell.params_dialog import ParamsDialog

    with registered(OPTIONAL_TOY):
        dialog = ParamsDialog(Params(optional_metrics={"smatch"}))
        qtbot.addWidget(dialog)
        assert dialog.switches["smatch"].isChecked() and not dialog.switches["toy_optional"].isChecked()
        dialog.switches["toy_optional"].setChecked(True)
        assert dialog.params().optional_metrics == {"smatch", "toy_optional"}


def test_registering_checks_the_declaration():
    with pytest.raises(ValueError, match="already registered"):
        register(METRIC["concept"])
    with pytest.raises(ValueError, match="needs a stage"):
        register(Metric("nothing", "Nothing", "N", "no stage"))
    with pytest.raises(ValueError, match="unknown profiles or formats"):
        register(Metric("odd", "Odd", "O", "", TOY.compute, inputs=frozenset({"xml"})))
    assert "nothing" not in METRIC and "odd" not in METRIC


def test_which_metrics_a_run_computes():
    five = ("concept", "labeled_relation", "unlabeled_relation", "weighted_relation", "mock_smatch")
    assert run_metrics(Params(), "amr") == run_metrics(Params(), "umr") == five
    assert run_metrics(Params(optional_metrics={"smatch"}), "amr") == (*five, "smatch")
    assert run_metrics(Params(optional_metrics={"smatch"}), "drs") == (*five, "counter", "dscorer")
    assert run_metrics(Params(), "umr", "document") == ("modal", "temporal", "coref", "comprehensive")


def test_each_metric_has_one_default_search_and_params_override_it():
    assert solver_options(Params(), SMATCH) == SolverOptions("exact", 10.0, 5, 1)
    assert solver_options(Params(), COUNTER) == SolverOptions("exact", 10.0, 20, 1)
    quick = SolverOptions("hillclimb", 2.0, 1, 7)
    assert solver_options(Params().with_solver(SMATCH, quick), SMATCH) == quick
    assert hash(Params().with_solver(SMATCH, quick)) == hash(Params().with_solver(SMATCH, quick))
    with pytest.raises(ValueError, match="unknown solver"):
        SolverOptions("greedy")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="time_limit must be greater than 0"):
        SolverOptions(time_limit=0)


def test_the_pair_scorer_the_matrix_and_counter_search_with_the_options_in_force(monkeypatch):
    seen = []

    def recording(module):
        real = module.best_match

        def best_match(test, gold, options, **kwargs):
            seen.append(options)
            return real(test, gold, options, **kwargs)

        monkeypatch.setattr(module, "best_match", best_match)

    recording(smatch_module)
    recording(counter_module)
    quick = SolverOptions("hillclimb", 3.0, 2, 5)
    params = Params(optional_metrics={"smatch"}).with_solver(SMATCH, quick)
    score_graphs(read_graph(TEST), read_graph(GOLD), params)
    assert seen == [quick]
    from engine.read import load_annotations
    from engine.scoring import score_matrix

    seen.clear()
    score_matrix(
        load_annotations([DEMO / "drs" / "test.clf", DEMO / "drs" / "gold.clf"]),
        params.with_solver(COUNTER, SolverOptions(time_limit=4.0, restarts=20)),
    )
    assert seen and set(seen) == {SolverOptions(time_limit=4.0, restarts=20)}  # Counter only: no Smatch for DRS
    seen.clear()
    cli_text("score", str(DEMO / "drs" / "test.clf"), str(DEMO / "drs" / "gold.clf"), "--counter-time-limit", "3")
    assert seen and set(seen) == {SolverOptions(time_limit=3.0, restarts=20)}


def test_the_stored_parameters_keep_their_shape_and_old_ones_read_back():
    stored = params_dict(Params())
    assert list(stored) == [
        "gamma",
        "alpha",
        "beta",
        "tolerance",
        "digits",
        "max_inner",
        "max_outer",
        "use_text",
        "use_alignments",
        "smatch",
        "profile",
        "dscorer_profile",
        "dscorer_n",
        "dscorer_weights",
        "drs_include_ref",
        "counter_time_limit",
    ]
    assert params_from_dict(stored) == Params()
    old = {**stored, "smatch": True, "counter_time_limit": 2.5, "no_such_field": 1}  # a session of an older version
    params = params_from_dict(old)
    assert params.computes(SMATCH) and solver_options(params, COUNTER) == SolverOptions(time_limit=2.5, restarts=20)
    custom = Params().with_solver(SMATCH, SolverOptions("ilp", seed=3))
    assert params_dict(custom)["solvers"] == {SMATCH: {"solver": "ilp", "time_limit": 10.0, "restarts": 5, "seed": 3}}
    assert params_from_dict(json.loads(json.dumps(params_dict(custom)))) == custom
