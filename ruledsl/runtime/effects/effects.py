"""Effects on a state, one function per kind of change, each telling its event.

These are the only functions that move components, turn them over or change
what seats know; compiled statements call them with their evaluated
arguments (and the span to blame). Enter/leave triggers fire from here.
"""
from __future__ import annotations

from ...errors import error
from ..model.chance import next_random, picked, settle, shuffled
from ..model.collections import items_of
from ..model.values import Comp, Location, Player, Zone, component_text, display, turn_direction
from .events import (a_kind, emit, emit_about, face_mask, log_moves, merge_moves, moved, moved_run,
                     seat_mask, seats_of, tell_moved)


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
        before = prog.everyone if st.face[cid] else st.known[cid] & prog.everyone | prog.places[old_index].sees
    if st.lazy and new_index in st.lazy:
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
                who = sort.name
                if to == prog.everyone:
                    to = who = None
            i = sort.read_as
            name = st.fields[cid][i] if sort.shown is None and i is not None else None
            if type(name) is not str:
                name = component_text(st, comp)
            news = (name, sort.name, to, who, prog.places[old_index], dest, end)
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
            news = (component_text(st, comp), comp.kind.name, None, None, prog.places[old_index], loc, "bottom")
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
    for c in items:     # (a deck shuffled at set-up is known to none: one test a card)
        if known[c.id] and not face[c.id]:
            known[c.id] = 0     # a shuffle loses track of every card one was shown
    if st.explicit and not any(face[c.id] for c in items):
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
         f"{a_kind(comp.kind.name)} is shown to {display(st, tuple(seats))}", kind="show")


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

def move_many(prog, st, what, where, end, facing, span) -> None:
    """`move X to Y`: each component of X in turn, told as one event per run of alike moves."""
    items = what if type(what) is tuple else (what,)
    if len(items) > 1 and (st.muted or st.quiet) and prog.bulk and _at_once(prog, st, items, where):
        _move_at_once(st, items, where, end, facing)
        return
    told = [] if len(items) > 1 and told_at_once(prog, st, where, True) else None
    if told is not None and _told_at_once(prog, st, items, where, end, facing, told):
        log_moves(st, told)
        return
    if end == "top":
        items = items[::-1]
    mark = st.log
    for c in items:
        move(prog, st, c, where, end, facing, span, told=told)
    if len(items) > 1:          # (no call for the commonest move: one component)
        tell_moves(st, told, mark, len(items))


def _told_at_once(prog, st, items: tuple, where, end, facing, told: list) -> bool:
    """move_many's moves of items that all lie in one place, made at once (_move_at_once) when
    moving each in turn would change nothing else (_at_once), their news added to told as moving
    each would tell it (moved_run); whether they were. (A told deal or discard of a hand: each
    move() works out its own news, as told_at_once lets it, only when these cannot.)"""
    loc = st.loc
    old = loc[items[0].id] if type(items[0]) is Comp else None
    for c in items:
        if type(c) is not Comp or loc[c.id] != old:
            return False
    if not _at_once(prog, st, items, where):
        return False
    # moved in the order move_many moves them: the last first onto the top, so that they lie in order
    order = items[::-1] if end == "top" else items
    up = where.lays_up if facing is None else facing == "up"
    before = _faces_before(prog, st, order, up, prog.places[old])
    if before is None:
        return False
    _move_at_once(st, items, where, end, facing, old)
    told.extend(moved_run(prog, st, order, before, prog.places[old], where,
                          where.default_end if end is None else end))
    return True


def made_quietly(effect, prog, st, *args) -> None:
    """An effect made as inside `quietly:` (what the compiler writes for a list moved by a quiet
    block that holds nothing else; the triggers a quiet move fires)."""
    st.quiet += 1
    try:
        effect(prog, st, *args)
    finally:
        st.quiet -= 1


def told_at_once(prog, st, where, leaving: bool) -> bool:
    """Whether the events of moves into where may be told once all are made (move()'s told):
    told at all (not muted, nor `quietly:`), with no trigger that may fire in between (and tell
    its own events among theirs). leaving: the moved may leave a board location."""
    return prog.bulk and not (st.muted or st.quiet) and not (leaving and prog.leave_triggers) and \
        (type(where) is not Location or not prog.enter_triggers)


def tell_moves(st, told, mark, moved: int) -> None:
    """The events of the moves made since mark, each run of alike ones as one: logged now from
    their parts (told, as told_at_once allows), or merged as they were logged."""
    if told is not None:
        log_moves(st, told)
    elif moved > 1:
        merge_moves(st, mark)


def move_all(prog, st, src, where, end, facing, span) -> None:
    """`move contents(src) to where`: when both are zones, where has no limit and no event is told
    (`quietly:`, a muted state), all that lies in src at once, with none of _at_once's tests of
    each item (a zone's contents are distinct components, none of them in where already, none
    leaving a board location); else as move_many."""
    if type(src) is Zone and type(where) is Zone and src is not where and where.capacity is None \
            and (st.muted or st.quiet) and prog.bulk and not st.lazy:
        items = st.contents[src.index]
        if items:
            st.contents[src.index] = ()
            _lay_at_once(st, items, where, end, facing)
        return
    move_many(prog, st, items_of(st, src), where, end, facing, span)


def _at_once(prog, st, items: tuple, where) -> bool:
    """Whether moving items one by one would change nothing but where they lie and how they
    face: into a zone without a limit or onto a board location (which has none), no item there
    already nor twice over, no event told (the caller knows) and no trigger to fire on leaving
    or entering a board location."""
    if not _open_at_once(prog, where):
        return False
    loc, new = st.loc, where.index
    for c in items:
        if type(c) is not Comp or loc[c.id] == new:
            return False
    return len(set(items)) == len(items)


def _open_at_once(prog, where) -> bool:
    """What _at_once asks of where, whatever is moved: a zone without a limit or a board location,
    and no trigger to fire on leaving or entering a board location."""
    kind = type(where)
    return not (prog.leave_triggers or (where.capacity is not None if kind is Zone else
                                        kind is not Location or prog.enter_triggers))


def _faces_before(prog, st, items: tuple, up: bool, old):
    """The seats that see each item's face before a move of them all at once that is told (0
    where it cannot matter, as move() has it), all lying in the place old (face_mask, for each:
    what old shows worked out once); None when an item reads by its kind's `shown as`, which may
    read what the others' moves change (then they move one by one)."""
    everyone = prog.everyone
    shown = old.sees
    face, known = st.face, st.known
    before = []
    for c in items:
        kind = c.kind
        if kind.shown is not None:
            return None
        if kind.position == "all" and up:
            before.append(0)
        else:
            cid = c.id
            before.append(everyone if face[cid] else known[cid] & everyone | shown)
    return before


def _move_at_once(st, items: tuple, where, end, facing, old=None) -> None:
    """move_many's effect when _at_once: the same contents, places and faces as moving each.
    old: the slot of the place they all lie in, when the caller knows it.
    (Plain loops: the few items a move takes are written faster by Python's own list stores
    than through map() over the lists' methods, which counts fewer opcodes but costs more.)"""
    loc, contents, new = st.loc, st.contents, where.index
    if st.lazy and new in st.lazy:
        settle(st, new)
    if old is None:
        old = loc[items[0].id]
        for c in items:
            if loc[c.id] != old:
                old = None
                break
    if old is not None:
        row = contents[old]
        if len(row) == len(items):
            contents[old] = ()          # all that lay there (the items are distinct)
        elif len(items) * FEW < len(row):
            for c in items:     # a few of many: each found and cut out at C speed
                i = row.index(c)
                row = row[:i] + row[i + 1:]
            contents[old] = row
        else:
            moving = set(items)
            contents[old] = tuple([x for x in row if x not in moving])
    else:
        moving = set(items)
        for old in {loc[c.id] for c in items}:
            contents[old] = tuple([x for x in contents[old] if x not in moving])
    _lay_at_once(st, items, where, end, facing)


# Items moved at once are cut out of their place one at a time when it holds more than FEW times
# as many (going through all that lies there costs more then: measured).
FEW = 3


def _lay_at_once(st, items: tuple, where, end, facing) -> None:
    """Put items, taken from where they lay, into the zone where, as moving each in turn would."""
    loc, contents, new = st.loc, st.contents, where.index
    if end == "top":        # as move_many does it: the last first, so that they lie in order
        contents[new] = items + contents[new]
    elif end is None and where.default_end == "top":    # each on top of the one before
        contents[new] = items[::-1] + contents[new]
    else:
        contents[new] = contents[new] + items
    up = where.lays_up if facing is None else facing == "up"
    face = st.face
    if up:          # (a loop for each way they face: no test of it for each item)
        for c in items:
            cid = c.id
            loc[cid] = new
            face[cid] = True
    else:
        known = st.known
        for c in items:
            cid = c.id
            loc[cid] = new
            face[cid] = False
            known[cid] = 0


def draw_one(prog, st, src, end, span):
    """The component a draw takes (at random from a bag; else from the top or the bottom), or None."""
    if type(src) is not Zone:
        raise error(span, f"{display(st, src)} is not a zone to draw from")
    items = st.contents[src.index] if not st.lazy else items_of(st, src)     # (items_of settles a lazy zone)
    if not items:
        return None
    if src.shape == "bag":
        return items[next_random(st, len(items))]
    return items[-1] if end == "bottom" else items[0]


def draw_many(prog, st, count, src, dst, end, dest_end, facing, span) -> None:
    """`draw N from src to dst`: stops, and says so, when src runs out."""
    if count > 1 and (st.muted or st.quiet) and prog.bulk and drawn_at_once(prog, st, count, src, dst, end,
                                                                            dest_end, facing):
        return
    told = [] if count > 1 and told_at_once(prog, st, dst, False) else None    # (a draw leaves a zone)
    if told is not None and drawn_at_once(prog, st, count, src, dst, end, dest_end, facing, told):
        log_moves(st, told)
        return
    mark, empty = st.log, False
    for _ in range(count):
        comp = draw_one(prog, st, src, end, span)
        if comp is None:
            empty = True
            break
        move(prog, st, comp, dst, dest_end, facing, span, told=told)
    tell_moves(st, told, mark, count)
    if empty:       # (after the moves, as merge_moves would leave it)
        emit(st, f"{src.label} is empty", kind="draw")


def drawn_at_once(prog, st, count, src, dst, end, dest_end, facing, told=None) -> bool:
    """Draws of `count` components from the top or the bottom of a zone that holds enough of
    them, or at random from a bag (not under explicit chance, nor from a deck shuffled under it:
    chance picks each), moved as one (_move_at_once) when move_many would move them so; whether
    they were. Nobody is told of them (the caller knows: muted or `quietly:`), or told: an empty
    list their news is added to, in the order drawn, runs of alike moves made one as log_moves
    makes them (the caller knows that no trigger fires)."""
    if type(src) is not Zone or (st.lazy and src.index in st.lazy):
        return False
    items = st.contents[src.index]
    if len(items) < count:
        return False
    if src.shape == "bag":
        if st.explicit or st.lazy:
            return False        # chance picks each (decisions.draw_step)
        # draw_one's picks, made in turn from what is left: the same numbers of the state's generator
        rng = st.rng
        drawn, left = picked(st, items, count)
        before = _drawn_before(prog, st, drawn, src, dst, facing, told)
        if before is None:
            st.rng = rng        # drawn one by one after all: they pick again
            return False
        st.contents[src.index] = left       # what is left, in its order (as _move_at_once leaves it)
        _lay_at_once(st, drawn[::-1] if dest_end == "top" else drawn, dst, dest_end, facing)  # (as below)
    else:
        drawn = items[:-count - 1:-1] if end == "bottom" else items[:count]     # in the order drawn
        before = _drawn_before(prog, st, drawn, src, dst, facing, told)
        if before is None:
            return False
        # each drawn one put on top in turn: the last drawn lies on top
        _move_at_once(st, drawn[::-1] if dest_end == "top" else drawn, dst, dest_end, facing, src.index)
    if told is not None:
        dest_end = dst.default_end if dest_end is None else dest_end
        told.extend(moved_run(prog, st, drawn, before, src, dst, dest_end))
    return True


def _drawn_before(prog, st, drawn: tuple, src, dst, facing, told):
    """Whether drawn, taken from the zone src, may move to dst at once (as _at_once asks: what a
    zone holds are distinct components, none of them in dst unless src is dst), and when told,
    who saw each one's face before (_faces_before): a list (empty when not told), or None when
    they may not."""
    if src is dst or not _open_at_once(prog, dst):
        return None
    if told is None:
        return []
    return _faces_before(prog, st, drawn, dst.lays_up if facing is None else facing == "up", src)


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
