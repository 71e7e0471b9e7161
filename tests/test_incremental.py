"""Building a file piece by piece gives what parsing it whole gives: the same IR with the same
spans, or the same first error; also after edits that move pieces up and down."""
from __future__ import annotations

import random

import attrs
import pytest

from ruledsl.errors import RulesError
from ruledsl.ir.build import build_text
from ruledsl.ir import incremental
from ruledsl.ir.incremental import FileBuilder, shifted, split
from ruledsl.source import Span

from .conftest import BUNDLED, EXAMPLES


def spans(value, out=None) -> list:
    """Every span in an IR value, in order (spans take no part in IR equality)."""
    out = [] if out is None else out
    if isinstance(value, Span):
        out.append(value)
    elif isinstance(value, tuple):
        for v in value:
            spans(v, out)
    elif attrs.has(type(value)):
        for field in attrs.fields(type(value)):
            spans(getattr(value, field.name), out)
    return out


def outcome(build, text: str):
    """What building gives: the declarations and their spans, or the error's diagnostic."""
    try:
        decls = build(text, "t.rules").decls
    except RulesError as err:
        return ("error", err.diagnostics)
    return ("ok", decls, spans(decls))


def test_split_keeps_every_character_and_cuts_only_at_declarations():
    text = ('game "x"\n# a comment\n\nkind Card:\n    value: int\n# note\n    suit: int\n'
            'const xs = [1,\n2]\nboard B grid:\n    map: """\n.#.\n"""\nflow:\n    win players\n')
    pieces = split(text)
    assert "".join(p for _, p in pieces) == text
    assert [first for first, _ in pieces] == [1, 4, 8, 10, 14]
    assert pieces[2][1] == "const xs = [1,\n2]\n"             # a bracket spans the line in column 1
    assert pieces[3][1].endswith('.#.\n"""\n')                  # so does a map


@pytest.mark.parametrize("path", BUNDLED + EXAMPLES, ids=lambda p: p.name)
def test_pieces_give_the_whole_files_ir(path):
    text = path.read_text(encoding="utf-8")
    assert outcome(FileBuilder().build, text) == outcome(build_text, text)


def _prefix(text: str, lines: int) -> str:
    """The first declarations of a file, about `lines` long (a smaller file to break)."""
    out = ""
    for _, piece in split(text):
        if out.count("\n") >= lines:
            break
        out += piece
    return out


MUTATIONS = {
    "delete a line": lambda ls, i, r: ls[:i] + ls[i + 1:],
    "delete a character": lambda ls, i, r: ls[:i] + [_cut(ls[i], r)] + ls[i + 1:],
    "dedent a line": lambda ls, i, r: ls[:i] + [ls[i].lstrip(" ")] + ls[i + 1:],
    "indent a line": lambda ls, i, r: ls[:i] + ["  " + ls[i]] + ls[i + 1:],
    "open a bracket": lambda ls, i, r: ls[:i] + [ls[i].rstrip("\n") + " (\n"] + ls[i + 1:],
    "open a block": lambda ls, i, r: ls[:i] + [ls[i].rstrip("\n") + ":\n"] + ls[i + 1:],
    "open a string": lambda ls, i, r: ls[:i] + ['"' + ls[i]] + ls[i + 1:],
    "insert a blank line": lambda ls, i, r: ls[:i] + ["\n"] + ls[i:],
    "insert a declaration": lambda ls, i, r: ls[:i] + ["const inserted = 1\n"] + ls[i:],
}


def _cut(line: str, r: random.Random) -> str:
    if len(line) < 2:
        return line
    at = r.randrange(len(line) - 1)
    return line[:at] + line[at + 1:]


@pytest.mark.parametrize("path", BUNDLED[:4] + EXAMPLES, ids=lambda p: p.name)
def test_broken_and_edited_copies_agree_with_the_whole_file_parser(path):
    r = random.Random(path.name)
    original = _prefix(path.read_text(encoding="utf-8"), 220)
    warm = FileBuilder()
    warm.build(original, "t.rules")   # as an editor has it: the file before the edit is cached
    lines = original.splitlines(keepends=True)
    for name, mutate in MUTATIONS.items():
        for _ in range(2):
            text = "".join(mutate(lines, r.randrange(len(lines)), r))
            expected = outcome(build_text, text)
            assert outcome(warm.build, text) == expected, (name, text)
            assert outcome(FileBuilder().build, text) == expected, (name, text)


def test_a_moved_piece_has_its_spans_moved():
    builder = FileBuilder()
    text = 'game "x"\nplayers 2\nconst a = 1\nflow:\n    win players\n'
    builder.build(text, "t.rules")
    moved = builder.build("\n\n" + text, "t.rules")
    assert [d.span.line for d in moved.decls] == [3, 4, 5, 6]
    assert spans(moved.decls) == spans(build_text("\n\n" + text, "t.rules").decls)


def test_shifting_leaves_unplaced_spans_alone():
    assert shifted(Span("p", 0, 0), 3) == Span("p", 0, 0)
    assert shifted(Span("p", 2, 4, 3, 1), -1) == Span("p", 1, 4, 2, 1)


def test_an_unchanged_file_is_not_built_again():
    builder = FileBuilder()
    text = BUNDLED[0].read_text(encoding="utf-8")
    first = builder.build(text, "t.rules")
    assert builder.build(text, "t.rules") is first


@pytest.mark.parametrize("text", [
    "", "\n\n", "# only a comment", 'game "x"\nplayers 2\nflow:\n    win players',      # no newline at the end
    'game "x"\r\nplayers 2\r\nflow:\r\n    win players\r\n',                          # Windows line ends
    'game "x"\n\n# trailing\n\n', 'game "x"\nconst a = [1,\n2\nflow:\n    win players\n',  # an unclosed bracket
])
def test_edge_cases_agree_with_the_whole_file_parser(text):
    assert outcome(FileBuilder().build, text) == outcome(build_text, text)


@pytest.mark.parametrize("path", BUNDLED + EXAMPLES, ids=lambda p: p.name)
def test_a_file_parsed_at_once_keeps_the_pieces_that_parsing_it_piece_by_piece_keeps(path, monkeypatch):
    """A file mostly new is parsed at once (linear in its length) and its declarations are kept
    piece by piece; they are what parsing each piece alone keeps, spans included."""
    text = path.read_text(encoding="utf-8")
    at_once = FileBuilder()
    at_once.build(text, "t.rules")
    monkeypatch.setattr(incremental, "WHOLE_AFTER", 10 ** 9)
    piece_by_piece = FileBuilder()
    assert outcome(piece_by_piece.build, text) == outcome(build_text, text)

    def kept(builder):
        return {key: (first, decls, spans(decls)) for key, (first, decls) in builder.pieces.items()}
    assert kept(at_once) == kept(piece_by_piece) and len(at_once.pieces) > 1


def test_a_new_file_is_parsed_once_and_an_edit_only_where_it_changed(monkeypatch):
    calls = []
    real = incremental._parse_text
    monkeypatch.setattr(incremental, "_parse_text", lambda text, path: calls.append(text.count("\n")) or real(text, path))
    text = 'game "x"\nplayers 2\n' + "".join(f"const c{i} = {i} + 1\n" for i in range(2000)) + "flow:\n    win players\n"
    builder = FileBuilder()
    builder.build(text, "t.rules")
    assert len(calls) == 1
    edited = text.replace("const c1500 = 1500 + 1", "const c1500 = 1501")
    assert outcome(builder.build, edited) == outcome(build_text, edited)
    assert len(calls) == 2


def test_a_file_of_more_pieces_than_are_kept_is_built_whole_every_time():
    builder = FileBuilder(limit=10)
    text = 'game "x"\nplayers 2\n' + "".join(f"const c{i} = {i}\n" for i in range(30)) + "flow:\n    win players\n"
    assert outcome(builder.build, text) == outcome(build_text, text)
    edited = text.replace("const c20 = 20", "const c20 = 21")
    assert outcome(builder.build, edited) == outcome(build_text, edited)
    assert len(builder.pieces) == 0
