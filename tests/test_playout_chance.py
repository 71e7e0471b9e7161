"""A playout's chance drawn where it happens (GameState.sample_chance): a search bot's rollouts
take no chance events, play the same from the same seed, and draw with explicit chance's odds."""
from __future__ import annotations

import random
from collections import Counter

import pytest

import ruledsl

from .conftest import BUNDLED, EXAMPLES

DRAW = """game "Draw"
players 1
kind Card, shown as "card {n}":
    n: int
zone deck: deck of Card:
    Card(n: k) for each k in 1..4
zone hand: area of Card
setup:
    shuffle deck
flow:
    turn P1:
        choose:
            option "draw":
                draw from deck to hand
    end game returns 1 for each q in players
"""


def _advanced(path, seed: int):
    """A game under explicit chance some random actions in (chance by its odds)."""
    state = ruledsl.load(str(path)).new_game(seed=seed, chance="explicit")
    rng = random.Random(seed)
    for _ in range(6):
        if state.is_terminal():
            break
        if state.is_chance():
            outcomes = state.chance_outcomes()
            state.apply(rng.choices([a for a, _ in outcomes], weights=[p for _, p in outcomes])[0])
        else:
            state.apply(rng.randrange(len(state.legal_actions())))
    return state


@pytest.mark.parametrize("path", BUNDLED + EXAMPLES, ids=lambda p: p.stem)
def test_a_sampled_playout_takes_no_chance_event_and_plays_the_same_from_its_seed(path):
    state = _advanced(path, 2)
    pending = state.is_chance()
    ends = []
    for _ in range(2):
        played = state.clone().mute().sample_chance(11)
        rng, chance_taken = random.Random(3), 0
        for _ in range(150):
            if played.is_terminal():
                break
            if played.is_chance():
                chance_taken += 1
                played.apply(played.chance_outcomes()[0][0])
            else:
                played.apply(rng.randrange(len(played.legal_actions())))
        assert chance_taken <= pending       # only the event already waiting, if any
        ends.append(played.fingerprint())
    assert ends[0] == ends[1]


def test_a_sampled_draw_has_explicit_chances_odds():
    game = ruledsl.load("draw.rules", text=DRAW)
    state = game.new_game(seed=1, chance="explicit")
    state.apply(0)                                   # "draw": a chance event of four outcomes
    assert state.is_chance() and len(state.chance_outcomes()) == 4
    drawn = Counter()
    for seed in range(400):
        again = game.new_game(seed=1, chance="explicit").sample_chance(seed)
        again.apply(0)
        assert not again.is_chance()
        drawn.update(card["text"] for card in again.view(0)["zones"]["hand"])
    assert len(drawn) == 4 and all(60 <= k <= 140 for k in drawn.values()), drawn

