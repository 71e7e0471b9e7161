"""Whether a seat may take its last decision back: nothing it may not know was revealed since.

Taking a decision back is fair only while the seat has learned nothing that the
decision could not have known: no chance was drawn (a die, a shuffle, a draw
from a bag), no news was told to it alone, no face it could not see before is
now seen, and no other seat has made a secret choice (which might be revealed
next). Public consequences of one's own decision (a pawn moved, a bot's open
reply) are no secret, so they do not forbid it.
"""
from __future__ import annotations

from .effects.events import event_of, sees_face
from .model.state import SecretLabel


# Private events that tell a seat something: an announcement to it, a private look. (A move told
# privately names a face, which faces_seen judges; one's own secret decision is told to oneself.)
_NEWS = frozenset({"announce", "log", "show"})


def _since(later_chain, earlier_chain) -> list:
    """The cells added to a linked chain after earlier_chain (None: it is not an ancestor)."""
    cell, out = later_chain, []
    while cell is not earlier_chain:
        if cell is None:
            return None
        out.append(cell[0])
        cell = cell[1]
    return out


def faces_seen(prog, st, seat: int) -> set:
    return {c.id for c in prog.comps if sees_face(prog, st, c, seat)}


def hidden_revealed(earlier, later, seat: int) -> bool:
    """Whether going from earlier to later told seat (0-based) anything hidden (see the module
    docstring); also true when later does not descend from earlier."""
    if later.rng != earlier.rng:
        return True
    events, actions = _since(later.log, earlier.log), _since(later.history, earlier.history)
    if events is None or actions is None:
        return True
    for event in map(event_of, events):
        if event.kind == "chance":
            return True
        if event.to is not None and event.kind in _NEWS and seat in event.to:
            return True
    for label in actions:
        if type(label) is SecretLabel and seat not in label.seats:
            return True
    prog = later.prog
    return bool(faces_seen(prog, later, seat) - faces_seen(prog, earlier, seat))



