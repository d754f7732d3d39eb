"""Several annotators: the agreement matrix, its cells and the label confusion."""
