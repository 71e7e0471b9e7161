"""ASCII maps: turn a grid board's drawing into squares, walls and problems.

Two drawings are understood. A walled map has `+` corners, squares three
characters wide, `|` and `---` for walls and spaces for openings:

    +---+---+
    | g   c |
    +---+   +

A plain map has one glyph per square, separated by spaces, and no walls.
Squares are named by column letter and row number, A1 at the top left.
"""
from __future__ import annotations

import attrs

from ..errors import Diagnostic
from ..limits import MAX_GRID_SIDE
from ..source import Span


@attrs.frozen
class Square:
    """One square: its name, 1-based column and row, glyph, and where it was drawn."""
    name: str
    column: int
    row: int
    glyph: str
    span: Span = attrs.field(eq=False, repr=False)


@attrs.frozen
class GridMap:
    """A parsed drawing: squares by (column, row), and walls as frozensets of two names."""
    columns: int
    rows: int
    squares: tuple
    walls: frozenset


def square_name(column: int, row: int) -> str:
    """A1 style: columns A..Z, then AA, AB, ...; rows from 1."""
    letters = ""
    c = column
    while c > 0:
        c, rem = divmod(c - 1, 26)
        letters = chr(ord("A") + rem) + letters
    return f"{letters}{row}"


def _lines(text: str) -> list[tuple[int, str]]:
    """Non-blank lines with their 0-based offset from the map's first line."""
    out = []
    for offset, line in enumerate(text.split("\n")):
        if line.strip():
            out.append((offset, line.rstrip()))
    return out


def parse_map(text: str, span: Span) -> tuple[GridMap | None, list[Diagnostic]]:
    """Parse a drawing; the span is that of the opening quotes of the map string."""
    lines = _lines(text)
    if not lines:
        return None, [Diagnostic("error", span, "the map is empty", "draw the squares between the triple quotes")]
    if any("+" in line for _, line in lines):
        return _walled(lines, span)
    return _plain(lines, span)


def _where(span: Span, offset: int, column0: int) -> Span:
    # The map text starts right after the opening quotes.
    if offset == 0:
        col = span.column + 3 + column0
    else:
        col = column0 + 1
    return Span(span.path, span.line + offset, col, span.line + offset, col + 1)


def _too_big(columns: int, rows: int, span: Span) -> list[Diagnostic]:
    if columns <= MAX_GRID_SIDE and rows <= MAX_GRID_SIDE:
        return []
    return [Diagnostic("error", span, f"this map is {columns} squares wide and {rows} high; "
                       f"a grid may be at most {MAX_GRID_SIDE} by {MAX_GRID_SIDE}",
                       "draw a smaller board, or a graph board of the places that matter")]


def _plain(lines, span) -> tuple[GridMap | None, list[Diagnostic]]:
    problems: list[Diagnostic] = []
    rows = []
    for offset, line in lines:
        cells = []
        col0 = 0
        for glyph in line.split():
            col0 = line.index(glyph, col0)
            cells.append((glyph, col0))
            col0 += len(glyph)
        rows.append((offset, cells))
    width = len(rows[0][1])
    too_big = _too_big(width, len(rows), span)
    if too_big:
        return None, too_big
    squares = []
    for r, (offset, cells) in enumerate(rows, start=1):
        if len(cells) != width:
            problems.append(Diagnostic(
                "error", _where(span, offset, 0),
                f"map row {r} has {len(cells)} squares but row 1 has {width}",
                "every row of a map must have the same number of squares; use a void glyph for gaps"))
            continue
        for c, (glyph, col0) in enumerate(cells, start=1):
            squares.append(Square(square_name(c, r), c, r, glyph, _where(span, offset, col0)))
    if problems:
        return None, problems
    return GridMap(width, len(rows), tuple(squares), frozenset()), []


def _walled(lines, span) -> tuple[GridMap | None, list[Diagnostic]]:
    problems: list[Diagnostic] = []
    first_offset, first = lines[0]
    if not first.lstrip().startswith("+"):
        return None, [Diagnostic("error", _where(span, first_offset, 0),
                                 "a walled map must start with a border line of '+' corners",
                                 "begin the map with a line like +---+---+")]
    corners = [i for i, ch in enumerate(first) if ch == "+"]
    if len(corners) < 2:
        return None, [Diagnostic("error", _where(span, first_offset, 0), "the map's border needs at least two '+' corners")]
    for a, b in zip(corners, corners[1:]):
        if b - a != 4:
            return None, [Diagnostic("error", _where(span, first_offset, a),
                                     "squares of a walled map are three characters wide between '+' corners",
                                     "draw each square as +---+")]
    columns = len(corners) - 1
    borders = lines[0::2]
    cells = lines[1::2]
    too_big = _too_big(columns, len(cells), span)
    if too_big:
        return None, too_big
    if len(borders) != len(cells) + 1:
        offset, line = lines[-1]
        return None, [Diagnostic("error", _where(span, offset, 0),
                                 "a walled map must end with a border line of '+' corners",
                                 "border lines and square lines alternate, starting and ending with a border")]
    for offset, line in borders:
        found = [i for i, ch in enumerate(line) if ch == "+"]
        if found != corners:
            problems.append(Diagnostic("error", _where(span, offset, 0),
                                       f"this border line has its '+' corners at other columns than the first ({len(found)} corners, {columns + 1} expected)",
                                       "line every border up with the map's first line"))
    for offset, line in cells:
        bars = [corners[0], *corners[1:]]
        if len(line) < corners[-1] + 1 or any(line[i] not in "| " for i in bars):
            problems.append(Diagnostic("error", _where(span, offset, 0),
                                       "this row of squares does not line up with the '+' corners above it",
                                       "each square is three characters between '|' or ' ' separators under the '+' corners"))
    if problems:
        return None, problems

    squares = []
    walls = set()
    rows = len(cells)
    names = {}
    for r, (offset, line) in enumerate(cells, start=1):
        for c in range(1, columns + 1):
            left = corners[c - 1]
            glyph = line[left + 1:left + 4].strip()
            name = square_name(c, r)
            names[(c, r)] = name
            squares.append(Square(name, c, r, glyph, _where(span, offset, left + 1)))
            if c < columns and line[corners[c]] == "|":
                walls.add(frozenset((name, square_name(c + 1, r))))
    for r in range(1, rows):
        _, border = borders[r]
        for c in range(1, columns + 1):
            left = corners[c - 1]
            if "-" in border[left + 1:left + 4]:
                walls.add(frozenset((square_name(c, r), square_name(c, r + 1))))
    return GridMap(columns, rows, tuple(squares), frozenset(walls)), []
