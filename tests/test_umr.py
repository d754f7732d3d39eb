"""UMR: reading real files, token alignments, document-level scores (Van Gysel et al. 2021)."""

import csv
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from engine.errors import InputError
from engine.metrics.document import coref_links
from engine.params import Params
from engine.read import load_pairs
from engine.read.penman_tree import iter_nodes, parse
from engine.read.umr import parse_alignment, parse_document_annotation, read_umr
from engine.scoring import score_corpus, score_files

from .conftest import DEMO, ROOT, SHARED, graph_of, needs_shared

UMR = SHARED / "data" / "umr_english_versions"  # the bundled demo has lindsay and nw_afp_0024 (DEMO / "umr")
BUNDLED_UMR = DEMO / "umr"
SAMPLES = DEMO / "ancast_samples"
DATA = Path(__file__).parent / "data"


@pytest.mark.parametrize(
    "name, sentences, triples",
    [
        ("lindsay_v1.umr", 2, 10),
        ("lindsay_v2.umr", 2, 0),
        ("nw_afp_0024_v1.umr", 28, 217),
        ("nw_afp_0024_v2.umr", 28, 0),
    ]
    + [
        pytest.param(*case, marks=needs_shared)
        for case in (
            ("nw_pri_0153_v1.umr", 9, 49),
            ("pear_story_v1.umr", 141, 683),
            ("pear_story_v2.umr", 141, 0),
            ("minecraft_1267_annotA_Tadai.umr", 53, 0),
            ("minecraft_1267_annotB.umr", 53, 0),
            ("little_prince_ch1.umr", 35, 0),
        )
    ],
)
def test_every_bundled_block_parses(name, sentences, triples):
    umr = read_umr((BUNDLED_UMR if (BUNDLED_UMR / name).exists() else UMR) / name)
    assert len(umr.documents) == 1 and len(umr.sentences) == sentences
    assert umr.sentences[0].number == 1
    assert all(s.entry.error is None and s.entry.graph is not None for s in umr.sentences)
    assert sum(len(s.triples) for s in umr.sentences) == triples


def test_alignments_and_words_are_read():
    first = read_umr(BUNDLED_UMR / "lindsay_v1.umr").sentences[0]
    assert first.words == ["Lindsay", "left", "in", "order", "to", "eat", "lunch", "."]
    assert first.entry.graph is not None
    spans = {node.var: sorted(node.span) for node in first.entry.graph.nodes}
    assert spans == {"s1l": [1], "s1p": [0], "s1n": [], "s1e": [5], "s1l2": [6]}  # 0-based word positions
    assert first.entry.graph.text == "Lindsay left in order to eat lunch ."
    assert first.triples[0].kind == "temporal" and first.triples[0].relation == ":before"


@needs_shared
def test_unknown_alignment_variables_are_warnings_not_errors():
    umr = read_umr(UMR / "pear_story_v1.umr")
    assert any("s22h, which is not in the sentence graph" in w for w in umr.warnings)
    assert all(s.entry.error is None for s in umr.sentences)


def test_alignment_lines():
    warnings: list[str] = []
    spans = parse_alignment(
        "f", 10, ["a: 1-2, 5-5", "b: 0-0", "c: -1--1", "zz: 3-3", "junk"], {"a", "b", "c"}, warnings
    )
    assert spans == {"a": frozenset({1, 2, 5}), "b": frozenset(), "c": frozenset()}
    assert warnings == [
        "f:13: alignment names zz, which is not in the sentence graph; ignored",
        "f:14: cannot read alignment line 'junk'; ignored",
    ]


def test_document_annotation_grammar():
    lines = ["(s2s0 / sentence", "\t:temporal ((a :before b)", "  (c :after d))", ":coref ((x :same-entity y)))"]
    triples = parse_document_annotation("f", 7, lines)
    assert [(t.kind, t.source, t.relation, t.target, t.line) for t in triples] == [
        ("temporal", "a", ":before", "b", 8),
        ("temporal", "c", ":after", "d", 9),
        ("coref", "x", ":same-entity", "y", 10),
    ]
    assert parse_document_annotation("f", 1, ["(s1s0 / sentence)"]) == []
    with pytest.raises(InputError) as caught:
        parse_document_annotation("f", 20, ["(s1s0 / sentence", "  :modal ((author full b)))"])
    assert caught.value.line == 21 and "expected a relation" in caught.value.message


def test_coref_closure():
    links = coref_links(
        {("a", ":same-entity", "b"), ("b", ":same-entity", "c"), ("x", ":subset-of", "y"), ("y", ":subset-of", "z")}
    )
    assert links == {
        (":same-entity", "a", "b"),
        (":same-entity", "a", "c"),
        (":same-entity", "b", "c"),
        (":subset-of", "x", "y"),
        (":subset-of", "y", "z"),
        (":subset-of", "x", "z"),
    }


def test_hand_computed_document_scores():
    corpus = score_files(DATA / "doc_test.umr", DATA / "doc_gold.umr")
    scores = corpus.document_scores
    # modal: 1 of the test's 2 and the gold's 3 triples match
    assert (scores["modal"].p, scores["modal"].r, scores["modal"].f) == pytest.approx((1 / 2, 1 / 3, 0.4))
    # temporal: "s1l :after s2e" is not "s1l :before s2e"
    assert (scores["temporal"].p, scores["temporal"].r) == pytest.approx((0.5, 0.5))
    # coref: the test cluster {s1p, s2h, s2a} has 3 links, the gold {s1p, s2h} one
    assert (scores["coref"].p, scores["coref"].r, scores["coref"].f) == pytest.approx((1 / 3, 1.0, 0.5))
    # comprehensive: 5 labeled relations of each graph + modal + temporal + coref
    assert (scores["comprehensive"].p, scores["comprehensive"].r) == pytest.approx((8 / 12, 8 / 11))
    assert all(result.scores["labeled_relation"].f == 1.0 for result in corpus.pairs)


def test_token_spans_are_initial_anchors():
    loaded = load_pairs(BUNDLED_UMR / "lindsay_v1.umr", BUNDLED_UMR / "lindsay_v2.umr")
    first = score_corpus(loaded.pairs, documents=loaded.documents).pairs[0]
    # every node aligned to a token is anchored before any broadcast; the name (0-0) is not
    assert first.test is not None and first.alignment is not None
    anchored = {first.test.nodes[i].var for i, _ in first.alignment.initial}
    assert anchored == {"s1l", "s1p", "s1e", "s1l2"}


def test_zero_based_alignments_are_detected():
    umr = read_umr(SAMPLES / "umr_test.txt")
    assert any("counted from 0" in w for w in umr.warnings)
    leave = graph_of(umr.sentences[0].entry).nodes[0]
    assert leave.concept == "leave-11" and leave.span == frozenset({1})  # "left", the second word


@pytest.mark.parametrize("path", [SAMPLES / "umr_test.txt", BUNDLED_UMR / "lindsay_v1.umr"])  # shifted spans, or not
def test_sentence_graphs_decode_their_trees_when_read(path):
    for sentence in read_umr(path).sentences:
        graph = graph_of(sentence.entry)
        assert callable(graph.__dict__["_tree"])  # reading set spans, id and text without decoding it
        assert graph.tree == parse(graph.penman) and graph.tree[0] == graph.top
        assert [node[:2] for node in iter_nodes(graph.tree)] == [(node.var, node.concept) for node in graph.nodes]


@needs_shared
def test_agreement_with_the_reference_on_the_ancast_sample():
    """umr.csv holds ancast's own numbers; its known differences (concept F(P,P), lemma-only
    relation similarity, WLR weights, glued :op names) leave sentence 1's alignment, LR, ULR
    and smatch-style score comparable, and sentence 2's alignment."""
    with open(SHARED / "data" / "ancast_samples" / "umr.csv", encoding="utf-8") as table:
        reference = list(csv.DictReader(table))
    corpus = score_files(SAMPLES / "umr_test.txt", SAMPLES / "umr_gold.txt", Params(use_alignments=False))
    first, second = corpus.pairs

    def percent(text):
        return float(text.rstrip("%")) / 100

    assert first.scores["labeled_relation"].p == pytest.approx(
        percent(reference[0]["Labeled Relational Match Precision"]), abs=1e-4
    )
    assert first.scores["labeled_relation"].r == pytest.approx(
        percent(reference[0]["Labeled Relational Match Recall"]), abs=1e-4
    )
    assert first.scores["labeled_relation"].f == pytest.approx(percent(reference[0]["LRM F-Score"]), abs=1e-4)
    assert first.scores["unlabeled_relation"].f == pytest.approx(percent(reference[0]["ULRM F-Score"]), abs=1e-4)
    assert first.scores["mock_smatch"].f == pytest.approx(percent(reference[0]["Smatch Score"]), abs=1e-4)
    assert first.scores["concept"].p == pytest.approx(percent(reference[0]["Concept Match Precision"]), abs=1e-4)
    for result, row in zip((first, second), reference):
        expected = {}
        for line in row["Match T2G"].splitlines():
            if " / " in line and ": " in line:
                test_side, gold_side = line.split("\t")[0].split(": ")
                expected[test_side.split(" / ")[0]] = gold_side.split(" / ")[0].strip()
        assert result.test is not None and result.gold is not None and result.alignment is not None
        ours = {result.test.nodes[i].var: result.gold.nodes[j].var for i, j in result.alignment.pairs()}
        assert {k: ours.get(k) for k in expected} == expected


def test_cli_adds_the_document_object():
    done = subprocess.run(
        [sys.executable, "-m", "engine", "score", DATA / "doc_test.umr", DATA / "doc_gold.umr", "--format", "json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    assert "s1x9, which is not in the sentence graph" in done.stderr
    data = json.loads(done.stdout)
    assert set(data["document"]) == {"modal", "temporal", "coref", "comprehensive"}
    assert data["document"]["coref"]["f"] == pytest.approx(0.5)
    assert "documents" not in data and len(data["pairs"]) == 2


def test_several_documents_in_one_file(tmp_path):
    both = tmp_path / "two_docs_test.umr"
    both.write_text((DATA / "doc_test.umr").read_text() * 2)
    gold = tmp_path / "two_docs_gold.umr"
    gold.write_text((DATA / "doc_gold.umr").read_text() * 2)
    corpus = score_files(both, gold)
    assert len(corpus.documents) == 2 and [r.id for r in corpus.pairs] == ["d0.snt1", "d0.snt2", "d1.snt1", "d1.snt2"]
    assert corpus.document_scores["modal"].p == pytest.approx(0.5)
    done = subprocess.run(
        [sys.executable, "-m", "engine", "score", both, gold, "--format", "json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert [d["index"] for d in json.loads(done.stdout)["documents"]] == [0, 1]


def test_unequal_sentence_counts_are_one_clear_error(tmp_path):
    short = tmp_path / "short.umr"
    short.write_text((DATA / "doc_test.umr").read_text().split("\n\n\n")[0] + "\n")
    with pytest.raises(
        InputError,
        match=re.escape(
            "doc_gold.umr:30: short.umr holds 1 sentences but doc_gold.umr holds 2: this sentence has no partner"
        ),
    ):
        load_pairs(short, DATA / "doc_gold.umr")


def test_broken_sentence_graph_names_file_and_line(tmp_path):
    broken = tmp_path / "broken.umr"
    broken.write_text(
        (DATA / "doc_gold.umr")
        .read_text()
        .replace(':name (s1n / name :op1 "John")))', ':name (s1n / name :op1 "John"))')
    )
    corpus = score_files(broken, DATA / "doc_gold.umr")
    assert corpus.pairs[0].error is not None
    assert corpus.pairs[0].error.startswith(f"{broken}:") and "never closed" in corpus.pairs[0].error
    assert corpus.pairs[1].error is None


def test_a_umr_file_cut_inside_its_last_sentence_graph_says_so(tmp_path):
    lines = (DEMO / "umr" / "lindsay_v1.umr").read_text(encoding="utf-8").splitlines()
    cut = tmp_path / "cut.umr"
    cut.write_text("\n".join(lines[:12]) + "\n", encoding="utf-8")  # inside sentence 1's graph (line 8 on)
    entry = read_umr(cut).sentences[0].entry
    assert str(entry.error) == f"{cut}:12: the file ends inside a graph (unclosed parenthesis opened at line 8)"
