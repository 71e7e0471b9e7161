"""Control sequences in data are shown, never obeyed (issue 43, "terminal control sequences").

A rules file's title, labels and announcements, a record's game path and option names reach
the terminal through every command; each control character (ESC, BEL, the C1 CSI, a
bidirectional override) is printed as an escape such as \\x1b, so a file cannot clear the
screen, set the window's title or write the clipboard (OSC 52) of whoever looks at it.
"""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from hypothesis import given, settings, strategies as st

from ruledsl.cli.main import cli
from ruledsl.printable import printable, printable_data, quoted

EVIL = r'''game "Evil\u001b]0;title\u0007"
players 2
flow:
    announce "\u001b[2J\u001b]52;c;cHduZWQ=\u0007cleared"
    choose by P1:
        option "go\u001b[31m\u202e":
            announce "went\u009b2J\r"
            win [P1]
        option "stay":
            win [P2]
scenario "a title\u001b[2J":
    play "stay" by P1
    expect announced "went\u001b[2J"
'''
OBEYED = ("\x1b", "\x07", "\x9b", "\u202e", "\r")


def invoke(*args, input=None):
    result = CliRunner().invoke(cli, [str(a) for a in args], input=input)
    return result.exit_code, result.output


def assert_shown_not_obeyed(out: str) -> None:
    assert not [c for c in OBEYED if c in out], repr(out)
    assert "\\x1b" in out, out


@pytest.fixture
def evil(tmp_path):
    path = tmp_path / "evil.rules"
    path.write_text(EVIL, encoding="utf-8")
    return path


def _record(tmp_path, evil, **change) -> str:
    code, out = invoke("run", evil, "--seed", 2, "--json")
    assert code == 0
    record = dict(json.loads(out), **change)
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("args, input", [
    (["run", "{evil}", "--seed", "1", "--transcript"], None),
    (["play", "--line", "{evil}", "--seed", "1"], "1\nn\n"),
    (["simulate", "{evil}", "-n", "3"], None),
    (["analyze", "{evil}", "-n", "4"], None),
    (["test", "{evil}"], None),
], ids=["run --transcript", "play --line", "simulate", "analyze", "test"])
def test_commands_show_the_rules_text_escaped(evil, args, input):
    code, out = invoke(*[a.format(evil=evil) for a in args], input=input)
    assert_shown_not_obeyed(out)


def test_replay_shows_labels_and_announcements_escaped(evil, tmp_path):
    record = _record(tmp_path, evil)
    for extra in ([], ["--board"], ["--seat", "1"]):
        code, out = invoke("replay", record, *extra)
        assert code == 0 and "went\\x9b2J\\r" in out
        assert_shown_not_obeyed(out)


def test_a_records_game_path_and_option_names_are_escaped(evil, tmp_path):
    record = _record(tmp_path, evil, game="evil\x1b]0;x\x07.rules")
    code, out = invoke("replay", record)
    assert code == 1 and "does not exist" in out
    assert_shown_not_obeyed(out)
    record = _record(tmp_path, evil, options={"\x1b[2Jcolour": "red"})
    code, out = invoke("replay", record)
    assert code == 1
    assert_shown_not_obeyed(out)
    record = _record(tmp_path, evil, actions=["go\x1b]52;c;eA==\x07"])
    code, out = invoke("play", "--line", "--resume", record, input="")
    assert code == 1 and "does not fit" in out
    assert_shown_not_obeyed(out)


def test_check_shows_a_broken_files_text_escaped(tmp_path):
    path = tmp_path / "b.rules"
    path.write_text('game "x"\nplayers 2\nflow:\n    win players\n    \x1b]52;c;eA==\x07 oops\n', encoding="utf-8")
    for fmt in ("text", "github", "json", "sarif"):
        code, out = invoke("check", "--format", fmt, path)
        assert code == 1 and not [c for c in OBEYED if c in out], (fmt, out)


@settings(max_examples=200, deadline=None)
@given(st.text())
def test_printable_text_holds_nothing_a_terminal_obeys(text):
    shown = printable(text)
    assert not [c for c in shown if (ord(c) < 0x20 and c not in "\n\t") or 0x7f <= ord(c) <= 0x9f
                or 0x202a <= ord(c) <= 0x202e or 0x2066 <= ord(c) <= 0x2069 or 0xd800 <= ord(c) <= 0xdfff]
    shown.encode("utf-8")                  # a lone surrogate can be written, as an escape
    assert printable(shown) == shown       # escaping twice changes nothing more
    if all(c.isprintable() or c in "\n\t" for c in text):
        assert shown == text               # ordinary text, accents and emoji included, is as written
    assert "\n" not in quoted(text) and len(quoted(text, 40)) <= 40


def test_printable_data_escapes_every_string_of_a_view():
    view = {"game": "a\x1b", "log": ["b\x07"], "vars": {"k\x9b": ("c\r", 3)}}
    assert printable_data(view) == {"game": "a\\x1b", "log": ["b\\x07"], "vars": {"k\\x9b": ("c\\x0d", 3)}}
