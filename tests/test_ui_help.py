"""Help > User Guide: the action and its key, the help window (contents, links between pages,
back and forward, headings, pictures, web links, pages not installed, its geometry) and where
the pages are found (installed in ui.help, else a checkout's docs/)."""

import re
import shutil
import sys

import pytest
from PySide6.QtCore import QPoint, Qt, QUrl
from PySide6.QtGui import QImage, QImageReader, QKeySequence, QPixmap, QTextDocument

from ui.help import HelpWindow, guide_folder
from ui.help.browser import MARGIN
from ui.help.pages import CHECKOUT_DOCS, DEVELOPER_PAGES, INDEX, INSTALLED_FOLDER, guide_files
from ui.shell.actions import shortcut_rows
from ui.state.settings import AppSettings

from .ui_support import shown_window, temporary_settings

PICTURE = re.compile(r"!\[[^\]]*\]\(([^)\s]+)\)")
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s#]+)[^)]*\)")


@pytest.fixture
def opened(qtbot, tmp_path):
    """A help window on the checkout's docs/, 900 x 700 on screen, with the URLs it hands to the system."""
    handed: list[QUrl] = []
    window = HelpWindow(CHECKOUT_DOCS, AppSettings(temporary_settings(tmp_path)), open_url=handed.append)
    qtbot.addWidget(window)
    window.resize(900, 700)
    window.show()
    qtbot.waitExposed(window)
    return window, handed


def test_f1_opens_one_help_window_from_the_help_menu(qtbot, tmp_path):
    window = shown_window(qtbot, tmp_path, pair=None)
    action = window.action_set["user_guide"]
    assert action.shortcut() == QKeySequence(QKeySequence.StandardKey.HelpContents)
    assert ("Help", "User Guide", "F1") in shortcut_rows()
    assert window.action_set.menus["&Help"].actions()[0] is action
    action.trigger()
    help_window = window.findChild(HelpWindow)
    assert help_window is not None and help_window.isVisible() and not help_window.isModal()
    assert help_window.page() == INDEX
    help_window.close()
    action.trigger()
    assert window.findChildren(HelpWindow) == [help_window] and help_window.isVisible()
    help_window.showMinimized()
    action.trigger()
    assert not help_window.isMinimized()


def test_the_window_starts_on_the_index_follows_a_link_and_goes_back_and_forward(opened, qtbot):
    window, _ = opened
    assert window.page() == INDEX and window.contents.currentItem().text() == "Contents"
    assert not window.back.isEnabled()
    window.browser.anchorClicked.emit(QUrl("teacher.md"))  # as a click on the index's link does
    assert window.page() == "teacher.md"
    assert window.contents.currentItem().text() == "Teacher's guide"
    assert window.windowTitle().startswith("Teaching the alignment")
    assert window.back.isEnabled() and not window.forward.isEnabled()
    assert window.back.shortcut() == QKeySequence(QKeySequence.StandardKey.Back)  # Alt+Left
    assert window.forward.shortcut() == QKeySequence(QKeySequence.StandardKey.Forward)  # Alt+Right
    qtbot.keyClick(window.browser, Qt.Key.Key_Left, Qt.KeyboardModifier.AltModifier)
    assert window.page() == INDEX and window.contents.currentItem().text() == "Contents"
    qtbot.keyClick(window.browser, Qt.Key.Key_Right, Qt.KeyboardModifier.AltModifier)
    assert window.page() == "teacher.md"


def test_the_role_guides_are_one_click_away(opened, qtbot):
    window, _ = opened
    titles = [window.contents.item(row).text() for row in range(window.contents.count())]
    assert titles[:4] == ["Contents", "Annotator's guide", "Adjudicator's guide", "Teacher's guide"]
    item = window.contents.item(2)
    qtbot.mouseClick(
        window.contents.viewport(), Qt.MouseButton.LeftButton, pos=window.contents.visualItemRect(item).center()
    )
    assert window.page() == "adjudicator.md"
    window.home.trigger()
    assert window.page() == INDEX


def test_a_link_to_a_heading_shows_that_heading_at_the_top(opened):
    window, _ = opened
    window.browser.anchorClicked.emit(QUrl("app.md"))
    window.browser.anchorClicked.emit(QUrl("plots-and-comparison.md#is-the-difference-real-the-compare-view"))
    assert window.page() == "plots-and-comparison.md"
    browser = window.browser
    heading = browser.document().find("Is the difference real? The Compare view").block()
    assert heading.blockFormat().headingLevel() == 2
    top = browser.document().documentLayout().blockBoundingRect(heading).top() - browser.verticalScrollBar().value()
    assert browser.verticalScrollBar().value() > 0 and 0 <= top < browser.fontMetrics().lineSpacing()


def _room_and_pictures(window: HelpWindow) -> tuple[int, list[tuple[str, float]]]:
    return window.browser.picture_room(), window.browser.pictures()


def test_the_pictures_are_shown_at_their_width_or_the_pages(opened, qtbot):
    window, _ = opened
    window.open_page("adjudicator.md")  # screenshots of the whole window, and one of a dialog
    written = PICTURE.findall((CHECKOUT_DOCS / "adjudicator.md").read_text(encoding="utf-8"))
    fitted = set()
    for size in ((900, 700), (1400, 900)):
        window.resize(*size)
        room, pictures = _room_and_pictures(window)
        assert [name for name, _ in pictures] == written
        natural = [QImageReader(str(CHECKOUT_DOCS / name)).size().width() for name in written]
        assert [width for _, width in pictures] == [min(width, room) for width in natural]
        fitted |= {width > room for width in natural}
        for name, width in pictures:
            image = window.browser.document().resource(QTextDocument.ResourceType.ImageResource, QUrl(name))
            assert isinstance(image, (QImage, QPixmap)) and not image.isNull()  # Qt may make it a pixmap
            assert round(image.width() / image.devicePixelRatio()) == width
    assert fitted == {True, False}  # pictures shrunk to the page and pictures at their own width were seen


def test_web_links_and_pictures_go_to_the_system(opened, qtbot):
    window, handed = opened
    window.open_page("install.md")
    window.browser.anchorClicked.emit(QUrl("https://pipx.pypa.io"))
    window.open_page("teacher.md")
    window.browser.anchorClicked.emit(QUrl("images/teacher-lesson-1366x768.png"))
    assert handed == [
        QUrl("https://pipx.pypa.io"),
        QUrl.fromLocalFile(str(CHECKOUT_DOCS / "images" / "teacher-lesson-1366x768.png")),
    ]
    assert window.page() == "teacher.md"
    # a click on a picture opens it at full size
    browser = window.browser
    position = next(iter(browser._pictures()))[0]
    box = browser.document().documentLayout().blockBoundingRect(browser.document().findBlock(position))
    browser.verticalScrollBar().setValue(round(box.top()))
    point = QPoint(round(box.left() + 2 * MARGIN), round(box.center().y()) - browser.verticalScrollBar().value())
    qtbot.mouseClick(browser.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert handed[-1] == QUrl.fromLocalFile(str(CHECKOUT_DOCS / "images" / "teacher-lesson-1920x1080.png"))


def test_the_find_box_selects_each_place_in_turn_and_says_when_there_is_none(opened, qtbot):
    window, _ = opened
    window.open_page("teacher.md")
    text = window.browser.document().toPlainText()
    qtbot.keyClicks(window.find_box, "presentation mode")
    cursor = window.browser.textCursor()
    assert cursor.selectedText().lower() == "presentation mode"
    assert cursor.selectionStart() == text.lower().index("presentation mode")
    window.find_in_page()  # F3
    assert window.browser.textCursor().selectionStart() == text.lower().index(
        "presentation mode", cursor.selectionEnd()
    )
    window.find_in_page(backward=True)  # Shift+F3
    assert window.browser.textCursor().selectionStart() == cursor.selectionStart()
    window.find_in_page(backward=True)  # from the first, round to the last
    assert window.browser.textCursor().selectionStart() == text.lower().rindex("presentation mode")
    assert window.find_box.styleSheet() == ""
    qtbot.keyClicks(window.find_box, "xyzzy")
    assert not window.find_in_page() and window.find_box.styleSheet() != ""


def _installed_copy(folder):
    """The guide as setup.py installs it: the files of guide_files() only."""
    for name in guide_files():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(CHECKOUT_DOCS / name, folder / name)
    return folder


def test_a_page_not_installed_is_named_not_shown(qtbot, tmp_path):
    guide = _installed_copy(tmp_path / INSTALLED_FOLDER)
    window = HelpWindow(guide, AppSettings(temporary_settings(tmp_path)))
    qtbot.addWidget(window)
    window.show()
    assert not window.notice.isVisible()
    window.browser.anchorClicked.emit(QUrl("development.md"))
    assert window.page() == INDEX and not window.back.isEnabled()
    assert window.notice.isVisible() and "development.md" in window.notice.text()
    window.browser.anchorClicked.emit(QUrl("annotator.md"))
    assert window.page() == "annotator.md" and not window.notice.isVisible()


def test_the_installed_pages_link_only_to_each_other_or_to_pages_the_window_names_as_absent():
    """What setup.py installs: the pages users read and every picture they show, no script; a link
    to anything else leads to a developer's page or the README (which the window says it lacks)."""
    shipped = set(guide_files())
    assert not any(name.suffix == ".py" for name in shipped)
    assert not shipped & {CHECKOUT_DOCS / page for page in DEVELOPER_PAGES}
    pages = [name for name in shipped if name.suffix == ".md"]
    assert {"index.md", "annotator.md", "adjudicator.md", "teacher.md"} <= {page.name for page in pages}
    elsewhere = set()
    for page in pages:
        text = re.sub(r"```.*?```", "", (CHECKOUT_DOCS / page).read_text(encoding="utf-8"), flags=re.DOTALL)
        for target in PICTURE.findall(text):
            assert (page.parent / target) in shipped, f"{page} shows {target}, which is not installed"
        elsewhere |= {target for target in LINK.findall(text) if not re.match(r"[a-z]+:", target)} - {
            str(name) for name in shipped
        }
    assert elsewhere <= {*DEVELOPER_PAGES, "../README.md"}


def test_the_pages_are_found_in_the_installed_package_first(tmp_path, monkeypatch):
    for package in ("fake_installed", "fake_without_guide"):
        (tmp_path / package).mkdir()
        (tmp_path / package / "__init__.py").write_text("", encoding="utf-8")
        monkeypatch.delitem(sys.modules, package, raising=False)
    (tmp_path / "fake_installed" / INSTALLED_FOLDER).mkdir()
    (tmp_path / "fake_installed" / INSTALLED_FOLDER / INDEX).write_text("# Guide\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert guide_folder("fake_installed", CHECKOUT_DOCS) == tmp_path / "fake_installed" / INSTALLED_FOLDER
    assert guide_folder("fake_without_guide", CHECKOUT_DOCS) == CHECKOUT_DOCS
    assert guide_folder("fake_without_guide", None) is None
    assert guide_folder() == CHECKOUT_DOCS  # this checkout: nothing installed inside ui/help


def test_the_window_comes_back_where_it_was_left(qtbot, tmp_path):
    settings = AppSettings(temporary_settings(tmp_path))
    first = HelpWindow(CHECKOUT_DOCS, settings)
    qtbot.addWidget(first)
    first.show()
    first.resize(640, 480)
    first.close()
    assert settings.dialog_geometry("help") is not None
    second = HelpWindow(CHECKOUT_DOCS, settings)
    qtbot.addWidget(second)
    second.show()
    assert (second.width(), second.height()) == (640, 480)
