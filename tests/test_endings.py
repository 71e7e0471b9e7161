"""How games end: numeric returns, and ties for first in a ranking as shared wins, in the
API, the rules (`winners`), and what run and simulate report."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

import ruledsl
from ruledsl.cli.main import cli as main

from .conftest import errors_of

GAME = '''game "Ends"
players 3
var chips: int = 0, per player
flow:
    turn P1:
        choose n from [0, 1, 2] as "deal {n}":
            set P1.chips to n
            set P2.chips to 2 - n
            set P3.chips to 1
    ENDING
'''


def ended(tmp_rules, ending: str, label: str):
    game = ruledsl.load(tmp_rules("e.rules", GAME.replace("ENDING", ending)), 3)
    return game.new_game().apply(label)


RETURNS = "end game returns p.chips * 2 - 2 for each p in players"
RANKING = "end game ranking each p in players by p.chips"


def test_numeric_returns_are_the_numbers_the_rules_give(tmp_rules):
    state = ended(tmp_rules, RETURNS, "deal 2")
    assert state.returns() == [2.0, -2.0, 0.0]
    assert state.winners() == [0] and state.losers() == [1]
    assert state.events(None)[-1] == "final returns: P1 2; P2 -2; P3 0"
    assert state.record()["returns"] == [2.0, -2.0, 0.0]
    assert state.view(2)["returns"] == [2.0, -2.0, 0.0]


def test_equal_numeric_returns_are_a_draw(tmp_rules):
    state = ended(tmp_rules, RETURNS, "deal 1")
    assert state.returns() == [0.0, 0.0, 0.0]
    assert state.winners() == [] and state.losers() == []


def test_seats_not_listed_return_nothing(tmp_rules):
    state = ended(tmp_rules, "end game returns 3 for each p in [P2]", "deal 0")
    assert state.returns() == [0.0, 3.0, 0.0] and state.winners() == [1] and state.losers() == [0, 2]


def test_a_tie_for_first_in_a_ranking_is_a_shared_win(tmp_rules):
    state = ended(tmp_rules, RANKING, "deal 1")          # everyone has 1 chip
    assert state.winners() == [] and state.returns() == [0.5, 0.5, 0.5]       # a draw
    state = ended(tmp_rules, "end game ranking each p in players by p.chips + (1 if p == P3 else 0)", "deal 2")
    assert state.view(None)["vars"]["chips"] == {"P1": 2, "P2": 0, "P3": 1}
    assert state.winners() == [0, 2] and state.losers() == [1]                # 2, 1, 2: P1 and P3 share first
    assert state.returns() == [0.75, 0.0, 0.75]                               # returns stay as they were


def test_winners_in_the_rules_follow_the_ending(tmp_rules):
    text = GAME.replace("ENDING", RANKING) + 'scenario "shared":\n    play "deal 1"\n    expect winners == []\n' \
        'scenario "one":\n    play "deal 2"\n    expect winners == [P1]\n'
    from ruledsl.scenarios import run_file
    results = run_file(tmp_rules("w.rules", text))
    assert [(r.title, r.passed, r.message) for r in results] == [("shared", True, ""), ("one", True, "")]


def test_a_return_must_be_a_number():
    errors = errors_of('var name: text = "x", per player\nrule r():\n    end game returns p.name for each p in players\n',
                       complete=False)
    assert [e.message for e in errors] == ["a return should be a number, but this is a text"]


@pytest.fixture
def tied(tmp_rules):
    # P1 and P2 always tie for first, P3 is last
    text = 'game "Tie"\nplayers 3\nvar score: int = 0, per player\nflow:\n    set P1.score to 2\n' \
        '    set P2.score to 2\n    end game ranking each p in players by p.score\n'
    return tmp_rules("tie.rules", text)


def test_simulate_counts_a_tie_for_first_as_a_win_for_each(tied):
    out = CliRunner().invoke(main, ["simulate", tied, "-n", "4", "--json"])
    data = json.loads(out.output)
    assert [(s["seat"], s["wins"], s["losses"]) for s in data["seats"]] == [("P1", 4, 0), ("P2", 4, 0), ("P3", 0, 4)]
    assert data["no_winner"] == 0 and data["shared_wins"] == 4
    text = CliRunner().invoke(main, ["simulate", tied, "-n", "2"]).output
    assert "no winner: 0 game(s); shared wins: 2 game(s)" in text


def test_run_reports_a_shared_win(tied):
    out = CliRunner().invoke(main, ["run", tied])
    assert "Result: P1 and P2 win after 0 actions." in out.output


@pytest.mark.parametrize("ending", [RETURNS, RANKING, "win [P2]", "end game", "do finish()"])
def test_the_ending_names_the_statement_that_ended_the_game(tmp_rules, ending):
    # win, a ranking, numeric returns and a plain end each name their own statement, also
    # inside a rule (what reports of how games end count)
    text = GAME.replace("ENDING", ending) + "rule finish():\n    win [P3]\n"
    state = ruledsl.load(tmp_rules("e.rules", text), 3).new_game().apply("deal 1")
    line = text.splitlines().index("    win [P3]" if "finish" in ending else f"    {ending}") + 1
    assert (state.ending.line, state.ending.column) == (line, 5)
