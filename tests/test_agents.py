"""Agents: the random bot is deterministic by its seed; the human's typed answers are parsed strictly."""
from __future__ import annotations

import io
import random

import ruledsl
from ruledsl.agents import HumanAgent, RandomAgent, TerminalIO, play_out, seat_seed
from ruledsl.agents.human import QUIT, SAVE, parse_choice
from ruledsl.agents.rollout import play_randomly
from ruledsl.runtime.api import GameState

from .conftest import GAMES

TTT = str(GAMES / "examples" / "tic_tac_toe.rules")


def bot_game(game, seed):
    state = game.new_game(seed=seed)
    assert play_out(state, {s: RandomAgent(seat_seed(seed, s)) for s in range(game.players)})
    return state.actions_taken


def test_random_agent_is_deterministic_by_seed():
    game = ruledsl.load(TTT)
    assert bot_game(game, 4) == bot_game(game, 4)
    assert len({tuple(bot_game(game, s)) for s in range(8)}) > 1


def test_random_agent_chooses_only_legal_actions_and_uses_them_all():
    game = ruledsl.load(TTT)
    state = game.new_game()
    bot = RandomAgent(1)
    picks = {bot.choose(state).label for _ in range(200)}
    assert picks == set(state.legal_labels())


def test_seat_seeds_differ_between_games_and_seats():
    seeds = {seat_seed(g, s) for g in range(50) for s in (-1, 0, 1, 2, 3)}
    assert len(seeds) == 250


def test_play_out_stops_at_the_cap():
    game = ruledsl.load(TTT)
    state = game.new_game()
    assert play_out(state, {0: RandomAgent(1), 1: RandomAgent(2)}, max_actions=3) is False
    assert len(state.actions_taken) == 3 and not state.is_terminal()


def test_parse_choice():
    labels = ["mark A1", "mark B1"]
    assert parse_choice(" 2 ", labels) == 1
    assert parse_choice("mark A1", labels) == 0
    assert parse_choice("3", labels) is None and parse_choice("0", labels) is None
    assert parse_choice("mark a1", labels) is None
    assert parse_choice("SAVE", labels) is SAVE and parse_choice("quit", labels) is QUIT


def test_human_agent_reasks_until_a_valid_answer():
    game = ruledsl.load(TTT)
    state = game.new_game()
    out = io.StringIO()
    human = HumanAgent(TerminalIO(io.StringIO("x\n12\nmark C3\n"), out), "X")
    assert human.choose(state).label == "mark C3"
    assert out.getvalue().count("X, your choice (1-9, undo, save, help, quit): ") == 3
    assert "'x' is not a choice" in out.getvalue() and "'12' is not a choice" in out.getvalue()
    assert HumanAgent(TerminalIO(io.StringIO(""), io.StringIO())).choose(state) is QUIT


def test_a_rollout_takes_actions_by_index_without_making_labels(monkeypatch):
    # The Haunting House's programme is one of 840 orderings: a random playout counts them
    state = ruledsl.load(str(GAMES / "haunting_house.rules"), players=2).new_game(seed=3)
    expected = state.clone()
    monkeypatch.setattr(GameState, "legal_labels", lambda self: (_ for _ in ()).throw(AssertionError("labels made")))
    assert play_randomly(state.mute(), random.Random(5), 60) == 60
    monkeypatch.undo()
    rng = random.Random(5)
    for _ in range(60):         # the same game as choosing among the labels by the same draws
        if expected.is_chance():
            outcomes = expected.chance_outcomes()
            expected.apply(rng.choices([a.label for a, _ in outcomes], weights=[p for _, p in outcomes])[0])
        else:
            expected.apply(expected.legal_labels()[rng.randrange(len(expected.legal_labels()))])
    assert state.actions_taken == expected.actions_taken and len(state.actions_taken) == 60
