"""The command line's diagnostics go through logging: --log-level and -v choose how many, and an
unexpected error is logged with its traceback (exit status 1) instead of a bare traceback."""

import logging

import engine.cli.score
from engine.cli import EXIT_INTERNAL_ERROR, main
from engine.cli.arguments import build_parser, log_level

from .conftest import EXAMPLES

FILES = [str(EXAMPLES / "read_test.amr"), str(EXAMPLES / "read_gold.amr")]


def test_the_log_level_comes_from_the_options():
    def level(*options):
        return log_level(build_parser().parse_args([*options, "score", *FILES]))

    assert level() == logging.WARNING and level("-v") == logging.INFO and level("-vv") == logging.DEBUG
    assert level("--log-level", "error") == logging.ERROR and level("-vvv") == logging.DEBUG


def test_an_unexpected_error_is_logged_with_its_traceback(monkeypatch, caplog):
    def broken(args):
        raise RuntimeError("a bug")

    monkeypatch.setattr(engine.cli.score, "run_score", broken)
    with caplog.at_level(logging.DEBUG):
        assert main(["score", *FILES, "--jobs", "1"]) == EXIT_INTERNAL_ERROR
    [record] = [r for r in caplog.records if r.levelno == logging.CRITICAL]
    assert record.name == "engine.cli" and "unexpected error" in record.getMessage()
    assert record.exc_info is not None and str(record.exc_info[1]) == "a bug"


def test_diagnostics_are_debug_records_and_the_user_messages_stay_on_stderr(caplog, capsys):
    with caplog.at_level(logging.DEBUG, logger="engine"):
        assert main(["score", *FILES, "--jobs", "1", "--format", "json"]) == 0
    assert any(r.name == "engine.read.formats" and "as amr" in r.getMessage() for r in caplog.records)
    assert all(r.levelno <= logging.INFO for r in caplog.records)
    assert capsys.readouterr().err == ""  # nothing for the user to know: stderr stays empty
