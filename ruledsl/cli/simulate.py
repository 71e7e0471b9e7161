"""`ruledsl simulate FILE -n N`: many games by random bots; wins, returns, lengths, unfinished games, errors."""
from __future__ import annotations

import json
import shlex
import statistics
from typing import Callable, Optional

import attrs
import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from ..agents import play_out
from ..errors import RulesError
from .common import diagnostics_text, load_game, no_traceback, option_flags, options_from
from .bots import bot_specs, chance_mode, make_bots
from .run import DEFAULT_MAX_ACTIONS, bots_option, max_actions_option


@attrs.define
class Failure:
    """A game that raised an error: its seed, how far it got, and the error as text."""
    seed: int
    actions: int
    headline: str
    text: str


@attrs.define
class Summary:
    """What n games came to, over finished games only: wins (a win, a tie for first in a ranking,
    the greatest numeric return: a shared win counts for each winner), losses (a win's others, the
    last places), draws (every seat equal) and returns."""
    seats: list
    games: int = 0
    wins: list = attrs.Factory(list)
    losses: list = attrs.Factory(list)
    return_sums: list = attrs.Factory(list)
    no_winner: int = 0
    shared: int = 0
    lengths: list = attrs.Factory(list)
    unfinished: int = 0
    failures: list = attrs.Factory(list)

    def __attrs_post_init__(self):
        n = len(self.seats)
        self.wins, self.losses, self.return_sums = [0] * n, [0] * n, [0.0] * n

    @property
    def finished(self) -> int:
        return len(self.lengths)

    def mean_returns(self) -> list:
        return [s / self.finished if self.finished else None for s in self.return_sums]

    def length_stats(self) -> Optional[dict]:
        if not self.lengths:
            return None
        return {"mean": statistics.fmean(self.lengths), "sd": statistics.pstdev(self.lengths),
                "min": min(self.lengths), "max": max(self.lengths)}


def simulate(game, n: int, seed: int, max_actions: Optional[int], advance: Callable[[], None] = lambda: None,
             specs: Optional[list] = None) -> Summary:
    """Play n games (game i with seed seed+i) with bots (specs, one per seat; random by default);
    errors are collected, never raised."""
    specs = specs or ["random"] * game.players
    summary = Summary(list(game.seats))
    for i in range(n):
        s = seed + i
        state = None
        try:
            state = game.new_game(seed=s, chance=chance_mode(specs))
            finished = play_out(state, make_bots(specs, s), max_actions)
        except Exception as err:  # every failure is a result here, with the seed to reproduce it
            taken = len(state.actions_taken) if state is not None else 0
            if isinstance(err, RulesError):
                failure = Failure(s, taken, err.diagnostic.headline(), diagnostics_text(err, game.sources, game.path))
            else:
                text = f"internal error: {type(err).__name__}: {err}"
                failure = Failure(s, taken, text, text)
            summary.failures.append(failure)
        else:
            if finished:
                won, lost = state.winners(), state.losers()
                for seat, r in enumerate(state.returns()):
                    summary.wins[seat] += seat in won
                    summary.losses[seat] += seat in lost
                    summary.return_sums[seat] += r
                summary.no_winner += not won
                summary.shared += len(won) > 1
                summary.lengths.append(len(state.actions_taken))
            else:
                summary.unfinished += 1
        summary.games += 1
        advance()
    return summary


def reproduce_command(path: str, players: int, seed: int, options: dict, max_actions: int,
                      specs: Optional[list] = None) -> str:
    parts = ["ruledsl run", shlex.quote(path), f"--players {players}", *option_flags(options), f"--seed {seed}"]
    if max_actions != DEFAULT_MAX_ACTIONS:
        parts.append(f"--max-actions {max_actions}")
    if specs and any(s != "random" for s in specs):
        parts.append("--bots " + shlex.quote(",".join(specs)))
    return " ".join(parts)


def summary_text(game, summary: Summary, seed: int, max_actions: int, options: dict,
                 specs: Optional[list] = None) -> str:
    lines = [f"{game.title}: {summary.games} games, {game.players} players, seeds {seed} to {seed + summary.games - 1}, "
             f"at most {max_actions} actions each", ""]
    if specs and any(s != "random" for s in specs):
        lines[1:1] = ["bots: " + ", ".join(f"{name} {spec}" for name, spec in zip(summary.seats, specs))]
    width = max(len("seat"), *(len(s) for s in summary.seats))
    lines.append(f"{'seat':<{width}}  {'wins':>6}  {'losses':>6}  {'mean return':>11}")
    for seat, name in enumerate(summary.seats):
        mean = summary.mean_returns()[seat]
        lines.append(f"{name:<{width}}  {summary.wins[seat]:>6}  {summary.losses[seat]:>6}  "
                     f"{'-' if mean is None else f'{mean:.3f}':>11}")
    lines.append(f"no winner: {summary.no_winner} game(s); shared wins: {summary.shared} game(s)")
    lines.append("")
    lines.append(f"finished: {summary.finished}, unfinished: {summary.unfinished} (stopped at {max_actions} actions), "
                 f"errors: {len(summary.failures)}")
    stats = summary.length_stats()
    if stats:
        lines.append(f"length in actions (finished games): mean {stats['mean']:.1f}, sd {stats['sd']:.1f}, "
                     f"min {stats['min']}, max {stats['max']}")
    groups: dict = {}
    for failure in summary.failures:
        groups.setdefault(failure.headline, []).append(failure)
    for failures in groups.values():
        seeds = [f.seed for f in failures]
        shown = ", ".join(map(str, seeds[:10])) + (", …" if len(seeds) > 10 else "")
        lines.append("")
        lines.append(failures[0].text)
        lines.append(f"    in {len(failures)} game(s), seed(s) {shown}")
        lines.append("    reproduce: " + reproduce_command(game.path, game.players, seeds[0], options, max_actions, specs))
    return "\n".join(lines)


def summary_json(game, summary: Summary, seed: int, max_actions: int, options: dict,
                 specs: Optional[list] = None) -> dict:
    specs = specs or ["random"] * game.players
    return {
        "game": game.title, "path": game.path, "players": game.players, "options": options,
        "bots": specs,
        "games": summary.games, "seeds": [seed, seed + summary.games - 1], "max_actions": max_actions,
        "seats": [{"seat": name, "wins": summary.wins[i], "losses": summary.losses[i],
                   "mean_return": summary.mean_returns()[i]} for i, name in enumerate(summary.seats)],
        "no_winner": summary.no_winner, "shared_wins": summary.shared, "finished": summary.finished, "unfinished": summary.unfinished,
        "length": summary.length_stats(),
        "errors": [{"seed": f.seed, "actions": f.actions, "message": f.headline,
                    "reproduce": reproduce_command(game.path, game.players, f.seed, options, max_actions, specs)}
                   for f in summary.failures],
    }


@click.command("simulate")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("-n", "--games", "n", type=click.IntRange(min=1), default=100, show_default=True,
              help="How many games to play.")
@click.option("--players", type=click.IntRange(min=1), help="Number of players (default: the fewest the game allows).")
@click.option("--seed", type=int, default=1, show_default=True, help="Seed of the first game; game i uses seed+i.")
@click.option("--option", "option_values", multiple=True, metavar="NAME=VALUE",
              help="Set a game option; repeat for several.")
@max_actions_option
@bots_option
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
@no_traceback
def simulate_command(file, n, players, seed, option_values, max_actions, bot_text, as_json):
    """Play many games with bots (random unless --bots says) and summarise them.

    Per seat: wins (a win, a tie for first in a ranking: a shared win, or the
    greatest numeric return), losses and mean return, over finished games; game length in actions (mean, standard deviation, min, max). Games
    stopped by --max-actions are counted apart as unfinished. Every error is
    listed with the seeds that reproduce it and a `ruledsl run` command line.
    Exit status 1 if any game raised an error.

    \b
    Examples:
      ruledsl simulate games/examples/tic_tac_toe.rules -n 200
      ruledsl simulate games/tillinghast.rules --players 3 -n 20 --bots ismcts:1s,random,random
      ruledsl simulate games/examples/tic_tac_toe.rules -n 50 --bots mcts:500i
    """
    options = options_from(option_values)
    game = load_game(file, players, options)
    specs = bot_specs(bot_text, game.seats)
    console = Console(stderr=True)
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=console, transient=True, disable=not console.is_terminal) as progress:
        task = progress.add_task(game.title, total=n)
        summary = simulate(game, n, seed, max_actions, lambda: progress.advance(task), specs)
    if as_json:
        click.echo(json.dumps(summary_json(game, summary, seed, max_actions, options, specs), indent=2))
    else:
        click.echo(summary_text(game, summary, seed, max_actions, options, specs))
    raise SystemExit(1 if summary.failures else 0)

