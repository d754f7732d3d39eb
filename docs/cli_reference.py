"""The command-line reference (docs/cli.md), written from the argparse definitions of ``graphagree``
(:func:`engine.cli.arguments.build_parser`) and ``graphagree-app`` (:func:`app.build_parser`):
``python -m docs.cli_reference > docs/cli.md``. ``tests/test_docs.py`` fails when the page is not
what this prints.

It reads the parsers' actions rather than argparse's formatted help, whose wrapping depends on
the terminal's width and whose layout changes between Python versions."""

from __future__ import annotations

import argparse
from collections.abc import Iterator

__all__ = ["markdown"]

HEADER = """# Command-line reference

Every command and option of `graphagree` (the scorer; `python -m engine` is the same program) and
`graphagree-app` (the desktop app; `python app.py` in a source checkout). Each command also prints
its options with `--help`. For what the commands compute and print, with examples, see
[the command-line guide](command-line.md).

<!-- Generated from the argparse definitions by `python -m docs.cli_reference > docs/cli.md`;
tests/test_docs.py fails when this page is out of date. Do not edit it by hand. -->
"""


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _sentence(text: str) -> str:
    """A help line as a sentence: a capital first, a full stop (or its own ? or .) last."""
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "?")) else text + "."


def _help(action: argparse.Action, prog: str) -> str:
    """The action's help with argparse's ``%(...)s`` fields filled in, as ``--help`` shows it."""
    if not action.help or action.help == argparse.SUPPRESS:
        return ""
    fields = {key: value for key, value in vars(action).items() if value is not argparse.SUPPRESS}
    fields["prog"] = prog
    if fields.get("choices") is not None:
        fields["choices"] = ", ".join(map(str, fields["choices"]))
    return action.help % fields


def _name(action: argparse.Action) -> str:
    if action.option_strings:
        return ", ".join(f"`{option}`" for option in action.option_strings)
    return f"`{action.metavar or action.dest.upper()}`" + (" ..." if action.nargs in ("*", "+") else "")


def _values(action: argparse.Action) -> str:
    if action.nargs == 0:
        return ""
    if action.choices is not None:
        return " \\| ".join(f"`{choice}`" for choice in action.choices)
    if not action.option_strings:
        return ""
    metavar = _cell(str(action.metavar or action.dest.upper()))
    return f"`{metavar}`" + (" ..." if action.nargs in ("*", "+") else "")


def _default(action: argparse.Action) -> str:
    if action.nargs == 0 or not action.option_strings:
        return ""
    if action.default is None or action.default is argparse.SUPPRESS or action.default is False:
        return ""
    return f"`{action.default}`"


def _subcommands(parser: argparse.ArgumentParser) -> argparse._SubParsersAction | None:
    return next((a for a in parser._actions if isinstance(a, argparse._SubParsersAction)), None)


def _synopsis(parser: argparse.ArgumentParser) -> str:
    words = [parser.prog]
    options = [a for a in parser._actions if a.option_strings and not isinstance(a, argparse._HelpAction)]
    if options:
        words.append("[options]")
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            words.append("COMMAND ...")
        elif not action.option_strings:
            name = action.metavar if isinstance(action.metavar, str) else action.dest.upper()
            words.append(
                {"?": f"[{name}]", "*": f"[{name} ...]", "+": f"{name} [{name} ...]"}.get(str(action.nargs), name)
            )
    return " ".join(words)


def _section(parser: argparse.ArgumentParser, level: int, summary: str = "") -> Iterator[str]:
    yield f"{'#' * level} {parser.prog}"
    yield ""
    for text in (summary, parser.description):
        if text:
            yield _cell(_sentence(text))
            yield ""
    yield f"    {_synopsis(parser)}"
    yield ""
    rows = [a for a in parser._actions if not isinstance(a, argparse._HelpAction | argparse._SubParsersAction)]
    if rows:
        yield "| argument | values | default | what it does |"
        yield "|---|---|---|---|"
        for action in rows:
            yield f"| {_name(action)} | {_values(action)} | {_default(action)} | {_cell(_help(action, parser.prog))} |"
        yield ""
    commands = _subcommands(parser)
    if commands is None:
        return
    listed = [(pseudo.dest, pseudo.help or "") for pseudo in commands._choices_actions]
    yield "| command | what it does |"
    yield "|---|---|"
    for name, help in listed:
        aliases = [alias for alias, sub in commands.choices.items() if sub is commands.choices[name] and alias != name]
        shown = f"`{name}`" + "".join(f", `{alias}`" for alias in aliases)
        yield f"| {shown} | {_cell(help)} |"
    yield ""
    for name, help in listed:
        yield from _section(commands.choices[name], level + 1, help)


def markdown() -> str:
    """The whole page."""
    from app import build_parser as app_parser
    from engine.cli.arguments import build_parser

    lines = [HEADER, *_section(build_parser("graphagree"), 2), *_section(app_parser("graphagree-app"), 2)]
    return "\n".join(lines).rstrip("\n") + "\n"


if __name__ == "__main__":
    print(markdown(), end="")
