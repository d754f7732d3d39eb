"""A pair's JSON text, written with the alignment laid out directly, is the text json.dumps gives
for the same object (the alignment entries as objects)."""

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.output.printers import pair_json

FIELDS = ("test", "gold", "similarity", "quality")
numbers = st.none() | st.floats(allow_nan=True, allow_infinity=True)
names = st.text(max_size=6)
scores = st.none() | st.dictionaries(names, st.fixed_dictionaries({"p": numbers, "r": numbers, "f": numbers}))
entries = st.tuples(names, st.none() | names, st.floats(allow_nan=True, allow_infinity=True), st.none() | st.integers())
items = st.fixed_dictionaries(
    {
        "index": st.integers(0, 10**6),
        "id": st.none() | names,
        "error": st.none() | names,
        "scores": scores,
        "alignment": st.lists(entries, max_size=5),
    },
    optional={"counter_match": st.dictionaries(names, st.none() | names | st.integers(), max_size=3)},
)


def as_dumped(item: dict) -> str:
    objects = [dict(zip(FIELDS, entry)) for entry in item["alignment"]]
    return json.dumps({**item, "alignment": objects}, ensure_ascii=False)


@settings(max_examples=300, deadline=None)
@given(items)
def test_pair_json_is_what_json_dumps_writes(item):
    assert pair_json(item) == as_dumped(item)


def test_a_pair_with_an_error_and_no_alignment():
    item = {"index": 3, "id": "é\n\"x\"", "error": "f.amr:2: bad", "scores": None, "alignment": []}
    assert pair_json(item) == as_dumped(item)
    assert pair_json(item).startswith('{"index": 3, "id": "é\\n\\"x\\"", "error": "f.amr:2: bad"')
