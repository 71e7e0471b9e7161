"""Pass `splice`: a rule that makes decisions, named by few `do`s, is written into its callers' units.

Recognises: `do rule(…)` of a rule that makes decisions, named by at most SPLICE_SITES `do`s in the
whole game, not one being laid out already (a rule that calls itself), written in place no more
than SPLICE_COPIES times in all (a rule written twice that names another twice would write it
four times).

Emits: the rule's body laid out in the caller's unit (no frame of its own, no turns of the run
loop to enter and leave it): its arguments worked out into slots of the caller's frame (as certain
as the caller's values: a loop's seat stays certain), every name it binds a new one, its `return`
going on after it; a failure in it still names it (Unit.parts). A choice written twice shares the
dicts it keeps with its other copies.

Gain: see docs/architecture.md, "The passes".
"""
from __future__ import annotations

from collections import Counter

from ....ir import nodes as n
from ....ir.walk import nodes
from ..code import fmt, read
from . import Pass

SPLICE_SITES = 2
SPLICE_COPIES = 4


class Splice(Pass):
    name = "splice"

    def __init__(self, compiler):
        super().__init__(compiler)
        self._sites = None              # rule -> how many `do` statements name it
        self.copies: Counter = Counter()    # rule -> how many times it was written in place

    def do(self, units, unit, s, frame, exits):
        """`do rule(…)` written in place, or None (see the module docstring)."""
        rule = s.rule
        if rule in units.laid_out or any(r == rule for r, _, _ in units.spliced):
            return None
        if self._sites is None:
            self._sites = Counter(x.rule for x in nodes([self.prog.defn]) if type(x) is n.Do)
        if self._sites[rule] > SPLICE_SITES or self.copies[rule] >= SPLICE_COPIES:
            return None
        self.decided("written in place", s)
        decl = self.prog.defn.rules[rule]
        inner = {}
        for p, a in zip(decl.params, s.args):
            slot = units.slot("arg")
            code = units.x(a, frame)
            unit.add(fmt("{} = {}", slot, code), s.span)
            inner[p] = read(slot)
            units.exprs.know(slot, units.exprs.certain_of(code))    # the slot holds that value: as certain
        end = unit.label()
        self.copies[rule] += 1
        unit.parts.append((decl.span, f"rule {rule}"))       # a failure in it names the rule
        units.spliced.append((rule, end, len(exits)))
        try:
            with units.stmts.kept_apart():
                units.block(unit, decl.body, frame.scope(inner), exits, [])
        finally:
            units.spliced.pop()
        unit.place(end, s.span)
        return True
