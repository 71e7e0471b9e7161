"""Values and pieces of a view as players read them: labels by declared type, pieces with their fields.

A view (runtime/views.py) names places, enum values and seats by their names and
gives components as data; these read them back in the rules' words, using each
variable's and field's declared type: a location by its label, an enum value by
its label, a seat by its label, a component by its text or its kind's label.
"""
from __future__ import annotations

import weakref
from fractions import Fraction

from ..ir import nodes as n
from ..ir.labels import labels_of
from .model import Field, Piece

BASIC = ("int", "bool", "text", "player", "location", "direction", "map")


def type_text(ref) -> str:
    """A declared type as text: "int", "list of direction", a kind's or an enum's name."""
    if isinstance(ref, n.ListType):
        return "list of " + type_text(ref.item)
    if isinstance(ref, n.RangeType):
        return "int"
    return ref.name


class Tables:
    """What reading a game's views needs, worked out once per game: labels, the types of variables
    and fields, who sees each field, every enum value's label."""

    def __init__(self, game):
        defn = game.definition
        self.defn = defn
        self.labels = labels_of(defn)
        self.seat_labels = dict(zip(game.seats, defn.seat_names(game.players, display=True)))
        self.enum_of = {v.name: e.name for e in defn.enums.values() for v in e.values}
        self.var_types = {name: type_text(d.type) for name, d in defn.vars.items()}
        self.field_types = {(k.name, f.name): type_text(f.type) for k in defn.kinds.values() for f in k.fields}
        self.public = {(k.name, f.name) for k in defn.kinds.values() for f in k.fields
                       if f.visibility is not None and f.visibility.who == "all"}
        self.defaults = {(k.name, f.name): _literal(f.default) for k in defn.kinds.values() for f in k.fields
                         if _literal(f.default) is not _NO_DEFAULT}
        self.kinds = set(defn.kinds)
        self.enums = set(defn.enums)

        self._places: dict = {}     # a board place's label: fixed by the board's shape, worked out once
        self._tags: dict = {}       # a place's tags (a tuple of names) as a tuple of labels

    def seat(self, name) -> str:
        return self.seat_labels.get(name, name)

    def place_label(self, key: str, given) -> str:
        """A board place's label: the one the view gives (the rules' label), else its name's."""
        found = self._places.get((key, given))
        if found is None:
            found = self._places[(key, given)] = given or self.labels.of(key)
        return found

    def labels_of(self, names) -> tuple:
        """Names' labels in order (a place's tags: the same few sets over and over)."""
        names = tuple(names)
        found = self._tags.get(names)
        if found is None:
            found = self._tags[names] = tuple(self.labels.of(name) for name in names)
        return found

    def kind(self, name: str) -> str:
        return self.labels.of(name)


_NO_DEFAULT = object()


def _literal(expr):
    """A field's default as a view encodes it, when the rules write it as a literal or a name
    (an enum value); else _NO_DEFAULT."""
    if isinstance(expr, n.Literal):
        return expr.value
    if isinstance(expr, n.Name):
        return expr.name
    return _NO_DEFAULT


_TABLES: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def tables_of(game) -> Tables:
    found = _TABLES.get(game)
    if found is None:
        found = _TABLES[game] = Tables(game)
    return found


def text_of(t: Tables, value, typ: str = "") -> str:
    """A view's value as players read it, by its declared type (typ "" when unknown)."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (int, Fraction)):
        return str(value)
    if isinstance(value, float):
        return f"{round(value, 3):g}"
    if isinstance(value, list):
        item = typ[len("list of "):] if typ.startswith("list of ") else ""
        return ", ".join(text_of(t, v, item) for v in value) if value else "none"
    if isinstance(value, dict):
        if "kind" in value and "fields" in value or value.get("hidden"):
            return piece_of(t, value).full
        return ", ".join(f"{k}: {text_of(t, v)}" for k, v in value.items())
    text = str(value)
    if typ == "text":
        return text
    if typ == "player":
        return t.seat(text)
    if typ == "location" or typ in t.enums:
        return t.labels.of(text)
    if not typ or typ == "map":
        # names of seats, places and enum values are global, one label each: a value of no declared
        # type (in a map, a list of anything) that is such a name reads as its label
        if text in t.seat_labels:
            return t.seat(text)
        given = t.labels.given(text)
        return given if given is not None else text
    return text


def piece_of(t: Tables, comp: dict) -> Piece:
    """A component of a view (views.comp_view) as a Piece: every field the view shows, labelled."""
    kind = comp.get("kind", "")
    hidden = bool(comp.get("hidden"))
    fields = []
    for name, value in (comp.get("fields") or {}).items():
        typ = t.field_types.get((kind, name), "")
        usual = t.defaults.get((kind, name), _NO_DEFAULT) == value
        fields.append(Field(name, t.labels.field(kind, name), text_of(t, value, typ), typ, value,
                            (kind, name) in t.public, usual))
    owner = t.seat(comp["owner"]) if comp.get("owner") else None
    if hidden:
        text = t.kind(kind)
    elif comp.get("text"):
        text = comp["text"]
    else:
        text = ", ".join(f.text for f in fields[:1]) or t.kind(kind)
    return Piece(text, t.kind(kind), hidden, tuple(fields), owner, comp.get("id"))
