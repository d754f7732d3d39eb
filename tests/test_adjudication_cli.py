"""``python -m engine session CREATE|SUMMARY|EXPORT`` end to end, and UMR sessions whose
adjudicated file keeps its UMR sections and reads back as the adjudicated graphs."""

import json
import shutil
import subprocess
import sys

import pytest

from engine.adjudication import (
    AddNode,
    AddRelation,
    Decision,
    RemoveNode,
    RemoveRelation,
    Session,
    SetConcept,
    write_corpus,
)
from engine.adjudication.writer import graph_difference
from engine.model import Attribute, Edge
from engine.read import read_entries
from engine.read.umr import read_umr

from .conftest import DATA, DEMO, ROOT

HERE = DATA / "adjudication"


def run(*args):
    return subprocess.run(
        [sys.executable, "-m", "engine", "session", *map(str, args)], capture_output=True, text=True, cwd=ROOT
    )


@pytest.fixture
def files(tmp_path):
    for name in ("ann1.amr", "ann2.amr"):
        shutil.copy(HERE / name, tmp_path / name)
    return [tmp_path / "ann1.amr", tmp_path / "ann2.amr"]


def test_create_decide_summary_export(files, tmp_path):
    db = tmp_path / "work.sqlite"
    done = run("CREATE", db, *files, "--author", "ana")
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"created {db}: 3 sentences, annotators ann1, ann2\n"
    with Session.open(db, "ana") as session:
        session.decide(0, Decision((SetConcept("g", "go-01"),)))
        session.set_status(0, "adjudicated")
        session.set_status(1, "agreed")
        # while the writer has it open, the summary says so
        summary = run("SUMMARY", db)
        assert summary.returncode == 0 and "open by    ana (process" in summary.stdout
    summary = run("summary", db)
    assert summary.returncode == 0, summary.stderr
    lines = summary.stdout.splitlines()
    assert lines[1] == "format     amr; 2 annotator(s): ann1, ann2"
    assert lines[2:7] == [
        "sentences  3",
        "  not reviewed           1   33.3 %",
        "  agreed                 1   33.3 %",
        "  needs discussion       0    0.0 %",
        "  adjudicated            1   33.3 %",
    ]
    assert "decided by ana 2" in summary.stdout and "decisions  1 active, 0 undone, 0 discarded" in summary.stdout
    assert "by ana: sentence 2 (s2): status not reviewed -> agreed" in summary.stdout  # numbered from 1, as the app
    assert summary.stdout.endswith("open by    nobody\n")
    data = json.loads(run("SUMMARY", db, "--format", "json").stdout)
    assert data["by_status"] == {"not reviewed": 1, "agreed": 1, "needs discussion": 0, "adjudicated": 1}
    assert data["last_change"]["action"] == "status" and data["open_by"] is None
    out, log, report = tmp_path / "adjudicated.amr", tmp_path / "log.json", tmp_path / "report.html"
    done = run("EXPORT", db, "--output", out, "--log", log, "--report", report)
    assert done.returncode == 0 and done.stdout == "" and done.stderr == ""
    entries = read_entries(out)
    graphs = [entry.graph for entry in entries if entry.graph is not None]
    assert len(graphs) == len(entries)
    assert [g.metadata["adjudication-status"] for g in graphs] == ["adjudicated", "agreed", "not reviewed"]
    assert graphs[0].nodes[2].concept == "go-01" and graphs[0].metadata["adjudicated-by"] == "ana"
    assert "adjudicated-by" not in graphs[2].metadata
    changes = json.loads(log.read_text())["changes"]
    assert [(c["action"], c["author"]) for c in changes] == [("decide", "ana"), ("status", "ana"), ("status", "ana")]
    html = report.read_text()
    assert html.startswith("<!DOCTYPE html>") and "<h2>Agreement with the adjudicated result</h2>" in html
    assert run("export", db).stdout == out.read_text()  # stdout without --output


def test_create_beside_the_first_file_and_refuse_a_second_one(files):
    done = run("CREATE", "-", *files, "--author", "ana", "--gold", files[1])
    assert done.returncode == 0, done.stderr
    db = files[0].with_name("ann1.adjudication.sqlite")
    assert done.stdout == f"created {db}: 3 sentences, annotators ann1, ann2, gold ann2\n"
    again = run("CREATE", db, *files)
    assert (
        again.returncode == 2
        and again.stderr == f"error: {db}: a file is already there; open it, or choose another name\n"
    )


def test_problems_are_named_and_exit_2(files, tmp_path):
    missing = run("SUMMARY", tmp_path / "none.sqlite")
    assert missing.returncode == 2 and missing.stderr == f"error: {tmp_path / 'none.sqlite'}: no session file there\n"
    broken = tmp_path / "broken.amr"
    broken.write_text("# ::id s1\n(w / want-01\n   :ARG0 (b / boy)\n")
    done = run("CREATE", tmp_path / "b.sqlite", files[0], broken, "--pair-by", "position")
    assert done.returncode == 2 and "holds 3 graphs but broken.amr holds 1" in done.stderr
    assert "Traceback" not in done.stderr and not (tmp_path / "b.sqlite").exists()
    # a sentence whose graph is left unconnected is not exported, and named
    db = tmp_path / "c.sqlite"
    assert run("CREATE", db, *files).returncode == 0
    with Session.open(db, "ana") as session:
        session.decide(0, Decision((RemoveRelation(Edge("w", ":ARG0", "b")), RemoveRelation(Edge("g", ":ARG0", "b")))))
    done = run("EXPORT", db, "--output", tmp_path / "out.amr")
    assert done.returncode == 2
    assert done.stderr == (
        "sentence 1 (s1): not written: not connected to the top w: b / boy (add a relation to the "
        "rest, or remove them)\n"
    )
    assert [e.id for e in read_entries(tmp_path / "out.amr")] == ["s2", "s3"]


def test_a_umr_session_keeps_its_sections_and_reads_back(tmp_path):
    files = [DEMO / "umr" / "lindsay_v1.umr", DEMO / "umr" / "lindsay_v2.umr"]
    db = tmp_path / "umr.sqlite"
    assert run("CREATE", db, *files, "--author", "ana").returncode == 0
    with Session.open(db, "ana") as session:
        assert session.format == "umr" and len(session) == 2
        session.decide(
            0,
            Decision(
                (
                    SetConcept("s1l2", "meal"),
                    RemoveRelation(Attribute("s1e", ":aspect", "performance")),
                    AddNode("s1x", "quick"),
                    AddRelation(Edge("s1e", ":manner", "s1x")),
                )
            ),
        )
        session.decide(1, Decision((RemoveNode("s2r"),)))
        session.set_status(0, "adjudicated")
        meant = [session.adjudicated(index).graph for index in range(2)]
    out = tmp_path / "adjudicated.umr"
    done = run("EXPORT", db, "--output", out)
    assert done.returncode == 0, done.stderr
    back = read_umr(out)
    assert back.warnings == []
    for graph, sentence in zip(meant, back.sentences):
        assert sentence.entry.graph is not None
        assert graph_difference(graph, sentence.entry.graph) is None
    first = back.sentences[0].entry.graph
    assert first is not None
    assert first.nodes[first.index["s1e"]].span == frozenset({5})  # "eat", word 6: spans kept, counted from 1
    assert first.nodes[first.index["s1x"]].span == frozenset()
    text = out.read_text()
    assert text.count("#" * 80) == 2 and "# meta-info :: sent_id = u_tree-cs-s1-root" in text
    assert "# ::adjudicated-by ana\n# ::adjudication-status adjudicated\n" in text
    assert "s1x:" not in text  # an unaligned new node gets no invented 0-0 line
    # the document-level annotation is kept as written (s2r's relations there now point at nothing)
    assert "(author :full-affirmative s2r)" in text
    assert [t.relation for t in back.sentences[0].triples] == [
        t.relation for t in read_umr(files[0]).sentences[0].triples
    ]


@pytest.mark.parametrize("name", ["nw_afp_0024", "lindsay"])
def test_an_unchanged_umr_corpus_is_written_back_as_the_same_graphs(tmp_path, name):
    files = [DEMO / "umr" / f"{name}_v1.umr", DEMO / "umr" / f"{name}_v2.umr"]
    with Session.create(files, "ana", tmp_path / "u.sqlite") as session:
        written = write_corpus(session)
        assert not written.skipped
        (tmp_path / "out.umr").write_text(written.text)
        back = read_umr(tmp_path / "out.umr")
        original = read_umr(files[0])
        assert len(back.documents) == len(original.documents)
        for mine, theirs in zip(back.sentences, original.sentences):
            assert theirs.entry.graph is not None and mine.entry.graph is not None
            assert graph_difference(theirs.entry.graph, mine.entry.graph) is None
            assert mine.triples == [] or [t.relation for t in mine.triples] == [t.relation for t in theirs.triples]


UMR_A = """################################################################################
# meta-info :: sent_id = t.1
# :: snt1
Index: 1         2         3
Words: Mission   has       started.

# sentence level graph:
(s1s / start-01
     :ARG1 (s1m / mission-01))
# alignment:

# document level annotation:

################################################################################
# meta-info :: sent_id = t.2
# :: snt2
Index: 1         2         3
Words: the       boy       left

# sentence level graph:
(s2l / leave-11
     :ARG0 (s2b / boy)
     :aspect performance)
# alignment:
s2l: 3-3
s2b: 0-0

# document level annotation:
"""


def alignment_sections(text):
    """The lines of each block's alignment section, blank lines left out."""
    sections = []
    for block in text.split("# alignment:")[1:]:
        body = block.split("# document level annotation:")[0]
        sections.append([line for line in body.splitlines() if line.strip()])
    return sections


def test_the_umr_alignment_sections_are_written_as_the_start_had_them(tmp_path):
    """An empty alignment section stays empty (no invented ``0-0``); the lines of nodes kept
    are kept as written, a removed node's line goes, an added node gets none."""
    first, second = tmp_path / "a.umr", tmp_path / "b.umr"
    first.write_text(UMR_A)
    second.write_text(UMR_A.replace("boy)", "man)"))
    db = tmp_path / "u.sqlite"
    assert run("CREATE", db, first, second, "--author", "ana").returncode == 0
    with Session.open(db, "ana") as session:
        session.decide(1, Decision((RemoveNode("s2b"),)))
        session.decide(1, Decision((AddNode("s2x", "quick"), AddRelation(Edge("s2l", ":manner", "s2x")))))
        meant = [session.adjudicated(index).graph for index in range(2)]
    out = tmp_path / "adjudicated.umr"
    done = run("EXPORT", db, "--output", out)
    assert done.returncode == 0, done.stderr
    assert alignment_sections(out.read_text()) == [[], ["s2l: 3-3"]]
    back = read_umr(out)
    assert back.warnings == []
    for graph, sentence in zip(meant, back.sentences):
        assert sentence.entry.graph is not None
        assert graph_difference(graph, sentence.entry.graph) is None
