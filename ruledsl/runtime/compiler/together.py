"""`simultaneously for each p in seats:` laid out as blocks: secret choices, one reveal, the bodies.

Each listed seat in turn is asked the one decision (secretly: the others
read only that it chose). Taking an option does not run its body: a small
block records the pick (the seat, the body's block, the bound name and its
value, the label) in the frame's env and asks the next seat. When all have
chosen, one event reveals every pick to everyone, and then each pick's body
runs in seat order, with the seat's name and the chosen item bound. Until
the reveal nothing a pick does has happened, so no view or event can show
one seat's choice to another.
"""
from __future__ import annotations

from ...errors import error
from .code import fmt, text


class Together:
    """One `simultaneously` while its decision is written: where picks are kept and what
    records them."""

    def __init__(self, unit, slot, chooser, next_body):
        self.unit = unit
        self.slot = slot                # the Slot of the frame's env that keeps the picks
        self.chooser = chooser          # the Code of the seat asked now
        self.next_body = next_body      # the Label of the block that runs the next pick's body
        self.pending: list = []         # (record label, body label, bound name key or None)

    def picked(self, body, key, taken: bool = True):
        """The Label of a block that records a pick whose body is at `body` (key: the Code of the
        env key the option binds, or None); not taken: the seat had nothing to choose."""
        label = self.unit.label()
        self.pending.append((label, body, key, taken))
        return label

    def record(self, unit) -> None:
        """Write the recording blocks: each keeps its pick and goes back to ask the next seat."""
        for label, body, key, taken in self.pending:
            unit.place(label, None)
            unit.add(fmt("_pick(st, env, {}, {}, {}, {})", text(self.slot.literal), body,
                         key if key is not None else text("None"), text(repr(taken))), None)
            unit.jump(self.top, None)
        self.pending = []


class TogetherGen:
    """The `simultaneously` statement, for UnitGen."""

    def u_Simultaneous(self, unit, s, frame, exits, loops):
        slot = self.slot("together")
        var, inner = self.env_name(s.var, frame)
        top, reveal, next_body, end = unit.label(), unit.label(), unit.label(), unit.label()
        unit.add(fmt("{} = (_players_of(st, {}), 0, ())", slot, self.x(s.source, frame)), s.span)
        unit.place(top, s.span)
        unit.add(fmt("seats, i, picks = {}", slot), s.span)
        unit.add("if i >= len(seats):", s.span)
        unit.goto(reveal, s.span, depth=1)
        unit.back(s.span, depth=1)
        unit.add(fmt("{} = seats[i]", var), s.span)
        together = Together(unit, slot, fmt("_chooser(st, {}, {})", var, self.k(s.span)), next_body)
        together.top = top
        handler = {"Choose": self.u_Choose, "Menu": self.u_Menu}.get(type(s.decision).__name__)
        if handler is None:
            raise error(s.span, "`simultaneously` holds one decision: a choose")
        handler(unit, s.decision, inner, exits, loops, together)
        unit.place(reveal, s.span)
        unit.add(fmt("_reveal_picks(st, env, {})", text(slot.literal)), s.span)
        unit.place(next_body, s.span)
        unit.add(fmt("picks, j = {}", slot), s.span)
        unit.add("if j >= len(picks):", s.span)
        unit.goto(end, s.span, depth=1)
        unit.back(s.span, depth=1)
        unit.add(fmt("{} = (picks, j + 1)", slot), s.span)
        unit.add(fmt("{}, fr.pc, key, value, _ = picks[j]", var), s.span)
        unit.add("if key is not None:", s.span)
        unit.add("env[key] = value", s.span, depth=1)
        unit.back(s.span)
        unit.end_block()
        unit.place(end, s.span)
        unit.add(fmt("env.pop({}, None)", text(slot.literal)), s.span)
