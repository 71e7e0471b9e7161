"""How players' screens name what the rules declare: the rules' own labels, else the name made readable.

A label is given where a thing is declared (`zone deck "the draw pile": …`,
`var health "Health": …`, `location Hall "The Hall"`, `Move2 "Move 2"`,
`kind Card "card"`, a field `range "range": text`, `board Town "the town":`) or
by `label NAME "text"` (`label Kind.field "text"` for a field), which also names
what has no declaration line of its own (a tag, an edge kind) and lets a variant
relabel its base's things. A label from a later file of an `extends` chain wins.

Labels are one table for every global name (seats, enum values, locations,
zones, variables, kinds, boards, dice, options), tags and edge kinds: a `label`
names whatever goes by that name. Fields are keyed by (kind, field).
"""
from __future__ import annotations

import functools
import re
from typing import Optional

import attrs

from . import nodes as n

# A name that reads as a word as it is: `month`, `Red`, `A1`, `hall` (not `draw_pile`, `GreatHall`).
_WORD = re.compile(r"[A-Za-z][a-z]*[0-9]*|[A-Z]{1,3}[0-9]*")


def readable(name: str) -> bool:
    """Whether a name reads as a word on a screen without a label."""
    return _WORD.fullmatch(name) is not None


@functools.lru_cache(maxsize=8192)       # screens ask for the same names' words at every update
def humanize(name: str) -> str:
    """A name as words, where the rules gave it no label: `draw_pile` -> "draw pile",
    `GreatHall` -> "Great Hall", `F2_11` -> "F2 11"."""
    spaced = re.sub(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", " ", name.replace("_", " "))
    return " ".join(spaced.split()) or name


@attrs.frozen
class Labels:
    """names: {name: label} for global names, tags and edge kinds; fields: {(kind, field): label}."""
    names: dict = attrs.Factory(dict)
    fields: dict = attrs.Factory(dict)

    def of(self, name: str) -> str:
        """What screens call a name: its label, else the name made readable."""
        found = self.names.get(name)
        return found if found is not None else humanize(name)

    def field(self, kind: str, field: str) -> str:
        found = self.fields.get((kind, field))
        return found if found is not None else humanize(field)

    def given(self, name: str) -> Optional[str]:
        """The rules' label of a name, or None when they gave none."""
        return self.names.get(name)


def declared_labels(defn) -> list:
    """[(key, text, span)] for every label given where something is declared: key is a name, or
    (kind, field) for a field."""
    found = []
    if defn.seats:
        found += [(s.name, s.label, s.span) for s in defn.seats.seats if s.label is not None]
    for enum in defn.enums.values():
        found += [(v.name, v.label, v.span) for v in enum.values if v.label is not None]
    for board in defn.boards.values():
        if board.label is not None:
            found.append((board.name, board.label, board.span))
        found += [(loc.name, loc.label, loc.span) for loc in board.locations if loc.label is not None]
    for table in (defn.zones, defn.vars):
        found += [(d.name, d.label, d.span) for d in table.values() if d.label is not None]
    for kind in defn.kinds.values():
        if kind.label is not None:
            found.append((kind.name, kind.label, kind.span))
        found += [((kind.name, f.name), f.label, f.span) for f in kind.fields if f.label is not None]
    return found


def labels_of(defn) -> Labels:
    """The labels screens use for a merged game (ir.game.GameDef)."""
    order = {path: i for i, path in enumerate(defn.files)}
    chosen: dict = {}            # key -> (file order, text)
    given = [(key, text, span) for key, text, span in declared_labels(defn)]
    given += [((d.name, d.field) if d.field else d.name, d.text, d.span) for d in defn.labels]
    for key, text, span in given:
        rank = order.get(span.path, -1)
        if key not in chosen or rank >= chosen[key][0]:
            chosen[key] = (rank, text)
    names = {k: text for k, (_rank, text) in chosen.items() if isinstance(k, str)}
    fields = {k: text for k, (_rank, text) in chosen.items() if isinstance(k, tuple)}
    return Labels(names, fields)


def label_target(decl: n.LabelDecl) -> object:
    """The key a `label` declaration sets."""
    return (decl.name, decl.field) if decl.field else decl.name
