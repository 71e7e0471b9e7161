"""The Shining: what each seat may know, checked over random play.

Properties (hypothesis draws the seed and the random choices; games are
played to the end):

- no seat's view or log holds the value of a Shining card before it is
  flipped in the Shining phase, not even its owner's (only the range on its
  back);
- no seat's view or log holds another seat's role until that Role card is
  turned face up (an accusation, or the Corrupted grievously wounded);
- what a seat looks at privately stays private: the top Event in the Office,
  the tokens drawn in Room 237 and the Caretaker's Apartment, the token the
  Apartment discards face down;
- the pool, the discarded tokens and the Event deck show no face to anyone
  who was not shown it.

The rules themselves are proven by the scenarios in games/shining.rules.
"""
from __future__ import annotations

import random
import re
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, Phase, given, settings, strategies as st

import ruledsl

from .conftest import ROOT

PATH = str(ROOT / "games" / "shining.rules")
CONFIGS = [(3, False), (5, False), (3, True), (5, True)]
IDS = [f"{n}p-{'corrupted' if c else 'cooperative'}" for n, c in CONFIGS]
CAP = 400           # actions: a whole game of random play takes 40-160
# No shrinking: a failure names its seed, and shrinking whole games is slow.
FEW = settings(max_examples=4, deadline=None, suppress_health_check=list(HealthCheck),
               phases=[Phase.explicit, Phase.reuse, Phase.generate])
SEEDS = st.integers(min_value=0, max_value=2**31 - 1)


@lru_cache(maxsize=None)
def game_of(players: int, corrupted: bool):
    return ruledsl.load(PATH, players=players, options={"corrupted": corrupted})


def entries(zone_listing):
    return [e for e in zone_listing if e.get("kind")]


def check_views(state, looked):
    """Every seat's view against what the rules let it know.

    looked: {seat index: set of Event ids that seat was shown in the Office}.
    """
    seats = state.game.seats
    for s, me in enumerate(seats):
        view = state.view(s)
        zones = view["zones"]
        # Shining cards: a value is seen only once the card lies face up; a range on the back
        # of each card, but of the deck's only its top card's (the deck is dealt from the bottom).
        for name, listing in zones.items():
            for i, e in enumerate(entries(listing)):
                if e["kind"] == "Shining":
                    if name == "shining_deck" and i > 0:
                        assert e == {"kind": "Shining", "hidden": True, "fields": {}}, e
                        continue
                    assert "range" in e["fields"], (name, e)
                    if not e.get("face_up"):
                        assert "value" not in e["fields"] and "name" not in e["fields"], (me, name, e)
        for other in seats:
            for e in entries(zones[f"{other}.visions"]):
                assert e.get("hidden") or e.get("face_up"), (me, other, e)
        # Roles: one's own card, or a card turned face up.
        for other in seats:
            for e in entries(zones[f"{other}.role"]):
                if other != me:
                    assert e.get("hidden") or e.get("face_up"), (me, other, e)
                else:
                    assert not e.get("hidden") and "side" in e["fields"]
        # Private looks: another seat's glimpse, the Pool, the discards.
        for other in seats:
            if other != me:
                assert all(e.get("hidden") for e in entries(zones[f"{other}.glimpse"])), (me, other)
        assert all(e.get("hidden") for e in entries(zones["pool"]))
        assert all(e.get("hidden") for e in entries(zones["spent"]))
        # The Event deck: only cards this seat was shown in the Office.
        for e in entries(zones["event_deck"]):
            if not e.get("hidden"):
                assert e["id"] in looked.get(s, set()), (me, e)


SHINING_VALUE = re.compile(r"Shining \d+ ")  # a Shining card named by its front
ANONYMOUS_TOKENS = re.compile(r"^(a Willpower token moves|\d+ Willpower tokens move) ")
ROLE_SIDE = re.compile(r"\b(Corrupted|Caretaker) moves\b")


def check_logs(state):
    seats = state.game.seats
    for s, me in enumerate(seats):
        log = state.events(s)
        for line in log:
            # A Shining card's face is named only when it is turned face up.
            if SHINING_VALUE.match(line):
                assert line.endswith(" is revealed") or "Shining cards to turned Shining cards" in line, (me, line)
            # A role card moving is named only to its owner.
            m = ROLE_SIDE.search(line)
            if m:
                assert line.endswith(f"to {me}'s Role"), (me, line)
            # Other seats' secret choices and private looks read as secret.
            for other in seats:
                if other == me:
                    continue
                assert not line.startswith(f"{other}: choose "), (me, line)
                assert not line.startswith(f"{other}: keep ") or line == f"{other}: keep it", (me, line)
                assert not (line.startswith(f"{other}: return ") and line.endswith("to the Pool")), (me, line)
                if f"to {other}'s tokens drawn" in line or f"from {other}'s tokens drawn to discarded" in line or \
                        f"from {other}'s tokens drawn to Willpower Pool" in line:
                    assert ANONYMOUS_TOKENS.match(line), (me, line)
                if line.endswith(f"is shown to {other}"):
                    assert line.startswith("a Event") or line.startswith("an Event"), (me, line)


def play(players, corrupted, seed, rnd, each):
    state = game_of(players, corrupted).new_game(seed=seed)
    looked: dict = {}
    for _ in range(CAP):
        labels = state.legal_labels()
        if "leave the Event on top" in labels:
            # The seat has just been shown the top Event in the Office.
            top = state.view(state.current_player)["zones"]["event_deck"][0]
            assert not top.get("hidden")
            looked.setdefault(state.current_player, set()).add(top["id"])
            for other in range(players):
                if other != state.current_player and top["id"] not in looked.get(other, ()):
                    assert state.view(other)["zones"]["event_deck"][0].get("hidden")
        each(state, looked)
        if state.is_terminal():
            return state
        state.apply(rnd.choice(labels))
    each(state, looked)
    return state


@pytest.mark.parametrize("players,corrupted", CONFIGS, ids=IDS)
@FEW
@given(seed=SEEDS, rnd=st.randoms(use_true_random=False))
def test_no_seat_sees_what_it_may_not(players, corrupted, seed, rnd):
    def each(state, looked):
        check_views(state, looked)

    state = play(players, corrupted, seed, rnd, each)
    check_logs(state)
    assert state.is_terminal()


@pytest.mark.parametrize("players,corrupted", CONFIGS, ids=IDS)
@FEW
@given(seed=SEEDS, rnd=st.randoms(use_true_random=False))
def test_others_cannot_tell_which_token_was_chosen_in_the_apartment(players, corrupted, seed, rnd):
    """In the Apartment the choice of a token is secret: whichever token is chosen,
    every other seat sees exactly the same view (log included)."""
    state = game_of(players, corrupted).new_game(seed=seed)
    seen = 0
    for _ in range(CAP):
        if state.is_terminal():
            break
        labels = state.legal_labels()
        picks = [l for l in labels if l.startswith("choose ")]
        if len(set(picks)) > 1:
            seen += 1
            seat = state.current_player
            outcomes = [state.clone().apply(label) for label in picks]
            for other in range(players):
                if other != seat:
                    views = [after.view(other) for after in outcomes]
                    assert all(v == views[0] for v in views[1:]), (state.game.seats[other], picks)
            # the seat itself knows what it chose
            assert len({str(after.view(seat)["log"][-1]) for after in outcomes}) == len(set(picks))
        state.apply(rnd.choice(labels))


def test_a_random_game_reveals_shining_cards_only_in_the_shining_phase():
    """One seeded game, checked line by line: the cards are named when flipped."""
    state = game_of(3, True).new_game(seed=11)
    rnd = random.Random(11)
    while not state.is_terminal():
        state.apply(rnd.choice(state.legal_labels()))
    public = state.events(None)
    flips = [line for line in public if line.endswith(" is revealed") and line.startswith("Shining ")]
    assert flips, "the game reached a Shining phase"
    for line in public:
        if " is revealed" in line and line.startswith("Shining "):
            continue
        assert not re.search(r"Shining \d moves from shining_deck", line), line


def test_the_shining_deck_shows_the_range_of_its_top_card_only():
    """Cards are dealt from the bottom, so that the range on the top card's back tells no one
    what comes next; the ranges further down are out of sight."""
    state = game_of(3, False).new_game(seed=5)
    deck = state.game.program.zones["shining_deck"]
    cards = list(state.contents[deck.index])
    assert len({state.fields[c.id] for c in cards[1:]}) > 1
    twin = state.clone()
    twin.contents = list(state.contents)
    twin.contents[deck.index] = (cards[0], *reversed(cards[1:]))   # the same top, the rest in another order
    for seat in (0, 1, 2, None):
        seen = state.view(seat)["zones"]["shining_deck"]
        assert twin.view(seat) == state.view(seat)
        assert len(seen) == len(cards) and "range" in seen[0]["fields"]
        assert all(e == {"kind": "Shining", "hidden": True, "fields": {}} for e in seen[1:])
