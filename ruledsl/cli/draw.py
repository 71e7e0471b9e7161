"""`ruledsl draw FILE --seed S --seat N -o board.svg`: a board as a picture, as a seat sees it."""
from __future__ import annotations

from pathlib import Path

import click

from .common import (CliError, cannot_write, echo, load_game, load_record_game, no_traceback, options_from, read_record,
                     replay_record, seat_index)
from .boardgraph import standing
from .render import describe


@click.command("draw")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("-o", "--output", "output", required=True, type=click.Path(dir_okay=False),
              help="The picture to write: .svg, .png or .pdf (by its extension).")
@click.option("--players", type=click.IntRange(min=1), help="Number of players (default: the fewest the game allows).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the game drawn.")
@click.option("--seat", "seat", metavar="SEAT", help="Draw what this seat (1-based number or name) sees; "
              "default: only what is public.")
@click.option("--board", "board", metavar="NAME", help="The board to draw (default: the first).")
@click.option("--record", "record_path", type=click.Path(exists=True, dir_okay=False),
              help="Draw the position a record (from play or run --json) reaches instead of the start.")
@click.option("--option", "option_values", multiple=True, metavar="NAME=VALUE", help="Set a game option; repeat for several.")
@no_traceback
def draw_command(file, output, players, seed, seat, board, record_path, option_values):
    """Draw a board as a picture: its locations by their labels, the paths between
    them as they are now (one colour per kind of edge, arrows one way, closed
    paths dotted), and what lies on each location as the seat may see it.

    Needs matplotlib: pip install "ruledsl[plots]".

    Examples:
      ruledsl draw games/shining.rules --seed 3 --seat 1 -o hotel.svg
      ruledsl draw games/tillinghast.rules --record game.save.json --seat Red -o board.png
    """
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise CliError('ruledsl draw needs matplotlib: pip install "ruledsl[plots]"') from None
    from .picture import draw_board
    if record_path is not None:
        record = read_record(record_path)
        game = load_record_game(record, record_path, file)
        state = replay_record(game, record, record_path)
    else:
        game = load_game(file, players, options_from(option_values))
        state = game.new_game(seed=seed)
    boards = list(game.program.compiled_boards)
    if not boards:
        raise CliError(f"{file}: the game has no board to draw")
    name = board or boards[0]
    if name not in boards:
        raise click.BadParameter(f"there is no board '{name}': the boards are {', '.join(boards)}", param_hint="--board")
    who = None if seat is None else seat_index(seat, game.seats, "--seat")
    view = state.view(who)
    title = f"{game.title}: {name}, " + (f"as {game.seats[who]} sees it" if who is not None else "what everyone sees") \
        + (f" (seed {state.seed})" if record_path is None else f" after {len(state.actions_taken)} actions")
    figure = draw_board(game.program.compiled_boards[name], view["board"][name], state.connections(name)[name],
                        title=title, describe=describe, stand=standing(game, view))
    suffix = Path(output).suffix.lower().lstrip(".") or "svg"
    if suffix not in ("svg", "png", "pdf"):
        raise click.BadParameter("the picture must be .svg, .png or .pdf", param_hint="-o")
    try:
        figure.savefig(output, format=suffix, dpi=110 if suffix == "png" else None)
    except OSError as err:
        raise cannot_write(f"'{output}'", err) from None
    echo(f"wrote {output}")
