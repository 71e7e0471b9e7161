"""Pass `walks`: exact walks that revisit nothing go over the steps open now.

Recognises: at play (engine/graph.Graphs), `reachable(…, exact: true, revisit: false)` on a board
with few conditional steps.

Emits: nothing into the code; the board's search asks its steps' conditions once, then walks
depth first over the steps open now, kept as plain tuples per board, edge kinds and answers
(Graphs.simple_ends; the places a walk passed are bits of a number), instead of asking a step's
condition at every step of every walk.

Gain: see docs/architecture.md, "The passes".
"""
from __future__ import annotations

from . import Pass


class Walks(Pass):
    name = "walks"

    def made(self, prog):
        prog.graphs.simple = True
