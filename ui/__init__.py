"""The Qt desktop application; it depends on ``engine``, never the other way round.

* :mod:`ui.state` - the application state (files, parameters, scores, selection,
  work in progress) with signals; the only place that starts long engine work, through
  :mod:`ui.tasks` (Qt-free engine calls) run by :mod:`ui.jobs` (worker threads).
  Several annotators' matrix is part of it (``state.annotators``, :mod:`ui.annotators_state`,
  its engine work in :mod:`ui.annotator_tasks`); the exports' long work uses its job runner.
* Panels (``*_panel``, :mod:`ui.pair_view`, :mod:`ui.find_bar`, :mod:`ui.status`) take the
  state, subscribe to its signals and report the user's choices back to it; none imports
  another. :mod:`ui.comparison_binding` connects the graphs panel.
* :mod:`ui.perspectives` names the perspectives (Corpus, Pair, Rounds, Annotators) and how each arranges
  the panels; :mod:`ui.workspace` shows them as tabs and keeps their arrangement.
* :mod:`ui.actions` declares every menu command once; the handlers live in
  :mod:`ui.commands`; :mod:`ui.main_window` only assembles.
"""
