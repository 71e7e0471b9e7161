"""benchmarks/instructions.py: what its counted runs play, how it reads callgrind's count, and
what it says when it cannot count (no valgrind, no checkout, a run that fails). Nothing here
runs valgrind (a count takes minutes)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import instructions  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
TIC_TAC_TOE = str(ROOT / "games" / "examples" / "tic_tac_toe.rules")


def test_a_counted_run_plays_whole_games_or_only_their_set_ups():
    played = instructions.play(TIC_TAC_TOE, None, 3, muted=False, setup=False, seed=0)
    assert 3 * 5 <= played <= 3 * 9                 # a game of tic-tac-toe lasts 5 to 9 moves
    assert instructions.play(TIC_TAC_TOE, None, 3, muted=True, setup=False, seed=0) >= 15
    assert instructions.play(TIC_TAC_TOE, None, 4, muted=False, setup=True, seed=0) == 4


def test_the_child_prints_the_actions_played_with_this_trees_ruledsl(capsys):
    assert instructions.main(["--child", str(ROOT), TIC_TAC_TOE, "2", "2", "0", "--muted"]) == 0
    assert 10 <= int(capsys.readouterr().out.strip()) <= 18


def test_the_child_refuses_a_checkout_whose_ruledsl_it_did_not_import(tmp_path):
    with pytest.raises(SystemExit, match="not from"):
        instructions.main(["--child", str(tmp_path), TIC_TAC_TOE, "2", "1", "0"])


def test_a_run_is_read_from_callgrinds_count_and_the_last_line_printed(monkeypatch):
    seen = {}

    def run(command, **kw):
        seen["command"], seen["env"] = command, kw["env"]
        return subprocess.CompletedProcess(command, 0, stdout="loading\n42\n",
                                           stderr="==7== Events    : Ir\n==7== I   refs:      1,234,567\n")
    monkeypatch.setattr(instructions.subprocess, "run", run)
    args = SimpleNamespace(game_path=TIC_TAC_TOE, players=None, seed=0, muted=True, setup=False)
    assert instructions.counted(ROOT, args, 5) == (1_234_567, 42)
    assert seen["command"][:2] == ["valgrind", "--tool=callgrind"] and "--muted" in seen["command"]
    assert seen["env"]["PYTHONHASHSEED"] == "0" and seen["env"]["PYTHONPATH"] == str(ROOT)


def test_a_run_that_fails_says_where_and_why(monkeypatch):
    monkeypatch.setattr(instructions.subprocess, "run", lambda command, **kw: subprocess.CompletedProcess(
        command, 1, stdout="", stderr="Traceback ...\nRulesError: t.rules:3:1: no such zone"))
    args = SimpleNamespace(game_path=TIC_TAC_TOE, players=None, seed=0, muted=False, setup=False)
    with pytest.raises(SystemExit, match="no such zone"):
        instructions.counted(ROOT / "elsewhere", args, 5)


def test_it_says_what_is_missing_before_counting(monkeypatch, capsys, tmp_path):
    monkeypatch.setattr(instructions.shutil, "which", lambda name: None)
    with pytest.raises(SystemExit):
        instructions.main(["tic_tac_toe"])
    assert "valgrind is not installed" in capsys.readouterr().err
    monkeypatch.setattr(instructions.shutil, "which", lambda name: "/usr/bin/valgrind")
    with pytest.raises(SystemExit):
        instructions.main(["tic_tac_toe", "--against", str(tmp_path)])
    assert "holds no ruledsl package" in capsys.readouterr().err
