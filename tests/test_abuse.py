"""Files, records and options made to break ruledsl: each is a located error, never a traceback or a hang.

The cases of issue 20, each as small as it can be made. Every rules-file case
is a diagnostic with a place (path:line:column); records and unreadable files
are errors naming the file. Runaway expressions (at the end) are stopped by the
interpreter's step budget, which counts the items they make and visit.
"""
from __future__ import annotations

import json
import os

import pytest
from click.testing import CliRunner

import ruledsl
from ruledsl.cli.main import cli
from ruledsl.limits import MAX_COMPONENTS, MAX_EXTENDS_DEPTH, MAX_FILE_BYTES

from .conftest import GAMES, errors_of

HEAD = 'game "x"\nplayers 2\n'
END = "flow:\n    win players\n"
TTT = str(GAMES / "examples" / "tic_tac_toe.rules")


def located(text: str, path: str = "t.rules") -> list:
    """(line, column, message) of each error; each must be placed in the file."""
    errors = errors_of(text, path)
    assert errors, "no error"
    assert all(d.path == path and d.line >= 1 and d.column >= 1 for d in errors), errors
    return [(d.line, d.column, d.message) for d in errors]


def invoke(*args):
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.output


# ---------------------------------------------------------------- numbers, sizes, nesting

def test_a_number_of_thousands_of_digits():
    assert located(HEAD + "const X = 1" + "0" * 5000 + "\n" + END) == [
        (3, 11, "this number has 5,001 digits; numbers in rules have at most 15")]


def test_an_option_of_thousands_of_digits(tmp_rules):
    path = tmp_rules("o.rules", HEAD + "option n: int = 3\n" + END)
    with pytest.raises(ruledsl.RulesError) as err:
        ruledsl.load(path, options={"n": "1" + "0" * 5000})
    assert (err.value.line, err.value.message) == (
        3, "option n must be a whole number of at most 15 digits (given: 10000000000000000000…0000, 5,001 characters)")
    code, out = invoke("run", path, "--option", "n=1" + "0" * 5000)
    assert code == 2 and "Invalid value for --option: option n must be a whole number of at most 15 digits" in out
    with pytest.raises(ruledsl.RulesError):
        ruledsl.load(path, options={"n": 10 ** 20})


def test_more_players_than_can_be_seated():
    assert located('game "x"\nplayers 2..100000000000000000000\n' + END)[0][:2] == (2, 12)
    assert located('game "x"\nplayers 2..1000000\n' + END) == [
        (2, 1, "up to 1,000,000 players: a game may have at most 100 seats")]


def test_a_zone_of_ten_million_components():
    text = HEAD + "kind Card\nzone deck: deck of Card:\n    10000000 x Card\n" + END
    assert located(text) == [(5, 5, "this brings the game to 10,000,000 components; a game may have at most 10,000")]


def test_components_counted_by_an_option_are_checked_when_the_game_is_loaded(tmp_rules):
    path = tmp_rules("c.rules", HEAD + "option n: int = 3\nkind Card\nzone deck: deck of Card:\n    n x Card\n" + END)
    assert len(ruledsl.load(path).program.comps) == 3
    with pytest.raises(ruledsl.RulesError) as err:
        ruledsl.load(path, options={"n": str(MAX_COMPONENTS + 1)}).new_game()
    assert err.value.line == 6 and "a game may have at most 10,000" in err.value.message


def test_a_constant_list_of_a_hundred_thousand_items(tmp_rules):
    text = HEAD + "const L = [" + ",".join(["1"] * 100_000) + "]\n" + END
    assert located(text) == [(3, 11, "this list has 100,000 items written out; one may have at most 1,000")]
    spaced = tmp_rules("l.rules", HEAD + "const L = [" + ", ".join(["1"] * 100_000) + "]\n" + END)
    [problem] = ruledsl.check(spaced)
    assert (problem.line, problem.message) == (0, f"cannot read '{spaced}': it is 300,052 bytes; "
                                                  f"a rules file may be at most {MAX_FILE_BYTES:,}")


def test_a_grid_of_300_by_300():
    rows = "\n".join(" ".join(["."] * 300) for _ in range(300))
    text = HEAD + f'board B grid:\n    map: """\n{rows}\n"""\n' + END
    assert located(text) == [(4, 10, "this map is 300 squares wide and 300 high; a grid may be at most 100 by 100")]


def test_deep_nesting_is_reported_where_it_is():
    text = HEAD + "flow:\n    let x = 1\n    announce \"{" + "+".join(["x"] * 500) + "}\"\n    win players\n"
    assert located(text) == [(5, 16, "this nests more than 100 levels deep")]
    text = HEAD + "const c = " + "[" * 3000 + "]" * 3000 + "\n" + END
    assert located(text)[0][:2] == (3, 11 + 98)


# ---------------------------------------------------------------- going through something that is not a list

KINDS_OF_VALUE = {           # an expression, and whether a loop may go through it
    "3": False, '"abc"': False, "true": False, "P1": False, "d6": False, "Colour": False, "Card": False,
    "B": False, "none": False, "top(deck)": False,
    "deck": True, "Here": True, "[1, 2]": True, "1..3": True, "{1: 2}": True, "contents(deck)": True,
    "players": True, "components(Card)": True, "[each c in deck]": True,
}
WORLD = HEAD + ('enum Colour: Red, Blue\ndie d6: 1..6\nkind Card\nzone deck: deck of Card:\n    2 x Card\n'
                'board B:\n    location Here\n')


@pytest.mark.parametrize("source", KINDS_OF_VALUE, ids=list(KINDS_OF_VALUE))
def test_the_checker_and_the_interpreter_agree_on_what_a_loop_may_go_through(source):
    places = {"flow": f"flow:\n    for each v in {source}:\n        pass\n    win players\n",
              "count": f"flow:\n    let n = count({source})\n    win players\n",
              "contents": f"zone made: area of Card:\n    Card for each v in {source}\n{END}"}
    for where, body in places.items():
        text = WORLD + body
        errors = errors_of(text)
        if KINDS_OF_VALUE[source]:
            assert errors == [], (where, errors)
            ruledsl.load("t.rules", text=text).new_game(seed=1)     # and it runs
        else:
            assert len(errors) == 1 and errors[0].line == 11 and "list" in errors[0].message, (where, errors)


def test_a_ranking_goes_through_players():
    assert errors_of(HEAD + "flow:\n    end game ranking each p in clockwise(P2) by 1\n") == []
    for source in ("3", "[1, 2]", "components(Card)"):
        text = HEAD + "kind Card\nflow:\n    end game ranking each p in " + source + " by 1\n"
        assert [(d.line, d.column) for d in errors_of(text)] == [(5, 32)], source


def test_a_value_the_checker_cannot_know_is_a_located_error_in_play():
    text = HEAD + "rule r(x):\n    for each v in x:\n        pass\nflow:\n    do r(3)\n    win players\n"
    assert errors_of(text) == []
    with pytest.raises(ruledsl.RulesError) as err:
        ruledsl.load("t.rules", text=text).new_game()
    assert (err.value.line, err.value.column) == (4, 5) and "3 is not a list" in err.value.message


# ---------------------------------------------------------------- paths

def test_a_nul_character_in_an_extends_path():
    assert located('extends "a\\u0000b.rules"\n' + HEAD + END) == [
        (1, 1, "cannot read 'a\\x00b.rules': a path cannot contain a NUL character")]
    [problem] = ruledsl.check("a\0b.rules")
    assert problem.message == "cannot read 'a\\x00b.rules': a path cannot contain a NUL character"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_devices_pipes_and_folders_are_not_read(tmp_path):
    fifo = tmp_path / "pipe.rules"
    os.mkfifo(fifo)                                         # opening it would wait for a writer for ever
    variant = tmp_path / "v.rules"
    variant.write_text('extends "pipe.rules"\n', encoding="utf-8")
    [problem] = ruledsl.check(str(variant))
    assert (problem.line, problem.message) == (1, f"cannot read '{fifo}': it is not a regular file (a device, a pipe or a socket)")
    for path, reason in ((str(fifo), "it is not a regular file (a device, a pipe or a socket)"),
                         ("/dev/zero", "it is not a regular file (a device, a pipe or a socket)"),
                         (str(tmp_path), "it is a folder")):
        [problem] = ruledsl.check(path)
        assert problem.message == f"cannot read '{path}': {reason}"
    code, out = invoke("check", str(fifo))
    assert code == 1 and "not a regular file" in out


def test_a_file_that_is_not_rules_is_never_quoted(tmp_path):
    secret = tmp_path / "notes.txt"
    secret.write_text("my password is hunter2\n", encoding="utf-8")
    variant = tmp_path / "v.rules"
    variant.write_text('extends "notes.txt"\n', encoding="utf-8")
    code, out = invoke("check", str(variant))
    assert code == 1 and "hunter2" not in out
    assert out.startswith(f"{variant}:1:1: error: 'notes.txt' is not a .rules file")
    record = tmp_path / "r.json"
    record.write_text(json.dumps({"format": "ruledsl-record", "version": 1, "game": str(secret), "players": 2,
                                  "seed": 1, "actions": []}), encoding="utf-8")
    for args in (["replay", str(record)], ["play", "--resume", str(record)]):
        code, out = invoke(*args)
        assert code == 1 and "hunter2" not in out and "is not a .rules file" in out


def test_a_rules_file_too_big_to_read(tmp_path):
    big = tmp_path / "big.rules"
    big.write_text(HEAD + "#" * MAX_FILE_BYTES + "\n" + END, encoding="utf-8")
    [problem] = ruledsl.check(str(big))
    assert problem.message.startswith(f"cannot read '{big}': it is {MAX_FILE_BYTES + len(HEAD + END) + 1:,} bytes")


def test_extends_paths_are_relative_to_the_file_that_names_them(tmp_path, monkeypatch):
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "base.rules").write_text(HEAD + END, encoding="utf-8")
    (tmp_path / "sub" / "v.rules").write_text('extends "base.rules"\ngame "v"\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert ruledsl.load("sub/v.rules").title == "v"


def test_a_chain_of_too_many_variants(tmp_path):
    (tmp_path / "f0.rules").write_text(HEAD + END, encoding="utf-8")
    for i in range(1, MAX_EXTENDS_DEPTH + 2):
        (tmp_path / f"f{i}.rules").write_text(f'extends "f{i - 1}.rules"\n', encoding="utf-8")
    assert ruledsl.load(str(tmp_path / f"f{MAX_EXTENDS_DEPTH - 1}.rules")).title == "x"
    [problem] = ruledsl.check(str(tmp_path / f"f{MAX_EXTENDS_DEPTH + 1}.rules"))
    assert problem.message == f"this makes a chain of more than {MAX_EXTENDS_DEPTH} files extending each other"


# ---------------------------------------------------------------- records given to the API

@pytest.mark.parametrize("change, message", [
    ({"version": 999}, "this record is of version 999 of the record format; this ruledsl reads version 1"),
    ({"seed": 10 ** 5000}, "the record is damaged: 'seed' must be a whole number of at most 20 digits"),
    ({"actions": "mark A1"}, "the record is damaged: 'actions' must be a list of at most 20,000 action labels, "
                             "each at most 1,000 characters"),
    ({"players": True}, "the record is damaged: 'players' must be a whole number of players from 1 to 100"),
    ({"extra": 1}, "the record is damaged: it has fields no version 1 record has: 'extra'"),
    ({"format": "other"}, "this is not a ruledsl record"),
])
def test_a_damaged_record_given_to_replay(change, message):
    game = ruledsl.load(TTT)
    record = dict(game.new_game(seed=1).record(), **change)
    with pytest.raises(ruledsl.RulesError) as err:
        ruledsl.replay(game, record)
    assert err.value.message == message


# ---------------------------------------------------------------- runaway expressions (the step budget)

GRID8 = 'board B grid:\n    map: """\n' + "\n".join(". " * 8 for _ in range(8)) + '\n    """\n'
# GRID8 written as locations and roads, one of them open only while `open` holds
GATED8 = ("var open: bool = true\nboard B:\n    edge road\n"
          + "".join(f"    location A{i}\n" if i == 1 else f"    location S{i}\n" for i in range(1, 65))
          + "".join(f"    road: {'A' if i == 1 else 'S'}{i} - S{j}{' when open' if i == 1 else ''}\n"
                    for i in range(1, 65) for j in (i + 1, i + 8) if j <= 64 and (j == i + 8 or i % 8)))
RUNAWAYS = {
    "a count over 1..10**8": ("", "    let n = count([each x in 1..100000000 where x > 0])\n"),
    "1..10**9 kept in a let": ("", "    let xs = 1..1000000000\n    announce \"{count([each x in xs where x > 5])}\"\n"),
    "comprehensions of 10**4 x 10**4": (
        "", "    let n = count([each x in 1..10000 where count([each y in 1..10000 where y == x]) > 0])\n"),
    "an exact walk of 40 steps that never revisits": (
        GRID8, "    let r = reachable(A1, 40, exact: true, revisit: false)\n    announce \"{count(r)}\"\n"),
    "an exact walk of 40 steps over a board with a conditional step (fast path walks)": (
        GATED8,
        "    let r = reachable(A1, 40, exact: true, revisit: false)\n    announce \"{count(r)}\"\n"),
}


@pytest.mark.parametrize("decls, body", RUNAWAYS.values(), ids=RUNAWAYS.keys())
def test_a_runaway_expression_is_an_error_at_its_line(decls, body):
    text = HEAD + decls + "flow:\n" + body + "    win players\n"
    line = text.count("\n", 0, text.index("flow:\n")) + 2
    with pytest.raises(ruledsl.RulesError) as caught:
        ruledsl.load("t.rules", text=text).new_game()
    assert (caught.value.path, caught.value.line) == ("t.rules", line)
    assert "steps" in caught.value.message


def test_reachable_with_a_huge_count_stops_at_the_edge_of_the_board():
    text = HEAD + GRID8 + "flow:\n    let r = reachable(A1, 1000000000)\n    announce \"{count(r)}\"\n    win players\n"
    state = ruledsl.load("t.rules", text=text).new_game()
    assert "64" in state.events(None)
