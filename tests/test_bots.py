"""Search bots: spelled on the command line, deterministic by seed under an iteration budget,
sound on small games, and blind to what their seat may not see."""
from __future__ import annotations

import pytest

import ruledsl
from ruledsl.agents import (Budget, GreedyAgent, ISMCTSAgent, MCTSAgent, RandomAgent, make_agent, parse_spec,
                            play_out, seat_seed)
from ruledsl.agents.specs import SpecError

from .conftest import GAMES
from .twins import twins

TTT = str(GAMES / "examples" / "tic_tac_toe.rules")
HIGH = str(GAMES / "examples" / "high_card.rules")


@pytest.mark.parametrize("spec, kind, budget", [
    ("ismcts", "ismcts", "1s"), ("ismcts:2.0", "ismcts", "2s"), ("mcts:0.5s", "mcts", "0.5s"),
    ("MCTS:500i", "mcts", "500i"), ("greedy:.25", "greedy", "0.25s"), ("random", "random", "None"),
])
def test_bots_are_spelled_kind_and_budget(spec, kind, budget):
    got_kind, got_budget = parse_spec(spec)
    assert (got_kind, repr(got_budget) if got_budget else "None") == (kind, budget)


@pytest.mark.parametrize("spec, message", [
    ("robot", "'robot' is not a bot: the bots are random, greedy, mcts, ismcts (KIND or KIND:BUDGET, as ismcts:2s)"),
    ("mcts:fast", "'fast' is not a budget: give seconds a move (2, 0.5, 2s) or iterations a move (500i)"),
    ("mcts:0", "'0' is not a budget: a budget must be more than nothing"),
    ("random:2s", "'random:2s': the random bot does not think, so it takes no budget"),
])
def test_a_misspelled_bot_says_how_to_spell_it(spec, message):
    with pytest.raises(SpecError) as err:
        parse_spec(spec)
    assert str(err.value) == message


def test_make_agent_gives_each_kind_its_seeded_bot():
    assert isinstance(make_agent("random", 3), RandomAgent)
    bot = make_agent("ismcts:20i", 3)
    assert isinstance(bot, ISMCTSAgent) and bot.budget.iterations == 20 and bot.seed == 3
    assert isinstance(make_agent("mcts", 1), MCTSAgent) and make_agent("mcts", 1).budget.seconds == 1.0
    assert isinstance(make_agent("greedy:5i", 1), GreedyAgent)


def test_mcts_takes_a_win_and_blocks_a_loss():
    game = ruledsl.load(TTT)
    win = game.new_game()
    for label in ["mark A1", "mark B1", "mark A2", "mark B2"]:
        win.apply(label)
    assert MCTSAgent(Budget(iterations=50), seed=1).choose(win).label == "mark A3"
    block = game.new_game()
    for label in ["mark A1", "mark B1", "mark C3", "mark B2"]:
        block.apply(label)
    assert MCTSAgent(Budget(iterations=50), seed=1).choose(block).label == "mark B3"


@pytest.mark.parametrize("kind", ["mcts", "ismcts", "greedy"])
def test_with_an_iteration_budget_the_same_seed_plays_the_same_game(kind):
    game = ruledsl.load(HIGH, players=3)

    def play(seed):
        state = game.new_game(seed=seed, chance="explicit")
        agents = {s: make_agent(f"{kind}:30i", seat_seed(seed, s)) for s in range(3)}
        agents[ruledsl.CHANCE] = RandomAgent(seat_seed(seed, ruledsl.CHANCE))
        assert play_out(state, agents)
        return state.actions_taken
    assert play(4) == play(4)
    assert len({tuple(play(s)) for s in range(4)}) > 1


def test_mcts_never_loses_tic_tac_toe_to_random_play():
    game = ruledsl.load(TTT)
    for seed in range(6):
        state = game.new_game(seed=seed)
        me = seed % 2
        play_out(state, {me: MCTSAgent(Budget(iterations=400), seed=seed), 1 - me: RandomAgent(seed)})
        assert state.returns()[me] >= 0.5


def test_ismcts_chooses_alike_in_games_its_seat_cannot_tell_apart():
    game = ruledsl.load(HIGH, players=3)
    compared = 0
    for seed in range(12):
        a, b = twins(game, 0, seed, 9 + seed % 3 * 3)
        if a.current_player != 0 or a.view(1) == b.view(1):
            continue
        first = ISMCTSAgent(Budget(iterations=60), seed=9).choose(a)
        second = ISMCTSAgent(Budget(iterations=60), seed=9).choose(b)
        assert first.label == second.label
        compared += 1
    assert compared >= 3


def test_ismcts_never_loses_tic_tac_toe_to_random_play():
    game = ruledsl.load(TTT)
    for seed in range(4):
        state = game.new_game(seed=seed, chance="explicit")
        me = seed % 2
        play_out(state, {me: ISMCTSAgent(Budget(iterations=400), seed=seed), 1 - me: RandomAgent(seed)})
        assert state.returns()[me] >= 0.5


def test_a_thinking_bot_reports_its_progress():
    game = ruledsl.load(TTT)
    bot = MCTSAgent(Budget(iterations=64), seed=0)
    seen = []
    bot.progress = lambda done, part: seen.append((done, part))
    bot.choose(game.new_game())
    assert seen[-1] == (64, 1.0) and len(seen) == 4
    assert bot.last["iterations"] == 64


def test_a_bot_with_one_choice_does_not_think():
    game = ruledsl.load(str(GAMES / "examples" / "dice_race.rules"))
    bot = ISMCTSAgent(Budget(seconds=30), seed=0)
    state = game.new_game(chance="explicit")
    assert bot.choose(state).label == "roll"
    assert bot.last["seconds"] < 5


def test_a_bot_at_a_chance_event_draws_by_the_odds():
    game = ruledsl.load(str(GAMES / "examples" / "dice_race.rules"))
    state = game.new_game(chance="explicit").apply("roll")
    bot = MCTSAgent(Budget(iterations=5), seed=0)
    faces = {bot.choose(state).label for _ in range(60)}
    assert faces == {"1", "2", "3", "4", "5", "6"}


def test_budgets_are_seconds_or_iterations():
    with pytest.raises(ValueError, match="seconds or of iterations"):
        Budget()
    with pytest.raises(ValueError, match="seconds or of iterations"):
        Budget(seconds=1, iterations=3)
    assert repr(Budget(seconds=0.5)) == "0.5s" and repr(Budget(iterations=7)) == "7i"


def test_rollouts_cut_short_are_scored_by_the_evaluation():
    text = '''game "Race"
players 2
var pos: int = 0, per player
evaluate p: p.pos / 100
flow:
    repeat:
        for each p in players:
            turn p:
                choose step from [0, 1, 2] as "step {step}":
                    increase p.pos by step
                if p.pos >= 100:
                    win [p]
'''
    game = ruledsl.load("race.rules", text=text)
    state = game.new_game()
    bot = MCTSAgent(Budget(iterations=200), seed=1, rollout_depth=2)
    assert bot.choose(state).label == "step 2"
    assert state.evaluates and state.evaluate() == [0.0, 0.0]
