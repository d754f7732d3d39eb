"""The start-up benchmark's app probe runs against the app as it is laid out now: one turn of it
paints the main window offscreen and reports a time (it once imported a module that had moved)."""

from bench.bench_startup import first_paint

from .conftest import ROOT


def test_the_first_paint_probe_paints_the_main_window():
    times = first_paint(ROOT, "offscreen", 1)
    assert len(times) == 1 and times[0] > 0
