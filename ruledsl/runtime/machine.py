"""The machine: runs a state's frames until a decision is pending or the game is over,
and takes a decision's option."""
from __future__ import annotations

from ..errors import RulesError, error
from . import effects as fx
from .bytecode import UnitCompiler
from .decisions import Decision
from .exprs import Scope, items_of
from .signals import GameOver, Signal
from .simple import STEP_LIMIT, SimpleCompiler
from .state import Frame
from .values import display
from ..ir.decisions import Analysis


def compile_program(prog) -> None:
    """Compile the flow, the set-up, decision-making rules and triggers into prog."""
    defn = prog.defn
    analysis = Analysis(defn.rules)
    simple = SimpleCompiler(prog, analysis)
    units = UnitCompiler(prog, analysis, simple)
    prog.analysis = analysis
    prog.simple = simple
    prog.flow_unit = units.new_unit("the flow", defn.flow.body, Scope(), ending="flow", gate=True).index
    prog.setup_unit = units.new_unit("the set-up", defn.setup.body, Scope(), ending="return").index \
        if defn.setup is not None else None
    prog.after_action, prog.enter_triggers, prog.leave_triggers = [], [], []
    prog.turn_options = []
    for trigger in defn.triggers:
        if trigger.event == "turn":
            prog.turn_options.extend(_turn_options(prog, units, trigger))
            continue
        if analysis.decides(trigger.body):
            raise error(trigger.span, "a trigger cannot ask for a decision, roll or draw",
                        "triggers run in the middle of an effect; move the decision into the flow or a rule")
        if trigger.event == "action":
            prog.after_action.append(simple.block(trigger.body, Scope())[0])
        else:
            table = prog.enter_triggers if trigger.event == "enters" else prog.leave_triggers
            table.append(_place_trigger(prog, simple, trigger))
    prog.turn_option_units = frozenset(unit for *_, unit in prog.turn_options)
    for unit in units.units:
        unit.link()
    prog.code = [u.code for u in units.units]
    prog.spans = [u.spans for u in units.units]
    prog.unit_names = [u.name for u in units.units]


def _place_trigger(prog, simple, trigger):
    names = [x for x in (trigger.var, trigger.loc) if x]
    scope = Scope(names)
    where = prog.compiler.expr(trigger.where, scope) if trigger.where is not None else None
    body = simple.block(trigger.body, scope)[0]
    var, loc_name = trigger.var, trigger.loc

    def fire(st, comp, loc):
        env = {}
        if var:
            env[var] = comp
        if loc_name:
            env[loc_name] = loc
        if where is None or where(st, env):
            body(st, env)
    return fire


def _turn_options(prog, units, trigger) -> list:
    """`during each turn:` options as (var, source, cond, label, unit, span): each body is a
    unit of its own, run when the option is taken, ending like any action."""
    [menu] = trigger.body
    c = prog.compiler
    found = []
    for option in menu.options:
        scope = Scope([option.var] if option.var else [])
        unit = units.new_unit(f"the `during each turn` option on line {option.span.line}",
                              option.body, scope, ending="action")
        found.append((option.var, c.expr(option.source, Scope()) if option.source is not None else None,
                      c.expr(option.cond, scope) if option.cond is not None else None,
                      c.expr(option.label, scope), option.span, unit.index))
    return found


def add_turn_options(prog, st) -> None:
    """Offer the `during each turn` options that are open now alongside the pending decision,
    when the seat deciding is the one whose turn it is (not inside such an option's own body)."""
    d = st.pending
    if d.seat is None or st.current is None or d.seat != st.current.index:
        return
    if any(f.unit in prog.turn_option_units for f in st.frames):
        return
    labels, pcs, names, values = list(d.labels), list(d.pcs), list(d.names), list(d.values)
    for var, source, cond, label, span, unit in prog.turn_options:
        env = {}
        for item in (items_of(st, source(st, env)) if source is not None else (None,)):
            if var is not None:
                env[var] = item
            if cond is not None and not cond(st, env):
                continue
            text = display(st, label(st, env))
            if text in labels:
                raise error(span, f"the option '{text}' has the label of an option the decision already has",
                            "give options added during each turn labels of their own")
            labels.append(text)
            pcs.append(~unit)          # a negative pc: run that unit, then ask again
            names.append(var)
            values.append(item)
    if len(labels) > len(d.labels):
        more = Decision(d.seat, tuple(labels), tuple(pcs), tuple(names), tuple(values), None, d.secret, d.span)
        more.at = d.at
        st.pending = more


def start(prog, st, hold: bool = False) -> None:
    """Run the set-up, then the flow to its first decision. hold: stop where the flow
    begins (scenarios arrange the position there); `release` goes on."""
    st.frames = [Frame(prog.flow_unit, 0 if hold else 1, {})]
    if prog.setup_unit is not None:
        st.frames.append(Frame(prog.setup_unit, 0, {}))
    advance(prog, st)


def held(prog, st) -> bool:
    return st.pending is None and st.result is None and len(st.frames) == 1 and \
        st.frames[0].unit == prog.flow_unit and st.frames[0].pc == 0


def release(prog, st) -> None:
    """Start the flow of a state held at its beginning."""
    if held(prog, st):
        st.frames[0].pc = 1
        advance(prog, st)


def advance(prog, st) -> None:
    """Run until a decision is pending or the game is over."""
    st.steps = 0
    frames = st.frames
    code = prog.code
    fr = None
    pc = 0
    steps = 0
    try:
        while frames:
            fr = frames[-1]
            pc = fr.pc
            fr.pc = pc + 1
            if code[fr.unit][pc](st, fr) is not None:
                if st.pending is not None:
                    st.pending.at = pc
                    if prog.turn_options:
                        add_turn_options(prog, st)
                return
            steps += 1
            if steps > 1000 and st.steps + steps > STEP_LIMIT:
                raise error(prog.spans[fr.unit][pc],
                            f"{prog.unit_names[fr.unit]} ran {STEP_LIMIT} steps without reaching a decision or an end",
                            "a loop here never finishes: check its condition, or add `stop`")
    except GameOver:
        frames.clear()
        st.pending = None
        return
    except RulesError:
        raise
    except Signal:
        raise error(prog.spans[fr.unit][pc], "`stop` or `return` has nowhere to go here") from None
    except RecursionError:
        raise error(prog.spans[fr.unit][pc], "rules call each other without end here") from None
    except Exception as err:
        raise error(prog.spans[fr.unit][pc] if fr else None,
                    f"{prog.unit_names[fr.unit] if fr else 'the game'} failed here: {err}") from None


def refresh(prog, st) -> None:
    """Work the pending decision out again (after a scenario changed the state under it)."""
    d = st.pending
    if d is None or not st.frames:
        return
    st.frames[-1].pc = d.at
    st.pending = None
    advance(prog, st)


def take(prog, st, index: int) -> None:
    """Take option `index` of the pending decision and run on."""
    d = st.pending
    fr = st.frames[-1]
    name = d.names[index]
    pc = d.pcs[index]
    if pc < 0:
        # An option added during the turn: run it, then ask the interrupted decision again.
        fr.pc = d.at
        st.frames.append(Frame(~pc, 0, {name: d.values[index]} if name is not None else {}))
    else:
        if name is not None:
            fr.env[name] = d.values[index]
        fr.pc = pc
    st.pending = None
    label = d.labels[index]
    st.history = (label, st.history)
    st.action_count += 1
    if d.seat is not None:
        seat = prog.players[d.seat]
        if d.secret and pc >= 0:
            fx.emit(st, f"{seat.label}: {label}", frozenset([d.seat]), f"{seat.label} makes a secret choice",
                    kind="decision")
        else:
            fx.emit(st, f"{seat.label}: {label}", kind="decision")
    advance(prog, st)
