"""Conditions that read only where board locations lie, fixed for the whole game.

A decision's `where` such as `touching(pair[0], pair[1])` over the free tiles of a grid is
worked out for every selection at every such decision (hundreds of pairs), though what it
reads (rows, columns, a location's declared fields, which location is which) never changes
in play. The leading conditions of a `where` that read nothing else are worked out once per
selection for the whole game and remembered (the pass `fixed`, compiler/passes); the rest is worked out
each time, after them, as before.

What counts as fixed is checked on the rules' expressions: the chosen item, its parts
(`pair[0]`), literals, a location's fields other than `contents`, arithmetic, comparisons,
`and`/`or`/`not`, `abs`/`min`/`max`, and `define`s whose bodies are fixed in their arguments.
Whether the items are board locations is known only in play, once per decision: when some
item is not (a component, whose fields change), the condition is worked out every time
(`fixed_items`). When the whole condition is fixed, the options that pass are remembered per
list of items given; a choice of several squares reads them off the whole board's selections
that pass (engine/selections.fixed_selections); and when the labels too read only the items,
the decision's options are remembered whole (compiler/units.py).
"""
from __future__ import annotations

from ...ir import nodes as n
from ..model.values import Location

# Operators whose value depends only on their operands.
_PURE_OPS = frozenset({"+", "-", "*", "/", "%", "==", "!=", "<", "<=", ">", ">=", "and", "or"})
_PURE_CALLS = frozenset({"abs", "min", "max"})
# A location's fields that change in play.
_CHANGING = frozenset({"contents"})
# How deep defines calling defines are looked into.
_DEPTH = 8
# How many selections one decision remembers at most (past it, the rest are worked out each
# time): a choice of several among many locations has more selections than are worth keeping.
FIXED_MEMO = 100_000
# How many lists of items one decision remembers the passing options of, when its whole
# condition is fixed (each list seen again, as the same free squares, skips the test of each).
FIXED_POOLS = 4_096


def conjuncts(e) -> list:
    """The conditions of an `and` chain, left to right."""
    if isinstance(e, n.Binary) and e.op == "and":
        return conjuncts(e.left) + conjuncts(e.right)
    return [e]


def join(parts: list):
    """The `and` chain of parts (as the parser nests it: to the left)."""
    out = parts[0]
    for part in parts[1:]:
        out = n.Binary("and", out, part, span=part.span)
    return out


PLACE, VALUE = "place", "value"


def fixed(e, places: frozenset, values: frozenset, defines: dict, depth: int = 0):
    """PLACE when e is one of the item's locations (the item, `item[k]`, or a name standing for
    one), VALUE when it is worked out only from their fixed fields (see the module docstring),
    None when it may read anything else. places and values: the names standing for each."""
    if depth > _DEPTH:
        return None
    t = type(e)
    if t is n.Literal:
        return VALUE if type(e.value) in (int, bool, str) or e.value is None else None
    if t is n.Name:
        return PLACE if e.name in places else VALUE if e.name in values else None
    if t is n.Index:
        ok = isinstance(e.index, n.Literal) and type(e.index.value) is int
        return PLACE if ok and fixed(e.obj, places, values, defines, depth) is PLACE else None
    if t is n.Attr:
        # a location's own field; a field of what a field holds (a component) may change
        ok = e.name not in _CHANGING and fixed(e.obj, places, values, defines, depth) is PLACE
        return VALUE if ok else None
    if t is n.Unary:
        return VALUE if fixed(e.operand, places, values, defines, depth) else None
    if t is n.Binary:
        ok = e.op in _PURE_OPS and fixed(e.left, places, values, defines, depth) \
            and fixed(e.right, places, values, defines, depth)
        return VALUE if ok else None
    if t is n.Conditional:
        ok = all(fixed(x, places, values, defines, depth) for x in (e.cond, e.then, e.orelse))
        return VALUE if ok else None
    if t is n.Call and e.comp is None and not e.kwargs:
        kinds = [fixed(a, places, values, defines, depth) for a in e.args]
        if not all(kinds):
            return None
        if e.func in defines:
            decl = defines[e.func]
            if len(decl.params) != len(e.args):
                return None
            # the body sees only its parameters, each standing for a place or a fixed value
            inner_places = frozenset(p for p, k in zip(decl.params, kinds) if k is PLACE)
            inner_values = frozenset(p for p, k in zip(decl.params, kinds) if k is VALUE)
            return fixed(decl.body, inner_places, inner_values, defines, depth + 1)
        return VALUE if e.func in _PURE_CALLS else None
    return None


def fixed_prefix(where, item: str, defines: dict) -> tuple:
    """(the leading conditions of where that are fixed, joined, or None; the rest, or None)."""
    parts = conjuncts(where)
    k = 0
    while k < len(parts) and fixed(parts[k], frozenset([item]), frozenset(), defines):
        k += 1
    if k == 0:
        return None, where
    if k == len(parts):
        return where, None          # the rules' own expression, as the checker typed it
    return join(parts[:k]), join(parts[k:])


def fixed_items(items) -> bool:
    """Whether every item a decision chooses from is a board location (the selections made of
    them are then locations or tuples of locations)."""
    return _LOCATIONS.issuperset(map(type, items))     # at C speed: a decision's pool is tested each time


_LOCATIONS = frozenset([Location])


def known_options(found: dict, pairs: dict, items, pair_of) -> dict:
    """found with each item's option added, as `found.setdefault(*pair_of(item))` in turn adds
    them (the first of equal labels kept), for items that are board locations or selections of
    them and labels that read only where they lie (fixed_label): each item's (label, value) is
    made once for the game and kept in pairs (the decision site's, by item); the options of a
    list of items seen before are then made at C speed."""
    try:
        more = dict(map(pairs.__getitem__, items))
    except KeyError:            # an item not seen before
        more = None
    if more is not None and len(more) == len(items):    # no label twice among them
        if not found:
            return more
        if found.keys().isdisjoint(more):
            found.update(more)
            return found
    get = pairs.get
    for x in items:
        pair = get(x)
        if pair is None:
            pair = pair_of(x)
            if len(pairs) < FIXED_MEMO:
                pairs[x] = pair
        found.setdefault(*pair)
    return found


def fixed_label(template, item: str, defines: dict) -> bool:
    """Whether an option's label reads only its item's place on the board: no `as` (the item
    shown: a location reads as its label), or a template whose parts are fixed (see fixed())."""
    if template is None:
        return True
    places = frozenset([item])
    return all(isinstance(part, str) or fixed(part, places, frozenset(), defines) for part in template.parts)
