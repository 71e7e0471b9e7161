"""Pass `started`: a new game copies the state every seed starts in.

Recognises: at play (runtime/api.new_state), a game whose set-up and flow up to the first decision
drew on no chance (the state reached has the seed's generator untouched, nothing waiting to be
shuffled, a seat to decide).

Emits: nothing into the code; the program keeps that state (Program.started) and a new game of
any seed is a copy of it with its own generator, instead of running the set-up again.

Gain: see docs/architecture.md, "The passes".
"""
from __future__ import annotations

from . import Pass


class Started(Pass):
    name = "started"

    def made(self, prog):
        prog.copies_start = True
