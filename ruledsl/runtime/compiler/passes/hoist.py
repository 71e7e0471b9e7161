"""Pass `hoist`: the parts of a loop's code that read nothing changing from one round to the next
are worked out once per loop.

Recognises: a decision's options (their conditions and labels, read once per option) and a
comprehension's items (written where `:=` may be); in them, a call, a comprehension, a range or a
field read that reads none of the names that change from one round to the next (the options'
items, the comprehension's variable, names bound from them).

Emits: the part kept in a Python name, worked out when first needed
(`(h if h is not _UNSET else (h := part))`) and made unset where the loop is entered; a plain read
that cannot fail (a variable's slot) read where the loop is entered; the same part written twice
(a define used twice) kept once (compiler/hoist.py).

Gain: see docs/architecture.md, "The passes".
"""
from __future__ import annotations

from ..hoist import Hoist
from . import Pass


class HoistPass(Pass):
    name = "hoist"

    def comprehension_level(self, gen, var, frame, where):
        """The level of a comprehension whose variable is var (where: its node): what reads var
        changes from one item to the next."""
        return Hoist(self.ns, {var}, lambda eager: self.kept("a part kept once per comprehension", where, eager))

    def decision_level(self, units, varying, where):
        """The level of a decision's options (varying: the Names of their items; where: the
        decision's span)."""
        return Hoist(self.ns, varying, lambda eager: self.kept("a part kept once per decision", where, eager))

    def kept(self, what: str, where, eager: bool) -> None:
        """A part kept once per loop; eager: a plain read, read where the loop is entered (rather
        than worked out when first needed, which asks each round whether it was)."""
        self.decided(what, where)
        self.decided("a plain read kept where the loop is entered" if eager else "a part worked out when first needed",
                     where)
