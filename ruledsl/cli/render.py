"""Rendering for a terminal: a seat's view of a game (board, zones, variables, log, menu, result) with rich.

Views are drawn only from state.view(seat) data, so a screen never shows more than
that seat may see.
"""
from __future__ import annotations

from typing import Optional

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from ..runtime.model.values import Zone
from .boardgraph import render_graph
from .boardmap import MapLayout, enum_labels, path_kinds, render_map

# ------------------------------------------------------------------ components and values

_META = ("kind", "owner", "id", "face_up", "hidden")


def value_text(value) -> str:
    """A variable's or field's value as a short text."""
    if isinstance(value, dict):
        if value.get("kind") and ("id" in value or value.get("hidden")):
            return describe(value)
        return ", ".join(f"{k} {value_text(v)}" for k, v in value.items())
    if isinstance(value, list):
        return "[" + ", ".join(value_text(v) for v in value) + "]"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{round(value, 3):g}"
    return "none" if value is None else str(value)


def relabel(value, places: dict):
    """A view's value with location names read as the locations' labels (views name places by
    name; players read them by label everywhere)."""
    if isinstance(value, str):
        return places.get(value, value)
    if isinstance(value, list):
        return [relabel(v, places) for v in value]
    if isinstance(value, dict) and not (value.get("kind") and ("id" in value or value.get("hidden"))):
        return {k: relabel(v, places) for k, v in value.items()}
    return value


def describe(comp: dict) -> str:
    """A component of a view in a few words: its name as the log gives it (`Move 2`, `X Mark`),
    else its kind and fields (`Card value=4`), or `Red Card (hidden)`."""
    if comp.get("text") and comp.get("fields"):
        return comp["text"]
    words = []
    if comp.get("owner"):
        words.append(comp["owner"])
    words.append(comp.get("kind", "?"))
    words.extend(f"{k}={value_text(v)}" for k, v in comp.get("fields", {}).items())
    if comp.get("hidden"):
        words.append("(hidden)")
    return " ".join(words)


def grouped(components: list) -> list:
    """Descriptions of components, equal ones counted: ['Card (hidden) ×3', 'X Mark']."""
    counts: dict = {}
    for comp in components:
        text = describe(comp)
        counts[text] = counts.get(text, 0) + 1
    return [text if n == 1 else f"{text} ×{n}" for text, n in counts.items()]


# ------------------------------------------------------------------ boards

def board_layouts(game) -> dict:
    """{board name: MapLayout} for grid boards: rows of location names (None where a grid
    has no square), and which kinds carry paths.

    Views carry no positions, so this reads the compiled boards; any board it cannot
    lay out is simply drawn as a list.
    """
    layouts = {}
    definition = getattr(game, "definition", None)
    paths = path_kinds(definition) if definition is not None else {}
    labels = enum_labels(definition) if definition is not None else {}
    boards = getattr(getattr(game, "program", None), "compiled_boards", None) or {}
    for name, board in boards.items():
        spots = getattr(board, "by_position", None)
        if not getattr(board, "grid", False) or not spots:
            continue
        columns = range(min(c for c, _ in spots), max(c for c, _ in spots) + 1)
        rows = range(min(r for _, r in spots), max(r for _, r in spots) + 1)
        layouts[name] = MapLayout([[spots.get((c, r)) for c in columns] for r in rows], paths, labels)
    return layouts


def _board_list(name: str, places: dict) -> Table:
    table = Table(title=name, box=box.SIMPLE_HEAD, padding=(0, 1))
    table.add_column("location")
    table.add_column("tags", style="italic")
    table.add_column("contents", style="bold")
    empty = []
    for loc, place in places.items():
        label = place.get("label") or loc        # a location reads as its label everywhere
        if not place.get("tags") and not place.get("contents"):
            empty.append(label)
            continue
        table.add_row(label, ", ".join(place.get("tags", [])), ", ".join(grouped(place.get("contents", []))))
    if empty:
        table.caption = "empty: " + ", ".join(empty)
        table.caption_justify = "left"
    return table


def render_board(name: str, places: dict, layout: Optional[MapLayout] = None, width: int = 80,
                 links: Optional[dict] = None, stand: Optional[dict] = None, click=None):
    """A board as a map (a grid whose map fits in width), as a table of locations and where each
    leads (a graph board, given its connections), or as a list of locations. click: location
    name -> a Style saying what clicking it does (boardmap.render_map)."""
    drawn = render_map(name, places, layout, width, click) if layout is not None and layout.rows else None
    if drawn is not None:
        return drawn
    if links is not None and (layout is None or not layout.rows):
        return render_graph(name, places, links, grouped, stand, click)
    return _board_list(name, places)


# ------------------------------------------------------------------ the whole view

def zone_labels(game) -> dict:
    """{zone name in views: how the log names it} for zones declared with a label."""
    places = getattr(getattr(game, "program", None), "places", ())
    return {p.name: p.label for p in places if type(p) is Zone and p.label != p.name}


def render_view(view: dict, *, layouts: Optional[dict] = None, log_from: int = 0, log_limit: int = 20,
                width: int = 80, labels: Optional[dict] = None, links: Optional[dict] = None,
                stand: Optional[dict] = None) -> Group:
    """A seat's view: header, boards, zones, variables, and the log lines from log_from on
    (at most log_limit of them, the latest). links: GameState.connections(), to draw graph boards
    with where each location leads; stand: boardgraph.standing(), who stands where."""
    parts = [_header(view)]
    for name, places in view.get("board", {}).items():
        parts.append(render_board(name, places, (layouts or {}).get(name), width, (links or {}).get(name), stand))
    zones = _zones(view, labels or {})
    if zones is not None:
        parts.append(zones)
    if view.get("vars"):
        table = Table(box=box.SIMPLE_HEAD, padding=(0, 1))
        table.add_column("variable")
        table.add_column("value")
        places = {name: place["label"] for board in view.get("board", {}).values() for name, place in board.items()
                  if place.get("label")}
        for name, value in view["vars"].items():
            table.add_row(name, value_text(relabel(value, places)))
        parts.append(table)
    parts.append(render_log(view.get("log", []), log_from, log_limit))
    return Group(*parts)


def _header(view: dict) -> Text:
    text = Text(view.get("game") or "", style="bold")
    if view.get("seat"):
        text.append(f" · you are {view['seat']}")
    if view.get("progress"):          # the game's own words for how far it has gone
        text.append(f" · {view['progress']}")
    elif view.get("round") is not None:
        text.append(f" · round {view['round']}")
    if view.get("phase"):
        text.append(" · " + " / ".join(view["phase"]))
    if view.get("turn"):
        text.append(f" · {view['turn']}'s turn")
    return text


def _zones(view: dict, labels: dict) -> Optional[Table]:
    seat = view.get("seat")
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1))
    table.add_column("zone")
    table.add_column("contents")
    empty = []
    for name, contents in view.get("zones", {}).items():
        if not contents:
            empty.append(labels.get(name, name))
            continue
        mine = seat is not None and name.startswith(f"{seat}.")
        table.add_row(Text(labels.get(name, name) + (" (yours)" if mine else ""), style="bold" if mine else ""),
                      ", ".join(grouped(contents)))
    if not table.row_count and not empty:
        return None
    if empty:
        table.caption = "empty: " + ", ".join(empty)
        table.caption_justify = "left"
    return table


def render_log(lines: list, start: int = 0, limit: int = 20) -> Text:
    new = lines[start:]
    text = Text()
    if len(new) > limit:
        text.append(f"… {len(new) - limit} earlier line(s)\n", style="dim")
        new = new[-limit:]
    for line in new:
        text.append("  " + line + "\n")
    return text


def render_menu(labels: list) -> Text:
    """The legal actions as a numbered menu."""
    text = Text()
    digits = len(str(len(labels)))
    for i, label in enumerate(labels, 1):
        text.append(f"{i:>{digits}}", style="bold cyan")
        text.append(f"  {label}\n")
    return text
