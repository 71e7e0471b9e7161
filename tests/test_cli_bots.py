"""Bots on the command line: `--bots` for run and simulate, `--seat N=BOT` for play."""
from __future__ import annotations

import json

from click.testing import CliRunner

from ruledsl.cli.main import cli

from .conftest import GAMES

TTT = str(GAMES / "examples" / "tic_tac_toe.rules")
HIGH = str(GAMES / "examples" / "high_card.rules")


def invoke(*args, input=""):
    result = CliRunner().invoke(cli, list(args), input=input)
    return result.exit_code, result.output


def test_simulate_with_mcts_as_x_never_loses():
    code, out = invoke("simulate", TTT, "-n", "8", "--bots", "mcts:300i", "--json")
    assert code == 0, out
    data = json.loads(out)
    assert data["bots"] == ["mcts:300i", "random"]
    assert data["seats"][0]["losses"] == 0 and data["finished"] == 8


def test_simulate_names_the_bots_and_the_reproducing_command():
    code, out = invoke("simulate", HIGH, "-n", "2", "--players", "3", "--bots", "ismcts:10i,greedy:6i")
    assert code == 0, out
    assert out.splitlines()[1] == "bots: P1 ismcts:10i, P2 greedy:6i, P3 random"


def test_run_with_bots_plays_under_explicit_chance_and_is_the_same_for_the_same_seed():
    first = json.loads(invoke("run", HIGH, "--players", "3", "--seed", "3", "--bots", "ismcts:15i", "--json")[1])
    second = json.loads(invoke("run", HIGH, "--players", "3", "--seed", "3", "--bots", "ismcts:15i", "--json")[1])
    assert first["chance"] == "explicit" and first["actions"] == second["actions"]
    assert len(first["actions"]) == 9 + 9                                   # the deal, then three tricks
    random_only = json.loads(invoke("run", HIGH, "--players", "3", "--seed", "3", "--json")[1])
    assert random_only["chance"] == "seeded"


def test_too_many_or_misspelled_bots_exit_two():
    code, out = invoke("simulate", TTT, "--bots", "mcts,mcts,mcts")
    assert code == 2 and "3 bots for 2 seats (X, O)" in out
    code, out = invoke("run", TTT, "--bots", "ismcts:lots")
    assert code == 2 and "'lots' is not a budget" in out


def test_play_with_a_thinking_bot_and_no_human():
    code, out = invoke("play", TTT, "--seed", "2", "--seat", "1=mcts:200i", "--seat", "2=random", input="n\n")
    assert code == 0, out
    assert "Seats: X (mcts:200i), O (random)." in out
    assert "Game over: X wins." in out or "Game over: a draw." in out


def test_play_against_a_bot():
    code, out = invoke("play", TTT, "--seed", "2", "--seat", "2=mcts:100i", input="1\n" * 5 + "n\n")
    assert code == 0, out
    assert "O: mark" in out and "Game over:" in out


def test_help_explains_the_bots():
    for command in ("play", "run", "simulate"):
        code, out = invoke(command, "--help")
        assert code == 0 and "ismcts" in out and "500i" in out
