"""The packaging details ``pyproject.toml`` cannot say.

* The packages. Besides those found in ``engine/`` and ``ui/``, the repository's ``resources/``
  folder (the demo data with its notices and licences) is installed as the package
  ``engine.resources`` (``[tool.setuptools.package-dir]``), inside the wheel, so that
  :mod:`engine.demos` finds it through :mod:`importlib.resources` - and no top-level package named
  ``resources`` is installed beside ``engine``, ``ui`` and ``app``.
* The user guide. The pages users read and their pictures (``guide_files`` of ``ui/help/pages.py``:
  ``docs/*.md`` but the developers' pages, and ``docs/images/``) are copied into the folder
  ``guide`` of the package ``ui.help``, where Help > User Guide finds them through
  :mod:`importlib.resources`; ``docs/`` itself, with its scripts (``screenshots.py``,
  ``cli_reference.py``), is not installed. The source distribution carries them, so that a wheel
  built from it has them too. An editable install reads ``docs/`` in place.
"""

import importlib.util
from pathlib import Path

from setuptools import find_packages, setup
from setuptools.command.build_py import build_py
from setuptools.command.sdist import sdist

HERE = Path(__file__).resolve().parent
DOCS = HERE / "docs"


def _pages_module():
    """ui/help/pages.py read alone: it needs the standard library only (the package ``ui`` needs Qt)."""
    spec = importlib.util.spec_from_file_location("guide_pages", HERE / "ui" / "help" / "pages.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class BuildPyWithGuide(build_py):
    """build_py, then the guide copied into ui/help/guide of the build (not in an editable install)."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:
            return
        pages = _pages_module()
        guide = Path(self.build_lib, "ui", "help", pages.INSTALLED_FOLDER)
        for name in pages.guide_files(DOCS):
            self.mkpath(str((guide / name).parent))
            self.copy_file(str(DOCS / name), str(guide / name))


class SdistWithGuide(sdist):
    """sdist, with the guide's files (which a wheel built from the source distribution copies)."""

    def make_distribution(self) -> None:
        self.filelist.extend((DOCS / name).relative_to(HERE).as_posix() for name in _pages_module().guide_files(DOCS))
        super().make_distribution()


setup(
    packages=[*find_packages(include=["engine", "engine.*", "ui", "ui.*"]), "engine.resources"],
    cmdclass={"build_py": BuildPyWithGuide, "sdist": SdistWithGuide},
)
