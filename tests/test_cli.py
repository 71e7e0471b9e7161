"""`ruledsl check` as a user runs it: output, exit status, JSON, help."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from ruledsl.cli.main import cli

from .conftest import BUNDLED

BROKEN = 'game "x"\nplayers 2\nvar health: int = 3, per player\nflow:\n    for each p in players:\n        decrease p.helth by 1\n    win players\n'


def run(*args):
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.output


def test_clean_files_exit_zero():
    code, out = run("check", *map(str, BUNDLED))
    assert code == 0
    assert f"{len(BUNDLED)} file(s) checked: no errors" in out


def test_an_error_shows_place_line_caret_and_hint(tmp_rules):
    path = tmp_rules("broken.rules", BROKEN)
    code, out = run("check", path)
    assert code == 1
    lines = out.splitlines()
    assert lines[0] == f"{path}:6:18: error: a player has no 'helth'"
    assert lines[1] == "            decrease p.helth by 1"
    assert lines[2] == "                     ^^^^^^^"
    assert lines[3] == "    hint: did you mean 'health'?"
    assert lines[-1] == "1 error(s), 0 warning(s); 1 of 1 file(s) failed"


def test_one_bad_file_among_good_ones_fails_the_run(tmp_rules):
    code, _ = run("check", str(BUNDLED[0]), tmp_rules("broken.rules", BROKEN))
    assert code == 1


def test_json_format(tmp_rules):
    path = tmp_rules("broken.rules", BROKEN)
    code, out = run("check", "--format", "json", path, str(BUNDLED[0]))
    assert code == 1
    data = json.loads(out)
    assert data["ok"] is False
    first, second = data["files"]
    assert first["ok"] is False and second["ok"] is True
    assert first["diagnostics"][0] == {
        "path": path, "line": 6, "column": 18, "end_line": 6, "end_column": 25, "severity": "error",
        "message": "a player has no 'helth'", "hint": "did you mean 'health'?"}


def test_missing_file_is_an_error_not_a_traceback():
    code, out = run("check", "no/such/file.rules")
    assert code == 1
    assert out.startswith("no/such/file.rules: error: cannot read 'no/such/file.rules'")


def test_usage_error_exits_two():
    code, out = run("check")
    assert code == 2
    assert "Missing argument" in out


def test_warnings_can_be_hidden(tmp_rules):
    path = tmp_rules("w.rules", 'game "x"\nplayers 1\nrule unused():\n    pass\nflow:\n    win players\n')
    assert "never run" in run("check", path)[1]
    assert "never run" not in run("check", "--no-warnings", path)[1]


@pytest.mark.parametrize("args", [["--help"], ["check", "--help"]])
def test_help(args):
    code, out = run(*args)
    assert code == 0
    assert "Usage:" in out


def test_module_entry_point():
    result = subprocess.run([sys.executable, "-m", "ruledsl", "check", str(BUNDLED[0])], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
