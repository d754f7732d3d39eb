"""Adjudication session costs on a generated corpus: making and opening a session, one decision
(a transaction with synchronous=FULL, and NORMAL beside it for the price of durability, taking
turns), and the export (corpus written and read back, log, report scoring every annotator).

    python -m bench.bench_session [--sentences 1000] [--decisions 200] [--turns 3]

Timings are wall-clock on a shared machine: compare the ratios printed in one run.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from bench.generate import generate
from engine.adjudication import Decision, Session, SetConcept, check_round_trip, decisions_log, write_corpus
from engine.adjudication.report import session_report


def _timed(action) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def _decisions(session: Session, count: int, offset: int) -> float:
    """Seconds per decision, ``count`` decisions on spread sentences."""

    def run() -> None:
        for k in range(count):
            index = (k * 37 + offset) % len(session)
            top = session.adjudicated(index).graph.top
            session.decide(index, Decision((SetConcept(top, f"bench-{offset}-{k}"),)))

    return _timed(run) / count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sentences", type=int, default=1000)
    parser.add_argument("--decisions", type=int, default=200)
    parser.add_argument("--turns", type=int, default=3)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp())
    test, gold = generate(args.sentences, 5, 15, seed=17)
    (folder / "annotator.amr").write_text(test)
    (folder / "gold.amr").write_text(gold)
    path = folder / "bench.adjudication.sqlite"
    files = [folder / "annotator.amr", folder / "gold.amr"]
    made = _timed(lambda: Session.create(files, "bench", path, gold=files[1]).close())
    opened = _timed(lambda: Session.open(path, "bench").close())
    print(f"{args.sentences} sentences x 2 annotators: create {made:.2f} s, open {opened:.3f} s")
    session = Session.open(path, "bench")
    full, normal = [], []
    for turn in range(args.turns):
        session._store.connection.execute("PRAGMA synchronous = FULL")
        full.append(_decisions(session, args.decisions, 2 * turn))
        session._store.connection.execute("PRAGMA synchronous = NORMAL")
        normal.append(_decisions(session, args.decisions, 2 * turn + 1))
    session._store.connection.execute("PRAGMA synchronous = FULL")
    ratios = [f / n for f, n in zip(full, normal)]
    print(
        f"one decision: FULL {1000 * min(full):.1f} ms, NORMAL {1000 * min(normal):.1f} ms (best of {args.turns}); "
        f"FULL / NORMAL median ratio {statistics.median(ratios):.2f}"
    )
    written = None

    def export() -> None:
        nonlocal written
        written = write_corpus(session)
        check_round_trip(written)

    exported = _timed(export)
    assert written is not None
    corpus = written
    logged = _timed(lambda: decisions_log(session))
    reported = _timed(lambda: session_report(session, corpus))
    print(
        f"export {exported:.2f} s (written and read back), log {logged:.2f} s, "
        f"report {reported:.2f} s (scores {len(session.annotators)} x {len(corpus.graphs)} pairs)"
    )
    session.close()


if __name__ == "__main__":
    main()
