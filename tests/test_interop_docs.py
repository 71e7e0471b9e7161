"""Every ```python example in docs/interop.md runs and checks real values."""
from __future__ import annotations

import ast
import linecache
import re

import pytest

from .conftest import ROOT

pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

PAGE = (ROOT / "docs" / "interop.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```python\n(.*?)```", PAGE, re.S)


def test_the_page_has_its_examples():
    assert len(BLOCKS) >= 6
    assert any("mcts.MCTSBot" in b for b in BLOCKS) and any("ISMCTSBot" in b for b in BLOCKS)
    assert any("agent_iter" in b for b in BLOCKS)


@pytest.mark.parametrize("index", range(len(BLOCKS)), ids=lambda i: f"example{i + 1}")
def test_example_runs_and_compares_values(index, monkeypatch):
    name = f"interop.md#example{index + 1}"
    source = BLOCKS[index]
    tree = ast.parse(source, name)
    assert any(isinstance(sub, ast.Compare) for node in ast.walk(tree) if isinstance(node, ast.Assert)
               for sub in ast.walk(node.test)), f"{name} compares nothing"
    monkeypatch.chdir(ROOT)
    linecache.cache[name] = (len(source), None, source.splitlines(True), name)
    exec(compile(source, name, "exec"), {"__name__": name})


@pytest.mark.parametrize("piece", ["observer", "to_act", "turn", "round", "returns", "vars", "components",
                                   "unseen", "tags"])
def test_every_tensor_piece_is_documented(piece):
    import ruledsl
    from ruledsl.interop.observe import encoding_of
    enc = encoding_of(ruledsl.load(str(ROOT / "games" / "examples" / "tic_tac_toe.rules")))
    assert piece in dict(enc.pieces)
    assert f"| `{piece}` |" in PAGE
