"""The Unrelenting Other under random play: properties that every position must keep.

The game has no hidden information (every piece, item side and variable is on
the table), so the properties here are about the rules holding in every
position random play reaches, and about the log reading well. The rules
themselves are proved one by one by the scenarios in the rules file.
"""
from __future__ import annotations

import random
import re

from hypothesis import given, settings, strategies as st

import ruledsl

from .conftest import ROOT

PATH = str(ROOT / "games" / "unrelenting_other.rules")
GAME = ruledsl.load(PATH, players=4)
SEATS = GAME.seats
ITEMS = 39                      # 36 ordinary items and 3 Dream Stoppers
RABBIT_MOVE = re.compile(r"^move (\w+)'s rabbit to (\S+)$")


def board_contents(view) -> dict:
    """{location name: [component dicts]} of the board."""
    return {name: loc["contents"] for name, loc in view["board"]["House"].items()}


def rabbits_on(view) -> dict:
    """{location label: number of rabbits there}."""
    out = {}
    for loc in view["board"]["House"].values():
        n = sum(1 for c in loc["contents"] if c["kind"] == "Rabbit")
        if n:
            out[loc["label"]] = n
    return out


def playout(seed: int, steps: int):
    """Random legal play from a seeded game; yields (state before, action label) each step."""
    rng = random.Random(seed)
    state = GAME.new_game(seed=seed)
    for _ in range(steps):
        if state.is_terminal():
            return
        actions = state.legal_actions()
        assert actions, "a game that is not over must have a decision"
        action = actions[rng.randrange(len(actions))]
        yield state, action.label
        state.apply(action)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_every_seat_sees_what_the_table_sees(seed):
    """No hidden information: each seat's view and log equal the public ones."""
    for k, (state, _) in enumerate(playout(seed, 300)):
        if k % 25:
            continue
        public = state.view(None)
        public_log = state.events(None)
        for seat in range(len(SEATS)):
            mine = state.view(seat)
            assert {key: v for key, v in mine.items() if key not in ("seat", "actions")} == \
                {key: v for key, v in public.items() if key not in ("seat", "actions")}
            assert state.events(seat) == public_log


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_items_slots_and_rabbits_keep_the_rules(seed):
    """No item is lost or made; nobody holds more than 8; a rabbit never stops
    where two others stand; Henry is off the board exactly while he is away."""
    for state, label in playout(seed, 600):
        view = state.view(None)
        zones = view["zones"]
        in_slots = sum(len(zones[f"{p}.slots"]) for p in SEATS)
        on_board = sum(1 for cs in board_contents(view).values() for c in cs if c["kind"] == "Item")
        assert in_slots + on_board + len(zones["box"]) == ITEMS
        assert all(len(zones[f"{p}.slots"]) <= 8 for p in SEATS)
        henry_out = any(c["owner"] == "Henry" for c in zones["outside"])
        if view["vars"]["henry_away"]:
            assert henry_out
        move = RABBIT_MOVE.match(label)
        if move:
            owner, dest = move.groups()
            here = next(loc["label"] for loc in view["board"]["House"].values()
                        if any(c["kind"] == "Rabbit" and c["owner"] == owner for c in loc["contents"]))
            others = rabbits_on(view).get(dest, 0) - (1 if here == dest else 0)
            assert others < 2, f"{label}: {others} rabbits already on {dest}"


def test_the_log_names_pieces_as_players_do():
    """Events name characters, rabbits and items, never a bare kind ("Figure moves ...")."""
    state = None
    for state, _ in playout(3, 400):
        pass
    log = state.events(None)
    assert any(line.startswith("Henry moves from outside the house to F2-11") for line in log)
    assert "Carleton's rabbit, Catherine's rabbit, Henry's rabbit and Tilly's rabbit move from hutch to F1-5" in log
    assert not any(re.match(r"^(Figure|Rabbit|Item) ", line) for line in log)


def test_the_four_seats_are_the_characters_in_turn_order():
    assert SEATS == ["Henry", "Catherine", "Tilly", "Carleton"]
    state = GAME.new_game(seed=5)
    assert state.view(None)["turn"] == "Henry"
