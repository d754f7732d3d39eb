"""Names a package re-exports, each loaded from its module on first use (PEP 562), so that a
command imports only the code it runs."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any

__all__ = ["lazy_names"]


def lazy_names(package: str, homes: Mapping[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package`` that finds each name of ``homes`` in the module
    ``homes[name]`` names (absolute, or relative to ``package``) when it is first asked for.

    >>> getattr_ = lazy_names("engine", {"Params": ".params"})
    >>> getattr_("Params").__name__
    'Params'
    >>> getattr_("Nothing")
    Traceback (most recent call last):
    AttributeError: module 'engine' has no attribute 'Nothing'
    """

    def __getattr__(name: str) -> Any:
        if name not in homes:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(import_module(homes[name], package), name)

    return __getattr__
