"""Shared helpers: paths to bundled data, the worked examples, a one-line graph reader, and
``graph_of``, ``required`` and ``present``, which fail the test where a value it needs is None.

Tests that need the project's ``../shared`` folder (the contract checks and larger
sample data) or a reference tool skip with the reason when it is absent, so that the suite
passes on a fresh clone; CI has both and runs them all."""

import importlib.util
from collections.abc import Iterable
from pathlib import Path
from typing import TypeVar

import pytest

from engine.model import Graph
from engine.read import Entry, read_graph

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
EXAMPLES = DATA / "examples"  # the worked examples of the contract checks
DEMO = ROOT / "resources" / "demo"
SHARED = ROOT.parent / "shared"

needs_shared = pytest.mark.skipif(
    not SHARED.is_dir(), reason="../shared (SPEC checks, sample data) is not beside the repository"
)


def needs_tool(module: str):
    """Skip unless the reference tool ``module`` is installed (``pip install -e '.[test]'`` installs them)."""
    return pytest.mark.skipif(
        importlib.util.find_spec(module) is None, reason=f"the reference tool {module} is not installed"
    )


READ_TEST = """# ::snt She is reading my book in the house.
(r1 / read-01
   :location (h2 / house)
   :ARG0 (h / he)
   :ARG1 (b / book
      :poss (i / i)))"""
READ_GOLD = """# ::snt She is reading my book in the house.
(r1 / read-03
   :location (h2 / home)
   :ARG0 (s / she)
   :ARG1 (p / paper
      :part (i / i)))"""
# test repeats "it" as a second node (i3) where gold re-enters i2; the alignment pairs test i3
# with gold i2 (through see-01), so test i2 is left unaligned: both graphs then have a
# (u/understand-01 :ARG1 i2/it) relation, and neither matches the other
REENTRANT_TEST = "(u / understand-01 :ARG0 (p / person) :ARG1 (i2 / it) :time (s / see-01 :ARG0 p :ARG1 (i3 / it)))"
REENTRANT_GOLD = "(u / understand-01 :ARG0 (p / person) :ARG1 (i2 / it) :time (s / see-01 :ARG0 p :ARG1 i2))"
FRY_TEST = "(f / fry-03 :quant 5 :polarity - :mode imperative)"
FRY_GOLD = "(s / stir-fry-01 :quant 7 :polarity -)"


def without_text(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if not line.startswith("#"))


def graph_of(entry: Entry | None) -> Graph:
    """The graph of an entry that must be there and read (the test fails otherwise)."""
    assert entry is not None and entry.graph is not None, entry
    return entry.graph


T = TypeVar("T")


def required(value: T | None) -> T:
    """A value that must be there (the test fails when it is None)."""
    assert value is not None
    return value


def present(items: Iterable[T | None]) -> list[T]:
    """The items, none of which may be missing (the test fails otherwise)."""
    listed = list(items)
    found = [item for item in listed if item is not None]
    assert len(found) == len(listed), listed
    return found


@pytest.fixture
def graph():
    return read_graph


@pytest.fixture
def app_state(tmp_path):
    """The app's state with its settings in a temporary file; its jobs are stopped after the test."""
    from ui.app_state import AppState

    from .ui_support import temporary_settings

    state = AppState(temporary_settings(tmp_path))
    yield state
    state.shutdown()


@pytest.fixture
def scored_app_state(tmp_path):
    """The app's state with the worked examples read and scored (its first pair selected); its jobs
    are stopped after the test."""
    from .ui_support import scored_state

    state = scored_state(tmp_path)
    yield state
    state.shutdown()
