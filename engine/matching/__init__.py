"""The best one-to-one mapping between two sides' variables, for metrics that count matched
facts (Smatch triples, Counter's DRS clauses): :mod:`.facts` states the problem (facts of any
arity, variable kinds), :mod:`.problem` compiles it, :mod:`.bound` bounds it from above,
:mod:`.hillclimb` searches it, :mod:`.branch` solves a small one exactly, :mod:`.ilp` solves
it as an integer program, and :mod:`.solve` puts them together within a budget of work
(:mod:`.budget`), so that equal input gives equal output."""

from .facts import Facts, matched_count
from .match import Match
from .solve import SOLVERS, Solver, best_match

__all__ = ["SOLVERS", "Facts", "Match", "Solver", "best_match", "matched_count"]
