"""The fast paths (sparse products, worker processes) give the same numbers as the plain ones."""

import json

import numpy as np
import pytest

from bench.generate import write_corpus
from engine.output.printers import render
from engine.read import load_pairs
from engine.runtime import parallel
from engine.scoring import score_corpus


def to_dict(corpus) -> dict:
    return json.loads(render(corpus, "json"))


@pytest.fixture(autouse=True)
def small_work_runs_in_processes_too(monkeypatch):
    monkeypatch.setattr(parallel, "PARALLEL_WORK", 0)


def test_worker_processes_give_the_same_result(tmp_path):
    test_path, gold_path = write_corpus(tmp_path, 60, 10, 30, seed=8)
    loaded = load_pairs(test_path, gold_path)
    single = to_dict(score_corpus(loaded.pairs, jobs=1))
    seen = []
    parallel = to_dict(score_corpus(loaded.pairs, jobs=2, progress=lambda done, total: seen.append(done)))
    assert single == parallel
    assert seen == list(range(1, 61))


def test_cancelling_with_workers_stops_early(tmp_path):
    test_path, gold_path = write_corpus(tmp_path, 80, 10, 30, seed=9)
    loaded = load_pairs(test_path, gold_path)
    done = []
    result = score_corpus(loaded.pairs, jobs=2, progress=lambda d, t: done.append(d), cancelled=lambda: len(done) >= 5)
    assert result.cancelled and len(result.pairs) == 5


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_streamed_cli_output_equals_the_library_result(tmp_path, jobs):
    import subprocess
    import sys

    from engine.scoring import score_files

    from .conftest import ROOT

    test_path, gold_path = write_corpus(tmp_path, 60, 60, 90, seed=12)  # enough work for processes
    out = tmp_path / "out.json"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "engine",
            "score",
            test_path,
            gold_path,
            "--format",
            "json",
            "--output",
            out,
            "--jobs",
            jobs,
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(out.read_text()) == to_dict(score_files(test_path, gold_path))


@pytest.fixture
def fresh_kernel_choice():
    from engine.runtime import sparse_products

    sparse_products.csr_kernel.cache_clear()
    yield sparse_products
    sparse_products.csr_kernel.cache_clear()


@pytest.mark.parametrize("kernel", ["direct", "public scipy"])
def test_sparse_products_equal_dense_ones(fresh_kernel_choice, monkeypatch, kernel):
    sparse_products = fresh_kernel_choice
    if kernel == "public scipy":
        monkeypatch.setattr(sparse_products, "_load_kernel", lambda: None)
    else:
        assert sparse_products.csr_kernel() is not None  # scipy is installed: the direct kernel loads
    rng = np.random.default_rng(3)
    for rows, columns, vectors in [(70, 80, 90), (1, 64, 5), (64, 1, 3), (5, 5, 0)]:
        left = (rng.random((rows, columns)) < 0.05).astype(float)
        right = rng.random((columns, vectors))
        product = sparse_products.CsrMatrix.from_dense(left) @ np.asfortranarray(right)
        in_row_order = np.zeros((rows, vectors))  # each row's terms added one by one, left to right
        for i, k in zip(*np.nonzero(left)):
            in_row_order[i] += right[k]
        assert product.shape == (rows, vectors) and np.array_equal(product, in_row_order)
        matrix, base = sparse_products.CsrMatrix.from_dense(left), rng.random((rows, vectors))
        accumulated, expected = base.copy(), base.copy()  # made twice into one array: as product_into twice
        multiply = matrix.multiplier(vectors, accumulated)
        for _ in range(2):
            multiply(np.ascontiguousarray(right))
            matrix.product_into(np.ascontiguousarray(right), expected)
        assert np.array_equal(accumulated, expected)


def test_a_kernel_that_gives_wrong_answers_is_not_used(fresh_kernel_choice, monkeypatch):
    sparse_products = fresh_kernel_choice
    monkeypatch.setattr(sparse_products, "_load_kernel", lambda: lambda *arguments: None)  # adds nothing
    assert sparse_products.csr_kernel() is None
    left = np.eye(3)
    assert np.array_equal(sparse_products.CsrMatrix.from_dense(left) @ np.ones((3, 2)), np.ones((3, 2)))


def in_a_thread(function):
    """``function()`` run on a thread that is not the main one (as the app's worker thread), its result."""
    import threading

    out: dict[str, object] = {}
    worker = threading.Thread(target=lambda: out.update(value=function()))
    worker.start()
    worker.join()
    return out["value"]


def test_workers_started_from_a_thread_come_from_a_server_and_give_the_same_matrix(tmp_path):
    """From any thread but the main one (the app scores on a worker thread), workers are not forked from the
    program: they come from a fork server. The matrix is the same, progress is reported sentence by sentence and
    a cancel stops early."""
    from bench.bench_matrix import write_annotators
    from engine.read import load_annotations
    from engine.scoring.matrix import score_matrix

    assert parallel._method() == "fork" and in_a_thread(parallel._method) in ("forkserver", "spawn")
    paths, _ = write_annotators(tmp_path, 4, 12, 8, 16)
    annotations = load_annotations(paths)
    single = score_matrix(annotations)
    seen = []
    served = in_a_thread(lambda: score_matrix(annotations, progress=lambda done, total: seen.append(done), jobs=2))
    assert seen == list(range(1, 13))
    for metric in ("concept", "labeled_relation", "mock_smatch"):
        for average in ("micro", "macro"):
            assert served.f_matrix(metric, average) == single.f_matrix(metric, average)
    done = []
    stopped = in_a_thread(
        lambda: score_matrix(
            annotations, progress=lambda d, t: done.append(d), cancelled=lambda: len(done) >= 3, jobs=2
        )
    )
    assert stopped.cancelled and done == [1, 2, 3]
