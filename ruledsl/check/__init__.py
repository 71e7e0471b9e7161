"""The checker: passes over a merged game's IR, each in its own module.

context.py       the shared symbol table and the diagnostics being collected
index.py         what was resolved: every declaration and use of a name, with types
declarations.py  components, zones, vars, options: types, fields, contents
boards.py        boards hang together: maps, edges, unreachable places
scope.py         every name in every rule resolves and every expression has a type
                 (exprs.py: the expression half of it)
flow.py          the game can end, loops can be left, decisions have a chooser
options.py       option values given from outside are of the option's type
"""
from __future__ import annotations

from ..ir.game import GameDef


def check_game(definition: GameDef, *, complete: bool = True):
    """Every pass in order; returns the Context: .diagnostics, .symbols (the global names) and
    .index (every declaration and use of a name, with types: index.py)."""
    from . import boards, declarations, flow, scope
    from .context import Context

    ctx = Context(definition)
    declarations.check(ctx, complete=complete)
    boards.check(ctx)
    scope.check(ctx)
    flow.check(ctx, complete=complete)
    return ctx
