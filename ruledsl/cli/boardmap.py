"""Grid boards drawn as maps in the terminal, from a seat's screen (ruledsl.present) only.

Each square is a box: its label and tags on the first line, then what lies on
it. Between two squares a wall is drawn unless a step joins them now (the
place's open `directions`), so fixed walls and paths that turn with tiles look
the same. A piece with a `list of direction` field (a tile's open sides) is drawn
as a picture of those paths; its other fields show only when they differ from
the kind's default (a special tile among plain ones), never its own text (the
picture shows what it is). Tags that most squares carry are said once under the
map instead of in every square. What does not fit in a square is shortened and
said in a legend under the map, never cut silently.
"""
from __future__ import annotations

from typing import Optional

from rich.style import Style
from rich.text import Text

from ..present.fit import abbreviate

MIN_CELL = 8      # characters inside a square: a 5-wide path picture and a short name
MAX_CELL = 15
MOST_LINES = 4    # lines of contents in one square at most; more are summed up as "+n more"
SIDE = 6          # characters beside a path picture that texts need, else they go under it
PATHS = "list of direction"

# ------------------------------------------------------------------ pieces of a square

_JUNCTIONS = {
    frozenset("NESW"): "┼", frozenset("NES"): "├", frozenset("NSW"): "┤", frozenset("ESW"): "┬",
    frozenset("NEW"): "┴", frozenset("NS"): "│", frozenset("EW"): "─", frozenset("NE"): "└",
    frozenset("NW"): "┘", frozenset("ES"): "┌", frozenset("SW"): "┐", frozenset("N"): "╵",
    frozenset("E"): "╶", frozenset("S"): "╷", frozenset("W"): "╴", frozenset(): "·",
}


def path_picture(sides) -> list:
    """Three lines, five characters each, of paths leaving the middle towards the open sides."""
    sides = frozenset(d for d in sides if d in "NESW")
    up = "  │  " if "N" in sides else "     "
    down = "  │  " if "S" in sides else "     "
    middle = ("──" if "W" in sides else "  ") + _JUNCTIONS[sides] + ("──" if "E" in sides else "  ")
    return [up, middle, down]


def short(piece) -> str:
    """A piece in a square: whose it is for a pawn (`Red`), a hidden one as `Red Card?`, else its text."""
    if piece.face_down:
        return f"{piece.owner or ''} {piece.kind}?".strip()
    return piece.owner or piece.text


def _square(place, common: frozenset) -> tuple:
    """(label, tags, path picture or None, texts below) of a square."""
    tags = [t for t in place.tags if t not in common]
    picture, texts = None, []
    for piece in place.pieces:
        paths = next((f for f in piece.fields if f.type == PATHS), None)
        if paths is not None and picture is None and not piece.face_down:
            picture = path_picture(paths.value or ())
            texts.extend(f.text for f in piece.fields if f is not paths and not f.usual and f.text != piece.text
                         and f.type != PATHS)
        else:
            texts.append(short(piece))
    for who in place.standing:
        texts.insert(0, who)
    return place.label, tags, picture, texts


def _head(label: str, tags: list, width: int, shorts: dict) -> str:
    if not tags:
        return shorts.get(label, label)
    return shorts.get(label, label) + " " + ",".join(shorts.get(t, t) for t in tags)


def _beside(picture, width: int) -> bool:
    """Whether texts go beside a square's path picture (else under it: a narrow square)."""
    return picture is not None and width - len(picture[0]) >= SIDE


def _square_lines(square: tuple, height: int, width: int, shorts: dict) -> list:
    """A square's lines, each exactly width characters, height lines under its name."""
    label, tags, picture, texts = square
    under = picture is not None and not _beside(picture, width)
    room = height - (len(picture) if under else 0)
    if len(texts) > room:
        texts = texts[:room - 1] + [f"+{len(texts) - room + 1} more"]
    lines = [_head(label, tags, width, shorts)]
    if under:
        lines += picture + [shorts.get(t, t) for t in texts]
    else:
        for i in range(height):
            text = texts[i] if i < len(texts) else ""
            drawn = picture[i] if picture and i < len(picture) else (" " * 5 if picture else "")
            lines.append(drawn + shorts.get(text, text))
    lines += [""] * (height + 1 - len(lines))
    return [line[:width].ljust(width) for line in lines]      # shortened before: nothing is cut here


def _height(squares: list, width: int) -> int:
    """Lines under the name that a row of squares needs."""
    need = 0
    for square in squares:
        if square is None:
            continue
        _label, _tags, picture, texts = square
        texts = min(len(texts), MOST_LINES)
        if picture is not None and not _beside(picture, width):
            need = max(need, len(picture) + texts)
        else:
            need = max(need, len(picture) if picture else 0, texts)
    return need


def _shorts(squares: list, width: int) -> tuple:
    """{text: short form} for every text that does not fit its room in a square, and the legend."""
    long_tags, long_texts = set(), set()
    for square in squares:
        label, tags, picture, texts = square
        if len(label) > width:
            long_texts.add((label, width))
        if tags and len(_head(label, tags, width, {})) > width:
            room = max(1, (width - len(label) - 1 - (len(tags) - 1)) // len(tags))
            long_tags.update((t, room) for t in tags if len(t) > room)
        for text in texts:
            room = width - (5 if _beside(picture, width) else 0)
            if len(text) > room:
                long_texts.add((text, room))
    shorts, legend = {}, []
    for group in (long_tags, long_texts):
        for room in sorted({r for _t, r in group}):
            made, said = abbreviate([t for t, r in group if r == room and t not in shorts], room)
            shorts.update(made)
            legend += said
    return shorts, legend


# ------------------------------------------------------------------ the whole map

def cell_width(columns: int, width: int) -> Optional[int]:
    """Characters inside each square so that the map fits in width, or None when it cannot."""
    inner = (width - 1) // max(columns, 1) - 1
    return min(inner, MAX_CELL) if inner >= MIN_CELL else None


def grid_rows(board) -> list:
    """Rows of places by column and row (None where the grid has no square)."""
    at = {(p.column, p.row): p for p in board.places if p.column is not None and p.row is not None}
    if not at:
        return []
    columns = range(min(c for c, _ in at), max(c for c, _ in at) + 1)
    return [[at.get((c, r)) for c in columns] for r in range(min(r for _, r in at), max(r for _, r in at) + 1)]


def render_map(board, width: int = 80, click=None, highlight=frozenset(),
               where: Optional[dict] = None) -> Optional[Text]:
    """A grid board (present.model.Board) as a map, or None when it does not fit in width.
    click: place key -> a rich Style carrying what clicking the square does, or None;
    highlight: keys of the squares a move just changed (drawn reversed); where: a dict filled with
    each square's key -> the line its name is on (a pane that scrolls can bring one into view)."""
    rows = grid_rows(board)
    if not rows:
        return None
    w = cell_width(len(rows[0]), width)
    if w is None:
        return None
    common = board.common_tags()
    made_rows = [[_square(p, common) if p is not None else None for p in row] for row in rows]
    shorts, legend = _shorts([sq for row in made_rows for sq in row if sq is not None], w)

    def at(r, c):
        return rows[r][c] if 0 <= r < len(rows) and 0 <= c < len(rows[0]) else None

    def joined(a, b, side, back):
        return a is not None and b is not None and (side in a.directions or back in b.directions)

    text = Text(board.label + "\n", style="bold")
    if legend:          # on top, where a pane that scrolls shows it with the map's first rows
        text.append("Shortened: " + " · ".join(f"{s} {full}" for s, full in legend) + "\n", style="dim")
    for r in range(len(rows) + 1):
        line = ""
        for c in range(len(rows[0])):
            corner = any(at(rr, cc) is not None for rr in (r - 1, r) for cc in (c - 1, c))
            line += "+" if corner else " "
            above, below = at(r - 1, c), at(r, c)
            if above is None and below is None:
                line += " " * w
            else:
                line += " " * w if joined(above, below, "S", "N") else "-" * w
        line += "+" if any(at(rr, len(rows[0]) - 1) is not None for rr in (r - 1, r)) else " "
        text.append(line.rstrip() + "\n", style="dim")
        if r == len(rows):
            break
        made = made_rows[r]
        height = _height(made, w)
        squares = [_square_lines(sq, height, w, shorts) if sq is not None else [" " * w] * (height + 1) for sq in made]
        if where is not None:
            top = text.plain.count("\n")
            where.update((p.key, top) for p in rows[r] if p is not None)
        for i in range(height + 1):
            for c in range(len(rows[0])):
                left, here = at(r, c - 1), at(r, c)
                if left is None and here is None:
                    text.append(" ")
                else:
                    text.append(" " if joined(left, here, "E", "W") else "|", style="dim")
                style = "dim" if i == 0 else "bold"
                if here is not None and here.key in highlight:
                    style = "reverse"
                if click is not None and here is not None:
                    style = Style.parse(style) + click(here.key)
                text.append(squares[c][i], style=style)
            text.append("|" if at(r, len(rows[0]) - 1) is not None else " ", style="dim")
            text.append("\n")
    if common:
        text.append(f"Squares not marked otherwise are {', '.join(sorted(common))}.\n", style="dim")
    return text
