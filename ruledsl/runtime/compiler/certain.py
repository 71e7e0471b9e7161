"""What generated code may be certain of: the Python class of every value a name takes, so that
the type test before a direct read can be left out (the `typed` pass, compiler/exprs.py).

Certainty comes from lists fixed when the game is compiled (their items' classes are looked at),
from the builtins that give a place's components or board locations, and from items of those.
"""
from __future__ import annotations

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
    if cls not in _CLASSES:
        return None
    items = certainty(tuple(x for v in values for x in v)) if cls is tuple else None
    kinds = {v.kind for v in values} if cls is Comp else ()
    return Certain(cls, items, next(iter(kinds)) if len(kinds) == 1 else None,
                   min(map(len, values)) if cls is tuple else 0)


# The classes type tests in generated code name.
_CLASSES = frozenset({Location, Player, tuple, Zone, EnumValue, int, str, Comp})
