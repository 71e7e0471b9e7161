"""Pass `bulk`: moves and draws of several components made in one step.

Recognises: at play (effects/bulk.py, read as Program.bulk), a `move` of several components into
a zone or onto a board location, or a `draw N`, where no event is told (`quietly:`, a muted state)
and no trigger fires, or told moves where no trigger may fire between them; when compiled,
`move contents(Z) to Z2` between zones (as the checker types them).

Emits: at play, the components moved at once (the random picks of a draw from a bag made in turn
with the numbers drawing one by one would use), a told run of alike moves logged as one event
(events.log_moves); when compiled, `_move_all(…)` (bulk.move_all: Z taken whole, with no test of
each item).

Gain: see docs/architecture.md, "The passes".
"""
from __future__ import annotations

from ....ir import nodes as n
from ..code import fmt
from . import Pass


class Bulk(Pass):
    name = "bulk"

    def made(self, prog):
        prog.bulk = True

    def move_whole(self, stmts, s, frame):
        """`move contents(Z) to Z2` of two zones: Z taken whole."""
        item = s.item
        if type(item) is not n.Call or item.func != "contents" or len(item.args) != 1 or item.kwargs \
                or item.comp is not None or "contents" in self.prog.defn.defines:
            return None
        kinds = (stmts.exprs.type_of(item.args[0], frame), stmts.exprs.type_of(s.dest, frame))
        if not all(kind is not None and kind.head in ("zone", "zone of") for kind in kinds):
            return None
        self.decided("a zone moved whole", s)
        k = self.ns.const
        return fmt("_move_all(prog, st, {}, {}, {}, {}, {})", stmts.x(item.args[0], frame), stmts.x(s.dest, frame),
                   k(s.end), k(s.facing), k(s.span)), False
