"""Where the user guides are and what a link in them leads to (Qt-free).

The guides are the Markdown pages of the repository's ``docs/`` folder and their pictures
(``docs/images/``). An installed app has them inside its ``ui.help`` package, in the folder
:data:`INSTALLED_FOLDER` (``setup.py`` copies them there when the wheel is built); a checkout
reads them from ``docs/`` itself.
"""

from __future__ import annotations

import re
from enum import Enum
from importlib import resources
from pathlib import Path

__all__ = [
    "CHECKOUT_DOCS",
    "CONTENTS",
    "DEVELOPER_PAGES",
    "INDEX",
    "INSTALLED_FOLDER",
    "LinkKind",
    "guide_files",
    "guide_folder",
    "heading_anchor",
    "link_kind",
]

INDEX = "index.md"
INSTALLED_FOLDER = "guide"  # the pages' folder inside the installed ui.help package
CHECKOUT_DOCS = Path(__file__).resolve().parents[2] / "docs"
# written for graphagree's developers: in a checkout's docs/, not installed
DEVELOPER_PAGES = ("architecture.md", "development.md")
# the help window's side list: the index, the three guides by role, then the app's reference pages
CONTENTS = (
    (INDEX, "Contents"),
    ("annotator.md", "Annotator's guide"),
    ("adjudicator.md", "Adjudicator's guide"),
    ("teacher.md", "Teacher's guide"),
    ("app.md", "The desktop app"),
    ("plots-and-comparison.md", "Plots and comparison"),
    ("shortcuts.md", "Keyboard shortcuts"),
    ("metrics.md", "Metrics"),
)


def guide_folder(package: str = __package__ or "ui.help", checkout: Path | None = CHECKOUT_DOCS) -> Path | None:
    """The folder of the guide's pages: ``package``'s :data:`INSTALLED_FOLDER` in an installed
    app, else ``checkout`` (the repository's ``docs/``), None when neither holds the index."""
    installed = resources.files(package).joinpath(INSTALLED_FOLDER)
    if isinstance(installed, Path) and (installed / INDEX).is_file():  # a package on disk, as pip installs it
        return installed
    if checkout is not None and (checkout / INDEX).is_file():
        return checkout
    return None


def guide_files(docs: Path = CHECKOUT_DOCS) -> list[Path]:
    """The files of the checkout's ``docs`` that make the installed guide (``setup.py`` copies them),
    relative to it: the pages but the developers' (not the folder's scripts), then the pictures.

    >>> files = guide_files()
    >>> Path("teacher.md") in files and Path("development.md") not in files
    True
    >>> Path("screenshots.py") in files
    False
    """
    pages = [page for page in sorted(docs.glob("*.md")) if page.name not in DEVELOPER_PAGES]
    pictures = sorted((docs / "images").glob("*.png"))
    return [path.relative_to(docs) for path in pages + pictures]


class LinkKind(Enum):
    """What a link clicked in a page leads to."""

    PAGE = "page"  # another page of the guide (or a heading in one), shown in the help window
    EXTERNAL = "external"  # a web address, for the system's browser
    FILE = "file"  # a picture or other file of the guide, for the program the system opens it with
    ABSENT = "absent"  # a file the guide links to that this installation does not have


def link_kind(scheme: str, path: Path | None) -> LinkKind:
    """What a link of ``scheme`` to the local ``path`` (None for a link that is not to a file) leads to.

    >>> link_kind("https", None)
    <LinkKind.EXTERNAL: 'external'>
    >>> link_kind("file", CHECKOUT_DOCS / "no-such-page.md")
    <LinkKind.ABSENT: 'absent'>
    """
    if scheme not in ("file", "") or path is None:
        return LinkKind.EXTERNAL
    if not path.is_file():
        return LinkKind.ABSENT
    return LinkKind.PAGE if path.suffix == ".md" else LinkKind.FILE


def heading_anchor(heading: str) -> str:
    """The anchor GitHub gives a heading, which the pages' links use: lower case, punctuation
    dropped, spaces as hyphens.

    >>> heading_anchor("Is the difference real? The Compare view")
    'is-the-difference-real-the-compare-view'
    >>> heading_anchor("Profiles: paper and ancast-0.1.1")
    'profiles-paper-and-ancast-011'
    """
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
