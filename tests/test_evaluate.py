"""`evaluate p: expr`: each seat's expected return for bots that cut a playout short."""
from __future__ import annotations

import random

import pytest

import ruledsl

GAME = '''game "Race"
players 3
var pos: int = 0, per player
evaluate p: {EXPR}
flow:
    repeat:
        for each p in players:
            turn p:
                choose step from [0, 1, 2] as "step {step}":
                    increase p.pos by step
                if p.pos >= 10:
                    win [p]
'''


def race(expr: str):
    return ruledsl.load("race.rules", text=GAME.replace("{EXPR}", expr)).new_game()


def test_each_seat_gets_its_value_from_0_to_1():
    state = race("p.pos / 10")
    state.apply("step 2").apply("step 1")
    assert state.evaluate() == [0.2, 0.1, 0.0]
    assert state.evaluates


def test_values_outside_0_to_1_are_clamped():
    state = race("p.pos - 1")
    state.apply("step 2")
    assert state.evaluate() == [1.0, 0.0, 0.0]


def test_a_game_without_an_evaluation_has_none():
    state = ruledsl.load("games/examples/tic_tac_toe.rules").new_game()
    assert state.evaluate() is None and not state.evaluates


def test_a_value_that_is_no_number_is_an_error_at_its_line():
    state = race('get({P1: 1, P2: "far"}, p, 0)')
    with pytest.raises(ruledsl.RulesError) as err:
        state.evaluate()
    assert (err.value.line, err.value.column) == (4, 13)
    assert err.value.message == "an evaluation must be a number, not far"


def test_a_variant_replaces_the_evaluation(tmp_rules):
    base = tmp_rules("base.rules", GAME.replace("{EXPR}", "p.pos / 10"))
    variant = tmp_rules("variant.rules", 'extends "base.rules"\nevaluate q: 1 - q.pos / 10\n')
    state = ruledsl.load(variant).new_game().apply("step 2")
    assert state.evaluate() == [0.8, 1.0, 1.0]
    assert ruledsl.load(base).new_game().evaluate() == [0.0, 0.0, 0.0]


def test_every_bundled_game_has_an_evaluation_in_range():

    for path, players, options in [("games/tillinghast.rules", 3, {}), ("games/haunting_house.rules", 4, {}),
                                   ("games/shining.rules", 4, {"corrupted": True}),
                                   ("games/unrelenting_other.rules", 4, {})]:
        state = ruledsl.load(path, players=players, options=options).new_game(seed=1)
        rng = random.Random(1)
        for _ in range(60):
            values = state.evaluate()
            assert len(values) == players and all(0 <= v <= 1 for v in values)
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
