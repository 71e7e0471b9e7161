"""Defines worked out once per arguments: what compiled code calls for the `remember` fast path.

A `define` whose value depends only on its arguments and on what never changes in play
(compiler/static.py says so of its body, its parameters standing for values kept) is a
function in the mathematical sense: `lines_through(sq) = [each line in lines where sq in
line]` gives the same lines for the same square all game long. Its value is kept per
arguments for the whole game (per compiled game: every state of it shares the memo), and
worked out again only in a state a scenario changed as play never does (`st.unfolded`).

Only arguments that are their own identity are keys: seats, places, components, enum values,
whole numbers, texts and none (a list, or a number that could equal another kind of number,
is worked out each time). A value that is a map is never kept (maps are the one value a
caller could hold on to and read as changed).
"""
from __future__ import annotations

from ..model.values import Comp, EnumValue, Location, Player, Zone

# How many argument lists one define keeps the value of, at most (past it, the rest are
# worked out each time).
REMEMBERED = 100_000

_KEYS = frozenset({Location, Player, Comp, EnumValue, Zone, int, str, type(None)})
_NOT = object()


def remember1(st, memo: dict, fn, a):
    """fn(st, a), kept in memo by a."""
    if type(a) in _KEYS and not st.unfolded:
        got = memo.get(a, _NOT)
        if got is _NOT:
            got = fn(st, a)
            if len(memo) < REMEMBERED and type(got) is not dict:
                memo[a] = got
        return got
    return fn(st, a)


def remember(st, memo: dict, fn, *args):
    """fn(st, *args), kept in memo by args."""
    if not st.unfolded and all(type(a) in _KEYS for a in args):
        got = memo.get(args, _NOT)
        if got is _NOT:
            got = fn(st, *args)
            if len(memo) < REMEMBERED and type(got) is not dict:
                memo[args] = got
        return got
    return fn(st, *args)
