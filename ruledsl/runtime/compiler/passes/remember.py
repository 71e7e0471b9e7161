"""Pass `remember`: a define whose value depends only on its arguments is worked out once per
arguments for the whole game.

Recognises: a call of a define whose body reads nothing play changes but its parameters
(compiler/static.py) and goes through a list (worth keeping).

Emits: `_remember1(st, memo, d, x)` / `_remember(st, memo, d, …)` (engine/remember.py: one memo
per define for the whole game, read again in a state a scenario changed as play never does); on
one seat, place or component certain to be one, the kept value read in place
(`(not st.unfolded and memo.get(x)) or _remember1(…)`), no call unless it is missing.

Gain: see docs/architecture.md, "The passes".
"""
from __future__ import annotations

from ...model.values import Comp, Location, Player, Zone
from ..code import fmt
from . import Pass

_KEY_CLASSES = frozenset({Comp, Location, Player, Zone})


class Remember(Pass):
    name = "remember"

    def __init__(self, compiler):
        super().__init__(compiler)
        self.tables: dict = {}      # define's name -> the dict its values are kept in

    def remembers(self, gen, e) -> bool:
        """Whether the call e of a define is kept per arguments."""
        return bool(e.args) and gen.statics().remembered(e.func)

    def define_call(self, gen, e, frame):
        decl = self.prog.defn.defines[e.func]
        if not e.args or len(e.args) != len(decl.params) or not gen.statics().remembered(e.func):
            return None
        args = [gen.gen(a, frame) if frame.walrus else gen.plain(a, frame) for a in e.args]
        helper = "_remember1" if len(args) == 1 else "_remember"
        memo = gen.memos.get(e.func)
        if memo is None:
            table = {}
            memo = gen.memos[e.func] = gen.k(table)     # one for every call of the define
            self.tables[e.func] = table
        call = fmt(helper + "(st, {}, {}, {})", memo, self.compiler.define_function(e.func), gen.commas(args))
        key = args[0].bare() if len(args) == 1 else None
        certain = gen.certain_of(key) if key is not None and key.cheap else None
        if certain is not None and certain.cls in _KEY_CLASSES:
            # a value kept is read here, with no call: one a falsy value (an empty list)
            # or a scenario's changed state (st.unfolded) asks remember1 for
            self.decided("kept value read in place", e, self.tables[e.func])
            call = fmt("((not st.unfolded and {}.get({})) or {})", memo, key, call)
        else:
            self.decided("kept per arguments", e, self.tables[e.func])
        certain = gen.certain_value(e.func)
        if certain is not None:
            # its items as certain as every value the define gives (a list of board locations)
            self.decided("items as certain as the define's values", e)
            call.items = certain
        return call
