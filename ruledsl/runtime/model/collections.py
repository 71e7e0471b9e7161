"""Reading what a value holds: the items a loop runs over, and how many there are."""
from __future__ import annotations

from .open_order import settle
from .signals import RuleFailure
from .values import EnumType, Location, Zone, display


def items_of(st, value):
    """The items of something a loop or comprehension runs over."""
    t = type(value)
    if t is tuple:
        return value
    if t is Zone or t is Location:
        if st.lazy and value.index in st.lazy:
            settle(st, value.index)
        return st.contents[value.index]
    if t is list or t is dict:
        return tuple(value)
    if t is EnumType:
        return value.values
    if value is None:
        return ()
    raise RuleFailure(f"{display(st, value)} is not a list")


def size_of(st, value) -> int:
    """How many items, without fixing the order of a lazily shuffled zone."""
    t = type(value)
    if t is Location or t is Zone:
        return len(st.contents[value.index])
    if t is tuple:
        return len(value)
    return len(items_of(st, value))
