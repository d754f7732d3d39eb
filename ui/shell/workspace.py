"""The perspectives as tabs (:mod:`ui.shell.perspectives`): each page a tree of splitters and tab
groups built from its layout, the panels moved into the page shown, the arrangement saved in
the settings, restored at start and reset to the default on request.

A page's saved sizes are applied when it is first shown (when it has its real size) and only
if they leave every panel at least its least useful size (:attr:`Panel.least`), else the page
takes its default proportions; a page not shown in a session keeps what it was restored from
(the sizes of a page never laid out are not saved).

A panel may say it has nothing to show for the files loaded (the UMR document level for AMR
input): it then has a ``availability_changed(bool)`` signal and an ``is_available()`` method,
and its tab (or its place in a split) is hidden while it is unavailable; so is the tab of a
perspective none of whose panels is available, or whose ``needs`` panel is not (the Adjudication
perspective without a session). A ``hidden`` perspective never has a tab: it is shown when asked
for by name (presentation mode) and stays until another is."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QSplitter, QTabWidget, QVBoxLayout, QWidget

from ..state.settings import AppSettings
from .perspectives import DEFAULT, PERSPECTIVES, Layout, Perspective, Split, Tabs, panels_of

__all__ = ["LAYOUT_VERSION", "Panel", "Workspace"]

# saved arrangements of another version are not restored (1: Qt's splitter states; 2: before the plots
# below the corpus table and beside the annotators' matrix)
LAYOUT_VERSION = 3
LEAST = (160, 90)  # the least useful (width, height) of a panel that does not say its own


@dataclass(frozen=True)
class Panel:
    """A panel: its tab title, its widget and ``least``, the smallest (width, height) in pixels
    at which it still shows what it is for (a saved arrangement that leaves it less is not restored)."""

    title: str
    widget: QWidget
    least: tuple[int, int] = LEAST


def _available(panel: Panel) -> bool:
    check = getattr(panel.widget, "is_available", None)
    return check() if check is not None else True


def _set_tab_visible(tabs: QTabWidget, index: int, visible: bool) -> None:
    """Show or hide a tab, touching it only when that changes: a hidden tab bar lays out its tabs
    when next shown only if nothing was set after a change, and Qt counts setting a tab's
    visibility again unchanged as "nothing to lay out" (a tab shown while its perspective was
    behind another then kept no width: the Pair perspective without its Document level tab)."""
    if tabs.isTabVisible(index) != visible:
        tabs.setTabVisible(index, visible)


class _Slot(QWidget):
    """The place of one panel in a page; the panel moves in when the page is shown."""

    def __init__(self, key: str, panel: Panel):
        super().__init__()
        self.key, self.panel = key, panel
        self.box = QVBoxLayout(self)
        self.box.setContentsMargins(0, 0, 0, 0)

    def claim(self) -> None:
        if self.panel.widget.parent() is not self:
            self.box.addWidget(self.panel.widget)
        self.panel.widget.show()


class _Page(QWidget):
    """One perspective: its splitters and tab groups by path ("0", "0/1", ...) and its panels' slots."""

    def __init__(self, perspective: Perspective, panels: dict[str, Panel]):
        super().__init__()
        self.perspective = perspective
        self.splitters: dict[str, tuple[QSplitter, Split]] = {}
        self.groups: dict[str, tuple[QTabWidget, list[_Slot]]] = {}
        self.slots: dict[str, _Slot] = {}
        self.following_default = True  # the default proportions, kept on resizes until a handle is dragged
        self.laid_out = False  # shown with its real size in this session (its sizes mean something)
        self.pending: dict[str, list[int]] = {}  # saved sizes by splitter path, applied when first shown
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self._build(perspective.layout, "0", panels))

    def _slot(self, key: str, panels: dict[str, Panel]) -> _Slot:
        slot = self.slots[key] = _Slot(key, panels[key])
        return slot

    def _build(self, layout: Layout, path: str, panels: dict[str, Panel]) -> QWidget:
        if isinstance(layout, str):
            return self._slot(layout, panels)
        if isinstance(layout, Tabs):
            group = QTabWidget()
            group.setDocumentMode(True)
            slots = [self._slot(key, panels) for key in layout.panels]
            for slot in slots:
                group.addTab(slot, slot.panel.title)
            self.groups[path] = (group, slots)
            return group
        splitter = QSplitter(Qt.Orientation.Vertical if layout.vertical else Qt.Orientation.Horizontal)
        splitter.setChildrenCollapsible(False)
        splitter.setObjectName(f"{self.perspective.key}/{path}")
        splitter.splitterMoved.connect(self._dragged)
        for number, (part, size) in enumerate(zip(layout.parts, layout.sizes)):
            splitter.addWidget(self._build(part, f"{path}/{number}", panels))
            splitter.setStretchFactor(number, size)
        self.splitters[path] = (splitter, layout)
        return splitter

    def claim(self) -> None:
        for slot in self.slots.values():
            slot.claim()

    def _dragged(self, *_) -> None:
        self.following_default = False

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._lay_out()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self._lay_out()

    def _lay_out(self) -> None:
        """The saved sizes the first time the page has room for every panel's least useful size
        (if they leave each panel that much), else - and on later resizes until a handle is
        dragged - the default proportions."""
        if not self._has_size():
            return
        width, height = self._least(self.perspective.layout)
        if not self.laid_out and self.width() >= width and self.height() >= height:
            self.laid_out = True
            if self.pending and self._apply(self.pending):
                self.following_default = False
            self.pending = {}
        if self.following_default:
            self._proportions()

    def _has_size(self) -> bool:
        return self.isVisible() and self.width() > 0 and self.height() > 0

    def _apply(self, sizes: dict[str, list[int]]) -> bool:
        """Saved sizes, outer splitters first; False (the default proportions back) when they
        leave a part less than its least useful size."""
        for path in sorted(self.splitters, key=lambda path: path.count("/")):
            splitter, layout = self.splitters[path]
            saved = sizes.get(path)
            if saved is not None and len(saved) == len(layout.sizes) and sum(saved) > 0:
                splitter.setSizes(saved)
        if self.squeezed():
            self.following_default = True
            return False
        return True

    def squeezed(self) -> list[str]:
        """The splitters (by path) with a shown part smaller than its least useful size."""
        found = []
        for path, (splitter, layout) in self.splitters.items():
            for number, (part, size) in enumerate(zip(layout.parts, splitter.sizes())):
                widget = splitter.widget(number)
                if widget is not None and widget.isHidden():
                    continue
                width, height = self._least(part)
                if size < (height if layout.vertical else width):
                    found.append(path)
                    break
        return found

    def _least(self, layout: Layout) -> tuple[int, int]:
        """The least useful (width, height) of a part of the layout: of its shown panels, tabs on
        top of each other, split parts side by side or one above the other."""
        if isinstance(layout, str):
            return self.slots[layout].panel.least if _available(self.slots[layout].panel) else (0, 0)
        if isinstance(layout, Tabs):
            sizes = [self._least(key) for key in layout.panels]
            return max(width for width, _ in sizes), max(height for _, height in sizes)
        sizes = [self._least(part) for part in layout.parts]
        widths, heights = [width for width, _ in sizes], [height for _, height in sizes]
        if layout.vertical:
            return max(widths), sum(heights)
        return sum(widths), max(heights)

    def default_sizes(self) -> None:
        """Back to the layout's proportions (kept on resizes until a handle is dragged) and first tabs."""
        self.following_default, self.pending = True, {}
        self._proportions()
        for path in self.groups:
            self.front(path)

    def _proportions(self) -> None:
        """The layout's relative sizes, spread over the room each splitter has (outer splitters
        first, so that the inner ones have their size); nothing while the page is not shown."""
        if not self._has_size():
            return
        for path in sorted(self.splitters, key=lambda path: path.count("/")):
            splitter, layout = self.splitters[path]
            whole = splitter.height() if layout.vertical else splitter.width()
            room = whole - splitter.handleWidth() * (len(layout.sizes) - 1)
            splitter.setSizes([round(room * size / sum(layout.sizes)) for size in layout.sizes])

    def front(self, path: str) -> None:
        """Show the first available tab of a group."""
        group, slots = self.groups[path]
        first = next((slot for slot in slots if _available(slot.panel)), None)
        if first is not None:
            group.setCurrentWidget(first)

    def show_available(self) -> None:
        """Hide the tabs and split parts of unavailable panels; a group whose tabs changed shows its
        first available tab, one whose tabs are the same keeps its tab in front (the Label confusion
        went behind the plots whenever the gold annotator was changed)."""
        in_groups = set()
        for path, (group, slots) in self.groups.items():
            shown = [group.isTabVisible(index) for index in range(len(slots))]
            for index, slot in enumerate(slots):
                _set_tab_visible(group, index, _available(slot.panel))
                in_groups.add(slot.key)
            if shown != [group.isTabVisible(index) for index in range(len(slots))]:
                self.front(path)
        for key, slot in self.slots.items():
            if key not in in_groups:
                slot.setVisible(_available(slot.panel))

    def reveal(self, key: str) -> None:
        """Bring a panel's tab to the front."""
        for group, slots in self.groups.values():
            for slot in slots:
                if slot.key == key:
                    group.setCurrentWidget(slot)

    def saved(self) -> dict:
        """The splitters' sizes (those restored, when the page was not laid out in this session;
        none while it follows the default or leaves a panel squeezed) and the tabs in front."""
        if not self.laid_out:
            splitters = self.pending
        elif self.following_default or self.squeezed():
            splitters = {}
        else:
            splitters = {path: splitter.sizes() for path, (splitter, _) in self.splitters.items()}
        tabs = {path: group.currentIndex() for path, (group, _) in self.groups.items()}
        return {"splitters": splitters, "tabs": tabs}

    def restore(self, saved: dict) -> None:
        """A saved arrangement: the tabs in front now, the sizes when the page is first shown."""
        splitters = saved.get("splitters", {})
        self.pending = {
            path: sizes
            for path, sizes in (splitters.items() if isinstance(splitters, dict) else ())
            if path in self.splitters and isinstance(sizes, list) and all(isinstance(k, int) and k > 0 for k in sizes)
        }
        for path, index in saved.get("tabs", {}).items():
            if path in self.groups and isinstance(index, int) and self.groups[path][0].isTabVisible(index):
                self.groups[path][0].setCurrentIndex(index)


class Workspace(QTabWidget):
    """Signal ``perspective_changed(key)``. ``panels``: every panel by key (each perspective's
    layout names only these)."""

    perspective_changed = Signal(str)

    def __init__(
        self,
        panels: dict[str, Panel],
        settings: AppSettings,
        perspectives: tuple[Perspective, ...] = PERSPECTIVES,
        parent=None,
    ):
        super().__init__(parent)
        self.settings = settings
        self.setDocumentMode(True)
        self.pages: dict[str, _Page] = {}
        for view in perspectives:
            missing = set(panels_of(view.layout)) - set(panels)
            if missing:
                raise ValueError(f"perspective {view.key!r} names panels that are not registered: {sorted(missing)}")
            if view.needs and view.needs not in set(panels_of(view.layout)):
                raise ValueError(f"perspective {view.key!r} needs {view.needs!r}, which is not in its layout")
            page = self.pages[view.key] = _Page(view, panels)
            self.setTabToolTip(self.addTab(page, view.title), view.tip)
        for panel in panels.values():
            changed = getattr(panel.widget, "availability_changed", None)
            if changed is not None:
                changed.connect(lambda *_: self._show_available())
        self.currentChanged.connect(self._shown)
        self._show_available()
        self.restore()

    def _page(self, index: int) -> _Page:
        page = self.widget(index)
        assert isinstance(page, _Page), index
        return page

    @property
    def current(self) -> str:
        return self._page(self.currentIndex()).perspective.key

    def show_perspective(self, key: str) -> bool:
        """Bring a perspective to the front; False (nothing done) while its tab is hidden (a
        ``hidden`` perspective, which has none, is shown)."""
        index = self.indexOf(self.pages[key])
        if not self.isTabVisible(index) and not self.pages[key].perspective.hidden:
            return False
        self.setCurrentIndex(index)
        return True

    def show_panel(self, key: str) -> None:
        """Make a panel visible: its tab in front in this perspective, else the first shown perspective that has it."""
        page = self._page(self.currentIndex())
        if key not in page.slots or not _available(page.slots[key].panel):
            page = next((p for p in self.pages.values() if key in p.slots and self.isTabVisible(self.indexOf(p))), page)
            self.setCurrentWidget(page)
        page.reveal(key)

    def _shown(self, index: int) -> None:
        if 0 <= index < self.count():
            page = self._page(index)
            page.claim()
            self.perspective_changed.emit(page.perspective.key)

    def _show_available(self) -> None:
        """Tabs and split parts of what has something to show; a perspective shown whose tab goes
        gives way to the default one."""
        shown = self.currentWidget()
        for index in range(self.count()):
            page = self._page(index)
            page.show_available()
            needed = (page.perspective.needs,) if page.perspective.needs else page.slots
            visible = any(_available(page.slots[key].panel) for key in needed)
            _set_tab_visible(self, index, visible and not page.perspective.hidden)
        if shown is not None and not self.isTabVisible(self.indexOf(shown)) and not self._hidden(shown):
            self.show_perspective(self._default())

    @staticmethod
    def _hidden(page: QWidget) -> bool:
        return isinstance(page, _Page) and page.perspective.hidden

    def _default(self) -> str:
        return DEFAULT if DEFAULT in self.pages else next(iter(self.pages))

    # ----------------------------------------------------------- remembered
    def save(self) -> None:
        self.settings.save_workspace(
            {
                "version": LAYOUT_VERSION,
                "current": self.current,
                "pages": {key: page.saved() for key, page in self.pages.items()},
            }
        )

    def restore(self) -> None:
        """The arrangement saved last time (of this layout version), else the default."""
        saved = self.settings.workspace()
        if saved.get("version") != LAYOUT_VERSION:
            saved = {}
        for key, page in self.pages.items():
            page.restore(saved.get("pages", {}).get(key, {}))
        current = saved.get("current")
        if current not in self.pages or self.pages[current].perspective.hidden or not self.show_perspective(current):
            self.show_perspective(self._default())
        self._page(self.currentIndex()).claim()

    def reset(self) -> None:
        """Every perspective back to its default sizes and tabs; the saved arrangement forgotten."""
        self.settings.forget_workspace()
        for page in self.pages.values():
            page.default_sizes()
