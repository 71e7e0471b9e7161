"""Graph boards drawn in the terminal: every location with who stands there and where it leads.

A graph board has no map to draw, so it is drawn as a table, one location a
row, by its label: its tags, who stands there (seats placed by a per-player
variable of type location) and what lies there as the seat may see it (from
the seat's view), and the locations it leads to now, grouped by edge kind (`→`
for a one-way step). The connections are the board's paths as they are now
(GameState.connections), public like the board itself.
"""
from __future__ import annotations

from rich import box
from rich.table import Table
from rich.text import Text


def leads_to(links: list, labels: dict) -> str:
    """`hall: Office, Gold Room · stairs: → Attic` for a location's steps."""
    by_kind: dict = {}
    for to, kind, both in links:
        by_kind.setdefault(kind, []).append(labels.get(to, to) if both else "→ " + labels.get(to, to))
    return " · ".join(f"{kind}: {', '.join(names)}" for kind, names in by_kind.items())


def standing(game, view: dict) -> dict:
    """{location name: ["Red", …]}: where seats stand by their per-player variables of type
    location (`var position: location = Hall, per player`), as far as the view shows them. With
    several such variables, each seat is named with the variable ("Red (position)")."""
    decls = getattr(getattr(game, "program", None), "var_decls", {}) or {}
    names = [name for name, d in decls.items() if d.per_player and getattr(d.type, "name", None) == "location"]
    out: dict = {}
    for name in names:
        for seat, where in (view.get("vars", {}).get(name) or {}).items():
            if isinstance(where, str):
                out.setdefault(where, []).append(seat if len(names) == 1 else f"{seat} ({name})")
    return out


def render_graph(name: str, places: dict, links: dict, grouped, stand: dict = None, click=None) -> Table:
    """A graph board as a table. places: the view's locations; links: GameState.connections()'s
    entry for this board; grouped: describes a location's contents (render.grouped); stand:
    the seats standing on each location (standing()); click: as for boardmap.render_map."""
    labels = {loc: place.get("label") or loc for loc, place in places.items()}
    table = Table(title=name, box=box.SIMPLE_HEAD, padding=(0, 1), title_justify="left")
    table.add_column("location", style="bold")
    table.add_column("here")
    table.add_column("leads to", style="dim")
    for loc, place in places.items():
        here = ", ".join((stand or {}).get(loc, []) + grouped(place.get("contents", [])))
        tags = ", ".join(place.get("tags", []))
        head = labels[loc] + (f" ({tags})" if tags else "")
        table.add_row(Text(head, style=click(loc)) if click is not None else head, here,
                      leads_to(links.get(loc, []), labels))
    return table
