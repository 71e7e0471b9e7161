"""Moves and draws of several components at once: each as moving them one by one would leave the
state, and told as one event per run of alike moves.

move_many, move_all and draw_many are what `move X to Y` and `draw N from Z` do with a list; where
moving each in turn would change nothing but where they lie (no limit on the zone, no trigger,
no item moved twice), they are moved in one step (the `bulk` fast path, prog.bulk).
"""
from __future__ import annotations

from ...errors import error
from ..model.chance import next_random, picked, take_forced
from ..model.open_order import lay_open, settle, settle_end
from ..model.collections import items_of
from ..model.values import Comp, Location, Zone, display
from .effects import move
from .events import emit, log_moves, merge_moves, moved_run


def move_many(prog, st, what, where, end, facing, span) -> None:
    """`move X to Y`: each component of X in turn, told as one event per run of alike moves."""
    items = unordered_whole(prog, st, what) if type(what) is tuple else (what,)
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


def unordered_whole(prog, st, items: tuple) -> tuple:
    """items, or, when they are all a place without an order holds (a hand, a bag, an area, a board
    location: `move contents(hand) to …`), the same in the order of how they read. Such a place
    has no order to show, but it holds its things in the order they came (the order of a deal no
    other seat saw): moved in that order they would tell it, in the event that names them and in
    the order they land in."""
    if len(items) < 2 or type(items[0]) is not Comp:
        return items
    at = st.loc[items[0].id]
    if at is None or st.contents[at] is not items:
        return items
    place = prog.places[at]
    if type(place) is Zone and place.ordered:
        return items
    return tuple(sorted(items, key=lambda c: display(st, c)))


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
            items = unordered_whole(prog, st, items)
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
    everyone, public = prog.everyone, prog.public
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
            before.append(public if face[cid] else known[cid] & everyone | shown)
    return before


def _move_at_once(st, items: tuple, where, end, facing, old=None) -> None:
    """move_many's effect when _at_once: the same contents, places and faces as moving each.
    old: the slot of the place they all lie in, when the caller knows it.
    (Plain loops: the few items a move takes are written faster by Python's own list stores
    than through map() over the lists' methods, which counts fewer opcodes but costs more.)"""
    loc, contents, new = st.loc, st.contents, where.index
    if st.lazy and new in st.lazy and not lay_open(st, where, items, end):
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
    if st.lazy and src.index in st.lazy:
        # (an open zone: only the end drawn from is given its order; a scenario's forced draw settles it)
        if st.forced or src.shape == "bag":
            settle(st, src.index)
        else:
            settle_end(st, src.index, end != "bottom", 1)
    items = st.contents[src.index]
    if not items:
        return None
    forced = take_forced(st, ("draw", src.index)) if st.forced else None
    if forced is not None:      # a scenario's `force draw(zone) = card`
        if forced[0] not in items:
            raise error(span, f"the scenario forced {display(st, forced[0])} to be drawn from {src.label}, "
                              "but it is not there", "force a draw of a component that lies in the zone")
        return forced[0]
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
    if type(src) is not Zone or (st.lazy and src.index in st.lazy) or st.forced:
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
