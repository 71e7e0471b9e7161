"""The builtin functions at play time: one implementation per entry of check/builtins.BUILTINS.

Plain functions take evaluated arguments; the comprehension forms
(`count(each x in C where …)`, `max(e for each x in C)`) are compiled here
into loops over the bound name.
"""
from __future__ import annotations

import math

from ..check.builtins import BUILTINS
from ..errors import error
from ..ir import nodes as n
from .exprs import items_of, size_of
from .graph import place_of
from .values import Comp, EdgeKind, EnumValue, Location, Player, display

# ---------------------------------------------------------------- plain builtins
# Each takes (st, prog, args, kwargs) and returns a value.


def _count(st, prog, args, kw):
    return size_of(st, args[0])


def _sum(st, prog, args, kw):
    return sum(items_of(st, args[0]))


def _extreme(pick):
    def fn(st, prog, args, kw):
        values = items_of(st, args[0]) if len(args) == 1 else args
        values = [v for v in values if v is not None]
        return pick(values) if values else None
    return fn


def _first(st, prog, args, kw):
    items = items_of(st, args[0])
    return items[0] if items else None


def _last(st, prog, args, kw):
    items = items_of(st, args[0])
    return items[-1] if items else None


def _without(st, prog, args, kw):
    items = items_of(st, args[0])
    drop = args[1]
    if type(drop) is tuple:
        return tuple(i for i in items if i not in drop)
    return tuple(i for i in items if i is not drop and not (type(i) is type(drop) and i == drop))


def _unique(st, prog, args, kw):
    return tuple(dict.fromkeys(items_of(st, args[0])))


def _get(st, prog, args, kw):
    default = args[2] if len(args) > 2 else None
    mapping = args[0]
    if type(mapping) is dict:
        return mapping.get(args[1], default)
    items = items_of(st, mapping)
    i = args[1]
    return items[i] if type(i) is int and -len(items) <= i < len(items) else default


def _keys(st, prog, args, kw):
    return tuple(args[0])


def _ceil(st, prog, args, kw):
    return math.ceil(args[0])


def _floor(st, prog, args, kw):
    return math.floor(args[0])


def _left_of(st, prog, args, kw):
    p = args[0]
    return prog.players[(p.index + 1) % len(prog.players)]


def _right_of(st, prog, args, kw):
    p = args[0]
    return prog.players[(p.index - 1) % len(prog.players)]


def _clockwise(st, prog, args, kw):
    i = args[0].index
    return prog.players[i:] + prog.players[:i]


def _others(st, prog, args, kw):
    return _clockwise(st, prog, args, kw)[1:]


def _seat(st, prog, args, kw):
    x = args[0]
    if type(x) is Player:
        return x
    if type(x) is int and 1 <= x <= len(prog.players):
        return prog.players[x - 1]
    for p in prog.players:
        if x == p.name:
            return p
    raise ValueError(f"there is no seat {display(st, x)}")


def _ends(from_top):
    def fn(st, prog, args, kw):
        items = items_of(st, args[0])
        if not from_top:
            items = items[::-1]
        if len(args) > 1:
            return tuple(items[:args[1]])
        return items[0] if items else None
    return fn


def _contents(st, prog, args, kw):
    return items_of(st, args[0])


def _at(st, prog, args, kw):
    items = items_of(st, args[0])
    if len(args) > 1:
        kind = args[1]
        return tuple(c for c in items if c.kind is kind)
    return items


def _item_at(st, prog, args, kw):
    return item_of_kind(st, args[0], args[1])


def item_of_kind(st, place, kind):
    if place is None:
        return None
    for c in items_of(st, place):
        if c.kind is kind:
            return c
    return None


def _where_is(st, prog, args, kw):
    return prog.places[st.loc[args[0].id]]


def _location_of(st, prog, args, kw):
    place = prog.places[st.loc[args[0].id]]
    return place if type(place) is Location else None


def _components(st, prog, args, kw):
    return prog.components_of[args[0].name]


def _locations(st, prog, args, kw):
    if args:
        return args[0].locations
    return prog.all_locations


def _tagged(st, prog, args, kw):
    tag = args[0].name if hasattr(args[0], "name") else str(args[0])   # a Tag, or a board named like it
    locs = args[1].locations if len(args) > 1 else prog.all_locations
    tags = st.tags
    return tuple(loc for loc in locs if tag in tags[loc.index])


def _graph_kw(st, prog, kw):
    via = kw.get("via")
    if via is not None:
        via = frozenset(v.name if type(v) is EdgeKind else str(v) for v in items_of(st, via))
    avoid = kw.get("avoid")
    if avoid is not None:
        avoid = {place_of(st, prog, a) for a in items_of(st, avoid)}
    return via, avoid


def _loc(st, prog, x):
    loc = place_of(st, prog, x)
    if loc is None:
        raise ValueError(f"{display(st, x)} is not on a board")
    return loc


def _neighbours(st, prog, args, kw):
    via, avoid = _graph_kw(st, prog, kw)
    return tuple(prog.graphs.out(st, _loc(st, prog, args[0]), via, avoid))


def _adjacent(st, prog, args, kw):
    via, avoid = _graph_kw(st, prog, kw)
    a, b = place_of(st, prog, args[0]), place_of(st, prog, args[1])
    if a is None or b is None:
        return False
    return b in prog.graphs.out(st, a, via, avoid)


def _distance(st, prog, args, kw):
    via, avoid = _graph_kw(st, prog, kw)
    a, b = place_of(st, prog, args[0]), place_of(st, prog, args[1])
    if a is None or b is None:
        return None
    return prog.graphs.distances(st, a, via, avoid).get(b)


def _path(st, prog, args, kw):
    via, avoid = _graph_kw(st, prog, kw)
    a, b = place_of(st, prog, args[0]), place_of(st, prog, args[1])
    if a is None or b is None:
        return ()
    return prog.graphs.path(st, a, b, via, avoid)


def _nearest(st, prog, args, kw):
    via, avoid = _graph_kw(st, prog, kw)
    start = place_of(st, prog, args[0])
    if start is None:
        return ()
    dist = prog.graphs.distances(st, start, via, avoid)
    scored = []
    for target in items_of(st, args[1]):
        loc = place_of(st, prog, target)
        if loc is not None and loc in dist:
            scored.append((dist[loc], target))
    if not scored:
        return ()
    best = min(d for d, _ in scored)
    return tuple(dict.fromkeys(t for d, t in scored if d == best))


def _reachable(st, prog, args, kw):
    via, avoid = _graph_kw(st, prog, kw)
    start = _loc(st, prog, args[0])
    return prog.graphs.reachable(st, start, args[1], via, avoid, bool(kw.get("exact", False)),
                                 bool(kw.get("revisit", True)))


OFFSETS = {
    "N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0),
    "NE": (1, -1), "SE": (1, 1), "SW": (-1, 1), "NW": (-1, -1),
}
CLOCKWISE = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")


def _step(st, prog, args, kw):
    loc, d = _loc(st, prog, args[0]), args[1]
    dc, dr = OFFSETS[d.name]
    if loc.column is None:
        return None
    return prog.by_position[loc.board].get((loc.column + dc, loc.row + dr))


def _direction(st, prog, args, kw):
    a, b = place_of(st, prog, args[0]), place_of(st, prog, args[1])
    if a is None or b is None or a.column is None or b.column is None or a.board != b.board:
        return None
    offset = (b.column - a.column, b.row - a.row)
    for name, off in OFFSETS.items():
        if off == offset:
            return prog.directions[name]
    return None


def turn_direction(prog, d: EnumValue, degrees: int) -> EnumValue:
    if degrees % 45:
        raise ValueError(f"cannot turn a direction by {degrees} degrees")
    i = CLOCKWISE.index(d.name)
    return prog.directions[CLOCKWISE[(i + degrees // 45) % 8]]


def _opposite(st, prog, args, kw):
    return turn_direction(prog, args[0], 180)


def _turn_direction(st, prog, args, kw):
    return turn_direction(prog, args[0], args[1])


def _cell(st, prog, args, kw):
    if len(args) > 2:
        boards = [args[2].name]
    else:
        boards = [b for b, table in prog.by_position.items()]
    for board in boards:
        loc = prog.by_position.get(board, {}).get((args[0], args[1]))
        if loc is not None:
            return loc
    return None


def _edge_kind(st, prog, args, kw):
    a, b = place_of(st, prog, args[0]), place_of(st, prog, args[1])
    if a is None or b is None:
        return None
    kind = prog.graphs.edge_kind(st, a, b)
    return prog.edge_kinds.get(kind) if kind is not None else None


PLAIN = {
    "count": _count, "sum": _sum, "min": _extreme(min), "max": _extreme(max),
    "first": _first, "last": _last, "without": _without, "unique": _unique, "get": _get,
    "keys": _keys, "abs": lambda st, prog, a, kw: abs(a[0]), "ceil": _ceil, "floor": _floor,
    "text": lambda st, prog, a, kw: display(st, a[0]),
    "left_of": _left_of, "right_of": _right_of, "clockwise": _clockwise, "others": _others, "seat": _seat,
    "top": _ends(True), "bottom": _ends(False), "contents": _contents, "at": _at, "item_at": _item_at,
    "where_is": _where_is, "location_of": _location_of, "components": _components,
    "locations": _locations, "tagged": _tagged, "neighbours": _neighbours, "adjacent": _adjacent,
    "distance": _distance, "path": _path, "nearest": _nearest, "reachable": _reachable,
    "step": _step, "direction": _direction, "opposite": _opposite, "turn_direction": _turn_direction,
    "cell": _cell, "edge_kind": _edge_kind,
}

# ----------------------------------------------------- comprehension forms


def _comp_count(select):
    return lambda st, env: len(select(st, env))


def _comp_sum(select):
    return lambda st, env: sum(v for _, v in select(st, env))


def _comp_extreme(pick):
    def make(select):
        def fn(st, env):
            values = [v for _, v in select(st, env) if v is not None]
            return pick(values) if values else None
        return fn
    return make


def _comp_best(pick):
    def make(select):
        def fn(st, env):
            pairs = select(st, env)
            keys = [k for _, k in pairs if k is not None]
            if not keys:
                return ()
            best = pick(keys)
            return tuple(i for i, k in pairs if k == best)
        return fn
    return make


def _comp_sort(select):
    def fn(st, env):
        pairs = select(st, env)
        return tuple(i for i, _ in sorted(pairs, key=lambda p: _sort_key(p[1])))
    return fn


def _sort_key(v):
    if type(v) is tuple:
        return tuple(_sort_key(x) for x in v)
    if isinstance(v, (Player, EnumValue, Location)):
        return getattr(v, "index", None) if not isinstance(v, EnumValue) else v.ordinal
    return v


COMPREHENSIONS = {
    "count": _comp_count, "sum": _comp_sum, "min": _comp_extreme(min), "max": _comp_extreme(max),
    "highest": _comp_best(max), "lowest": _comp_best(min), "sort": _comp_sort,
}


def reporting(impl, name, span):
    """impl with a Python failure turned into a RulesError naming the call and its arguments."""
    def call(st, prog, values, kw):
        try:
            return impl(st, prog, values, kw)
        except (TypeError, AttributeError, ValueError, KeyError, IndexError, ZeroDivisionError) as err:
            shown = ", ".join(display(st, v) for v in values)
            detail = str(err) if isinstance(err, ValueError) else "an argument of the wrong sort"
            raise error(span, f"{name}({shown}) failed: {detail}") from None
    return call


def compile_call(compiler, e, scope):
    """A closure for a builtin call."""
    name = e.func
    prog = compiler.prog
    span = e.span
    spec = BUILTINS.get(name)
    if spec is None:
        raise error(span, f"there is no function '{name}'")
    if spec.chance:
        raise error(span, f"{name}(…) draws on chance and must stand alone in a `let`")
    if e.comp is not None:
        return _compile_comprehension(compiler, e, scope)
    impl = PLAIN[name]
    args = [compiler.expr(a, scope) for a in e.args]
    kwargs = [(k, compiler.expr(v, scope)) for k, v in e.kwargs]
    fast = _specialised(compiler, e, args, kwargs)
    if fast is not None:
        return fast

    run = reporting(impl, name, span)

    def call(st, env):
        values = [a(st, env) for a in args]
        return run(st, prog, values, {k: v(st, env) for k, v in kwargs} if kwargs else {})
    if name in ("any", "all"):
        raise error(span, f"{name} needs `each x in list where cond`")
    return call


def _specialised(compiler, e, args, kwargs):
    """Hand-written closures for the calls rules make most (no argument packing)."""
    if kwargs:
        return None
    name = e.func
    prog = compiler.prog
    if name == "count" and len(args) == 1:
        a0 = args[0]
        return lambda st, env: size_of(st, a0(st, env))
    if name in ("at", "item_at") and len(args) == 2 and isinstance(e.args[1], n.Name) \
            and e.args[1].name in prog.kinds and e.args[1].name:
        kind = prog.kinds[e.args[1].name]
        loc = args[0]
        if name == "at":
            return lambda st, env: tuple([c for c in items_of(st, loc(st, env)) if c.kind is kind])

        return lambda st, env: item_of_kind(st, loc(st, env), kind)
    if name == "at" and len(args) == 1:
        a0 = args[0]
        return lambda st, env: items_of(st, a0(st, env))
    if name == "location_of":
        a0 = args[0]
        places = prog.places

        def location_of(st, env):
            c = a0(st, env)
            if type(c) is not Comp:
                raise error(e.span, f"location_of needs a component, not {display(st, c)}")
            place = places[st.loc[c.id]]
            return place if type(place) is Location else None
        return location_of
    if name in ("first", "contents") and len(args) == 1:
        a0 = args[0]
        if name == "contents":
            return lambda st, env: items_of(st, a0(st, env))

        def first(st, env):
            items = items_of(st, a0(st, env))
            return items[0] if items else None
        return first
    return None


def _compile_comprehension(compiler, e, scope):
    name = e.func
    c = e.comp
    if name in ("any", "all"):
        source, where, _key, _body = compiler.loop_parts(c, scope)
        var = c.var
        want = name == "any"
        from .exprs import MISSING

        if not scope.taken(var) and where is not None:
            def quantifier_fresh(st, env):
                for item in items_of(st, source(st, env)):
                    env[var] = item
                    if bool(where(st, env)) == want:
                        return want
                return not want
            return quantifier_fresh

        def quantifier(st, env):
            saved = env.get(var, MISSING)
            try:
                for item in items_of(st, source(st, env)):
                    env[var] = item
                    if (where is None or bool(where(st, env))) == want:
                        return want
                return not want
            finally:
                if saved is MISSING:
                    env.pop(var, None)
                else:
                    env[var] = saved
        if where is None:
            return lambda st, env: (any if want else all)(items_of(st, source(st, env)))
        return quantifier
    select = compiler.iterate(c, scope)
    return COMPREHENSIONS[name](select)
