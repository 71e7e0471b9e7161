"""The state of a game in play: plain data, cheap to copy.

Everything that changes lives here as flat lists of immutable values
(tuples, ints, interned handles), so `clone` is a handful of list copies.
The interpreter's place in the flow is data too: a stack of frames, each a
code unit's number, a position in it and its local names. The action history
is a chain of linked cells (value, previous), the event log one of cells
(event, previous, length), shared between clones.
`var_known` (which seats may now see a hidden variable, after `reveal` or
`show`) is a dict replaced, never changed, so clones share it too.
"""
from __future__ import annotations

from operator import itemgetter
from typing import Optional


# In var_known: a variable revealed to everyone, onlookers included.
ALL_SEATS = -1


class Result(tuple):
    """How a game ended: one return per seat (the tuple), and which seats won and lost.

    A win's winners return 1; a ranking's are the seats tied for first (a
    shared win), numeric returns' the seats with the most; when every seat
    returns the same after a ranking or numeric returns, no one wins or loses
    (a draw). losers: the seats that lost (a win's others, the seats tied for
    last). ending: the Span of the statement that ended the game (set by the run loop; None
    when it ended some other way). shared: the returns are one score of the whole team (`end game
    returns E for each p in players` with E the same for every seat: a co-operative score, not a
    draw)."""
    winners: frozenset
    losers: frozenset
    ending = None
    shared = False

    def __new__(cls, returns, winners=(), losers=()):
        self = super().__new__(cls, returns)
        self.winners = frozenset(winners)
        self.losers = frozenset(losers)
        return self


class SecretLabel(str):
    """The label of a decision in the history that only some seats may know: a secret choice
    (its chooser) or chance seen by chosen seats. It reads as the label itself."""
    seats: frozenset

    def __new__(cls, label: str, seats):
        self = super().__new__(cls, label)
        self.seats = frozenset(seats)
        return self


class Frame:
    """Where one running block is: code unit number, next instruction, local names."""
    __slots__ = ("unit", "pc", "env")

    def __init__(self, unit: int, pc: int, env: dict):
        self.unit = unit
        self.pc = pc
        self.env = env

    def copy(self) -> "Frame":
        return Frame(self.unit, self.pc, dict(self.env))


class Event(tuple):
    """Something that happened, and who may read it.

    text: what `to` seats read (everyone when to is None). others: what the
    remaining seats read instead (None: they see nothing of it). kind: what sort of event
    (QUIET_KINDS in effects/events.py). A log keeps an event as its parts, a plain tuple, and
    its readers see the Event it stands for (effects/events.event_of); two events are equal
    when their parts are.
    """
    __slots__ = ()
    text = property(itemgetter(0))
    to = property(itemgetter(1))
    others = property(itemgetter(2))
    kind = property(itemgetter(3))

    def __new__(cls, text: str, to: Optional[frozenset] = None, others: Optional[str] = None, kind: str = "log"):
        return tuple.__new__(cls, (text, to, others, kind))

    def __repr__(self):
        return f"Event({self.text!r}, {self.to!r}, {self.others!r}, {self.kind!r})"

    def __reduce__(self):
        return (Event, tuple(self))

    def seen_by(self, seat: Optional[int]) -> Optional[str]:
        """The text seat (0-based; None: an onlooker who sees only public things) reads, or None."""
        if self.to is None:
            return self.text
        if seat is not None and seat in self.to:
            return self.text
        return self.others

    def as_json(self) -> dict:
        return {"text": self.text, "to": sorted(self.to) if self.to is not None else None,
                "others": self.others, "kind": self.kind}


def log_length(cell) -> int:
    """How many events a log chain holds."""
    return cell[2] if cell is not None else 0


def logged(event, log) -> tuple:
    """The log with one more event."""
    return (event, log, log[2] + 1 if log is not None else 1)


def chain_to_list(cell, stop=None) -> list:
    """The values of a linked chain, oldest first; with stop, only those added after that cell."""
    out = []
    while cell is not None and cell is not stop:
        out.append(cell[0])
        cell = cell[1]
    out.reverse()
    return out


def chain_last(cell, n: int) -> list:
    """The last n values of a linked chain (all, if it has fewer), oldest first, in time with n."""
    out = []
    while cell is not None and len(out) < n:
        out.append(cell[0])
        cell = cell[1]
    out.reverse()
    return out


class StateData:
    """The data of a state. See the module docstring; the public API is ruledsl.runtime.api.GameState."""
    __slots__ = ("vals", "loc", "face", "owner", "fields", "known", "contents", "tags", "lazy", "ends",
                 "rng", "frames", "pending", "current", "phase", "round", "log", "history",
                 "result", "forced", "explicit", "steps", "action_count", "var_known", "quiet", "muted", "seat_logs", "memo",
                 "unfolded", "digests")

    def copy_into(self, other: "StateData") -> None:
        other.vals = self.vals[:]
        other.loc = self.loc[:]
        other.face = self.face[:]
        other.owner = self.owner[:]
        other.fields = self.fields[:]
        other.known = self.known[:]
        other.contents = self.contents[:]
        other.tags = self.tags             # a tuple, replaced when a tag changes
        other.lazy = self.lazy
        other.ends = self.ends             # open_order.py: a dict, replaced when it changes
        other.rng = self.rng
        other.frames = list(map(Frame.copy, self.frames))
        other.pending = self.pending
        other.current = self.current
        other.phase = self.phase
        other.round = self.round
        other.log = self.log
        other.history = self.history
        other.result = self.result
        other.forced = self.forced
        other.explicit = self.explicit
        other.steps = 0
        other.action_count = self.action_count
        other.var_known = self.var_known
        other.quiet = self.quiet
        other.muted = self.muted
        other.unfolded = self.unfolded
        other.seat_logs = self.seat_logs and dict(self.seat_logs)
        other.memo = None
        other.digests = self.digests        # seat -> digest.DigestBase: never changed, replaced
