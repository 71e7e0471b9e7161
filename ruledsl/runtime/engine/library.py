"""The builtin functions at play time: one implementation per entry of check/builtins.BUILTINS.

Each takes (st, prog, *arguments, **keywords) with its arguments evaluated.
The comprehension forms (`count(each x in C where …)`) are not here: the
compiler writes them as Python loops over the bound name.
"""
from __future__ import annotations

import dis
import inspect
import math
from itertools import filterfalse

from ...errors import error
from ..model.collections import end_items, items_of, size_of
from ...ir.places import OFFSETS
from ..model.values import Comp, EdgeKind, Location, Player, display, turn_direction
from .budget import spend
from .graph import locations_only, place_of


# ---------------------------------------------------------------- collections
def _scanned(st, items):
    """items, their number spent from the step budget: a builtin that looks through a list spends
    a step an item, in one go (a list long enough to matter was made in play)."""
    spend(st, len(items))
    return items


def _count(st, prog, value):
    return size_of(st, value)


def _sum(st, prog, value):
    return sum(_scanned(st, items_of(st, value)))


def _extreme(pick):
    def fn(st, prog, *args):
        values = _scanned(st, items_of(st, args[0])) if len(args) == 1 else args
        values = [v for v in values if v is not None]
        return pick(values) if values else None
    return fn


def _first(st, prog, value):
    items = items_of(st, value)
    return items[0] if items else None


def _last(st, prog, value):
    items = items_of(st, value)
    return items[-1] if items else None


def _without(st, prog, value, drop):
    items = _scanned(st, items_of(st, value))
    if type(drop) is tuple:
        if len(items) > 4:
            # `i not in drop`, at C speed; a set's test (by hash) costs less than a tuple's (by ==)
            # for each of many items, and is the same test for all that can be hashed
            try:
                return tuple(filterfalse(set(drop).__contains__, items))
            except TypeError:   # an item that cannot be hashed
                pass
        return tuple(filterfalse(drop.__contains__, items))
    return tuple(i for i in items if i is not drop and not (type(i) is type(drop) and i == drop))


def _unique(st, prog, value):
    return tuple(dict.fromkeys(_scanned(st, items_of(st, value))))


def _get(st, prog, mapping, key, default=None):
    if type(mapping) is dict:
        return mapping.get(key, default)
    items = items_of(st, mapping)
    return items[key] if type(key) is int and -len(items) <= key < len(items) else default


# ---------------------------------------------------------------- players
def _left_of(st, prog, p):
    return prog.players[(p.index + 1) % len(prog.players)]


def _right_of(st, prog, p):
    return prog.players[(p.index - 1) % len(prog.players)]


def _clockwise(st, prog, p):
    i = p.index
    return prog.players[i:] + prog.players[:i]


def _others(st, prog, p):
    return _clockwise(st, prog, p)[1:]


def _seat(st, prog, x):
    if type(x) is Player:
        return x
    if type(x) is int and 1 <= x <= len(prog.players):
        return prog.players[x - 1]
    for p in prog.players:
        if x == p.name:
            return p
    raise ValueError(f"there is no seat {display(st, x)}")


# ---------------------------------------------------------------- zones and components
def _ends(from_top):
    def fn(st, prog, value, n=None):
        items = end_items(st, value, from_top, n)
        if not from_top:
            items = items[::-1]
        if n is not None:
            return tuple(items[:n])
        return items[0] if items else None
    return fn


def _contents(st, prog, value):
    return items_of(st, value)


def _at(st, prog, place, kind=None):
    items = items_of(st, place)
    if kind is not None:
        return tuple(c for c in items if c.kind is kind)
    return items


def item_of_kind(st, place, kind):
    """The first component of a kind on a place, or None."""
    if place is None:
        return None
    for c in items_of(st, place):
        if c.kind is kind:
            return c
    return None


def _item_at(st, prog, place, kind):
    return item_of_kind(st, place, kind)


def _where_is(st, prog, comp):
    return prog.places[st.loc[comp.id]]


def _location_of(st, prog, comp):
    if type(comp) is not Comp:
        raise ValueError(f"location_of needs a component, not {display(st, comp)}")
    place = prog.places[st.loc[comp.id]]
    return place if type(place) is Location else None


def _components(st, prog, kind):
    return prog.components_of[kind.name]


# ---------------------------------------------------------------- boards
def _locations(st, prog, board=None):
    return board.locations if board is not None else prog.all_locations


def _tagged(st, prog, tag, board=None):
    name = tag.name if hasattr(tag, "name") else str(tag)   # a Tag, or a board named like it
    tags = st.tags
    # The answer for these tags is remembered: tags seldom change, and a change makes a new tuple.
    key = (name, board)
    kept = prog.tagged.get(key)
    if kept is not None and kept[0] is tags:
        return kept[1]
    locs = board.locations if board is not None else prog.all_locations
    found = tuple([loc for loc in locs if name in tags[loc.index]])
    prog.tagged[key] = (tags, found)
    return found


def _graph_kw(st, prog, via, avoid):
    if via is not None and type(via) is not frozenset:     # (a fixed list arrives as its kinds' names)
        via = edge_kind_names(st, via)
    if avoid is not None:
        items = items_of(st, avoid)
        # places to avoid: board locations as they are (the searches key on them), else where
        # the things given lie
        avoid = frozenset(items) if {*map(type, items)} <= _LOCATIONS else \
            {place_of(st, prog, a) for a in items}
    return via, avoid


_LOCATIONS = frozenset([Location])


def edge_kind_names(st, via) -> frozenset:
    """The names of the edge kinds a `via:` list names."""
    return frozenset(v.name if type(v) is EdgeKind else str(v) for v in items_of(st, via))


def _loc(st, prog, x):
    loc = place_of(st, prog, x)
    if loc is None:
        raise ValueError(f"{display(st, x)} is not on a board")
    return loc


def _neighbours(st, prog, x, via=None, avoid=None, board=None):
    kinds, places = _graph_kw(st, prog, via, avoid)
    return tuple(prog.graphs.out(st, _loc(st, prog, x), kinds, places))


def _adjacent(st, prog, a, b, via=None, avoid=None, board=None):
    kinds, places = _graph_kw(st, prog, via, avoid)
    la, lb = place_of(st, prog, a), place_of(st, prog, b)
    if la is None or lb is None:
        return False
    return lb in prog.graphs.out(st, la, kinds, places)


def _distances_from(st, prog, start, via, avoid) -> dict:
    """{location: fewest steps from start}. Searches along kinds named as the rules give them
    (None, or a frozenset of names) avoiding a list of board locations (or nothing) are kept by
    those arguments as given (Graphs.given) where the board allows; any other is made once per
    decision (st.memo: while a decision's options are worked out nothing changes)."""
    graphs = prog.graphs
    given = (via is None or type(via) is frozenset) and (avoid is None or type(avoid) is tuple)
    if given:
        found = graphs.given(st, start, via, avoid)
        if found is not None:
            return found
    memo = st.memo
    key = None
    if memo is not None and type(avoid) in _KEYED_AVOID and type(via) in _KEYED_VIA:
        key = (start, via, avoid)
        found = memo.get(key)
        if found is not None:
            return found
    if given and (avoid is None or locations_only(avoid)):        # (_graph_kw's commonest case)
        found = graphs.distances(st, start, via, frozenset(avoid) if avoid else None)
    else:
        kinds, places = _graph_kw(st, prog, via, avoid)
        found = graphs.distances(st, start, kinds, places)
    if key is not None:
        memo[key] = found
    return found


_KEYED_AVOID = frozenset([tuple, type(None)])
_KEYED_VIA = frozenset([frozenset, tuple, type(None)])


def _distance(st, prog, a, b, via=None, avoid=None, board=None):
    return _distance_in(st, prog, _distances_of(st, prog, a, via, avoid), b)


def _distances_of(st, prog, a, via=None, avoid=None):
    """{location: fewest steps from a}, or None when a is not on a board: `distance` split in
    two, so that generated code searches once for every b a loop asks about (_distance_in)."""
    start = a if type(a) is Location else place_of(st, prog, a)
    return None if start is None else _distances_from(st, prog, start, via, avoid)


def _distance_in(st, prog, found, b):
    """The distance to b in what _distances_of found (None: unreachable, or not on a board)."""
    if found is None:
        return None
    return found.get(b if type(b) is Location else place_of(st, prog, b))


# What generated code calls in place of `distance` (compiler/exprs.py).
PLAIN_SEARCHES = {"distances_of": _distances_of, "distance_in": _distance_in}

# The builtins whose searches a decision keeps in st.memo while its options are worked out
# (those that call _distances_from).
MEMO_SEARCHES = frozenset({"distance", "nearest"})


def _path(st, prog, a, b, via=None, avoid=None, board=None):
    kinds, places = _graph_kw(st, prog, via, avoid)
    la, lb = place_of(st, prog, a), place_of(st, prog, b)
    if la is None or lb is None:
        return ()
    return prog.graphs.path(st, la, lb, kinds, places)


def _nearest(st, prog, x, targets, via=None, avoid=None, board=None):
    start = place_of(st, prog, x)
    if start is None:
        return ()
    dist = _distances_from(st, prog, start, via, avoid)
    scored = []
    for target in items_of(st, targets):
        loc = place_of(st, prog, target)
        if loc is not None and loc in dist:
            scored.append((dist[loc], target))
    if not scored:
        return ()
    least = min(d for d, _ in scored)
    return tuple(dict.fromkeys(t for d, t in scored if d == least))


def _reachable(st, prog, x, steps, via=None, avoid=None, board=None, exact=False, revisit=True):
    kinds, places = _graph_kw(st, prog, via, avoid)
    return prog.graphs.reachable(st, _loc(st, prog, x), steps, kinds, places, bool(exact), bool(revisit))


def _step(st, prog, x, d):
    loc = _loc(st, prog, x)
    dc, dr = OFFSETS[d.name]
    if loc.column is None:
        return None
    return prog.by_position[loc.board].get((loc.column + dc, loc.row + dr))


def _direction(st, prog, a, b):
    if type(a) is Location and type(b) is Location:
        # two squares, as a board's condition asks at every step of every search: looked up
        found = prog.between.get((a, b), _NOT_ASKED)
        if found is _NOT_ASKED:
            found = _direction_between(prog, a, b)
            if len(prog.between) < MAX_BETWEEN:
                prog.between[(a, b)] = found
        return found
    la, lb = place_of(st, prog, a), place_of(st, prog, b)
    if la is None or lb is None:
        return None
    return _direction_between(prog, la, lb)


def _direction_between(prog, la: Location, lb: Location):
    if la.column is None or lb.column is None or la.board != lb.board:
        return None
    name = _DIRECTION_OF.get((lb.column - la.column, lb.row - la.row))
    return prog.directions[name] if name is not None else None


_DIRECTION_OF = {offset: name for name, offset in OFFSETS.items()}    # (columns, rows) -> its direction
_NOT_ASKED = object()
MAX_BETWEEN = 1 << 16       # pairs of locations kept (Program.between): a board of 256 squares, every pair


def _opposite(st, prog, d):
    return turn_direction(prog.directions, d, 180)


def _turn_direction(st, prog, d, degrees):
    return turn_direction(prog.directions, d, degrees)


def _cell(st, prog, column, row, board=None):
    boards = [board.name] if board is not None else list(prog.by_position)
    for name in boards:
        loc = prog.by_position.get(name, {}).get((column, row))
        if loc is not None:
            return loc
    return None


def _edge_kind(st, prog, a, b):
    la, lb = place_of(st, prog, a), place_of(st, prog, b)
    if la is None or lb is None:
        return None
    kind = prog.graphs.edge_kind(st, la, lb)
    return prog.edge_kinds.get(kind) if kind is not None else None


PLAIN = {
    "count": _count, "sum": _sum, "min": _extreme(min), "max": _extreme(max),
    "first": _first, "last": _last, "without": _without, "unique": _unique, "get": _get,
    "keys": lambda st, prog, m: tuple(m), "abs": lambda st, prog, x: abs(x),
    "ceil": lambda st, prog, x: math.ceil(x), "floor": lambda st, prog, x: math.floor(x),
    "text": lambda st, prog, x: display(st, x),
    "left_of": _left_of, "right_of": _right_of, "clockwise": _clockwise, "others": _others, "seat": _seat,
    "top": _ends(True), "bottom": _ends(False), "contents": _contents, "at": _at, "item_at": _item_at,
    "where_is": _where_is, "location_of": _location_of, "components": _components,
    "locations": _locations, "tagged": _tagged, "neighbours": _neighbours, "adjacent": _adjacent,
    "distance": _distance, "path": _path, "nearest": _nearest, "reachable": _reachable,
    "step": _step, "direction": _direction, "opposite": _opposite, "turn_direction": _turn_direction,
    "cell": _cell, "edge_kind": _edge_kind,
}


# The Python failures of a library function that are told as its call failing (failed()).
FAILURES = (TypeError, AttributeError, ValueError, KeyError, IndexError, ZeroDivisionError)


def called_in_place(impl) -> bool:
    """Whether generated code may call impl itself, a failure in it told after the fact from the
    traceback (engine/failures.py: the call, by its place in the generated line, and the
    arguments, from impl's frame): a Python function that never rebinds its parameters, so that
    its frame still holds the values it was given. Else it is called through reporting()."""
    code = getattr(impl, "__code__", None)
    if code is None:
        return False
    params = set(code.co_varnames[:_parameter_count(code)])
    return not any(i.opname in ("STORE_FAST", "DELETE_FAST", "STORE_DEREF", "DELETE_DEREF") and i.argval in params
                   for i in dis.get_instructions(code))


def _parameter_count(code) -> int:
    return code.co_argcount + code.co_kwonlyargcount + bool(code.co_flags & inspect.CO_VARARGS) + \
        bool(code.co_flags & inspect.CO_VARKEYWORDS)


def arguments_given(frame) -> tuple:
    """(the state, the values) a library function's frame was called with: its positional
    parameters after (st, prog), then what *values gathered (called_in_place: none was rebound
    since)."""
    code = frame.f_code
    local = frame.f_locals
    given = tuple(local[name] for name in code.co_varnames[2:code.co_argcount])
    if code.co_flags & inspect.CO_VARARGS:
        given += tuple(local[code.co_varnames[code.co_argcount + code.co_kwonlyargcount]])
    return local[code.co_varnames[0]], given


def reporting(impl, name: str, span, shown=None):
    """impl with a Python failure turned into a RulesError naming the call and its arguments.
    shown: how many of the values are the arguments the rules wrote without a keyword (the
    compiler put the keywords' values after them, in impl's order); None: all of them. Called
    with values only: keywords cost a dict a call, and a search's `via:` and `avoid:` are asked
    for every option of a decision."""
    def call(st, prog, *values):
        try:
            return impl(st, prog, *values)
        except FAILURES as err:
            raise failed(st, name, span, values[:shown], err) from None
    call.__name__ = name
    return call


def reporting_keywords(impl, name: str, span):
    """As reporting, for a call whose keywords are passed as keywords."""
    def call(st, prog, *values, **kw):
        try:
            return impl(st, prog, *values, **kw)
        except FAILURES as err:
            raise failed(st, name, span, values, err) from None
    call.__name__ = name
    return call


def failed(st, name: str, span, values, err):
    """How a library call at span, given values, that failed in Python with err is told."""
    shown = ", ".join(_shown(st, v) for v in values)
    ours = in_our_words(err)
    if ours is not None:
        return error(span, f"{name}({shown}) failed: {ours}", NUMBER_HINT)
    detail = str(err) if isinstance(err, ValueError) else "an argument of the wrong sort"
    return error(span, f"{name}({shown}) failed: {detail}")


def _shown(st, value) -> str:
    try:
        return display(st, value)
    except ValueError:          # Python writes out no number of over 4,300 digits
        return "a number of over 4,300 digits"


# Python's words when a number is too large for what it is asked to do, and ours.
_PYTHON_WORDS = (
    ("cannot fit 'int' into an index-sized integer", "a number here is too large to count or number things with"),
    ("too large to convert to C", "a number here is too large to count or number things with"),
    ("for integer string conversion", "a number here has over 4,300 digits, too many to write out"),
)
NUMBER_HINT = "numbers in a game stay small: one this large grows without end (a multiplication in a loop?)"


def in_our_words(err: BaseException):
    """What went wrong in err, when Python said it in its own words (a number too large), in
    ours; None for anything else."""
    if isinstance(err, (OverflowError, ValueError, IndexError, TypeError)):
        text = str(err)
        for python, ours in _PYTHON_WORDS:
            if python in text:
                return ours
    return None


def by_position(impl, given: int, keywords: list):
    """How a call of impl with `given` values and these keywords passes the keywords by position:
    [(parameter name, its default)] for impl's parameters after (st, prog) and the given values, up
    to the last keyword (a keyword's value goes where its name is, a default where none is given);
    [] with no keywords; None when they cannot be (a name impl does not take by position, a
    parameter in between with no default)."""
    if not keywords:
        return []
    params = list(inspect.signature(impl).parameters.values())[2 + given:]
    names = [p.name for p in params]
    if any(k not in names for k in keywords):
        return None
    upto = params[:max(names.index(k) for k in keywords) + 1]
    if any(p.kind is not p.POSITIONAL_OR_KEYWORD or (p.name not in keywords and p.default is p.empty)
           for p in upto):
        return None
    return [(p.name, p.default) for p in upto]
