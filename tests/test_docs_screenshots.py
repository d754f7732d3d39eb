"""The documentation's screenshot script still runs against the app as it is (it looked for the
corpus table's "LR F1" header by its text, which became two lines, and stopped)."""

from PySide6.QtGui import QImage

from docs import screenshots


def test_the_annotators_guide_pictures_are_made(qapp, tmp_path, monkeypatch):
    monkeypatch.setattr(screenshots, "IMAGES", tmp_path)
    made = screenshots.annotator(qapp)
    assert [path.name for path in made] == ["annotator-corpus.png", "annotator-triples.png", "annotator-rounds.png"]
    assert all(not QImage(str(path)).isNull() for path in made)
