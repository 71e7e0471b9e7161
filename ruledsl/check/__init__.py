"""The checker: passes over a merged game's IR, each in its own module.

context.py       the shared symbol table and the diagnostics being collected
index.py         what was resolved: every declaration and use of a name, with types
declarations.py  components, zones, vars, options: types, fields, contents
boards.py        boards hang together: maps, edges, unreachable places
scope.py         every name in every rule resolves and every expression has a type
                 (exprs.py: the expression half of it)
public.py        what every seat is shown unasked (board paths, progress, phase names) reads no secret
flow.py          the game can end, loops can be left, decisions have a chooser
decisions.py     which rules and statements can stop for a decision
types.py         the types expressions have
options.py       option values given from outside are of the option's type
sizes.py         what the file makes stays within the limits (components, lists written out)
labels.py        `label` declarations name something; what screens show has a label
"""
from __future__ import annotations

import attrs

from ..ir.game import GameDef


@attrs.frozen(eq=False)
class CheckedGame:
    """What the checker found and resolved: the input of everything after it (editors, the runtime).

    definition: the merged game. diagnostics: errors and warnings. symbols: the global names
    (context.Symbol). index: every declaration and use of a name (index.py). types: each
    expression's Type, by id() of its IR node. resolved: each name's Declaration, by id() of its
    Name node. analysis: which rules and statements can stop for a decision (decisions.py).
    """
    definition: GameDef
    diagnostics: list
    symbols: dict
    index: object
    types: dict
    resolved: dict
    analysis: object

    def type_of(self, node):
        """The Type the checker found for an expression node (None for one it never saw)."""
        return self.types.get(id(node))

    def declaration_of(self, node):
        """The Declaration a Name node stands for (None for one it never saw)."""
        return self.resolved.get(id(node))


def check_game(definition: GameDef, *, complete: bool = True, sites: bool = True) -> CheckedGame:
    """Every pass in order. sites: also type each define's body for each call, as the runtime
    writes it there (what a check that only reports may leave out: it reports nothing more)."""
    from . import boards, declarations, flow, labels, public, scope, sizes
    from .context import Context

    ctx = Context(definition, sites)
    declarations.check(ctx, complete=complete)
    boards.check(ctx)
    scope.check(ctx)
    public.check(ctx)
    analysis = flow.check(ctx, complete=complete)
    sizes.check(ctx)
    labels.check(ctx)
    return CheckedGame(definition, ctx.diagnostics, ctx.symbols, ctx.index, ctx.types, ctx.resolved, analysis)
