"""Every ```python example in docs/api.md runs and checks real values; the page covers the whole API."""
from __future__ import annotations

import ast
import linecache
import re

import pytest

import ruledsl

from .conftest import ROOT

API = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```python\n(.*?)```", API, re.S)


def _checks_a_value(node: ast.Assert) -> bool:
    """An assert that compares something (==, !=, <, is, in, …), not `assert True` or a bare name."""
    return any(isinstance(sub, ast.Compare) for sub in ast.walk(node.test))


def test_the_page_has_examples():
    assert len(BLOCKS) >= 12


@pytest.mark.parametrize("index", range(len(BLOCKS)), ids=lambda i: f"example{i + 1}")
def test_example_asserts_real_values(index):
    tree = ast.parse(BLOCKS[index], f"api.md#example{index + 1}")
    asserts = [node for node in ast.walk(tree) if isinstance(node, ast.Assert)]
    assert asserts, f"example {index + 1} checks nothing"
    assert any(_checks_a_value(node) for node in asserts), \
        f"example {index + 1} has no assert that compares a value"


@pytest.mark.parametrize("index", range(len(BLOCKS)), ids=lambda i: f"example{i + 1}")
def test_example_runs(index, monkeypatch):
    monkeypatch.chdir(ROOT)
    name = f"api.md#example{index + 1}"
    source = BLOCKS[index]
    linecache.cache[name] = (len(source), None, source.splitlines(True), name)   # tracebacks show the line
    code = compile(source, name, "exec")
    exec(code, {"__name__": f"api_md_example{index + 1}"})


@pytest.mark.parametrize("name", sorted(ruledsl.__all__))
def test_every_public_name_is_documented(name):
    assert f"`ruledsl.{name}" in API


def test_every_view_key_and_record_field_is_documented():
    state = ruledsl.load(str(ROOT / "games" / "examples" / "tic_tac_toe.rules")).new_game()
    for key in state.view(0):
        assert f"| `{key}` |" in API, f"view key {key!r} is not in docs/api.md"
    for field in state.record():
        assert f"| `{field}` |" in API, f"record field {field!r} is not in docs/api.md"


@pytest.mark.parametrize("member", ["current_player", "is_terminal", "legal_actions", "legal_labels", "apply",
                                    "returns", "view", "events", "clone", "record", "fingerprint",
                                    "actions_taken", "is_chance", "chance_outcomes"])
def test_every_state_member_is_documented(member):
    assert hasattr(ruledsl.GameState, member)
    assert f"`{member}" in API


def test_readme_links_the_api_page():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "(docs/api.md)" in readme
