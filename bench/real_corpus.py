"""Benchmark corpora cut from real annotation files: the pairs of two files (paired as the
engine pairs them), kept by the gold graph's size, or consecutive pairs joined into one
multi-sentence graph per side (as AMR 3.0 annotates some documents) until the gold graph
reaches a size. Used by :mod:`bench.bench_cli`; the data stay outside the repository.

    python -m bench.real_corpus TEST GOLD OUT_DIR [--nodes 15 40] [--pairs 200] [--join 150 200]
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import penman

from engine.read import load_pairs

_METADATA = re.compile(r"^\s*#.*$", re.MULTILINE)


def _graph_text(block: str) -> str:
    return _METADATA.sub("", block).strip()


def _sentence(block: str) -> str:
    found = re.search(r"# ::snt (.*)", block)
    return found.group(1).strip() if found else ""


def readable_pairs(test_path: Path, gold_path: Path) -> list[tuple[str, str, int]]:
    """(test block, gold block, gold node count) of every pair both sides of which read without
    error (each block as written, metadata included)."""
    pairs = []
    for pair in load_pairs(test_path, gold_path).pairs:
        if pair.errors or pair.test is None or pair.gold is None or pair.gold.graph is None:
            continue
        pairs.append((pair.test.text, pair.gold.text, len(pair.gold.graph)))
    return pairs


def by_size(pairs: list[tuple[str, str, int]], low: int, high: int, count: int | None) -> list[tuple[str, str]]:
    """The first ``count`` pairs (all with None) whose gold graph has ``low``-``high`` nodes."""
    kept = [(test, gold) for test, gold, size in pairs if low <= size <= high]
    return kept[:count] if count is not None else kept


def _renamed(text: str, prefix: str) -> tuple[list[tuple[str, str, str]], str]:
    """The graph's triples with every variable prefixed (so that joined graphs share none)."""
    graph = penman.decode(text)
    variables = graph.variables()
    assert graph.top is not None
    return [
        (prefix + source, role, prefix + target if target in variables else target)
        for source, role, target in graph.triples
    ], prefix + graph.top


def join(blocks: list[str], number: int) -> str:
    """One multi-sentence graph of the blocks' graphs (``:snt1`` ..., variables renamed), with
    the joined sentences as ``# ::snt``."""
    triples = [("js", ":instance", "multi-sentence")]
    for place, block in enumerate(blocks, start=1):
        renamed, top = _renamed(_graph_text(block), f"s{place}")
        triples.append(("js", f":snt{place}", top))
        triples.extend(renamed)
    text = penman.encode(penman.Graph(triples, top="js"))
    sentences = " ".join(_sentence(block) for block in blocks)
    return f"# ::id joined-{number}\n# ::snt {sentences}\n{text}"


def joined(pairs: list[tuple[str, str, int]], low: int, high: int, count: int) -> list[tuple[str, str]]:
    """Up to ``count`` pairs of multi-sentence graphs, each of consecutive pairs taken until the
    gold side has at least ``low`` nodes (a run that passes ``high`` is dropped)."""
    result: list[tuple[str, str]] = []
    run: list[tuple[str, str, int]] = []
    for pair in pairs:
        run.append(pair)
        size = 1 + sum(nodes for _, _, nodes in run)  # the sentences' nodes and the multi-sentence root
        if size < low:
            continue
        if size <= high:
            number = len(result)
            result.append((join([test for test, _, _ in run], number), join([gold for _, gold, _ in run], number)))
            if len(result) == count:
                break
        run = []
    return result


def write(pairs: list[tuple[str, str]], directory: Path) -> tuple[Path, Path]:
    """test.amr and gold.amr with the pairs in order, each with an id of its own."""
    directory.mkdir(parents=True, exist_ok=True)
    tests, golds = [], []
    for number, (test, gold) in enumerate(pairs):
        tests.append(re.sub(r"# ::id \S+", f"# ::id pair-{number}", test, count=1))
        golds.append(re.sub(r"# ::id \S+", f"# ::id pair-{number}", gold, count=1))
    test_path, gold_path = directory / "test.amr", directory / "gold.amr"
    test_path.write_text("\n\n".join(tests) + "\n", encoding="utf-8")
    gold_path.write_text("\n\n".join(golds) + "\n", encoding="utf-8")
    return test_path, gold_path


def cut(
    test_path: Path,
    gold_path: Path,
    directory: Path,
    nodes: tuple[int, int] | None = None,
    pairs: int | None = None,
    join_to: tuple[int, int] | None = None,
) -> tuple[Path, Path, int]:
    """Write the corpus that the options describe; returns its files and its number of pairs."""
    readable = readable_pairs(test_path, gold_path)
    if join_to is not None:
        chosen = joined(readable, join_to[0], join_to[1], pairs or len(readable))
    else:
        low, high = nodes or (0, 1 << 30)
        chosen = by_size(readable, low, high, pairs)
    if not chosen:
        raise SystemExit(f"no pair of {test_path} and {gold_path} fits the selection")
    return (*write(chosen, directory), len(chosen))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("test", type=Path)
    parser.add_argument("gold", type=Path)
    parser.add_argument("directory", type=Path)
    parser.add_argument("--nodes", type=int, nargs=2, metavar=("LOW", "HIGH"), help="gold graphs of LOW-HIGH nodes")
    parser.add_argument("--pairs", type=int, help="the first PAIRS pairs kept")
    parser.add_argument(
        "--join",
        type=int,
        nargs=2,
        metavar=("LOW", "HIGH"),
        help="join consecutive pairs into multi-sentence graphs of LOW-HIGH gold nodes",
    )
    args = parser.parse_args()
    test, gold, count = cut(args.test, args.gold, args.directory, args.nodes, args.pairs, args.join)
    print(f"{count} pairs: {test} {gold}")


if __name__ == "__main__":
    main()
