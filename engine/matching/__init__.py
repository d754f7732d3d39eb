"""The best one-to-one mapping between two sides' variables, for metrics that count matched
facts (Smatch triples, Counter's DRS clauses): :mod:`.facts` states the problem,
:mod:`.ilp` solves it optimally, :mod:`.hillclimb` searches it, :mod:`.solve` chooses."""

from .facts import Facts, matched_count
from .match import Match
from .solve import SOLVERS, Solver, best_match

__all__ = ["SOLVERS", "Facts", "Match", "Solver", "best_match", "matched_count"]
