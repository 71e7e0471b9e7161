"""The full-screen game: board, the seat's own things, the table, the whole log and the decision.

A Textual app over a GameSession (ruledsl/cli/session.py). Each human seat
sees only its own view; with several humans a hand-over screen that shows
nothing of the game stands between them, and the log is drawn anew for each.
At 120 columns the board sits beside the seat's things and the log; below 100
columns the board fills the screen and F2 swaps it for the rest.
"""
from __future__ import annotations

import shlex
from typing import Optional

from rich.style import Style
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, RichLog, Static

from ...printable import printable_data
from ..boardgraph import standing
from ..common import CliError, returns_text, winners_text
from ..render import board_layouts, zone_labels
from . import panes
from .decide import DecisionPane
from .help import about_choice, rules_page
from .screens import Ask, Confirm, HandOver, Help

NARROW = 100      # below this many columns the board and the side panes take turns

CSS = """
#header { height: 1; background: $boost; padding: 0 1; }
#main { height: 1fr; }
#board { width: 1fr; border: round $primary-darken-2; padding: 0 0 0 1; scrollbar-size-vertical: 1; }
#side { width: 42; }
#yours { height: auto; max-height: 12; border: round $success-darken-1; padding: 0 1; }
#table { height: auto; max-height: 14; border: round $primary-darken-2; padding: 0 1; }
#log { height: 1fr; min-height: 5; border: round $primary-darken-2; padding: 0 1; }
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
        Binding("ctrl+q", "leave", "Quit", priority=True),
    ]

    def __init__(self, session):
        super().__init__()
        self.session = session
        game = session.game
        self.colours = panes.seat_colours(game.seats)
        self.layouts = board_layouts(game)
        self.labels = printable_data(zone_labels(game))
        self.viewer: Optional[int] = None     # the seat whose view is on screen
        self.logged = 0                       # how many of its log lines the log pane holds
        self.messages: list = []              # what the app said at the end (for the terminal)
        self.thinking = False                 # a bot is searching in a thread: the state is its own

    def compose(self) -> ComposeResult:
        yield Static(id="header")
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
        name = self.session.seats[seat]
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
        if seat != self.viewer:
            self.query_one("#log", RichLog).clear()
            self.logged = 0
        self.viewer = seat
        self.draw()
        self.query_one(DecisionPane).offer(self.session.state, self.who(seat))

    def _blank(self) -> None:
        for name in ("#header", "#board-view", "#yours-view", "#table-view"):
            self.query_one(name, Static).update("")
        self.query_one("#log", RichLog).clear()
        self.logged = 0

    # ------------------------------------------------------------ drawing
    def view(self) -> dict:
        seat = self.viewer
        if seat is None and len(self.session.humans) == 1:
            seat = self.session.humans[0]
        return printable_data(self.session.state.view(seat))     # text from the rules, escaped where it is drawn

    def draw(self) -> None:
        state = self.session.state
        view = self.view()
        progress = view.get("progress") or ""
        self.query_one("#header", Static).update(panes.header(view, self.colours, progress))
        board = self.query_one("#board")
        width = max(board.size.width - 1, 40) if board.size.width else max(self.size.width - 46, 40)
        self.query_one("#board-view", Static).update(
            panes.boards(view, self.layouts, state.connections(), standing(self.session.game, view), width,
                         self._click))
        self.query_one("#yours-view", Static).update(panes.yours(view, self.labels, self._click_thing))
        self.query_one("#table-view", Static).update(panes.table(view, self.labels, self.colours))
        log = self.query_one("#log", RichLog)
        lines = view["log"]
        for line in lines[self.logged:]:
            log.write(panes.log_line(line, self.colours, view.get("seat")))
        self.logged = len(lines)

    def _click(self, location: str) -> Style:
        return Style.from_meta({"@click": ("app.pick_location", (location,))})

    def _click_thing(self, text: str) -> Style:
        return Style.from_meta({"@click": ("app.pick_thing", (text,))})

    def action_pick_thing(self, text: str) -> None:
        """A thing of the seat's own clicked (a card in a hand): pick the choice that is it."""
        if not self.query_one(DecisionPane).pick_place(text):
            self.notify(f"{text} is not among the choices now", timeout=3)

    def action_pick_location(self, location: str) -> None:
        view = self.view()
        label = next((b[location]["label"] for b in view.get("board", {}).values() if location in b), location)
        if not self.query_one(DecisionPane).pick_place(label or location):
            self.notify(f"{label} is not among the choices now", timeout=3)

    # ------------------------------------------------------------ deciding
    def on_decision_pane_decided(self, message: DecisionPane.Decided) -> None:
        try:
            self.session.take(message.index)
        except CliError as err:
            self._bots_failed(err)
            return
        self.bots_then_next_turn()

    def bots_then_next_turn(self) -> None:
        """Let the bots act, then show the next human's turn. A bot that thinks does so in a
        thread, so the screen stays live (and says who is thinking) while it searches."""
        session = self.session
        if not session.bots_think():
            try:
                session.advance()
            except CliError as err:
                self._bots_failed(err)
                return
            self.call_after_refresh(self.next_turn)
            return
        pane = self.query_one("#decide", DecisionPane)
        pane.loading = True
        self.thinking = True
        self.query_one("#header", Static).update(Text("the bots are thinking…", style="italic"))
        self.run_worker(self._bots_act, thread=True, exclusive=True, group="bots", exit_on_error=False)

    def _bots_act(self) -> None:
        try:
            self.session.advance()
        except CliError as err:
            self.call_from_thread(self._bots_failed, err)
            return
        self.call_from_thread(self._bots_done)

    def _bots_done(self) -> None:
        self.thinking = False
        self.query_one("#decide", DecisionPane).loading = False
        self.next_turn()

    def _bots_failed(self, err: CliError) -> None:
        """A rule failed: leave the screen and say where (play prints the messages), exit 1."""
        self.thinking = False
        self.messages.append(str(err))
        self.exit(1)

    def busy(self) -> bool:
        """Whether a bot is thinking (then nothing may read or change the state); says so."""
        if self.thinking:
            self.notify("Wait: a bot is thinking", severity="warning", timeout=2)
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
        self.query_one("#log", RichLog).clear()
        self.logged = 0
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
        self.push_screen(Help(about, rules_page(self.session.game)))

    # ------------------------------------------------------------ the end, saving, leaving
    def show_end(self) -> None:
        self.viewer = None
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
                said += f" Continue later with: ruledsl play --resume {shlex.quote(path)}"
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
