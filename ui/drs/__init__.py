"""DRS pairs: Counter's clauses and DScorer's k-grams."""
