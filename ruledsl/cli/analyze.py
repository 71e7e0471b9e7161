"""`ruledsl analyze FILE…`: a designer's analysis of a game and its variants (ruledsl/analysis)."""
from __future__ import annotations

import json
import time

import click
from rich.console import Console

from ..analysis import Settings, make_variants
from ..analysis.bots import SpecError, check_spec
from ..analysis.engines import remember
from ..analysis.runner import batches_for, summarise
from ..analysis.spec import SELF
from ..analysis.text import report
from ..printable import printable_data
from .common import CliError, cannot_write, echo, keep_aside, load_game, no_traceback
from .run import DEFAULT_MAX_ACTIONS
from .workers import choose_engine, progress_bar, stopped_by_signals, workers_options

DEFAULT_LEVELS = "random,greedy:10i,ismcts:50i"


def bot_list(text: str, flag: str) -> list:
    specs = [s.strip() for s in text.split(",") if s.strip()] if text else []
    for spec in specs:
        try:
            check_spec(spec)
        except SpecError as err:
            raise click.BadParameter(str(err), param_hint=flag) from None
    return specs


def option_lists(values) -> dict:
    """--option K=V1,V2 pairs as {K: [V1, V2]} (every value is one variant)."""
    out: dict = {}
    for item in values or ():
        key, sep, value = item.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise click.BadParameter(f"'{item}' is not NAME=VALUE[,VALUE…]", param_hint="--option")
        out.setdefault(key.strip(), []).extend(v.strip() for v in value.split(",") if v.strip())
    return out


def strip_samples(data: dict) -> dict:
    """The report without each game's length (the histograms stay): what --json prints."""
    for m in data["variants"]:
        for d in m["duration"].values():
            d.pop("values", None)
    return data


def write_html(path: str, data: dict) -> None:
    try:
        from ..analysis.html import write_report
    except ImportError as err:
        raise CliError(f"error: --html needs matplotlib, which is not installed ({err})\n"
                       "    hint: pip install 'ruledsl[plots]'") from None
    write_report(path, data)


@click.command("analyze")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--players", type=click.IntRange(min=1), multiple=True,
              help="Number of players; repeat for several (each is a variant). Default: the fewest the game allows.")
@click.option("--option", "option_values", multiple=True, metavar="NAME=VALUE[,VALUE…]",
              help="Set a game option; several values make a variant each; repeat for several options.")
@click.option("-n", "--games", type=click.IntRange(min=1), default=200, show_default=True,
              help="Games per variant (seeds SEED to SEED+N-1, the same in every variant).")
@click.option("--seed", type=int, default=1, show_default=True, help="Seed of the first game.")
@click.option("--bots", "bot_text", metavar="SPEC,SPEC,…",
              help="Who plays the main games, in seat order (seats left out are random); as for `ruledsl run`.")
@click.option("--skill", "skill_text", default=DEFAULT_LEVELS, show_default=True, metavar="SPEC,SPEC,…",
              help="The bots of the skill curve, weakest first; each plays every seat in turn against --against. "
                   "Give budgets in iterations (500i) for the same report everywhere; search bots are slow on big "
                   "games (fewer --skill-games, or --ray). Empty: no curve.")
@click.option("--skill-games", type=click.IntRange(min=0), default=40, show_default=True,
              help="Games per bot of the skill curve (per variant).")
@click.option("--against", default="random", show_default=True, metavar="SPEC",
              help="The bot in the other seats of the skill games; `self`: the measured bot plays every seat "
                   "(a co-operative team, or self-play).")
@click.option("--coverage-games", type=click.IntRange(min=0), default=100, show_default=True,
              help="How many of the main games record which lines of the rules ran (tracing slows them; 0: none).")
@click.option("--max-actions", type=click.IntRange(min=0), default=DEFAULT_MAX_ACTIONS, show_default=True,
              help="Stop a game after this many actions and count it as unfinished.")
@workers_options
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON (for tools).")
@click.option("--html", "html_path", type=click.Path(dir_okay=False), metavar="PATH",
              help="Write a self-contained HTML report with plots (needs `pip install ruledsl[plots]`).")
@no_traceback
def analyze_command(files, players, option_values, games, seed, bot_text, skill_text, skill_games, against,
                    coverage_games, max_actions, jobs, ray_address, as_json, html_path):
    """Analyse a game: fairness, length, skill and luck, rule usage.

    Plays N games of every variant (every combination of the FILES, of the
    --players counts and of the --option values) with the same seeds, and
    reports: how games end, how long they last, each seat's win rate with a
    95% interval, draws and shared wins, options a decision, how much a
    stronger bot wins (the skill curve: flat means luck), which options are
    never or always taken, and which lines of the rules never ran. Each
    variant after the first is compared with the first, with p-values.

    The same seeds give the same report on one process, on --jobs N or on
    Ray. See docs/analysis.md.

    \b
    Examples:
      ruledsl analyze games/examples/tic_tac_toe.rules -n 500 --jobs 2
      ruledsl analyze games/shining.rules --players 4 --option corrupted=false,true --html shining.html
      ruledsl analyze games/shining.rules games/shining_harsh.rules --players 4 --ray local
    """
    options = option_lists(option_values)
    specs = bot_list(bot_text, "--bots")
    levels = bot_list(skill_text, "--skill")
    if against != SELF:
        bot_list(against, "--against")
    loaded: list = []

    def load(path, count, values):
        loaded.append(load_game(path, count, values))
        return loaded[-1]

    variants = make_variants(list(files), list(players), options, load)
    for variant, game in zip(variants, loaded):
        remember(variant, game)             # played here, the games need no second load
    for v in variants:
        if len(specs) > v.players:
            raise click.BadParameter(f"{len(specs)} bots for {v.players} seats", param_hint="--bots")
    settings = Settings(games=games, seed=seed, max_actions=max_actions,
                        bots=(specs + ["random"] * (max(v.players for v in variants) - len(specs))) if specs else None,
                        levels=levels, skill_games=skill_games if levels else 0, against=against,
                        coverage_games=coverage_games)
    if settings.bots and len({v.players for v in variants}) > 1:
        raise click.BadParameter("--bots needs one player count (give a single --players)", param_hint="--bots")
    engine = choose_engine(jobs, ray_address)
    batches = batches_for(variants, settings)
    started = time.perf_counter()
    with progress_bar(f"{variants[0].label} ({engine.name})", sum(len(b.seeds) for b in batches)) as advance, \
            stopped_by_signals():
        results = engine.run(variants, batches, lambda batch, result: advance(len(batch.seeds)))
    data = summarise(variants, results, settings)
    seconds = time.perf_counter() - started
    failed = _write(data, html_path, as_json)
    echo(f"{sum(len(b.seeds) for b in batches)} games in {seconds:.1f} s on {engine.name}"
         + (f"; report written to {html_path}" if html_path and not any(html_path in f for f in failed) else ""),
         err=True)
    if failed:
        raise CliError("\n".join(failed))
    if any(m["completion"]["errors"] for m in data["variants"]):
        raise SystemExit(1)


def _write(data: dict, html_path, as_json: bool) -> list:
    """Write the report where it was asked for: the HTML file, and the text or JSON report on
    standard output. What cannot be written is said (the list returned, one message each), and
    the games played are never lost: if standard output cannot take the report, its JSON is
    kept in a file aside."""
    failed = []
    if html_path:
        try:
            write_html(html_path, data)
        except OSError as err:
            failed.append(cannot_write(f"'{html_path}'", err).message)
        except CliError as err:       # no matplotlib: said, and the report still printed
            failed.append(err.message)
    try:
        if as_json:
            click.echo(json.dumps(strip_samples(data), indent=2))
        else:
            Console(width=max(100, Console().width)).print(report(printable_data(data)))   # names from the rules, escaped
    except BrokenPipeError:
        raise
    except OSError as err:
        kept = keep_aside("analyze", json.dumps(strip_samples(data), indent=2))
        failed.append(cannot_write("the output", err, kept).message)
    return failed
