"""Code that can stop for a decision, laid out as resumable blocks.

A code unit (the flow, the set-up, a rule that makes decisions, an option offered during each
turn) is a list of blocks, each one generated Python function `block(st, frame)`. The run loop
calls the top frame's block at `frame.pc`; a block runs a straight stretch of statements
(written by stmts.py), then sets `frame.pc` to the block that comes next, pushes or pops a
frame, or, at a decision, leaves the decision pending in the state and returns SUSPEND. A frame
is (unit, pc, env), so the interpreter's whole place is plain data in the state. Names that
must outlive a decision live in the frame's env.

Blocks are written with Labels (code.py), objects that become block numbers once every block is
placed. This module lays out the flow statements (jumps, `if`, `match`, loops, `phase`,
`quietly`, `turn`, `do`); decisions.py the decisions, chance and draws; together.py
`simultaneously`.
"""
from __future__ import annotations

from contextlib import contextmanager

from ...check.decisions import escapes
from ...errors import error
from .code import Code, Slot, fmt
from .decisions import DecisionGen
from .together import TogetherGen
from .unit import Unit


class UnitGen(DecisionGen, TogetherGen):
    """Lays out statements that may stop for a decision as blocks (see the module docstring)."""

    def __init__(self, compiler):
        self.compiler = compiler
        self.prog = compiler.prog
        self.ns = compiler.ns
        self.stmts = compiler.stmts
        self.exprs = compiler.exprs
        self.passes = compiler.pipeline
        self.analysis = compiler.analysis
        self.spliced: list = []         # (rule, end label, len(exits)) of each rule written in place
        self.laid_out: list = []        # the rules whose units are being laid out, innermost last
        self._memos: dict = {}          # (id of a decision statement, n) -> its n-th dict (memo())
        self._memo_node, self._memo_count = None, 0

    @contextmanager
    def laying_out(self, rule: str):
        """While a rule's own unit is laid out (in the middle of a caller's, maybe one written in
        place): its `return` ends its own frame."""
        self.laid_out.append(rule)
        spliced, self.spliced = self.spliced, []
        apart, self.stmts.apart = self.stmts.apart, 0
        try:
            yield
        finally:
            self.laid_out.pop()
            self.spliced, self.stmts.apart = spliced, apart

    def k(self, value):
        return self.ns.const(value)

    def x(self, e, frame):
        return self.exprs.gen(e, frame)

    def slot(self, what: str) -> Slot:
        """A slot of the frame's env of the compiler's own (its key begins with `#`, which no
        identifier of the rules can)."""
        return Slot(f"#{what}{self.ns.fresh('').text}")

    def env_name(self, name: str, frame) -> tuple:
        return self.stmts.bind(name, frame, persist=True)

    # ---------------------------------------------------------------- blocks
    def block(self, unit: Unit, stmts, frame, exits: list, loops: list):
        """exits: code writers that undo enclosing turns, phases and actions (innermost last);
        loops: (exit label, len(exits) at the loop) for `stop`."""
        for s in stmts:
            if not self.analysis.suspends(s) and not escapes(s):
                frame = self.stmts.stmt(s, frame, unit, persist=True)
                continue
            handler = getattr(self, "u_" + type(s).__name__, None)
            if handler is None:
                raise error(s.span, f"{type(s).__name__} cannot stop for a decision")
            found = handler(unit, s, frame, exits, loops)
            frame = frame if found is None else found
        return frame

    # ---------------------------------------------------------------- jumps
    def u_Jump(self, unit, s, frame, exits, loops):
        if s.kind == "stop":
            target, depth = loops[-1]
            for cleanup in reversed(exits[depth:]):
                cleanup(unit, s.span)
            unit.jump(target, s.span)
        elif s.kind == "return":
            if self.spliced:        # out of a rule written in place: on after it, in its caller
                _rule, end, depth = self.spliced[-1]
                for cleanup in reversed(exits[depth:]):
                    cleanup(unit, s.span)
                unit.jump(end, s.span)
                return
            for cleanup in reversed(exits):
                cleanup(unit, s.span)
            unit.frames("st.frames.pop()", s.span)
            unit.back(s.span)
            unit.end_block()

    @staticmethod
    def branch_unless(unit, cond, label, span) -> None:
        unit.add(fmt("if not ({}):", cond), span)
        unit.goto(label, span, depth=1)
        unit.back(span, depth=1)

    # ---------------------------------------------------------------- control
    def u_If(self, unit, s, frame, exits, loops):
        end = unit.label()
        for branch in s.branches:
            nxt = unit.label()
            lines, test = self.exprs.test_lines(branch.cond, frame)
            for depth, line in lines:
                unit.add(line, branch.span, depth=depth)
            self.branch_unless(unit, test, nxt, branch.span)
            self.block(unit, branch.body, frame, exits, loops)
            unit.jump(end, branch.span)
            unit.place(nxt, branch.span)
        self.block(unit, s.orelse, frame, exits, loops)
        unit.place(end, s.span)

    def u_Match(self, unit, s, frame, exits, loops):
        # Every case is tested in one block, in order, and the first that matches is jumped to
        # (the subject is a Python local there: nothing else reads it).
        subject = self.ns.fresh("m")
        unit.add(fmt("{} = {}", subject, self.x(s.subject, frame)), s.span)
        end, orelse = unit.label(), unit.label()
        arms = [(case, unit.label()) for case in s.cases]
        for case, label in arms:
            tests = [fmt("({}) == {}", self.x(v, frame), subject) for v in case.values]
            test = tests[0]
            for more in tests[1:]:
                test = fmt("{} or {}", test, more)
            unit.add(fmt("if {}:", test), case.span)
            unit.goto(label, case.span, depth=1)
            unit.back(case.span, depth=1)
        unit.jump(orelse, s.span)
        for case, label in arms:
            unit.place(label, case.span)
            self.block(unit, case.body, frame, exits, loops)
            unit.jump(end, case.span)
        unit.place(orelse, s.span)
        self.block(unit, s.orelse, frame, exits, loops)
        unit.place(end, s.span)

    def u_ForEach(self, unit, s, frame, exits, loops):
        slot = self.slot("for")
        top, end = unit.label(), unit.label()
        source, certain = self.exprs.items_source(s.source, frame, statement=True)
        unit.add(fmt("{} = ({}, 0)", slot, source), s.span)
        unit.place(top, s.span)
        var, inner = self.env_name(s.var, frame)
        unit.add(fmt("items, i = {}", slot), s.span)
        unit.add("if i >= len(items):", s.span)
        unit.goto(end, s.span, depth=1)
        unit.back(s.span, depth=1)
        unit.add(fmt("{} = items[i]", var), s.span)
        unit.add(fmt("{} = (items, i + 1)", slot), s.span)
        with self.certain_as(var, certain), self.exprs.written_through() as through:
            self.block(unit, s.body, inner, exits, loops + [(end, len(exits))])
        self.stmts.spend_through(through(), s.span, unit)
        unit.jump(top, s.span)
        unit.place(end, s.span)
        unit.add(fmt("env.pop({}, None)", slot.literal), s.span)

    def u_Repeat(self, unit, s, frame, exits, loops):
        top, end = unit.label(), unit.label()
        slot = self.slot("rep")
        if s.kind == "times":
            unit.add(fmt("{} = {}", slot, self.stmts.times(s, frame)), s.span)
        unit.place(top, s.span)
        with self.exprs.written_through() as through:
            if s.kind == "times":
                unit.add(fmt("if {} <= 0:", slot), s.span)
                unit.goto(end, s.span, depth=1)
                unit.back(s.span, depth=1)
                unit.add(fmt("{} -= 1", slot), s.span)
            elif s.kind == "until":
                self.branch_unless(unit, fmt("not ({})", self.x(s.arg, frame)), end, s.span)
            elif s.kind == "while":
                self.branch_unless(unit, self.x(s.arg, frame), end, s.span)
            self.block(unit, s.body, frame, exits, loops + [(end, len(exits))])
        self.stmts.spend_through(through(), s.span, unit)
        unit.jump(top, s.span)
        unit.place(end, s.span)
        if s.kind == "times":
            unit.add(fmt("env.pop({}, None)", slot.literal), s.span)

    def u_Phase(self, unit, s, frame, exits, loops):
        unit.add(fmt("_enter_phase(st, {})", self.x(s.name, frame)), s.span)
        self.around(unit, s, frame, exits, loops, lambda u, span: u.add("st.phase = st.phase[:-1]", span))

    def u_Quietly(self, unit, s, frame, exits, loops):
        unit.add("st.quiet += 1", s.span)
        self.around(unit, s, frame, exits, loops, lambda u, span: u.add("st.quiet -= 1", span))

    def u_Turn(self, unit, s, frame, exits, loops):
        slot = self.slot("turn")
        unit.add(fmt("{} = st.current", slot), s.span)
        player = self.x(s.player, frame)
        if not self.passes.first("turn", self, unit, s, frame, player):
            unit.add(fmt("_enter_turn(st, {})", player), s.span)
        self.around(unit, s, frame, exits, loops,
                    lambda u, span: u.add(fmt("st.current = env.pop({}, None)", slot.literal), span))

    def around(self, unit, s, frame, exits, loops, leave) -> None:
        """s's body, then leave (which every stop or return out of the body runs too)."""
        self.block(unit, s.body, frame, exits + [leave], loops)
        leave(unit, s.span)

    def u_Do(self, unit, s, frame, exits, loops):
        if self.passes.first("do", self, unit, s, frame, exits):
            return None
        index = self.compiler.rule_unit(s.rule)
        params = self.prog.defn.rules[s.rule].params
        entries = [fmt(repr(p) + ": {}", self.x(a, frame)) for p, a in zip(params, s.args)]
        env = Code(("{", _commas(entries), "}"))
        after = unit.label()
        unit.frames(fmt("st.frames.append(_Frame(" + str(index) + ", 0, {}))", env), s.span)
        unit.jump(after, s.span)
        unit.place(after, s.span)

    @contextmanager
    def certain_as(self, var, certain):
        """While a body is written: every value of var (a name kept in env) is as certain says
        (compiler/certain.py), as the list it was taken from."""
        table = self.exprs.certain
        if var is None or certain is None:
            yield
            return
        key = self.exprs.key_of(var)
        before = table.get(key)
        self.exprs.know(var, certain)       # (where a pass keeps what is certain: `typed`)
        try:
            yield
        finally:
            if before is None:
                table.pop(key, None)
            else:
                table[key] = before


def _commas(codes: list):
    parts = []
    for i, code in enumerate(codes):
        parts += ([", "] if i else []) + [code]
    return Code(tuple(parts))
