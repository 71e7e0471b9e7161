"""Decisions: a player's choice among labelled actions, or a chance event with its odds.

A pending Decision is data in the state: who decides, the labels of the
options, and for each option where the flow resumes (pc), which local name
it binds and to what. Options with equal labels are one option (the first
is kept), so identical tokens make one action and a label always names
exactly one action.
"""
from __future__ import annotations

from fractions import Fraction
from itertools import combinations, permutations

from ..errors import error
from . import effects as fx
from .exprs import Scope, items_of
from .signals import SUSPEND
from .simple import draw_one
from .values import Comp, Die, Player, display

MAX_OPTIONS = 20_000


class Decision:
    """A pending decision.

    seat: the deciding seat (0-based), None for chance. labels, pcs, names,
    values: per option. probs: per option for chance (Fractions), else None.
    secret: only the chooser may learn which option was taken.
    """
    __slots__ = ("seat", "labels", "pcs", "names", "values", "probs", "secret", "span", "at", "actions")

    def __init__(self, seat, labels, pcs, names, values, probs=None, secret=False, span=None):
        self.seat = seat
        self.labels = labels
        self.pcs = pcs
        self.names = names
        self.values = values
        self.probs = probs
        self.secret = secret
        self.span = span
        self.at = 0           # the pc of the instruction that asked (set by the machine)
        self.actions = None   # the API's Action objects, made once


def _chooser(spec, st, env):
    if spec.chooser is None:
        p = st.current
        if p is None:
            raise error(spec.span, "no player is taking a turn here, so nobody can choose",
                        "say who chooses: choose … by p")
        return p
    p = spec.chooser(st, env)
    if type(p) is not Player:
        raise error(spec.span, f"{display(st, p)} is not a player and cannot choose")
    return p


# ---------------------------------------------------------------- choose x from C
class ChooseSpec:
    def __init__(self, prog, s, scope: Scope):
        c = prog.compiler
        inner = scope.with_(s.var)
        self.var = s.var
        self.span = s.span
        self.source = c.expr(s.source, scope)
        self.where = c.expr(s.where, inner) if s.where is not None else None
        self.label = c.expr(s.label, inner) if s.label is not None else None
        self.chooser = c.expr(s.chooser, scope) if s.chooser is not None else None
        self.count_min = c.expr(s.count_min, scope) if s.count_min is not None else None
        self.count_max = c.expr(s.count_max, scope) if s.count_max is not None else None
        self.ordered = s.ordered
        self.secret = s.secretly
        self.has_else = bool(s.orelse)

    def candidates(self, st, env):
        items = tuple(items_of(st, self.source(st, env)))
        if self.count_min is None:
            return items
        low = self.count_min(st, env)
        high = self.count_max(st, env) if self.count_max is not None else low
        pick = permutations if self.ordered else combinations
        out = []
        for k in range(max(low, 0), min(high, len(items)) + 1):
            for combo in pick(items, k):
                out.append(combo)
                if len(out) > MAX_OPTIONS * 4:
                    raise error(self.span, "this decision has too many possible selections",
                                "narrow the list, or choose one item at a time")
        return out


def choose_instruction(spec: ChooseSpec, body_pc: int, else_pc: int):
    var, where, label = spec.var, spec.where, spec.label

    def choose(st, fr):
        env = fr.env
        chooser = _chooser(spec, st, env)
        found = {}       # label -> (pc, name, item); of equal labels the first item is kept
        for item in spec.candidates(st, env):
            env[var] = item
            if where is not None and not where(st, env):
                continue
            text = display(st, label(st, env)) if label is not None else display(st, item)
            if text not in found:
                found[text] = (body_pc, var, item)
        if not found:
            env.pop(var, None)
        return _offer(st, fr, spec, chooser, found, else_pc)
    return choose


def _offer(st, fr, spec, chooser, found: dict, else_pc):
    """Suspend on the options found ({label: (pc, name, value)}), or go to `else`
    (logging it when there is none)."""
    if not found:
        if not spec.has_else:
            fx.emit(st, f"{chooser.label} has nothing to choose", kind="decision")
        fr.pc = else_pc
        return None
    if len(found) > MAX_OPTIONS:
        raise error(spec.span, f"this decision has more than {MAX_OPTIONS} options",
                    "narrow it with `where`, or split it into several decisions")
    pcs, names, values = zip(*found.values())
    st.pending = Decision(chooser.index, tuple(found), pcs, names, values, None, spec.secret, spec.span)
    return SUSPEND


# ---------------------------------------------------------------- menus
class MenuSpec:
    def __init__(self, prog, s, scope: Scope, labels):
        c = prog.compiler
        self.span = s.span
        self.chooser = c.expr(s.chooser, scope) if s.chooser is not None else None
        self.secret = s.secretly
        self.has_else = bool(s.orelse)
        self.arms = []
        for option in s.options:
            inner = scope.with_(option.var) if option.var else scope
            self.arms.append((
                option.var,
                c.expr(option.source, scope) if option.source is not None else None,
                c.expr(option.cond, inner) if option.cond is not None else None,
                c.expr(option.label, inner),
            ))


def menu_instruction(spec: MenuSpec, arm_pcs: list, else_pc: int):
    arms = list(zip(spec.arms, arm_pcs))

    def menu(st, fr):
        env = fr.env
        chooser = _chooser(spec, st, env)
        found = {}
        for (var, source, cond, label), pc in arms:
            for item in (items_of(st, source(st, env)) if var is not None else (None,)):
                if var is not None:
                    env[var] = item
                if cond is None or cond(st, env):
                    found.setdefault(display(st, label(st, env)), (pc, var, item))
        return _offer(st, fr, spec, chooser, found, else_pc)
    return menu


# ---------------------------------------------------------------- chance: roll and random
class ChanceSpec:
    def __init__(self, prog, s, arg):
        self.func = s.value.func
        self.var = s.name
        self.arg = arg
        self.span = s.span
        self.prog = prog

    def outcomes(self, st, env):
        """(key for `force`, list of (label, value, probability)), equal labels merged."""
        v = self.arg(st, env)
        if self.func == "roll":
            if type(v) is not Die:
                raise error(self.span, f"roll needs a die, not {display(st, v)}")
            key = ("roll", v.name)
            faces = v.faces
        else:
            key = ("random", None)
            faces = tuple(items_of(st, v))
        if not faces:
            raise error(self.span, "random(…) of an empty list")
        return key, faces, outcomes_of(st, faces)


def _identity(st, value):
    """What makes two possible outcomes the same: a component's kind and every field
    (indistinguishable copies merge); anything else, itself."""
    if type(value) is Comp:
        return (value.kind, st.fields[value.id])
    return (type(value), value)


def outcomes_of(st, items) -> list:
    """[(label, value, probability)] for a uniform pick among items: copies that cannot be told
    apart are one outcome; different things that read alike get a number to keep labels unique."""
    groups: dict = {}
    for item in items:
        try:
            key = _identity(st, item)
            hash(key)
        except TypeError:
            key = (id(item),)
        if key in groups:
            groups[key][2] += 1
        else:
            groups[key] = [display(st, item), item, 1]
    total = len(items)
    seen: dict = {}
    out = []
    for label, item, count in groups.values():
        seen[label] = seen.get(label, 0) + 1
        out.append([label, item, Fraction(count, total), seen[label]])
    return [(label if seen[label] == 1 else f"{label} ({nth})", item, p) for label, item, p, nth in out]


def take_forced(st, key):
    """The outcome a scenario forced for this chance event, or None."""
    for i, (k, value) in enumerate(st.forced):
        if k == key:
            st.forced = st.forced[:i] + st.forced[i + 1:]
            return (value,)
    return None


def chance_instruction(spec: ChanceSpec, after_pc: int):
    var = spec.var

    def chance(st, fr):
        env = fr.env
        key, faces, outcomes = spec.outcomes(st, env)
        forced = take_forced(st, key) if st.forced else None
        if forced is not None:
            env[var] = forced[0]
            return None
        if not st.explicit:
            env[var] = faces[fx.next_random(st, len(faces))]
            return None
        st.pending = Decision(None, tuple(o[0] for o in outcomes), (after_pc,) * len(outcomes),
                              (var,) * len(outcomes), tuple(o[1] for o in outcomes),
                              tuple(o[2] for o in outcomes), False, spec.span)
        return SUSPEND
    return chance


def chance_event(spec: ChanceSpec):
    var = spec.var
    if spec.func != "roll":
        return lambda st, fr: None

    def rolled(st, fr):
        die = spec.arg(st, fr.env)
        who = f"{st.current.label} rolls" if st.current is not None else "Roll of"
        fx.emit(st, f"{who} {die.name}: {display(st, fr.env[var])}", kind="chance")
    return rolled


# ---------------------------------------------------------------- draws
class DrawSpec:
    def __init__(self, prog, s, slot):
        self.prog = prog
        self.slot = slot
        self.pick = slot + "pick"
        self.end = s.end
        self.dest_end = s.dest_end
        self.facing = s.facing
        self.span = s.span


def draw_step(spec: DrawSpec, apply_pc: int, end_pc: int):
    prog, slot, span = spec.prog, spec.slot, spec.span

    def draw(st, fr):
        env = fr.env
        left, src, dst = env[slot]
        mark, moved = st.log, 0
        while left > 0:
            items = st.contents[src.index] if getattr(src, "index", None) is not None else None
            if items is None:
                raise error(span, f"{display(st, src)} is not a zone to draw from")
            if not items:
                fx.emit(st, f"{src.label} is empty", kind="draw")
                break
            if st.explicit and (src.shape == "bag" or src.index in st.lazy) and len(items) > 1:
                if moved > 1:
                    fx.merge_moves(st, mark)
                env[slot] = (left, src, dst)
                outcomes = outcomes_of(st, items)
                st.pending = Decision(None, tuple(o[0] for o in outcomes), (apply_pc,) * len(outcomes),
                                      (spec.pick,) * len(outcomes), tuple(o[1] for o in outcomes),
                                      tuple(o[2] for o in outcomes), False, span)
                return SUSPEND
            comp = draw_one(prog, st, src, spec.end, span)
            fx.move(prog, st, comp, dst, spec.dest_end, spec.facing, span)
            left -= 1
            moved += 1
        if moved > 1:
            fx.merge_moves(st, mark)
        env[slot] = (0, src, dst)
        fr.pc = end_pc
        return None
    return draw


def draw_apply(spec: DrawSpec, top_pc: int):
    prog, slot = spec.prog, spec.slot

    def apply_draw(st, fr):
        env = fr.env
        left, src, dst = env[slot]
        comp = env.pop(spec.pick)
        fx.move(prog, st, comp, dst, spec.dest_end, spec.facing, spec.span)
        env[slot] = (left - 1, src, dst)
        fr.pc = top_pc
    return apply_draw
