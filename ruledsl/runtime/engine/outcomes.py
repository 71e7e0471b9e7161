"""Chance's outcomes among items: lookalikes grouped, each group labelled, with its odds.

A draw from a deck under explicit chance offers one outcome per kind of card left in it, so
working them out reads every card (its kind and fields) and labels each group. A belief
replays the same history in dozens of particles, so the same deck, the same tuple of
components, is drawn from again and again: a place's contents are a tuple replaced whenever
they change (runtime/model/state.py), and the outcomes are kept per tuple (remembered()),
checked at each use against the fields (and, where a label reads it, the owner) of every
component in it, which play changes without changing the tuple.
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import islice
from operator import itemgetter

from ..model.values import Comp, EnumValue, Location, Player, Zone, display

# How many contents' outcomes are kept at most (a bound on memory, about 2 KB each); past it the
# older half is let go (a belief in one of the bundled games drew from 6,600 distinct decks in
# 22,000 draws of a game, most again soon after the first time: benchmarks/README.md).
KEPT = 8192

# Field values whose text is their own (display reads nothing else of the state), alone or in a
# list: a label made of them is the same wherever the fields are.
_PLAIN = frozenset({str, int, bool, float, type(None), EnumValue, Player, Location, Zone})

# A kind's `shown as` function whose text reads only the component's own fields and owner
# carries this attribute (set by the compiler: compiler/build.py, shown_function).
OWN_FIELDS_ONLY = "reads_own_fields_only"

_memo: dict = {}
_plain_looks: dict = {}


def outcomes_of(st, items) -> tuple:
    """([(label, value, probability)], alike) for a uniform pick among items: copies that cannot
    be told apart are one outcome; different things that read alike get a number to keep labels
    unique, and alike says whether two components did (told apart by what no face shows)."""
    alike, labels, values, probs = remembered(st, items)
    return list(zip(labels, values, probs)), alike


def remembered(st, items) -> tuple:
    """(alike, labels, values, probs) of items (outcomes_of's columns as tuples, what a Decision
    holds), kept per items tuple while the fields (and owners) they were made from
    hold: a belief draws from the same deck in every particle, and from the same deck again after
    a retreat."""
    try:
        entry = _memo.get(items)
    except TypeError:       # (an item that cannot be hashed: worked out each time)
        return _columns(*_grouped(st, items))
    if entry is not None:
        ids, fields, owners, got = entry
        if ids(st.fields) == fields and (owners is None or ids(st.owner) == owners):
            return got
    outcomes, alike = _grouped(st, items)
    got = _columns(outcomes, alike)
    keep = _keepable(st, items, got[2])
    if keep is not None:
        if len(_memo) >= KEPT:
            for old in list(islice(_memo, KEPT // 2)):
                _memo.pop(old, None)        # (another thread may have let it go: a server's games)
        ids = itemgetter(*[c.id for c in items])
        _memo[items] = (ids, ids(st.fields), ids(st.owner) if keep else None, got)
    return got


def _columns(outcomes, alike) -> tuple:
    return (alike, tuple([o[0] for o in outcomes]), tuple([o[1] for o in outcomes]),
            tuple([o[2] for o in outcomes]))


def _keepable(st, items, values):
    """Whether items' outcomes may be kept (remembered): None when not (an item that is not a
    component, a field whose text reads other things, a `shown as` that reads more than its
    component); else whether a label reads an owner (then owners are checked too). values: an
    item of each group of lookalikes (what reads the same is one outcome: one look each)."""
    if type(items) is not tuple:
        return None
    fields = st.fields
    owners = False
    for item in values:
        if type(item) is not Comp:
            return None
        shown = item.kind.shown
        if shown is not None:
            if not getattr(shown, OWN_FIELDS_ONLY, False):
                return None
            owners = True
        if not _plain(item.kind, fields[item.id]):
            return None
    return owners


def _plain(kind, own: tuple) -> bool:
    """Whether every field in own is a _PLAIN value or a list of them, kept per kind and fields
    (a tile's sides, a card's blocked rooms: a list looked into at every new deck cost as much
    as keeping the deck's outcomes)."""
    key = (kind, own)
    try:
        got = _plain_looks.get(key)
    except TypeError:       # (a map: not plain)
        return False
    if got is None:
        got = all(type(v) in _PLAIN or type(v) is tuple and _PLAIN.issuperset(map(type, v)) for v in own)
        if len(_plain_looks) >= KEPT:
            _plain_looks.clear()
        _plain_looks[key] = got
    return got


def _grouped(st, items) -> tuple:
    """outcomes_of worked out: lookalikes counted in the order each first appears, each group
    labelled by its first item (_identity written out: a call an item cost a third of the time)."""
    fields = st.fields
    groups: dict = {}
    try:
        for item in items:
            key = (item.kind, fields[item.id]) if type(item) is Comp else (type(item), item)
            group = groups.get(key)
            if group is None:
                groups[key] = [display(st, item), item, 1]
            else:
                group[2] += 1
    except TypeError:       # (a value that cannot be hashed, a map: each is its own outcome)
        return _grouped_each(st, items)
    return _labelled(list(groups.values()), len(items))


def _grouped_each(st, items) -> tuple:
    """_grouped where some key cannot be hashed: such an item is an outcome of its own."""
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
    return _labelled(list(groups.values()), len(items))


def _identity(st, value):
    """What makes two possible outcomes the same: a component's kind and every field
    (indistinguishable copies merge); anything else, itself."""
    if type(value) is Comp:
        return (value.kind, st.fields[value.id])
    return (type(value), value)


def _labelled(groups: list, total: int) -> tuple:
    """The outcomes of groups ([label, item, count], in order), labels made unique."""
    seen: dict = {}
    for label, _item, _count in groups:
        seen[label] = seen.get(label, 0) + 1
    out, alike, nth = [], False, {}
    for label, item, count in groups:
        if seen[label] > 1:
            nth[label] = nth.get(label, 0) + 1
            alike = alike or type(item) is Comp or (type(item) is tuple and any(type(v) is Comp for v in item))
            label = f"{label} ({nth[label]})"
        out.append((label, item, _odds(count, total)))
    return out, alike


@lru_cache(maxsize=4096)
def _odds(count: int, total: int) -> Fraction:
    """count in total as a Fraction, made once (a deck's draws ask for the same few again and again)."""
    return Fraction(count, total)
