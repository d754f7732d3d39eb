"""Help > User Guide: the user guides (the repository's ``docs/`` pages, installed with the app)
in a window of the app.

* :mod:`ui.help.pages` - where the pages are (installed, or a checkout's ``docs/``) and what a
  link leads to (Qt-free);
* :mod:`ui.help.browser` - the page view: links, headings, pictures fitted to its width;
* :mod:`ui.help.window` - the window: contents, back and forward, its geometry remembered.
"""

from .pages import guide_folder
from .window import HelpWindow

__all__ = ["HelpWindow", "guide_folder"]
