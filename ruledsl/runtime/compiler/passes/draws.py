"""Pass `draws`: a `draw` of one component is drawn in the block that reaches it.

Recognises: `draw` of one component (no count), where chance is not explicit at play (it cannot
wait for chance: the test is written, `if not st.explicit`).

Emits: `_draw_single(…)` (engine/decisions.draw_single) in place, and on to the block after the
draw, instead of a slot of the frame, a block of its own that draws what is left and a turn of the
run loop to reach it.

Gain: see docs/architecture.md, "The passes".
"""
from __future__ import annotations

from ..code import fmt
from . import Pass


class Draws(Pass):
    name = "draws"

    def draw(self, units, unit, s, frame, end):
        if s.count is not None:
            return None
        self.decided("drawn in place", s)
        k = units.k
        unit.add("if not st.explicit:", s.span)
        with unit.indented():
            unit.add(fmt("_draw_single(prog, st, {}, {}, {}, {}, {}, {})", units.x(s.source, frame), k(s.end),
                         units.x(s.dest, frame), k(s.dest_end), k(s.facing), k(s.span)), s.span)
            unit.goto(end, s.span)
            unit.back(s.span)
        return True
