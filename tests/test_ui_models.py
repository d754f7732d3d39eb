"""The Qt-free parts of the app: annotator files, partners, the trace cache, and the saved settings."""

from pathlib import Path

import pytest
from PySide6.QtCore import QByteArray

from engine.params import Params
from ui.common.sides import other_side, partner
from ui.state.files import AnnotatorFiles
from ui.state.settings import MAX_RECENT, AppSettings
from ui.state.trace_cache import TraceCache, TraceKey

from .conftest import required
from .ui_support import scored_state, temporary_settings


def test_annotator_files():
    files = AnnotatorFiles.of(["a.amr", "b.amr", "c.amr"], test=2, gold=0)
    assert (files.test_path, files.gold_path) == (Path("c.amr"), Path("a.amr"))
    assert files.ordered() == (Path("c.amr"), Path("a.amr"), Path("b.amr"))
    assert files.swapped().test_path == Path("a.amr") and files.swapped().paths == files.paths
    replaced = files.with_file("gold", "d.amr")
    assert replaced.paths == (Path("d.amr"), Path("b.amr"), Path("c.amr")) and replaced.gold_path == Path("d.amr")
    assert files.title() == "c.amr vs a.amr" and files.path("test") == Path("c.amr")
    with pytest.raises(ValueError):
        AnnotatorFiles.of(["a.amr"])
    with pytest.raises(ValueError):
        AnnotatorFiles.of(["a.amr", "b.amr"], test=1, gold=1)
    with pytest.raises(ValueError):
        AnnotatorFiles.of(["a.amr", "b.amr"], gold=2)


def test_partner_of_a_node(tmp_path):
    state = scored_state(tmp_path)
    read = required(state.scoring.corpus).pairs[1]
    assert [partner(read, "test", var) for var in ("r1", "h2", "h", "b", "i")] == ["r1", "h2", "s", "p", "i"]
    assert partner(read, "gold", "s") == "h" and partner(read, "gold", "nothing") is None
    assert partner(read, "test", "=0") is None and partner(None, "test", "h") is None
    assert other_side("test") == "gold" and other_side("gold") == "test"
    state.shutdown()


def test_trace_cache_drops_the_least_recently_used():
    cache = TraceCache[str](budget=2)
    keys = [TraceKey(1, k, Params()) for k in range(3)]
    cache.put(keys[0], "a")
    cache.put(keys[1], "b")
    assert cache.get(keys[0]) == "a"  # now the most recent
    cache.put(keys[2], "c")
    assert keys[1] not in cache and cache.get(keys[0]) == "a" and len(cache) == 2
    assert TraceKey(1, 0, Params()) == keys[0] and TraceKey(1, 0, Params(gamma=0.5)) not in cache
    cache.clear()
    assert len(cache) == 0 and cache.get(keys[0]) is None and cache.size == 0


def test_trace_cache_keeps_within_its_byte_budget():
    cache = TraceCache(budget=100, size_of=len)
    keys = [TraceKey(1, k, Params()) for k in range(4)]
    cache.put(keys[0], "a" * 60)
    cache.put(keys[1], "b" * 30)
    assert cache.size == 90 and len(cache) == 2
    cache.put(keys[1], "b" * 40)  # replaced, not counted twice
    assert cache.size == 100 and len(cache) == 2
    cache.put(keys[2], "c" * 10)
    assert keys[0] not in cache and cache.size == 50
    cache.put(keys[3], "d" * 500)  # larger than the budget: kept alone
    assert list(map(cache.get, keys)) == [None, None, None, "d" * 500] and cache.size == 500


def test_a_trace_counts_its_matrices(tmp_path):
    state = scored_state(tmp_path)
    state.selection.select_pair_id("read")
    trace = state.traces.wait_for_trace()
    assert trace is not None and trace.alignment is not None
    assert trace.nbytes == 8 * 25 * (1 + 3 * len(trace.alignment.rounds)) == 8 * 25 * 7  # 5x5 float64 matrices
    assert state.traces.cache.size >= trace.nbytes
    state.shutdown()


def test_settings_round_trip(tmp_path):
    settings = AppSettings(temporary_settings(tmp_path))
    assert settings.params() == Params() and settings.recent() == [] and settings.window_layout() == (None, None, False)
    settings.save_params(Params(gamma=0.3, profile="ancast-0.1.1"))
    assert settings.params() == Params(gamma=0.3, profile="ancast-0.1.1")
    for k in range(MAX_RECENT + 2):
        settings.remember(AnnotatorFiles.of([tmp_path / f"t{k}", tmp_path / f"g{k}"]))
    settings.remember(AnnotatorFiles.of([tmp_path / "t3", tmp_path / "g3"]))
    recent = settings.recent()
    assert len(recent) == MAX_RECENT and recent[0].files.test_path.name == "t3"
    assert [entry.files.test_path.name for entry in recent].count("t3") == 1
    settings.remember(AnnotatorFiles.of([tmp_path / "x", tmp_path / "y", tmp_path / "z"], test=2, gold=1))
    assert settings.recent()[0].paths == (tmp_path / "z", tmp_path / "y", tmp_path / "x")  # test first, gold second
    settings.save_window_layout(QByteArray(b"geometry"), QByteArray(b"docks"), True)
    assert settings.window_layout() == (QByteArray(b"geometry"), QByteArray(b"docks"), True)


def test_unusable_settings_give_the_defaults(tmp_path):
    qsettings = temporary_settings(tmp_path)
    settings = AppSettings(qsettings)
    for saved in ("not json", "[1, 2]", '{"profile": "nonsense"}', '{"unknown": 1}'):
        qsettings.setValue("params/json", saved)
        assert settings.params() == Params()
    qsettings.setValue("params/json", '{"unknown": 1, "gamma": 0.2}')
    assert settings.params() == Params(gamma=0.2)
    qsettings.setValue("recent/pairs", '[["a", "b"], "junk", [1, 2], ["only"]]')
    assert [files.paths for files in settings.recent()] == [(Path("a"), Path("b"))]
    qsettings.setValue("recent/pairs", "{")
    assert settings.recent() == []
