"""Effects on a state, one function per kind of change, each emitting its event.

These are the only functions that move components, turn them over or
change what seats know; the statement compiler calls them, and so do
scenarios. Enter/leave triggers fire from here.
"""
from __future__ import annotations

from itertools import groupby

from ..errors import error
from .state import Event, chain_to_list
from .values import Comp, Location, Zone, display

MASK = (1 << 64) - 1


# ---------------------------------------------------------------- chance
def next_random(st, bound: int) -> int:
    """A number in [0, bound) from the state's own generator (splitmix64)."""
    s = (st.rng + 0x9E3779B97F4A7C15) & MASK
    st.rng = s
    z = s
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    z ^= z >> 31
    return z % bound


def seed_rng(seed: int) -> int:
    return (int(seed) * 0x2545F4914F6CDD1D + 0x1234567) & MASK


def shuffled(st, items: tuple) -> tuple:
    items = list(items)
    for i in range(len(items) - 1, 0, -1):
        j = next_random(st, i + 1)
        items[i], items[j] = items[j], items[i]
    return tuple(items)


def settle(st, place_index: int) -> None:
    """Give a lazily shuffled zone (explicit chance) a real order before its order is read."""
    if place_index in st.lazy:
        st.lazy = st.lazy - {place_index}
        st.contents[place_index] = shuffled(st, st.contents[place_index])


# ---------------------------------------------------------------- events
# What `quietly:` keeps out of the log: the effects on components. Announcements,
# decisions, chance, turns, phases and the end are still told.
QUIET_KINDS = frozenset({"move", "draw", "shuffle", "swap", "show"})


def emit(st, text: str, to=None, others=None, kind: str = "log") -> None:
    if st.quiet and kind in QUIET_KINDS:
        return
    st.log = (Event(text, to, others, kind), st.log)


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


def sees_face(prog, st, comp: Comp, seat: int) -> bool:
    """Whether seat (0-based) may see the face of comp where it lies now."""
    cid = comp.id
    if st.face[cid] or st.known[cid] >> seat & 1:
        return True
    place = prog.places[st.loc[cid]]
    if type(place) is Zone:
        vis = place.visibility
        return vis == "all" or (vis == "owner" and place.owner is not None and place.owner.index == seat)
    return False


def sees_position(st, comp: Comp, seat: int) -> bool:
    pos = comp.kind.position
    if pos == "all":
        return True
    owner = st.owner[comp.id]
    return pos == "owner" and owner is not None and owner.index == seat


def _who_sees(prog, st, comp: Comp, before_face: int) -> tuple:
    """(seats that see where it is, seats among them that see which it is) as bitmasks."""
    position = 0
    face = 0
    for p in prog.players:
        i = p.index
        if sees_position(st, comp, i):
            position |= 1 << i
            if before_face >> i & 1 or sees_face(prog, st, comp, i):
                face |= 1 << i
    return position, face


def face_mask(prog, st, comp: Comp) -> int:
    mask = 0
    for p in prog.players:
        if sees_face(prog, st, comp, p.index):
            mask |= 1 << p.index
    return mask


def seat_mask(seats) -> int:
    """The bitmask of these players' seats."""
    mask = 0
    for p in seats:
        mask |= 1 << p.index
    return mask


def _seats(mask: int) -> frozenset:
    out = []
    i = 0
    while mask:
        if mask & 1:
            out.append(i)
        mask >>= 1
        i += 1
    return frozenset(out)


def a_kind(name: str) -> str:
    """'a Card', 'an Event': how the log names a component whose face one may not see."""
    return ("an " if name[:1].lower() in "aeiou" else "a ") + name


def emit_about(prog, st, comp: Comp, before_face: int, verb: str) -> None:
    """An event about one component: named to those who see its face, 'a Kind' to the others
    who see where it is, nothing to those who may not know where it is."""
    everyone = (1 << len(prog.players)) - 1
    if comp.kind.position == "all" and (st.face[comp.id] or before_face == everyone):
        emit(st, f"{display(st, comp)} {verb}", kind="move")     # in plain sight: no one to hide it from
        return
    position, face = _who_sees(prog, st, comp, before_face)
    named = f"{display(st, comp)} {verb}"
    anonymous = f"{a_kind(comp.kind.name)} {verb}"
    if face == everyone:
        emit(st, named, kind="move")
    elif position == everyone:
        emit(st, named, _seats(face), anonymous, kind="move")
    else:
        emit(st, named if face else anonymous, _seats(position), None, kind="move")


# ---------------------------------------------------------------- moving
def move(prog, st, comp: Comp, dest, end=None, facing=None, span=None, quiet=False) -> None:
    """Put comp at an end of dest (default: the top of a deck or pile, the end of anything else)."""
    if type(comp) is not Comp:
        raise error(span, f"only components can be moved, not {display(st, comp)}")
    cid = comp.id
    old_index = st.loc[cid]
    old = prog.places[old_index]
    if type(dest) is not Zone and type(dest) is not Location:
        raise error(span, f"{display(st, dest)} is not a zone or a location")
    if facing is not None:
        up_after = facing == "up"
    else:
        up_after = dest.facing == "up" if type(dest) is Zone else True
    # Who saw its face before matters only when the move's event may hide it from someone.
    before = face_mask(prog, st, comp) if not quiet and (comp.kind.position != "all" or not up_after) else 0
    if dest.index in st.lazy:
        settle(st, dest.index)
    if old_index == dest.index:
        items = tuple(c for c in st.contents[old_index] if c is not comp)
    else:
        st.contents[old_index] = tuple(c for c in st.contents[old_index] if c is not comp)
        items = st.contents[dest.index]
        if type(dest) is Zone and dest.capacity is not None and len(items) >= dest.capacity:
            raise error(span, f"{dest.name} is full (it holds at most {dest.capacity})")
    if end is None:
        end = "top" if type(dest) is Zone and dest.shape in ("deck", "pile") else "bottom"
    st.contents[dest.index] = (comp,) + items if end == "top" else items + (comp,)
    st.loc[cid] = dest.index
    st.face[cid] = up_after
    if not up_after:
        st.known[cid] = 0
    if not quiet:
        if old_index != dest.index:
            route = f"moves from {old.label} to {dest.label}"
        elif type(dest) is Zone and dest.ordered:
            route = f"moves to the {end} of {dest.label}"
        else:
            route = f"stays {'on' if type(dest) is Location else 'in'} {dest.label}"
        emit_about(prog, st, comp, before, route)
    if old_index != dest.index:
        if type(old) is Location and prog.leave_triggers:
            fire(prog, st, prog.leave_triggers, comp, old)
        if type(dest) is Location and prog.enter_triggers:
            fire(prog, st, prog.enter_triggers, comp, dest)


_MOVES = " moves from "


def merge_moves(st, mark) -> None:
    """Make the move events logged since mark one event per run of moves between the same
    places told to the same seats: "A, B and 2 Cards move from X to Y"."""
    events = chain_to_list(st.log, mark)
    if len(events) < 2:
        return
    log = mark
    for key, group in groupby(events, _move_key):
        run = list(group)
        if key is None or len(run) == 1:
            for e in run:
                log = (e, log)
            continue
        first = run[0]
        text = f"{_names([e.text.partition(_MOVES)[0] for e in run])} move from {key[1]}"
        others = f"{_names([key[2]] * len(run))} move from {key[3]}" if first.others is not None else None
        log = (Event(text, first.to, others, first.kind), log)
    st.log = log


def _move_key(e):
    """What moves merged into one event share (None: an event that is not a move, never merged)."""
    if e.kind != "move" or _MOVES not in e.text:
        return None
    who, _, way = e.others.partition(_MOVES) if e.others else (None, None, None)
    return (e.to, e.text.partition(_MOVES)[2], who, way)


def _names(names: list) -> str:
    """'A, B and 2 Cards': named things listed, 'a Card' ones counted."""
    parts, anonymous = [], {}
    for name in names:
        if name.startswith(("a ", "an ")):
            kind = name.split(" ", 1)[1]
            anonymous[kind] = anonymous.get(kind, 0) + 1
        else:
            parts.append(name)
    parts += [a_kind(k) if k_count == 1 else f"{k_count} {k}s" for k, k_count in anonymous.items()]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


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
            return
        before_a, before_b = face_mask(prog, st, a), face_mask(prog, st, b)
        ia = st.contents[pa].index(a)
        ib = st.contents[pb].index(b)
        la = list(st.contents[pa])
        lb = list(st.contents[pb])
        la[ia], lb[ib] = b, a
        st.contents[pa], st.contents[pb] = tuple(la), tuple(lb)
        st.loc[a.id], st.loc[b.id] = pb, pa
        _lay(prog, st, a, prog.places[pb])
        _lay(prog, st, b, prog.places[pa])
        old_a, old_b = prog.places[pa], prog.places[pb]
        emit_about(prog, st, a, before_a, f"moves from {old_a.label} to {old_b.label}")
        emit_about(prog, st, b, before_b, f"moves from {old_b.label} to {old_a.label}")
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
        if type(old) is Location and prog.leave_triggers:
            fire(prog, st, prog.leave_triggers, comp, old)
        if type(new) is Location and prog.enter_triggers:
            fire(prog, st, prog.enter_triggers, comp, new)


def shuffle(prog, st, zone, span=None) -> None:
    if type(zone) is not Zone:
        raise error(span, f"only a zone can be shuffled, not {display(st, zone)}")
    for c in st.contents[zone.index]:
        if not st.face[c.id]:
            st.known[c.id] = 0      # a shuffle loses track of every card one was shown
    if st.explicit and not any(st.face[c.id] for c in st.contents[zone.index]):
        # Nobody sees this order: leave it open, so that each draw is a chance event.
        st.lazy = st.lazy | {zone.index}
    else:
        st.contents[zone.index] = shuffled(st, st.contents[zone.index])
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
    emit(st, f"{display(st, comp)} is shown to {display(st, tuple(seats))}", _seats(mask),
         f"{a_kind(comp.kind.name)} is shown to {display(st, tuple(seats))}", kind="show")


def rotate(prog, st, comp, degrees, span=None) -> None:
    from .builtins import turn_direction
    if type(comp) is not Comp:
        raise error(span, f"only components can be rotated, not {display(st, comp)}")
    if degrees % 90:
        raise error(span, f"rotation must be a multiple of 90 degrees, not {degrees}")
    values = list(st.fields[comp.id])
    for i in prog.rotatable[comp.kind.name]:
        v = values[i]
        if type(v) is tuple:
            values[i] = tuple(turn_direction(prog, d, degrees) for d in v)
        elif v is not None:
            values[i] = turn_direction(prog, v, degrees)
    st.fields[comp.id] = tuple(values)
    place = prog.places[st.loc[comp.id]]
    where = f"on {place.label} " if type(place) is Location else ""
    emit_about(prog, st, comp, face_mask(prog, st, comp), f"{where}is turned {TURNS[degrees % 360]}")


TURNS = {0: "0 degrees", 90: "90 degrees clockwise", 180: "180 degrees", 270: "90 degrees anticlockwise"}


def mark(prog, st, loc, tag: str, on: bool, span=None) -> None:
    if type(loc) is not Location:
        raise error(span, f"only a location can be marked, not {display(st, loc)}")
    tags = st.tags[loc.index]
    st.tags[loc.index] = tags | {tag} if on else tags - {tag}


def as_list(value) -> tuple:
    return value if type(value) is tuple else (value,)
