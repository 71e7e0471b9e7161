"""Screens over the game: passing the keyboard, help (this choice, how to play, the keys), questions."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, Markdown, Static

KEYS = [
    ("↑ ↓, Enter", "move in the list, pick"),
    ("letters", "filter the list by what you type"),
    ("Esc, Backspace", "clear the filter, or go back a step"),
    ("click", "a square or location on the board picks it"),
    ("Ctrl+Z", "take back your last decision (while nothing hidden was revealed since)"),
    ("Ctrl+S", "save the game record"),
    ("Tab", "move between the list, the log and the board (arrows scroll them)"),
    ("F2", "on a small screen: the board, then your things and the table, then the log"),
    ("Ctrl+B", "show each bot's move for a moment, or not"),
    ("?", "this help"),
    ("Ctrl+Q", "leave (offers to save first)"),
]


class HandOver(Screen):
    """Hot-seat: the screen holds nothing of the last seat until the next one presses Enter."""
    BINDINGS = [Binding("enter", "go", "Continue")]

    def __init__(self, seat: Text):
        super().__init__()
        self.seat = seat

    def compose(self) -> ComposeResult:
        text = Text("Pass the keyboard to ", style="bold")
        text.append_text(self.seat)
        text.append("\n\npress Enter when only they can see the screen", style="dim")
        yield Static(text, id="handover")

    def action_go(self) -> None:
        self.dismiss(True)


class Help(ModalScreen):
    """What the highlighted choice means (the rules' descriptions), how to play the game (from its
    rules, ending with a link to its page), and the keys."""
    BINDINGS = [Binding("escape,question_mark,q", "close", "Close")]

    def __init__(self, about: list, guide: str):
        super().__init__()
        self.about = about
        self.guide = guide

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help"):
            if self.about:
                about = Text("About this choice\n", style="bold underline")
                for name, text in self.about:
                    about.append(f"  {name}: ", style="bold")
                    about.append(text + "\n")
                yield Static(about)
            yield Markdown(self.guide)
            keys = Text("Keys\n", style="bold underline")
            for key, what in KEYS:
                keys.append(f"  {key:<16}", style="bold cyan")
                keys.append(what + "\n")
            yield Static(keys)

    def on_mount(self) -> None:
        self.query_one("#help").focus()

    def action_close(self) -> None:
        self.dismiss(None)


class Ask(ModalScreen):
    """One line of text (a file name); Enter (or Ctrl+D, as at the end of input line by line)
    answers, Escape cancels (None)."""
    BINDINGS = [Binding("escape", "cancel", "Cancel"), Binding("ctrl+d", "submit", "Yes", priority=True)]

    def __init__(self, question: str, value: str = ""):
        super().__init__()
        self.question = question
        self.value = value

    def compose(self) -> ComposeResult:
        with Vertical(id="ask"):
            yield Static(self.question)
            yield Input(self.value, id="answer")
            yield Static(Text("Enter: yes · Esc: cancel", style="dim"))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip())

    def action_submit(self) -> None:
        self.dismiss(self.query_one("#answer", Input).value.strip())

    def action_cancel(self) -> None:
        self.dismiss(None)


class Confirm(ModalScreen):
    """A yes/no question: y or Enter is yes (Ctrl+D too: nothing is lost by accident), n is no,
    Escape cancels (None)."""
    BINDINGS = [Binding("y,enter,ctrl+d", "answer(True)", "Yes"), Binding("n", "answer(False)", "No"),
                Binding("escape", "answer(None)", "Cancel")]

    def __init__(self, question: str):
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="ask"):
            yield Static(Text(self.question, style="bold"))
            yield Static(Text("y / Enter: yes · n: no · Esc: back to the game", style="dim"))

    def action_answer(self, value) -> None:
        self.dismiss(value)
