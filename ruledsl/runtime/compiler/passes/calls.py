"""Pass `calls`: the builtins rules call most, written without a call of the library.

Recognises: count(…), contents(…) and at(…), first/top/bottom(…), opposite(d), abs(n),
first([each x in L where c]), at(place, Kind) and item_at(place, Kind), distance(a, b) (with via:
and avoid:), and an `announce` to everyone.

Emits: the reads of the state they stand for (len() of what lies on a place, its first item, a
direction's opposite from a table made when compiled), a generator that stops at the first item
that passes, a search made once per decision with b looked up in what it found (hoist.py keeps
it), and the announcement's event added to the log in place. Where the checker says what the
arguments are (the `typed` pass), with no test of them.

Gain: see docs/architecture.md, "The passes".
"""
from __future__ import annotations

from ....ir import nodes as n
from ...engine.library import PLAIN, PLAIN_SEARCHES
from ...model.values import Comp
from ..certain import Certain
from ..code import Bind, fmt, text
from ..comprehensions import filtering
from . import Pass


class Calls(Pass):
    name = "calls"

    def call(self, gen, e, frame):
        """The calls rules make most, written without a call to the library."""
        name, args = e.func, e.args
        if name == "distance" and len(args) == 2 and all(k in ("via", "avoid") for k, _ in e.kwargs):
            return self.distance(gen, e, frame)
        if e.kwargs:
            return None
        kinds = self.prog.kinds
        found = None
        if name == "count" and len(args) == 1:
            found = gen.count(args[0], frame)
        elif (name == "contents" or name == "at") and len(args) == 1:
            found = gen.contents(args[0], frame)
        elif name == "opposite" and len(args) == 1 and self.prog.directions:
            found = self.opposite(gen, e, frame)
        elif name == "first" and len(args) == 1 and filtering(args[0]) is not None:
            # the first item that passes: the search stops there, no list is built
            loop = gen.loop(args[0].comp, frame)
            found = gen.kept_around(fmt("next(({} for {} in {}{}), None)", loop.var, Bind(loop.var, "for"),
                                        loop.source, loop.cond), loop.kept)
        elif name in ("first", "top", "bottom") and len(args) == 1:
            found = gen.end_of(name, args[0], frame)
        elif name == "abs" and len(args) == 1:
            found = gen.passes.first("whole_abs", gen, e, frame)
        elif name in ("at", "item_at") and len(args) == 2 and isinstance(args[1], n.Name) \
                and args[1].name in kinds and args[1].name not in frame.names:
            kind = gen.k(kinds[args[1].name])
            if name == "item_at":
                found = fmt("_item_of_kind(st, {}, {})", gen.gen(args[0], frame), kind)
            else:
                c = self.ns.fresh("c")
                found = fmt("tuple([{} for {} in {} if {}.kind is {}])", c, Bind(c, "for"),
                            gen.contents(args[0], frame, iterable=True), c, kind,
                            items=Certain(Comp, None, kinds[args[1].name]))
        if found is not None:
            self.decided(name, e)
        return found

    def opposite(self, gen, e, frame):
        """A direction's opposite read from a table made when compiled (the library names what is
        not a direction)."""
        d = gen.gen(e.args[0], frame)
        library = gen.library(PLAIN["opposite"], "opposite", e.span, alias="@opposite")
        table = gen.k(self.prog.turns[180])        # (the table `rotate` reads too)
        if d.bare().cheap:
            d = d.bare()
            return fmt("(({}.get({}) if type({}) is _EnumValue else None) or {}(st, prog, {}))",
                       table, d, d, library, d)
        if not frame.walrus:
            return None
        t = gen.temp()
        return fmt("(({}.get({}) if type({} := {}) is _EnumValue else None) or {}(st, prog, {}))",
                   table, t, Bind(t), d, library, t)

    def distance(self, gen, e, frame):
        """`distance(a, b, via:, avoid:)`: the search from a, made once where a loop goes through
        the bs (every destination of a move), and b looked up in what it found."""
        given = dict(e.kwargs)
        via, avoid = (gen.keyword(k, given[k], frame) if k in given else text("None") for k in ("via", "avoid"))
        # (two searches alike are made once, as call() names them)
        search = gen.library(PLAIN_SEARCHES["distances_of"], "distance", e.span, 1, alias="@distances_of")
        table = gen.invariant(fmt("{}(st, prog, {}, {}, {})", search, gen.gen(e.args[0], frame), via, avoid), frame)
        to = gen.gen(e.args[1], frame)
        self.decided("distance", e)
        found = gen.passes.first("found_distance", gen, e, frame, table, to)
        return found or fmt("{}(st, prog, {}, {})", gen.k(PLAIN_SEARCHES["distance_in"]), table, to)

    def announce(self, stmts, s, said, out):
        """An `announce` to everyone (the commonest event of all): effects.announce's first case,
        written out."""
        log = self.ns.fresh("log")
        self.decided("announce", s)
        out.add(fmt("st.log = (({}, None, None, 'announce'), ({} := st.log), {}[2] + 1 if {} is not None else 1)",
                    said, Bind(log), log, log), s.span, depth=1)
        return True
