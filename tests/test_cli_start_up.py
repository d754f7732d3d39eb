"""What the command line does once per run to start faster changes nothing it shows: the grammar
built for the command given alone reads and prints as the whole grammar does, and the collector
that start-up turns off is on again once scoring is set up."""

import argparse
import json
import os
import subprocess
import sys

import pytest

from engine.cli.arguments import build_parser, terminal_columns

from .conftest import EXAMPLES, ROOT

FILES = [str(EXAMPLES / "read_test.amr"), str(EXAMPLES / "read_gold.amr")]
COMMAND_LINES = [
    ["score", *FILES, "--format", "json", "--gamma", "0.3", "--smatch", "-j", "2"],
    ["-v", "score", *FILES],
    ["--log-level", "debug", "smatch", *FILES, "--solver", "ilp", "--ci"],
    ["matrix", *FILES, "--metric", "concept", "--confusion"],
    ["trace", *FILES, "--id", "2"],
    ["explain", *FILES, "--test-node", "a", "--gold-node", "b", "--round", "2"],
    ["compare", *FILES, FILES[0], "--test", "bootstrap"],
    ["session", "create", "db", *FILES, "--start", "gold"],
    ["session", "EXPORT", "db", "--log", "x.json"],
    ["demo", "smatch"],
]


def _commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    [commands] = [action for action in parser._actions if isinstance(action, argparse._SubParsersAction)]
    return dict(commands.choices)


@pytest.mark.parametrize("argv", COMMAND_LINES, ids=lambda argv: " ".join(argv[:3]))
def test_the_lazy_grammar_reads_a_command_line_as_the_whole_grammar(argv):
    assert build_parser(lazy=True).parse_args(argv) == build_parser().parse_args(argv)


def test_the_lazy_grammar_adds_only_the_given_command_s_arguments():
    lazy = build_parser(lazy=True)
    assert lazy.format_help() == build_parser().format_help()  # the commands are all listed
    lazy.parse_args(["score", *FILES])
    made = {name: command for name, command in _commands(lazy).items() if isinstance(command, argparse.ArgumentParser)}
    assert list(made) == ["score"]  # the other commands' parsers are not even made
    assert made["score"].format_help() == _commands(build_parser())["score"].format_help()


@pytest.mark.parametrize("command", ["score", "smatch", "matrix", "trace", "explain", "compare", "session", "demo"])
def test_a_command_s_help_is_the_same_from_the_lazy_grammar(command, capsys):
    with pytest.raises(SystemExit):
        build_parser(lazy=True).parse_args([command, "--help"])
    assert capsys.readouterr().out == _commands(build_parser())[command].format_help()


def test_the_lazy_grammar_s_usage_errors_are_the_same(capsys):
    for argv in (["score", FILES[0]], ["smatch", *FILES, "--restarts", "0"], ["session", "nothing"], ["nothing"]):
        for parser in (build_parser(lazy=True), build_parser()):
            with pytest.raises(SystemExit) as stopped:
                parser.parse_args(argv)
            assert stopped.value.code == 2
        lazy, whole = capsys.readouterr().err.splitlines()
        assert lazy == whole and "error: " in lazy


@pytest.mark.parametrize("columns", [None, "120", "0", "wide", "-3", "37"])
def test_help_is_as_wide_as_argparse_makes_it(monkeypatch, columns):
    """The width is found as shutil finds it (without importing shutil), and every command's help
    wraps as it does under argparse's own formatter."""
    import shutil

    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    assert terminal_columns() == shutil.get_terminal_size().columns
    parser = build_parser()
    for command in [parser, *dict.fromkeys(_commands(parser).values())]:
        ours = command.format_help()
        command.formatter_class = argparse.HelpFormatter
        assert command.format_help() == ours, command.prog


PROBE = """
import gc, sys
from engine.runtime.process import no_collection_during_start_up, tune_for_scoring
gc.disable() if sys.argv[1] == "off" else gc.enable()
no_collection_during_start_up()
during = gc.isenabled()
tune_for_scoring()
print(during, gc.isenabled(), gc.get_freeze_count() > 0)
"""


@pytest.mark.parametrize("before", ["on", "off"])
def test_start_up_runs_without_the_collector_and_leaves_it_as_it_found_it(before):
    done = subprocess.run([sys.executable, "-c", PROBE, before], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", str(before == "on"), "True"]


RUN_AND_WATCH = """
import gc, io, os, runpy, sys
os._exit = sys.exit  # the run ends the process at once (exit_without_teardown): here it ends the run
import engine  # the package: what `python -m` imports before engine.__main__
before_freeze = []
def watch(phase, info):  # a collection once engine.__main__ has begun (engine.cli is its second import)
    if phase == "start" and gc.get_freeze_count() == 0 and "engine.cli" in sys.modules:
        before_freeze.append(info)
gc.callbacks.append(watch)
sys.argv, sys.stdout = ["engine", *sys.argv[1:]], io.StringIO()
try:
    runpy.run_module("engine", run_name="__main__", alter_sys=True)
except SystemExit as done:
    code = done.code
import numpy, engine.cli.score
unfrozen = {id(o) for o in gc.get_objects()}
print(code, len(before_freeze), gc.isenabled(), id(numpy) in unfrozen, id(engine.cli.score.run_score) in unfrozen,
      file=sys.stderr)
"""


def test_the_command_s_modules_load_without_collections_and_are_frozen():
    """`python -m engine score` loads NumPy and the scoring code with the collector off, freezes
    them (they are in no generation the collector walks) and turns the collector on to score."""
    done = subprocess.run(
        [sys.executable, "-c", RUN_AND_WATCH, "score", *FILES, "--jobs", "1"], capture_output=True, text=True, cwd=ROOT
    )
    assert done.stderr.split() == ["0", "0", "True", "False", "False"], done.stderr


INSTALLED_COMMAND = """
import os, sys
os._exit = sys.exit
from engine.cli import graphagree
sys.argv = ["graphagree", *sys.argv[1:]]
try:
    graphagree()
except SystemExit as done:
    print(done.code, "numpy" in sys.modules, "threadpoolctl" in sys.modules, os.environ["OPENBLAS_NUM_THREADS"])
"""


def test_the_installed_command_starts_blas_with_one_thread_as_python_m_engine_does():
    """No BLAS threads to stop at run time (threadpoolctl is not even loaded) and no collections during start-up."""
    environment = {key: value for key, value in os.environ.items() if not key.endswith("_NUM_THREADS")}
    done = subprocess.run(
        [sys.executable, "-c", INSTALLED_COMMAND, "score", *FILES, "--jobs", "1", "--format", "json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=environment,
    )
    assert done.stdout.split()[-4:] == ["0", "True", "False", "1"], done.stderr


AT_THE_END = """
import atexit, runpy, sys
atexit.register(lambda: print("torn down", file=sys.stderr))
if sys.argv[1] == "workers":
    import multiprocessing
sys.argv = ["engine", *sys.argv[2:]]
runpy.run_module("engine", run_name="__main__", alter_sys=True)
"""


@pytest.mark.parametrize("workers", [False, True])
def test_a_run_ends_at_once_with_all_its_output_unless_it_started_workers(workers):
    """What the run wrote (JSON on stdout, diagnostics on stderr) is all there and its exit status
    kept; the interpreter's exit (atexit functions, the teardown) is skipped, except after worker
    processes (here: once multiprocessing is loaded)."""
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            AT_THE_END,
            "workers" if workers else "alone",
            "-vv",
            "score",
            *FILES,
            "--format",
            "json",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 0 and len(json.loads(done.stdout)["pairs"]) == 2
    assert "DEBUG engine.read.formats: reading 2 files as amr" in done.stderr
    assert ("torn down" in done.stderr) is workers


def test_an_input_problem_still_exits_with_status_2_and_its_message():
    broken = [str(EXAMPLES / "broken_test.amr"), str(EXAMPLES / "broken_gold.amr")]
    done = subprocess.run(
        [sys.executable, "-m", "engine", "score", *broken, "--jobs", "1"], capture_output=True, text=True, cwd=ROOT
    )
    assert done.returncode == 2 and "unbalanced parenthesis" in done.stderr and done.stdout


FIND_NUMPY = """
import io, os, runpy, sys
os._exit = sys.exit
class Watch:  # the depth of the call stack when NumPy is first looked for
    depth = None
    def find_spec(self, name, path=None, target=None):
        if name == "numpy" and Watch.depth is None:
            frame, Watch.depth = sys._getframe(), 0
            while frame:
                Watch.depth, frame = Watch.depth + 1, frame.f_back
sys.meta_path.insert(0, Watch())
sys.argv, sys.stdout = ["engine", *sys.argv[1:]], io.StringIO()
try:
    runpy.run_module("engine", run_name="__main__", alter_sys=True)
except SystemExit as done:
    print(done.code, Watch.depth, file=sys.stderr)
"""


def test_the_command_imports_numpy_from_a_short_call_stack():
    """NumPy is imported by the command's dispatch, before the command's modules (some 14 frames
    deep here), not at the end of their chain of imports (44 frames deep), where its own imports
    would map and unmap a chunk of CPython's frame stack some 770 times (see import_first)."""
    done = subprocess.run(
        [sys.executable, "-c", FIND_NUMPY, "score", *FILES, "--jobs", "1"], capture_output=True, text=True, cwd=ROOT
    )
    code, depth = done.stderr.split()[-2:]
    assert code == "0" and int(depth) < 20, done.stderr
