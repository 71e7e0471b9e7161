"""Events: who may read what, and how the log names components some seats may not see.

Every change to a state that players may notice is told as an Event with the
seats that read it; the effects call these functions, never build events.
"""
from __future__ import annotations

from itertools import groupby

from ..model.state import Event, chain_to_list, logged, new_event
from ..model.values import Comp, Zone, component_text


# What `quietly:` keeps out of the log: the effects on components. Announcements,
# decisions, chance, turns, phases and the end are still told.
QUIET_KINDS = frozenset({"move", "draw", "shuffle", "swap", "show"})


def emit(st, text: str, to=None, others=None, kind: str = "log") -> None:
    if st.muted or (st.quiet and kind in QUIET_KINDS):
        return
    log = st.log        # logged(), written out: every event passes here
    st.log = (new_event((text, to, others, kind)), log, log[2] + 1 if log is not None else 1)


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
    pos = comp.kind.position
    if pos == "all":
        position = (1 << len(prog.players)) - 1
    else:
        owner = st.owner[comp.id]
        position = 1 << owner.index if pos == "owner" and owner is not None else 0
    return position, position & (before_face | face_mask(prog, st, comp))


def face_mask(prog, st, comp: Comp) -> int:
    """The seats that may see comp's face where it lies now, as a bitmask (sees_face, for all)."""
    everyone = (1 << len(prog.players)) - 1
    cid = comp.id
    if st.face[cid]:
        return everyone
    mask = st.known[cid] & everyone
    place = prog.places[st.loc[cid]]
    if type(place) is Zone:
        vis = place.visibility
        if vis == "all":
            return everyone
        if vis == "owner" and place.owner is not None:
            mask |= 1 << place.owner.index
    return mask


def seat_mask(seats) -> int:
    """The bitmask of these players' seats."""
    mask = 0
    for p in seats:
        mask |= 1 << p.index
    return mask


def seats_of(mask: int) -> frozenset:
    """The seats of a bitmask (each mask's set made once: there are few)."""
    found = _SEATS.get(mask)
    if found is None:
        found = _SEATS[mask] = _seats_of(mask)
    return found


_SEATS: dict = {}


def _seats_of(mask: int) -> frozenset:
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
    if st.muted or st.quiet:    # its kind, "move", is one `quietly:` keeps out of the log
        return
    log = st.log        # emit(), written out
    st.log = (new_event(about(prog, st, comp, before_face, verb)), log, log[2] + 1 if log is not None else 1)


def about(prog, st, comp: Comp, before_face: int, verb: str) -> tuple:
    """The (text, to, others, kind) of emit_about's event, for a caller that tells it."""
    everyone = (1 << len(prog.players)) - 1
    if comp.kind.position == "all" and (st.face[comp.id] or before_face == everyone):
        return (f"{component_text(st, comp)} {verb}", None, None, "move")  # in plain sight: no one to hide it from
    position, face = _who_sees(prog, st, comp, before_face)
    named = f"{component_text(st, comp)} {verb}"
    if face == everyone:
        return (named, None, None, "move")
    anonymous = f"{a_kind(comp.kind.name)} {verb}"
    if position == everyone:
        return (named, seats_of(face), anonymous, "move")
    return (named if face else anonymous, seats_of(position), None, "move")


_MOVES = " moves from "


def merge_moves(st, mark) -> None:
    """Make the move events logged since mark one event per run of moves between the same
    places told to the same seats: "A, B and 2 Cards move from X to Y"."""
    events = chain_to_list(st.log, mark)
    if len(events) < 2:
        return
    log = mark
    for e in _merged(events):
        log = logged(e, log)
    st.log = log


def log_moves(st, told: list) -> None:
    """Log the events of moves told in turn, (text, to, others, kind) each as about() makes
    them, as logging each and then merge_moves would: without making an Event of each first."""
    log = st.log
    for e in _merged(told) if len(told) > 1 else told:
        log = (e if type(e) is Event else new_event(e), log, log[2] + 1 if log is not None else 1)
    st.log = log


def _merged(events: list):
    """The events (Events, or tuples of their parts), each run of alike moves made one Event."""
    for key, group in groupby(events, _move_key):
        run = list(group)
        if key is None or len(run) == 1:
            yield from run
            continue
        first = run[0]
        text = f"{_names([e[0].partition(_MOVES)[0] for e in run])} move from {key[1]}"
        others = f"{_names([key[2]] * len(run))} move from {key[3]}" if first[2] is not None else None
        yield Event(text, first[1], others, first[3])


def _move_key(e):
    """What moves merged into one event share (None: an event that is not a move, never merged).
    e: an Event or a tuple of its parts (text, to, others, kind)."""
    text, to, others, kind = e
    if kind != "move" or _MOVES not in text:
        return None
    who, _, way = others.partition(_MOVES) if others else (None, None, None)
    return (to, text.partition(_MOVES)[2], who, way)


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


