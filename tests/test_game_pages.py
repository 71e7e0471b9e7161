"""Each bundled game's docs page lists what its `describe` lines say, word for word."""
from __future__ import annotations

import pytest

from ruledsl.load import load_definition

from .conftest import GAMES

ROOT = GAMES.parent
PAGES = {"haunting_house": "haunting-house.md", "tillinghast": "tillinghast.md", "shining": "shining.md",
         "unrelenting_other": "unrelenting-other.md"}


@pytest.mark.parametrize("game", sorted(PAGES))
def test_every_description_is_on_the_game_page(game):
    descriptions = load_definition(str(GAMES / f"{game}.rules")).definition.descriptions
    page = (ROOT / "docs" / "games" / PAGES[game]).read_text(encoding="utf-8")
    missing = [d.name for d in descriptions if f"| {d.name} | {d.text} |" not in page]
    assert not missing, f"docs/games/{PAGES[game]} lacks the descriptions of {missing}"


def test_the_games_with_descriptions_have_them():
    assert load_definition(str(GAMES / "haunting_house.rules")).definition.descriptions
