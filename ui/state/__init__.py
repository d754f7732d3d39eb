"""The application state by concern, below every view: the files and their scores, the settings,
the engine work run off the GUI thread (:mod:`.tasks`, :mod:`.jobs`) and the filter language."""
