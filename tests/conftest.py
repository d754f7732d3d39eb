"""Shared helpers: paths to the SPEC examples and a one-line graph reader."""

from pathlib import Path

import pytest

from engine.reader import read_graph

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
EXAMPLES = SHARED / "checks" / "examples"
DEMO = ROOT / "resources" / "demo"

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
FRY_TEST = "(f / fry-03 :quant 5 :polarity - :mode imperative)"
FRY_GOLD = "(s / stir-fry-01 :quant 7 :polarity -)"


def without_text(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if not line.startswith("#"))


@pytest.fixture
def graph():
    return read_graph
