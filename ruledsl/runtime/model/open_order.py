"""Zones whose shuffle is left open, and what lies in a known order at their ends.

Under explicit chance a zone shuffled where nobody sees its order is left open (`st.lazy`):
each draw from it is a chance event, and its contents tuple holds its components in no
order that means anything. Reading its whole order (a loop over it, `contents(deck)`)
settles it at once from the state's generator (`settle`).

What is laid on top of an open stack, or under it, afterwards lies there in a known order,
and the rest stays open: `st.ends[index] = (head, tail)`, the components laid on its top and
under it (frozensets; the contents tuple keeps them physically first and last, so the open
part is what lies between). A draw from an end takes what lies there, or asks chance among
the open part when nothing does; `top(deck)` settles that end only (`settle_end`). So a
discard pile put under a deck whose order nobody has seen leaves its next draws to chance,
as at the table, instead of fixing the deck's whole order from the generator there.

`st.ends` is replaced, never changed in place (clones share it). An entry may name
components that have left the zone since (a drawn head card): `ends` counts only the runs of
its members that lie at each end.
"""
from __future__ import annotations

from .chance import next_random, shuffled

_NONE = (frozenset(), frozenset())


def ends(st, index: int) -> tuple:
    """(h, t): how many components lie in a known order at the top and at the bottom of the
    open zone `index`."""
    pair = st.ends.get(index) if st.ends else None
    if pair is None:
        return 0, 0
    head, tail = pair
    items = st.contents[index]
    n = len(items)
    h = 0
    while h < n and items[h] in head:
        h += 1
    t = 0
    while t < n - h and items[n - 1 - t] in tail:
        t += 1
    return h, t


def draw_pool(st, index: int, end) -> tuple:
    """What chance picks among for a draw from `end` ("bottom", else the top) of the open zone
    `index`: its open part, or () when a component lies at that end (or the open part holds
    fewer than two: the draw is decided)."""
    if not st.ends or index not in st.ends:
        return st.contents[index]
    h, t = ends(st, index)
    if (t if end == "bottom" else h):
        return ()
    items = st.contents[index]
    middle = items[h:len(items) - t]
    return middle if len(middle) > 1 else ()


def settle(st, index: int) -> None:
    """Give an open zone a real order before its order is read: its open part shuffled with
    the state's generator, between what lies at its ends."""
    if index not in st.lazy:
        return
    st.lazy = st.lazy - {index}
    if st.ends and index in st.ends:
        h, t = ends(st, index)
        forget_ends(st, index)
        items = st.contents[index]
        n = len(items)
        st.contents[index] = items[:h] + shuffled(st, items[h:n - t]) + items[n - t:]
    else:
        st.contents[index] = shuffled(st, st.contents[index])


def settle_end(st, index: int, from_top: bool, n: int) -> None:
    """Give the n components at one end of an open zone their place (`top(deck)`,
    `bottom(deck, 2)`): each drawn by the state's generator from the open part, the rest left
    open; a zone with at most one component left open is settled."""
    if index not in st.lazy:
        return
    h, t = ends(st, index)
    items = st.contents[index]
    size = len(items)
    middle = list(items[h:size - t])
    picked = []
    for _ in range(n - (h if from_top else t)):
        if len(middle) < 2:
            break
        picked.append(middle.pop(next_random(st, len(middle))))
    if from_top:
        st.contents[index] = items[:h] + tuple(picked) + tuple(middle) + items[size - t:]
    else:
        st.contents[index] = items[:h] + tuple(middle) + tuple(reversed(picked)) + items[size - t:]
    if len(middle) < 2:         # its whole order is known now
        st.lazy = st.lazy - {index}
        forget_ends(st, index)
    elif picked:
        _note(st, index, picked, "top" if from_top else "bottom")


def lay_open(st, zone, comps, end) -> bool:
    """Note that comps are being laid on `end` of the open zone (None: its default end), which
    stays open below them: whether it does (a stack: a deck, a pile). The caller lays them
    there; otherwise it settles the zone first."""
    if zone.shape not in ("deck", "pile"):
        return False
    _note(st, zone.index, comps, end or zone.default_end)
    return True


def exchanged(st, a, b) -> None:
    """Components a and b took each other's places: each takes the other's at an end too."""
    if not st.ends:
        return
    trade = {a: b, b: a}
    st.ends = {i: (frozenset(trade.get(c, c) for c in head), frozenset(trade.get(c, c) for c in tail))
               for i, (head, tail) in st.ends.items()}


def relaid(st, index: int, items: tuple) -> None:
    """Lay the place `index` as items (a repair laying face-down components otherwise): what
    lies at the ends of an open zone is what lies in those positions now."""
    if st.ends and index in st.ends:
        h, t = ends(st, index)
        st.ends = {**st.ends, index: (frozenset(items[:h]), frozenset(items[len(items) - t:]))}
    st.contents[index] = items


def put_open(st, index: int, comp) -> None:
    """Put comp into the open part of the open zone `index` (not at an end)."""
    _, t = ends(st, index)
    items = st.contents[index]
    st.contents[index] = items[:len(items) - t] + (comp,) + items[len(items) - t:]
    if st.ends and index in st.ends:
        head, tail = st.ends[index]
        st.ends = {**st.ends, index: (head - {comp}, tail - {comp})}


def _note(st, index: int, comps, end: str) -> None:
    head, tail = st.ends.get(index, _NONE) if st.ends else _NONE
    laid = frozenset(comps)
    if end == "top":
        head, tail = head | laid, tail - laid
    else:
        head, tail = head - laid, tail | laid
    st.ends = {**st.ends, index: (head, tail)}


def forget_ends(st, index: int) -> None:
    """Nothing lies in a known order at the ends of zone `index` any more (it was shuffled)."""
    if st.ends and index in st.ends:
        st.ends = {i: pair for i, pair in st.ends.items() if i != index}
