"""The installed distribution's name and version, read from its metadata only when asked, and
the ``--version`` option of the command line and the app."""

from __future__ import annotations

import argparse

__all__ = ["DISTRIBUTION", "VersionAction", "version_text"]

DISTRIBUTION = "graphagree"


def version_text() -> str:
    """``graphagree VERSION`` from the installed package's metadata; a source checkout that was
    never installed has none and says so."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return f"{DISTRIBUTION} {version(DISTRIBUTION)}"
    except PackageNotFoundError:
        return f"{DISTRIBUTION} (version unknown: not installed; pip install -e . records it)"


class VersionAction(argparse.Action):
    """``--version``: print :func:`version_text` and exit, whatever else the command line says."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS, help=None):
        super().__init__(option_strings, dest=dest, default=default, nargs=0, help=help or "print the version and exit")

    def __call__(self, parser, namespace, values, option_string=None):
        print(version_text())
        parser.exit()
