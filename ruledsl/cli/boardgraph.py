"""Graph boards drawn in the terminal: every place with who stands there and where it leads.

A graph board has no map to draw, so it is drawn as a table, one place a row, by
its label: its tags, who stands there (seats placed by a per-player variable of
type location) and what lies there as the seat may see it, and the places it
leads to now, grouped by edge kind (`→` for a one-way step). All of it comes
from the seat's screen (ruledsl.present): the paths of a board on the table are
public, like the board.
"""
from __future__ import annotations

from rich import box
from rich.table import Table
from rich.text import Text


def leads_to(exits) -> str:
    """`hall: Office, Gold Room · stairs: → Attic` for a place's exits."""
    by_kind: dict = {}
    for e in exits:
        by_kind.setdefault(e.kind, []).append(e.to if e.both else "→ " + e.to)
    return " · ".join(f"{kind}: {', '.join(names)}" for kind, names in by_kind.items())


def render_graph(board, click=None, highlight=frozenset()) -> Table:
    """A graph board (present.model.Board) as a table. click: place key -> a Style that picks it
    (the full-screen UI); highlight: keys of places a move just changed."""
    common = board.common_tags()
    table = Table(title=board.label, box=box.SIMPLE_HEAD, padding=(0, 1), title_justify="left")
    table.add_column("place", style="bold")
    table.add_column("here")
    table.add_column("leads to", style="dim")
    if common:
        table.caption = f"Places not marked otherwise are {', '.join(sorted(common))}."
        table.caption_justify = "left"
    for place in board.places:
        here = ", ".join(list(place.standing) + [g.text for g in place.groups()])
        tags = [t for t in place.tags if t not in common]
        head = place.label + (f" ({', '.join(tags)})" if tags else "")
        style = "reverse" if place.key in highlight else ""
        cell = Text(head, style=style)
        if click is not None:
            cell.stylize(click(place.key))
        table.add_row(cell, Text(here, style=style), leads_to(place.exits))
    return table
