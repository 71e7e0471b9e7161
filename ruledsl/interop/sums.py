"""What every ending's returns add up to, when the rules make it one number (zero- and constant-sum).

Read from the rules' endings, never from play: a game is constant-sum with sum 1
when every ending is a `win` of a list of exactly one seat (1 to it, 0 to the
others), or, with two players, a bare `end game` (a draw: one half each) or a
ranking (1 and 0, or one half each when tied); it is zero-sum when, with two
players, every ending is `end game returns (x if p == w else -x) for each p in
players` (or the same with `!=`, or with the signs swapped): one seat gets what
the other loses. Anything else (a shared win, numbers of other shapes) is
general-sum, which is always a sound thing to say.
"""
from __future__ import annotations

from typing import Optional

from ..check.walk import statements
from ..ir import nodes as n


def utility_sum(game) -> Optional[float]:
    """0.0 (zero-sum), 1.0 (constant-sum), or None (general-sum) for a loaded game."""
    sums = set()
    endings = [s for s in statements(game.definition) if isinstance(s, (n.Win, n.EndGame))]
    if not endings:
        return None
    for stmt in endings:
        found = _sum_of(stmt, game.players)
        if found is None:
            return None
        sums.add(found)
    return sums.pop() if len(sums) == 1 else None


def _sum_of(stmt, players: int) -> Optional[float]:
    if isinstance(stmt, n.Win):
        one = isinstance(stmt.winners, n.ListLit) and stmt.winners.comp is None and len(stmt.winners.items) == 1
        return 1.0 if one else None
    if stmt.returns is None:                       # a draw, or a ranking
        return 1.0 if players == 2 else None
    if players == 2 and _one_gets_what_the_other_loses(stmt):
        return 0.0
    return None


def _one_gets_what_the_other_loses(stmt: n.EndGame) -> bool:
    """`x if p == w else -x` (or `!=`, or -x first) over `players`, with w not depending on p."""
    expr = stmt.returns
    if not (isinstance(stmt.source, n.Name) and stmt.source.name == "players" and isinstance(expr, n.Conditional)):
        return False
    cond = expr.cond
    if not (isinstance(cond, n.Binary) and cond.op in ("==", "!=")):
        return False
    sides = (cond.left, cond.right)
    mine = [isinstance(side, n.Name) and side.name == stmt.var for side in sides]
    if mine.count(True) != 1 or _mentions(sides[mine.index(False)], stmt.var):
        return False

    def negated(a, b) -> bool:
        return isinstance(b, n.Unary) and b.op == "-" and b.operand == a
    return negated(expr.then, expr.orelse) or negated(expr.orelse, expr.then)


def _mentions(expr, name: str) -> bool:
    if isinstance(expr, n.Name):
        return expr.name == name
    if isinstance(expr, tuple):
        return any(_mentions(e, name) for e in expr)
    fields = getattr(type(expr), "__attrs_attrs__", ())
    return any(_mentions(getattr(expr, f.name), name) for f in fields)
