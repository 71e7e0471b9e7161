"""The operators of the language at play time, for compiled code: equality, arithmetic,
comparison, membership, indexing, ranges and the readers of collections.

Every operator that can fail takes the span of its expression, so that what a
designer reads is the language's own words at the right place ("cannot compute
none + 1"), never Python's.
"""
from __future__ import annotations

from fractions import Fraction

from ...errors import error
from ..model.collections import end_items, items_of
from ..model.values import EnumValue, Location, Player, Zone, display
from .budget import STEP_LIMIT, spend
from ..model.signals import Runaway

# A list no longer than this is scanned by generated code itself, no step spent: a scan of it costs
# about what a step of the budget stands for. A longer one is scanned here, spending its length.
SHORT_SCAN = 64


def numeric_eq(a, b) -> bool:
    """1 == 1/1 across int and Fraction; never True == 1."""
    ta, tb = type(a), type(b)
    return (ta is Fraction and tb is int or ta is int and tb is Fraction) and a == b


def spent(st, n: int, value):
    """value, after spending n steps: the calls of defines written in place within it (an
    expansion of many calls does in one step the work of many)."""
    spend(st, n)
    return value


def same(a, b) -> bool:
    """The language's equality: same type and equal (handles compare by identity)."""
    return a is b or (type(a) is type(b) and a == b) or numeric_eq(a, b)


def same_spent(st, a, b) -> bool:
    """same(a, b) of values that may be lists: two lists of one length longer than SHORT_SCAN are
    compared item by item, which spends their length from the step budget (lists of different
    lengths differ at once)."""
    if type(a) is tuple and type(b) is tuple and len(a) == len(b) > SHORT_SCAN and a is not b:
        spend(st, len(a))
    return a is b or (type(a) is type(b) and a == b) or numeric_eq(a, b)


def _cannot(st, span, a, op, b, hint: str = ""):
    return error(span, f"cannot compute {shown(st, a)} {op} {shown(st, b)}", hint)


SHOWN_ITEMS = 20        # a list longer than this is told in an error by its first items and its length


def shown(st, value) -> str:
    """value as an error shows it: a long list by its first items and how many it has, a long text
    cut short (a list of a million items is not written into a message)."""
    if type(value) is tuple and len(value) > SHOWN_ITEMS:
        return f"{display(st, value[:SHOWN_ITEMS])}, … ({len(value):,} items)"
    if type(value) is str and len(value) > 200:
        return f"{value[:200]}… ({len(value):,} characters)"
    return display(st, value)


def _as_tuple(v):
    return v if type(v) is tuple else (v,)


# The sizes a value made by arithmetic or by joining may have (docs/language.md#limits): a value that
# doubles or squares on every turn of a loop is told at once, before it takes the machine's memory.
DIGITS_LIMIT = 1_000
INT_LIMIT = 10 ** DIGITS_LIMIT          # a whole number (and each term of a fraction) is less than this
LENGTH_LIMIT = 1_000_000                # the items of a list, the characters of a text
_GROWTH_HINT = ("a value that grows on every turn of a loop or call (a doubling, a product, a list or text "
                "joined to itself) needs a bound: cap it (min(…)), or stop the loop sooner")


_ZERO_HINT = "a number divided (or taken modulo) here may be 0: test it first (`… if n != 0 else …`)"


def too_big(st, value, span):
    """The error of a number made too big here (generated code's checks call it)."""
    if type(value) is Fraction:
        raise error(span, f"a fraction here would have a numerator or denominator of more than {DIGITS_LIMIT:,} "
                    "digits, the most a number may have", _GROWTH_HINT)
    raise error(span, f"a whole number here would have more than {DIGITS_LIMIT:,} digits, the most a number "
                "may have", _GROWTH_HINT)


def sized(st, value, span):
    """value, made by arithmetic or joining at span, if it is within the limits on a value's size
    (a list or a text joined spends its length from the step budget: the copying is work)."""
    t = type(value)
    if t is int:
        if -INT_LIMIT < value < INT_LIMIT:
            return value
    elif t is Fraction:
        if value.denominator < INT_LIMIT and -INT_LIMIT < value.numerator < INT_LIMIT:
            return value
    elif t is tuple or t is str:
        if len(value) > LENGTH_LIMIT:
            what = "list here would have more than {:,} items" if t is tuple else \
                "text here would have more than {:,} characters"
            raise error(span, f"a {what.format(LENGTH_LIMIT)}, the most a value may have", _GROWTH_HINT)
        spend(st, len(value))
        return value
    else:
        return value
    too_big(st, value, span)


def add(st, a, b, span):
    """+ : numbers add, lists join (an item joins as a list of one), texts concatenate."""
    ta, tb = type(a), type(b)
    if ta is int and tb is int:
        return sized(st, a + b, span)
    if ta is tuple or tb is tuple:
        return sized(st, _as_tuple(a) + _as_tuple(b), span)
    if ta is str or tb is str:
        return sized(st, f"{a}{b}", span)
    try:
        return sized(st, a + b, span)
    except TypeError:
        raise _cannot(st, span, a, "+", b) from None


def sub(st, a, b, span):
    try:
        return sized(st, a - b, span)
    except TypeError:
        raise _cannot(st, span, a, "-", b) from None


def mul(st, a, b, span):
    try:
        return sized(st, a * b, span)
    except TypeError:
        raise _cannot(st, span, a, "*", b) from None


def div(st, a, b, span):
    """Exact division: a whole number when it divides, else a fraction."""
    try:
        q = Fraction(a) / Fraction(b)
    except ZeroDivisionError:
        raise error(span, "division by zero", _ZERO_HINT) from None
    except TypeError:
        raise _cannot(st, span, a, "/", b) from None
    return sized(st, int(q) if q.denominator == 1 else q, span)


def mod(st, a, b, span):
    try:
        return a % b
    except ZeroDivisionError:
        raise error(span, "division by zero", _ZERO_HINT) from None
    except TypeError:
        raise _cannot(st, span, a, "%", b) from None


def neg(st, a, span):
    try:
        return -a
    except TypeError:
        raise error(span, f"cannot compute -{shown(st, a)}") from None


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
    """`item in coll`; a list's or a text's items looked through spend their number of steps."""
    t = type(coll)
    if t is tuple or t is str or t is list:
        spend(st, len(coll))
        return item in coll
    if t is dict:
        return item in coll
    items = items_of(st, coll)
    spend(st, len(items))
    return item in items


def index(st, obj, i, span):
    """obj[i]: a map's entry, or a list's item."""
    try:
        if type(obj) is dict:
            return obj[i]
        if type(i) is int and i < 0:    # numbered from 0, as `set l[i]` has them (not Python's from the end)
            raise IndexError(i)
        return items_of(st, obj)[i]
    except (IndexError, KeyError, TypeError):
        raise error(span, f"there is no item {shown(st, i)} in {shown(st, obj) or _empty(obj)}",
                    _index_hint(st, obj, i)) from None


def _empty(obj) -> str:
    return "an empty map" if type(obj) is dict else "an empty list"


def _index_hint(st, obj, i=None) -> str:
    if type(i) is int and i < 0 and type(obj) is not dict:
        return "items are numbered from 0, never from the end: last(L) is the last item of a list"
    if type(obj) is dict:
        return "a map has entries only for the keys set in it: get(map, key, default) gives a default for others"
    if type(obj) is tuple:
        return f"a list's items are numbered from 0 to {len(obj) - 1}" if obj else "the list is empty"
    return "only a list or a map has items to number: check the value before the [ ]"


def replaced(st, holder, i, value, span):
    """A copy of a list or a map with entry i set to value (`set holder[i] to value`)."""
    if type(holder) is dict:
        out = dict(holder)
        out[i] = value
        return out
    if type(holder) is tuple and type(i) is int and 0 <= i < len(holder):
        return holder[:i] + (value,) + holder[i + 1:]
    if type(holder) is tuple:
        raise error(span, f"there is no item {shown(st, i)} in {shown(st, holder) or _empty(holder)}",
                    _index_hint(st, holder, i))
    raise error(span, f"{shown(st, holder)} is not a list or a map, so it has no entries to set",
                "only a variable or field that holds a list or a map has entries: check its type")


def times(st, count, span) -> int:
    """The count of `repeat count times`: a whole number, else a located error (a fraction would
    loop by Python's rounding in one layout of the code and fail in Python's words in another)."""
    if type(count) is int:
        return count
    raise error(span, f"cannot repeat {shown(st, count)} times",
                "a repeat counts whole numbers: floor(x) or ceil(x) makes one of a fraction")


def make_range(st, low, high, span) -> tuple:
    """low..high, both included; its length is spent from the step budget before it is built."""
    if type(low) is not int or type(high) is not int:
        raise _cannot(st, span, low, "..", high,
                      "a range goes from a whole number to a whole number: floor(x) or ceil(x) makes one of a fraction")
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
    """first(x), top(x): what lies first (an open deck gives that end its order only: open_order.py)."""
    out = end_items(st, value, True)
    return out[0] if out else None


def last(st, value):
    """bottom(x): what lies last."""
    out = end_items(st, value, False)
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
