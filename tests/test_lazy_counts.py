"""Counting a shuffled deck does not fix its order: under explicit chance the next draw from it is
still a decision of chance, with the compiler's passes on or off (they must agree)."""
from __future__ import annotations

import pytest

import ruledsl

from .conftest import without

COUNTED = """game "Counted"
players 2
kind Card:
    value: int
zone deck: deck of Card:
    Card(value: v) for each v in 1..4
zone hand: hand of Card, per player
setup:
    shuffle deck
    if COUNT > 0:
        draw from deck to P1.hand
flow:
    turn P1:
        choose c from contents(P1.hand) as "play {c}":
            win [P1]
"""


@pytest.mark.parametrize("count", ["count(contents(deck))", "count(deck)", "count(at(deck))"])
@pytest.mark.parametrize("off", [(), "all"])
def test_a_counted_deck_is_still_drawn_by_chance(tmp_path, count, off):
    path = tmp_path / "counted.rules"
    path.write_text(COUNTED.replace("COUNT", count))
    game = ruledsl.load(str(path), optimizations=without(off) if off else None)
    state = game.new_game(seed=1, chance="explicit")
    assert state.current_player == ruledsl.CHANCE
    assert sorted(state.legal_labels()) == ["1", "2", "3", "4"]
