"""The operators of the language at play time, for compiled code: equality, arithmetic,
comparison, membership, indexing, ranges and the readers of collections.

Every operator that can fail takes the span of its expression, so that what a
designer reads is the language's own words at the right place ("cannot compute
none + 1"), never Python's.
"""
from __future__ import annotations

from fractions import Fraction

from ...errors import error
from ..model.collections import items_of
from ..model.values import EnumValue, Location, Player, Zone, display
from .budget import STEP_LIMIT, spend
from ..model.signals import Runaway


def numeric_eq(a, b) -> bool:
    """1 == 1/1 across int and Fraction; never True == 1."""
    ta, tb = type(a), type(b)
    return (ta is Fraction and tb is int or ta is int and tb is Fraction) and a == b


def same(a, b) -> bool:
    """The language's equality: same type and equal (handles compare by identity)."""
    return a is b or (type(a) is type(b) and a == b) or numeric_eq(a, b)


def _cannot(st, span, a, op, b):
    return error(span, f"cannot compute {display(st, a)} {op} {display(st, b)}")


def _as_tuple(v):
    return v if type(v) is tuple else (v,)


def add(st, a, b, span):
    """+ : numbers add, lists join (an item joins as a list of one), texts concatenate."""
    ta, tb = type(a), type(b)
    if ta is int and tb is int:
        return a + b
    if ta is tuple or tb is tuple:
        return _as_tuple(a) + _as_tuple(b)
    if ta is str or tb is str:
        return f"{a}{b}"
    try:
        return a + b
    except TypeError:
        raise _cannot(st, span, a, "+", b) from None


def sub(st, a, b, span):
    try:
        return a - b
    except TypeError:
        raise _cannot(st, span, a, "-", b) from None


def mul(st, a, b, span):
    try:
        return a * b
    except TypeError:
        raise _cannot(st, span, a, "*", b) from None


def div(st, a, b, span):
    """Exact division: a whole number when it divides, else a fraction."""
    try:
        q = Fraction(a) / Fraction(b)
    except ZeroDivisionError:
        raise error(span, "division by zero") from None
    except TypeError:
        raise _cannot(st, span, a, "/", b) from None
    return int(q) if q.denominator == 1 else q


def mod(st, a, b, span):
    try:
        return a % b
    except ZeroDivisionError:
        raise error(span, "division by zero") from None
    except TypeError:
        raise _cannot(st, span, a, "%", b) from None


def neg(st, a, span):
    try:
        return -a
    except TypeError:
        raise error(span, f"cannot compute -{display(st, a)}") from None


def lt(st, a, b, span):
    try:
        return a < b
    except TypeError:
        raise _cannot(st, span, a, "<", b) from None


def le(st, a, b, span):
    try:
        return a <= b
    except TypeError:
        raise _cannot(st, span, a, "<=", b) from None


def gt(st, a, b, span):
    try:
        return a > b
    except TypeError:
        raise _cannot(st, span, a, ">", b) from None


def ge(st, a, b, span):
    try:
        return a >= b
    except TypeError:
        raise _cannot(st, span, a, ">=", b) from None


def contains(st, item, coll) -> bool:
    t = type(coll)
    if t is tuple or t is dict or t is str or t is list:
        return item in coll
    return item in items_of(st, coll)


def index(st, obj, i, span):
    """obj[i]: a map's entry, or a list's item."""
    try:
        if type(obj) is dict:
            return obj[i]
        return items_of(st, obj)[i]
    except (IndexError, KeyError, TypeError):
        raise error(span, f"there is no item {display(st, i)} in {display(st, obj) or 'an empty list'}") from None


def replaced(st, holder, i, value, span):
    """A copy of a list or a map with entry i set to value (`set holder[i] to value`)."""
    if type(holder) is dict:
        out = dict(holder)
        out[i] = value
        return out
    if type(holder) is tuple and type(i) is int and 0 <= i < len(holder):
        return holder[:i] + (value,) + holder[i + 1:]
    if type(holder) is tuple:
        raise error(span, f"there is no item {display(st, i)} in {display(st, holder) or 'an empty list'}",
                    f"a list's items are numbered from 0 to {len(holder) - 1}" if holder else "the list is empty")
    raise error(span, f"{display(st, holder)} is not a list or a map, so it has no entries to set")


def make_range(st, low, high, span) -> tuple:
    """low..high, both included; its length is spent from the step budget before it is built."""
    if type(low) is not int or type(high) is not int:
        raise _cannot(st, span, low, "..", high)
    if high - low > STEP_LIMIT:
        raise Runaway()
    if high >= low:
        spend(st, high - low + 1)
    return tuple(range(low, high + 1))


def items(st, value):
    """The items a loop or a comprehension runs over; each one spends a step."""
    t = type(value)
    if t is tuple:
        out = value
    elif (t is Zone or t is Location) and not st.lazy:
        out = st.contents[value.index]
    else:
        out = items_of(st, value)
    st.steps += len(out)
    if st.steps > STEP_LIMIT:
        raise Runaway()
    return out


def zone_items(st, value):
    """items() of what the checker says is a zone: what lies there, read in place (no step is
    spent: a zone holds no more than the game's components)."""
    if type(value) is Zone and not st.lazy:
        return st.contents[value.index]
    return items(st, value)


def first(st, value):
    out = items_of(st, value)
    return out[0] if out else None


def last(st, value):
    out = items_of(st, value)
    return out[-1] if out else None


def best(pick, pairs) -> tuple:
    """The items whose key is the greatest (pick=max) or the least (pick=min), ties kept."""
    keys = [k for _, k in pairs if k is not None]
    if not keys:
        return ()
    chosen = pick(keys)
    return tuple(i for i, k in pairs if k == chosen)


def extreme(pick, values):
    values = [v for v in values if v is not None]
    return pick(values) if values else None


def sort_key(v):
    """Seats and places sort by their order, enum values by declaration; lists item by item."""
    t = type(v)
    if t is tuple:
        return tuple(sort_key(x) for x in v)
    if t is Player or t is Location:
        return v.index
    if t is EnumValue:
        return v.ordinal
    return v


def sort_pairs(pairs) -> tuple:
    return tuple(i for i, _ in sorted(pairs, key=lambda p: sort_key(p[1])))


def attr(handlers, fail, st, obj):
    handler = handlers.get(type(obj))
    if handler is None:
        fail(st, obj)
    return handler(st, obj)


def has_tag(st, v, tag, other, negate) -> bool:
    """`x is Tag`: a location carries the tag; anything else is the thing the name also names."""
    if type(v) is Location:
        return (tag in st.tags[v.index]) != negate
    return (other is not None and v is other) != negate
