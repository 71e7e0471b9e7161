"""Files that checked clean and then broke in play now fail at check time, located (issue 43,
"checked clean, then fails"; issue 47's long labels and Python's own words)."""
from __future__ import annotations

import ruledsl
from click.testing import CliRunner

from ruledsl.cli.main import cli

HEAD = 'game "x"\nplayers 2\n'
HALF = "is half of a UTF-16 pair, not a character"


def errors(text: str) -> list:
    return [(d.line, d.column, d.message) for d in ruledsl.check("t.rules", text) if d.severity == "error"]


def invoke(*args):
    result = CliRunner().invoke(cli, [str(a) for a in args])
    return result.exit_code, result.output


def test_a_lone_surrogate_in_a_string_is_an_error_where_it_is_written(tmp_path):
    text = HEAD + 'flow:\n    announce "ok \\uD800"\n    win players\n'
    assert errors(text) == [(4, 18, f"'\\uD800' {HALF}")]
    path = tmp_path / "s.rules"
    path.write_text(text, encoding="utf-8")
    for command in ("check", "run"):
        code, out = invoke(command, path)
        assert code == 1 and f"s.rules:4:18: error: '\\uD800' {HALF}" in out and "internal error" not in out


def test_every_kind_of_string_is_checked_for_halves():
    for decl in ('game "x\\uDC00"\nplayers 2\n', HEAD + 'kind Card\nzone pile "\\uDBFF": area of Card\n',
                 HEAD + 'scenario "\\uD800":\n    expect 1 == 1\n'):
        found = errors(decl + "flow:\n    win players\n")
        assert len(found) == 1 and found[0][2].endswith(HALF), (decl, found)


def test_both_halves_of_a_pair_make_their_character():
    game = ruledsl.load("t.rules", text=HEAD + 'flow:\n    announce "\\uD83D\\uDE00 \\\\uD800"\n    win players\n')
    assert game.new_game().events(None)[0] == "😀 \\uD800"


def test_a_half_given_as_text_by_an_editor_is_an_error_too():
    assert errors(HEAD + 'flow:\n    announce "a\ud800"\n    win players\n') == [(4, 16, f"'U+D800' {HALF}")]
