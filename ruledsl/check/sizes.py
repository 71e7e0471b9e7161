"""Pass: what a file makes stays within the language's limits (components, lists written out).

Counts that hang on an option or on play are unknown here; the interpreter
checks those when it builds a game (ruledsl/runtime/program.py).
"""
from __future__ import annotations

from typing import Iterator, Optional

from ..ir import nodes as n
from ..ir.walk import nodes
from ..limits import MAX_COMPONENTS, MAX_WRITTEN_ITEMS, with_commas
from .context import Context


def check(ctx: Context) -> None:
    _components(ctx)
    for node in _written_lists(ctx.game):
        items = node.items if isinstance(node, n.ListLit) else node.entries
        if len(items) > MAX_WRITTEN_ITEMS:
            what = "list" if isinstance(node, n.ListLit) else "map"
            ctx.error(node.span, f"this {what} has {with_commas(len(items))} items written out; "
                      f"one may have at most {with_commas(MAX_WRITTEN_ITEMS)}",
                      "make long lists with a range or a comprehension, or split the table")


# ---------------------------------------------------------------- components

def _components(ctx: Context) -> None:
    """Add up the starting components whose number is fixed by the file; say where the total
    first passes the limit."""
    game = ctx.game
    seats = game.players.high if game.players else 1
    total = 0
    for zone in game.zones.values():
        for content in zone.contents:
            made = _made(ctx, content)
            if made is None:
                continue
            total += made * (seats if zone.per_player else 1)
            if total > MAX_COMPONENTS:
                ctx.error(content.span, f"this brings the game to {with_commas(total)} components; "
                          f"a game may have at most {with_commas(MAX_COMPONENTS)}",
                          "count a pile of identical tokens with a variable instead of a component each")
                return


def _made(ctx: Context, content: n.Content) -> Optional[int]:
    count = 1 if content.count is None else static_int(ctx, content.count)
    size = 1 if content.source is None else static_size(ctx, content.source)
    if count is None or size is None:
        return None
    return max(count, 0) * size


def static_int(ctx: Context, expr, depth: int = 0) -> Optional[int]:
    """A whole number the file fixes (literals, constants, sums of them), or None."""
    if depth > 20:                    # constants defined in terms of each other: the scope pass says so
        return None
    if isinstance(expr, n.Literal):
        return expr.value if type(expr.value) is int else None
    if isinstance(expr, n.Name):
        const = ctx.game.consts.get(expr.name)
        if const is not None:
            return static_int(ctx, const.value, depth + 1)
        if expr.name == "player_count" and ctx.game.players:
            return ctx.game.players.high
        return None
    if isinstance(expr, n.Unary) and expr.op == "-":
        value = static_int(ctx, expr.operand, depth + 1)
        return None if value is None else -value
    if isinstance(expr, n.Binary) and expr.op in _ARITHMETIC:
        a, b = static_int(ctx, expr.left, depth + 1), static_int(ctx, expr.right, depth + 1)
        return None if a is None or b is None else _ARITHMETIC[expr.op](a, b)
    return None


_ARITHMETIC = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b}


def static_size(ctx: Context, expr, depth: int = 0) -> Optional[int]:
    """How many items a list the file fixes has (a range of fixed ends, a list written out), or None."""
    if isinstance(expr, n.Range):
        low, high = static_int(ctx, expr.low), static_int(ctx, expr.high)
        return None if low is None or high is None else max(0, high - low + 1)
    if isinstance(expr, n.ListLit) and expr.comp is None:
        return len(expr.items)
    if isinstance(expr, n.Name) and expr.name in ctx.game.consts and depth < 20:
        return static_size(ctx, ctx.game.consts[expr.name].value, depth + 1)
    return None


# ---------------------------------------------------------------- lists written out

def _written_lists(game) -> Iterator:
    """Every list and map literal in the game's declarations."""
    roots = [getattr(game, table) for table in ("options", "enums", "kinds", "zones", "vars", "consts", "dice",
                                                 "boards", "defines", "rules")]
    roots += [game.setup, game.flow, game.triggers, game.scenarios]
    return (node for node in nodes(roots) if type(node) is n.ListLit or type(node) is n.MapLit)
