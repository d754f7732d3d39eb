"""The window around the views: the main window, the menus and their commands, the perspectives,
the status line and the dialogs of the whole app."""
