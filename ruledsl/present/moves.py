"""One action as an animation step: who took it, what the viewer may know of it, what it changed.

A front end shows a bot's move for a moment: the board as it is after the move,
the move named, and the places, zones and values it changed highlighted. All
of it is read from the viewer's screens before and after the move, so a step
tells no more than the two screens do.
"""
from __future__ import annotations

from typing import Optional

from .model import Move, Screen


def move_of(before: Screen, after: Screen, who: str, label: Optional[str]) -> Move:
    """The step from one screen of a seat to the next. label: the action as the viewer may know
    it (None for another seat's secret choice, or a chance outcome it does not see)."""
    lines = after.log[len(before.log):] if after.log[:len(before.log)] == before.log else after.log[-5:]
    return Move(who, label, tuple(lines), tuple(changed(before, after)))


def changed(before: Screen, after: Screen) -> list:
    """The keys of the board places, zones and values that differ between two screens."""
    out = []
    old = {p.key: p for b in before.boards for p in b.places}
    for board in after.boards:
        for place in board.places:
            was = old.get(place.key)
            if was is None or (was.pieces, was.standing, was.tags, was.directions) != \
                    (place.pieces, place.standing, place.tags, place.directions):
                out.append(place.key)
    zones = {z.key: z.pieces for z in before.zones}
    out += [z.key for z in after.zones if zones.get(z.key) != z.pieces]
    values = {v.key: v for v in before.values}
    out += [v.key for v in after.values if values.get(v.key) != v]
    return out
