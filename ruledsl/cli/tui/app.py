"""The full-screen game: board, the seat's own things, the table, the whole log and the decision.

A Textual app over a GameSession (ruledsl/cli/session.py). Each human seat
sees only its own view; with several humans a hand-over screen that shows
nothing of the game stands between them, and the log is drawn anew for each.
At 120 columns the board sits beside the seat's things and the log; below 100
columns the board fills the screen and F2 swaps it for the rest. Everything is
drawn from the seat's screen (ruledsl.present), in the rules' words.

Bots act in a worker thread, one move at a time: each move is shown for a
moment (bot_delay seconds; Ctrl+B turns the pause off and on), the board as it
is after it, the move named and what it changed highlighted, and what changed
since the seat last decided stays highlighted when its turn comes.
"""
from __future__ import annotations

import shlex
import threading
from typing import Optional

from rich.style import Style
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, RichLog, Static

from ...printable import printable, printable_data
from ...present import screen_of
from ...present.guide import docs_page, guide_of
from ...present.moves import move_of
from ..common import CliError, resume_hint, returns_text, winners_text
from . import panes
from .decide import DecisionPane
from .help import about_choice
from .screens import Ask, Confirm, HandOver, Help

BOT_DELAY = 1.0   # seconds each bot move stays on screen before the next

NARROW = 100      # below this many columns the board and the side panes take turns

CSS = """
#header { height: auto; max-height: 2; background: $boost; padding: 0 1; }
#move { height: auto; max-height: 3; background: $warning-darken-3; padding: 0 1; display: none; }
#move.shown { display: block; }
#main { height: 1fr; }
#board { width: 1fr; border: round $primary-darken-2; padding: 0 0 0 1; scrollbar-size-vertical: 1; }
#side { width: 42; }
#yours { height: auto; max-height: 35%; border: round $success-darken-1; padding: 0 1; }
#table { height: auto; max-height: 40%; border: round $primary-darken-2; padding: 0 1; }
#log { height: 1fr; min-height: 6; border: round $primary-darken-2; padding: 0 1; }
DecisionPane { height: auto; max-height: 16; border: round $accent; padding: 0 1; }
#options { height: auto; max-height: 11; border: none; padding: 0; }
#hint { height: 1; }
.narrow #side { display: none; }
.narrow.aside #side, .narrow.logview #side { display: block; width: 1fr; }
.narrow.aside #board, .narrow.logview #board { display: none; }
.narrow.aside #log { display: none; }
.narrow.aside #yours, .narrow.aside #table { max-height: 100%; height: 1fr; }
.narrow.logview #yours, .narrow.logview #table { display: none; }
.narrow DecisionPane { max-height: 11; }
.narrow #options { max-height: 7; }
.narrow #yours { max-height: 8; }
.narrow #table { max-height: 8; }
#handover { width: 100%; height: 100%; content-align: center middle; text-align: center; }
#help { width: 90%; height: 90%; background: $surface; border: round $accent; padding: 0 1; }
Help, Ask, Confirm { align: center middle; }
#ask { width: 70; height: auto; background: $surface; border: round $accent; padding: 1 2; }
"""


class PlayApp(App):
    """One game at the terminal, full screen. exit code: 0 (finished or left)."""
    CSS = CSS
    TITLE = "ruledsl"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [
        Binding("question_mark", "help", "Help"),
        Binding("ctrl+z", "undo", "Undo"),
        Binding("ctrl+s", "save", "Save"),
        Binding("f2", "swap", "Board/log"),
        Binding("ctrl+b", "pace", "Bot moves"),
        Binding("ctrl+q", "leave", "Quit", priority=True),
    ]

    def __init__(self, session, bot_delay: float = BOT_DELAY):
        super().__init__()
        self.session = session
        game = session.game
        self.colours = panes.seat_colours(printable_data(game.definition.seat_names(game.players, display=True)))
        self.viewer: Optional[int] = None     # the seat whose view is on screen
        self.logged = 0                       # how many of its log lines the log pane holds
        self.messages: list = []              # what the app said at the end (for the terminal)
        self.thinking = False                 # bots act in a thread: the state is theirs
        self.bot_delay = bot_delay            # seconds a bot's move stays on screen (0: not shown)
        self.paced = bot_delay > 0
        self.skip = threading.Event()         # set: stop pausing on the move shown now
        self.changed: frozenset = frozenset()  # keys changed since the seat last decided (highlighted)
        self.fresh_from: Optional[int] = None  # log lines from here on are new since then
        self.shown = None                     # the screen last drawn for the viewer (moves are told from it)

    def compose(self) -> ComposeResult:
        yield Static(id="header")
        yield Static(id="move")
        with Horizontal(id="main"):
            with VerticalScroll(id="board"):
                yield Static(id="board-view")
            with Vertical(id="side"):
                with VerticalScroll(id="yours"):
                    yield Static(id="yours-view")
                with VerticalScroll(id="table"):
                    yield Static(id="table-view")
                yield RichLog(id="log", wrap=True, markup=False, min_width=20)
        yield DecisionPane(id="decide")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#board").border_title = "Board"
        self.query_one("#yours").border_title = "Yours"
        self.query_one("#table").border_title = "On the table"
        self.query_one("#log").border_title = "Log"
        self._fit(self.size.width)
        self.bots_then_next_turn()

    def on_resize(self, event) -> None:
        self._fit(event.size.width)
        if self.viewer is not None or self.session.state.is_terminal():
            self.call_after_refresh(self.draw)

    def _fit(self, width: int) -> None:
        self.screen.set_class(width < NARROW, "narrow")

    # ------------------------------------------------------------ whose turn
    def who(self, seat: int) -> Text:
        name = printable(self.session.seats[seat])
        return Text(name, style=Style(color=self.colours.get(name), bold=True))

    def next_turn(self) -> None:
        """Show the view of the human who must decide (after a hand-over if it is another), or the end."""
        session = self.session
        seat = session.to_act()
        if seat is None:
            self.show_end()
            return
        if len(session.humans) > 1 and seat != self.viewer:
            self.viewer = None
            self._blank()
            self.push_screen(HandOver(self.who(seat)), lambda _: self.show_seat(seat))
            return
        self.show_seat(seat)

    def show_seat(self, seat: int) -> None:
        if seat != self.viewer or self.fresh_from is not None:
            self._relog()
        self.viewer = seat
        self.query_one("#move", Static).remove_class("shown")
        screen = self.screen_now()
        self.draw(screen)
        self.query_one(DecisionPane).offer(self.session.state, self.who(seat), screen.decision)

    def _blank(self) -> None:
        for name in ("#header", "#move", "#board-view", "#yours-view", "#table-view"):
            self.query_one(name, Static).update("")
        self.query_one("#log", RichLog).clear()
        self.logged = 0

    # ------------------------------------------------------------ drawing
    def watcher(self) -> Optional[int]:
        """The seat whose screen is drawn: the one deciding, else the only human (None: with
        several humans between their turns, only what is public)."""
        seat = self.viewer
        if seat is None and len(self.session.humans) == 1:
            seat = self.session.humans[0]
        return seat

    def screen_now(self):
        return printable_data(screen_of(self.session.state, self.watcher()))     # text from the rules, escaped

    def draw(self, screen=None) -> None:
        screen = screen if screen is not None else self.screen_now()
        self.shown = screen
        self.query_one("#header", Static).update(panes.header(screen, self.colours, self.size.width - 2))
        board = self.query_one("#board")
        width = max(board.size.width - 1, 40) if board.size.width else max(self.size.width - 46, 40)
        changed = self.changed
        where: dict = {}
        self.query_one("#board-view", Static).update(panes.boards(screen, width, self._click, changed, where))
        lines = [where[k] for k in changed if k in where]
        if lines:       # what the last moves changed, brought into view
            self.query_one("#board").scroll_to(y=max(0, min(lines) - 2), animate=False)
        self.query_one("#yours-view", Static).update(panes.yours(screen, self._click_thing, changed))
        self.query_one("#table-view", Static).update(panes.table(screen, self.colours, changed))
        self._log(screen)

    def _log(self, screen) -> None:
        log = self.query_one("#log", RichLog)
        lines = screen.log
        fresh = self.fresh_from if self.fresh_from is not None else len(lines)
        for i in range(self.logged, len(lines)):
            log.write(panes.log_line(lines[i], self.colours, screen.seat, fresh=i >= fresh))
        self.logged = len(lines)

    def _relog(self) -> None:
        """The log pane written anew (its highlighted lines are those since the seat last decided)."""
        self.query_one("#log", RichLog).clear()
        self.logged = 0

    def _click(self, location: str) -> Style:
        return Style.from_meta({"@click": ("app.pick_location", (location,))})

    def _click_thing(self, text: str) -> Style:
        return Style.from_meta({"@click": ("app.pick_thing", (text,))})

    def action_pick_thing(self, text: str) -> None:
        """A thing of the seat's own clicked (a card in a hand): pick the choice that is it."""
        if not self.query_one(DecisionPane).pick_place(text):
            self.notify(f"{text} is not among the choices now", timeout=3)

    def action_pick_location(self, location: str) -> None:
        screen = self.shown or self.screen_now()
        label = next((p.label for b in screen.boards for p in b.places if p.key == location), location)
        if not self.query_one(DecisionPane).pick_place(label):
            self.notify(f"{label} is not among the choices now", timeout=3)

    # ------------------------------------------------------------ deciding
    def on_decision_pane_decided(self, message: DecisionPane.Decided) -> None:
        if self.busy():
            return
        try:
            self.session.take(message.index)
        except CliError as err:
            self._bots_failed(err)
            return
        self.bots_then_next_turn()

    def bots_then_next_turn(self) -> None:
        """Let the bots act, then show the next human's turn. Bots act in a thread, so the screen
        stays live (and says who is thinking) while they search, and each move is shown as made."""
        session = self.session
        self.changed = frozenset()
        if self.shown is not None:      # what the bots do from here is told from the screen as it is now
            self.shown = self.screen_now()
            self.fresh_from = len(self.shown.log)
        if not session.bots_think() and not self.paced:
            try:
                session.advance()
            except CliError as err:
                self._bots_failed(err)
                return
            self.call_after_refresh(self.next_turn)
            return
        pane = self.query_one("#decide", DecisionPane)
        pane.loading = session.bots_think()     # a spinner while a bot searches; its moves are shown as made
        self.thinking = True
        if session.bots_think():
            self.query_one("#header", Static).update(Text("the bots are thinking…", style="italic"))
        self.run_worker(self._bots_act, thread=True, exclusive=True, group="bots", exit_on_error=False)

    def _bots_act(self) -> None:
        """In the worker thread: the bots' moves, each shown (from the UI thread) as it is made."""
        try:
            self.session.advance(moved=self._moved)
        except CliError as err:
            self.call_from_thread(self._bots_failed, err)
            return
        self.call_from_thread(self._bots_done)

    def _moved(self, seat: int) -> None:
        """In the worker thread, after a bot's move: show it, and leave it on screen a moment."""
        if not self.paced:
            return
        self.call_from_thread(self.show_move, seat)
        self.skip.clear()
        self.skip.wait(self.bot_delay)

    def show_move(self, seat: int) -> None:
        """A bot's move on screen: the board after it, the move named, what it changed highlighted."""
        state = self.session.state
        after = self.screen_now()
        known = state.actions_seen(self.watcher())[-1] if state.actions_taken else None
        known = printable(known) if known is not None else None       # a label from the rules: escaped
        who = printable(self.session.game.definition.seat_names(self.session.game.players, display=True)[seat])
        before = self.shown if self.shown is not None else after
        move = move_of(before, after, who, known)
        self.changed = self.changed | frozenset(move.changed)
        banner = self.query_one("#move", Static)
        banner.update(panes.move_banner(move, self.colours))
        banner.add_class("shown")
        pane = self.query_one(DecisionPane)
        pane.loading = False
        pane.show_moves(move, panes.coloured(who, self.colours))
        self.draw(after)

    def _bots_done(self) -> None:
        self.thinking = False
        self.query_one("#decide", DecisionPane).loading = False
        self.query_one("#move", Static).remove_class("shown")
        if self.paced and self.shown is not None:
            self.changed = self.changed | frozenset(move_of(self.shown, self.screen_now(), "", None).changed)
        self.next_turn()

    def action_pace(self) -> None:
        """Ctrl+B: show each bot's move for a moment, or not (and stop the pause now)."""
        self.paced = not self.paced
        if self.paced and self.bot_delay <= 0:
            self.bot_delay = BOT_DELAY
        self.skip.set()
        self.notify("Bot moves are shown one by one" if self.paced else "Bot moves are no longer shown one by one",
                    timeout=3)

    def _bots_failed(self, err: CliError) -> None:
        """A rule failed: leave the screen and say where (play prints the messages), exit 1."""
        self.thinking = False
        self.messages.append(str(err))
        self.exit(1)

    def busy(self) -> bool:
        """Whether a bot is thinking (then nothing may read or change the state); says so."""
        if self.thinking:
            self.notify("Wait: the bots are playing", severity="warning", timeout=2)
        return self.thinking

    def action_undo(self) -> None:
        seat = self.viewer
        if seat is None or self.busy():
            return
        problem = self.session.undo_problem(seat)
        if problem is not None:
            self.notify(f"Cannot take it back: {problem}", severity="warning", timeout=4)
            return
        self.session.undo(seat)
        self.changed, self.fresh_from = frozenset(), None
        self._relog()
        self.show_seat(seat)
        self.notify("Taken back: your last decision", timeout=3)

    def action_swap(self) -> None:
        """On a small screen: the board, then the seat's things and the table, then the log."""
        screen = self.screen
        if screen.has_class("aside"):
            screen.remove_class("aside")
            screen.add_class("logview")
        elif screen.has_class("logview"):
            screen.remove_class("logview")
        else:
            screen.add_class("aside")

    # ------------------------------------------------------------ help
    def action_help(self) -> None:
        pane = self.query_one(DecisionPane)
        about = []
        if pane.steps is not None and pane.shown:
            highlighted = self.query_one("#options").highlighted or 0
            choice = pane.shown[min(highlighted, len(pane.shown) - 1)]
            about = about_choice(self.session.game, pane.label_of(choice))
        game = self.session.game
        guide = guide_of(game, docs_page(game.path) or "")
        self.push_screen(Help(printable_data(about), printable(guide.markdown())))     # the rules' text: escaped

    # ------------------------------------------------------------ the end, saving, leaving
    def show_end(self) -> None:
        self.viewer = None
        self.query_one("#move", Static).remove_class("shown")
        self.draw()
        state = self.session.state
        text = Text(f"Game over: {winners_text(self.session.seats, state)}. ", style="bold")
        text.append(f"Returns: {returns_text(self.session.seats, state.returns())} "
                    f"({len(state.actions_taken)} actions)", style="")
        self.query_one(DecisionPane).show_end(text, [("Save the game record", "app.save"),
                                                      ("Leave", "app.done")])

    def action_save(self, then_exit: bool = False) -> None:
        if self.busy():
            return

        def saved(answer) -> None:
            if answer is None:
                if then_exit:
                    self.action_done()
                return
            try:
                path = self.session.save(answer or None)
            except OSError as err:
                self.notify(f"Cannot save to '{answer}': {err.strerror or err}", severity="error")
                return
            said = f"Saved to {path}."
            if not self.session.state.is_terminal():
                said += f" Continue later with: {resume_hint(path, self.session.kinds)}"
            else:
                said += f" Replay it with: ruledsl replay {shlex.quote(path)}"
            self.messages.append(said)
            self.notify(said, timeout=6)
            if then_exit:
                self.action_done()
        self.push_screen(Ask("Save the game record to:", self.session.save_path), saved)

    def action_leave(self) -> None:
        if self.session.state.is_terminal():
            self.action_done()
            return

        def answered(yes) -> None:
            if yes is None:
                return
            if yes:
                self.action_save(then_exit=True)
            else:
                self.action_done()
        self.push_screen(Confirm("Save before quitting?"), answered)

    def action_done(self) -> None:
        if not self.session.state.is_terminal():
            self.messages.append("Game left unfinished.")
        self.exit(0)
