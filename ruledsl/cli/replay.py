"""`ruledsl replay RECORD`: step through a recorded game, each action with the log lines it produced
(and, with --board, the board and table after it)."""
from __future__ import annotations

import sys

import click
from rich.console import Console

from .. import CHANCE
from ..agents import TerminalIO
from ..printable import printable_data
from .boardgraph import standing
from .common import (echo, load_record_game, no_traceback, read_record, replay_record, returns_text,
                     seat_index, winners_text)
from .render import board_layouts, render_view, zone_labels


@click.command("replay")
@click.argument("record_path", metavar="RECORD", type=click.Path(dir_okay=False))
@click.option("--step", is_flag=True, help="Wait for Enter after each action (q and Enter stops).")
@click.option("--seat", "seat", metavar="SEAT",
              help="Show the log as this seat (1-based number or name) was told it; default: everything, "
                   "hidden information included.")
@click.option("--game", "game_path", type=click.Path(dir_okay=False),
              help="The rules file, if it is no longer where the record says.")
@click.option("--board", "board", is_flag=True,
              help="Draw the board and the table (as --seat sees them, else everything) at the start and "
                   "after each action.")
@no_traceback
def replay_command(record_path, step, seat, game_path, board):
    """Replay a recorded game action by action.

    RECORD is a file written by `ruledsl play` (save) or `ruledsl run --json`.
    Each action is printed with who took it and the log lines it produced;
    with --board, the board and the table follow it, as in `ruledsl play`.
    With --seat, only what that seat was told is shown (a secret choice
    appears as the log tells it to that seat, never by its label).
    A damaged record, or one that does not fit the rules file (another
    version of the rules, seed or options), is reported as an error.
    """
    record = read_record(record_path)
    game = load_record_game(record, record_path, game_path)
    replay_record(game, record, record_path)   # checks the whole record (returns too) before printing any of it
    who = None if seat is None else seat_index(seat, game.seats, "--seat")
    io = TerminalIO()
    state = replay_record(game, record, record_path, upto=0)
    actions = list(record["actions"])
    echo(f"{game.title}: {game.players} players, seed {state.seed}, {len(actions)} actions"
               + (f", as {game.seats[who]} saw it" if who is not None else ""))
    shown = _lines(state, who, None, "  ")
    draw = Drawing(game, who) if board else None
    if draw:
        draw(state)
    for number, label in enumerate(actions, 1):
        actor = state.current_player
        name = "chance" if actor == CHANCE else game.seats[actor]
        state.apply(label)
        # As a seat saw it, the label is left to the log: a secret choice shows there as "P2 makes a secret choice".
        echo(f"{number}. {name}: {label}" if who is None else f"{number}. {name}")
        shown = _lines(state, who, shown, "     ")
        if draw:
            draw(state)
        if step and number < len(actions):
            answer = io.ask("[Enter: next action, q: stop] ")
            if answer is None:
                step = False          # the input has ended: print the rest without waiting
            elif answer.strip().lower() == "q":
                return
    if state.is_terminal():
        echo(f"Result: {winners_text(game.seats, state)} ({returns_text(game.seats, state.returns())})")
    else:
        actor = state.current_player
        name = "chance" if actor == CHANCE else game.seats[actor]
        echo(f"The record ends here: the game is not over ({name} to act).")


def _lines(state, seat, since, indent: str):
    """Print the log lines logged after the mark since (None: all of them) as seat reads them;
    return the mark of the log now. Only what is new is read: a replay is linear in its length."""
    lines = state.all_events(since) if seat is None else state.events(seat, since)
    for line in lines:
        echo(indent + line)
    return state.log_mark


class Drawing:
    """Draws a state's board and table as seat (None: everything) sees them, without the log
    (replay prints the log lines itself)."""

    def __init__(self, game, seat):
        self.game, self.seat = game, seat
        self.layouts, self.labels = board_layouts(game), printable_data(zone_labels(game))
        self.console = Console(file=sys.stdout, highlight=False, soft_wrap=False)

    def __call__(self, state) -> None:
        view = printable_data(dict(state.view(self.seat), log=[]))     # text from data, escaped where it is drawn
        self.console.print(render_view(view, layouts=self.layouts, labels=self.labels, links=state.connections(),
                                       stand=standing(self.game, view), width=self.console.width))
