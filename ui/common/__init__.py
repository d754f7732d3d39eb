"""Pieces shared by the views: read-only tables, figure files, the two sides of a pair and going
through it."""
