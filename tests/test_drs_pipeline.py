"""DRS through the product's pipeline: the format plug-in (detection, pairing, lazy reading,
error rows), Counter and DScorer in the score command's JSON, CSV and table, the matrix, the
DScorer tally's pooling and the bootstrap over it."""

import json
import math
import shutil

import pytest

from engine.cli import main
from engine.drs import (
    CLAUSE_CLASSES,
    DScorerCounts,
    DScorerSettings,
    DScorerTally,
    dscorer_counts,
    dscorer_score,
    read_drs_file,
)
from engine.errors import InputError
from engine.metrics import Tally, Totals
from engine.metrics.bootstrap import bootstrap_interval
from engine.output.drs import counter_warning
from engine.params import Params
from engine.read import load_annotations, load_pairs, parse_entry
from engine.read.formats import Source, detect
from engine.scoring import score_corpus, score_files
from engine.scoring.matrix import score_matrix

from .conftest import DATA, DEMO, required
from .test_drs_properties import drs_pair

DRS_DEMO = (DEMO / "drs" / "test.clf", DEMO / "drs" / "gold.clf")
TINY = (DATA / "drs" / "tiny_test.clf", DATA / "drs" / "tiny_gold.clf")
# Counter on the demo by hand (REF clauses of a referent used in its box left out):
# contrast: 15 test, 16 gold clauses, 14 matched (play v.01/v.03 and b0 NOT b1 differ);
# gift: 15 / 16, 13 matched (Beneficiary/Recipient, red a.03/a.01, Tom's name); sang: 3 / 3, 3.
DEMO_COUNTER = ((14, 15, 16), (13, 15, 16), (3, 3, 3))


def score_json(capsys, *arguments) -> tuple[int, dict, str]:
    status = main(["score", *map(str, arguments), "--format", "json", "--jobs", "1"])
    captured = capsys.readouterr()
    return status, json.loads(captured.out), captured.err


def test_clause_files_are_detected_by_name_or_content():
    assert detect("x.clf", "(a / b)").name == "drs"
    assert detect("x.txt", "%%% id: a\nb1 REF x1\n").name == "drs"
    assert detect("x.txt", 'b1 REF x1\nb1 male "n.02" x1\n').name == "drs"
    assert detect("x.txt", "# ::id a\n(a / b)\n").name == "amr"
    assert detect("x.txt", "(w / want-01 :ARG0 b)\n").name == "amr"


def test_format_in_drs_forces_the_clause_reader(tmp_path):
    test, gold = tmp_path / "test.txt", tmp_path / "gold.txt"
    test.write_text("\nb1 REF x1\nb1 male \"n.02\" x1\n", encoding="utf-8")
    gold.write_text("\nb1 REF x1\nb1 female \"n.02\" x1\n", encoding="utf-8")
    loaded = load_pairs(test, gold, format_in="drs")
    assert loaded.pairs[0].test is not None and loaded.pairs[0].test.clauses is not None
    assert loaded.format == "drs" and loaded.pairs[0].test.clauses[1].relation == "male"


def test_a_drs_entry_is_its_graph_and_keeps_its_clauses():
    loaded = load_pairs(*DRS_DEMO)
    assert loaded.format == "drs" and [pair.id for pair in loaded.pairs] == ["contrast", "gift", "sang"]
    entry = loaded.pairs[2].gold
    assert entry is not None and entry.clauses is not None and entry.graph is not None
    assert [clause.text() for clause in entry.clauses][:2] == ["b1 REF x1", 'b1 female "n.02" x1']
    assert entry.graph.id == "sang" and entry.graph.text == "She sang ."
    assert sorted(node.concept for node in entry.graph.nodes) == ["BOX", "female.n.02", "sing.v.01"]


def test_lazy_entries_decode_to_the_same_graphs():
    eager, lazy = load_pairs(*DRS_DEMO), load_pairs(*DRS_DEMO, lazy=True)
    for eager_pair, lazy_pair in zip(eager.pairs, lazy.pairs):
        assert eager_pair.test is not None and lazy_pair.test is not None
        assert not lazy_pair.test.parsed and lazy_pair.test.graph is None and lazy_pair.id == eager_pair.id
        decoded = parse_entry(lazy_pair.test)
        parts = ("top", "nodes", "edges", "attributes", "id", "text", "penman", "location")
        assert [getattr(decoded.graph, part) for part in parts] == [getattr(eager_pair.test.graph, p) for p in parts]
        assert decoded.clauses == eager_pair.test.clauses


def test_drss_are_paired_by_header_id_when_every_drs_has_one(tmp_path):
    gold_blocks = DRS_DEMO[1].read_text(encoding="utf-8").strip().split("\n\n")
    shuffled = tmp_path / "gold.clf"
    shuffled.write_text("\n\n".join(reversed(gold_blocks)) + "\n", encoding="utf-8")
    loaded = load_pairs(DRS_DEMO[0], shuffled)
    assert [(required(pair.test).id, required(pair.gold).id) for pair in loaded.pairs] == [
        (i, i) for i in ("contrast", "gift", "sang")
    ]
    by_position = load_pairs(DRS_DEMO[0], shuffled, pair_by="position")
    assert by_position.pairs[0].gold is not None
    assert by_position.pairs[0].gold.id == "sang" and by_position.warnings


def demo_drss(ids=True, prefix="", order=(0, 1, 2)) -> str:
    """The demo test file's DRSs in ``order``, with their '%%% id: ' lines (each id after
    ``prefix``) or without them (the sentence line only, as in PMB clause files)."""
    blocks = DRS_DEMO[0].read_text(encoding="utf-8").strip().split("\n\n")
    chosen = [blocks[k] for k in order]
    if not ids:
        chosen = ["\n".join(line for line in block.splitlines() if not line.startswith("%%% id:")) for block in chosen]
    return "\n\n".join(chosen).replace("%%% id: ", f"%%% id: {prefix}") + "\n"


def load_demo_pair(tmp_path, test_text, gold_text=None):
    test, gold = tmp_path / "test.clf", tmp_path / "gold.clf"
    test.write_text(test_text, encoding="utf-8")
    gold.write_text(gold_text if gold_text is not None else demo_drss(), encoding="utf-8")
    return test, gold, load_pairs(test, gold)


@pytest.mark.parametrize("ids", ["none", "unshared"])
def test_clause_files_paired_by_position_say_nothing_when_their_counts_agree(tmp_path, ids):
    """PMB clause files carry no ids (or ids the other file does not share): position is the
    norm for them, as for Counter and DScorer, so no warning."""
    text = demo_drss(ids=False) if ids == "none" else demo_drss(prefix="parser-")
    _, _, loaded = load_demo_pair(tmp_path, text, demo_drss(ids=False) if ids == "none" else None)
    assert loaded.warnings == [] and all(pair.error is None for pair in loaded.pairs)
    assert [pair.test.text.splitlines()[-1] == pair.gold.text.splitlines()[-1] for pair in loaded.pairs] == [True] * 3


@pytest.mark.parametrize("ids", ["none", "unshared"])
def test_a_clause_file_without_its_last_drs_is_paired_by_sentence_and_speaks_of_drss(tmp_path, ids):
    text = demo_drss(ids=False, order=(0, 1)) if ids == "none" else demo_drss(prefix="parser-", order=(0, 1))
    _, gold, loaded = load_demo_pair(tmp_path, text)
    sang = gold.read_text(encoding="utf-8").splitlines().index("%%% id: sang") + 1
    assert loaded.warnings == [
        "test.clf holds 2 DRSs but gold.clf holds 3, so they were paired by their '%%%' sentence lines; 1 DRS has "
        f"no partner and is not scored (first: {gold}:{sang})"
    ]
    assert [pair.error for pair in loaded.pairs[:2]] == [None, None]
    assert loaded.pairs[2].error == f"{gold}:{sang}: id 'sang' has no DRS in the test file"
    assert "::id" not in " ".join(loaded.warnings) and "graph" not in " ".join(loaded.warnings)


def test_a_drs_without_an_id_and_without_a_partner_says_so(tmp_path):
    _, gold, loaded = load_demo_pair(tmp_path, demo_drss(ids=False, order=(0, 1)), demo_drss(ids=False))
    sang = gold.read_text(encoding="utf-8").splitlines().index("%%% She sang .") + 1
    assert loaded.pairs[2].id is None
    assert loaded.pairs[2].error == f"{gold}:{sang}: this DRS has no partner in the test file"


def test_clause_files_in_different_orders_are_paired_by_their_sentence_lines(tmp_path):
    _, _, loaded = load_demo_pair(tmp_path, demo_drss(ids=False, order=(2, 0, 1)))
    assert loaded.warnings == [
        "test.clf and gold.clf list their DRSs in different orders, so they were paired by their '%%%' sentence lines"
    ]
    assert [pair.gold.id for pair in loaded.pairs] == ["sang", "contrast", "gift"]
    assert all(pair.test.text.splitlines()[0] == pair.gold.text.splitlines()[1] for pair in loaded.pairs)
    assert score_corpus(loaded.pairs, Params()).micro["counter"].f == 1.0  # each DRS with its own copy


def test_a_sentence_that_differs_in_one_place_keeps_position_pairing(tmp_path):
    """Position pairs two of three DRSs with their own sentence, the sentence lines no more."""
    text = demo_drss(ids=False).replace("%%% Mary gave Tom a red book .", "%%% Mary gave Tom the red book .")
    _, _, loaded = load_demo_pair(tmp_path, text)
    assert loaded.warnings == [] and [pair.gold.id for pair in loaded.pairs] == ["contrast", "gift", "sang"]


def test_clause_files_of_different_counts_without_sentence_lines_are_an_error_about_drss(tmp_path):
    blocks = demo_drss().split("\n\n")
    text = "\n\n".join("\n".join(line for line in b.splitlines() if not line.startswith("%%%")) for b in blocks)
    test, gold = tmp_path / "test.clf", tmp_path / "gold.clf"
    test.write_text(text.split("\n\n")[0] + "\n", encoding="utf-8")
    gold.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as raised:
        load_pairs(test, gold)
    assert "test.clf holds 1 DRSs but gold.clf holds 3: this DRS has no partner; DRSs are paired by position" in str(
        raised.value
    )
    assert "::id" not in str(raised.value)


def test_drss_without_ids_are_paired_by_position_and_counts_must_agree(tmp_path):
    test, gold = tmp_path / "a.clf", tmp_path / "b.clf"
    test.write_text("b1 REF x1\n\nb1 REF x2\n", encoding="utf-8")
    gold.write_text("b1 REF x1\n", encoding="utf-8")
    with pytest.raises(InputError) as raised:
        load_pairs(test, gold)
    assert str(raised.value).startswith(f"{test}:3: a.clf holds 2 DRSs but b.clf holds 1: this DRS has no partner")
    with pytest.raises(InputError, match="no '%%% id: X' header"):
        load_pairs(test, test, pair_by="id")
    empty = tmp_path / "empty.clf"
    empty.write_text("%%% only a header\n", encoding="utf-8")
    with pytest.raises(InputError, match="no DRSs found"):
        load_pairs(empty, gold)


def test_the_score_command_adds_counter_and_dscorer(capsys):
    status, data, err = score_json(capsys, *DRS_DEMO)
    assert status == 0 and err == ""
    assert [pair["id"] for pair in data["pairs"]] == ["contrast", "gift", "sang"]
    for pair, (matched, test, gold) in zip(data["pairs"], DEMO_COUNTER):
        assert set(pair["scores"]) == {
            "concept",
            "labeled_relation",
            "unlabeled_relation",
            "weighted_relation",
            "mock_smatch",
            "counter",
            "dscorer",
        }
        assert pair["scores"]["counter"] == pytest.approx(
            {"p": matched / test, "r": matched / gold, "f": 2 * matched / (test + gold)}
        )
        match = pair["counter_match"]
        assert (match["matched"], match["test_clauses"], match["gold_clauses"], match["optimal"]) == (
            matched,
            test,
            gold,
            True,
        )
        assert list(pair["counter_classes"]) == list(CLAUSE_CLASSES)
        assert [order["k"] for order in pair["dscorer_orders"]] == [0, 1, 2, 3, 4]
    assert data["pairs"][2]["scores"]["dscorer"] == {"p": 1.0, "r": 1.0, "f": 1.0}
    assert data["pairs"][0]["counter_classes"]["verbs"] == {"p": 0.5, "r": 0.5, "f": 0.5}  # play, sing; play differs
    assert data["micro"]["counter"] == pytest.approx({"p": 30 / 33, "r": 30 / 35, "f": 60 / 68})
    assert data["macro"]["counter"]["p"] == pytest.approx((14 / 15 + 13 / 15 + 1) / 3)
    assert list(data["counter_classes"]) == list(CLAUSE_CLASSES)
    # the corpus's DScorer pools the k-gram counts (it is not the mean of the pairs)
    tests, golds = read_drs_file(DRS_DEMO[0]), read_drs_file(DRS_DEMO[1])
    pooled = sum((dscorer_counts(t.clauses, g.clauses) for t, g in zip(tests, golds)), DScorerCounts.empty(4))
    assert data["micro"]["dscorer"] == pytest.approx(dscorer_score(pooled).total.as_dict())
    mean_f = sum(pair["scores"]["dscorer"]["f"] for pair in data["pairs"]) / 3
    assert data["macro"]["dscorer"]["f"] == pytest.approx(mean_f) and data["micro"]["dscorer"]["f"] < mean_f
    assert data["params"]["dscorer_profile"] == "paper" and data["params"]["dscorer_n"] == 4


def test_the_tiny_pair_by_hand_through_the_command(capsys):
    """She sang, sing "v.02" in test (tests/test_drs_dscorer.py counts its walks by hand): Counter
    matches female and Agent of 3 clauses a side; DScorer's orders are 10/12, 34/50, 114/204, 386/844."""
    _, data, _ = score_json(capsys, *TINY)
    [pair] = data["pairs"]
    assert pair["scores"]["counter"] == pytest.approx({"p": 2 / 3, "r": 2 / 3, "f": 2 / 3})
    ratios = (10 / 12, 34 / 50, 114 / 204, 386 / 844)
    assert [order["f"] for order in pair["dscorer_orders"]] == pytest.approx((1.0,) + ratios)
    assert pair["scores"]["dscorer"]["f"] == pytest.approx(math.exp(0.225 * sum(map(math.log, ratios))))
    _, data, _ = score_json(capsys, *TINY, "--dscorer-n", "2", "--dscorer-weights", "0,0.5,0.5")
    assert data["pairs"][0]["scores"]["dscorer"]["f"] == pytest.approx(math.sqrt(10 / 12 * 34 / 50))
    _, data, _ = score_json(capsys, *TINY, "--drs-include-ref")  # both REF clauses match too: 4 of 5
    assert data["pairs"][0]["scores"]["counter"]["f"] == pytest.approx(4 / 5)


def test_dscorer_options_are_checked_together(capsys):
    status = main(["score", *map(str, TINY), "--dscorer-n", "2", "--dscorer-weights", "0.5,0.5"])
    assert status == 2 and "takes 3 weights" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["score", *map(str, TINY), "--dscorer-weights", "0.5,-1"])
    assert "must be at least 0" in capsys.readouterr().err


def test_a_malformed_drs_is_an_error_row_and_the_rest_is_scored(tmp_path, capsys):
    broken = tmp_path / "test.clf"
    lines = DRS_DEMO[0].read_text(encoding="utf-8").splitlines()
    number = lines.index("b3 REF x2             % piano [19...24]") + 1
    lines[number - 1] = "b3 REF x2 x3 x4 x5"
    broken.write_text("\n".join(lines) + "\n", encoding="utf-8")
    status, data, err = score_json(capsys, broken, DRS_DEMO[1])
    assert status == 2
    assert (
        f"{broken}:{number}: a clause has 3 or 4 fields, this one has 6: b3 REF x2 x3 x4 x5 (pair 1 not scored)" in err
    )
    first, *rest = data["pairs"]
    assert first["scores"] is None and first["error"].startswith(f"{broken}:{number}:") and "counter_match" not in first
    assert [pair["scores"]["counter"]["p"] for pair in rest] == pytest.approx([13 / 15, 1.0])
    assert data["micro"]["counter"]["p"] == pytest.approx(16 / 18)
    status = main(["score", str(broken), str(DRS_DEMO[1]), "--format", "csv", "--jobs", "1"])
    rows = capsys.readouterr().out.splitlines()
    assert rows[0].endswith("counter_p,counter_r,counter_f,dscorer_p,dscorer_r,dscorer_f")
    assert rows[1].startswith(f'0,contrast,"{broken}:{number}:') and rows[1].endswith(",,,,,,")


def test_the_table_has_counter_and_dscorer_columns(capsys):
    main(["score", *map(str, DRS_DEMO), "--jobs", "1", "--dscorer-profile", "reference"])
    out = capsys.readouterr().out
    assert out.splitlines()[0].split()[-2:] == ["Counter", "DScorer"]
    assert "DScorer reference profile, n = 4" in out


def test_amr_output_has_no_drs_parts(capsys):
    _, data, _ = score_json(capsys, DEMO / "smatch" / "test_input1.txt", DEMO / "smatch" / "test_input2.txt")
    assert "counter" not in data["micro"] and "counter_classes" not in data
    assert all("dscorer" not in pair["scores"] and "dscorer_orders" not in pair for pair in data["pairs"])


def test_the_ancast_profile_refuses_drs(capsys):
    assert main(["score", *map(str, DRS_DEMO), "--profile", "ancast-0.1.1"]) == 2
    assert "reads AMR input only; score DRS with the paper profile" in capsys.readouterr().err


def test_score_corpus_keeps_the_drs_detail():
    corpus = score_files(*DRS_DEMO)
    assert corpus.drs and all(result.drs is not None for result in corpus.pairs)
    counter = required(corpus.pairs[0].drs).counter
    statuses = [(t is not None, g is not None) for t, g in counter.clause_pairs]
    assert statuses.count((True, True)) == 14 and statuses.count((True, False)) == 1
    assert statuses.count((False, True)) == 2
    assert not score_corpus(load_pairs(*TINY[:1] * 2).pairs[:0]).drs


def test_counter_warns_when_its_optimum_is_not_proven():
    item = {"index": 3, "counter_match": {"optimal": False, "matched": 7, "upper_bound": 9.0}}
    warning = counter_warning(item, 2.5)
    assert warning is not None
    assert warning.startswith("warning: pair 4: Counter's optimal mapping not proven within the time limit of 2.5 s")
    assert "7 clauses matched, at most 9 can be" in warning
    assert counter_warning({"index": 0, "counter_match": {"optimal": True}}, 1) is None
    assert counter_warning({"index": 0}, 1) is None


@pytest.mark.parametrize("profile", ["paper", "reference"])
def test_a_dscorer_tally_pools_counts_and_swaps_exactly(profile):
    settings = DScorerSettings(profile)
    pairs = [drs_pair(seed, 5) for seed in range(6)]
    tallies = [DScorerTally(counts=dscorer_counts(t.clauses, g.clauses, settings), settings=settings) for t, g in pairs]
    totals = Totals(("dscorer",))
    for tally in tallies:
        totals.add({"dscorer": tally})
    pooled = sum((tally.counts for tally in tallies), DScorerCounts.empty(4))
    assert totals.micro()["dscorer"] == dscorer_score(pooled, settings).total
    assert totals.macro()["dscorer"].f == pytest.approx(sum(t.prf().f for t in tallies) / len(tallies))
    for (test, gold), tally in zip(pairs, tallies):
        assert tally.swapped().counts == dscorer_counts(gold.clauses, test.clauses, settings)
    assert Tally() + tallies[0] == tallies[0] == tallies[0] + Tally()
    with pytest.raises(TypeError):
        tallies[0] + Tally(1, 2, 1, 2)
    with pytest.raises(ValueError):
        tallies[0] + DScorerTally(counts=tallies[0].counts, settings=DScorerSettings(profile, weights=(0.2,) * 5))


def test_the_bootstrap_resamples_dscorer_by_pooling_counts():
    settings = DScorerSettings()
    [test], [gold] = read_drs_file(TINY[0]), read_drs_file(TINY[1])
    same = DScorerTally(counts=dscorer_counts(test.clauses, gold.clauses, settings), settings=settings)
    low, high = required(bootstrap_interval([same] * 5, samples=50))
    assert low == pytest.approx(same.prf().f) and high == pytest.approx(same.prf().f)
    perfect = DScorerTally(counts=dscorer_counts(gold.clauses, gold.clauses, settings), settings=settings)
    low, high = required(bootstrap_interval([same, perfect], samples=200))
    assert same.prf().f == pytest.approx(low) and high == pytest.approx(1.0)


def test_the_matrix_scores_counter_and_dscorer_both_ways(tmp_path, capsys):
    third = shutil.copy(DRS_DEMO[1], tmp_path / "copy.clf")
    result = score_matrix(load_annotations([*DRS_DEMO, third]), Params())
    assert result.metrics[-2:] == ("counter", "dscorer")
    corpus = score_files(*DRS_DEMO)
    for metric in ("counter", "dscorer"):
        assert result.score(0, 1, metric) == corpus.micro[metric]
        reverse = required(result.score(1, 0, metric))
        assert reverse.f == pytest.approx(corpus.micro[metric].f) and reverse.p == pytest.approx(corpus.micro[metric].r)
        assert required(result.score(1, 2, metric)).f == 1.0
    assert main(["matrix", *map(str, DRS_DEMO), "--metric", "dscorer", "--format", "json", "--jobs", "1"]) == 0
    assert json.loads(capsys.readouterr().out)["micro"][0][1] == pytest.approx(corpus.micro["dscorer"].f)
    smatch_demo = [DEMO / "smatch" / "test_input1.txt", DEMO / "smatch" / "test_input2.txt"]
    assert main(["matrix", *map(str, smatch_demo), "--metric", "counter"]) == 2
    assert "--metric counter scores DRS clause files; these are AMR" in capsys.readouterr().err


@pytest.mark.parametrize("options", [["--format", "json"], ["--fine-grained", "--ci"], ["--standardize", "smatchpp"]])
def test_the_smatch_command_on_drs_input_is_one_line_naming_counter_and_exit_2(capsys, options):
    status = main(["smatch", *map(str, DRS_DEMO), *options, "--jobs", "1"])
    captured = capsys.readouterr()
    assert status == 2 and captured.out == ""
    assert captured.err == (
        f"error: {DRS_DEMO[0]}: classic Smatch is not computed for DRS input (it reads PENMAN graphs); Counter is "
        f"its clause-level counterpart: python -m engine score {DRS_DEMO[0]} {DRS_DEMO[1]}\n"
    )


@pytest.mark.parametrize("command", ["score", "matrix"])
def test_the_include_ref_help_names_counters_own_option(capsys, command):
    """Counter's -r is its number of restarts; counting REF clauses is its -ic/--include_ref."""
    with pytest.raises(SystemExit):
        main([command, "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "Counter also counts REF clauses (Counter's -ic/--include_ref option)" in text
    assert "-r option" not in text


def test_group_sources_reads_drs_from_text():
    from engine.read.formats import group_sources

    text = DRS_DEMO[1].read_text(encoding="utf-8")
    loaded = group_sources([Source("a", text), Source("b", text)])
    assert loaded.format == "drs" and len(loaded.sentences) == 3


def test_smatch_is_not_computed_for_drs_input_and_says_why(capsys):
    """Smatch reads PENMAN trees: for DRS input --smatch warns and is left out, the other
    scores stay as they are; the matrix's --metric smatch names Counter instead."""
    status, data, err = score_json(capsys, *DRS_DEMO, "--smatch")
    assert status == 0 and "--smatch is ignored for DRS input" in err
    assert "smatch" not in data["micro"] and "counter" in data["micro"]
    assert all("smatch" not in pair["scores"] for pair in data["pairs"])
    plain = score_files(*DRS_DEMO)
    with_smatch = score_files(*DRS_DEMO, Params(optional_metrics={"smatch"}))
    assert with_smatch.micro == plain.micro and "smatch" not in with_smatch.micro
    assert main(["matrix", *map(str, DRS_DEMO), "--metric", "smatch"]) == 2
    assert "for DRS clause files Counter is its counterpart: --metric counter" in capsys.readouterr().err
