"""The one packaging detail ``pyproject.toml`` cannot say: the packages. Besides those found in
``engine/`` and ``ui/``, the repository's ``resources/`` folder (the demo data with its notices and
licences) is installed as the package ``engine.resources`` (``[tool.setuptools.package-dir]``), inside
the wheel, so that :mod:`engine.demos` finds it through :mod:`importlib.resources` - and no
top-level package named ``resources`` is installed beside ``engine``, ``ui`` and ``app``."""

from setuptools import find_packages, setup

setup(packages=[*find_packages(include=["engine", "engine.*", "ui", "ui.*"]), "engine.resources"])
