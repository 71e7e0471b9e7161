"""Decisions at play time: a player's choice among labelled options, or a chance event with its odds.

A pending Decision is data in the state: who decides, the labels of the
options, and for each option where the flow resumes (pc), which local name it
binds and to what. Options with equal labels are one option (the first is
kept), so identical tokens make one action and a label always names exactly
one action. Compiled decision blocks gather the options and call these.
"""
from __future__ import annotations

from itertools import combinations, permutations
from math import comb, perm

from ...errors import error
from ..effects.bulk import draw_one, drawn_at_once, tell_moves, told_at_once
from ..effects.effects import move
from ..effects.events import emit, face_mask, seats_of
from ..model.chance import forced_for, next_random, take_forced
from ..model.collections import items_of
from ..model.open_order import draw_pool
from ..model.signals import SUSPEND
from ..model.state import SecretLabel
from ..model.values import Comp, Die, Player, display
from ..seen import display_memo
from . import outcomes as _outcomes
from .selections import SelectionLabels, Selections

MAX_OPTIONS = 20_000

# A decision's `help` texts not worked out yet (Decision.notes): they are when first asked for.
LATER = object()


class Decision:
    """A pending decision.

    seat: the deciding seat (0-based), None for chance. labels: per option. probs: per option for
    chance (Fractions), else None. secret: only the chooser may learn which option was taken.
    parts: "ordered" or "unordered" when each value is a selection of several items (`choose N
    [ordered] x from`), which ruledsl/runtime/steps.py offers an item at a time; else None.
    notes: {label: what taking it costs or means} from the rules' `help`, LATER until first asked
    for, or None (no help).

    Where each option resumes, the name it binds and its value are kept one of two ways, neither
    making a tuple per option that the run loop would not read: a choice's (and a selection's,
    chance's) options all resume at one block (pc) binding one name, with values per option;
    a menu's are options, one (pc, name, value) per option as it found them (pc and values None).
    pcs, names and values per option are made when asked for.
    """
    __slots__ = ("seat", "labels", "pc", "name", "_values", "probs", "secret", "span", "at", "actions", "parts",
                 "notes", "options")

    # Made by decision() below, not by calling the class.

    @property
    def pcs(self) -> tuple:
        if self.options is None:
            return (self.pc,) * len(self.labels)
        return tuple([option[0] for option in self.options])

    @property
    def names(self) -> tuple:
        if self.options is None:
            return (self.name,) * len(self.labels)
        return tuple([option[1] for option in self.options])

    @property
    def values(self):
        if self.options is None:
            return self._values
        return tuple([option[2] for option in self.options])


def decision(seat, labels, pc, name, values, probs=None, secret=False, span=None, parts=None, notes=None,
             options=None) -> Decision:
    """A new Decision (see the class). A function that fills a bare object: calling a class whose
    __init__ is written in Python runs a second interpreter loop, which cost as much again as the
    stores (a decision is made at every action)."""
    d = _bare(Decision)
    d.seat = seat
    d.labels = labels
    d.pc = pc
    d.name = name
    d._values = values
    d.probs = probs
    d.secret = secret
    d.span = span
    d.at = 0            # the block that asked (set by the run loop)
    d.actions = None    # the API's Action objects, made once
    d.parts = parts
    d.notes = notes
    d.options = options
    return d


_bare = object.__new__


def chooser_of(st, p, span):
    """Who decides: `by p`, or (p None) the player whose turn it is."""
    if p is None:
        p = st.current
        if p is None:
            raise error(span, "no player is taking a turn here, so nobody can choose",
                        "say who chooses: choose … by p")
        return p
    if type(p) is not Player:
        raise error(span, f"{display(st, p)} is not a player and cannot choose")
    return p


def selections(st, items: tuple, low: int, high: int, ordered: bool, span) -> list:
    """Every selection of low..high items (in every order when ordered)."""
    pick, number = (permutations, perm) if ordered else (combinations, comb)
    sizes = range(max(low, 0), min(high, len(items)) + 1)
    # counted before any is made, then made at C speed
    count = sum(number(len(items), k) for k in sizes)
    if count > MAX_OPTIONS * 4:
        too_many_selections(count, span)
    out = []
    for k in sizes:
        out.extend(pick(items, k))
    return out


def too_many_selections(count: int, span):
    """A decision among more selections than could be offered, refused from their count alone."""
    shown = f"{count:,}" if count < 10 ** 30 else "more than 10^30"
    raise error(span, f"this decision has too many possible selections: {shown}, more than the {MAX_OPTIONS:,} "
                "options a decision may have", "narrow the list (a `where`, fewer items), or choose one item at a time")


def _nothing(st, fr, chooser, else_pc, has_else):
    st.memo = None
    if not has_else:
        emit(st, f"{chooser.label} has nothing to choose", kind="decision")
    fr.pc = else_pc


def _too_many(found, span):
    if len(found) > MAX_OPTIONS:
        raise error(span, f"this decision has more than {MAX_OPTIONS} options",
                    "narrow it with `where`, or split it into several decisions")


def _only(st, fr, chooser, label: str, pc: int, name, value, secret: bool):
    """`automatically when only one`: the only option is taken without asking (no decision, no
    action in the history); the log tells it as a decision taken."""
    st.memo = None
    if name is not None:
        fr.env[name] = value
    fr.pc = pc
    text = f"{chooser.label}: {label} (the only option)"
    if secret:
        emit(st, text, frozenset([chooser.index]), f"{chooser.label} makes a secret choice", kind="decision")
    else:
        emit(st, text, kind="decision")


def offer_choice(st, fr, chooser, found: dict, pc: int, name: str, else_pc: int, has_else: bool,
                 secret: bool, span, auto: bool = False, parts=None, notes=None):
    """`choose x from C`: suspend on the options found ({label: item}), or go to `else`; with
    auto, an only option is taken at once. parts: Decision.parts (a choice of several items)."""
    if not found:
        return _nothing(st, fr, chooser, else_pc, has_else)
    if auto and len(found) == 1:
        [(label, value)] = found.items()
        return _only(st, fr, chooser, label, pc, name, value, secret)
    st.memo = None
    count = len(found)
    if count > MAX_OPTIONS:
        _too_many(found, span)
    st.pending = decision(chooser.index, tuple(found), pc, name, tuple(found.values()), None, secret, span, parts,
                          notes)
    return SUSPEND


def offer_menu(st, fr, chooser, found: dict, else_pc: int, has_else: bool, secret: bool, span, auto: bool = False,
               notes=None):
    """A menu: suspend on the options found ({label: (pc, name, item)}), or go to `else`; with
    auto, an only option is taken at once."""
    if not found:
        return _nothing(st, fr, chooser, else_pc, has_else)
    if auto and len(found) == 1:
        [(label, (pc, name, value))] = found.items()
        return _only(st, fr, chooser, label, pc, name, value, secret)
    st.memo = None
    if len(found) > MAX_OPTIONS:
        _too_many(found, span)
    # each option's (pc, name, item) kept as found, taken apart only if asked for (zip(*…) of a
    # menu of dozens of options cost a twentieth of a game's time where such menus are common)
    st.pending = decision(chooser.index, tuple(found), None, None, None, None, secret, span, None, notes,
                          tuple(found.values()))
    return SUSPEND


def offer_selections(st, fr, chooser, items, low: int, high: int, ordered: bool, prefix: str, suffix: str,
                     pc: int, name: str, else_pc: int, has_else: bool, secret: bool, span):
    """`choose N [ordered] from C as "…{x}…"` with no `where`: the selections are offered without
    making each one, when their labels cannot coincide (the items read differently); otherwise
    they are made and equal labels merged, as for any choice."""
    selections = Selections(tuple(items), low, high, ordered)
    count = len(selections)
    if count > MAX_OPTIONS * 4:         # (refused from the count, before any selection is made)
        too_many_selections(count, span)
    seen = {None: chooser}      # (items read as the chooser sees them: seen.display_memo)
    texts = tuple([display_memo(st, x, seen) for x in selections.items])
    # (", " in no text: the separator "\n" cannot make one between two texts)
    alike = len(set(texts)) < len(texts) or ", " in "\n".join(texts)
    if count > MAX_OPTIONS and not alike:
        too_many_selections(count, span)     # (labels that cannot coincide: as many options as selections)
    if count > MAX_OPTIONS or alike:
        found = {}
        for choice in selections:
            found.setdefault(prefix + display_memo(st, choice, seen) + suffix, choice)
        return offer_choice(st, fr, chooser, found, pc, name, else_pc, has_else, secret, span,
                            parts="ordered" if ordered else "unordered")
    if not count:
        return _nothing(st, fr, chooser, else_pc, has_else)
    st.memo = None
    st.pending = decision(chooser.index, SelectionLabels(selections, texts, prefix, suffix), pc, name, selections,
                          None, secret, span)
    st.pending.parts = "ordered" if ordered else "unordered"
    return SUSPEND


# ---------------------------------------------------------------- simultaneous choices
def pick(st, env, slot: str, body_pc: int, key, taken: bool) -> None:
    """A seat's secret pick in a `simultaneously`: kept (seat, body, bound name, its value, label)
    until every seat has chosen. The label is the action just taken (not taken: nothing to choose)."""
    seats, i, picks = env[slot]
    label = str(st.history[0]) if taken else None
    value = env[key] if key is not None else None
    env[slot] = (seats, i + 1, picks + ((seats[i], body_pc, key, value, label),))


def reveal_picks(st, env, slot: str) -> None:
    """Every pick told to everyone at once; then their bodies run (env[slot] = (picks, next))."""
    _seats, _i, picks = env[slot]
    if picks:
        told = "; ".join(f"{p.label}: {label if label is not None else 'nothing'}" for p, _, _, _, label in picks)
        emit(st, f"revealed: {told}", kind="decision")
    env[slot] = (picks, 0)


# ---------------------------------------------------------------- chance
def _chance_decision(st, items, pc, name, span, seen=None) -> Decision:
    """A decision of chance's own among items (outcomes.outcomes_of, kept per deck); seen: the seats
    that may learn its outcome (None: all)."""
    alike, labels, values, probs = _outcomes.remembered(st, items)
    if any(type(v) is Comp or type(v) is tuple for v in values):
        seen = frozenset() if alike else _told_to(st, values, seen)
    return decision(None, labels, pc, name, values, probs, False if seen is None else seen, span)


def _told_to(st, values, seen):
    """The seats that may read which outcome chance took, in the history (actions_seen): seen (None:
    all), less those that may not see the face of some component an outcome is (none when two
    outcomes read alike: _chance_decision). A card drawn face down is then told by its label to
    those who see it where it lands (draw_apply). Worked out on bitmasks of seats (_sight), not a
    set per component: chance decides at every draw of a belief's replays."""
    prog = st.prog
    everyone = prog.everyone
    mask = everyone if seen is None else seat_bits(seen)
    public = seen is None
    for value in values:
        if type(value) is Comp:
            mask, public = _sight(prog, st, value, mask, public)
        elif type(value) is tuple:
            for comp in value:
                if type(comp) is Comp:
                    mask, public = _sight(prog, st, comp, mask, public)
        if not mask:
            return _NO_SEATS    # (a draw from a deck no one sees into: the commonest, known after one)
    return None if public and mask == everyone else seats_of(mask)


_NO_SEATS = frozenset()


def seat_bits(seats) -> int:
    """The bitmask of these seat numbers."""
    mask = 0
    for s in seats:
        mask |= 1 << s
    return mask


def _sight(prog, st, comp, mask: int, public: bool) -> tuple:
    """(mask less the seats that may not know where comp is or see its face, whether it is still
    public, where onlookers know where it is and see its face): sees_position and sees_face for
    every seat at once."""
    pos = comp.kind.position
    faces = face_mask(prog, st, comp)
    if pos == "all":
        return mask & faces, public and faces & prog.onlooker != 0
    owner = st.owner[comp.id]
    return (mask & faces & (1 << owner.index) if pos == "owner" and owner is not None else 0), False


def seen_by(st, seats, span):
    """`visible to seats` of a roll or random(): the seat numbers, or None (everyone)."""
    if seats is None:
        return None
    out = []
    for p in (seats if type(seats) is tuple else (seats,)):
        if type(p) is not Player:
            raise error(span, f"{display(st, p)} is not a player, so it cannot see chance")
        out.append(p.index)
    return frozenset(out)


def chance(st, fr, func: str, arg, name: str, after_pc: int, span, seen=None):
    """`let name = roll(die)` or `random(list)`: a forced outcome, a seeded one, or (explicit
    chance) a decision of chance's own. seen: the seats that may learn the outcome (None: all)."""
    if func == "roll":
        if type(arg) is not Die:
            raise error(span, f"roll needs a die, not {display(st, arg)}")
        key, faces = ("roll", arg.name), arg.faces
    else:
        key, faces = ("random", None), tuple(items_of(st, arg))
    if not faces:
        raise error(span, "random(…) of an empty list")
    forced = take_forced(st, key) if st.forced else None
    if forced is not None:
        fr.env[name] = forced[0]
        fr.pc = after_pc
        return None
    if not st.explicit:
        fr.env[name] = faces[next_random(st, len(faces))]
        fr.pc = after_pc
        return None
    st.pending = _chance_decision(st, faces, after_pc, name, span, seen)
    return SUSPEND


def rolled(st, die, value, seen=None) -> None:
    """The event of a roll: told to everyone, or (seen) to those seats, the others reading that
    a die was rolled in secret."""
    who = f"{st.current.label} rolls" if st.current is not None else "Roll of"
    if seen is None:
        emit(st, f"{who} {die.name}: {display(st, value)}", kind="chance")
    else:
        emit(st, f"{who} {die.name}: {display(st, value)}", seen, f"{who} {die.name} in secret", kind="chance")


# ---------------------------------------------------------------- draws that may be chance events
def _known_to_those_who_see_it(prog, st, comp) -> None:
    """The drawn component's label, the last in the history, names it: only the seats that see
    its face where it went may read it there (a card dealt face down to another seat), and none
    when it reads as another outcome did ("7 (2)": which of two alike faces, a face cannot tell)."""
    label, before = st.history
    text = str(label)
    if text != display(st, comp):
        st.history = (SecretLabel(text, ()), before)
        return
    faces = face_mask(prog, st, comp)       # (sees_face for every seat at once)
    public = faces & prog.everyone == prog.everyone and comp.kind.position == "all" and faces & prog.onlooker != 0
    st.history = (text if public else SecretLabel(text, seats_of(faces & prog.everyone)), before)


def draw_step(prog, st, fr, slot: str, end, dest_end, facing, apply_pc: int, end_pc: int, span):
    """Draw what is left of `draw N from src to dst` (env[slot] = (left, src, dst)); under explicit
    chance, a draw from a bag or an unsettled shuffled deck suspends as a chance event."""
    env = fr.env
    left, src, dst = env[slot]
    if left > 1 and (st.muted or st.quiet) and prog.bulk and drawn_at_once(prog, st, left, src, dst, end,
                                                                           dest_end, facing):
        left = 0
    # the moves' events told once all are made, each run of alike ones as one (bulk.move_many)
    told = [] if left > 1 and told_at_once(prog, st, dst, False) else None     # (a draw leaves a zone)
    mark, moved, empty = st.log, 0, False
    if told is not None and drawn_at_once(prog, st, left, src, dst, end, dest_end, facing, told):
        left = 0
    while left > 0:
        items = st.contents[src.index] if getattr(src, "index", None) is not None else None
        if items is None:
            raise error(span, f"{display(st, src)} is not a zone to draw from")
        if not items:
            empty = True
            break
        if st.explicit and (src.shape == "bag" or src.index in st.lazy) and len(items) > 1 and not (
                st.forced and forced_for(st, ("draw", src.index))):   # (a scenario's forced draw: draw_one takes it)
            pool = items if src.shape == "bag" else draw_pool(st, src.index, end)
            if pool:        # (none: what lies at that end of an open deck is drawn)
                if moved > 1 or told:
                    tell_moves(st, told, mark, moved)
                env[slot] = (left, src, dst)
                st.pending = _chance_decision(st, pool, apply_pc, slot + "pick", span)
                return SUSPEND
        comp = draw_one(prog, st, src, end, span)
        move(prog, st, comp, dst, dest_end, facing, span, told=told)
        left -= 1
        moved += 1
    if moved > 1 or told:       # (no call for the commonest draw: one card)
        tell_moves(st, told, mark, moved)
    if empty:       # (after the moves, as merging them would leave it)
        emit(st, f"{src.label} is empty", kind="draw")
    env[slot] = (0, src, dst)
    fr.pc = end_pc
    return None


def draw_single(prog, st, src, end, dst, dest_end, facing, span) -> None:
    """`draw from src to dst` (one component) where chance is not explicit, in the block that
    reaches it: what draw_step does for one (the pass `draws`, compiler/passes), with no slot in the frame
    nor a block of its own."""
    if getattr(src, "index", None) is None:
        raise error(span, f"{display(st, src)} is not a zone to draw from")
    if not st.contents[src.index]:
        emit(st, f"{src.label} is empty", kind="draw")
        return
    move(prog, st, draw_one(prog, st, src, end, span), dst, dest_end, facing, span)


def draw_apply(prog, st, fr, slot: str, dest_end, facing, top_pc: int, span) -> None:
    """The component chance drew: move it, then draw on."""
    env = fr.env
    left, src, dst = env[slot]
    comp = env.pop(slot + "pick")
    move(prog, st, comp, dst, dest_end, facing, span)
    _known_to_those_who_see_it(prog, st, comp)
    env[slot] = (left - 1, src, dst)
    fr.pc = top_pc
