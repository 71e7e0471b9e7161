"""What generated code may be certain of: the Python class of every value a name takes, so that
the type test before a direct read can be left out (the `typed` fast path, compiler/exprs.py).

Certainty comes from lists fixed when the game is compiled (their items' classes are looked at),
from the builtins that give a place's components or board locations, and from items of those.
"""
from __future__ import annotations

import re

from ..model.values import Comp, EnumValue, Location, Player, Zone

class Certain:
    """What is certain of every value a Python name takes: its class, Certain of its items when
    it is a list (or None), the kind of a component (or None), and how many items a list has
    at least."""
    __slots__ = ("cls", "items", "kind", "length")

    def __init__(self, cls, items=None, kind=None, length=0):
        self.cls = cls
        self.items = items
        self.kind = kind
        self.length = length


def certainty(values: tuple):
    """Certain of every one of values (a list fixed when the game is compiled), or None."""
    classes = {type(v) for v in values}
    if len(classes) != 1:
        return None
    cls = classes.pop()
    if cls not in _CLASSES.values():
        return None
    items = certainty(tuple(x for v in values for x in v)) if cls is tuple else None
    kinds = {v.kind for v in values} if cls is Comp else ()
    return Certain(cls, items, next(iter(kinds)) if len(kinds) == 1 else None,
                   min(map(len, values)) if cls is tuple else 0)


# The classes type tests in generated code name, by the name they use.
_CLASSES = {"Location": Location, "Player": Player, "tuple": tuple, "_Zone": Zone, "_EnumValue": EnumValue,
            "int": int, "str": str, "Comp": Comp}


_ITEM = re.compile(r"([a-z]_\d+)\[(\d+)\]")      # an item of a Python name: v_12[0]


def certain_of(certain: dict, text: str):
    """Certain of what text reads ({Python name: Certain}), when it is a Python name or an item
    of one (`v[0]`), else None."""
    bare = text.strip("()")
    if bare.isidentifier() or bare.startswith("env['"):    # a Python local, or a name kept in env
        return certain.get(bare)
    m = _ITEM.fullmatch(bare)
    if m is not None:
        of = certain.get(m.group(1))
        if of is not None and of.cls is tuple and of.length > int(m.group(2)):
            return of.items
    return None


def class_named(name: str):
    """The class a type test in generated code names ("Location", "_Zone", …), or None."""
    return _CLASSES.get(name)
