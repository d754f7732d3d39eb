"""Plots of sentence scores: what a plot shows as data (:mod:`.figure`, Qt-free), written as an SVG
figure with real text for print (:mod:`.svg`), drawn interactively with pyqtgraph (:mod:`.plot_view`,
:mod:`.histogram_view`, :mod:`.scatter_view`: wheel zoom, hover readouts, a click or a dragged
rectangle chooses sentences), and the Corpus and Annotators perspectives' panels that show the
sentence-level F1 at a glance (:mod:`.corpus_panel`, :mod:`.annotators_panel`)."""
