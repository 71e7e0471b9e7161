"""A game's whole story as plain text: every event, with who could read it.

Golden playthroughs (tests/golden/) compare this text byte for byte, so it
also pins what each seat was told: a private event names the seats that read
it and what the others read instead.
"""
from __future__ import annotations

from .runtime.effects.events import events_of


def transcript(state) -> list:
    """One line per event of state's log; private events say who read them."""
    seats = state.game.seats
    lines = []
    for event in events_of(state.log):
        if event.to is None:
            lines.append(event.text)
            continue
        readers = ", ".join(seats[i] for i in sorted(event.to)) or "nobody"
        others = f"; others: {event.others}" if event.others is not None else "; others see nothing"
        lines.append(f"{event.text}    [to {readers}{others}]")
    return lines
