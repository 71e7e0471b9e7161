"""Runtime values: the handles rules compute with, and how players read them.

Players, enum values, locations, zones and components are interned handles
made once per game definition; they compare by identity and hold nothing
that changes during play (what changes lives in the State). Lists are
tuples, so a state can share them between clones.
"""
from __future__ import annotations

from typing import Optional

MISSING_NAME = object()      # what a name that names nothing resolves to


class Player:
    """A seat. index is 0-based (the API's seat index); seat is 1-based (the language's)."""
    __slots__ = ("index", "seat", "name", "label")

    def __init__(self, index: int, name: str, label: str):
        self.index = index
        self.seat = index + 1
        self.name = name
        self.label = label

    def __repr__(self):
        return f"Player({self.name})"


class EnumValue:
    """A value of a declared enum (or of the built-in directions)."""
    __slots__ = ("enum", "name", "label", "ordinal")

    def __init__(self, enum: str, name: str, label: str, ordinal: int):
        self.enum = enum
        self.name = name
        self.label = label
        self.ordinal = ordinal

    def __repr__(self):
        return self.name


class EnumType:
    """A declared enum as a value (`random(Colour)` is not allowed, but `x in Colour` reads its values)."""
    __slots__ = ("name", "values")

    def __init__(self, name: str, values: tuple):
        self.name = name
        self.values = values


class Place:
    """Somewhere components lie: a zone (one per seat when per player) or a board location.

    index: its slot in State.contents; lays_up: whether what is put there lies face up unless
    told otherwise; default_end: where a move puts a component unless told ("top" or "bottom");
    sees: the seats, as a bitmask, that see the face of whatever lies here face down (a zone
    visible to all or to its owner; none on a board), set when the program is built; for a zone
    visible to all, onlookers too (Program.onlooker's bit).
    """
    __slots__ = ("index", "name", "label", "lays_up", "default_end", "sees")


class Zone(Place):
    """One zone instance: its declaration's shape and rules, and its owner seat (or None)."""
    __slots__ = ("decl_name", "owner", "ordered", "facing", "visibility", "capacity", "shape")

    def __init__(self, index: int, decl_name: str, owner: Optional[Player], shape: str, ordered: bool,
                 facing: str, visibility: str, capacity: Optional[int]):
        self.index = index
        self.decl_name = decl_name
        self.owner = owner
        self.shape = shape
        self.ordered = ordered
        self.facing = facing
        self.visibility = visibility
        self.capacity = capacity
        self.sees = 0               # (worked out by the program, which knows how many seats play)
        self.lays_up = facing == "up"
        self.default_end = "top" if shape in ("deck", "pile") else "bottom"
        self.name = f"{owner.name}.{decl_name}" if owner is not None else decl_name
        self.label = self.name

    def __repr__(self):
        return f"Zone({self.name})"


class Location(Place):
    """A board location: its board, grid position, declared fields and starting tags."""
    __slots__ = ("board", "column", "row", "fields", "tags", "ordinal")

    def __init__(self, index: int, name: str, label: str, board: str, column, row, fields: dict,
                 tags: frozenset, ordinal: int):
        self.index = index
        self.name = name
        self.label = label
        self.board = board
        self.column = column
        self.row = row
        self.fields = fields
        self.tags = tags
        self.ordinal = ordinal
        self.sees = 0
        self.lays_up = True
        self.default_end = "bottom"

    def __repr__(self):
        return f"Location({self.name})"


class KindInfo:
    """A kind of component as a value: its name, field names in order, and who sees what."""
    __slots__ = ("name", "fields", "field_index", "field_visibility", "position", "has_name", "shown", "hidden",
                 "first_shown", "read_as", "label")

    def __init__(self, name: str, fields: tuple, field_visibility: tuple, position: str, hidden: tuple = ()):
        self.name = name
        self.fields = fields
        self.field_index = {f: i for i, f in enumerate(fields)}
        self.field_visibility = field_visibility   # per field: None (on the face), "all", "owner", "nobody"
        self.position = position                   # who may know where one is: "all" or "owner"
        self.has_name = "name" in self.field_index
        self.shown = None                          # `shown as "…"`: a function (st, comp) -> text, or None
        self.hidden = frozenset(hidden)            # fields players are never shown
        # the field a component reads as without a format or a name: the first one players are shown
        self.first_shown = next((i for i, f in enumerate(fields) if f not in self.hidden), None)
        # the field it reads as without a format: its name, else that one (None: its kind)
        self.read_as = self.field_index["name"] if self.has_name else self.first_shown
        self.label = name                          # how the log calls one it does not name: "a Role card"

    def __repr__(self):
        return f"Kind({self.name})"


class Comp:
    """A component handle: its id and kind. Its place, face, owner and fields live in the State."""
    __slots__ = ("id", "kind")

    def __init__(self, id: int, kind: KindInfo):
        self.id = id
        self.kind = kind

    def __repr__(self):
        return f"{self.kind.name}#{self.id}"


class Tag:
    """A location tag named in an expression (`sq is Grave`, `tagged(Grave)`)."""
    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name

    def __repr__(self):
        return self.name


class EdgeKind:
    """An edge kind named in an expression (`via: [orthogonal]`)."""
    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name

    def __repr__(self):
        return self.name


class Die:
    """A die: its name and faces (each equally likely)."""
    __slots__ = ("name", "faces")

    def __init__(self, name: str, faces: tuple):
        self.name = name
        self.faces = faces

    def __repr__(self):
        return f"Die({self.name})"


class Board:
    """A board as a value (`locations(Village)`)."""
    __slots__ = ("name", "locations", "grid")

    def __init__(self, name: str, locations: tuple, grid: bool):
        self.name = name
        self.locations = locations
        self.grid = grid

    def __repr__(self):
        return f"Board({self.name})"


def component_text(st, comp) -> str:
    """How players read a component: as its kind is `shown as`, else by its `name` field, else its
    first field shown to players, else its kind."""
    kind = comp.kind
    if kind.shown is not None:
        return kind.shown(st, comp)
    i = kind.read_as
    if i is None:
        return kind.label
    value = st.fields[comp.id][i]
    t = type(value)
    if t is str:
        return value
    return value.label if t is EnumValue else display(st, value)    # (display's answer for an enum value)


def display(st, value) -> str:
    """A value as players read it: labels for seats, enum values and places; a
    component as its kind is `shown as`, else by its `name` field, else its first field shown to
    players, else its kind; lists joined by ", "."""
    t = type(value)
    if t is str:
        return value
    if t is bool:
        return "true" if value else "false"
    if t is int:
        return str(value)
    if value is None:
        return "none"
    if t is Player or t is EnumValue or t is Location or t is Zone:
        return value.label
    if t is Comp:
        return component_text(st, value)
    if t is tuple or t is list:
        return ", ".join(display(st, v) for v in value)
    if t is float:
        return str(int(value)) if value == int(value) else f"{value:g}"
    if t is dict:
        return ", ".join(f"{display(st, k)}: {display(st, v)}" for k, v in value.items())
    if t is KindInfo or t is Tag or t is EdgeKind or t is Die or t is Board or t is EnumType:
        return value.name
    from fractions import Fraction
    if t is Fraction:
        return str(value)
    return str(value)


# ---------------------------------------------------------------- directions on a grid
CLOCKWISE = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")


def turn_direction(directions: dict, d: EnumValue, degrees: int) -> EnumValue:
    """d turned clockwise by degrees (a multiple of 45), from the game's direction values."""
    if degrees % 45:
        raise ValueError(f"cannot turn a direction by {degrees} degrees")
    i = CLOCKWISE.index(d.name)
    return directions[CLOCKWISE[(i + degrees // 45) % 8]]
