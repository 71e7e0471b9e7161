"""Every example in docs/language.md checks, and the reference lists every builtin."""
from __future__ import annotations

import re

import pytest

import ruledsl
from ruledsl.check.builtins import BUILTINS, ZONE_SHAPES

from .conftest import ROOT

LANGUAGE = (ROOT / "docs" / "language.md").read_text(encoding="utf-8")
EXAMPLES = re.findall(r"```rules\n(.*?)```", LANGUAGE, re.S)


def test_the_reference_has_examples():
    assert len(EXAMPLES) >= 10


@pytest.mark.parametrize("index", range(len(EXAMPLES)))
def test_example_checks(index):
    errors = [d.headline() + " | " + d.hint for d in ruledsl.check(f"language.md#example{index + 1}", EXAMPLES[index], complete=False)
              if d.severity == "error"]
    assert errors == []


@pytest.mark.parametrize("name", sorted(BUILTINS))
def test_every_builtin_is_documented(name):
    assert f"`{name}(" in LANGUAGE


@pytest.mark.parametrize("shape", sorted(ZONE_SHAPES))
def test_every_zone_shape_is_documented(shape):
    assert f"| `{shape}`" in LANGUAGE


def test_every_statement_keyword_is_documented():
    grammar = (ROOT / "grammar" / "ruledsl.lark").read_text(encoding="utf-8")
    block = grammar[grammar.index("?simple_stmt"):grammar.index("END.2")]
    keywords = set(re.findall(r'^\s*\|?\s*(?:\?simple_stmt:)?\s*"(\w+)"', block, re.M))
    assert len(keywords) > 15
    for word in keywords:
        assert f"`{word}" in LANGUAGE, f"statement `{word}` is not in docs/language.md"


@pytest.mark.parametrize("page", sorted((ROOT / "docs" / "games").glob("*.md")), ids=lambda p: p.name)
def test_game_pages_name_their_rules_file(page):
    text = page.read_text(encoding="utf-8")
    assert re.search(r"games/\w+\.rules", text)
    assert "ssumption" in text
