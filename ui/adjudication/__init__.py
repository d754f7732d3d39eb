"""Adjudication: the session, the adjudicator's decisions and their history."""
