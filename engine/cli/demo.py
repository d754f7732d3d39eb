"""``graphagree demo [NAME]``: the demo pairs installed with graphagree.

Without NAME it lists them (name, folder, title) under the folder they are installed in; with
NAME it prints the pair's test and gold paths, one a line, so that a shell can pass them on:
``graphagree score $(graphagree demo smatch)``. An unknown name is one line on stderr naming
the demos there are, exit status 2."""

from __future__ import annotations

import argparse

from ..demos import DEMOS, demo, demo_folder
from ..output.text import text_grid
from .common import EXIT_INPUT_ERROR, say

__all__ = ["run_demo"]


def run_demo(args: argparse.Namespace) -> int:
    if args.name is None:
        print(f"Demo pairs (test, gold) in {demo_folder()}; each folder has its NOTICE and licence.")
        rows = [[d.name, d.folder, d.title] for d in DEMOS]
        print("\n".join(line.rstrip() for line in text_grid(["name", "folder", "what"], rows, "lll")))
        print(f"\n'{args.demo_prog} NAME' prints a pair's test and gold paths, one a line.")
        return 0
    try:
        chosen = demo(args.name)
    except KeyError as error:
        say(f"error: {error.args[0]}")
        return EXIT_INPUT_ERROR
    print(chosen.test)
    print(chosen.gold)
    return 0
