"""The "bulk" fast path (ruledsl/runtime/effects/effects.py): a `move` of several components
into a zone, where no event is told and no trigger fires, made in one step, with the same
contents, order, faces and knowledge as moving them one by one."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ruledsl
from ruledsl.runtime.effects import effects

from .conftest import ROOT, random_trace

GAME = ROOT / "tests" / "fixtures" / "bulk_moves.rules"


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000))
def test_moving_at_once_changes_no_game(seed, monkeypatch):
    # every order told after every turn, the views and the log at the end: one by one and at once
    assert random_trace(GAME, seed, set(), monkeypatch) == random_trace(GAME, seed, {"bulk"}, monkeypatch)


def _moves_made(state, label: str, monkeypatch) -> int:
    calls = []
    real = effects.move
    monkeypatch.setattr(effects, "move", lambda *a, **k: calls.append(a[2]) or real(*a, **k))
    state.apply(label)
    monkeypatch.setattr(effects, "move", real)
    return len(calls)


def test_only_quiet_moves_into_a_zone_without_a_limit_are_made_at_once(monkeypatch):
    state = ruledsl.load(str(GAME), players=2).new_game(seed=1)
    assert _moves_made(state, "deal", monkeypatch) == 0             # 4 cards to a hand, at once
    state.apply("show")
    assert _moves_made(state, "tray", monkeypatch) == 4             # the tray holds at most 4: one by one
    state.apply("show")
    assert _moves_made(state, "square", monkeypatch) == 4           # onto a board square: one by one
    state.apply("show")
    assert _moves_made(state, "back", monkeypatch) == 0
    told = [e for e in state.events(None) if e.startswith("deck ")]
    assert told[-1] == "deck 7, 5, 3, 1 pile  table  bag 0 tray  A1  hand 2, 4, 6, 8"


def test_a_card_shown_and_moved_face_down_at_once_is_known_no_longer():
    state = ruledsl.load(str(GAME), players=2).new_game(seed=2)
    state.apply("show")                                  # P1 sees every card of the deck
    assert not any(c.get("hidden") for c in state.view(0)["zones"]["deck"])
    state.apply("pile up")                               # P2: all to the pile, face down, at once
    state.apply("back")                                  # P1: all back to the deck, face down
    deck = state.view(0)["zones"]["deck"]
    assert len(deck) == 8 and all(c.get("hidden") for c in deck)
