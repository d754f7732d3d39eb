"""The documentation stays true to the code: the generated command-line reference is up to date,
every relative link and picture of the README and docs/ is there, the README stays short and its
test command is the one CI runs, and the docs cite the papers rather than files outside the repository."""

import argparse
import re

import pytest

from docs import cli_reference
from engine.cli.arguments import build_parser

from .conftest import ROOT

DOCS = ROOT / "docs"
PAGES = [ROOT / "README.md", *sorted(DOCS.glob("*.md"))]
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
# pages written on other branches, linked from here before they land
COMING: set[str] = set()


def test_the_cli_reference_is_the_argparse_definitions():
    written = (DOCS / "cli.md").read_text(encoding="utf-8")
    assert written == cli_reference.markdown(), "docs/cli.md is out of date: python -m docs.cli_reference > docs/cli.md"


def _parsers(parser: argparse.ArgumentParser):
    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in dict.fromkeys(action.choices.values()):
                yield from _parsers(sub)


def test_help_prints_what_was_meant():
    """argparse expands % in option help but not in descriptions: a description's "%%" shows as is."""
    for parser in _parsers(build_parser("graphagree")):
        assert "%%" not in parser.format_help(), parser.prog


def _anchors(page) -> set[str]:
    """The anchors GitHub makes of a page's headings: lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.DOTALL)
    headings = re.findall(r"^#+ (.+)$", text, flags=re.MULTILINE)
    return {re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-") for heading in headings}


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_every_relative_link_is_there(page):
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.DOTALL)
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target):
            continue
        file, _, anchor = target.partition("#")
        path = (page.parent / file).resolve() if file else page
        if path.name in COMING and path.parent == DOCS:
            continue
        assert path.exists(), f"{page.name} links to {target}, which is not there"
        if anchor and path.suffix == ".md":
            assert anchor in _anchors(path), f"{page.name} links to {target}: no such heading"


def test_the_readme_is_short_and_its_test_command_is_the_one_ci_runs():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 300
    command = "QT_QPA_PLATFORM=offscreen .venv/bin/python -m pytest -q"
    assert command in readme and f"\n{command}\n" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "](docs/images/" in readme  # a picture of the app


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_the_docs_cite_papers_not_files_outside_the_repository(page):
    text = page.read_text(encoding="utf-8")
    assert "SPEC" not in text and "seeds/" not in text and "/work/" not in text
