"""`reveal`, `show` and `hide` of variables: a secret held in a variable disclosed later."""
from __future__ import annotations

import ruledsl

SECRETS = '''game "Secrets"
players 3
var track: list of int = [], per player, visible to owner
var plan: int = 7, visible to nobody
kind Card:
    value: int
zone hand: hand of Card, per player:
    Card(value: 1)
var chosen: Card = none
flow:
    turn P1:
        choose n from [1, 2] as "note {n}" secretly:
            set P1.track to [n]
            set P2.track to [n + 1]
    set chosen to first(contents(P1.hand))
    show P1.track to [P2]
    reveal P2.track
    reveal plan
    reveal chosen
    turn P1:
        choose n from [1] as "end":
            hide plan
            set P2.track to [9]
    win [P1]
'''


def game(tmp_rules):
    return ruledsl.load(tmp_rules("s.rules", SECRETS), 3)


def test_before_disclosure_each_seat_sees_only_its_own(tmp_rules):
    state = game(tmp_rules).new_game(seed=1)
    assert state.view(1)["vars"]["track"] == {"P2": []}
    assert "plan" not in state.view(0)["vars"] and "track" not in state.view(None)["vars"]


def test_show_reveal_and_hide_a_variable(tmp_rules):
    state = game(tmp_rules).new_game(seed=1).apply("note 2")
    assert state.view(1)["vars"]["track"] == {"P1": [2], "P2": [3]}     # shown to P2, and P2's own
    assert state.view(2)["vars"]["track"] == {"P2": [3], "P3": []}      # P2's revealed to all
    assert state.view(None)["vars"]["track"] == {"P2": [3]}             # onlookers too
    assert state.view(None)["vars"]["plan"] == 7
    assert "P1's track is shown to P2" in state.events(2) and "plan is revealed to all" in state.events(None)
    state.apply("end")
    assert "plan" not in state.view(2)["vars"]                          # hidden again
    assert state.view(2)["vars"]["track"]["P2"] == [9]                  # later changes stay visible


def test_a_variable_holding_a_component_reveals_the_component(tmp_rules):
    state = game(tmp_rules).new_game(seed=1).apply("note 1")
    [card] = state.view(2)["zones"]["P1.hand"]
    assert card["fields"] == {"value": 1}


def test_disclosure_is_part_of_the_state(tmp_rules):
    g = game(tmp_rules)
    before = g.new_game(seed=1)
    after = before.clone().apply("note 1")
    assert "track" not in before.view(None)["vars"]
    assert after.clone().view(None)["vars"]["track"] == {"P2": [2]}
    assert before.fingerprint() != after.fingerprint()


def test_reveal_of_a_per_player_variable_shows_every_seats_entry(tmp_rules):
    text = SECRETS.replace("    reveal P2.track\n", "    reveal track\n")
    state = ruledsl.load(tmp_rules("all.rules", text), 3).new_game(seed=1).apply("note 2")
    assert state.view(None)["vars"]["track"] == {"P1": [2], "P2": [3], "P3": []}
    assert "track is revealed to all" in state.events(None)
