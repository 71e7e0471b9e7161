"""`ruledsl run FILE`: one game played out by random bots; prints who won, or the record as JSON."""
from __future__ import annotations

import json
import random

import click

from .. import records
from ..agents import play_out
from ..errors import RulesError
from ..limits import MAX_RECORD_ACTIONS
from ..transcript import transcript as transcript_lines
from .bots import BOT_HELP, bot_specs, chance_mode, make_bots
from .common import (CliError, diagnostics_text, echo, echo_results, load_game, where_text, no_traceback, options_from,
                     returns_text, winners_text)

DEFAULT_MAX_ACTIONS = 20000


def bots_option(command):
    return click.option("--bots", "bot_text", metavar="SPEC,SPEC,…",
                        help="Who plays each seat, in seat order (seats left out are random): " + BOT_HELP
                        + ". With a thinking bot, chance is dealt step by step (explicit chance).")(command)


def max_actions_option(command):
    return click.option("--max-actions", type=click.IntRange(min=0), default=DEFAULT_MAX_ACTIONS, show_default=True,
                        help="Stop a game after this many actions and count it as unfinished.")(command)


@click.command("run")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--players", type=click.IntRange(min=1), help="Number of players (default: the fewest the game allows).")
@click.option("--seed", type=int, help="Seed of the game and of the bots (default: a random one, shown).")
@click.option("--option", "option_values", multiple=True, metavar="NAME=VALUE",
              help="Set a game option; repeat for several.")
@click.option("--json", "as_json", is_flag=True, help="Print the game record as JSON (for `ruledsl replay`).")
@click.option("--transcript", is_flag=True,
              help="Print every event of the game first, private ones marked with the seats that read them.")
@max_actions_option
@bots_option
@no_traceback
def run_command(file, players, seed, option_values, as_json, transcript, max_actions, bot_text):
    """Play one game with bots (random unless --bots says) and print the outcome.

    Prints who won, each seat's return (1 a win, 0 a loss, rankings between)
    and the number of actions; with --json, the game record instead, which
    `ruledsl replay` steps through; with --transcript, every event before
    the outcome (golden playthroughs in tests/golden/ are such transcripts).
    The same --seed always gives the same game.
    """
    if as_json and max_actions > MAX_RECORD_ACTIONS:
        raise click.BadParameter(f"a record holds at most {MAX_RECORD_ACTIONS:,} actions, which --json writes",
                                 param_hint="--max-actions")
    game = load_game(file, players, options_from(option_values))
    specs = bot_specs(bot_text, game.seats)
    if seed is None:
        seed = random.randrange(1, 1_000_000)
    state = None
    try:
        state = game.new_game(seed=seed, chance=chance_mode(specs))
        finished = play_out(state, make_bots(specs, seed), max_actions)
    except RulesError as err:
        taken = len(state.actions_taken) if state is not None else 0
        raise CliError(diagnostics_text(err, game.sources, file)
                       + f"\n    {where_text(seed, taken)}") from None
    if as_json:
        record = state.record()
        found = records.problems(record)
        if found:       # what is written must read back
            raise CliError("error: this game's record could not be read back, so it is not written: " + "; ".join(found))
        echo_results(json.dumps(record, indent=2), "record")
        return
    if transcript:
        echo("\n".join(transcript_lines(state)))
    seats = game.seats
    count = len(state.actions_taken)
    echo(f"{game.title}: {game.players} players, seed {seed}")
    if not finished:
        echo(f"Unfinished: stopped after {count} actions (--max-actions {max_actions}).")
        return
    echo(f"Result: {winners_text(seats, state)} after {count} actions.")
    echo(f"Returns: {returns_text(seats, state.returns())}")

