"""The designer's evaluation, `evaluate p: expr`: each seat's expected return in a position,
for search bots that cut a playout short. Compiled once per program, on first use."""
from __future__ import annotations

from fractions import Fraction
from typing import Optional

from ..errors import error
from .exprs import Scope
from .values import display

_NOT_COMPILED = object()


def _compiled(prog):
    fn = getattr(prog, "_evaluation", _NOT_COMPILED)
    if fn is _NOT_COMPILED:
        decl = prog.defn.evaluate
        fn = None if decl is None else (decl, prog.compiler.expr(decl.body, Scope([decl.var])))
        prog._evaluation = fn
    return fn


def has_evaluation(prog) -> bool:
    return prog.defn.evaluate is not None


def estimate(prog, st) -> Optional[list]:
    """[expected return of each seat], each clamped to 0..1; None when the game declares no evaluation."""
    compiled = _compiled(prog)
    if compiled is None:
        return None
    decl, fn = compiled
    out = []
    for p in prog.players:
        value = fn(st, {decl.var: p})
        if type(value) not in (int, float, Fraction) or type(value) is bool:
            raise error(decl.body.span, f"an evaluation must be a number, not {display(st, value)}")
        out.append(min(1.0, max(0.0, float(value))))
    return out
