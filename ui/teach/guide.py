"""A teacher's notes for a lesson (Qt-free): the story told beside the steps' own captions.

The notes of a pair live in a Markdown file beside its test file, named after it
(``spec_examples_test.amr`` -> ``spec_examples_test.lesson.md``): a ``# ID`` heading per pair
(the pair's id, or its number counted from 1), then a ``## STEP`` heading per step noted, where
STEP is one of
``initial``, ``round Q, iteration T``, ``round Q, converged`` (the round's last iteration),
``round Q, anchors``, ``finalisation`` (its first pick), ``finalisation, pick K`` and
``scores``; the text under a heading, blank lines between paragraphs, is that step's note.

Notes are written for the paper's parameters (γ 0.1, α 0.2, β 0.01, anchors from the text and
from token alignments): with any other, the lesson still shows them (a note may ask the class to
move a slider) after a line saying that their numbers are the paper's; the steps' own captions
are written by the engine for whatever the numbers are.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from engine.params import Params

from .model import StepKey

__all__ = ["NOTES_SUFFIX", "Notes", "NotesError", "applies", "notes_path", "parse_notes", "read_notes"]

NOTES_SUFFIX = ".lesson.md"
STEP = re.compile(
    r"(?P<initial>initial)|(?P<scores>scores)|finalisation(, pick (?P<pick>\d+))?"
    r"|round (?P<round>\d+), ((?P<anchors>anchors)|(?P<converged>converged)|iteration (?P<iteration>\d+))"
)


class NotesError(ValueError):
    """A notes file that cannot be read: ``FILE:LINE: what is wrong``."""


@dataclass
class Notes:
    """Per pair (its id, or its number as text), the note of each step by its heading."""

    pairs: dict[str, dict[str, str]] = field(default_factory=dict)

    def note(self, pair: str, key: StepKey, iterations: int | None = None) -> str:
        """The note of a step (``iterations``: of its round, to find ``converged``), or ""."""
        notes = self.pairs.get(pair, {})
        for heading in _headings(key, iterations):
            if heading in notes:
                return notes[heading]
        return ""


def _headings(key: StepKey, iterations: int | None) -> list[str]:
    """The headings that name a step, the most precise first."""
    if key.kind == "initial":
        return ["initial"]
    if key.kind == "metrics":
        return ["scores"]
    if key.kind == "finalisation":
        return [f"finalisation, pick {key.ordinal}"] + (["finalisation"] if key.ordinal == 1 else [])
    if key.kind == "anchors":
        return [f"round {key.round}, anchors"]
    found = [f"round {key.round}, iteration {key.iteration}"]
    return found + ([f"round {key.round}, converged"] if key.iteration == iterations else [])


def parse_notes(text: str, source: str = "<notes>") -> Notes:
    """Notes from the file's text; :class:`NotesError` naming the line of a step heading that
    names no step, or of text before the first pair heading."""
    notes = Notes()
    pair: dict[str, str] | None = None
    step: str | None = None
    lines: dict[str, list[str]] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith("## "):
            heading = line[3:].strip().lower()
            if pair is None:
                raise NotesError(f"{source}:{number}: a step heading before the first pair heading (# ID)")
            if not STEP.fullmatch(heading):
                raise NotesError(
                    f"{source}:{number}: '{line[3:].strip()}' names no step (initial; round Q, iteration T; "
                    "round Q, converged; round Q, anchors; finalisation; finalisation, pick K; scores)"
                )
            step = heading
            lines = {step: []}
            pair[step] = ""
        elif line.startswith("# "):
            pair = notes.pairs.setdefault(line[2:].strip(), {})
            step = None
        elif step is not None and pair is not None:
            lines[step].append(line)
            pair[step] = "\n".join(lines[step]).strip()
        elif line.strip() and pair is not None:
            raise NotesError(f"{source}:{number}: text outside a step (give it a ## heading)")
    return notes


def notes_path(test_file: Path) -> Path:
    """Where the notes of a test file's pairs are: beside it, ``<its stem>.lesson.md``."""
    return test_file.with_name(test_file.stem + NOTES_SUFFIX)


def read_notes(test_file: Path) -> Notes:
    """The notes beside a test file (none when there is no such file)."""
    path = notes_path(test_file)
    if not path.is_file():
        return Notes()
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise NotesError(f"{path}:1: cannot be read ({error})") from error
    return parse_notes(text, str(path))


def applies(params: Params) -> bool:
    """Whether notes (written for the paper's parameters) tell these parameters' story."""
    paper = Params()
    return (params.profile, params.gamma, params.alpha, params.beta, params.use_text, params.use_alignments) == (
        paper.profile,
        paper.gamma,
        paper.alpha,
        paper.beta,
        paper.use_text,
        paper.use_alignments,
    )
