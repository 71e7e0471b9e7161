"""`ruledsl run`: one game by random bots; its outcome, its record as JSON, caps and errors."""
from __future__ import annotations

import json

from click.testing import CliRunner

import ruledsl
from ruledsl.cli.main import cli

from .conftest import GAMES

TTT = str(GAMES / "examples" / "tic_tac_toe.rules")
HIGH = str(GAMES / "examples" / "high_card.rules")
DICE = str(GAMES / "examples" / "dice_race.rules")


def run(*args):
    result = CliRunner().invoke(cli, ["run", *args])
    return result.exit_code, result.output


def short_of_marks(tmp_rules) -> tuple:
    """Tic-tac-toe with four marks each: X's fifth move fails at run time in a drawn-out game.
    Returns the file's path and the place (line:column) of the failing move."""
    text = (GAMES / "examples" / "tic_tac_toe.rules").read_text(encoding="utf-8").replace("5 x Mark", "4 x Mark")
    lines = text.splitlines()
    line = next(i for i, t in enumerate(lines, 1) if "move first(contents(p.supply))" in t)
    return tmp_rules("short.rules", text), f"{line}:{lines[line - 1].index('move') + 1}"


def test_outcome_and_returns():
    code, out = run(TTT, "--seed", "3")
    assert code == 0
    assert out.splitlines() == ["Tic-tac-toe: 2 players, seed 3", "Result: a draw after 9 actions.",
                                "Returns: X 0.5, O 0.5"]


def test_the_same_seed_gives_the_same_game_and_another_seed_may_not():
    outs = {run(HIGH, "--players", "3", "--seed", str(s))[1] for s in (1, 1, 2, 3, 4)}
    assert len(outs) >= 2
    assert run(HIGH, "--players", "3", "--seed", "7") == run(HIGH, "--players", "3", "--seed", "7")


def test_json_record_replays_to_the_same_returns():
    code, out = run(HIGH, "--players", "3", "--seed", "11", "--json")
    assert code == 0
    record = json.loads(out)
    assert record["players"] == 3 and record["seed"] == 11 and len(record["actions"]) == 9
    game = ruledsl.load(HIGH, players=3)
    assert ruledsl.replay(game, record).returns() == record["returns"]
    assert abs(sum(record["returns"]) - sum(ruledsl.replay(game, record).returns())) < 1e-9


def test_options_reach_the_game():
    code, out = run(DICE, "--option", "target=10", "--seed", "2", "--json")
    assert code == 0
    assert json.loads(out)["options"] == {"target": "10"}


def test_the_action_cap_leaves_a_game_unfinished():
    code, out = run(TTT, "--seed", "3", "--max-actions", "2")
    assert code == 0
    assert "Unfinished: stopped after 2 actions" in out
    code, out = run(TTT, "--seed", "3", "--max-actions", "2", "--json")
    assert json.loads(out)["returns"] is None and len(json.loads(out)["actions"]) == 2


def test_a_rule_failing_is_a_diagnostic_with_the_seed(tmp_rules):
    path, place = short_of_marks(tmp_rules)
    code, out = run(path, "--seed", "1")
    assert code == 1
    assert out.splitlines()[0] == f"{path}:{place}: error: only components can be moved, not none"
    assert "(seed 1, at action 9)" in out
    assert "Traceback" not in out


def test_a_bad_option_value_is_a_command_line_mistake():
    code, out = run(DICE, "--option", "target=99")
    assert code == 2
    assert "Invalid value for --option: option target must be from 10 to 30, not 99" in out
    assert "Traceback" not in out


def test_a_wrong_player_count_or_a_missing_file_is_a_command_line_mistake(tmp_path):
    code, out = run(DICE, "--players", "9")
    assert code == 2 and "Invalid value for --players: Dice Race is for 2 to 4 players, not 9" in out
    code, out = run(str(tmp_path / "nowhere.rules"))
    assert code == 2 and "nowhere.rules' does not exist" in out
    code, out = run(str(tmp_path))
    assert code == 2 and "is a directory" in out


def test_help():
    code, out = run("--help")
    assert code == 0 and "--max-actions" in out and "--json" in out
