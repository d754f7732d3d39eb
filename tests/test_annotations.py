"""Reading several annotators' files: grouping into sentences, warnings and errors as for two files."""

import shutil

import pytest

from engine.errors import InputError, MissingGraph
from engine.read import MAX_ANNOTATORS, load_annotations, load_pairs

from .conftest import DATA, DEMO, graph_of, present

METAMORPHOSED = DEMO / "metamorphosed"
DEMO_FILES = [METAMORPHOSED / f"comptest_{name}.txt" for name in ("annot1", "annot3", "gold", "sys")]
TRIO = [DATA / "annotators" / f"ann_{name}.amr" for name in "abc"]


def write(folder, name, text):
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_demo_files_group_by_id_and_say_which_sentence_some_files_lack():
    annotations = load_annotations(DEMO_FILES)
    assert annotations.names == ["comptest_annot1", "comptest_annot3", "comptest_gold", "comptest_sys"]
    assert [s.id for s in annotations.sentences] == [f"sentence {k}" for k in range(1, 6)]
    last = annotations.sentences[4]
    assert [entry is None for entry in last.entries] == [True, True, False, False]
    assert annotations.warnings == [
        "1 id(s) are missing from some files (first: 'sentence 5', not in comptest_annot1.txt); "
        "the pairs of files that lack them leave them out"
    ]
    problem = annotations.problem(last, 0)
    assert (
        str(problem) == f"{METAMORPHOSED / 'comptest_gold.txt'}:37: id 'sentence 5' has no graph in comptest_annot1.txt"
    )
    assert annotations.problem(last, 2) is None and isinstance(problem, MissingGraph)


def test_a_cells_pairs_name_the_files_a_sentence_is_missing_from():
    annotations = load_annotations(DEMO_FILES)
    one_side = annotations.pairs(2, 0).pairs[4]  # sentence 5
    gold_37 = f"{METAMORPHOSED / 'comptest_gold.txt'}:37"
    assert [str(e) for e in one_side.errors] == [f"{gold_37}: id 'sentence 5' has no graph in comptest_annot1.txt"]
    assert all(isinstance(e, MissingGraph) for e in one_side.errors)


def test_a_cell_holds_the_sentences_one_of_its_two_files_has():
    """Sentence 5 is in comptest_gold and comptest_sys only: not a pair of (annot1, annot3) at
    all, as when those two files are paired alone; the pairs are numbered within the cell."""
    annotations = load_annotations(DEMO_FILES)
    cell = annotations.pairs(0, 1).pairs
    assert [(p.index, p.id) for p in cell] == [(k, f"sentence {k + 1}") for k in range(4)]
    assert [p.id for p in annotations.pairs(0, 2).pairs] == [f"sentence {k}" for k in range(1, 6)]
    alone = load_pairs(DEMO_FILES[0], DEMO_FILES[1]).pairs
    assert [(p.index, p.id) for p in cell] == [(p.index, p.id) for p in alone]


def test_two_files_group_as_load_pairs_pairs_them():
    for test, gold in [(DEMO_FILES[0], DEMO_FILES[2]), (DEMO_FILES[3], DEMO_FILES[1])]:
        pairs = load_pairs(test, gold)
        annotations = load_annotations([test, gold])
        grouped = annotations.pairs(0, 1)

        def problems(pair):  # where and what kind; the annotation set names the file without a graph
            return [(type(error), error.file, error.line) for error in pair.errors]

        assert [(p.index, p.id, problems(p)) for p in grouped.pairs] == [
            (p.index, p.id, problems(p)) for p in pairs.pairs
        ]
        assert annotations.warnings == pairs.warnings


def test_pairs_of_a_set_have_decoded_graphs():
    annotations = load_annotations(TRIO)  # lazy: graphs are decoded when scored
    assert all(not entry.parsed for s in annotations.sentences for entry in present(s.entries))
    pairs = annotations.pairs(2, 0).pairs
    assert [graph_of(p.test).nodes[1].concept for p in pairs] == ["boy", "boy", "you", "boy"]
    assert [graph_of(p.gold).nodes[1].concept for p in pairs] == ["boy", "girl", "you", "girl"]


def test_gold_is_one_of_the_files_or_one_more(tmp_path):
    assert load_annotations(TRIO, gold=TRIO[1]).gold == 1
    extra = shutil.copy(TRIO[0], tmp_path / "adjudicated.amr")
    annotations = load_annotations(TRIO, gold=extra)
    assert annotations.gold == 3 and annotations.names[3] == "adjudicated" and len(annotations) == 4
    assert annotations.index("ann_b") == 1 and annotations.index(TRIO[2]) == 2
    with pytest.raises(ValueError, match="no annotator 'nobody'; the annotators are ann_a, ann_b, ann_c, adjudicated"):
        annotations.index("nobody")


def test_too_few_or_too_many_files():
    with pytest.raises(ValueError, match="give 2 to 20 annotators' files, not 1"):
        load_annotations(TRIO[:1])
    with pytest.raises(ValueError, match=f"not {MAX_ANNOTATORS + 1}"):
        load_annotations(TRIO * 7)


def test_files_sharing_no_id_with_another_are_grouped_by_position(tmp_path):
    a = write(tmp_path, "a.amr", "# ::id 1\n(a / b)\n\n# ::id 2\n(c / d)\n")
    b = write(tmp_path, "b.amr", "# ::id 1\n(a / b)\n\n# ::id 2\n(c / e)\n")
    c = write(tmp_path, "c.amr", "# ::id p-1\n(a / b)\n\n# ::id p-2\n(c / f)\n")
    annotations = load_annotations([a, b, c])
    assert [[e.id for e in present(s.entries)] for s in annotations.sentences] == [["1", "1", "p-1"], ["2", "2", "p-2"]]
    assert annotations.warnings == [
        f"{a} and {c} share no '# ::id', so they were paired by position (--pair-by position says so without this warning)"
    ]
    quiet = load_annotations([a, b, c], pair_by="position")
    assert quiet.warnings == ["2 sentence(s) have different ids in the files (first: sentence 1, '1' vs 'p-1')"]


def test_unequal_counts_by_position_name_the_first_graph_without_partner(tmp_path):
    a = write(tmp_path, "a.amr", "(a / b)\n\n(c / d)\n")
    b = write(tmp_path, "b.amr", "(a / b)\n\n(c / d)\n")
    c = write(tmp_path, "c.amr", "(a / b)\n")
    with pytest.raises(InputError) as caught:
        load_annotations([a, b, c])
    assert str(caught.value) == (
        f"{a}:3: a.amr holds 2 graphs but c.amr holds 1: this graph has no partner; "
        "give every graph a unique '# ::id' in every file to pair them by id"
    )


def test_files_of_the_same_name_are_named_by_their_folder_in_every_message(tmp_path):
    """alice/amr.txt and bob/amr.txt: the messages name each file as the matrix names the
    annotator (by its folder), not by a name both files share."""
    folders = [tmp_path / who for who in ("alice", "bob", "carol")]
    for folder in folders:
        folder.mkdir()
    alice, bob = (write(folder, "amr.txt", "# ::id 1\n(a / b)\n\n# ::id 2\n(c / d)\n") for folder in folders[:2])
    carol = write(folders[2], "amr.txt", "# ::id 1\n(a / b)\n")
    annotations = load_annotations([alice, bob, carol])
    assert annotations.names == ["alice/amr", "bob/amr", "carol/amr"]
    assert annotations.warnings[0].startswith("1 id(s) are missing from some files (first: '2', not in carol/amr.txt)")
    last = annotations.sentences[1]
    assert str(annotations.problem(last, 2)) == f"{alice}:4: id '2' has no graph in carol/amr.txt"
    assert [str(e) for e in annotations.pairs(2, 1).pairs[1].errors] == [
        f"{bob}:4: id '2' has no graph in carol/amr.txt"
    ]
    with pytest.raises(InputError) as caught:
        load_annotations([alice, bob, carol], pair_by="position")
    assert str(caught.value).startswith(f"{alice}:4: alice/amr.txt holds 2 graphs but carol/amr.txt holds 1:")


def test_files_whose_folders_share_their_name_too_are_named_by_more_folders_not_numbered(tmp_path):
    """round1/alice/amr.txt and round2/alice/amr.txt: told apart by the folder above (round1,
    round2), in the matrix's names and the messages; a number only for one file given twice."""
    rounds = [tmp_path / f"round{k}" / "alice" for k in (1, 2)]
    for folder in rounds:
        folder.mkdir(parents=True)
    first = write(rounds[0], "amr.txt", "# ::id 1\n(a / b)\n\n# ::id 2\n(c / d)\n")
    second = write(rounds[1], "amr.txt", "# ::id 1\n(a / b)\n")
    annotations = load_annotations([first, second, first])
    assert annotations.names == ["round1/alice/amr (1)", "round2/alice/amr", "round1/alice/amr (2)"]
    last = annotations.sentences[1]
    assert str(annotations.problem(last, 1)) == f"{first}:4: id '2' has no graph in round2/alice/amr.txt"


def test_pair_by_id_refuses_a_repeated_id_in_any_file(tmp_path):
    a = write(tmp_path, "a.amr", "# ::id 1\n(a / b)\n\n# ::id 2\n(c / d)\n")
    b = write(tmp_path, "b.amr", "# ::id 1\n(a / b)\n\n# ::id 2\n(c / d)\n")
    c = write(tmp_path, "c.amr", "# ::id 1\n(a / b)\n\n# ::id 1\n(c / d)\n")
    with pytest.raises(InputError) as caught:
        load_annotations([a, b, c], pair_by="id")
    assert (caught.value.file, caught.value.line) == (str(c), 4)
    assert caught.value.message == "id '1' repeats (first on line 1) (--pair-by id needs a unique id on every graph)"
    grouped = load_annotations([a, b, c])  # auto: by position, with the same warning as two files
    assert grouped.warnings == [f"{c}:4: id '1' repeats (first on line 1); the graphs were paired by position"]
    assert [[e.text[-2] for e in present(s.entries)] for s in grouped.sentences] == [["b", "b", "b"], ["d", "d", "d"]]


def test_umr_files_group_by_position(tmp_path):
    third = shutil.copy(DATA / "doc_gold.umr", tmp_path / "third.umr")
    annotations = load_annotations([DATA / "doc_test.umr", DATA / "doc_gold.umr", third])
    two = load_pairs(DATA / "doc_test.umr", DATA / "doc_gold.umr")
    assert annotations.format == "umr" and len(annotations.sentences) == len(two.pairs)
    assert [s.id for s in annotations.sentences] == [p.id for p in two.pairs]
    assert all(len(group) == 3 for group in annotations.loaded.documents)
    with pytest.raises(InputError, match="UMR sentences are paired by position; --pair-by id is for AMR files"):
        load_annotations([DATA / "doc_test.umr", DATA / "doc_gold.umr", third], pair_by="id")
