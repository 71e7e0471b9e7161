"""Blocks that may stop for a decision, laid out as resumable instructions.

A code unit (the flow, the set-up, a rule that makes decisions) is a list of
instructions `ins(st, frame)`. The machine runs the top frame's instruction
at `frame.pc`; an instruction returns SUSPEND when a decision is pending. A
frame is (unit, pc, env): the interpreter's whole place is data in the
state. Statements that cannot stop are single closures from simple.py.

Compiling is two passes: methods emit ("op", args) with symbolic labels,
then `Unit.link` resolves labels and builds the closures.
"""
from __future__ import annotations

from ..errors import RulesError, error
from ..ir.decisions import escapes, is_chance_let
from . import decisions as dec
from . import effects as fx
from .exprs import Scope, items_of
from .signals import SUSPEND, Signal
from .simple import enter_turn, failure_at
from .state import Frame
from .values import display


class Unit:
    """One code unit while it is compiled, then its linked instructions and their spans."""

    def __init__(self, name: str, index: int):
        self.name = name
        self.index = index
        self.ops: list = []          # (maker, span): maker(labels) -> instruction
        self.labels: dict = {}
        self.code: list = []
        self.spans: list = []
        self._next_label = 0

    def label(self) -> int:
        self._next_label += 1
        return self._next_label

    def place(self, label: int) -> None:
        self.labels[label] = len(self.ops)

    def emit(self, maker, span) -> None:
        self.ops.append((maker, span))

    def link(self) -> None:
        self.code = [maker(self.labels) for maker, _ in self.ops]
        self.spans = [span for _, span in self.ops]


class UnitCompiler:
    """Lays out statements of blocks that can make decisions as instructions."""

    def __init__(self, prog, analysis, simple):
        self.prog = prog
        self.analysis = analysis
        self.simple = simple
        self.units: list = []
        self.unit_of_rule: dict = {}
        self._slot = 0

    def expr(self, e, scope):
        return self.prog.compiler.expr(e, scope)

    def slot(self, what: str) -> str:
        self._slot += 1
        return f"#{what}{self._slot}"

    # ------------------------------------------------------------ units
    def new_unit(self, name: str, body, scope: Scope, *, ending: str, gate: bool = False) -> Unit:
        unit = Unit(name, len(self.units))
        self.units.append(unit)
        if gate:
            unit.emit(lambda L: _gate, body[0].span if body else None)
        self.block(unit, body, scope, exits=[], loops=[])
        end_span = body[-1].span if body else None
        if ending == "flow":
            unit.emit(lambda L: _flow_end(end_span), end_span)
        elif ending == "action":
            # an option taken on its own (during each turn): it ends as an action does
            unit.emit(lambda L, p=self.prog: _end_action(p), end_span)
            unit.emit(lambda L: _return, end_span)
        else:
            unit.emit(lambda L: _return, end_span)
        return unit

    def rule_unit(self, name: str) -> int:
        if name not in self.unit_of_rule:
            decl = self.prog.defn.rules[name]
            index = len(self.units)
            self.unit_of_rule[name] = index
            unit = Unit(f"rule {name}", index)
            self.units.append(unit)
            self.block(unit, decl.body, Scope(decl.params), exits=[], loops=[], in_rule=True)
            unit.emit(lambda L: _return, decl.span)
        return self.unit_of_rule[name]

    # ------------------------------------------------------------ blocks
    def block(self, unit, stmts, scope, exits, loops, in_rule=False):
        """exits: cleanup makers for enclosing turns/phases/actions (innermost last);
        loops: (exit label, len(exits) at the loop) for stop."""
        run = []
        for s in stmts:
            if not self.analysis.suspends(s) and not escapes(s):
                fn, scope = self.simple.stmt(s, scope, guard=False)
                if fn is not None:
                    run.append((fn, s.span))
                continue
            self._flush(unit, run)
            run = []
            scope = self.stmt(unit, s, scope, exits, loops, in_rule)
        self._flush(unit, run)
        return scope

    def _flush(self, unit, run) -> None:
        if not run:
            return
        if len(run) == 1:
            fn, span = run[0]
            unit.emit(lambda L: _simple(fn, span), span)
            return
        fns = tuple(f for f, _ in run)
        spans = tuple(s for _, s in run)

        def make(L):
            def many(st, fr):
                env = fr.env
                i = 0
                try:
                    for f in fns:
                        f(st, env)
                        i += 1
                except (Signal, RulesError):
                    raise
                except Exception as err:   # name the statement that failed, not the group
                    raise failure_at(spans[i], err) from None
            return many
        unit.emit(make, run[0][1])

    def stmt(self, unit, s, scope, exits, loops, in_rule):
        handler = getattr(self, "u_" + type(s).__name__, None)
        if handler is None:
            raise error(s.span, f"{type(s).__name__} cannot stop for a decision")
        result = handler(unit, s, scope, exits, loops, in_rule)
        return scope if result is None else result

    # ------------------------------------------------------------ jumps
    def u_Jump(self, unit, s, scope, exits, loops, in_rule):
        if s.kind == "stop":
            target, depth = loops[-1]
            for cleanup in reversed(exits[depth:]):
                unit.emit(cleanup, s.span)
            unit.emit(lambda L: _jump(L[target]), s.span)
        elif s.kind == "return":
            for cleanup in reversed(exits):
                unit.emit(cleanup, s.span)
            unit.emit(lambda L: _return, s.span)

    # ------------------------------------------------------------ control
    def u_If(self, unit, s, scope, exits, loops, in_rule):
        end = unit.label()
        for branch in s.branches:
            nxt = unit.label()
            cond = self.expr(branch.cond, scope)
            unit.emit(lambda L, c=cond, t=nxt: _jump_unless(c, L[t]), branch.span)
            self.block(unit, branch.body, scope, exits, loops, in_rule)
            unit.emit(lambda L: _jump(L[end]), branch.span)
            unit.place(nxt)
        self.block(unit, s.orelse, scope, exits, loops, in_rule)
        unit.place(end)

    def u_Match(self, unit, s, scope, exits, loops, in_rule):
        subject = self.expr(s.subject, scope)
        slot = self.slot("match")
        unit.emit(lambda L: _store(slot, subject), s.span)
        end = unit.label()
        for case in s.cases:
            nxt = unit.label()
            values = [self.expr(v, scope) for v in case.values]

            def test(st, env, values=values):
                v = env[slot]
                return any(f(st, env) == v for f in values)
            unit.emit(lambda L, t=test, x=nxt: _jump_unless(t, L[x]), case.span)
            self.block(unit, case.body, scope, exits, loops, in_rule)
            unit.emit(lambda L: _jump(L[end]), case.span)
            unit.place(nxt)
        self.block(unit, s.orelse, scope, exits, loops, in_rule)
        unit.place(end)

    def u_ForEach(self, unit, s, scope, exits, loops, in_rule):
        source = self.expr(s.source, scope)
        slot = self.slot("for")
        top, end = unit.label(), unit.label()
        unit.emit(lambda L: _for_init(slot, source), s.span)
        unit.place(top)
        unit.emit(lambda L: _for_next(slot, s.var, L[end]), s.span)
        self.block(unit, s.body, scope.with_(s.var), exits, loops + [(end, len(exits))], in_rule)
        unit.emit(lambda L: _jump(L[top]), s.span)
        unit.place(end)
        unit.emit(lambda L: _drop(slot), s.span)

    def u_Repeat(self, unit, s, scope, exits, loops, in_rule):
        top, end = unit.label(), unit.label()
        arg = self.expr(s.arg, scope) if s.arg is not None else None
        slot = self.slot("rep")
        if s.kind == "times":
            unit.emit(lambda L: _store(slot, arg), s.span)
        unit.place(top)
        if s.kind == "times":
            unit.emit(lambda L: _count_down(slot, L[end]), s.span)
        elif s.kind == "until":
            unit.emit(lambda L: _jump_if(arg, L[end]), s.span)
        elif s.kind == "while":
            unit.emit(lambda L: _jump_unless(arg, L[end]), s.span)
        self.block(unit, s.body, scope, exits, loops + [(end, len(exits))], in_rule)
        unit.emit(lambda L: _jump(L[top]), s.span)
        unit.place(end)
        if s.kind == "times":
            unit.emit(lambda L: _drop(slot), s.span)

    def u_Phase(self, unit, s, scope, exits, loops, in_rule):
        name = self.expr(s.name, scope)
        unit.emit(lambda L: _phase_enter(name), s.span)
        leave = lambda L: _phase_exit  # noqa: E731
        self.block(unit, s.body, scope, exits + [leave], loops, in_rule)
        unit.emit(leave, s.span)

    def u_Quietly(self, unit, s, scope, exits, loops, in_rule):
        unit.emit(lambda L: _quiet_enter, s.span)
        leave = lambda L: _quiet_exit  # noqa: E731
        self.block(unit, s.body, scope, exits + [leave], loops, in_rule)
        unit.emit(leave, s.span)

    def u_Turn(self, unit, s, scope, exits, loops, in_rule):
        player = self.expr(s.player, scope)
        slot = self.slot("turn")
        unit.emit(lambda L: _turn_enter(slot, player), s.span)
        leave = lambda L: _turn_exit(slot)  # noqa: E731
        self.block(unit, s.body, scope, exits + [leave], loops, in_rule)
        unit.emit(leave, s.span)

    def u_Do(self, unit, s, scope, exits, loops, in_rule):
        index = self.rule_unit(s.rule)
        params = self.prog.defn.rules[s.rule].params
        args = list(zip(params, [self.expr(a, scope) for a in s.args]))
        unit.emit(lambda L: _call(index, args), s.span)

    # ------------------------------------------------------------ decisions and chance
    def u_Let(self, unit, s, scope, exits, loops, in_rule):
        if not is_chance_let(s):
            fn, scope = self.simple.stmt(s, scope)
            unit.emit(lambda L: _simple(fn), s.span)
            return scope
        after = unit.label()
        spec = dec.ChanceSpec(self.prog, s, self.expr(s.value.args[0], scope))
        unit.emit(lambda L: dec.chance_instruction(spec, L[after]), s.span)
        unit.place(after)
        unit.emit(lambda L: dec.chance_event(spec), s.span)
        return scope.with_(s.name)

    def u_Draw(self, unit, s, scope, exits, loops, in_rule):
        count = self.expr(s.count, scope) if s.count is not None else (lambda st, env: 1)
        source = self.expr(s.source, scope)
        dest = self.expr(s.dest, scope)
        slot = self.slot("draw")
        top, apply_, end = unit.label(), unit.label(), unit.label()
        spec = dec.DrawSpec(self.prog, s, slot)
        unit.emit(lambda L: _draw_init(slot, count, source, dest), s.span)
        unit.place(top)
        unit.emit(lambda L: dec.draw_step(spec, L[apply_], L[end]), s.span)
        unit.place(apply_)
        unit.emit(lambda L: dec.draw_apply(spec, L[top]), s.span)
        unit.place(end)
        unit.emit(lambda L: _drop(slot), s.span)

    def u_Choose(self, unit, s, scope, exits, loops, in_rule):
        body_label, else_label, end = unit.label(), unit.label(), unit.label()
        spec = dec.ChooseSpec(self.prog, s, scope)
        unit.emit(lambda L: dec.choose_instruction(spec, L[body_label], L[else_label]), s.span)
        unit.place(body_label)
        action_end = lambda L, p=self.prog: _end_action(p)  # noqa: E731
        self.block(unit, s.body, scope.with_(s.var), exits + [action_end], loops, in_rule)
        unit.emit(action_end, s.span)
        unit.emit(lambda L: _jump(L[end]), s.span)
        unit.place(else_label)
        if s.orelse:
            self.block(unit, s.orelse, scope, exits, loops, in_rule)
        unit.place(end)

    def u_Menu(self, unit, s, scope, exits, loops, in_rule):
        end, else_label = unit.label(), unit.label()
        arms = []
        for option in s.options:
            arms.append((option, unit.label()))
        spec = dec.MenuSpec(self.prog, s, scope, [lbl for _, lbl in arms])
        unit.emit(lambda L: dec.menu_instruction(spec, [L[lbl] for _, lbl in arms], L[else_label]), s.span)
        action_end = lambda L, p=self.prog: _end_action(p)  # noqa: E731
        for option, lbl in arms:
            unit.place(lbl)
            inner = scope.with_(option.var) if option.var else scope
            self.block(unit, option.body, inner, exits + [action_end], loops, in_rule)
            unit.emit(action_end, option.span)
            unit.emit(lambda L: _jump(L[end]), option.span)
        unit.place(else_label)
        if s.orelse:
            self.block(unit, s.orelse, scope, exits, loops, in_rule)
        unit.place(end)


# ---------------------------------------------------------------- instructions
# Each maker returns an instruction ins(st, fr); fr.pc already points past it.

def _simple(fn, span=None):
    def simple(st, fr):
        try:
            fn(st, fr.env)
        except (Signal, RulesError):
            raise
        except Exception as err:
            raise failure_at(span, err) from None
    return simple


def _jump(target):
    def jump(st, fr):
        fr.pc = target
    return jump


def _jump_unless(cond, target):
    def jump_unless(st, fr):
        if not cond(st, fr.env):
            fr.pc = target
    return jump_unless


def _jump_if(cond, target):
    def jump_if(st, fr):
        if cond(st, fr.env):
            fr.pc = target
    return jump_if


def _store(slot, value):
    def store(st, fr):
        fr.env[slot] = value(st, fr.env)
    return store


def _drop(slot):
    def drop(st, fr):
        fr.env.pop(slot, None)
    return drop


def _for_init(slot, source):
    def for_init(st, fr):
        fr.env[slot] = (tuple(items_of(st, source(st, fr.env))), 0)
    return for_init


def _for_next(slot, var, end):
    def for_next(st, fr):
        env = fr.env
        items, i = env[slot]
        if i >= len(items):
            fr.pc = end
            return
        env[var] = items[i]
        env[slot] = (items, i + 1)
    return for_next


def _count_down(slot, end):
    def count_down(st, fr):
        env = fr.env
        left = env[slot]
        if left <= 0:
            fr.pc = end
        else:
            env[slot] = left - 1
    return count_down


def _gate(st, fr):
    """The flow's first instruction: a state started held stays before it (see machine.start)."""
    fr.pc = 0
    return SUSPEND


def _return(st, fr):
    st.frames.pop()


def _flow_end(span):
    def flow_end(st, fr):
        raise error(span, "the flow reached its end without `win` or `end game`",
                    "end the game explicitly at the end of the flow")
    return flow_end


def _phase_enter(name):
    def phase_enter(st, fr):
        st.phase = st.phase + (display(st, name(st, fr.env)),)
        fx.emit(st, st.phase[-1], kind="phase")
    return phase_enter


def _phase_exit(st, fr):
    st.phase = st.phase[:-1]


def _quiet_enter(st, fr):
    st.quiet += 1


def _quiet_exit(st, fr):
    st.quiet -= 1


def _turn_enter(slot, player):
    def turn_enter(st, fr):
        fr.env[slot] = st.current
        enter_turn(st, player(st, fr.env))
    return turn_enter


def _turn_exit(slot):
    def turn_exit(st, fr):
        st.current = fr.env.pop(slot, None)
    return turn_exit


def _call(index, args):
    def call(st, fr):
        env = fr.env
        st.frames.append(Frame(index, 0, {p: a(st, env) for p, a in args}))
    return call


def _end_action(prog):
    def end_action(st, fr):
        for trigger in prog.after_action:
            trigger(st, {})
    return end_action


def _draw_init(slot, count, source, dest):
    def draw_init(st, fr):
        env = fr.env
        env[slot] = (count(st, env), source(st, env), dest(st, env))
    return draw_init
