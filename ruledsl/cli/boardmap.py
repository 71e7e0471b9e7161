"""Grid boards drawn as maps in the terminal, from a seat's view only.

Each square is a box: its name and tags on the first line, then what lies on
it. Between two squares a wall is drawn unless a step joins them now (the
view's `exits`), so fixed walls and paths that turn with tiles look the same.
A component with a `list of direction` field (a tile's open sides) is drawn as
a picture of those paths; its other fields show only when they differ from
the kind's default (a special tile among plain ones), and never its `name`
(the picture shows what it is). Tags that most squares carry are said once under
the map instead of in every square.
"""
from __future__ import annotations

from typing import Optional

import attrs
from rich.style import Style
from rich.text import Text

from ..ir import nodes as ir

MIN_CELL = 8      # characters inside a square: a 5-wide path picture and a short name
MAX_CELL = 15
PICTURE = 3       # lines of a path picture
MOST_LINES = 4    # lines of contents in one square at most; more are summed up as "+n more"


@attrs.frozen
class MapLayout:
    """How a grid board is laid out: rows of location names (None: no square there)."""
    rows: list
    # kind name -> (name of its `list of direction` field, {other field: default text})
    paths: dict = attrs.field(factory=dict)
    # enum value name -> its label, for values that have one (views give enum values by name)
    labels: dict = attrs.field(factory=dict)


def enum_labels(definition) -> dict:
    return {v.name: v.label for enum in definition.enums.values() for v in enum.values if v.label}


def path_kinds(definition) -> dict:
    """Kinds that carry open sides: {kind: (field, {field: default text})}."""
    found = {}
    for kind in definition.kinds.values():
        path = next((f.name for f in kind.fields if f.type == ir.ListType(ir.TypeName("direction"))), None)
        if path is None:
            continue
        defaults = {f.name: _default_text(f.default) for f in kind.fields if f.name != path}
        found[kind.name] = (path, defaults)
    return found


def _default_text(expr) -> Optional[str]:
    if isinstance(expr, ir.Name):
        return expr.name
    if isinstance(expr, ir.Literal):
        return str(expr.value)
    return None


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


def _short(comp: dict, labels: dict) -> str:
    if comp.get("hidden"):
        return f"{comp.get('owner') or ''} {comp['kind']}?".strip()
    if comp.get("owner"):
        return comp["owner"]
    values = [labels.get(v, str(v)) for v in comp.get("fields", {}).values() if not isinstance(v, (list, dict))]
    return values[0] if values else comp.get("kind", "?")


def _square(place: dict, layout: MapLayout, width: int, common: frozenset) -> tuple:
    """The first line of a square (its name) and the path picture (or None) and texts below it."""
    head = place.get("label") or ""
    tags = [t for t in place.get("tags", []) if t not in common]
    if tags:
        head += " " + ",".join(tags)
    picture, texts = None, []
    for comp in place.get("contents", []):
        path = layout.paths.get(comp.get("kind"))
        fields = comp.get("fields", {})
        if path is not None and picture is None and path[0] in fields:
            picture = path_picture(fields[path[0]])
            texts.extend(layout.labels.get(v, str(v)) for k, v in fields.items()
                         if k not in (path[0], "name") and not isinstance(v, (list, dict))
                         and str(v) != path[1].get(k))
        else:
            texts.append(_short(comp, layout.labels))
    return head, picture, texts


def _square_lines(square: tuple, height: int, width: int) -> list:
    """A square's lines, each exactly width characters, height lines under its name."""
    head, picture, texts = square
    if len(texts) > height:
        texts = texts[:height - 1] + [f"+{len(texts) - height + 1} more"]
    lines = [head]
    for i in range(height):
        text = texts[i] if i < len(texts) else ""
        drawn = picture[i] if picture and i < len(picture) else (" " * 5 if picture else "")
        lines.append(drawn + text)
    return [line[:width].ljust(width) for line in lines]


def _height(squares: list) -> int:
    """Lines under the name that a row of squares needs."""
    need = 0
    for square in squares:
        if square is None:
            continue
        _head, picture, texts = square
        need = max(need, len(picture) if picture else 0, min(len(texts), MOST_LINES))
    return need


# ------------------------------------------------------------------ the whole map

def cell_width(columns: int, width: int) -> Optional[int]:
    """Characters inside each square so that the map fits in width, or None when it cannot."""
    inner = (width - 1) // max(columns, 1) - 1
    return min(inner, MAX_CELL) if inner >= MIN_CELL else None


def render_map(name: str, places: dict, layout: MapLayout, width: int = 80, click=None) -> Optional[Text]:
    """The board as a map, or None when it does not fit in width. click: location name -> a rich
    Style carrying what clicking the square does (the full-screen UI), or None."""
    rows = layout.rows
    w = cell_width(len(rows[0]), width)
    if w is None:
        return None

    def at(r, c):
        if 0 <= r < len(rows) and 0 <= c < len(rows[0]):
            name = rows[r][c]
            return places.get(name) if name else None
        return None

    def joined(a, b, side, back):
        return a is not None and b is not None and (side in a.get("exits", []) or back in b.get("exits", []))

    common = _common_tags(places)
    text = Text(name + "\n", style="bold")
    for r in range(len(rows) + 1):
        # the border above row r
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
        made = [_square(at(r, c), layout, w, common) if at(r, c) is not None else None
                for c in range(len(rows[0]))]
        height = _height(made)
        squares = [_square_lines(sq, height, w) if sq is not None else [" " * w] * (height + 1) for sq in made]
        for i in range(height + 1):
            for c in range(len(rows[0])):
                left, here = at(r, c - 1), at(r, c)
                if left is None and here is None:
                    text.append(" ")
                else:
                    text.append(" " if joined(left, here, "E", "W") else "|", style="dim")
                style = "dim" if i == 0 else "bold"
                if click is not None and here is not None:
                    style = Style.parse(style) + click(rows[r][c])
                text.append(squares[c][i], style=style)
            last = at(r, len(rows[0]) - 1)
            text.append("|" if last is not None else " ", style="dim")
            text.append("\n")
    if common:
        text.append(f"Squares not marked otherwise are {', '.join(sorted(common))}.\n", style="dim")
    return text


def _common_tags(places: dict) -> frozenset:
    """Tags on more than half of the squares: written once under the map, not in each square."""
    counts: dict = {}
    for place in places.values():
        for tag in place.get("tags", []):
            counts[tag] = counts.get(tag, 0) + 1
    return frozenset(t for t, k in counts.items() if k * 2 > len(places))
