"""What a wheel carries and how the installed commands find it: the demo data as the package
``engine.resources`` (never a top-level ``resources``), ``graphagree demo``, ``--version`` of both
commands, the app's icon and its desktop entry. CI (``.ci/run``) also builds the wheel, installs it
in a fresh virtualenv and runs the commands from another folder."""

import glob
import importlib.util
import shutil
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from engine.demos import DEMOS, demo, demo_folder
from ui.desktop import entry
from ui.desktop.files import ICON_SIZES, SVG, TEMPLATE, png

from .conftest import ROOT


def run(*args, cwd=ROOT):
    return subprocess.run([sys.executable, *map(str, args)], cwd=cwd, capture_output=True, text=True, timeout=120)


def test_the_demos_are_found_as_the_package_engine_resources():
    spec = importlib.util.find_spec("engine.resources")
    assert spec is not None and spec.submodule_search_locations is not None
    assert [Path(p) for p in spec.submodule_search_locations] == [ROOT / "resources"]
    assert demo_folder() == ROOT / "resources" / "demo"
    assert importlib.util.find_spec("resources") is None or Path.cwd() == ROOT  # importable only from the checkout


def test_every_demo_file_is_there_with_its_notice():
    for each in DEMOS:
        assert each.test.is_file() and each.gold.is_file(), each
        assert (demo_folder() / each.folder / "NOTICE.md").is_file()
    assert len({each.name for each in DEMOS}) == len(DEMOS)
    with pytest.raises(KeyError, match="the demos are metamorphosed, ancast-paper"):
        demo("nope")


def test_the_package_data_patterns_take_every_resource_file():
    """setuptools takes package data by glob (no dot files for ``*``): every file of resources/
    but the package's own module must be matched, or the wheel would lack it."""
    tomllib = pytest.importorskip("tomllib", reason="tomllib (reading pyproject.toml) comes with Python 3.11")
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    assert config["package-dir"] == {"engine.resources": "resources"}
    folder = ROOT / "resources"
    taken = {
        Path(p) for pattern in config["package-data"]["engine.resources"] for p in glob.glob(pattern, root_dir=folder)
    }
    every = {
        path.relative_to(folder)
        for path in folder.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and path.name != "__init__.py"
    }
    assert every and taken == every


def test_demo_command_lists_the_demos_and_prints_a_pairs_paths(tmp_path):
    listed = run("-m", "engine", "demo", cwd=tmp_path)
    assert listed.returncode == 0, listed.stderr
    assert str(demo_folder()) in listed.stdout
    assert all(f"\n{each.name} " in listed.stdout for each in DEMOS)
    paths = run("-m", "engine", "demo", "smatch", cwd=tmp_path)
    assert paths.returncode == 0 and paths.stdout.splitlines() == [str(demo("smatch").test), str(demo("smatch").gold)]
    scored = run("-m", "engine", "smatch", *paths.stdout.split(), cwd=tmp_path)
    assert scored.returncode == 0 and "0.8475" in scored.stdout  # smatch 1.0.4's F on this pair (its NOTICE)


def test_an_unknown_demo_is_one_line_and_exit_2():
    done = run("-m", "engine", "demo", "nope")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == "error: no demo 'nope'; the demos are " + ", ".join(d.name for d in DEMOS) + "\n"


@pytest.mark.parametrize("command", [("-m", "engine"), ("app.py",)])
def test_version_comes_from_the_package_metadata(command):
    done = run(*command, "--version")
    assert done.returncode == 0 and done.stdout == f"graphagree {version('graphagree')}\n"


def test_the_installed_command_names_itself_in_its_messages():
    from engine.cli import main

    with pytest.raises(SystemExit) as stopped:
        main(["scor"], prog="graphagree")
    assert stopped.value.code == 2


def test_the_icon_pngs_are_the_svg_rendered(qapp, tmp_path):
    from ui.desktop.icon import app_icon, render_pngs

    rendered = render_pngs(tmp_path)
    for size, fresh in zip(ICON_SIZES, rendered):
        stored, again = QImage(str(png(size))), QImage(str(fresh))
        assert stored.size().width() == stored.size().height() == size
        assert stored.convertToFormat(QImage.Format.Format_ARGB32) == again.convertToFormat(
            QImage.Format.Format_ARGB32
        ), f"{png(size).name} is not {SVG.name} rendered: run python -m ui.desktop.icon"
    assert sorted(s.width() for s in app_icon().availableSizes()) == list(ICON_SIZES)


def test_desktop_entry_installs_and_uninstalls(tmp_path):
    command = [str(tmp_path / "my apps" / "graphagree-app")]
    written = entry.install_desktop_entry(tmp_path, command)
    desktop = tmp_path / "applications" / "graphagree.desktop"
    assert desktop in written and all(path.is_file() for path in written)
    text = desktop.read_text(encoding="utf-8")
    assert f'\nExec="{command[0]}" %F\n' in text and "\nIcon=graphagree\n" in text
    assert text.replace(f'Exec="{command[0]}" %F', "Exec=graphagree-app %F") == TEMPLATE.read_text(encoding="utf-8")
    for size in ICON_SIZES:
        icon = tmp_path / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "graphagree.png"
        assert icon.read_bytes() == png(size).read_bytes()
    assert sorted(entry.uninstall_desktop_entry(tmp_path)) == sorted(written)
    assert not any(path.is_file() for path in tmp_path.rglob("*"))


def test_the_desktop_entry_starts_the_running_command(tmp_path):
    script = tmp_path / "graphagree-app"
    script.write_text("#!/bin/sh\n")
    assert entry.launch_command(str(script), "/usr/bin/python3") == [str(script)]
    assert entry.launch_command("app.py", "/venv/bin/python") == ["/venv/bin/python", "-m", "app"]
    assert entry.exec_line(["/opt/x/graphagree-app"]) == "/opt/x/graphagree-app %F"
    assert entry.exec_line(['/a b/"q"$', "100%"]) == '"/a b/\\"q\\"\\$" "100%%" %F'


def test_nothing_is_written_beside_the_bundled_demos_by_default(qtbot, tmp_path, monkeypatch):
    """The demos are installed inside the package: exports and new sessions of a demo pair start in
    the home folder; for files of one's own, beside the test file."""
    from ui.adjudication.tasks import free_session_path
    from ui.shell.commands.save_dialog import start_folder

    from .ui_support import SYS_PAIR, shown_window

    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert free_session_path(SYS_PAIR) == tmp_path / "home" / "comptest_sys.adjudication.sqlite"
    copies = [tmp_path / path.name for path in SYS_PAIR]
    for path, copy in zip(SYS_PAIR, copies):
        copy.write_bytes(path.read_bytes())
    assert free_session_path(copies) == (tmp_path / "comptest_sys.adjudication.sqlite").resolve()
    window = shown_window(qtbot, tmp_path, SYS_PAIR)
    assert start_folder(window.context) == tmp_path / "home"
    window.state.scoring.open_pair(*copies)
    qtbot.waitUntil(lambda: window.state.scoring.files.test_path == copies[0] and not window.state.scoring.busy)
    assert start_folder(window.context) == tmp_path


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None, reason="desktop-file-validate is not installed")
def test_the_installed_desktop_entry_is_valid(tmp_path):
    entry.install_desktop_entry(tmp_path, ["/opt/graphagree/bin/graphagree-app"])
    done = subprocess.run(
        ["desktop-file-validate", str(tmp_path / "applications" / "graphagree.desktop")], capture_output=True, text=True
    )
    assert done.returncode == 0 and done.stdout == "", done.stdout  # no error, no warning, no hint
