"""The demo pairs bundled in ``resources/demo`` (each folder has its NOTICE and licence)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

DEMO_DIR = Path(__file__).resolve().parent.parent / "resources" / "demo"


@dataclass(frozen=True)
class Demo:
    title: str
    test: Path
    gold: Path


DEMOS = (
    Demo("MetAMoRphosED: system vs gold (5 sentences)",
         DEMO_DIR / "metamorphosed" / "comptest_sys.txt", DEMO_DIR / "metamorphosed" / "comptest_gold.txt"),
    Demo("AnCast paper examples (fry, reading my book)",
         DEMO_DIR / "ancast_paper" / "spec_examples_test.amr", DEMO_DIR / "ancast_paper" / "spec_examples_gold.amr"),
    Demo("Smatch test pair (3 sentences)",
         DEMO_DIR / "smatch" / "test_input1.txt", DEMO_DIR / "smatch" / "test_input2.txt"),
    Demo("UMR: nw_afp_0024, two annotation versions (28 sentences)",
         DEMO_DIR / "umr" / "nw_afp_0024_v1.umr", DEMO_DIR / "umr" / "nw_afp_0024_v2.umr"),
    Demo("UMR: AnCast sample, parser vs gold, with document level",
         DEMO_DIR / "ancast_samples" / "umr_test.txt", DEMO_DIR / "ancast_samples" / "umr_gold.txt"),
    Demo("MetAMoRphosED: annotator 1 vs annotator 3",
         DEMO_DIR / "metamorphosed" / "comptest_annot1.txt", DEMO_DIR / "metamorphosed" / "comptest_annot3.txt"),
)
DEFAULT_DEMO = DEMOS[0]
