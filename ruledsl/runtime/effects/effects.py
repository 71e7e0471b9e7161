"""Effects on a state, one function per kind of change, each telling its event.

These are the only functions that move components, turn them over or change
what seats know; compiled statements call them with their evaluated
arguments (and the span to blame). Enter/leave triggers fire from here.
"""
from __future__ import annotations

from ...errors import error
from ..model.chance import shuffled, take_forced
from ..model.open_order import exchanged, forget_ends, lay_open, settle
from ..model.collections import items_of
from ..model.values import Comp, Location, Player, Zone, component_text, display, turn_direction
from .events import (a_kind, emit, emit_about, face_mask, moved, seat_mask, seats_of, tell_moved)


# ---------------------------------------------------------------- moving
def move(prog, st, comp: Comp, dest, end=None, facing=None, span=None, quietly=False, told=None) -> None:
    """Put comp at an end of dest (default: the top of a deck or pile, the end of anything else).
    quietly: as inside `quietly:` (a move that is all such a block holds), triggers it fires
    included. told: a list its news (an events.Moved's parts) is added to instead of the log (a
    run of moves told at once: events.log_moves), for a caller sure that no trigger fires."""
    if type(comp) is not Comp:
        raise error(span, f"only components can be moved, not {display(st, comp)}")
    kind = type(dest)
    if kind is not Location and kind is not Zone:
        raise error(span, f"{display(st, dest)} is not a zone or a location")
    cid = comp.id
    contents = st.contents
    old_index = st.loc[cid]
    new_index = dest.index
    up_after = dest.lays_up if facing is None else facing == "up"
    # Who saw its face before matters only when the move's event may hide it from someone (and
    # there is an event: not in a muted state, as a search bot's playout, nor `quietly:`).
    quiet = quietly or st.muted or st.quiet
    sort = comp.kind
    if quiet or up_after and sort.position == "all":
        before = 0
    else:       # face_mask(), written out
        before = prog.public if st.face[cid] else st.known[cid] & prog.everyone | prog.places[old_index].sees
    if st.lazy and new_index in st.lazy and not lay_open(st, dest, (comp,), end):
        settle(st, new_index)
    items = contents[old_index]
    i = items.index(comp)       # components compare by identity: found at C speed
    items = items[1:] if i == 0 else items[:i] + items[i + 1:]
    if old_index != new_index:
        contents[old_index] = items
        items = contents[new_index]
        if kind is Zone and dest.capacity is not None and len(items) >= dest.capacity:
            raise error(span, f"{dest.name} is full (it holds at most {dest.capacity})")
    if end is None:
        end = dest.default_end
    contents[new_index] = (comp,) + items if end == "top" else items + (comp,)
    st.loc[cid] = new_index
    st.face[cid] = up_after
    if not up_after:
        st.known[cid] = 0
    if not quiet:
        if sort.position == "all":
            # where it lies is seen by all: moved() written out for it. Its face, seen by all when
            # it lies face up, else by those who saw it before or see it where it lands (what
            # they were shown is forgotten: it was turned face down)
            if up_after:
                to = who = None
            else:
                to = before | dest.sees
                who = sort.label
                # named to onlookers too only if its face was public before or is now (the
                # onlooker's bit): a card passed between two hands is named to those two alone
                if to & prog.onlooker:
                    to = who = None
            i = sort.read_as
            name = st.fields[cid][i] if sort.shown is None and i is not None else None
            if type(name) is not str:
                name = component_text(st, comp)
            news = (name, sort.label, to, who, prog.places[old_index], dest, end)
        else:
            news = moved(prog, st, comp, before, prog.places[old_index], dest, end)
        if told is not None:
            told.append(news)
        else:
            log = st.log
            st.log = (news, log, log[2] + 1 if log is not None else 1)
    if old_index != new_index and sort in prog.watched:
        old = prog.places[old_index]
        if kind is Location or type(old) is Location:     # (triggers watch board locations only)
            if quietly:
                made_quietly(fire_moved, prog, st, comp, old, dest)
            else:
                fire_moved(prog, st, comp, old, dest)


def move_onto(prog, st, comp: Comp, loc: Location, span=None) -> None:
    """move(), where the compiler is certain that comp is a component and loc a board location,
    at its default end and facing (the commonest move: a piece onto a square). What move() asks
    of its arguments is known: a location lays things face up, at its bottom end, and holds as
    many as are put there; and since everyone sees the face of what lies face up, who saw it
    before need not be worked out."""
    cid = comp.id
    contents = st.contents
    old_index = st.loc[cid]
    new_index = loc.index
    if st.lazy and new_index in st.lazy:
        settle(st, new_index)
    items = contents[old_index]
    i = items.index(comp)
    items = items[1:] if i == 0 else items[:i] + items[i + 1:]
    if old_index != new_index:
        contents[old_index] = items
        items = contents[new_index]
    contents[new_index] = items + (comp,)
    st.loc[cid] = new_index
    st.face[cid] = True
    if not (st.muted or st.quiet):
        log = st.log
        if comp.kind.position == "all":     # in plain sight, told to everyone: as moved() tells it
            news = (component_text(st, comp), comp.kind.label, None, None, prog.places[old_index], loc, "bottom")
        else:
            # who saw its face before makes no difference: it lands face up, for all to see
            news = moved(prog, st, comp, 0, prog.places[old_index], loc, "bottom")
        st.log = (news, log, log[2] + 1 if log is not None else 1)
    if old_index != new_index and comp.kind in prog.watched:
        fire_moved(prog, st, comp, prog.places[old_index], loc)


def fire_moved(prog, st, comp, old, new) -> None:
    """The triggers of comp leaving the place old and entering new (of those that are board
    locations), after the move: those that watch its kind (Program.watched)."""
    watched = prog.watched.get(comp.kind)
    if watched is None:
        return
    leave, enter = watched
    if leave and type(old) is Location:
        fire(prog, st, leave, comp, old)
    if enter and type(new) is Location:
        fire(prog, st, enter, comp, new)


def fire(prog, st, triggers, comp, loc) -> None:
    for trigger in triggers:
        trigger(st, comp, loc)


def _lay(prog, st, comp: Comp, place) -> None:
    """Turn comp the way its new place lays things (a zone's facing; face up on a board)."""
    cid = comp.id
    st.face[cid] = place.facing == "up" if type(place) is Zone else True
    if not st.face[cid]:
        st.known[cid] = 0


def swap(prog, st, a, b, span=None) -> None:
    if type(a) is Comp and type(b) is Comp:
        pa, pb = st.loc[a.id], st.loc[b.id]
        if pa == pb:
            items = list(st.contents[pa])
            i, j = items.index(a), items.index(b)
            items[i], items[j] = b, a
            st.contents[pa] = tuple(items)
            exchanged(st, a, b)
            return
        before_a, before_b = face_mask(prog, st, a), face_mask(prog, st, b)
        ia = st.contents[pa].index(a)
        ib = st.contents[pb].index(b)
        la = list(st.contents[pa])
        lb = list(st.contents[pb])
        la[ia], lb[ib] = b, a
        st.contents[pa], st.contents[pb] = tuple(la), tuple(lb)
        st.loc[a.id], st.loc[b.id] = pb, pa
        exchanged(st, a, b)
        _lay(prog, st, a, prog.places[pb])
        _lay(prog, st, b, prog.places[pa])
        old_a, old_b = prog.places[pa], prog.places[pb]
        tell_moved(prog, st, a, before_a, old_a, old_b, None)
        tell_moved(prog, st, b, before_b, old_b, old_a, None)
        _swap_triggers(prog, st, [(a, old_a, old_b), (b, old_b, old_a)])
        return
    if type(a) in (Location, Zone) and type(b) in (Location, Zone):
        ca, cb = st.contents[a.index], st.contents[b.index]
        st.contents[a.index], st.contents[b.index] = cb, ca
        for c in ca:
            st.loc[c.id] = b.index
        for c in cb:
            st.loc[c.id] = a.index
        emit(st, f"the contents of {a.label} and {b.label} trade places", kind="swap")
        _swap_triggers(prog, st, [(c, a, b) for c in ca] + [(c, b, a) for c in cb])
        return
    raise error(span, f"cannot swap {display(st, a)} with {display(st, b)}: swap two components or two places")


def _swap_triggers(prog, st, moves) -> None:
    for comp, old, new in moves:
        fire_moved(prog, st, comp, old, new)


def shuffle(prog, st, zone, span=None) -> None:
    if type(zone) is not Zone:
        raise error(span, f"only a zone can be shuffled, not {display(st, zone)}")
    items = st.contents[zone.index]
    face, known = st.face, st.known
    forget_ends(st, zone.index)     # what lay at its ends lies anywhere now
    for c in items:     # (a deck shuffled at set-up is known to none: one test a card)
        if known[c.id] and not face[c.id]:
            known[c.id] = 0     # a shuffle loses track of every card one was shown
    order = take_forced(st, ("shuffle", zone.index)) if st.forced else None
    if order is not None:       # a scenario's `force shuffle(zone) = cards`: these on top, in order
        missing = [c for c in order[0] if c not in items]
        if missing:
            raise error(span, f"the scenario forced {display(st, missing[0])} into the shuffle of {zone.label}, "
                              "but it is not there", "force the order of components that lie in the zone")
        st.lazy = st.lazy - {zone.index}
        st.contents[zone.index] = tuple(order[0]) + shuffled(st, tuple(c for c in items if c not in order[0]))
    elif st.explicit and not any(face[c.id] for c in items):
        # Nobody sees this order: leave it open, so that each draw is a chance event.
        st.lazy = st.lazy | {zone.index}
    else:
        st.contents[zone.index] = shuffled(st, items)
    emit(st, f"{zone.label} is shuffled", kind="shuffle")


def turn_over(prog, st, comp, up: bool, span=None) -> None:
    if type(comp) is not Comp:
        raise error(span, f"only components can be {'revealed' if up else 'hidden'}, not {display(st, comp)}")
    if st.face[comp.id] == up:
        return
    before = face_mask(prog, st, comp)
    st.face[comp.id] = up
    if not up:
        st.known[comp.id] = 0
    emit_about(prog, st, comp, before, "is revealed" if up else "is turned face down")


def show(prog, st, comp, seats, span=None) -> None:
    if type(comp) is not Comp:
        raise error(span, f"only components can be shown, not {display(st, comp)}")
    mask = seat_mask(seats)
    st.known[comp.id] |= mask
    emit(st, f"{display(st, comp)} is shown to {display(st, tuple(seats))}", seats_of(mask),
         f"{a_kind(comp.kind.label)} is shown to {display(st, tuple(seats))}", kind="show")


def rotate(prog, st, comp, degrees, span=None) -> None:
    if type(comp) is not Comp:
        raise error(span, f"only components can be rotated, not {display(st, comp)}")
    if degrees % 90:
        raise error(span, f"rotation must be a multiple of 90 degrees, not {degrees}")
    fields = st.fields[comp.id]
    key = (comp.kind.name, fields, degrees)
    try:
        turned = prog.rotated.get(key)
    except TypeError:       # a field that cannot be a key: turned each time
        turned = key = None
    if turned is None:
        turned = _turned(prog, comp.kind.name, fields, degrees)
        if key is not None and len(prog.rotated) < MAX_ROTATED:
            prog.rotated[key] = turned
    st.fields[comp.id] = turned
    if st.muted or st.quiet:        # its event would be dropped (emit_about): not worked out
        return
    place = prog.places[st.loc[comp.id]]
    where = f"on {place.label} " if type(place) is Location else ""
    emit_about(prog, st, comp, face_mask(prog, st, comp), f"{where}is turned {TURNS[degrees % 360]}")


def _turned(prog, kind: str, fields: tuple, degrees: int) -> tuple:
    """fields, each that holds directions turned clockwise by degrees."""
    turn = prog.turns[degrees % 360]
    values = list(fields)
    for i in prog.rotatable[kind]:
        v = values[i]
        if type(v) is tuple:
            values[i] = tuple([turn.get(d) or turn_direction(prog.directions, d, degrees) for d in v])
        elif v is not None:
            values[i] = turn.get(v) or turn_direction(prog.directions, v, degrees)
    return tuple(values)


MAX_ROTATED = 4096      # fields kept turned (Program.rotated), at most: a game's tiles take a few dozen
TURNS = {0: "0 degrees", 90: "90 degrees clockwise", 180: "180 degrees", 270: "90 degrees anticlockwise"}


def mark(prog, st, loc, tag: str, on: bool, span=None) -> None:
    if type(loc) is not Location:
        raise error(span, f"only a location can be marked, not {display(st, loc)}")
    i = loc.index
    tags = st.tags[i]
    # a new tuple, never a change to the one clones share (and `tagged` remembers its answers by)
    st.tags = st.tags[:i] + (tags | {tag} if on else tags - {tag},) + st.tags[i + 1:]


def as_list(value) -> tuple:
    return value if type(value) is tuple else (value,)


def disclose_var(st, slots, mask: int, text: str) -> None:
    """Let the seats in mask (ALL_SEATS: everyone) see these variable slots from now on;
    mask 0 hides them again."""
    known = dict(st.var_known)
    for slot in slots:
        if mask == 0:
            known.pop(slot, None)
        else:
            known[slot] = known.get(slot, 0) | mask
    st.var_known = known
    emit(st, text, kind="show")


# ---------------------------------------------------------------- statements' effects
# What one statement does with its evaluated arguments: a list or one item.

def made_quietly(effect, prog, st, *args) -> None:
    """An effect made as inside `quietly:` (what the compiler writes for a list moved by a quiet
    block that holds nothing else; the triggers a quiet move fires)."""
    st.quiet += 1
    try:
        effect(prog, st, *args)
    finally:
        st.quiet -= 1


def turn_many(prog, st, what, up: bool, span) -> None:
    for c in as_list(what):
        turn_over(prog, st, c, up, span)


def show_many(prog, st, what, to, span) -> None:
    seats = players_of(st, to)
    for c in as_list(what):
        show(prog, st, c, seats, span)


def rotate_many(prog, st, what, degrees, span) -> None:
    for c in as_list(what):
        rotate(prog, st, c, degrees, span)


def mark_many(prog, st, where, tag: str, on: bool, span) -> None:
    for loc in as_list(where):
        mark(prog, st, loc, tag, on, span)


def announce(st, text: str, seats=None) -> None:
    """An announcement to everyone, or to some players only (told even `quietly:`)."""
    if seats is None and not st.muted:      # emit(), written out: the commonest event of all
        log = st.log
        st.log = ((text, None, None, "announce"), log, log[2] + 1 if log is not None else 1)
        return
    emit(st, text, None if seats is None else frozenset(p.index for p in players_of(st, seats)), None,
         kind="announce")


def players_of(st, value) -> tuple:
    """One player or a list of them, as a tuple."""
    return (value,) if type(value) is Player else tuple(items_of(st, value))


# ---------------------------------------------------------------- variables disclosed
# A disclosed variable is given as (its slots, how the log names it).

def player_slot(st, slot: int, p, name: str, span) -> tuple:
    """One player's entry of a per-player variable, for `reveal p.track` and `show p.role to …`."""
    if type(p) is not Player:
        raise error(span, f"{display(st, p)} is not a player, so it has no {name}")
    return (slot + p.index,), f"{p.label}'s {name}"


def disclose(st, target: tuple, mask: int, verb: str) -> None:
    """`reveal v` (mask ALL_SEATS) or `hide v` (mask 0)."""
    slots, name = target
    disclose_var(st, slots, mask, f"{name} is {verb}")


def show_var(st, target: tuple, to) -> None:
    """`show v to players`: those seats see the variable from now on."""
    seats = players_of(st, to)
    slots, name = target
    disclose_var(st, slots, seat_mask(seats), f"{name} is shown to {display(st, tuple(seats))}")
