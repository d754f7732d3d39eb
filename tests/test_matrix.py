"""The annotator matrix: cells equal two-file scores, one direction is the transpose of the other,
per-sentence and per-annotator figures, progress, cancel, parallel work and bad input."""

import json
import shutil

import numpy as np
import pytest
from hypothesis import given, settings

import engine.scoring.matrix as matrix_module
from bench.bench_matrix import write_annotators
from engine.cli import main
from engine.metrics.bootstrap import bootstrap_interval
from engine.output.matrix import problem_text
from engine.params import ANCAST, Params
from engine.read import load_annotations, load_pairs
from engine.registry import run_metrics
from engine.scoring import score_corpus, score_graphs
from engine.scoring.matrix import one_direction, score_matrix
from engine.smatch import smatch_pair

from .conftest import required
from .strategies import decode, graph_triples
from .test_annotations import DEMO_FILES, TRIO


@pytest.fixture(scope="module")
def demo_smatch():
    return score_matrix(load_annotations(DEMO_FILES), Params(optional_metrics={"smatch"}))


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    """4 annotators x 12 sentences of 10-25 nodes, perturbed copies of one gold."""
    return write_annotators(tmp_path_factory.mktemp("generated"), 4, 12, 10, 25, seed=3)[0]


def test_demo_cells_equal_the_two_file_command(demo_smatch, capsys):
    """Every ordered cell of the 4x4 MetAMoRphosED matrix, every metric (Smatch too), micro and
    macro, is what `python -m engine score A B --smatch` prints for that pair."""
    for i, test in enumerate(DEMO_FILES):
        for j, gold in enumerate(DEMO_FILES):
            if i == j:
                continue
            main(["score", str(test), str(gold), "--format", "json", "--smatch", "--jobs", "1"])
            printed = json.loads(capsys.readouterr().out)
            for metric in demo_smatch.metrics:
                for average in ("micro", "macro"):
                    cell = demo_smatch.score(i, j, metric, average)
                    assert cell.f == pytest.approx(printed[average][metric]["f"], abs=1e-12), (i, j, metric, average)
                    assert cell.p == pytest.approx(printed[average][metric]["p"], abs=1e-12)
                    assert cell.r == pytest.approx(printed[average][metric]["r"], abs=1e-12)
    assert demo_smatch.counts()[0] == [0, 4, 4, 4] and demo_smatch.counts()[2] == [4, 4, 0, 5]


def test_the_demo_matrix_values(demo_smatch):
    """A few cells as the two-file README table shows them (annot1 vs gold: concept 0.8147, LR 0.4887)."""
    assert round(demo_smatch.score(0, 2, "concept").f, 4) == 0.8147
    assert round(demo_smatch.score(2, 0, "labeled_relation").f, 4) == 0.4887
    assert round(demo_smatch.score(2, 3, "concept", "macro").f, 4) == 0.8936


@settings(max_examples=150, deadline=None)
@given(graph_triples(), graph_triples())
def test_scoring_the_other_way_gives_the_swapped_tallies(first, second):
    """Under the paper profile the alignment of (B, A) is the transpose of (A, B) and every tally
    is the swapped one (so F1 is the same and P and R change places); optimal Smatch too."""
    a, b = decode(first), decode(second)
    forward, tallies = score_graphs(a, b)
    backward, reverse = score_graphs(b, a)
    assert backward.gold_of == tuple(forward.test_of.get(j) for j in range(len(b)))
    for metric, tally in tallies.items():
        swapped, other = tally.swapped(), reverse[metric]
        for name in ("test_score", "test_size", "gold_score", "gold_size"):
            assert getattr(other, name) == pytest.approx(getattr(swapped, name), abs=1e-12), metric
        assert other.prf().f == pytest.approx(tally.prf().f, abs=1e-12) if tally.prf().f is not None else True
    assert smatch_pair(b, a)[0] == smatch_pair(a, b)[0].swapped()


def test_one_direction_only_where_the_profile_is_symmetric():
    assert one_direction(Params()) and not one_direction(Params.for_profile(ANCAST))


def test_each_pair_is_aligned_once_and_the_transpose_equals_scoring_both_ways(generated, monkeypatch):
    calls = []
    real = matrix_module.align_batch

    def counting(pairs, params):
        calls.extend(pairs)
        return real(pairs, params)

    monkeypatch.setattr(matrix_module, "align_batch", counting)
    annotations = load_annotations(generated)
    once = score_matrix(annotations)
    assert len(calls) == 12 * 6  # sentences x unordered pairs of 4 annotators
    calls.clear()
    monkeypatch.setattr(matrix_module, "one_direction", lambda params: False)
    both = score_matrix(annotations)
    assert len(calls) == 12 * 12  # every ordered pair
    for i, j in [(i, j) for i in range(4) for j in range(4) if i != j]:
        for (s, scored), (_, swapped) in zip(both.cell_tallies(i, j), once.cell_tallies(i, j)):
            for metric in run_metrics(Params(), "amr"):
                assert scored[metric].test_score == pytest.approx(swapped[metric].test_score, abs=1e-12), (s, i, j)
                assert scored[metric].gold_score == pytest.approx(swapped[metric].gold_score, abs=1e-12)
                assert scored[metric].test_size == swapped[metric].test_size
        assert required(both.score(i, j, "weighted_relation")).f == pytest.approx(
            required(once.score(i, j, "weighted_relation")).f
        )


def test_the_reference_profile_scores_both_directions_and_they_differ():
    reference = Params.for_profile(ANCAST)
    result = score_matrix(load_annotations(DEMO_FILES[2:]), reference)
    gold_sys = score_corpus(load_pairs(DEMO_FILES[2], DEMO_FILES[3]).pairs, reference)
    sys_gold = score_corpus(load_pairs(DEMO_FILES[3], DEMO_FILES[2]).pairs, reference)
    assert required(result.score(0, 1, "concept")).f == pytest.approx(gold_sys.micro["concept"].f, abs=1e-12)
    assert required(result.score(1, 0, "concept")).f == pytest.approx(sys_gold.micro["concept"].f, abs=1e-12)
    assert required(result.score(0, 1, "concept")).f != pytest.approx(required(result.score(1, 0, "concept")).f)


def test_symmetric_metrics_give_symmetric_matrices(generated):
    result = score_matrix(load_annotations(generated))
    for metric in run_metrics(Params(), "amr"):
        for average in ("micro", "macro"):
            matrix = np.array(result.f_matrix(metric, average), dtype=float)
            assert np.allclose(matrix, matrix.T, equal_nan=True, rtol=0, atol=1e-12)
        f = result.sentence_f(metric)
        assert np.allclose(f, f.transpose(0, 2, 1), equal_nan=True, rtol=0, atol=1e-12)
    precision = required(result.score(0, 1, "concept")).p
    assert precision == pytest.approx(required(result.score(1, 0, "concept")).r)


def test_identical_annotators_agree_fully(tmp_path):
    copy = shutil.copy(DEMO_FILES[2], tmp_path / "copy.txt")
    result = score_matrix(load_annotations([DEMO_FILES[2], copy, DEMO_FILES[3]]), Params(optional_metrics={"smatch"}))
    for metric in result.metrics:
        assert required(result.score(0, 1, metric)).f == 1.0 and required(result.score(1, 0, metric, "macro")).f == 1.0
        cell_f = required(result.score(0, 2, metric)).f
        assert cell_f is not None and cell_f < 1.0
    rows = result.sentence_table("concept")
    cell_f = required(result.score(0, 2, "concept")).f
    assert cell_f is not None
    assert result.annotator_table("concept")[0].mean == pytest.approx((1 + cell_f) / 2)
    assert [row.agreement.pairs for row in rows] == [6] * 5


def test_trio_sentence_figures_computed_by_hand():
    """Concept F1 per pair (S(go-02, go-01) = 0.9; girl/boy 0; an unequal attribute halves S):
    s1 AB 2.9/3, AC 1, BC 2.9/3; s2 AB 1, AC 2/3, BC 2/3; s3 AB 1, AC 4/5, BC 4/5; s4 AB 1, AC 1/2, BC 1/2."""
    result = score_matrix(load_annotations(TRIO))
    rows = result.sentence_table("concept")
    s1 = rows[0].agreement
    assert s1.mean == pytest.approx((2.9 / 3 * 2 + 1) / 3)
    assert s1.spread == pytest.approx(np.std([2.9 / 3, 1, 2.9 / 3]))
    assert (s1.low, s1.high, s1.pairs) == (pytest.approx(2.9 / 3), 1.0, 6)
    assert s1.central == 0 and s1.central_mean == pytest.approx((2.9 / 3 + 1) / 2)  # a and c tie: the first
    assert rows[1].agreement.mean == pytest.approx((1 + 2 / 3 + 2 / 3) / 3) and rows[1].agreement.central == 0
    assert [row.id for row in result.sentence_table("concept", hardest_first=True)] == ["s4", "s2", "s3", "s1"]
    # matched 3 + 2 + 4 + 1 of 3 + 3 + 5 + 2 nodes
    assert required(result.score(0, 2, "concept")).f == pytest.approx(10 / 13)
    assert required(result.score(0, 2, "concept", "macro")).f == pytest.approx((1 + 2 / 3 + 4 / 5 + 1 / 2) / 4)
    means = [row.mean for row in result.annotator_table("concept")]
    cell_f = required(result.score(1, 2, "concept")).f
    assert cell_f is not None
    assert means[2] == pytest.approx((10 / 13 + cell_f) / 2)


def test_gold_agreement_and_bootstrap_interval_of_a_cell():
    result = score_matrix(load_annotations(DEMO_FILES, gold=DEMO_FILES[2]))
    rows = result.annotator_table("labeled_relation")
    assert rows[2].against_gold is None
    assert rows[3].against_gold == pytest.approx(required(result.score(3, 2, "labeled_relation")).f)
    pairs = score_corpus(load_pairs(DEMO_FILES[3], DEMO_FILES[2]).pairs)
    expected = bootstrap_interval([r.tallies["labeled_relation"] for r in pairs.pairs if r.tallies], seed=4)
    assert result.interval(3, 2, "labeled_relation", seed=4) == expected
    low, high = required(expected)
    cell_f = required(result.score(3, 2, "labeled_relation")).f
    assert cell_f is not None
    assert low <= cell_f <= high


def test_smatch_must_be_asked_for():
    result = score_matrix(load_annotations(TRIO))
    with pytest.raises(ValueError, match=r"'smatch' was not computed .*switch it on"):
        result.f_matrix("smatch")
    assert result.score(1, 1, "concept") is None and result.f_matrix("concept")[1][1] is None


def test_progress_and_cancel():
    seen = []
    result = score_matrix(
        load_annotations(TRIO),
        progress=lambda done, total: seen.append((done, total)),
        cancelled=lambda: len(seen) >= 2,
    )
    assert seen == [(1, 4), (2, 4)] and result.cancelled
    assert [s is not None for s in result.sentences] == [True, True, False, False]
    assert result.counts()[0] == [0, 2, 2]
    assert required(result.score(0, 2, "concept")).f == pytest.approx((3 + 2) / (3 + 3))
    assert len(result.sentence_table("concept")) == 4 and result.sentence_table("concept")[3].agreement.mean is None


def test_worker_processes_give_the_same_result(generated):
    annotations = load_annotations(generated)
    serial = score_matrix(annotations)
    parallel = score_matrix(annotations, jobs=2)
    for metric in run_metrics(Params(), "amr"):
        assert parallel.f_matrix(metric) == serial.f_matrix(metric)
        assert parallel.f_matrix(metric, "macro") == serial.f_matrix(metric, "macro")
    assert parallel.confusion(0, 3).concept.cells == serial.confusion(0, 3).concept.cells


def test_an_unreadable_graph_leaves_its_sentence_out_of_that_annotators_cells(tmp_path):
    broken = tmp_path / "ann_b.amr"
    text = TRIO[1].read_text()
    broken.write_text(text.replace("(r / read-01\n", "(r / read-01 (\n"))
    annotations = load_annotations([TRIO[0], broken, TRIO[2]])
    result = score_matrix(annotations)
    [problem] = result.problems
    assert (problem.sentence, problem.annotator, problem.other) == (1, 1, None)
    assert str(problem.error).startswith(f"{broken}:10: ")
    assert result.counts() == [[0, 3, 4], [3, 0, 3], [4, 3, 0]]
    two_files = score_corpus(load_pairs(TRIO[0], broken).pairs)
    assert required(result.score(0, 1, "labeled_relation")).f == pytest.approx(two_files.micro["labeled_relation"].f)
    assert result.sentence_table("concept")[1].left_out == (1,)


def test_umr_files_score_as_two_files_do(tmp_path):
    umr = DEMO_FILES[0].parent.parent / "umr"
    third = shutil.copy(umr / "nw_afp_0024_v1.umr", tmp_path / "third.umr")
    result = score_matrix(load_annotations([umr / "nw_afp_0024_v1.umr", umr / "nw_afp_0024_v2.umr", third]))
    two_files = score_corpus(load_pairs(umr / "nw_afp_0024_v2.umr", umr / "nw_afp_0024_v1.umr").pairs)
    for metric in run_metrics(Params(), "amr"):
        assert required(result.score(1, 0, metric)).f == pytest.approx(two_files.micro[metric].f, abs=1e-12)
        assert required(result.score(1, 0, metric, "macro")).f == pytest.approx(two_files.macro[metric].f, abs=1e-12)
        assert required(result.score(0, 2, metric)).f == 1.0


def test_a_pair_that_cannot_be_scored_leaves_its_sentence_out_of_that_cell_only(monkeypatch):
    real = matrix_module._Sides.aligned

    def failing(sides, test, gold, params, alignment=None):
        test_graph, gold_graph = sides.graph(test), sides.graph(gold)
        if (
            test_graph.location.file == str(TRIO[0])
            and gold_graph.location.file == str(TRIO[2])
            and test_graph.id == "s2"
        ):
            raise matrix_module.NoConvergence("no end")
        return real(sides, test, gold, params, alignment)

    monkeypatch.setattr(matrix_module._Sides, "aligned", failing)
    result = score_matrix(load_annotations(TRIO))
    [problem] = result.problems
    assert (problem.sentence, problem.annotator, problem.other) == (1, 0, 2)
    assert str(problem.error) == f"{TRIO[0]}:9: cannot be scored under the paper profile: no end"
    assert result.counts() == [[0, 4, 3], [4, 0, 4], [3, 4, 0]]
    assert (
        result.sentence_table("concept")[1].left_out == () and result.sentence_table("concept")[1].agreement.pairs == 4
    )
    assert problem_text(result, problem).endswith("(sentence 's2' left out of the cell ann_a vs ann_c)")
