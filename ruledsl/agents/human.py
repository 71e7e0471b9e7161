"""The human at a terminal: reads a choice from a numbered menu; `undo`, `save` and `quit` are commands.

Input and output are streams given to TerminalIO, so tests drive a human with
io.StringIO. Drawing the game is not done here (see ruledsl/cli/render.py).
"""
from __future__ import annotations

import sys
from typing import Optional, TextIO

from ..printable import printable

# Clear the screen, home the cursor, and clear the scrollback too (\x1b[3J), so that the next
# player at a shared keyboard cannot scroll back to the last one's hand.
CLEAR_SCREEN = "\x1b[2J\x1b[3J\x1b[H"


class Command(str):
    """A word typed at a prompt that is not an action: UNDO, SAVE or QUIT."""


UNDO = Command("undo")
SAVE = Command("save")
QUIT = Command("quit")
COMMANDS = {c: c for c in (UNDO, SAVE, QUIT)}


class TerminalIO:
    """Line-based input and output on two text streams.

    interactive: whether output is a screen (then clear() clears it); by default,
    whether the output stream is a terminal.
    """

    def __init__(self, input: Optional[TextIO] = None, output: Optional[TextIO] = None,
                 interactive: Optional[bool] = None):
        self.input = input if input is not None else sys.stdin
        self.output = output if output is not None else sys.stdout
        if interactive is None:
            isatty = getattr(self.output, "isatty", None)
            interactive = bool(isatty and isatty())
        self.interactive = interactive

    def say(self, text: str = "") -> None:
        self.output.write(printable(text) + "\n")       # a name or label from the rules: escaped, never obeyed
        self.output.flush()

    def ask(self, prompt: str) -> Optional[str]:
        """Show prompt, read one line; None when the input has ended."""
        self.output.write(printable(prompt))
        self.output.flush()
        line = self.input.readline()
        if not line:
            self.output.write("\n")
            self.output.flush()
            return None
        return line.rstrip("\r\n")

    def clear(self) -> None:
        """Clear the screen and its scrollback (only when the output is a terminal)."""
        if self.interactive:
            self.output.write(CLEAR_SCREEN)
            self.output.flush()


class HumanAgent:
    """A person choosing at the terminal: an action's number or exact label, `undo`, `save` or `quit`.

    choose() returns an Action, or UNDO / SAVE / QUIT; bad input is explained and asked again.
    The end of input counts as QUIT.
    """

    def __init__(self, io: TerminalIO, name: str = ""):
        self.io = io
        self.name = name

    def choose(self, state):
        actions = state.legal_actions()
        who = f"{self.name}, " if self.name else ""
        prompt = f"{who}your choice (1-{len(actions)}, undo, save, quit): "
        while True:
            answer = self.io.ask(prompt)
            if answer is None:
                return QUIT
            picked = parse_choice(answer, [a.label for a in actions])
            if isinstance(picked, Command):
                return picked
            if picked is not None:
                return actions[picked]
            if not answer.strip():
                continue
            self.io.say(f"'{answer.strip()}' is not a choice: type a number from 1 to {len(actions)}, "
                        "an action exactly as shown, undo, save or quit.")


def parse_choice(answer: str, labels: list) -> "int | Command | None":
    """What a typed answer means: a 0-based action index, UNDO, SAVE, QUIT, or None when it means nothing."""
    text = answer.strip()
    if text.lower() in COMMANDS:
        return COMMANDS[text.lower()]
    if text.isdigit():
        number = int(text)
        return number - 1 if 1 <= number <= len(labels) else None
    if text in labels:
        return labels.index(text)
    return None
