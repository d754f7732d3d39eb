"""The app's log: every module's logger (the engine's too: they all go to the root logger)
written to a rotating file in the platform's app-data folder (``QStandardPaths.AppDataLocation``),
for a user to attach to a bug report (Help > Open Log Folder). Worker threads' unexpected errors
are there with their tracebacks (:mod:`ui.state.jobs`), and so is every problem the banner showed."""

from __future__ import annotations

import logging
import sys
from logging.handlers import RotatingFileHandler
from pathlib import Path
from types import TracebackType

from PySide6.QtCore import QStandardPaths

__all__ = ["LOG_FILE", "default_folder", "log_folder", "log_uncaught_exceptions", "start_logging", "stop_logging"]

LOG_FILE = "graphagree.log"
MAX_BYTES = 1_000_000  # a file this large is renamed .1 (the older ones .2, .3) and a new one begun
BACKUPS = 3
FORMAT = "%(asctime)s %(levelname)s %(name)s [%(threadName)s]: %(message)s"

log = logging.getLogger(__name__)
_handler: RotatingFileHandler | None = None


def default_folder() -> Path:
    """``logs`` in the app's data folder (the application and organisation names must be set)."""
    location = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(location) / "logs"


def start_logging(folder: Path | None = None, level: int = logging.INFO) -> Path:
    """Log to ``folder`` (default :func:`default_folder`) from now on, at ``level`` and above;
    returns the log file."""
    global _handler
    stop_logging()
    folder = folder if folder is not None else default_folder()
    folder.mkdir(parents=True, exist_ok=True)
    handler = RotatingFileHandler(folder / LOG_FILE, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8")
    handler.setFormatter(logging.Formatter(FORMAT))
    handler.setLevel(level)
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(min(root.getEffectiveLevel(), level))
    _handler = handler
    log.info("log started in %s", folder)
    return folder / LOG_FILE


def stop_logging() -> None:
    """Stop writing the log file."""
    global _handler
    if _handler is not None:
        logging.getLogger().removeHandler(_handler)
        _handler.close()
        _handler = None


def log_folder() -> Path | None:
    """The folder the log is written to (None when no log is written: ``--screenshot``)."""
    return Path(_handler.baseFilename).parent if _handler is not None else None


def log_uncaught_exceptions() -> None:
    """Log an exception no code caught (in a slot of the GUI thread, say), then hand it to the
    hook there was (which prints it)."""
    previous = sys.excepthook

    def hook(kind: type[BaseException], error: BaseException, trace: TracebackType | None) -> None:
        log.critical("uncaught exception", exc_info=(kind, error, trace))
        previous(kind, error, trace)

    sys.excepthook = hook
