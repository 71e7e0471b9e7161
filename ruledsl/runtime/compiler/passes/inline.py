"""Pass `inline`: a define is written where it is called, instead of called.

Recognises: a call of a define (not kept per arguments by `remember`) with as many arguments as
it has parameters, not within its own body written in place, whose body with the defines it calls
written in place too is no larger than INLINE_NODES (defines each calling the last twice would
double the code at every step: those are called); in a comprehension's source, where Python
forbids `:=`, only with cheap arguments (names, literals, fields of them).

Emits: the define's body, typed as the checker typed it for that call, each argument that costs
something worked out first into a Python name, `((t := a), body)[-1]`, as a call works out every
argument; a cheap argument written where the body reads it. An expansion holding more than
FREE_CALLS calls of defines is `_spent(st, n, body)`: it spends the n steps the calls would have.

Gain: see docs/architecture.md, "The passes".
"""
from __future__ import annotations

from ....ir import nodes as n
from ....ir.walk import nodes
from ..calls import cheap as _cheap
from . import Pass

# The most nodes of the rules a define written in place may bring (its body, with the defines it calls
# written in place too): the bundled games' largest is about 150.
INLINE_NODES = 1000
# The most calls of defines an expansion may hold and spend no step for them (the bundled games' largest
# holds 16): one holding more spends their number each time it is worked out, as the calls would.
FREE_CALLS = 32


class Inline(Pass):
    name = "inline"

    def __init__(self, compiler):
        super().__init__(compiler)
        self.expansions: dict = {}      # a define's name -> the size of its body written in place
        self.calls: dict = {}           # a define's name -> the calls of defines within it written in place

    def inlined(self, gen, e, decl, frame):
        """Whether a call of a define (not remembered) is written in place."""
        if e.func in frame.inlining or len(e.args) != len(decl.params) \
                or not (frame.walrus or all(map(_cheap, e.args))):
            return None
        if self.expanded(e.func) > INLINE_NODES:
            self.decided("called: too large to write in place", e)
            return None
        self.decided("written in place", e)
        return True

    def inlined_spends(self, gen, e):
        """The steps a define written in place spends each time (the calls of defines its expansion
        holds, when more than FREE_CALLS), or None. An expansion within one that spends is counted
        in both: the budget is spent a little early, never late."""
        calls = self.calls_within(e.func)
        if calls <= FREE_CALLS:
            return None
        self.decided("written in place, its calls spent", e)
        return calls

    def calls_within(self, name: str) -> int:
        """How many calls of defines a define's body holds with every define it calls written in place."""
        found = self.calls.get(name)
        if found is None:
            defines = self.prog.defn.defines
            self.calls[name] = 0        # (a cycle: a call, counted where it is made)
            found = 0
            for node in nodes([defines[name].body]):
                if type(node) is n.Call and node.func in defines and node.func != name:
                    found += 1 + self.calls_within(node.func)
                if found > INLINE_NODES:
                    break
            self.calls[name] = found
        return found

    def expanded(self, name: str) -> int:
        """How many nodes a define's body holds with every define it calls written in place (a
        define calling itself, or one it is called by, counted as a call)."""
        size = self.expansions.get(name)
        if size is None:
            defines = self.prog.defn.defines
            self.expansions[name] = INLINE_NODES + 1        # (while its own size is counted: a cycle)
            size = 0
            for node in nodes([defines[name].body]):
                size += 1
                if type(node) is n.Call and node.func in defines and node.func != name:
                    size += self.expanded(node.func)
                if size > INLINE_NODES:
                    break
            self.expansions[name] = size
        return size

