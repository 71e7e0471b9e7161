"""The checker: passes over a merged game's IR, each in its own module.

context.py       the shared symbol table and the diagnostics being collected
declarations.py  components, zones, vars, options: types, fields, contents
boards.py        boards hang together (networkx): maps, edges, unreachable places
scope.py         every name in every rule resolves and every expression has a type
flow.py          the game can end, loops can be left, decisions have a chooser
options.py       option values given from outside are of the option's type
sizes.py         what the file makes stays within the limits (components, lists written out)
"""
from __future__ import annotations

from ..errors import Diagnostic
from ..ir.game import GameDef


def run_checks(definition: GameDef, *, complete: bool = True) -> list[Diagnostic]:
    """Every pass in order; returns all diagnostics (errors and warnings)."""
    from . import boards, declarations, flow, scope, sizes
    from .context import Context

    ctx = Context(definition)
    declarations.check(ctx, complete=complete)
    boards.check(ctx)
    scope.check(ctx)
    flow.check(ctx, complete=complete)
    sizes.check(ctx)
    return ctx.diagnostics
