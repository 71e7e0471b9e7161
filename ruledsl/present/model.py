"""The presentation model: what one seat's screen shows, as plain data (attrs classes, JSON-ready).

Everything in it is what a player reads, in the rules' words (labels, never
identifiers); each thing also carries its `key` (the view's name for it), so a
front end can tell what changed and a test can compare it with the view, but a
front end never shows a key. Nothing here knows about terminals or pages: the
terminal (ruledsl/cli) and a web page render the same model.
"""
from __future__ import annotations

from typing import Optional

import attrs


@attrs.frozen
class Field:
    """One field of a piece as the seat may see it. label: the field's label; text: its value as
    players read it; type: the field's declared type ("int", "text", "location", "list of
    direction", an enum's or a kind's name, …), for front ends that draw some types (a tile's
    paths); value: the view's value (JSON), for the same purpose; public: on the back (shown
    even when the piece lies face down); usual: it holds its kind's default (a field a compact
    listing may leave to a closer look)."""
    key: str
    label: str
    text: str
    type: str = ""
    value: object = attrs.field(default=None, eq=False)     # the text says it; lists do not hash
    public: bool = False
    usual: bool = False


@attrs.frozen
class Piece:
    """A component as the seat sees it. text: how it reads (`Guard 4`, a face-down one by its
    kind's label: `Role card`); kind: its kind's label; face_down: the seat does not see its
    face; fields: every field the seat may see (a face-down piece's public back included);
    owner: its owner's seat label, if any; id: its id when its face is seen (else None)."""
    text: str
    kind: str
    face_down: bool = False
    fields: tuple = ()
    owner: Optional[str] = None
    id: Optional[int] = attrs.field(default=None, eq=False)    # alike pieces are alike whatever their ids

    @property
    def details(self) -> str:
        """The fields that its text does not already say (`range 1-3` for a Role card face
        down), but those at their kind's default: every field on the back of a face-down piece."""
        return ", ".join(f"{f.label} {f.text}" for f in self.fields
                         if f.text and f.text not in self.text and f.type != "list of direction"
                         and (not f.usual or self.face_down))

    @property
    def full(self) -> str:
        """Its text and details: `Guard 4 (range 3-5)`, `Role card (face down, range 1-3)`."""
        details = ", ".join(d for d in ("face down" if self.face_down else "", self.details) if d)
        return f"{self.text} ({details})" if details else self.text


@attrs.frozen
class Group:
    """Alike pieces shown once with their number (`Role card (range 1-3) ×2`)."""
    piece: Piece
    count: int = 1

    @property
    def text(self) -> str:
        return self.piece.full + (f" ×{self.count}" if self.count > 1 else "")


def groups(pieces: tuple, ordered: bool) -> list:
    """Pieces with alike ones counted once: in an ordered place only neighbours (so the list keeps
    the place's order: the second card of a row is listed second), elsewhere all alike ones."""
    out: list = []
    if ordered:
        for piece in pieces:
            if out and out[-1].piece == piece:
                out[-1] = Group(piece, out[-1].count + 1)
            else:
                out.append(Group(piece))
        return out
    at: dict = {}
    for piece in pieces:
        if piece in at:
            out[at[piece]] = Group(piece, out[at[piece]].count + 1)
        else:
            at[piece] = len(out)
            out.append(Group(piece))
    return out


@attrs.frozen
class Zone:
    """A zone the seat sees. label: as players read it (`Event deck`; one of another seat's:
    `Blue's visions`; one's own by its plain label: `visions`); owner: the owning seat's label;
    mine: the seat's own; shape: deck, pile, bag, area, hand or row; ordered: whether the order
    of its pieces means something (then they are listed in order)."""
    key: str
    label: str
    shape: str
    ordered: bool
    pieces: tuple = ()
    owner: Optional[str] = None
    mine: bool = False

    def groups(self) -> list:
        return groups(self.pieces, self.ordered)

    @property
    def face_down(self) -> int:
        return sum(1 for p in self.pieces if p.face_down)


@attrs.frozen
class Exit:
    """A step from a board location now: the edge kind's label, where it leads, whether both ways."""
    kind: str
    to: str
    to_key: str
    both: bool = True


@attrs.frozen
class Place:
    """A board location. label: its label; tags: its tags' labels; standing: the seats that stand
    there (a per-player variable of type location); exits: where it leads now (a graph board's
    steps) or, on a grid, the directions of its open sides (`directions`)."""
    key: str
    label: str
    column: Optional[int] = None
    row: Optional[int] = None
    tags: tuple = ()
    pieces: tuple = ()
    standing: tuple = ()
    exits: tuple = ()
    directions: tuple = ()

    def groups(self) -> list:
        return groups(self.pieces, False)


@attrs.frozen
class Board:
    """A board: grid (a map of squares by column and row) or a graph of places."""
    key: str
    label: str
    grid: bool
    places: tuple = ()

    def common_tags(self) -> frozenset:
        """Tags on more than half of the places: a front end may say them once, not at each place."""
        counts: dict = {}
        for place in self.places:
            for tag in place.tags:
                counts[tag] = counts.get(tag, 0) + 1
        return frozenset(t for t, k in counts.items() if k * 2 > len(self.places))


@attrs.frozen
class Value:
    """A variable the seat may see. form: "counter" (a number), "flag" (yes/no), "track" (a list
    shown entry by entry: a round track), "text" (anything else). per_player: its entries are
    (seat label, text) pairs for the seats whose entry the seat may see; else text. entries hold
    a track's lines: for a per-player track, the seat's own (or each seat's, in seat order)."""
    key: str
    label: str
    form: str
    text: str = ""
    per_player: bool = False
    entries: tuple = ()
    lines: tuple = ()


@attrs.frozen
class Seat:
    """A seat at the table: its label, whether it is the viewer's, whose turn it is, who acts."""
    key: str
    label: str
    you: bool = False
    turn: bool = False
    to_act: bool = False


@attrs.frozen
class Option:
    """One option of a decision: its label and the rules' help for it (or "")."""
    label: str
    help: str = ""


@attrs.frozen
class Decision:
    """The decision the seat must take. about: what every option has in common (`rotate … by 90
    clockwise`: what is being resolved), or ""; context: the latest log lines since the seat last
    decided (what led here); options: each option, with its help when the decision is small
    enough to list (count says how many there are)."""
    seat: str
    count: int
    about: str = ""
    context: tuple = ()
    options: tuple = ()


@attrs.frozen
class Move:
    """One action as an animation step: who took it (a seat's label, or "chance"), its label as
    the viewer may know it (None for another seat's secret choice), the log lines it wrote as the
    viewer reads them, and the keys of the places, zones and values it changed (to highlight)."""
    who: str
    label: Optional[str]
    lines: tuple = ()
    changed: tuple = ()


@attrs.frozen
class Screen:
    """What one seat's screen shows. seat: the viewer's label (None: an onlooker); status: the
    game's own words for how far it has gone (its `progress`, else the round) and the phase;
    zones: the seat's own first, then the table's; values: variables (shared ones, then
    per-player ones); log: the whole log as the seat reads it; result: who won and the
    returns, once the game is over."""
    title: str
    seat: Optional[str]
    seats: tuple
    status: str = ""
    phase: str = ""
    boards: tuple = ()
    zones: tuple = ()
    values: tuple = ()
    log: tuple = ()
    decision: Optional[Decision] = None
    result: Optional[str] = None

    def mine(self) -> list:
        return [z for z in self.zones if z.mine]

    def table(self) -> list:
        return [z for z in self.zones if not z.mine]

    def to_json(self) -> dict:
        """The screen as JSON-ready data (what a web page is sent): what attrs.asdict gives (tuples as
        lists), done without its per-value checks, which cost more than building the screen."""
        return _plain(self)


_SCALARS = frozenset((str, int, float, bool, type(None)))
_FIELDS: dict = {}          # an attrs class: its fields' names


def _plain(value):
    cls = type(value)
    if cls in _SCALARS:
        return value
    if cls is tuple or cls is list:
        return [v if type(v) in _SCALARS else _plain(v) for v in value]
    fields = _FIELDS.get(cls)
    if fields is None:
        if isinstance(value, (tuple, list)):
            return [_plain(v) for v in value]
        if isinstance(value, dict):
            return {_plain(k): _plain(v) for k, v in value.items()}
        if not attrs.has(cls):
            return value
        fields = _FIELDS[cls] = tuple(f.name for f in attrs.fields(cls))
    return {name: _plain(getattr(value, name)) for name in fields}
