"""Two systems or two annotators against one gold: is the difference between their scores real?
The comparison run off the GUI thread (:mod:`.tasks`) and kept with the user's choices
(:mod:`.state`), what the view shows of it (:mod:`.views`, Qt-free), the Compare panel with its
plots (:mod:`.panel`), the sentence table with one sentence as A, B and the gold annotated it
(:mod:`.sentence_panel`), the dialogs that open a comparison (:mod:`.dialogs`) and its HTML report
(:mod:`.report`)."""
