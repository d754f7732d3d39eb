"""The corpus: its table and filter, the selected pair's scores, Smatch and the UMR document level."""
