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


ANNOTATED = """\
--------------------------------------------------------------------------------
Ir                     
--------------------------------------------------------------------------------
2,357,596,977 (100.0%)  PROGRAM TOTALS

--------------------------------------------------------------------------------
Ir                    file:function
--------------------------------------------------------------------------------
205,404,321 ( 8.71%)  /tmp/Python-3.11.7/Python/ceval.c:_PyEval_EvalFrameDefault'2 [/usr/lib/libpython3.11.so.1.0]
105,169,032 ( 4.46%)  /tmp/Python-3.11.7/Python/ceval.c:_PyEval_EvalFrameDefault [/usr/lib/libpython3.11.so.1.0]
 72,065,660 ( 3.06%)  /tmp/Python-3.11.7/Objects/dictobject.c:_Py_dict_lookup [/usr/lib/libpython3.11.so.1.0]
  1,000 ( 0.00%)  ???:0x000000000001b2c0 [/usr/lib/ld-linux-x86-64.so.2]
"""


def test_callgrinds_table_is_read_a_function_once_its_recursion_included():
    found = instructions.functions_of(ANNOTATED)
    assert found == {"_PyEval_EvalFrameDefault": 310_573_353, "_Py_dict_lookup": 72_065_660,
                     "0x000000000001b2c0": 1_000}


def test_where_the_instructions_went_is_playing_less_idling(monkeypatch, capsys):
    idle = "  1,000 ( 1.00%)  x.c:f [lib]\n  500 ( 0.50%)  x.c:g [lib]\n  70 ( 0.01%)  x.c:h [lib]\n"
    played = "  4,000 ( 4.00%)  x.c:f [lib]\n  500 ( 0.50%)  x.c:g [lib]\n  1,070 ( 1.00%)  x.c:h [lib]\n"
    monkeypatch.setattr(instructions, "_annotated", lambda path: played if path.endswith("played.out") else idle)
    spent = instructions.by_function("/somewhere")
    assert spent == {"f": 3_000, "h": 1_000}            # g played no more than it idled
    instructions.print_functions(spent, 1)
    out = capsys.readouterr().out
    assert "4,000 in all" in out and "75.0%  f" in out and " h" not in out


def test_a_run_that_keeps_its_counts_tells_callgrind_where(monkeypatch, tmp_path):
    commands = []

    def run(command, **kw):
        commands.append(command)
        return subprocess.CompletedProcess(command, 0, stdout="7\n", stderr="==7== I   refs:      1,000\n")
    monkeypatch.setattr(instructions.subprocess, "run", run)
    args = SimpleNamespace(game_path=TIC_TAC_TOE, players=None, seed=0, muted=False, setup=False, playouts=2)
    instructions.per_action(ROOT, args)
    instructions.per_action(ROOT, args, str(tmp_path))
    counted = [c for c in commands if c[0] == "valgrind"]
    assert [c[2] for c in counted] == ["--callgrind-out-file=/dev/null"] * 2 + [
        f"--callgrind-out-file={tmp_path}/idle.out", f"--callgrind-out-file={tmp_path}/played.out"]


def test_the_two_counted_runs_read_one_cache_folder_of_their_own_warmed_first(monkeypatch):
    # (the first counted run built the parser's tables and wrote the check's report, the second read
    # them: play less start-up came out below zero for a game whose playouts cost less than that)
    runs = []

    def run(command, capture_output, text, env):
        runs.append((command[0] == "valgrind", env["RULEDSL_CACHE_DIR"]))
        refs = 5_000 if command[-2] == "0" else 1_000       # (playouts: none, or two)
        return subprocess.CompletedProcess(command, 0, stdout="7\n", stderr=f"==7== I   refs:      {refs:,}\n")
    monkeypatch.setattr(instructions.subprocess, "run", run)
    args = SimpleNamespace(game_path=TIC_TAC_TOE, players=None, seed=0, muted=False, setup=False, playouts=2)
    with pytest.raises(SystemExit) as stopped:
        instructions.per_action(ROOT, args)
    assert "fewer instructions" in str(stopped.value)
    assert [counted for counted, _ in runs] == [False, True, True]
    folders = {folder for _, folder in runs}
    assert len(folders) == 1 and "ruledsl-instructions-" in folders.pop()


def test_it_asks_for_callgrind_annotate_before_counting_by_function(monkeypatch, capsys):
    monkeypatch.setattr(instructions.shutil, "which", lambda name: None if name == "callgrind_annotate" else "/bin/x")
    with pytest.raises(SystemExit):
        instructions.main(["tic_tac_toe", "--by-function", "5"])
    assert "callgrind_annotate is not installed" in capsys.readouterr().err


def test_a_count_without_a_pass_makes_the_games_without_it(monkeypatch):
    seen = []

    def run(command, capture_output, text, env):
        seen.append(env["RULEDSL_SLOW"])
        return SimpleNamespace(returncode=0, stdout="7\n", stderr="==1== Collected : 1\n==1== I   refs:      1,000")
    monkeypatch.setattr(subprocess, "run", run)
    args = SimpleNamespace(game_path=TIC_TAC_TOE, players=None, seed=0, muted=False, setup=False, playouts=2)
    assert instructions.counted(ROOT, args, 2, without="started") == (1000, 7)
    assert instructions.counted(ROOT, args, 2) == (1000, 7)
    assert seen == ["started", ""]


def test_a_pass_not_named_so_is_refused(monkeypatch, capsys):
    monkeypatch.setattr(instructions.shutil, "which", lambda name: "/usr/bin/" + name)
    with pytest.raises(SystemExit):
        instructions.main(["tic_tac_toe", "--without", "fodl"])
    assert "no pass named fodl; the passes are typed, compare" in capsys.readouterr().err
