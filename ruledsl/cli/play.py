"""`ruledsl play FILE`: play a game at the terminal against random bots, or hot-seat with friends.

This module is the loop (whose turn, prompts, saving); drawing is in render.py,
reading a human's choice in ruledsl/agents/human.py.
"""
from __future__ import annotations

import random
import shlex
import sys
from typing import Optional

import click
from rich.console import Console
from rich.markup import escape
from rich.text import Text

from .. import CHANCE
from ..agents import HumanAgent, RandomAgent, TerminalIO, make_agent, seat_seed
from ..agents.human import QUIT, SAVE, UNDO
from ..errors import RulesError
from ..printable import printable, printable_data
from .bots import BOT_HELP, chance_mode, check_spec
from .common import (default_save_name, echo, load_game, load_record_game, no_traceback, options_from, read_record,
                     replay_record, returns_text, rules_error, seat_index, winners_text, write_record)
from .boardgraph import standing
from .render import board_layouts, render_menu, render_view, zone_labels
from .session import TakeBacks, apply_or_stop


def seat_kinds(specs, seats: list) -> list:
    """Who plays each seat: seat 1 human and the others random, changed by --seat N=human or
    --seat N=BOT (a bot spec such as random, mcts:2s, ismcts:500i)."""
    kinds = ["human"] + ["random"] * (len(seats) - 1)
    for spec in specs or ():
        where, sep, kind = spec.partition("=")
        kind = kind.strip().lower()
        if not sep or not kind:
            raise click.BadParameter(f"'{spec}' is not SEAT=human or SEAT=BOT (as 2=ismcts:1s)", param_hint="--seat")
        kinds[seat_index(where, seats, "--seat")] = kind if kind == "human" else check_spec(kind, "--seat")
    return kinds


class PlaySession:
    """One game at the terminal: bots act (a thinking bot under a spinner), each human sees
    their view and a menu.

    kinds: "human" or a bot spec ("random", "ismcts:1s", …) per 0-based seat. With several humans, the screen is
    cleared and the next human asked to take the keyboard before their view is shown.
    """

    def __init__(self, game, state, kinds: list, io: TerminalIO, seed: int, save_path: str,
                 console: Optional[Console] = None):
        self.game = game
        self.state = state
        self.io = io
        self.console = console or Console(file=io.output, highlight=False, soft_wrap=False)
        self.seats = game.seats
        self.agents = {CHANCE: RandomAgent(seat_seed(seed, CHANCE))}
        for seat, kind in enumerate(kinds):
            self.agents[seat] = (HumanAgent(io, self.seats[seat]) if kind == "human"
                                 else make_agent(kind, seat_seed(seed, seat)))
        self.kinds = kinds
        self.humans = [s for s, k in enumerate(kinds) if k == "human"]
        self.save_path = save_path
        self.layouts = board_layouts(game)
        self.zone_labels = printable_data(zone_labels(game))
        self.seen: dict = {}   # seat -> how many of its log lines it has been shown
        self.takebacks = TakeBacks()

    def sync_bots(self, actions: list, chance: str = "seeded") -> None:
        """Replay a saved game's actions past the bots, so they continue as if never interrupted."""
        walk = self.game.new_game(self.state.seed, chance)
        for label in actions:
            agent = self.agents.get(walk.current_player)
            if isinstance(agent, RandomAgent):
                agent.choose(walk)
            walk.apply(label)

    # ------------------------------------------------------------------ the loop
    def run(self) -> int:
        """Play to the end (0), or until a human quits (0); a rule failing is a CliError."""
        last_human = None
        while not self.state.is_terminal():
            seat = self.state.current_player
            agent = self.agents[seat]
            if not isinstance(agent, HumanAgent):
                try:
                    choice = self._think(seat, agent)
                except KeyboardInterrupt:  # Ctrl-C while a bot thinks: leave as with `quit`
                    self.io.say("")
                    return self._quit()
                self._apply(choice)
                continue
            if len(self.humans) > 1 and seat != last_human:
                self.io.clear()
                if self.io.ask(f"Pass to {self.seats[seat]} and press Enter ") is None:
                    return self._quit()
            self.io.clear()
            last_human = seat
            self._show(seat)
            while True:
                try:
                    choice = agent.choose(self.state)
                except KeyboardInterrupt:  # Ctrl-C at the menu: leave as with `quit`
                    self.io.say("")
                    choice = QUIT
                if choice is SAVE:
                    self.save()
                    continue
                if choice is QUIT:
                    return self._quit()
                if choice is UNDO:
                    self._undo(seat)
                    continue
                break
            self.takebacks.remember(seat, self.state)
            self._apply(choice)
        self._finish()
        return 0

    def _think(self, seat: int, agent):
        """The bot's choice; a bot that searches does so under a spinner saying how far it got."""
        if not hasattr(agent, "progress") or seat == CHANCE:
            return agent.choose(self.state)
        who = escape(printable(f"{self.seats[seat]} ({self.kinds[seat]})"))     # shown as written, never as markup
        with self.console.status(f"{who} is thinking…") as status:
            agent.progress = lambda done, part: status.update(
                f"{who} is thinking… {done} iterations, {round(100 * part)}% of its time")
            try:
                return agent.choose(self.state)
            finally:
                agent.progress = None

    def _apply(self, action) -> None:
        apply_or_stop(self.game, self.state, action, self.state.current_player)

    def _undo(self, seat: int) -> None:
        """Take seat's last decision back (and show the view again), or say why it stands."""
        problem = self.takebacks.problem(self.state, seat)
        if problem is not None:
            self.io.say(f"Cannot undo: {problem}.")
            return
        self.state = self.takebacks.take_back(self.state, seat)
        self.seen[seat] = 0
        self.io.clear()
        self.io.say(f"Taken back: {self.seats[seat]} decides again.")
        self._show(seat)

    def _show(self, seat: int) -> None:
        view = printable_data(self.state.view(seat))         # text from the rules, escaped where it is drawn
        self.console.print(render_view(view, layouts=self.layouts, labels=self.zone_labels, links=self.state.connections(),
                                       stand=standing(self.game, view), log_from=self.seen.get(seat, 0),
                                       width=self.console.width))
        self.seen[seat] = len(view["log"])
        if view.get("actions"):
            self.console.print(render_menu(view["actions"]))

    def _finish(self) -> None:
        self.io.clear()
        if len(self.humans) == 1:
            self._show(self.humans[0])
        else:
            view = printable_data(self.state.view(None))
            self.console.print(render_view(view, layouts=self.layouts, labels=self.zone_labels, links=self.state.connections(),
                                           stand=standing(self.game, view), log_from=max(0, len(view["log"]) - 10),
                                           width=self.console.width))
        returns = self.state.returns()
        self.console.print(Text(printable(f"Game over: {winners_text(self.seats, self.state)}."), style="bold"))
        self.io.say(f"Returns: {returns_text(self.seats, returns)} ({len(self.state.actions_taken)} actions)")
        if self._yes("Save the game record?"):
            path = self.save()
            if path:
                self.io.say(f"Replay it with: ruledsl replay {shlex.quote(path)}")

    # ------------------------------------------------------------------ saving and quitting
    def save(self) -> Optional[str]:
        """Ask for a file name (default: the last one used) and write the record there."""
        answer = self.io.ask(f"Save to [{self.save_path}]: ")
        path = (answer or "").strip() or self.save_path      # Enter or the end of input (Ctrl-D): the default
        try:
            write_record(path, self.state.record())
        except OSError as err:
            self.io.say(f"Cannot save to '{path}': {err.strerror or err}")
            return None
        self.save_path = path
        self.io.say(f"Saved to {path}.")
        if not self.state.is_terminal():
            # The record names its rules file (relative to itself), so this works from any folder.
            self.io.say(f"Continue later with: ruledsl play --resume {shlex.quote(path)}")
        return path

    def _quit(self) -> int:
        if self._yes("Save before quitting?", at_end=True):     # Ctrl-D here saves: nothing is lost by accident
            self.save()
        self.io.say("Game left unfinished.")
        return 0

    def _yes(self, question: str, at_end: bool = False) -> bool:
        """Enter or y is yes; at the end of input (Ctrl-D), at_end."""
        answer = self.io.ask(f"{question} [Y/n] ")
        if answer is None:
            return at_end
        return answer.strip().lower() in ("", "y", "yes")


@click.command("play")
@click.argument("file", required=False, type=click.Path(dir_okay=False))
@click.option("--players", type=click.IntRange(min=1), help="Number of players (default: the fewest the game allows).")
@click.option("--seed", type=int, help="Seed of the game's chance and of the bots (default: a random one, shown).")
@click.option("--option", "option_values", multiple=True, metavar="NAME=VALUE",
              help="Set a game option; repeat for several.")
@click.option("--seat", "seat_specs", multiple=True, metavar="SEAT=WHO",
              help="Who plays a seat (1-based number or seat name): human, or a bot: " + BOT_HELP
                   + ". Repeat for several. Default: seat 1 human, the others random bots.")
@click.option("--resume", type=click.Path(dir_okay=False), metavar="SAVEFILE",
              help="Continue a saved game; its rules file, players, options and seed are used.")
@click.option("--line", "line_mode", is_flag=True,
              help="Play line by line (a numbered menu after each view), as for pipes, scripts and screen "
                   "readers; the default when input or output is not a terminal or Textual is not installed.")
@no_traceback
def play_command(file, players, seed, option_values, seat_specs, resume, line_mode):
    """Play a game at the terminal.

    At a terminal with the tui extra installed (pip install "ruledsl[tui]"), the
    game fills the screen: the board, your own things, the table, the whole log
    and the decision, taken in steps (a card, then the next; a tile, then how
    to turn it) with Esc to go back; type to filter, click a square to pick it,
    Ctrl+Z takes your last decision back while nothing hidden was revealed
    since, Ctrl+S saves, ? shows the rules page and the keys, Ctrl+Q leaves.

    Line by line (--line, or when input or output is not a terminal), each human
    seat sees its view, then a numbered menu of legal actions. Type a number or
    an action exactly as shown; `undo` takes your last decision back (while
    nothing hidden was revealed to you and no other player decided since),
    `save` writes the game record and `quit` leaves (offering to save first).

    Each human seat sees only its own view. With several human seats the screen
    (and its scrollback) is cleared and the keyboard passed between them.
    With --resume, FILE may be left out: the record names its rules file.

    A bot that thinks (greedy, mcts, ismcts) shows a spinner while it does;
    Ctrl-C then leaves the game as `quit` does. With such a bot the game is
    played under explicit chance (dice and draws dealt step by step), so the
    same --seed gives another game than with random bots only.

    \b
    Examples:
      ruledsl play games/examples/tic_tac_toe.rules --seat 2=mcts:1s
      ruledsl play games/tillinghast.rules --players 3 --seat 2=ismcts --seat 3=ismcts:500i
      ruledsl play games/examples/high_card.rules --players 3 --seat 2=human
      ruledsl play --resume tic_tac_toe-7.save.json
    """
    if resume:
        given = [flag for flag, value in (("--players", players), ("--seed", seed), ("--option", option_values))
                 if value not in (None, ())]
        if given:
            raise click.UsageError(f"{', '.join(given)} cannot be used with --resume: the saved game fixes them")
        record = read_record(resume)
        game = load_record_game(record, resume, file)
        state = replay_record(game, record, resume)
        seed = state.seed
        save_path = resume
    else:
        if not file:
            raise click.UsageError("Missing argument 'FILE' (or give --resume SAVEFILE).")
        game = load_game(file, players, options_from(option_values))
        if seed is None:
            seed = random.randrange(1, 1_000_000)
        try:
            state = game.new_game(seed=seed, chance=chance_mode(seat_kinds(seat_specs, game.seats)))
        except RulesError as err:
            raise rules_error(err, game.sources, file) from None
        save_path = default_save_name(file, seed)
    kinds = seat_kinds(seat_specs, game.seats)
    if resume and state.record()["chance"] == "seeded" and any(k.split(":")[0] in ("ismcts", "greedy") for k in kinds):
        raise click.UsageError("this saved game was played under seeded chance, which ismcts and greedy bots "
                               "cannot follow; give its bot seats random or mcts")
    io = TerminalIO()
    session = PlaySession(game, state, kinds, io, seed, save_path)
    if resume:
        session.sync_bots(list(record["actions"]), record.get("chance", "seeded"))
    if not line_mode and full_screen_possible():
        raise SystemExit(play_full_screen(session))
    who = ", ".join(f"{name} ({'you' if k == 'human' and kinds.count('human') == 1 else k})"
                    for name, k in zip(game.seats, kinds))
    io.say(f"{game.title}: {game.players} players, seed {seed}. Seats: {who}.")
    if resume:
        io.say(f"Resumed after {len(state.actions_taken)} actions from {resume}.")
    raise SystemExit(session.run())


def full_screen_possible() -> bool:
    """Whether the full-screen UI can run: both ends are a terminal and Textual is installed."""
    from .tui import available
    return sys.stdin.isatty() and sys.stdout.isatty() and available()


def play_full_screen(line: PlaySession) -> int:
    """Play the game of a PlaySession (its state, bots and save path) full screen."""
    from .session import GameSession
    from .tui.app import PlayApp
    agents = {seat: agent for seat, agent in line.agents.items() if seat not in line.humans}
    session = GameSession(line.game, line.state, agents, line.humans, line.save_path)
    app = PlayApp(session)
    code = app.run()
    for message in app.messages:
        echo(message)
    state = session.state
    if state.is_terminal():
        echo(f"Game over: {winners_text(line.seats, state)}. "
                   f"Returns: {returns_text(line.seats, state.returns())} ({len(state.actions_taken)} actions)")
    return code or 0
