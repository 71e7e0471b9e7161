"""Search bots against yardsticks that are not the bot.

The exact best move of a push-your-luck race against a random opponent (Dice Race, target 20,
worked out by value iteration over (my position, theirs, the pot, whose turn): ideal play wins
81.1% of games against random, benchmarks/README.md). Where the exact values of rolling and
holding differ clearly, the search must play the better one; a change to the search or its
playouts that makes it hold a small pot against a random opponent fails here.

A move that wins at once among a menu of many (decisive moves): played without a search when
it wins in every state the seat believes in, searched when it wins only in some."""
from __future__ import annotations

import pytest

import ruledsl
from ruledsl.agents import Budget, ISMCTSAgent

from .conftest import GAMES

DICE = str(GAMES / "examples" / "dice_race.rules")


def _rolls(total: int) -> list:
    """Rolls of 2 to 6 (a 1 loses the pot) that add up to total."""
    rolls = []
    while total > 0:
        roll = 5 if total == 7 else min(6, total)
        rolls.append(roll)
        total -= roll
    return rolls


def _race(mine: int, theirs: int, pot: int):
    """P1 to decide at position mine with pot, P2 at theirs (each banked in one turn)."""
    state = ruledsl.load(DICE, players=2).new_game(seed=1, chance="explicit")
    for banked in (mine, theirs):
        if banked == 0:
            state.apply("roll").apply("1")
            continue
        for roll in _rolls(banked):
            state.apply("roll").apply(str(roll))
        state.apply(f"hold at {banked}")
    for roll in _rolls(pot):
        state.apply("roll").apply(str(roll))
    return state


@pytest.mark.parametrize("mine, theirs, pot, best", [
    (0, 15, 10, "roll"),        # exact: rolling wins 69.6%, holding 36.7%
    (5, 15, 8, "roll"),         # 76.9% against 40.0%
    (14, 14, 4, "roll"),        # 91.8% against 56.1%
    (12, 0, 8, "hold at 8"),    # holding reaches the target: a win
])
@pytest.mark.parametrize("seed", [1, 2])
def test_ismcts_plays_the_exact_best_move_of_a_dice_race_where_it_clearly_matters(mine, theirs, pot, best, seed):
    state = _race(mine, theirs, pot)
    assert state.current_player == 0 and sorted(state.legal_labels()) == sorted(["roll", f"hold at {pot}"])
    assert ISMCTSAgent(Budget(iterations=300), seed=seed).choose(state).label == best


# Sixty numbers to call; one wins at once (in the second game, only if it is the card the other
# seat holds, which P1 cannot see). Otherwise the first to make 30 calls wins.
CALLS = """game "Calls"
players 2
kind Card, shown as "{rank}":
    rank: int
zone deck: deck of Card:
    Card(rank: r) for each r in 1..60
zone hand: hand of Card, per player
var calls: int = 0, per player
setup:
    shuffle deck
    draw from deck to P2.hand
flow:
    repeat:
        for each p in players:
            turn p:
                choose n from 1..60 as "call {n}":
                    if WINS:
                        win [p]
                    increase p.calls by 1
                    if p.calls >= 30:
                        win [p]
"""


def _calls(tmp_path, wins: str):
    path = tmp_path / "calls.rules"
    path.write_text(CALLS.replace("WINS", wins))
    return ruledsl.load(str(path)).new_game(seed=3, chance="explicit")


def _decide(state, seed: int):
    while state.is_chance():
        state.apply(state.legal_labels()[0])
    bot = ISMCTSAgent(Budget(iterations=50), seed=seed)
    return bot.choose(state).label, bot.last


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_ismcts_plays_a_move_that_wins_at_once_among_many(tmp_path, seed):
    # Without the check, 50 iterations among 60 options (progressive widening tries a new one
    # only now and then) played "call 3", "call 5", "call 6"...
    label, last = _decide(_calls(tmp_path, "n == 41"), seed)
    assert label == "call 41" and last["decisive"] is True and last["iterations"] == 0


def test_ismcts_searches_a_move_that_wins_only_in_some_of_the_states_it_believes_in(tmp_path):
    # P1 cannot see P2's card: a call wins in some determinisations, none in every one
    label, last = _decide(_calls(tmp_path, "p == P1 and n == first(contents(P2.hand)).rank"), 1)
    assert "decisive" not in last and last["iterations"] == 50
