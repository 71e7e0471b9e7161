"""`ruledsl play` driven by typed input: menus, bad input, exact labels, save and resume, quit, hot-seat."""
from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

import ruledsl
from ruledsl.agents.human import CLEAR_SCREEN, TerminalIO
from ruledsl.cli.main import cli
from ruledsl.cli.play import PlaySession

from .conftest import GAMES

TTT = str(GAMES / "examples" / "tic_tac_toe.rules")
HIGH = str(GAMES / "examples" / "high_card.rules")


def play(*args, input=""):
    return CliRunner().invoke(cli, ["play", *args], input=input)


@pytest.fixture(autouse=True)
def in_tmp(tmp_path, monkeypatch):
    """Every test runs in its own folder: a game that ends its input saves there (Ctrl-D saves)."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_numbers_play_a_game_to_the_end(in_tmp):
    result = play(TTT, "--seed", "5", input="1\n" * 4 + "n\n")
    assert result.exit_code == 0, result.output
    assert "X: mark A1" in result.output                  # 1 chose the first square
    assert "Game over: X wins." in result.output
    assert "Returns: X 1, O 0 (7 actions)" in result.output
    assert not list(in_tmp.iterdir())                     # declined to save


def test_the_view_shows_board_zones_and_menu():
    out = play(TTT, "--seed", "5", input="quit\nn\n").output
    assert "you are X" in out
    assert "Yours" in out and re.search(r"supply +Mark ×5", out) and "O's supply" in out
    assert "\n1  mark A1\n" in out and "\n9  mark C3\n" in out
    assert "|A1 " in out and " C3 " in out and "+-----" in out   # the grid is drawn as a map


def test_bad_input_is_asked_again():
    result = play(TTT, "--seed", "5", input="foo\n0\n99\n\nmark B2\nquit\nn\n")
    out = result.output
    assert result.exit_code == 0
    assert "'foo' is not a choice: type a number from 1 to 9" in out
    assert "'0' is not a choice" in out and "'99' is not a choice" in out
    assert out.count("X, your choice (1-9, undo, save, help, quit)") == 5   # foo, 0, 99, empty, then the label
    assert "X: mark B2" in out                                  # an exact label works


def test_save_then_resume_continues_to_the_same_game(in_tmp):
    whole = play(TTT, "--seed", "5", input="1\n" * 4 + "y\nwhole.json\n")
    assert "Saved to whole.json." in whole.output
    first = play(TTT, "--seed", "5", input="1\nsave\n\nquit\nn\n")
    assert "Saved to tic_tac_toe-5.save.json." in first.output
    saved = json.loads((in_tmp / "tic_tac_toe-5.save.json").read_text())
    assert len(saved["actions"]) == 2 and saved["returns"] is None
    resumed = play("--resume", "tic_tac_toe-5.save.json", input="1\n" * 3 + "y\nresumed.json\n")
    assert resumed.exit_code == 0, resumed.output
    assert "Resumed after 2 actions" in resumed.output
    a = json.loads((in_tmp / "whole.json").read_text())
    b = json.loads((in_tmp / "resumed.json").read_text())
    assert b["actions"][:2] == saved["actions"]
    assert (b["actions"], b["returns"]) == (a["actions"], a["returns"])   # bots carry on as if never stopped


def test_resumed_state_is_the_saved_state(in_tmp):
    play(TTT, "--seed", "9", input="2\n3\nsave\nmid.json\nquit\nn\n")
    record = json.loads((in_tmp / "mid.json").read_text())
    game = ruledsl.load(TTT)
    state = ruledsl.replay(game, record)
    out = play("--resume", "mid.json", input="quit\nn\n").output
    labels = state.legal_labels()
    assert f"1  {labels[0]}" in out and f"{len(labels)}  {labels[-1]}" in out
    assert f"your choice (1-{len(labels)}," in out


def test_quit_offers_to_save(in_tmp):
    out = play(TTT, "--seed", "5", input="quit\ny\nmine.json\n").output
    assert "Game left unfinished." in out
    assert json.loads((in_tmp / "mine.json").read_text())["actions"] == []
    play(TTT, "--seed", "5", input="quit\nn\n")
    assert sorted(p.name for p in in_tmp.iterdir()) == ["mine.json"]


def test_end_of_input_is_quit_and_saves(in_tmp):
    # Ctrl-D at the menu quits; Ctrl-D at "Save before quitting?" and at "Save to" means the defaults
    result = play(TTT, "--seed", "5", input="1\n")
    assert result.exit_code == 0
    assert "Game left unfinished." in result.output
    assert [p.name for p in in_tmp.iterdir()] == ["tic_tac_toe-5.save.json"]
    assert len(json.loads((in_tmp / "tic_tac_toe-5.save.json").read_text())["actions"]) >= 1


def test_hot_seat_passes_the_keyboard_before_each_private_view():
    result = play(HIGH, "--seed", "3", "--seat", "2=human", input="\n1\n" * 6 + "n\n")
    out = result.output
    assert result.exit_code == 0, out
    p1 = out.index("Pass to P1 and press Enter")
    p1_view = out.index("you are P1")
    p2 = out.index("Pass to P2 and press Enter")
    p2_view = out.index("you are P2")
    assert p1 < p1_view < p2 < p2_view
    second_view = out[p2:out.index("Pass to P1", p2)]
    assert re.search(r"P1's hand +Card \(face down\) ×2", second_view)     # P2 does not see P1's cards
    assert re.search(r"Yours\s+hand +\d+, \d+", second_view)               # P2's own cards, by value
    assert out.count("Pass to") == 6 and "Game over" in out


def test_hot_seat_clears_the_screen_on_a_terminal():
    game = ruledsl.load(HIGH)
    out = io.StringIO()
    term = TerminalIO(io.StringIO("\n1\n\n1\nquit\nn\n"), out, interactive=True)
    PlaySession(game, game.new_game(seed=3), ["human", "human"], term, 3, "x.json").run()
    text = out.getvalue()
    assert CLEAR_SCREEN + "Pass to P1 and press Enter" in text
    assert CLEAR_SCREEN + "Pass to P2 and press Enter" in text
    assert "\x1b[3J" in CLEAR_SCREEN          # the scrollback goes too: no scrolling back to P1's hand
    assert text.index(CLEAR_SCREEN + "Pass to P2") < text.index("you are P2")


def test_all_bots_play_without_input():
    result = play(TTT, "--seed", "4", "--seat", "1=random", input="n\n")
    assert result.exit_code == 0
    assert "your choice" not in result.output and "Game over:" in result.output


@pytest.mark.parametrize("args, message", [
    (["--seat", "2=robot"], "'robot' is not a bot: the bots are random, greedy, mcts, ismcts"),
    (["--seat", "2=mcts:fast"], "'fast' is not a budget: give seconds a move (2, 0.5, 2s) or iterations a move (500i)"),
    (["--seat", "2"], "'2' is not SEAT=human or SEAT=BOT (as 2=ismcts:1s)"),
    (["--seat", "3=human"], "there is no seat '3': the seats are 1 (X), 2 (O)"),
    (["--option", "novalue"], "'novalue' is not NAME=VALUE"),
])
def test_bad_usage_exits_two(args, message):
    result = play(TTT, *args)
    assert result.exit_code == 2
    assert message in result.output


def test_resume_fixes_seed_and_players():
    result = play("--resume", "x.json", "--seed", "3")
    assert result.exit_code == 2
    assert "--seed cannot be used with --resume" in result.output


def test_a_broken_rules_file_is_a_diagnostic(tmp_rules):
    path = tmp_rules("b.rules", 'game "x"\nplayers 2\nflow:\n    win [nobody]\n')
    result = play(path)
    assert result.exit_code == 1
    assert result.output.startswith(f"{path}:4:10: error:")
    assert "Traceback" not in result.output


def _map_lines(screen: str) -> list:
    """The lines of a screen's map (grid rows and borders)."""
    return [line for line in screen.splitlines() if line.lstrip().startswith(("|", "+"))]


def _screens(name: str, seats: list, typed: str, seed: int, width: int, interactive: bool) -> str:
    """Everything `ruledsl play` of a bundled game (2 players) shows for this typed input."""
    game = ruledsl.load(str(GAMES / name), 2)
    out = io.StringIO()
    term = TerminalIO(io.StringIO(typed), out, interactive=interactive)
    session = PlaySession(game, game.new_game(seed=seed), seats, term, seed, "x.json")
    session.console.width = width
    session.run()
    return out.getvalue()


def test_hot_seat_hidden_movement_shows_each_seat_only_its_own_ghost():
    # Tillinghast: ghosts' squares are known to their owners only. Two humans at one screen
    # each place a ghost, then P1 takes a turn: each screen's map holds that seat's ghost only.
    shown = _screens("tillinghast.rules", ["human", "human"], "\n1\n\n2\n\n1\nquit\nn\n", 3, 120, True)
    screens = shown.split(CLEAR_SCREEN)
    views = [s for s in screens if "· you are" in s]
    assert len(views) >= 3                                  # P1 places, P2 places, P1's turn
    p2_screen, p1_turn = views[1], views[2]
    assert "you are P2" in p2_screen and "you are P1" in p1_turn
    p1_map = _map_lines(p1_turn)
    assert any("P1" in line for line in p1_map) and not any("P2" in line for line in p1_map)
    assert not any("P1" in line for line in _map_lines(p2_screen))   # P1 had placed its ghost already
    assert CLEAR_SCREEN + "Pass to P2 and press Enter" in shown
    assert "makes a secret choice" in p2_screen            # the placement itself is only announced


def test_the_haunting_house_screen_shows_tiles_pawns_doors_and_turned_cards():
    shown = _screens("haunting_house.rules", ["human", "random"], "1\n1\n1\n1\n1\nquit\nn\n", 5, 100, False)
    last = shown.split("· you are Red")[-1]
    board = _map_lines(last)
    assert any("──┼──" in line for line in board) and any("  │  " in line for line in board)   # tile paths
    assert any("Welco." in line for line in board) and any(" GO " in line for line in board)
    assert any(" TD " in line for line in board)                      # too long for a square: shortened,
    assert "Shortened: DS door slot · GO Get Out · TD Trap Door · Welco. Welcome" in last     # and said
    assert any("Red" in line for line in board) and any("Blue" in line for line in board)  # both pawns
    assert re.search(r"turned-over cards +Move 1, ", last.split("On the table")[0])        # cards turned so far
    assert re.search(r"Blue's hand +card \(face down\) ×3", last)


def test_undo_takes_the_last_decision_back_line_by_line(in_tmp):
    out = play(TTT, "--seed", "5", input="1\nundo\n5\nquit\ny\nmine.json\n").output
    assert "Taken back: X decides again." in out
    actions = json.loads((in_tmp / "mine.json").read_text())["actions"]
    assert "X: mark A1" in out
    assert actions[0] == "mark B2" and len(actions) == 2      # A1 was taken back, with O's answer to it
    assert play(TTT, "--seed", "5", input="undo\nquit\nn\n").output.count(
        "Cannot undo: you have made no decision to take back.") == 1


def test_undo_stands_once_chance_revealed_something(in_tmp):
    out = play(str(GAMES / "examples" / "dice_race.rules"), "--seed", "3", input="1\nundo\nquit\nn\n").output
    assert "Cannot undo: something hidden was revealed since" in out and "Taken back" not in out


def test_a_save_names_its_rules_file_from_wherever_it_is_read(in_tmp, monkeypatch):
    (in_tmp / "saves").mkdir()
    play(TTT, "--seed", "5", input="1\nsave\nsaves/a.json\nquit\nn\n")
    record = json.loads((in_tmp / "saves" / "a.json").read_text())
    assert (in_tmp / "saves" / record["game"]).resolve() == Path(TTT).resolve()
    elsewhere = in_tmp / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)                       # resumed from another folder: the same game
    out = play("--resume", str(in_tmp / "saves" / "a.json"), input="quit\nn\n").output
    assert "Resumed after 2 actions" in out and "X: mark A1" in out
    first = play(TTT, "--seed", "5", input="save\n\nquit\nn\n").output      # the command it suggests
    assert "Continue later with: ruledsl play --resume tic_tac_toe-5.save.json" in first


def test_hot_seat_undo_never_takes_back_another_player_s_decision(in_tmp):
    out = play(TTT, "--seed", "5", "--seat", "2=human", input="\n1\n\n2\n\nundo\nquit\nn\n").output
    assert "Cannot undo: another player has decided since: it stands." in out
    out = play(TTT, "--seed", "5", "--seat", "2=human", input="\n1\n\nundo\nquit\nn\n").output
    assert "Cannot undo: you have made no decision to take back." in out      # O's first decision


def test_the_line_view_says_how_far_the_game_has_gone():
    out = play(str(GAMES / "shining.rules"), "--seed", "3", input="quit\nn\n").output
    assert "The Shining · you are Red · month 1 of 4 ·" in out
    out = play(TTT, "--seed", "5", input="quit\nn\n").output
    assert " of " not in out.splitlines()[1]                         # no progress declared: the round, if any


def test_a_save_keeps_who_played_each_seat_and_resume_goes_on_with_them(in_tmp):
    out = play(TTT, "--seed", "5", "--seat", "2=mcts:20i", "--line", input="1\nsave\nbots.json\nquit\nn\n").output
    assert "Continue later with: ruledsl play --resume bots.json --seat 2=mcts:20i" in out
    record = json.loads((in_tmp / "bots.json").read_text())
    assert record["seats"] == ["human", "mcts:20i"]
    resumed = play("--resume", "bots.json", "--line", input="quit\nn\n").output
    assert "Seats: X (you), O (mcts:20i)." in resumed                 # not random, as saves used to make it
    changed = play("--resume", "bots.json", "--seat", "2=random", "--line", input="quit\nn\n").output
    assert "Seats: X (you), O (random)." in changed                   # --seat changes one seat


def test_a_saved_seat_that_is_no_bot_is_a_clear_error(in_tmp):
    play(TTT, "--seed", "5", "--line", input="1\nsave\nx.json\nquit\nn\n")
    record = json.loads((in_tmp / "x.json").read_text())
    record["seats"] = ["human", "robot"]
    (in_tmp / "x.json").write_text(json.dumps(record))
    result = play("--resume", "x.json", "--line", input="quit\nn\n")
    assert result.exit_code == 2 and "the saved game names a player that is not a bot" in result.output


def test_help_line_by_line_teaches_the_game_from_its_rules():
    out = play(str(GAMES / "shining.rules"), "--seed", "3", "--line", input="help\nquit\nn\n").output
    assert "How to play The Shining" in out and "You are Caretakers of the Overlook Hotel" in out
    assert "docs/games/shining.md" in out
