"""Scenarios compiled: a scenario's body becomes one Python function `scenario(st, drv)`.

Its statements are the game's own statements, compiled by the same compiler
and run against the game's state; the scenario statements (`play`, `expect`,
`force`) become calls to the driver (ruledsl/scenarios.py), which plays
actions through the run loop and checks what the state shows. Every change a
scenario makes to the position marks the pending decision as stale, so it is
worked out again before the next play or check.
"""
from __future__ import annotations

from ...check.builtins import SCENARIO_ONLY
from ...check.walk import bodies, walk_block
from ...ir import nodes as n
from .source import Source
from .stmts import StmtGen


def compile_scenario(compiler, decl):
    """The function running one scenario's body."""
    gen = ScenarioGen(compiler)
    out = Source()
    name = compiler.ns.fresh("scenario")
    out.add(f"def {name}(st, drv):", decl.span)
    with out.indented():
        gen.block(decl.body, {}, out)
    compiler.code_map.compile(compiler.ns, out, f"scenario \"{decl.title}\"")
    compiler.flush()
    return compiler.ns.globals[name]


def _has_scenario_statements(stmt) -> bool:
    return any(type(s).__name__ in SCENARIO_ONLY for body in bodies(stmt) for s in walk_block(body))


class ScenarioGen(StmtGen):
    """Statements of a scenario: the game's statements, plus play, expect and force."""

    def stmt(self, s, names, out, persist):
        handler = getattr(self, "c_" + type(s).__name__, None)
        if handler is not None and (type(s) not in (n.If, n.ForEach) or _has_scenario_statements(s)):
            found = handler(s, names, out)
            return names if found is None else found
        if isinstance(s, (n.Choose, n.Menu)):
            out.add(f"drv.fail({self.k(s.span)}, {self.k(DECIDES)})", s.span)
            return names
        # A change to the position: the game ending is noted, and the pending decision is stale.
        out.add("try:", s.span)
        with out.indented():
            names = super().stmt(s, names, out, persist)
        out.add("except _GameOver:", s.span)
        out.add("    drv.game_over()", s.span)
        out.add("drv.dirty = True", s.span)
        return names

    # ---------------------------------------------------------------- blocks holding scenario statements
    def c_If(self, s, names, out):
        out.add("drv.fresh()", s.span)
        super().s_If(s, names, out, False)

    def c_ForEach(self, s, names, out):
        out.add("drv.fresh()", s.span)
        var, inner = self.bind(s.var, names, False)
        out.add(f"for {var} in _items_of(st, {self.x(s.source, names)}):", s.span)
        with out.indented():
            self.block(s.body, inner, out)

    # ---------------------------------------------------------------- scenario statements
    def c_Expect(self, s, names, out):
        out.add("drv.fresh_unless_held()", s.span)
        cond = s.cond
        shown = _parts(cond)
        parts = "None"
        if shown:
            parts = "[" + ", ".join(f"({self.k(p.span)}, lambda: {self.exprs.plain(p, names)})" for p in shown) + "]"
        out.add(f"if not ({self.x(cond, names)}):", s.span)
        out.add(f"    drv.expect_failed({self.k(s.span)}, {self.k(cond.span)}, {parts})", s.span)

    def who(self, e, names) -> str:
        return f"drv.seat({self.x(e, names)}, {self.k(e.span)})" if e is not None else "None"

    def c_ExpectLegal(self, s, names, out):
        out.add("drv.fresh()", s.span)
        out.add(f"drv.expect_legal({self.k(s.span)}, _D(st, {self.x(s.label, names)}), {self.who(s.by, names)}, "
                f"{s.legal})", s.span)

    def c_ExpectTold(self, s, names, out):
        out.add("drv.fresh()", s.span)
        out.add(f"drv.expect_told({self.k(s.span)}, _D(st, {self.x(s.text, names)}), {self.who(s.seat, names)}, "
                f"{s.negated})", s.span)

    def c_ExpectSees(self, s, names, out):
        out.add("drv.fresh()", s.span)
        who = self.who(s.seat, names)
        item = s.item
        var = item.name if isinstance(item, (n.Name, n.Attr)) else None
        if var in self.prog.var_slots and not (isinstance(item, n.Name) and item.name in names):
            owner = self.x(item.obj, names) if isinstance(item, n.Attr) else "None"
            out.add(f"drv.expect_sees_var({self.k(s.span)}, {self.k(item.span)}, {who}, {self.k(var)}, {owner}, "
                    f"{s.negated})", s.span)
            return
        out.add(f"drv.expect_sees({self.k(s.span)}, {self.k(item.span)}, {who}, {self.x(item, names)}, {s.negated})",
                s.span)

    def c_ExpectOptions(self, s, names, out):
        out.add("drv.fresh()", s.span)
        labels = "[" + ", ".join(f"_D(st, {self.x(label, names)})" for label in s.labels) + "]"
        out.add(f"drv.expect_options({self.k(s.span)}, {labels}, {self.who(s.by, names)})", s.span)

    def c_Play(self, s, names, out):
        out.add("drv.fresh()", s.span)
        out.add("drv.mark_log()", s.span)
        out.add(f"drv.play({self.k(s.span)}, _D(st, {self.x(s.label, names)}), {self.who(s.by, names)})", s.span)

    def c_Force(self, s, names, out):
        event = s.event
        if isinstance(event, n.Call) and event.func in ("draw", "shuffle") and len(event.args) == 1:
            outcomes = ", ".join(self.x(o, names) for o in (s.outcome,) + s.more)
            out.add(f"drv.force_{event.func}({self.k(s.span)}, {self.x(event.args[0], names)}, [{outcomes}])", s.span)
            return
        if not isinstance(event, n.Call) or event.func not in ("roll", "random") or len(event.args) != 1:
            out.add(f"drv.fail({self.k(s.span)}, {self.k(FORCE_SHAPE)})", s.span)
            return
        die = self.x(event.args[0], names) if event.func == "roll" else "None"
        for outcome in (s.outcome,) + s.more:
            out.add(f"drv.force({self.k(s.span)}, {self.k(event.func)}, {die}, {self.x(outcome, names)})", s.span)


_COMPARISONS = ("==", "!=", "<", "<=", ">", ">=", "in", "not in", "is", "is not")


def _parts(cond) -> list:
    """The parts of an expectation whose values a failure shows: both sides of each comparison
    (a literal needs no showing), through and, or and not; a bare name or field itself."""
    if isinstance(cond, n.Binary) and cond.op in ("and", "or"):
        return _parts(cond.left) + [p for p in _parts(cond.right) if p not in _parts(cond.left)]
    if isinstance(cond, n.Unary) and cond.op == "not":
        return _parts(cond.operand)
    if isinstance(cond, n.Binary) and cond.op in _COMPARISONS:
        if cond.op in ("is", "is not") and isinstance(cond.right, n.Name):
            return [cond.left]
        return [p for p in (cond.left, cond.right) if not _plain(p)]
    if isinstance(cond, (n.Name, n.Attr, n.Index, n.Call)):
        return [cond]
    return []


def _plain(e) -> bool:
    """A value written out (3, "x", [P1, P2]): a failure need not show what it is."""
    if isinstance(e, n.Literal):
        return True
    return isinstance(e, n.ListLit) and e.comp is None and all(isinstance(i, (n.Literal, n.Name)) for i in e.items)


DECIDES = "a scenario cannot make decisions of its own; use play \"label\""
FORCE_SHAPE = "force takes roll(Die) = face, random(list) = item, draw(zone) = card or shuffle(zone) = cards"
