"""The decision pane: a decision taken in steps (GameState.decision_steps), with back and a filter.

Each step lists what may be picked next; a pick that completes the decision
shows the whole option's label. Typing filters the list (any part of an
option's text, case ignored); Backspace deletes what was typed, and on an
empty filter goes back a step, as Escape does.
"""
from __future__ import annotations

from typing import Optional

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...errors import RulesError
from ...printable import printable
from ...runtime.steps import DONE


class DecisionPane(Vertical):
    """Offers one seat's pending decision; posts Decided(index) when an option is complete."""

    class Decided(Message):
        def __init__(self, index: int, label: str):
            super().__init__()
            self.index = index
            self.label = label

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.state = None
        self.steps = None
        self.path: list = []
        self.typed = ""
        self.shown: list = []      # the Choices listed now, in order

    def compose(self) -> ComposeResult:
        yield Static(id="prompt")
        yield OptionList(id="options")
        yield Static(id="hint")

    # ------------------------------------------------------------ what is offered
    def offer(self, state, who: Text) -> None:
        """Offer the pending decision of state (who: the seat's name, coloured)."""
        self.state = state
        self.steps = state.decision_steps()
        self.path, self.typed = [], ""
        self.who = who
        self.refresh_choices()
        self.query_one(OptionList).focus()

    def show_end(self, text: Text, choices: list) -> None:
        """The game is over: text says how; choices are (label, action name) to pick from."""
        self.state = self.steps = None
        self.query_one("#prompt", Static).update(text)
        options = self.query_one(OptionList)
        options.clear_options()
        options.add_options([Option(label, id=action) for label, action in choices])
        options.highlighted = 0
        self.query_one("#hint", Static).update(Text("Enter: pick · ?: rules and keys", style="dim"))
        options.focus()

    def label_of(self, choice) -> str:
        """A choice as listed: the whole option when it completes the decision, else its part."""
        if choice.index is not None:
            label = self.state.legal_actions()[choice.index].label
            return f"{label}  (stop here)" if choice.text == DONE else label
        return choice.text + "  ›"

    def refresh_choices(self) -> None:
        choices = self.steps.choices(tuple(self.path))
        needle = self.typed.lower()
        self.shown = [c for c in choices if needle in self.label_of(c).lower()] if needle else choices
        options = self.query_one(OptionList)
        options.clear_options()
        options.add_options([Option(self._line(c)) for c in self.shown])
        if self.shown:
            options.highlighted = 0
        self._prompt(len(choices))

    def _line(self, choice) -> Text:
        line = Text(printable(self.label_of(choice)))     # an option's label, from the rules: escaped
        try:
            note = self.state.option_help(choice.index) if choice.index is not None else None
        except RulesError as err:       # a help text the rules cannot work out: said, not fatal
            note = f"(no help: {err.diagnostic.message})"
        if note:
            line.append(printable(f"  — {note}"), style="italic dim")
        return line

    def _prompt(self, total: int) -> None:
        prompt = Text()
        prompt.append_text(self.who)
        depth = self.steps.depth()
        prompt.append(", choose" + (f" (step {len(self.path) + 1} of up to {depth})" if depth > 1 else "") + ": ")
        if self.path:
            prompt.append(" › ".join(self.path), style="bold")
        self.query_one("#prompt", Static).update(prompt)
        hint = Text(style="dim")
        if self.typed:
            hint.append(f"filter: {self.typed}", style="bold")
            hint.append(f" ({len(self.shown)} of {total}) · ")
        hint.append("type to filter · Enter: pick")
        if self.path:
            hint.append(" · Esc: back")
        hint.append(" · ?: help")
        self.query_one("#hint", Static).update(hint)

    # ------------------------------------------------------------ picking
    async def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if self.steps is None:
            await self.app.run_action(event.option.id)
            return
        if 0 <= event.option_index < len(self.shown):
            self.pick(self.shown[event.option_index])

    def pick(self, choice) -> None:
        if choice.index is not None:
            self.post_message(self.Decided(choice.index, self.state.legal_actions()[choice.index].label))
            return
        self.path.append(choice.text)
        self.typed = ""
        self.refresh_choices()

    def pick_place(self, label: str) -> bool:
        """A square or location clicked on the board: pick the one choice that is it or names
        it, else filter by it. Whether anything happened."""
        if self.steps is None:
            return False
        exact = [c for c in self.shown if c.text == label]
        named = exact or [c for c in self.shown if label in self.label_of(c).replace(",", " ").split()]
        if len(named) == 1:
            self.pick(named[0])
            return True
        if named:
            self.typed = label
            self.refresh_choices()
            return True
        return False

    def back(self) -> bool:
        """Clear the filter, else go back a step; whether there was anything to undo here."""
        if self.steps is None:
            return False
        if self.typed:
            self.typed = ""
        elif self.path:
            self.path.pop()
        else:
            return False
        self.refresh_choices()
        return True

    def type_key(self, key: str, character: Optional[str]) -> bool:
        """A key typed while the options have focus: filter text or backspace."""
        if self.steps is None:
            return False
        if key == "escape":
            return self.back()
        if key == "backspace":
            if self.typed:
                self.typed = self.typed[:-1]
                self.refresh_choices()
            else:
                self.back()
            return True
        if character and character.isprintable() and key not in ("question_mark",):
            self.typed += character
            self.refresh_choices()
            return True
        return False

    def on_key(self, event) -> None:
        if self.type_key(event.key, event.character):
            event.stop()
            event.prevent_default()
