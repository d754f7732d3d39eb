"""Pieces shared by the views: read-only tables, figure files, the two sides of a pair and going
through it, and the binding of a view to the state (:class:`.binding.SyncGuard`)."""
