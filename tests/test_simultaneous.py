"""`simultaneously for each p in seats:` every seat chooses in secret, then all are revealed together."""
from __future__ import annotations

import itertools

from hypothesis import given, settings, strategies as hs

import ruledsl
from ruledsl.scenarios import run_file

from .conftest import errors_of

BIDS = '''game "Bids"
players 3
var bid: int = 0, per player
var score: int = 0, per player
kind Card:
    value: int
zone hand: hand of Card, per player:
    Card(value: v) for each v in 1..3
zone played: area of Card
flow:
    repeat 3 times:
        simultaneously for each p in players:
            choose c from p.hand as "bid {c}":
                move c to played
                set p.bid to c.value
                announce "{p} bid {c}"
        for each p in highest(each q in players by q.bid):
            increase p.score by 1
    end game ranking each p in players by p.score
'''

MENU = '''game "Menu"
players 2
var moves: list of text = []
var far: int = 0
flow:
    repeat 2 times:
        simultaneously for each p in players:
            choose:
                option "rock":
                    set moves to moves + ["{p} rock"]
                option "step {n}" for each n in [1, 2] if far < 1:
                    increase far by n
                    set moves to moves + ["{p} step {n}"]
            else:
                set moves to moves + ["{p} rests"]
    win players
'''


def bids(path_factory):
    path = path_factory.mktemp("bids") / "bids.rules"
    path.write_text(BIDS, encoding="utf-8")
    return ruledsl.load(str(path), 3)


def test_each_seat_is_asked_in_turn_and_nothing_happens_before_the_reveal(tmp_path_factory):
    state = bids(tmp_path_factory).new_game()
    assert state.current_player == 0 and state.legal_labels() == ["bid 1", "bid 2", "bid 3"]
    state.apply("bid 3")
    assert state.current_player == 1
    assert state.view(1)["zones"]["played"] == [] and state.view(1)["vars"]["bid"]["P1"] == 0
    assert state.events(1) == ["P1 makes a secret choice"] and state.events(0) == ["P1: bid 3"]
    state.apply("bid 1").apply("bid 2")
    assert state.events(None) == [
        "P1 makes a secret choice", "P2 makes a secret choice", "P3 makes a secret choice",
        "revealed: P1: bid 3; P2: bid 1; P3: bid 2",
        "3 moves from P1's hand to played", "P1 bid 3", "1 moves from P2's hand to played", "P2 bid 1",
        "2 moves from P3's hand to played", "P3 bid 2"]
    assert state.view(2)["vars"]["score"] == {"P1": 1, "P2": 0, "P3": 0}
    assert state.current_player == 0 and len(state.legal_labels()) == 2


def test_simultaneous_menus_and_seats_with_nothing_to_choose(tmp_rules):
    state = ruledsl.load(tmp_rules("m.rules", MENU), 2).new_game()
    assert state.legal_labels() == ["rock", "step 1", "step 2"]
    state.apply("step 2")
    assert state.legal_labels() == ["rock", "step 1", "step 2"]      # P1's step has not happened yet
    state.apply("step 1")
    assert state.view(None)["vars"]["moves"] == ["P1 step 2", "P2 step 1"]
    state.apply("rock").apply("rock")                                  # far is 3: only rock
    assert state.view(None)["vars"]["moves"][2:] == ["P1 rock", "P2 rock"]
    assert state.is_terminal()


def test_a_seat_with_nothing_to_choose_runs_else_at_the_reveal(tmp_rules):
    text = MENU.replace('            choose:\n                option "rock":\n                    set moves to moves + ["{p} rock"]\n', '            choose:\n')
    state = ruledsl.load(tmp_rules("e.rules", text), 2).new_game().apply("step 1").apply("step 2")
    # round 2: far is 3, nobody has an option
    assert state.is_terminal()
    assert state.view(None)["vars"]["moves"] == ["P1 step 1", "P2 step 2", "P1 rests", "P2 rests"]
    assert "revealed: P1: nothing; P2: nothing" in state.events(None)


def test_the_documented_scenario_passes_in_a_file(tmp_rules):
    text = BIDS + 'scenario "reveal":\n    play "bid 2" by P1\n    expect P2 does not read "bid 2"\n' \
        '    play "bid 2" by P2\n    play "bid 3" by P3\n    expect announced "revealed: P1: bid 2; P2: bid 2; P3: bid 3"\n'
    assert [(r.passed, r.message) for r in run_file(tmp_rules("s.rules", text))] == [(True, "")]


@settings(max_examples=20, deadline=None)
@given(rounds=hs.lists(hs.tuples(*[hs.integers(0, 2)] * 3), max_size=2), seat=hs.integers(1, 2))
def test_no_seat_can_tell_what_earlier_seats_chose_before_the_reveal(tmp_path_factory, rounds, seat):
    """Whatever the seats before it chose in this round, a seat's view, log and options are the same."""
    game = bids(tmp_path_factory)
    start = game.new_game()
    for picks in rounds:                     # earlier rounds, played out
        for p in picks:
            labels = start.legal_labels()
            start.apply(labels[p % len(labels)])
    seen = set()
    for earlier in itertools.product(range(3 - len(rounds)), repeat=seat):
        state = start.clone()
        for p in earlier:
            state.apply(state.legal_labels()[p])
        assert state.current_player == seat
        seen.add(repr((state.view(seat), state.events(seat), state.legal_labels(), state.actions_seen(seat))))
    assert len(seen) == 1


def test_the_checker_wants_seats_and_no_by():
    text = 'rule r():\n    simultaneously for each p in [1, 2]:\n        choose n from [1, 2] by p:\n            pass\n'
    assert [e.message for e in errors_of(text, complete=False)] == [
        "this should be a list of players, but it is a list of number",
        "every seat listed after `simultaneously` chooses for itself"]


def test_an_automatic_simultaneous_choice_is_refused():
    text = 'rule r():\n    simultaneously for each p in players:\n        choose n from [1] automatically when only one:\n' \
        '            pass\n'
    assert [e.message for e in errors_of(text, complete=False)] == [
        "a simultaneous choice is asked of every seat, even with one option"]
