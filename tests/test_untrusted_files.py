"""Files that are not rules files are not read as rules, and a file that does not parse is never
echoed beyond a short escaped excerpt (issue 43, "files that are not rules files").

A rules file may come from a pull request that CI checks: a link committed as `env.rules`
that leads to /proc/self/environ would have had its first line, the CI's secrets, quoted in
the syntax error. Links are resolved and must lead to a file named as they are; files the
system makes up as they are read (/proc, /sys) and files that are not text are refused.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

import ruledsl

from .conftest import ROOT

SECRET = "hunter2-not-for-logs"
HEAD = 'game "x"\nplayers 2\n'
END = "flow:\n    win players\n"

linux_proc = pytest.mark.skipif(not os.path.exists("/proc/self/environ"), reason="no /proc on this system")


def ruledsl_cli(*args, cwd=None) -> subprocess.CompletedProcess:
    """The command in a fresh process whose environment starts with a secret (as a CI job's may)."""
    env = {"CI_TOKEN": SECRET}
    env.update(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "ruledsl", *args], env=env, cwd=cwd, capture_output=True,
                          text=True, timeout=120)


@linux_proc
def test_a_link_to_proc_environ_named_by_extends_is_refused(tmp_path):
    (tmp_path / "env.rules").symlink_to("/proc/self/environ")
    variant = tmp_path / "v.rules"
    variant.write_text('extends "env.rules"\n', encoding="utf-8")
    done = ruledsl_cli("check", str(variant))
    assert done.returncode == 1
    assert SECRET not in done.stdout + done.stderr
    assert f"{variant}:1:1: error: cannot read '{tmp_path / 'env.rules'}': it is a link to '/proc/" in done.stdout
    assert "which is not a .rules file" in done.stdout


@linux_proc
def test_a_link_to_proc_as_a_records_game_is_refused(tmp_path):
    (tmp_path / "env.rules").symlink_to("/proc/self/environ")
    record = tmp_path / "r.json"
    record.write_text(json.dumps({"format": "ruledsl-record", "version": 1, "game": "env.rules", "players": 2,
                                  "seed": 1, "actions": []}), encoding="utf-8")
    for args in (["replay", str(record)], ["play", "--line", "--resume", str(record)]):
        done = ruledsl_cli(*args)
        assert done.returncode == 1, done
        assert SECRET not in done.stdout + done.stderr
        assert "it is a link to '/proc/" in done.stdout + done.stderr


@linux_proc
@pytest.mark.parametrize("name", ["environ", "status", "cmdline"])
def test_files_the_system_makes_up_are_refused(name, tmp_path):
    target = f"/proc/{os.getpid()}/{name}"          # (/proc/self is a link: it is refused as one)
    [problem] = ruledsl.check(target)
    assert problem.message == f"cannot read '{target}': it is a file of the system (as in /proc), not a file on disk"
    link = tmp_path / "sys.rules"
    link.symlink_to(target)
    [problem] = ruledsl.check(str(link))
    assert problem.message.startswith(f"cannot read '{link}': it is a link to '/proc/")
    done = ruledsl_cli("check", f"/proc/self/{name}")
    assert done.returncode == 1 and SECRET not in done.stdout + done.stderr
    assert "it is a file of the system" in done.stdout


def test_a_link_to_a_file_of_another_kind_is_refused(tmp_path):
    secret = tmp_path / "credentials"
    secret.write_text(f"[default]\ntoken = {SECRET}\n", encoding="utf-8")
    (tmp_path / "creds.rules").symlink_to(secret)
    variant = tmp_path / "v.rules"
    variant.write_text('extends "creds.rules"\n', encoding="utf-8")
    for path in (variant, tmp_path / "creds.rules"):
        [problem] = ruledsl.check(str(path))
        assert problem.message == f"cannot read '{tmp_path / 'creds.rules'}': it is a link to '{secret}', " \
                                  "which is not a .rules file"
        assert SECRET not in problem.message + problem.hint


def test_a_link_to_a_rules_file_is_read(tmp_path):
    (tmp_path / "real.rules").write_text(HEAD + END, encoding="utf-8")
    (tmp_path / "base.rules").symlink_to(tmp_path / "real.rules")
    (tmp_path / "v.rules").write_text('extends "base.rules"\ngame "v"\n', encoding="utf-8")
    assert ruledsl.load(str(tmp_path / "v.rules")).title == "v"
    assert ruledsl.load(str(tmp_path / "base.rules")).title == "x"


def test_a_file_with_nul_characters_is_not_text(tmp_path):
    path = tmp_path / "bin.rules"
    path.write_bytes((HEAD + END).encode() + b"\0\0\0")
    [problem] = ruledsl.check(str(path))
    assert problem.message == f"cannot read '{path}': it is not text: it holds NUL characters"


def test_a_long_token_of_a_file_that_does_not_parse_is_quoted_short(tmp_path):
    long = "A" * 5000
    path = tmp_path / "s.rules"
    path.write_text(HEAD + f'"{SECRET}{long}"\n' + END, encoding="utf-8")
    done = ruledsl_cli("check", str(path))
    assert done.returncode == 1
    assert long[:200] not in done.stdout
    assert len(done.stdout) < 1000, done.stdout
    [problem] = ruledsl.check(str(path))
    assert problem.message == f"unexpected '\"{SECRET}{'A' * 18}…'"


def test_a_slips_hint_quotes_the_line_short():
    line = "x = " + "s" * 500
    [problem] = ruledsl.check("t.rules", HEAD + "flow:\n    " + line + "\n    win players\n")
    assert len(problem.hint) < 200 and "s" * 100 not in problem.hint
    assert problem.hint.startswith("to change a variable, write `set x to " + "s" * 39 + "…`")


def test_control_characters_in_a_path_are_escaped():
    [problem] = ruledsl.check("evil\x1b]0;title\x07.rules")
    assert "\x1b" not in problem.message and "evil\\x1b]0;title\\x07.rules" in problem.message


def test_links_in_a_loop_are_an_error_not_a_crash(tmp_path):
    (tmp_path / "a.rules").symlink_to(tmp_path / "b.rules")
    (tmp_path / "b.rules").symlink_to(tmp_path / "a.rules")
    variant = tmp_path / "v.rules"
    variant.write_text('extends "a.rules"\n', encoding="utf-8")
    for path in (variant, tmp_path / "a.rules"):
        [problem] = ruledsl.check(str(path))
        assert problem.message.startswith(f"cannot read '{tmp_path / 'a.rules'}': ")
        assert "symbolic links" in problem.message
