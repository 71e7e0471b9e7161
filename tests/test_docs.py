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


WHOLE_GAMES = [i for i, text in enumerate(EXAMPLES) if text.startswith("game ") and "\nscenario " in text]


def test_some_examples_are_whole_games():
    assert len(WHOLE_GAMES) >= 1


@pytest.mark.parametrize("index", WHOLE_GAMES)
def test_whole_game_examples_pass_their_scenarios(index, tmp_path):
    """An example that starts with `game` and holds scenarios is a whole game: it loads, and every
    scenario in it passes."""
    from ruledsl.scenarios import run_file
    path = tmp_path / f"example{index + 1}.rules"
    path.write_text(EXAMPLES[index], encoding="utf-8")
    results = run_file(str(path))
    assert results and [(r.title, r.message) for r in results if not r.passed] == []
    game = ruledsl.load(str(path))
    game.new_game(seed=0)
    assert game.program.compiler.names.unresolved == 0     # compiled from what the checker resolved


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


def test_the_readme_game_checks_clean_and_plays():
    import random
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index('```\ngame "Dice Race"') + 4
    rules = text[start:text.index("```", start)]
    assert [d.headline() for d in ruledsl.check("README.rules", rules) if d.severity == "error"] == []
    state = ruledsl.load("README.rules", players=2, text=rules).new_game(seed=1)
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    assert sorted(state.returns()) == [0.0, 1.0]
