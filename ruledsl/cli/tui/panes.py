"""What the full-screen UI draws from a seat's screen (ruledsl.present.Screen): the header, the boards,
the seat's own things, the table (what everyone may see), the log and a bot's move, each a rich renderable.

Everything here is drawn from the Screen, which is built from view(seat) only, so
a pane never shows more than that seat may see, and names things by the rules'
labels. Seats are coloured: by their name when it is a colour (Red, Blue), else
from a palette.
"""
from __future__ import annotations

from rich import box
from rich.color import Color, ColorParseError
from rich.console import Group
from rich.style import Style
from rich.table import Table
from rich.text import Text

from ..render import contents_text, render_board, value_lines

PALETTE = ["bright_red", "bright_blue", "bright_green", "yellow", "magenta", "cyan", "bright_white", "orange1"]
NAMED = {"purple": "medium_purple1", "blue": "dodger_blue1", "red": "red1", "green": "green3"}
CHANGED = Style(bgcolor="grey30", bold=True)        # what the last move changed


def seat_colours(seats: list) -> dict:
    """{seat label: colour}: the label itself when it is a colour, else the palette in order."""
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


def coloured(text: str, colours: dict, style="") -> Text:
    """text with every seat's label in it in the seat's colour."""
    out = Text(text, style=style)
    for name, colour in colours.items():
        out.highlight_words([name], style=Style(color=colour, bold=True), case_sensitive=True)
    return out


def header(screen, colours: dict, width: int = 0) -> Text:
    """`Castle Siege · you are Red · month 2 of 4 · Red to act`: title, seat, progress, phase (unless
    the progress says it, or the line would not fit in width without it), who acts."""
    phase = screen.phase if screen.phase and screen.phase.lower() not in screen.status.lower() else ""
    text = _header(screen, colours, phase)
    if phase and width and text.cell_len > width:
        text = _header(screen, colours, "")
    return text


def _header(screen, colours: dict, phase: str) -> Text:
    text = Text(screen.title, style="bold")
    if screen.seat:
        text.append(" · you are ")
        text.append(screen.seat, style=Style(color=colours.get(screen.seat), bold=True))
    if screen.status:
        text.append(f" · {screen.status}", style="bold")
    if phase:
        text.append(f" · {phase}")
    acting = [s.label for s in screen.seats if s.to_act]
    if acting and screen.result is None:
        text.append(" · ")
        text.append(acting[0], style=Style(color=colours.get(acting[0]), bold=True))
        text.append(" to act")
    return text


def boards(screen, width: int, click=None, highlight=frozenset(), where=None):
    """Every board of the screen, each as a map or a table of places. where: filled with the line
    of each square of the first board, when it is drawn as a map (boardmap.render_map)."""
    parts = [render_board(b, width, click, highlight, where if i == 0 else None) for i, b in enumerate(screen.boards)]
    return Group(*parts) if parts else Text("(this game has no board)", style="dim")


def compact(zone) -> str:
    """A zone's contents in few words, in its order, alike neighbours counted."""
    return contents_text(zone.groups())


def clickable(zone, click=None) -> Text:
    """compact() as Text whose face-up things, when click is given, pick themselves when clicked
    (click(text) -> the Style that does it)."""
    out = Text()
    for group in zone.groups():
        if out:
            out.append(", ")
        piece = group.piece
        out.append(piece.full, style=click(piece.text) if click is not None and not piece.face_down else "")
        if group.count > 1:
            out.append(f" ×{group.count}")
    return out


def _grid() -> Table:
    table = Table(box=None, padding=(0, 1), show_header=False, expand=True)
    table.add_column(style="bold", max_width=20, overflow="fold")
    table.add_column(ratio=1, overflow="fold")
    return table


def _mark(text, key: str, changed) -> Text:
    out = text if isinstance(text, Text) else Text(text)
    if key in changed:
        out.stylize(CHANGED)
    return out


def yours(screen, click=None, changed=frozenset()) -> Table:
    """The seat's own zones and its own entries of per-player variables (private ones and tracks
    included); with click, the things in its zones pick themselves when clicked."""
    table = _grid()
    empty = []
    for zone in screen.mine():
        if zone.pieces:
            table.add_row(zone.label, _mark(clickable(zone, click), zone.key, changed))
        else:
            empty.append(zone.label)
    for value in screen.values:
        if value.per_player:
            for who, text in value_lines(value):
                if who == screen.seat:
                    table.add_row(value.label, _mark(text or "none", value.key, changed))
    if empty:
        table.add_row(Text("empty", style="dim"), Text(", ".join(empty), style="dim"))
    return table


def table(screen, colours: dict, changed=frozenset()) -> Group:
    """What lies on the table: shared zones and variables, and every seat's per-player variables
    (a column per seat) and zones."""
    shared = _grid()
    empty = []
    for zone in screen.table():
        if not zone.pieces:
            empty.append(zone.label)
            continue
        shared.add_row(coloured(zone.label, colours), _mark(compact(zone), zone.key, changed))
    seats = [s.label for s in screen.seats]
    per_player = Table(box=box.SIMPLE_HEAD, padding=(0, 1), expand=True)
    per_player.add_column("")
    for label in seats:
        per_player.add_column(Text(label, style=Style(color=colours.get(label), bold=True)), overflow="fold")
    for value in screen.values:
        if value.per_player:
            entries = {who: text for who, text in value_lines(value)}
            per_player.add_row(_mark(value.label, value.key, changed),
                               *(entries.get(s, Text("?", style="dim")) or "none" for s in seats))
        else:
            text = coloured(value_lines(value)[0][1] or "none", colours)
            shared.add_row(value.label, _mark(text, value.key, changed))
    parts = [shared]
    if per_player.row_count:
        parts.append(per_player)
    if empty:
        parts.append(Text("empty: " + ", ".join(empty), style="dim"))
    return Group(*parts)


def log_line(line: str, colours: dict, seat: str = None, fresh: bool = False) -> Text:
    """A log line with the seats coloured; one's own decisions stand out, and so do the lines of
    the move being shown."""
    style = "bold" if seat and line.startswith(seat + ": ") else ""
    out = coloured(line, colours, style)
    if fresh:
        out.stylize(CHANGED)
    return out


def move_banner(move, colours: dict) -> Text:
    """A bot's move as it is shown: `P2: move to the Hall` (or that it chose in secret)."""
    text = Text()
    text.append(move.who, style=Style(color=colours.get(move.who), bold=True))
    text.append(": " + move.label if move.label is not None else " makes a secret choice", style="bold")
    return text
