"""The application state by concern, below every view: :mod:`.scoring` (the files, the parameters
and their scores), :mod:`.selection` (the filter, the pair, node and triple), :mod:`.traces` (the
selected pair's trace), :mod:`.messages` (status line, banner, progress); the engine work run off
the GUI thread (:mod:`.tasks`, :mod:`.jobs`), the settings, the filter language, and the Protocols
through which the views and the features see the state (:mod:`.services`)."""
