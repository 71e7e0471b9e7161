"""Reading what a value holds: the items a loop runs over, and how many there are."""
from __future__ import annotations

from .open_order import settle, settle_end
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


def end_items(st, value, from_top: bool, n=None):
    """The items of value, to read its first (from_top) or last n (None: one) from: an open deck
    gives that end its order only (open_order.py), anything else is read as items_of reads it."""
    if st.lazy and type(value) is Zone and value.index in st.lazy and (n is None or type(n) is int):
        settle_end(st, value.index, from_top, 1 if n is None else n)
        return st.contents[value.index]
    return items_of(st, value)


def size_of(st, value) -> int:
    """How many items, without fixing the order of a lazily shuffled zone."""
    t = type(value)
    if t is Location or t is Zone:
        return len(st.contents[value.index])
    if t is tuple:
        return len(value)
    return len(items_of(st, value))
