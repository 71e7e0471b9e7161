"""The designer's evaluation, `evaluate p: expr`: each seat's expected return in a position,
for search bots that cut a playout short. Compiled once per program, on first use."""
from __future__ import annotations

from fractions import Fraction
from typing import Optional

from ..errors import error
from .engine.failures import located
from .model.values import display

_NOT_COMPILED = object()


def _compiled(prog):
    fn = getattr(prog, "_evaluation", _NOT_COMPILED)
    if fn is _NOT_COMPILED:
        decl = prog.defn.evaluate
        fn = None if decl is None else (decl, prog.compiler.evaluation_function(decl))
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
    saved, st.steps = st.steps, 0          # the step budget counts this evaluation alone
    try:
        values = [fn(st, p) for p in prog.players]
    except Exception as err:
        raise located(prog.code_map, err, decl.body.span, "the evaluation") from None
    finally:
        st.steps = saved
    for value in values:
        if type(value) not in (int, float, Fraction):
            raise error(decl.body.span, f"an evaluation must be a number, not {display(st, value)}")
        out.append(min(1.0, max(0.0, float(value))))
    return out
