"""The Qt desktop application; it depends on ``engine``, never the other way round, and its
subpackages are found by what the user sees:

* :mod:`ui.app_state` - the application state: its parts (:mod:`ui.state`: messages, scoring,
  selection, traces) and the features' parts (annotators, adjudication) wired together; the
  only place that starts long engine work, through Qt-free tasks (:mod:`ui.state.tasks`) run
  by worker threads (:mod:`ui.state.jobs`);
* :mod:`ui.shell` - the window: menus declared once (:mod:`ui.shell.actions`) and their handlers
  (:mod:`ui.shell.commands`), the perspectives as tabs, the status line and banner, the log;
* :mod:`ui.corpus`, :mod:`ui.pair`, :mod:`ui.rounds`, :mod:`ui.annotators`,
  :mod:`ui.adjudication`, :mod:`ui.drs` - the views of a feature, next to their Qt-free models;
* :mod:`ui.common` - tables, figure files, the two sides of a pair, the selection binding.

Panels take the state, subscribe to its parts' signals and report the user's choices back to
them; none imports another, and none imports :mod:`ui.app_state` (they see it through the
protocols of :mod:`ui.state.services`).
"""
