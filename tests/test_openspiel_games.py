"""games/examples/connect_four.rules and breakthrough.rules play exactly like OpenSpiel's games.

Random games are played in both at once: at every step the legal moves must be
the same set, the same player must be to move, and the games must end together
with the same returns (OpenSpiel's win 1 / loss -1 / draw 0 are ruledsl's 1 / 0 / 0.5).
Labels are translated here only; each rules file names moves its own way.
RULEDSL_LONG=1 plays more games.
"""
from __future__ import annotations

import os
import random
import re

import pytest

import ruledsl
from .conftest import GAMES

pyspiel = pytest.importorskip("pyspiel")

LONG = bool(os.environ.get("RULEDSL_LONG"))
GAMES_PLAYED = 1000 if LONG else 60


def connect_four_label(label: str, player: int) -> str:
    """'drop in column 3' -> 'x2' (OpenSpiel numbers columns from 0 and marks its players x and o)."""
    column = int(label.rsplit(" ", 1)[1])
    return f"{'xo'[player]}{column - 1}"


def breakthrough_label(label: str, player: int) -> str:
    """'A2-A3' -> 'a7a6', 'A2xB3' -> 'a7b6*': ruledsl's row 1 is the top of the board, OpenSpiel's 8."""
    m = re.fullmatch(r"([A-H])([1-8])([-x])([A-H])([1-8])", label)
    start, sep, end = m.group(1).lower() + str(9 - int(m.group(2))), m.group(3), \
        m.group(4).lower() + str(9 - int(m.group(5)))
    return start + end + ("*" if sep == "x" else "")


CASES = {
    "connect_four": (GAMES / "examples" / "connect_four.rules", connect_four_label),
    "breakthrough": (GAMES / "examples" / "breakthrough.rules", breakthrough_label),
}


def play_both(name: str, games: int, seed: int) -> dict:
    """Random games in both engines side by side; returns what was seen, for the assertions."""
    path, translate = CASES[name]
    ours = ruledsl.load(str(path), players=2)
    theirs = pyspiel.load_game(name)
    rng = random.Random(seed)
    seen = {"steps": 0, "ends": {}, "stuck": 0}
    for i in range(games):
        st = ours.new_game(seed=i)
        os_st = theirs.new_initial_state()
        while not os_st.is_terminal():
            player = os_st.current_player()
            assert st.current_player == player, (i, seen["steps"], str(os_st))
            legal = {os_st.action_to_string(player, a): a for a in os_st.legal_actions()}
            if not legal:
                # OpenSpiel's breakthrough leaves a player whose pawns are all blocked without a
                # move and without an end (ruledsl's passes the turn): nothing more to compare.
                seen["stuck"] += 1
                break
            mine = {translate(a.label, player): a for a in st.legal_actions()}
            assert set(mine) == set(legal), (i, str(os_st), sorted(mine), sorted(legal))
            move = rng.choice(sorted(legal))
            os_st.apply_action(legal[move])
            st.apply(mine[move])
            seen["steps"] += 1
        if not os_st.is_terminal():
            continue
        assert st.is_terminal(), (i, str(os_st))
        assert st.returns() == [(r + 1) / 2 for r in os_st.returns()], (i, str(os_st))
        key = tuple(os_st.returns())
        seen["ends"][key] = seen["ends"].get(key, 0) + 1
    return seen


@pytest.mark.parametrize("name", sorted(CASES))
def test_random_games_agree_with_openspiel(name):
    seen = play_both(name, GAMES_PLAYED, seed=7)
    assert seen["steps"] > GAMES_PLAYED * 10
    assert {(1.0, -1.0), (-1.0, 1.0)} <= set(seen["ends"])     # both players won some games


def test_a_draw_agrees():
    """Connect Four's rare draw: the drawn game in the rules file's scenario, replayed in both."""
    columns = [1, 2, 6, 6, 1, 3, 4, 3, 1, 4, 5, 6, 4, 7, 5, 4, 6, 7, 3, 3, 3,
               3, 4, 1, 5, 2, 7, 2, 1, 5, 6, 1, 2, 2, 2, 5, 5, 4, 6, 7, 7, 7]
    st = ruledsl.load(str(CASES["connect_four"][0]), players=2).new_game()
    os_st = pyspiel.load_game("connect_four").new_initial_state()
    for c in columns:
        st.apply(f"drop in column {c}")
        os_st.apply_action(c - 1)
    assert os_st.is_terminal() and os_st.returns() == [0.0, 0.0]
    assert st.is_terminal() and st.returns() == [0.5, 0.5]


@pytest.mark.parametrize("label, player, expected", [
    ("drop in column 1", 0, "x0"), ("drop in column 7", 1, "o6"),
])
def test_connect_four_labels(label, player, expected):
    assert connect_four_label(label, player) == expected


@pytest.mark.parametrize("label, expected", [
    ("A2-A3", "a7a6"), ("A2xB3", "a7b6*"), ("H7-G6", "h2g3"), ("B2-A1", "b7a8"),
])
def test_breakthrough_labels(label, expected):
    assert breakthrough_label(label, 0) == expected
