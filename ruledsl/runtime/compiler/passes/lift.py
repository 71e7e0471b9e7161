"""Pass `lift`: an any/all/count/sum of `each x in S` inside an expression is a call of a function
of its own made of its loop.

Recognises: `any`, `all`, `count` or `sum` of the builtin (no define of that name) over
`each x in S [where c]` (no nested `each`, no `by`) inside an expression: a condition of a
comprehension, a text, a value set (a statement's own test is `fuse`'s); not where the loop would
bind a name the expression around it reads (a part kept by the loops around it).

Emits: `q(st, …)`, q a function whose body is the loop (returning at the first item that
decides), given the state and the locals the loop reads (compiler/lift.py): Python has only a
generator there, made and resumed at every item, which costs three to five times the call for
the few items a square or a hand holds.

Gain: see docs/architecture.md, "The passes".
"""
from __future__ import annotations

from ..code import Code, fmt
from ..comprehensions import plain_each
from ..lift import free_locals
from . import Pass

_LIFTED = frozenset({"any", "all", "count", "sum"})


class Lift(Pass):
    name = "lift"

    def comprehension_call(self, gen, e, frame):
        """`any/all/count/sum(each x in S where c)`: a call of a function of its own made of the
        loop, or None. Its parts are kept within that function (not by the loops around it: the
        function could not give them back)."""
        if e.func not in _LIFTED or not plain_each(e, self.prog.defn.defines):
            return None
        inner = frame.looping(())
        lines = gen.any_lines(e, inner) if e.func == "any" else gen.loop_lines(e, inner)
        if lines is None:
            return None
        params = free_locals(lines)
        if params is None:
            return None
        name = self.ns.function("q")
        self.compiler.lift(name, params, lines, e.span)
        self.decided("a function of its own", e)
        parts = []
        for i, param in enumerate(params):
            parts += ([", "] if i else []) + [param]
        return fmt("{}({})", name, Code(tuple(parts)))
