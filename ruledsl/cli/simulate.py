"""`ruledsl simulate FILE -n N`: many games by bots, on one process, N processes or Ray; wins, returns, lengths, unfinished games, errors."""
from __future__ import annotations

import json
import shlex
import statistics
from typing import Callable, Optional

import attrs
import click

from ..analysis import engines
from ..analysis.spec import Batch, batch_size, chunks, main_lineup, variant_of
from ..analysis.stats import mean_interval
from ..errors import RulesError
from .bots import bot_specs
from .common import diagnostics_text, echo, echo_results, load_game, no_traceback, option_flags, options_from
from .run import DEFAULT_MAX_ACTIONS, bots_option, max_actions_option
from .workers import Terminated, choose_engine, progress_bar, stopped_by_signals, workers_options


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
    scores: list = attrs.Factory(list)    # per finished game, the return every seat had, or None when they differ
    unfinished: int = 0
    failures: list = attrs.Factory(list)
    interrupted: bool = False     # Ctrl-C (or SIGTERM) stopped the run: the games played so far are summed up
    stopped_by: str = ""          # what stopped it: "Ctrl-C" or "SIGTERM"

    def __attrs_post_init__(self):
        n = len(self.seats)
        self.wins, self.losses, self.return_sums = [0] * n, [0] * n, [0.0] * n

    @property
    def finished(self) -> int:
        return len(self.lengths)

    def mean_returns(self) -> list:
        return [s / self.finished if self.finished else None for s in self.return_sums]

    @property
    def together(self) -> bool:
        """Whether the seats won or lost together in every finished game (a co-operative game:
        every seat's return the same, a team's score)."""
        return bool(self.scores) and all(s is not None for s in self.scores)

    def shared_score(self) -> Optional[dict]:
        """The team's score when the seats win or lose together: mean, its 95 % interval, min, max."""
        if not self.together:
            return None
        mean, low, high = mean_interval(self.scores)
        return {"mean": mean, "ci": [low, high], "min": min(self.scores), "max": max(self.scores)}

    def length_stats(self) -> Optional[dict]:
        if not self.lengths:
            return None
        return {"mean": statistics.fmean(self.lengths), "sd": statistics.pstdev(self.lengths),
                "min": min(self.lengths), "max": max(self.lengths)}


def simulate(game, n: int, seed: int, max_actions: Optional[int], advance: Callable[[int], None] = lambda games: None,
             specs: Optional[list] = None, engine=None) -> Summary:
    """Play n games (game i with seed seed+i) with bots (specs, one per seat; random by default)
    on an engine (ruledsl.analysis: this process, N processes or Ray); errors are collected,
    never raised. advance(games) is called as batches of games end."""
    specs = specs or ["random"] * game.players
    variant = variant_of(game)
    engines.remember(variant, game)
    lineup = main_lineup(specs)
    batches = [Batch(0, lineup, seeds, max_actions) for seeds in chunks(list(range(seed, seed + n)), batch_size(n, 8))]
    summary = Summary(list(game.seats))
    finished: list = []

    def ended(batch, result) -> None:
        finished.append(result)
        advance(len(batch.seeds))
    try:
        (engine or engines.Serial()).run([variant], batches, ended)
    except KeyboardInterrupt as stop:   # Ctrl-C: the games under way are dropped, those finished are reported
        summary.interrupted = True
        summary.stopped_by = "SIGTERM" if isinstance(stop, Terminated) else "Ctrl-C"
    for record in sorted((r for res in finished for r in res.records), key=lambda r: r.seed):
        add_record(game, summary, record)
    return summary


def add_record(game, summary: Summary, record) -> None:
    """Count one game's record in the summary."""
    summary.games += 1
    if record.failure is not None:
        f = record.failure
        text = diagnostics_text(RulesError(f.diagnostics), game.sources, game.path) if f.diagnostics else f.headline
        summary.failures.append(Failure(record.seed, f.actions, f.headline, text))
        return
    if not record.finished:
        summary.unfinished += 1
        return
    for seat, r in enumerate(record.returns):
        summary.wins[seat] += seat in record.winners
        summary.losses[seat] += seat in record.losers
        summary.return_sums[seat] += r
    summary.no_winner += not record.winners
    summary.shared += len(record.winners) > 1
    summary.lengths.append(record.actions)
    summary.scores.append(record.returns[0] if len(set(record.returns)) == 1 else None)


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
    if summary.interrupted:
        lines[1:1] = [f"interrupted ({summary.stopped_by or 'Ctrl-C'}): the {summary.games} games played before it "
                      "are summed up"]
    if specs and any(s != "random" for s in specs):
        lines[1:1] = ["bots: " + ", ".join(f"{name} {spec}" for name, spec in zip(summary.seats, specs))]
    score = summary.shared_score()
    if score is not None:
        # the seats win or lose together: one score, never "a draw" or "no winner"
        lines.append(f"shared score (every seat's return the same in every game): mean {score['mean']:.3f} "
                     f"(95% interval {score['ci'][0]:.3f} to {score['ci'][1]:.3f}), min {score['min']:g}, "
                     f"max {score['max']:g}")
        if any(summary.wins):
            lines.append(f"the team won: {summary.wins[0]} game(s), lost: {summary.losses[0]} game(s)")
    else:
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
        "interrupted": summary.interrupted, "stopped_by": summary.stopped_by or None,
        "shared_score": summary.shared_score(),
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
@workers_options
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
@no_traceback
def simulate_command(file, n, players, seed, option_values, max_actions, bot_text, jobs, ray_address, as_json):
    """Play many games with bots (random unless --bots says) and summarise them.

    Per seat: wins (a win, a tie for first in a ranking: a shared win, or the
    greatest numeric return), losses and mean return, over finished games; game length in actions (mean, standard deviation, min, max). Games
    stopped by --max-actions are counted apart as unfinished. Every error is
    listed with the seeds that reproduce it and a `ruledsl run` command line.
    Ctrl-C stops the run and reports the games played so far (exit status 130;
    SIGTERM the same, exit status 143), ending the worker processes at once.
    Exit status 1 if any game raised an error. The games run on --jobs
    processes or on Ray (--ray) with the same results; `ruledsl analyze`
    says much more about them.

    \b
    Examples:
      ruledsl simulate games/examples/tic_tac_toe.rules -n 200
      ruledsl simulate games/tillinghast.rules --players 3 -n 20 --bots ismcts:1s,random,random
      ruledsl simulate games/examples/tic_tac_toe.rules -n 50 --bots mcts:500i
    """
    options = options_from(option_values)
    game = load_game(file, players, options)
    specs = bot_specs(bot_text, game.seats)
    engine = choose_engine(jobs, ray_address)
    with progress_bar(game.title, n) as advance, stopped_by_signals():
        summary = simulate(game, n, seed, max_actions, advance, specs, engine)
    if as_json:
        echo_results(json.dumps(summary_json(game, summary, seed, max_actions, options, specs), indent=2), "simulate")
    else:
        echo_results(summary_text(game, summary, seed, max_actions, options, specs), "simulate")
    raise SystemExit(1 if summary.failures else (143 if summary.stopped_by == "SIGTERM" else 130)
                     if summary.interrupted else 0)

