"""What the full-screen UI draws from a seat's view: the header, the boards, the seat's own things,
the table (what everyone may see) and the log, each as a rich renderable.

Everything here is drawn from GameState.view(seat), so a pane never shows more
than that seat may see. Seats are coloured: by their name when it is a colour
(Red, Blue), else from a palette.
"""
from __future__ import annotations

from rich import box
from rich.color import Color, ColorParseError
from rich.console import Group
from rich.style import Style
from rich.table import Table
from rich.text import Text

from ..render import describe, grouped, relabel, render_board, value_text

PALETTE = ["bright_red", "bright_blue", "bright_green", "yellow", "magenta", "cyan", "bright_white", "orange1"]
NAMED = {"purple": "medium_purple1", "blue": "dodger_blue1", "red": "red1", "green": "green3"}


def seat_colours(seats: list) -> dict:
    """{seat name: colour}: the name itself when it is a colour, else the palette in order."""
    out = {}
    for i, name in enumerate(seats):
        word = name.lower()
        colour = NAMED.get(word, word)
        try:
            Color.parse(colour)
        except ColorParseError:
            colour = PALETTE[i % len(PALETTE)]
        out[name] = colour
    return out


def coloured(text: str, colours: dict, style: str = "") -> Text:
    """text with every seat name in it in the seat's colour."""
    out = Text(text, style=style)
    for name, colour in colours.items():
        out.highlight_words([name], style=Style(color=colour, bold=True), case_sensitive=True)
    return out


def header(view: dict, colours: dict, progress: str = "") -> Text:
    """`Dice Race · you are Red · Final Lap · round 3 of 10 · Red to act`: title, seat, phase, progress, who acts."""
    text = Text(view.get("game") or "", style="bold")
    if view.get("seat"):
        text.append(" · you are ")
        text.append(view["seat"], style=Style(color=colours.get(view["seat"]), bold=True))
    if progress:
        text.append(f" · {progress}", style="bold")
    elif view.get("round"):
        text.append(f" · round {view['round']}")
    if view.get("phase"):
        text.append(" · " + " / ".join(view["phase"]))
    if view.get("to_act") and not view.get("terminal"):
        text.append(" · ")
        text.append(view["to_act"], style=Style(color=colours.get(view["to_act"]), bold=True))
        text.append(" to act")
    return text


def _places(view: dict) -> dict:
    return {name: place["label"] for board in view.get("board", {}).values() for name, place in board.items()
            if place.get("label")}


def boards(view: dict, layouts: dict, links: dict, stand: dict, width: int, click=None):
    """Every board of the view, each as a map, a table of locations or a list."""
    parts = [render_board(name, places, layouts.get(name), width, links.get(name), stand, click)
             for name, places in view.get("board", {}).items()]
    return Group(*parts) if parts else Text("(this game has no board)", style="dim")


def compact(contents: list) -> str:
    """A zone's contents in few words: what can be seen, equal ones counted, and how many lie
    face down (`Move 1, Rotate 90 ×2, 3 face down`)."""
    hidden = sum(1 for c in contents if c.get("hidden"))
    shown = grouped([c for c in contents if not c.get("hidden")])
    if hidden:
        shown.append(f"{hidden} face down")
    return ", ".join(shown)


def clickable(contents: list, click=None) -> Text:
    """compact() as Text whose visible things, when click is given, pick themselves when clicked
    (click(text) -> the Style that does it)."""
    if click is None:
        return Text(compact(contents))
    out = Text()
    counts: dict = {}
    for comp in contents:
        if not comp.get("hidden"):
            text = describe(comp)
            counts[text] = counts.get(text, 0) + 1
    for text, n in counts.items():
        if out:
            out.append(", ")
        out.append(text, style=click(text))
        if n > 1:
            out.append(f" ×{n}")
    hidden = sum(1 for c in contents if c.get("hidden"))
    if hidden:
        out.append((", " if out else "") + f"{hidden} face down")
    return out


def _mine(view: dict, name: str) -> bool:
    seat = view.get("seat")
    return seat is not None and name.startswith(seat + ".")


def yours(view: dict, labels: dict, click=None) -> Table:
    """The seat's own zones and its own entries of per-player variables (private ones included);
    with click, the things in its zones pick themselves when clicked."""
    seat = view.get("seat")
    places = _places(view)
    table = Table(box=None, padding=(0, 1), show_header=False, expand=True)
    table.add_column(style="bold", max_width=18)
    table.add_column(ratio=1)
    empty = []
    for name, contents in view.get("zones", {}).items():
        if _mine(view, name):
            shown = labels.get(name, name.split(".", 1)[1]).removeprefix(f"{seat}'s ")
            if contents:
                table.add_row(shown, clickable(contents, click))
            else:
                empty.append(shown)
    for name, value in view.get("vars", {}).items():
        if isinstance(value, dict) and seat in value and _per_player(value, view):
            table.add_row(name, value_text(relabel(value[seat], places)))
    if empty:
        table.add_row(Text("empty", style="dim"), Text(", ".join(empty), style="dim"))
    return table


def _per_player(value: dict, view: dict) -> bool:
    return bool(value) and set(value) <= set(view.get("players", []))


def table(view: dict, labels: dict, colours: dict) -> Group:
    """What lies on the table: shared zones, variables, and every seat's per-player variables
    (a column per seat) and zones."""
    places = _places(view)
    players = view.get("players", [])
    shared = Table(box=None, padding=(0, 1), show_header=False, expand=True)
    shared.add_column(style="bold", max_width=18)
    shared.add_column(ratio=1)
    empty = []
    for name, contents in view.get("zones", {}).items():
        if _mine(view, name):
            continue
        if not contents:
            empty.append(labels.get(name, name))
            continue
        shared.add_row(coloured(labels.get(name, name), colours), compact(contents))
    per_player = Table(box=box.SIMPLE_HEAD, padding=(0, 1), expand=True)
    per_player.add_column("")
    for p in players:
        per_player.add_column(Text(p, style=Style(color=colours.get(p), bold=True)), overflow="fold")
    for name, value in view.get("vars", {}).items():
        if isinstance(value, dict) and _per_player(value, view):
            per_player.add_row(name, *(value_text(relabel(value[p], places)) if p in value else Text("?", style="dim")
                                       for p in players))
        else:
            shared.add_row(name, coloured(value_text(relabel(value, places)), colours))
    parts = [shared]
    if per_player.row_count:
        parts.append(per_player)
    if empty:
        parts.append(Text("empty: " + ", ".join(empty), style="dim"))
    return Group(*parts)


def log_line(line: str, colours: dict, seat: str = None) -> Text:
    """A log line with the seats coloured; one's own decisions stand out."""
    style = "bold" if seat and line.startswith(seat + ": ") else ""
    return coloured(line, colours, style)
