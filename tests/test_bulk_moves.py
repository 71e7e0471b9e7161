"""The "bulk" fast path (ruledsl/runtime/effects/bulk.py): a `move` or `draw` of several
components into a zone or onto a board location, where no trigger fires, made in one step, with
the same contents, order, faces, knowledge and news (each told as moving it alone tells it) as
moving them one by one."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ruledsl
from ruledsl.runtime.effects import bulk, effects
from ruledsl.runtime.engine import decisions

from .conftest import ROOT, random_trace, slow

GAME = ROOT / "tests" / "fixtures" / "bulk_moves.rules"


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000))
def test_moving_at_once_changes_no_game(seed, monkeypatch):
    # every order told after every turn, the views and the logs of everyone and of each seat at
    # the end (moves told at once are told as one by one, hidden from whom they were): one by
    # one and at once
    seats = (None, 0, 1)
    assert random_trace(GAME, seed, set(), monkeypatch, seats=seats) == \
        random_trace(GAME, seed, {"bulk"}, monkeypatch, seats=seats)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000))
def test_drawing_at_once_under_explicit_chance_changes_no_game(seed, monkeypatch):
    # a deck shuffled under explicit chance is drawn from one chance event at a time, never at once
    seats = (None, 0, 1)
    assert random_trace(GAME, seed, set(), monkeypatch, "explicit", seats) == \
        random_trace(GAME, seed, {"bulk"}, monkeypatch, "explicit", seats)


def _moves_made(state, label: str, monkeypatch) -> int:
    calls = []
    real = effects.move
    counted = lambda *a, **k: calls.append(a[2]) or real(*a, **k)      # noqa: E731
    monkeypatch.setattr(effects, "move", counted)
    monkeypatch.setattr(bulk, "move", counted)
    monkeypatch.setattr(decisions, "move", counted)      # (draws move what they draw from there)
    state.apply(label)
    monkeypatch.setattr(effects, "move", real)
    monkeypatch.setattr(bulk, "move", real)
    monkeypatch.setattr(decisions, "move", real)
    return len(calls)


# The fixture with a trigger on entering a square: moves onto a square are made one by one.
LANDING = 'whenever c enters sq where c is Card:\n    announce "{c.n} lands on {sq}"\n'


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000))
def test_moving_at_once_where_a_trigger_fires_changes_no_game(seed, monkeypatch, tmp_path):
    path = tmp_path / "landing.rules"
    path.write_text(GAME.read_text(encoding="utf-8") + LANDING, encoding="utf-8")
    seats = (None, 0, 1)
    assert random_trace(path, seed, set(), monkeypatch, seats=seats) == \
        random_trace(path, seed, {"bulk"}, monkeypatch, seats=seats)


def test_only_quiet_moves_into_a_zone_without_a_limit_are_made_at_once(monkeypatch, tmp_path):
    state = ruledsl.load(str(GAME), players=2).new_game(seed=1)
    assert _moves_made(state, "deal", monkeypatch) == 0             # 4 cards to a hand, at once
    state.apply("show")
    assert _moves_made(state, "tray", monkeypatch) == 4             # the tray holds at most 4: one by one
    state.apply("show")
    assert _moves_made(state, "square", monkeypatch) == 0           # onto a board square (no trigger)
    state.apply("show")
    assert _moves_made(state, "back", monkeypatch) == 0
    told = [e for e in state.events(None) if e.startswith("deck ")]
    assert told[-1] == "deck 7, 5, 3, 1 pile  table  bag 0 tray  A1  hand 2, 4, 6, 8"
    # a trigger fires on entering a square: each card is moved, and fires it, in turn
    path = tmp_path / "landing.rules"
    path.write_text(GAME.read_text(encoding="utf-8") + LANDING, encoding="utf-8")
    state = ruledsl.load(str(path), players=2).new_game(seed=1)
    for label in ("deal", "show", "tray", "show"):
        state.apply(label)
    assert _moves_made(state, "square", monkeypatch) == 4
    assert sum(" lands on A1" in e for e in state.events(None)) == 4


def test_all_that_lies_in_a_zone_moved_to_a_zone_is_taken_whole(monkeypatch):
    """`move contents(Z) to Z2` (bulk.move_all): the zone emptied at once, with no test of each
    card, as moving each would (into the tray, which has a limit, one by one: the test above)."""
    game = ruledsl.load(str(GAME), players=2)
    # pile up, spread, bag, tray; and told: hand, table, pile, chips
    assert sum(d[:2] == ("bulk", "a zone moved whole") for d in game.program.decided) == 8
    state = game.new_game(seed=1)
    assert _moves_made(state, "pile up", monkeypatch) == 0
    state.apply("show")
    assert _moves_made(state, "spread", monkeypatch) == 0
    assert _moves_made(state, "bag", monkeypatch) == 0
    state.apply("show")
    told = [e for e in state.events(None) if e.startswith("deck ")]
    assert told[-1] == "deck  pile  table  bag 8 tray  A1  hand "
    assert _moves_made(state, "back", monkeypatch) == 0      # (a sum of contents: moved at once too)


def _played_both_ways(turns: list, monkeypatch) -> tuple:
    """The fixture's turns (label, moves one by one they make) played with the bulk fast path on,
    which makes that many moves one by one, and off: what each seat reads and sees, the same both
    ways (returned)."""
    told = {}
    for off in (set(), {"bulk"}):
        slow(monkeypatch, off)
        state = ruledsl.load(str(GAME), players=2).new_game(seed=1)
        made = [_moves_made(state, label, monkeypatch) for label, _ in turns]
        if not off:
            assert made == [moves for _, moves in turns]
        told[frozenset(off)] = (state.events(None), state.events(0), state.events(1), state.view(0), state.view(1))
    assert told[frozenset()] == told[frozenset({"bulk"})]
    return told[frozenset()]


def test_told_moves_of_all_that_lies_in_one_place_are_made_at_once(monkeypatch):
    """move_many told (not `quietly:`): from one place, at once, each told as moving it alone
    tells it (hidden from whom it was hidden); from two places, or of chips whose text reads
    what the moves change, one by one."""
    turns = [("deal", 0), ("show", 0),
             ("hand aloud", 0),     # P1's hand, face down onto the top of the pile
             ("hand aloud", 0),     # P2's, empty
             ("pile aloud", 0),     # the pile's 4 face up onto the table
             ("table aloud", 0),    # the table's 4 into the deck
             ("deal", 0), ("deal", 0),
             ("move aloud", 6),     # from the deck and a hand: one by one
             ("chips aloud", 3),    # chips read what their moves change: one by one
             ("show", 0)]
    events = _played_both_ways(turns, monkeypatch)[0]
    # the last put on top first, told in the order moved, each run of alike moves as one
    assert "8, 6, 4 and 2 move from P1's hand to pile" in events
    assert "2, 4, 6 and 8 move from table to deck" in events


def test_a_card_shown_and_moved_face_down_at_once_is_known_no_longer():
    state = ruledsl.load(str(GAME), players=2).new_game(seed=2)
    state.apply("show")                                  # P1 sees every card of the deck
    assert not any(c.get("hidden") for c in state.view(0)["zones"]["deck"])
    state.apply("pile up")                               # P2: all to the pile, face down, at once
    state.apply("back")                                  # P1: all back to the deck, face down
    deck = state.view(0)["zones"]["deck"]
    assert len(deck) == 8 and all(c.get("hidden") for c in deck)


def test_draws_of_enough_from_a_deck_or_a_pile_are_made_at_once(monkeypatch):
    turns = [("draw", 0),           # 3 from the deck's top to a hand, at once
             ("draw under", 0),     # 2 from its bottom onto the pile, face down
             ("draw back", 2),      # 3 from the pile, which holds 2: one by one, until it is empty
             ("draw aloud", 0),     # told: at once too, each told as drawing it alone tells it
             ("pile up", 0), ("spread", 0), ("bag", 0),
             ("bag to tray", 2),    # into the tray, which has a limit: one by one, picked again
             ("back", 0),           # all three to the deck
             ("pile up", 0), ("spread", 0), ("bag", 0),
             ("draw from bag", 0),  # at random, at once
             ("draw all", 2),       # 9 from the table, which holds 2
             ("back", 1),           # the one card left in the bag
             ("draw", 0),           # the deck's 3
             ("pour", 3),           # draws of chips read as what their moves change: one by one
             ("pour back", 3)]
    _played_both_ways(turns, monkeypatch)


def test_a_bag_drawn_from_at_once_is_left_in_the_order_drawing_one_by_one_leaves(monkeypatch):
    told = {}
    for off in (set(), {"bulk"}):
        slow(monkeypatch, off)
        state = ruledsl.load(str(GAME), players=2).new_game(seed=4)
        for label in ("pile up", "spread", "bag", "draw from bag", "draw from bag"):     # 8, then 6 left
            state.apply(label)
        told[frozenset(off)] = [e for e in state.events(None) if e.startswith("bag order")]
    assert told[frozenset()] == told[frozenset({"bulk"})]
    assert [len(e.split(", ")) for e in told[frozenset()][-3:]] == [8, 6, 4]
