"""`ruledsl test`: scenarios in rules files; failures with their place, passes with -v, a summary line."""
from __future__ import annotations

from click.testing import CliRunner

from ruledsl.cli.main import cli

GAME = '''game "Marks"
players 2
seats X, O
kind Mark
zone supply: area of Mark, per player:
    5 x Mark
board Grid grid:
    map: """
. .
. .
"""
define empty(sq) = count(contents(sq)) == 0
flow:
    repeat:
        for each p in players:
            turn p:
                choose sq from [each s in locations(Grid) where empty(s)] as "mark {sq}":
                    move first(contents(p.supply)) to sq
                if not any(each s in locations(Grid) where empty(s)):
                    win []

scenario "a marked square cannot be marked again":
    play "mark A1" by X
    expect illegal "mark A1" by O

scenario "marking takes a mark from the supply":
    play "mark B2" by X
    expect count(contents(X.supply)) == 5
'''


def line_of(text: str) -> int:
    return next(i for i, line in enumerate(GAME.splitlines(), 1) if text in line)


def invoke(*args):
    result = CliRunner().invoke(cli, ["test", *args])
    return result.exit_code, result.output


def test_one_passing_one_failing(tmp_rules):
    path = tmp_rules("marks.rules", GAME)
    code, out = invoke(path)
    assert code == 1
    lines = out.splitlines()
    assert lines[0].startswith(f"{path}:{line_of('marking takes')}: FAIL marking takes a mark from the supply: "
                               f"line {line_of('== 5')}: expected count(contents(X.supply)) == 5")
    assert "a marked square" not in out
    assert lines[-1] == "1 passed, 1 failed"


def test_verbose_lists_passes(tmp_rules):
    path = tmp_rules("marks.rules", GAME)
    code, out = invoke("-v", path)
    assert f"{path}:{line_of('a marked square')}: ok a marked square cannot be marked again" in out
    assert out.splitlines()[-1] == "1 passed, 1 failed"


def test_all_passing_exits_zero(tmp_rules):
    path = tmp_rules("marks.rules", GAME.replace("== 5", "== 4"))
    code, out = invoke(path)
    assert code == 0
    assert out == "2 passed, 0 failed\n"


def test_a_file_that_does_not_load_is_one_failure(tmp_rules):
    good = tmp_rules("marks.rules", GAME.replace("== 5", "== 4"))
    code, out = invoke(good, "no/such.rules")
    assert code == 1
    assert "no/such.rules: FAIL" in out and "cannot read" in out
    assert out.splitlines()[-1] == "2 passed, 1 failed"
