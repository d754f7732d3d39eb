"""The demo pairs bundled with graphagree, and where they are installed.

The repository's ``resources/`` folder is installed as the package ``engine.resources``
(``setup.py`` maps it there), so the demos are found through :mod:`importlib.resources` in a
wheel, a pipx install and an editable install alike; each demo folder keeps its NOTICE and
licence. ``graphagree demo`` lists them, ``graphagree demo NAME`` prints a pair's two paths, and
the app's File > Open Demo offers them.

>>> demo("ancast-paper").test.name
'spec_examples_test.amr'
>>> demo("ancast-paper").gold.parent == demo_folder() / "ancast_paper"
True
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

__all__ = ["DEFAULT_DEMO", "DEMOS", "Demo", "demo", "demo_folder", "is_bundled"]

RESOURCES = "engine.resources"  # the package the resources/ folder is installed as


@cache
def demo_folder() -> Path:
    """The folder of the bundled demos: ``demo/`` of the package ``engine.resources``.

    A source checkout that was never installed (or installed before the package existed) has
    no such package; the folder is then the checkout's own ``resources/demo``."""
    from importlib.resources import files

    try:
        return Path(str(files(RESOURCES))) / "demo"
    except ModuleNotFoundError:
        return Path(__file__).resolve().parents[1] / "resources" / "demo"


def is_bundled(path: str | Path) -> bool:
    """Whether ``path`` is in the bundled demo data: installed with the package, nothing should be
    written beside it (exports, sessions).

    >>> is_bundled(demo("smatch").test), is_bundled("annotations/a.amr")
    (True, False)
    """
    return Path(path).resolve().is_relative_to(demo_folder().resolve())


@dataclass(frozen=True)
class Demo:
    """A test and gold file of one demo folder, named for the command line and titled for the app."""

    name: str  # graphagree demo NAME
    title: str  # File > Open Demo
    folder: str
    test_name: str
    gold_name: str

    @property
    def test(self) -> Path:
        return demo_folder() / self.folder / self.test_name

    @property
    def gold(self) -> Path:
        return demo_folder() / self.folder / self.gold_name


DEMOS = (
    Demo(
        "metamorphosed",
        "MetAMoRphosED: system vs gold (5 sentences)",
        "metamorphosed",
        "comptest_sys.txt",
        "comptest_gold.txt",
    ),
    Demo(
        "ancast-paper",
        "AnCast paper examples (fry, reading my book)",
        "ancast_paper",
        "spec_examples_test.amr",
        "spec_examples_gold.amr",
    ),
    Demo("smatch", "Smatch test pair (3 sentences)", "smatch", "test_input1.txt", "test_input2.txt"),
    Demo(
        "umr",
        "UMR: nw_afp_0024, two annotation versions (28 sentences)",
        "umr",
        "nw_afp_0024_v1.umr",
        "nw_afp_0024_v2.umr",
    ),
    Demo(
        "umr-sample",
        "UMR: AnCast sample, parser vs gold, with document level",
        "ancast_samples",
        "umr_test.txt",
        "umr_gold.txt",
    ),
    Demo(
        "annotators",
        "MetAMoRphosED: annotator 1 vs annotator 3",
        "metamorphosed",
        "comptest_annot1.txt",
        "comptest_annot3.txt",
    ),
    Demo("drs", "DRS: parser vs gold (3 DRSs, Figure 1 of the DScorer paper)", "drs", "test.clf", "gold.clf"),
)
DEFAULT_DEMO = DEMOS[0]  # what the app opens on its first start


def demo(name: str) -> Demo:
    """The demo called ``name``; a KeyError names the demos there are."""
    for candidate in DEMOS:
        if candidate.name == name:
            return candidate
    raise KeyError(f"no demo {name!r}; the demos are {', '.join(d.name for d in DEMOS)}")
