"""The demo pairs bundled in ``resources/demo`` (each folder has its NOTICE and licence)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

DEMO_DIR = Path(__file__).resolve().parents[2] / "resources" / "demo"


@dataclass(frozen=True)
class Demo:
    """A demo pair of files; ``lesson``: the id of the pair it opens as a guided lesson (Teaching
    perspective), None to open it like any files."""

    title: str
    test: Path
    gold: Path
    lesson: str | None = None


def _demo(title: str, folder: str, test: str, gold: str, lesson: str | None = None) -> Demo:
    return Demo(title, DEMO_DIR / folder / test, DEMO_DIR / folder / gold, lesson)


DEMOS = (
    _demo("MetAMoRphosED: system vs gold (5 sentences)", "metamorphosed", "comptest_sys.txt", "comptest_gold.txt"),
    _demo(
        "AnCast paper examples: a guided lesson (reading my book)",
        "ancast_paper",
        "spec_examples_test.amr",
        "spec_examples_gold.amr",
        lesson="read",
    ),
    _demo("Smatch test pair (3 sentences)", "smatch", "test_input1.txt", "test_input2.txt"),
    _demo(
        "UMR: nw_afp_0024, two annotation versions (28 sentences)", "umr", "nw_afp_0024_v1.umr", "nw_afp_0024_v2.umr"
    ),
    _demo("UMR: AnCast sample, parser vs gold, with document level", "ancast_samples", "umr_test.txt", "umr_gold.txt"),
    _demo("MetAMoRphosED: annotator 1 vs annotator 3", "metamorphosed", "comptest_annot1.txt", "comptest_annot3.txt"),
    _demo("DRS: parser vs gold (3 DRSs, Figure 1 of the DScorer paper)", "drs", "test.clf", "gold.clf"),
)
DEFAULT_DEMO = DEMOS[0]
