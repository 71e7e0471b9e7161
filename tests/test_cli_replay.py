"""`ruledsl replay`: a record stepped through action by action; damaged records are clear errors."""
from __future__ import annotations

import json
import os
import re

import pytest
from click.testing import CliRunner

from ruledsl.cli.main import cli

from .conftest import GAMES

TTT = str(GAMES / "examples" / "tic_tac_toe.rules")
HIGH = str(GAMES / "examples" / "high_card.rules")


def invoke(*args, input=None):
    result = CliRunner().invoke(cli, list(args), input=input)
    return result.exit_code, result.output


@pytest.fixture
def record_file(tmp_path):
    """Record a game with `ruledsl run --json`: record_file(path, *args) -> (file, record)."""
    def make(game, *args, name="game.json"):
        code, out = invoke("run", game, "--json", *args)
        assert code == 0, out
        target = tmp_path / name
        target.write_text(out, encoding="utf-8")
        return str(target), json.loads(out)
    return make


def numbered(out: str) -> list:
    """The numbered action lines (after a --step prompt, which input does not end on a new line)."""
    return re.findall(r"^(?:\[Enter: next action, q: stop\] )?(\d+\. .*)$", out, re.M)


def test_each_action_with_its_log_lines(record_file):
    path, record = record_file(TTT, "--seed", "3")
    code, out = invoke("replay", path)
    assert code == 0, out
    steps = numbered(out)
    assert [s.split(": ", 1)[1] for s in steps] == record["actions"]
    assert steps[0].startswith("1. X: ") and steps[1].startswith("2. O: ")
    first_block = out.split(steps[0])[1].split(steps[1])[0]
    assert f"Mark moves from X.supply to {record['actions'][0].split()[-1]}" in first_block
    assert out.splitlines()[-1] == "Result: a draw (X 0.5, O 0.5)"


def test_a_seat_sees_only_what_it_was_told(record_file):
    path, record = record_file(HIGH, "--seed", "2", "--players", "3")
    _, everything = invoke("replay", path)
    _, as_p1 = invoke("replay", path, "--seat", "1")
    p2_first = record["actions"][1]
    assert f"P2: {p2_first}" in everything
    assert "P2 makes a secret choice" in as_p1 and p2_first not in as_p1
    assert "\n2. P2\n" in as_p1
    assert "as P1 saw it" in as_p1
    assert invoke("replay", path, "--seat", "P1")[1] == as_p1


def test_step_waits_for_enter_and_q_stops(record_file):
    path, _ = record_file(TTT, "--seed", "3")
    code, out = invoke("replay", path, "--step", input="\n\nq\n")
    assert code == 0
    assert len(numbered(out)) == 3
    assert out.count("[Enter: next action, q: stop]") == 3


def test_an_unfinished_record_says_so(record_file):
    path, _ = record_file(TTT, "--seed", "3", "--max-actions", "4")
    code, out = invoke("replay", path)
    assert code == 0
    assert len(numbered(out)) == 4
    assert out.splitlines()[-1] == "The record ends here: the game is not over (X to act)."


@pytest.mark.parametrize("text, message", [
    ('{"format": "ruledsl-record", "game": ', "error: the record is damaged: not valid JSON"),
    ('[1, 2]', "error: this is not a ruledsl record"),
    ('{"format": "ruledsl-record", "version": 1, "game": "GAME", "players": 2, "seed": 1}',
     "error: the record is damaged: 'actions' is missing"),
    ('{"format": "ruledsl-record", "version": 1, "game": "GAME", "players": 2, "seed": 1, "actions": [1]}',
     "error: the record is damaged: 'actions' must be a list of at most 20,000 action labels"),
    ('{"format": "ruledsl-record", "version": 1, "game": "GAME", "players": 2, "seed": 1, "actions": ["mark A1", "mark A1"]}',
     "error: the record does not fit this game at action 2 ('mark A1'): 'mark A1' is not legal now"),
    ('{"format": "ruledsl-record", "version": 1, "game": "GAME", "players": 5, "seed": 1, "actions": []}',
     "error: Tic-tac-toe is for 2 players, not 5"),
    ('{"format": "ruledsl-record", "version": 1, "game": "no/such.rules", "players": 2, "seed": 1, "actions": []}',
     "error: the record's game file 'no/such.rules' does not exist"),
    ('{"format": "ruledsl-record", "version": 999, "game": "GAME", "players": 2, "seed": 1, "actions": []}',
     "error: this record is of version 999 of the record format; this ruledsl reads version 1"),
    ('{"format": "ruledsl-record", "version": 1, "game": "GAME", "players": 2, "seed": SEED, "actions": []}',
     "error: the record is damaged: a number in it is thousands of digits long"),
    ('{"format": "ruledsl-record", "version": 1, "game": "GAME", "players": 2, "seed": 1, "actions": []' + "[" * 100000,
     "error: the record is damaged: not valid JSON"),
    ("[" * 100000 + "]" * 100000, "error: the record is damaged: its JSON nests far too deeply"),
    ('{"format": "ruledsl-record", "version": 1, "game": "/etc/passwd", "players": 2, "seed": 1, "actions": []}',
     "error: the record's game '/etc/passwd' is not a .rules file"),
])
def test_a_damaged_record_is_a_clear_error(tmp_path, text, message):
    path = tmp_path / "bad.json"
    path.write_text(text.replace("GAME", TTT).replace("SEED", "7" * 5000), encoding="utf-8")
    for command in (["replay", str(path)], ["play", "--resume", str(path)]):
        code, out = invoke(*command)
        assert code == 1, out
        assert message in out
        assert "Traceback" not in out and "internal error" not in out


@pytest.mark.parametrize("data, message", [
    (bytes(range(256)) * 4, "it is not UTF-8 text"),
    ('{"format": "ruledsl-record"}'.encode("utf-16"), "it is not UTF-8 text (it looks like UTF-16)"),
])
def test_a_record_that_is_not_text_is_a_clear_error(tmp_path, data, message):
    path = tmp_path / "bad.json"
    path.write_bytes(data)
    code, out = invoke("replay", str(path))
    assert code == 1
    assert out.strip() == f"{path}: error: cannot read '{path}': {message}"


def test_a_record_that_is_not_a_regular_file_is_not_read(tmp_path):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)                              # reading it would wait for a writer for ever
    for path in (str(fifo), "/dev/zero", str(tmp_path)):
        code, out = invoke("replay", path)
        assert code in (1, 2) and "Traceback" not in out
    code, out = invoke("replay", str(fifo))
    assert code == 1 and "it is not a regular file" in out


def test_a_bad_command_line_exits_with_2(record_file):
    path, _ = record_file(TTT, "--seed", "3")
    for args in (["replay", path, "--seat", "9"], ["replay", path, "--nonsense"], ["replay"]):
        code, out = invoke(*args)
        assert code == 2, (args, out)


def test_returns_that_do_not_match_the_replay(record_file):
    path, record = record_file(TTT, "--seed", "3")
    record["returns"] = [1.0, 0.0]
    with open(path, "w", encoding="utf-8") as f:
        json.dump(record, f)
    code, out = invoke("replay", path)
    assert code == 1
    assert "the record says the returns were [1.0, 0.0], but replaying it gives [0.5, 0.5]" in out


def test_a_missing_record():
    code, out = invoke("replay", "no/such/record.json")
    assert code == 1
    assert out.startswith("no/such/record.json: error: cannot read")


def test_board_draws_the_board_after_each_action(record_file):
    path, record = record_file(TTT, "--seed", "3")
    code, out = invoke("replay", path, "--board")
    assert code == 0, out
    assert out.count("Tic-tac-toe · round") == len(record["actions"]) + 1      # the start, then after each action
    first = record["actions"][0].split()[-1]
    after_first = out.split("1. X: ")[1].split("2. O: ")[0]
    grid = after_first[after_first.index("+---"):]
    row = next(line for line in grid.splitlines() if first in line)
    below = grid.splitlines()[grid.splitlines().index(row) + 1]
    assert "X" in below                                     # X's mark drawn under its square's name
    assert "X Mark ×4" in after_first and "X Mark ×5" in out.split("1. X: ")[0]


def test_board_as_a_seat_shows_only_what_it_saw(record_file):
    path, record = record_file(HIGH, "--seed", "2", "--players", "3")
    _, as_p1 = invoke("replay", path, "--seat", "1", "--board")
    _, everything = invoke("replay", path, "--board")
    assert "P2.hand           Card (hidden) ×3" in as_p1
    assert "P2.hand           Card (hidden)" not in everything
