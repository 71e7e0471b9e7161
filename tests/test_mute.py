"""A muted state (GameState.mute(): bots' rollouts) logs nothing and plays the same game."""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ruledsl

from .conftest import BUNDLED, EXAMPLES

_LOADED: dict = {}


def load(path):
    if path not in _LOADED:
        _LOADED[path] = ruledsl.load(str(path))
    return _LOADED[path]


def without_log(view: dict) -> dict:
    return {k: v for k, v in view.items() if k != "log"}


def play_alike(loud, quiet, rng, seat: int) -> None:
    """The same random actions in both games, up to 150: the same options all along, and in the
    end the same view (less its log) and returns."""
    for _ in range(150):
        assert quiet.legal_labels() == loud.legal_labels()
        assert quiet.current_player == loud.current_player
        if loud.is_terminal():
            break
        i = rng.randrange(len(loud.legal_labels()))
        loud.apply(i)
        quiet.apply(i)
    assert without_log(quiet.view(seat)) == without_log(loud.view(seat))
    assert quiet.returns() == loud.returns()


@pytest.mark.parametrize("path", BUNDLED + EXAMPLES, ids=lambda p: p.name)
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), before=st.integers(0, 40))
def test_a_muted_game_is_the_same_game_with_nothing_logged(path, seed, before):
    game = load(path)
    rng = random.Random(seed)
    loud = game.new_game(seed=seed)
    for _ in range(before):
        if loud.is_terminal():
            break
        loud.apply(rng.randrange(len(loud.legal_labels())))
    quiet = loud.clone().mute()
    mark, logged = quiet.log_mark, quiet.all_events()
    play_alike(loud, quiet, rng, seed % game.players)
    assert quiet.all_events() == logged                 # nothing more was logged
    assert quiet.events(seed % game.players, since=mark) == []
    assert quiet.clone().muted                          # a clone of a muted state stays muted


@pytest.mark.parametrize("path", BUNDLED + EXAMPLES, ids=lambda p: p.name)
@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000))
def test_a_game_muted_from_its_set_up_is_the_same_game_with_no_log(path, seed):
    game = ruledsl.load(str(path))       # a game of its own: its first new game is a muted one
    quiet = game.new_game(seed=seed, muted=True)
    loud = game.new_game(seed=seed)
    assert quiet.all_events() == []
    play_alike(loud, quiet, random.Random(seed), seed % game.players)
    assert quiet.all_events() == [] and loud.all_events() != []
    # a game that starts alike for every seed is kept once started: never a muted one
    assert game.new_game(seed=seed + 1).all_events() == load(path).new_game(seed=seed + 1).all_events()


def test_muting_does_not_touch_the_state_it_was_cloned_from():
    game = load(EXAMPLES[0])
    state = game.new_game(seed=1)
    state.clone().mute()
    before = len(state.all_events())
    state.apply(0)
    assert len(state.all_events()) > before


def test_a_muted_state_does_not_work_out_what_it_would_announce(tmp_rules):
    # the text of an announcement is made only to be logged: muted, it is not made at all
    text = 'game "A"\nplayers 2\nvar n: int = 0\nflow:\n    turn P1:\n        choose:\n' \
        '            option "go":\n                announce "{10 / n}"\n    win [P1]\n'
    game = ruledsl.load(tmp_rules("a.rules", text), 2)
    quiet = game.new_game(seed=1, muted=True).apply("go")
    assert quiet.is_terminal() and quiet.returns() == [1.0, 0.0]
    with pytest.raises(ruledsl.RulesError, match="divide|zero"):
        game.new_game(seed=1).apply("go")


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_a_muted_game_logs_nothing_whether_or_not_a_game_was_started_before(path):
    # a game that starts alike for every seed is kept once started (fast path "started"): a muted
    # game copied from it logs nothing, as one run muted from its set-up does
    ruledsl.forget()
    game = ruledsl.load(str(path))
    first_muted = game.new_game(seed=3, muted=True)
    game.new_game(seed=4)
    again_muted = game.new_game(seed=3, muted=True)
    assert first_muted.all_events() == again_muted.all_events() == []
    assert again_muted.view(0) == first_muted.view(0)
