"""Pass `fold`: what is known when the game is compiled is written as its value.

Recognises: an expression that keeps one value all game long (compiler/static.py: constants,
fields play never sets, pure builtins over lists fixed when compiled, defines of such); a builtin
that reads nothing that changes, given arguments known when compiled (`locations(Grid)`); a list
written out of such values; `and`, `or` and `not` of a truth known when compiled (a game's option);
a list fixed when compiled that a loop goes through, or a `via:` list of edge kinds.

Emits: the value, as a constant (an expression kept all game long with itself standing by for a
state a scenario changed as play never does: `(k if not st.unfolded else …)`); the truth, or the
other side alone; a fixed list gone through as it is, its length spent as one number by the loop
that goes through it; the edge kinds' names once, one constant for alike lists.

Gain: see docs/architecture.md, "The passes".
"""
from __future__ import annotations

from ...engine.library import PLAIN, edge_kind_names
from ...model.values import Comp
from ..certain import certainty
from ..code import MISSING, fmt
from ..operators import boolean
from . import Pass

# Builtins whose value depends only on their arguments and the game's fixed tables.
_STATIC = frozenset({"locations", "components", "left_of", "right_of", "clockwise", "others", "seat", "opposite",
                     "turn_direction", "cell", "abs", "ceil", "floor", "keys"})


class Fold(Pass):
    name = "fold"

    def folded(self, gen, e, frame, code):
        """code, or where e keeps one value all game long (compiler/static.py), that value, with
        code standing by for a state a scenario has changed as play never does."""
        if frame.folding or code.value is not MISSING or code.folded:
            return None             # a value already (a define's body folded as it was written in place)
        if not gen.statics().of(e, frame):
            return None
        with gen.detached():
            try:
                value = self.compiler.evaluate(e, folding=True)
            except Exception:       # it fails at play, at its place, as any expression does
                return None
        self.decided("kept all game long", e)
        facts = {"items": certainty(value)} if type(value) is tuple else {}
        return fmt("({} if not st.unfolded else {})", gen.k(value), code, folded=True, **facts)

    def items_fixed(self, gen, e, code):
        """A loop over a list fixed when compiled: gone through as it is, its items as certain as
        they are."""
        if type(code.value) is tuple:
            self.decided("a fixed list, gone through as it is", e)
            return code, certainty(code.value), False
        return None

    def and_or(self, gen, e, a, b):
        """`a and b`, `a or b` of a left side known when compiled (a game's option): the truth
        (false and …, true or …: never asked), or the right side alone."""
        known = a.truth
        if known is None:
            return None
        self.decided("a truth known", e)
        if known == (e.op == "or"):
            return gen.k(known)
        return b if boolean(e.right, self.prog.defn.defines) else fmt("bool({})", b)

    def negation(self, gen, e, inner):
        if inner.truth is not None:
            self.decided("a truth known", e)
            return gen.k(not inner.truth)      # `not` of a truth known when compiled
        return None

    def items_list(self, gen, e, codes):
        """A list written out of values known when compiled: the list itself."""
        if not any(c.value is MISSING for c in codes):
            self.decided("a fixed list", e)
            return gen.k(tuple(c.value for c in codes))
        return None

    def call(self, gen, e, frame):
        """A call that reads nothing that changes in play, with arguments known when the game is
        compiled (`locations(Grid)`, `left_of(Red)`), as its value."""
        if e.func not in _STATIC or e.kwargs:
            return None
        values = [gen.gen(a, frame).value for a in e.args]
        if any(v is MISSING or type(v) is Comp for v in values):
            return None
        try:
            value = PLAIN[e.func](self.prog.initial, self.prog, *values)
        except Exception:       # let it fail at play, at its place, as any call does
            return None
        self.decided("a builtin's value", e)
        return gen.k(value)

    def via(self, gen, value, code):
        """A fixed `via:` list: its edge kinds' names, once (one constant for alike lists, so that
        two searches alike read alike: hoist.py)."""
        if type(code.value) is tuple:
            kinds = edge_kind_names(self.prog.initial, code.value)
            self.decided("edge kinds", value)
            return gen.k(gen.kinds_lists.setdefault(kinds, kinds))
        return None
