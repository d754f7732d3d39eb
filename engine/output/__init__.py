"""Stage 4 of the pipeline: results written out - the score printers (JSON, CSV, table;
:mod:`.printers`), the ``smatch`` command's output (:mod:`.smatch`), the alignment as rows
(:mod:`.rows`), the HTML report of a pair (:mod:`.report`), the ``matrix`` command's output
(:mod:`.matrix`) and number formatting (:mod:`.text`)."""
