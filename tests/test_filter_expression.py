"""The corpus filter language (pure Python)."""

from engine.adjudication.schema import ReviewStatus
from engine.scoring import score_files
from ui.state.filter_expression import parse_filter

from .conftest import DEMO, EXAMPLES

CORPUS = score_files(DEMO / "ancast_paper" / "spec_examples_test.amr", DEMO / "ancast_paper" / "spec_examples_gold.amr")
FRY, READ = CORPUS.pairs


def kept(text, results=(FRY, READ)):
    accepts = parse_filter(text)
    return [r.id for r in results if accepts(r)]


def test_empty_filter_keeps_everything():
    assert kept("") == ["fry", "read"] and kept("   ") == ["fry", "read"]


def test_metric_conditions():
    assert kept("LR F1 < 0.3") == ["fry"]  # 0.2838 vs 0.4208
    assert kept("lr f1 >= 0.3") == ["read"]
    assert kept("concept > 0.5") == ["read"]  # 0.41875 vs 0.5133
    assert kept("concept p<=0.42") == ["fry"]
    assert kept("mock = 0.5") == ["read"]
    assert kept("smatch > 0") == []  # Smatch was not asked for
    assert kept("wlr<.3") == ["fry"]


def test_clauses_combine_with_and_or_commas():
    assert kept("concept > 0.4 and lr < 0.3") == ["fry"]
    assert kept("concept > 0.4, lr < 0.3, read") == []


def test_text_search_in_id_and_sentence():
    assert kept("house") == ["read"]  # the sentence
    assert kept("FRY") == ["fry"]  # the id, ignoring case


def test_error_keyword_and_conditions_skip_unscored_pairs():
    broken = score_files(EXAMPLES / "broken_test.amr", EXAMPLES / "broken_gold.amr").pairs
    assert kept("error", broken) == ["two"]
    assert kept("ok", broken) == ["one", "three"]
    assert kept("concept >= 0", broken) == ["one", "three"]
    assert kept("unbalanced", broken) == ["two"]  # the error text is searched too


def test_missing_is_a_status_of_its_own(tmp_path):
    """A sentence one file has no graph of is "missing", not "error"; both are left unscored."""
    from engine.read import load_pairs
    from engine.scoring import score_corpus
    from ui.state.filter_expression import pair_status

    (tmp_path / "test.amr").write_text("# ::id a\n(x / one)\n\n# ::id b\n(y / two\n", encoding="utf-8")
    (tmp_path / "gold.amr").write_text("# ::id a\n(x / one)\n\n# ::id c\n(z / three)\n", encoding="utf-8")
    results = score_corpus(load_pairs(tmp_path / "test.amr", tmp_path / "gold.amr", pair_by="id").pairs).pairs
    assert [(r.id, pair_status(r)) for r in results] == [("a", "ok"), ("b", "error"), ("c", "missing")]
    assert kept("missing", results) == ["c"] and kept("error", results) == ["b"] and kept("ok", results) == ["a"]
    assert kept("status = missing", results) == ["c"] and kept("status != missing", results) == ["a", "b"]
    assert kept("status = error", results) == ["b"] and kept("errors", results) == ["b"]
    assert results[2].error is not None
    assert "has no graph in the test file" in results[2].error and results[2].missing and not results[1].missing


class Review:
    def __init__(self, status, notes="", decided_by=None):
        self.status, self.notes, self.decided_by = ReviewStatus(status), notes, decided_by  # as the session reads it


def test_adjudication_status_decider_and_notes():
    reviews: dict[str | None, Review] = {
        "fry": Review("needs discussion", "polarity?", "ben"),
        "read": Review("adjudicated", "", "ana"),
    }

    def kept_under(text):
        accepts = parse_filter(text, lambda result: reviews.get(result.id))
        return [r.id for r in (FRY, READ) if accepts(r)]

    assert kept_under("status = needs discussion") == ["fry"]
    assert kept_under("Status =  Needs   Discussion") == ["fry"]  # case and spacing do not matter
    assert kept_under("status != adjudicated") == ["fry"]
    assert kept_under("status = agreed") == []
    assert kept_under("decided by = ana") == ["read"] and kept_under("decided by != ana") == ["fry"]
    assert kept_under("notes") == ["fry"] and kept_under("polarity") == ["fry"]  # free text searches the notes
    assert kept_under("status = adjudicated and lr >= 0.3") == ["read"]
    assert kept_under("status = ok") == ["fry", "read"] and kept_under("status = error") == []  # the pair's own
    # without a session no pair has a review status
    assert kept("status = needs discussion") == [] and kept("status != adjudicated") == ["fry", "read"]
    assert kept("notes") == []
