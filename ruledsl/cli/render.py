"""Rendering for a terminal: a seat's screen (ruledsl.present.Screen) with rich, line by line.

The screen is built only from state.view(seat), in the rules' words, so what is
printed never shows more than that seat may see, nor an engine's identifier.
The full-screen UI (tui/panes.py) draws the same screen in panes.
"""
from __future__ import annotations

from typing import Optional

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from .boardgraph import render_graph
from .boardmap import render_map

# ------------------------------------------------------------------ things in few words


def contents_text(groups: list) -> str:
    """Pieces of a place as listed: `Role card (range 1-3) ×2, Guard 4`, in the place's order."""
    return ", ".join(g.text for g in groups)


def value_lines(value, seat: Optional[str] = None) -> list:
    """(who, text) rows of a variable: one for a shared one, one per seat shown for a per-player one;
    a track's text is its entries, one a line."""
    if not value.per_player:
        return [("", "\n".join(value.lines) if value.form == "track" and value.lines else value.text)]
    return [(who, "\n".join(lines) if value.form == "track" and lines else text) for who, text, lines in value.entries]


# ------------------------------------------------------------------ boards

def render_board(board, width: int = 80, click=None, highlight=frozenset(), where=None):
    """A board as a map (a grid whose map fits in width), else as a table of places and where
    each leads. where: as for boardmap.render_map."""
    if board.grid:
        drawn = render_map(board, width, click, highlight, where)
        if drawn is not None:
            return drawn
    return render_graph(board, click, highlight)


# ------------------------------------------------------------------ the whole screen

def render_screen(screen, *, log_from: int = 0, log_limit: int = 20, width: int = 80) -> Group:
    """A seat's screen: header, boards, the seat's own things, the table, and the log lines from
    log_from on (at most log_limit of them, the latest)."""
    parts = [header_text(screen)]
    parts += [render_board(b, width) for b in screen.boards]
    mine = _things(screen, mine=True)
    if mine is not None:
        parts.append(mine)
    table = _things(screen, mine=False)
    if table is not None:
        parts.append(table)
    if len(screen.log) > log_from:
        parts.append(render_log(list(screen.log), log_from, log_limit))
    return Group(*parts)


def header_text(screen) -> Text:
    """`Castle Siege · you are Red · month 2 of 4 · Night phase · Red to act`."""
    text = Text(screen.title, style="bold")
    if screen.seat:
        text.append(f" · you are {screen.seat}")
    if screen.status:
        text.append(f" · {screen.status}")
    if screen.phase:
        text.append(f" · {screen.phase}")
    acting = [s.label for s in screen.seats if s.to_act]
    if acting and screen.result is None:
        text.append(f" · {acting[0]} to act")
    return text


def _things(screen, mine: bool) -> Optional[Table]:
    """The seat's own zones and variable entries (mine), or everything else on the table."""
    title = "Yours" if mine else "On the table"
    table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, padding=(0, 1), show_header=False)
    table.add_column("what", style="bold")
    table.add_column("")
    empty = []
    for zone in (screen.mine() if mine else screen.table()):
        if zone.pieces:
            table.add_row(zone.label, contents_text(zone.groups()))
        else:
            empty.append(zone.label)
    for value in screen.values:
        rows = value_lines(value)
        if value.per_player:
            mine_rows = [text for who, text in rows if who == screen.seat]
            if mine and mine_rows:
                table.add_row(value.label, mine_rows[0] or "none")
            others = [f"{who} {text or 'none'}" for who, text in rows if who != screen.seat]
            if not mine and others:
                table.add_row(value.label, ", ".join(others))
        elif not mine:
            table.add_row(value.label, rows[0][1] or "none")
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
        earlier = len(new) - limit
        text.append(f"… {earlier} earlier line{'s' if earlier != 1 else ''}\n", style="dim")
        new = new[-limit:]
    for line in new:
        text.append("  " + line + "\n")
    return text


def render_menu(decision) -> Text:
    """A decision's options as a numbered menu, each with the rules' help for it, under what the
    options have in common."""
    text = Text()
    if decision.about:
        text.append(f"{decision.seat}, choose: {decision.about}\n", style="bold")
    digits = len(str(decision.count))
    for i, option in enumerate(decision.options, 1):
        text.append(f"{i:>{digits}}", style="bold cyan")
        text.append(f"  {option.label}")
        if option.help:
            text.append(f"  — {option.help}", style="italic")
        text.append("\n")
    return text
