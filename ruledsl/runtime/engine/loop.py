"""The run loop: runs a state's frames until a decision is pending or the game is over,
and takes a decision's option.

A state's frames are (unit, pc, env); each unit is a list of compiled blocks
(compiler/units.py). The loop calls the top frame's block at its pc; a block
moves the pc on, pushes or pops a frame, or leaves a decision pending and
returns SUSPEND.
"""
from __future__ import annotations

from ...errors import RulesError, error
from ...limits import MAX_LABEL_CHARS, with_commas
from ...source import part_named
from ..effects.events import emit
from ..model.signals import GameOver
from ..model.state import Frame, SecretLabel
from .budget import STEP_LIMIT
from .decisions import decision
from .failures import located


_ROUND = range(256)     # turns of the run loop counted at C speed (see advance)


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
    st.memo = None
    frames = st.frames
    code = prog.code
    fr = None
    try:
        while True:
            for _ in _ROUND:            # the loop's turns spend the step budget, 256 at a time
                if not frames:
                    return
                fr = frames[-1]
                if code[fr.unit][fr.pc](st, fr) is not None:
                    d = st.pending
                    if d is not None:
                        d.at = fr.pc
                        if prog.turn_options:
                            add_turn_options(prog, st)
                    return
            st.steps += 256
            if st.steps > STEP_LIMIT:
                span = prog.unit_spans[fr.unit][fr.pc]
                raise error(span, f"{_where(prog, fr, span)} ran {STEP_LIMIT:,} steps without reaching a "
                            "decision or an end", "a loop here never finishes: check its condition, or add `stop`")
    except GameOver as over:
        frames.clear()
        st.pending = None
        # Which statement ended the game (`win`, `end game`, which name themselves), for reports
        # of how games end.
        st.result.ending = over.args[0] if over.args and over.args[0] is not None else \
            prog.code_map.locate(over.__traceback__)[0]
    except RulesError:
        raise
    except Exception as err:
        span = prog.unit_spans[fr.unit][fr.pc] if fr is not None else None
        raise located(prog.code_map, err, span, _where(prog, fr, span) if fr is not None else "the game") from None


def _where(prog, fr, span) -> str:
    """What the frame's block at span runs: its unit, or a rule written into it."""
    return part_named(prog.unit_parts[fr.unit], span, prog.unit_names[fr.unit])


def refresh(prog, st) -> None:
    """Work the pending decision out again (after a scenario changed the state under it)."""
    d = st.pending
    if d is None or not st.frames:
        return
    st.frames[-1].pc = d.at
    st.pending = None
    advance(prog, st)


def take(prog, st, index: int, label=None) -> None:
    """Take option `index` of the pending decision and run on. label: the option's label, when the
    caller has it already (a selection's is made when asked for)."""
    d = st.pending
    fr = st.frames[-1]
    options = d.options
    if options is None:         # every option's pc and name (a choice's, a selection's, chance's)
        pc = d.pc
        name = d.name
        if name is not None:
            value = d._values[index]
    else:                       # a menu's, each its own
        pc, name, value = options[index]
    if pc < 0:
        # An option added during the turn: run it, then ask the interrupted decision again.
        fr.pc = d.at
        st.frames.append(Frame(~pc, 0, {name: value} if name is not None else {}))
    else:
        if name is not None:
            fr.env[name] = value
        fr.pc = pc
    st.pending = None
    if label is None:
        label = d.labels[index]
    if len(label) > MAX_LABEL_CHARS:     # what is taken goes into the record, which must read it back
        raise error(d.span, f"this option's label is {with_commas(len(label))} characters long in play; an action's "
                            f"label may be at most {with_commas(MAX_LABEL_CHARS)}",
                    "a record keeps the label of every action taken: shorten what its {…} parts add")
    if d.secret is not False and (d.seat is None or pc >= 0):
        # a secret choice, or chance seen by some seats: the history knows who may know it
        label = SecretLabel(label, d.secret if d.seat is None else (d.seat,))
    st.history = (label, st.history)
    st.action_count += 1
    if d.seat is not None and not st.muted:         # (a muted state's event would be dropped)
        seat = prog.players[d.seat]
        if d.secret and pc >= 0:
            emit(st, f"{seat.label}: {label}", frozenset([d.seat]), f"{seat.label} makes a secret choice",
                 kind="decision")
        else:   # emit(), written out: a decision is told even `quietly:`
            log = st.log
            st.log = ((seat.label, label), log, log[2] + 1 if log is not None else 1)
    advance(prog, st)


def add_turn_options(prog, st) -> None:
    """Offer the `during each turn` options that are open now alongside the pending decision,
    when the seat deciding is the one whose turn it is (not inside such an option's own body)."""
    d = st.pending
    if d.seat is None or st.current is None or d.seat != st.current.index:
        return
    units = prog.turn_option_units
    for f in st.frames:
        if f.unit in units:
            return
    labels = None
    for offers, name, span, unit in prog.turn_options:
        for text, item in offers(st):
            if labels is None:      # (most decisions are offered none: nothing is copied for them)
                labels, options = list(d.labels), list(zip(d.pcs, d.names, d.values))
            if text in labels:
                raise error(span, f"the option '{text}' has the label of an option the decision already has",
                            "give options added during each turn labels of their own")
            labels.append(text)
            options.append((~unit, name, item))     # a negative pc: run that unit, then ask again
    if labels is not None:
        more = decision(d.seat, tuple(labels), None, None, None, None, d.secret, d.span, options=tuple(options))
        more.at = d.at
        more.parts = d.parts
        more.notes = d.notes
        st.pending = more
