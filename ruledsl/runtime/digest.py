"""A view's digest: a value equal for two states of one game exactly when the view a seat has
of them (views.build_view, less its log) is equal, much cheaper to make and compare than the
view, for the samplers that compare many guessed states with what a seat saw
(agents/determinise.py). Built from the same rules of seen.py as the view, as keys rather than
JSON-ready copies.

A sampler digests mostly states one action after a state it digested already (a particle's
child), so a state keeps, per seat, what its last digest was made from (DigestBase), its clones
inherit it, and the next digest keys again only the places that differ from it
(_places_keys): what changed is found by comparing the state with the base, not recorded by
the effects, so that apply pays nothing and a state changed outside apply (sampling.exchange,
relocate) is still digested right.
"""
from __future__ import annotations

from fractions import Fraction
from itertools import compress, count
from operator import attrgetter, is_, is_not, itemgetter

from ..check.builtins import ZONE_SHAPES
from .model.values import Comp, EnumValue, Location, Player, Zone
from .seen import Handles, knows_position, lookalikes, sees
from .views import _exits, _vars, encode


def view_digest(prog, st, seat) -> "Digest":
    """Equal for two states of one game exactly when their view(seat), less the log, is equal;
    cheaper to make (no JSON-ready copies, nothing that never changes: labels, fixed exits; exits
    that depend on the state are worked out only when everything else is equal; the places
    alike in the state its base was made from keyed once, see _places_keys).
    For samplers that compare many guessed states with what a seat saw."""
    decision = st.pending
    chooser = decision.seat if decision is not None else None
    handles = Handles(prog, st, seat)
    if seat is None:
        variables = _vars(prog, st, seat, handles)
        places = [_contents_key(prog, st, place, seat, handles) for place in prog.places]
    else:
        base, dirty, cache = _followed(prog, st, seat, handles)
        variables, again = _variables(prog, st, seat, handles, base)
        places = _places_keys(prog, st, seat, handles, base, dirty, cache, variables if again else None)
    main = (st.current, st.round, st.phase, chooser, decision is not None and decision.seat is None,
            st.result, variables, places, [st.tags[loc.index] for loc in prog.all_locations],
            decision.labels if decision is not None and chooser is not None and chooser == seat else None)
    return Digest(main, prog, st)


class Digest:
    """A view's digest (see view_digest): the main part, and the exits that depend on the state,
    read from the state when first compared (do not change the state before)."""
    __slots__ = ("main", "_prog", "_st", "_exits")

    def __init__(self, main, prog, st):
        self.main = main
        self._prog = prog
        self._st = st
        self._exits = None

    def exits(self) -> tuple:
        if self._exits is None:
            prog, st = self._prog, self._st
            self._exits = tuple(_exits(prog, st, prog.places[i]) for i in sorted(_dynamic_exits(prog)))
            self._st = None
        return self._exits

    def __eq__(self, other):
        if not isinstance(other, Digest):
            return NotImplemented
        return self is other or (self.main == other.main and self.exits() == other.exits())

    __hash__ = None

    def differences(self, other: "Digest") -> int:
        """How many entries of the two views differ, 0 when they are equal: each variable, each
        place's contents and each board location's tags once, the turn, round, phase, who is to
        act, chance, the result and the options listed once each (the exits, once, only when
        nothing else differs). For samplers that steer a guess towards a view: no view is made."""
        d = 0
        for i, (x, y) in enumerate(zip(self.main, other.main)):
            if x == y:
                continue
            if i == _VARIABLES:
                d += sum(x.get(k) != y.get(k) for k in x.keys() | y.keys())
            elif i in _PER_PLACE:
                d += sum(p != q for p, q in zip(x, y))
            else:
                d += 1
        return d if d or self.exits() == other.exits() else 1


_VARIABLES, _PER_PLACE = 6, (7, 8)      # where Digest.main holds them (view_digest)


def _contents_key(prog, st, place, seat, handles, cache=None, fresh=True) -> tuple:
    """What _contents shows of a place, as keys (see _comp_key): stacks show only their top
    item's back, places without an order their hidden items in an order of their own.
    cache, fresh: as _seat_keys's."""
    if seat is None:
        keys = [_comp_key(prog, st, c, seat, handles) for c in st.contents[place.index] if knows_position(st, c, seat)]
    else:
        keys = _seat_keys(prog, st, st.contents[place.index], seat, handles, cache, fresh)
    unsettled = place.index in st.lazy
    if not keys:
        return ()
    # (whether each is hidden, read in one pass: decks and bags of dozens are keyed at most steps)
    hidden_count = list(map(_HANDLE, keys)).count(None)
    if type(place) is Zone and ZONE_SHAPES[place.shape].stacked:
        if hidden_count == len(keys):       # all face down: the top one's back, and how many under it
            return (_UNDER if unsettled else keys[0],) + (_UNDER,) * (len(keys) - 1)
        return tuple(_UNDER if k[2] is None and (i > 0 or unsettled) else k for i, k in enumerate(keys))
    if type(place) is Location or not place.ordered or unsettled:
        if hidden_count < 2:
            return tuple(keys)
        hidden = keys if hidden_count == len(keys) else [k for k in keys if k[2] is None]
        if hidden.count(hidden[0]) == len(hidden):
            return tuple(keys)      # in any order alike (backs of one look: a pile, a hand dealt face down)
        hidden = iter(sorted(hidden, key=repr))
        return tuple(next(hidden) if k[2] is None else k for k in keys)
    return tuple(keys)


_HANDLE = itemgetter(2)


def _seat_keys(prog, st, comps, seat: int, handles, cache=None, fresh=True) -> list:
    """[_comp_key] of the components a seat knows the place of, among comps. cache: None, or a
    list by component id of keys known to hold still (None: not known; see _places_keys), where
    the keys made (_new_keys) are kept; fresh: it holds none yet (a digest from scratch)."""
    if fresh or cache is None:
        return _new_keys(prog, st, comps, seat, handles, cache, None)
    keys = list(map(cache.__getitem__, map(_ID, comps)))
    missing = keys.count(None)
    if missing == len(keys):
        return _new_keys(prog, st, comps, seat, handles, cache, None)
    if missing:
        todo = [i for i, key in enumerate(keys) if key is None]
        for i, key in zip(todo, _new_keys(prog, st, [comps[i] for i in todo], seat, handles, cache, _UNKNOWN_PLACE)):
            keys[i] = key
    return [key for key in keys if key is not _UNKNOWN_PLACE] if _UNKNOWN_PLACE in keys else keys


def _new_keys(prog, st, comps, seat: int, handles, cache, unknown) -> list:
    """[_comp_key] of comps, and `unknown` (unless None) where the seat may not know the place:
    the same keys, its tests (knows_position, sees_face, comp_view's fields) written out in one loop, since
    a view digest from scratch makes one for every component of the game. Each key that depends
    on nothing but the component (no field shows another: _static) is kept in cache, if any."""
    face_up, known, owners, fields, loc, places = st.face, st.known, st.owner, st.fields, st.loc, prog.places
    plans = _field_plans(prog)
    keys = []
    for comp in comps:
        cid = comp.id
        kind = comp.kind
        owner = owners[cid]
        mine = owner is not None and owner.index == seat
        if kind.position != "all" and not (kind.position == "owner" and mine):
            if unknown is not None:
                keys.append(unknown)
            if cache is not None:
                cache[cid] = _UNKNOWN_PLACE
            continue
        face = bool(face_up[cid] or (known[cid] | places[loc[cid]].sees) >> seat & 1)
        plan = plans.get(kind)
        if plan is None:
            plan = _field_plan(plans, kind)
        values = fields[cid]
        raw = tuple(map(values.__getitem__, plan[2 * face + mine]))
        if all(map(_PLAIN_NONE.__contains__, map(type, raw))):
            shown = raw
        else:
            shown = tuple(value if type(value) in _PLAIN or value is None else encode(prog, st, value, seat, handles)
                          for value in raw)
        key = (kind.name, owner, handles.of(comp), face_up[cid], shown) if face else \
            (kind.name, owner, None, None, shown)
        keys.append(key)
        if cache is not None and (shown is raw or all(map(_SIMPLE.__contains__, map(type, raw)))
                                  or all(map(_static, raw))):
            cache[cid] = key
    return keys


# In _seat_keys's cache: a component whose place the seat may not know (kept out of the view).
_UNKNOWN_PLACE = ("a place not known",)
_PLAIN_NONE = frozenset((int, str, bool, float, type(None)))
_SIMPLE = _PLAIN_NONE | {EnumValue, Player, Location, Zone, Fraction}      # shown as themselves or a name


_UNDER = ("under a stack's top",)


def _comp_key(prog, st, comp: Comp, seat, handles):
    """What view(seat) shows of a component, as comp_view does, without building it: the handle
    (third) is None exactly when its face is hidden from seat."""
    cid = comp.id
    kind = comp.kind
    owner = st.owner[cid]
    face = sees(prog, st, comp, seat)
    plans = _field_plans(prog)
    plan = plans.get(kind) or _field_plan(plans, kind)
    values = st.fields[cid]
    shown = tuple(value if type(value) in _PLAIN or value is None else encode(prog, st, value, seat, handles)
                  for value in map(values.__getitem__, plan[2 * face + (owner is not None and owner.index == seat)]))
    return (kind.name, owner, handles.of(comp) if face else None, st.face[cid] if face else None, shown)


_PLAIN = frozenset((int, str, bool, float))


def _field_plans(prog) -> dict:
    """kind -> _field_plan(kind), kept with the program."""
    plans = getattr(prog, "_field_plans", None)
    if plans is None:
        plans = prog._field_plans = {}
    return plans


def _field_plan(plans: dict, kind) -> tuple:
    """The indices of the fields a view shows of a component of this kind (comp_view's rule), in
    their order, for each (face seen, seat its owner), indexed 2 * face + owner: worked out once
    per kind, where comp_view tests every field of every component."""
    plan = plans[kind] = tuple(
        tuple(i for i, (name, vis) in enumerate(zip(kind.fields, kind.field_visibility))
              if name not in kind.hidden and (vis == "all" or (vis is None and face) or (vis == "owner" and mine)))
        for face in (False, True) for mine in (False, True))
    return plan


def _dynamic_exits(prog) -> frozenset:
    """The grid squares whose exits depend on the state (`connect … when`, edges with `when`)."""
    found = getattr(prog, "_dynamic_exits", None)
    if found is None:
        found = frozenset(index for index, steps in prog.graphs.steps.items()
                          if any(s.cond is not None and s.kind == "orthogonal" for s in steps))
        prog._dynamic_exits = found
    return found


# ---------------------------------------------------------------- a digest from its parent's
class DigestBase:
    """What a state's digest for one seat was made from: copies of the state's lists that its
    keys depend on (each entry an immutable value the effects replace, never change), the
    handles its places gave (numbered, used: seen.Handles's, before the variables gave any), each
    place's keys and the places keyed every time (unkept), each component's key where it depends
    on nothing else (cache, by id; None: it may), and the variables as shown (None: they hold a
    component, shown as the seat sees it now). Never changed once made: clones share it
    (StateData.digests)."""
    __slots__ = ("prog", "contents", "loc", "face", "known", "owner", "fields", "lazy", "numbered", "used",
                 "keys", "unkept", "cache", "vals", "var_known", "variables")


def _followed(prog, st, seat: int, handles) -> tuple:
    """(the state's base for seat, the indices of the places whose keys may differ from the
    base's, the base's cache less the components whose keys may), or (None, None, an empty cache)
    when the state has no base (its handles numbered when first needed, as in a view): and
    the handles numbered, from the base's numbering, before the variables give any.

    What changed is found by comparing the state with its base, not recorded as it happens, so
    that apply pays nothing for it and changes made outside apply (sampling.exchange, relocate)
    are found alike. A component's key may differ when its place, face, known, owner, fields or
    handle did; a place's when its contents or settledness did or one of its components' keys
    may. Handles are numbered again only for the classes of lookalikes that one of those
    components, or a place whose order changed, belongs to (Handles.renumber). A base from which
    most components changed is not used: comparing with it would cost more than it saves."""
    bases = st.digests
    base = bases.get(seat) if bases is not None else None
    if base is None or base.prog is not prog:
        return None, None, [None] * len(prog.comps)
    dirty, changed = _changes(st, base)
    if len(changed) * 2 > len(prog.comps):
        return None, None, [None] * len(prog.comps)     # most of the game changed: from scratch is cheaper
    classes = lookalikes(prog)
    affected = {classes[cid] for cid in changed if classes[cid] is not None}
    for i in dirty:
        affected.update(_reordered(classes, base.contents[i], st.contents[i]))
    handles.renumber(base.numbered, base.used, affected)
    given, old = handles.given, base.numbered
    changed.update(cid for members in affected for cid in members if given.get(cid) != old.get(cid))
    if st.lazy is not base.lazy:
        dirty.update(st.lazy ^ base.lazy)
    loc = st.loc
    dirty.update(loc[cid] for cid in changed)
    cache = base.cache[:]
    for cid in changed:
        cache[cid] = None
    return base, dirty, cache


def _changes(st, base: DigestBase) -> tuple:
    """(the indices of the places whose contents changed since base, the ids of the components
    whose place, face, known, owner or fields did). The lists' entries are replaced when they
    change, so `is not` finds every change (and perhaps an equal value, made again for nothing)."""
    contents = st.contents
    if contents == base.contents:
        places = set()
    else:
        places = {i for i, (a, b) in enumerate(zip(contents, base.contents)) if a is not b}
    comps = set()
    for now, then in ((st.loc, base.loc), (st.face, base.face), (st.known, base.known), (st.owner, base.owner),
                      (st.fields, base.fields)):
        if now != then:
            comps.update(compress(count(), map(is_not, now, then)))
    return places, comps


def _reordered(classes: list, old: tuple, new: tuple) -> set:
    """The classes of lookalikes whose members in a place, of those that stayed, lie in another
    order (a shuffle, an exchange): those that came or went changed place, and count apart."""
    if new[1:] == old or new[:-1] == old or old[1:] == new or old[:-1] == new:
        return set()            # one came or went, on top or at the bottom: the others' order holds
    kept_new, kept_old = set(new), set(old)
    if [c for c in old if c in kept_new] == [c for c in new if c in kept_old]:
        return set()
    return {classes[c.id] for c in new if classes[c.id] is not None}


def _places_keys(prog, st, seat: int, handles, base, dirty, cache, variables) -> list:
    """[_contents_key] of every place, in the program's order, taking the base's keys for the
    places nothing changed in and the cached keys of the components that did not change
    (_followed), and a new base kept on the state (variables: the variables as shown, for it
    to keep, or None when a digest from it may not take them again).

    Why: a sampler following a step digests each particle's child, a state one action after one
    it digested, and the action changed one or two places of the game's dozens and a few of its
    components, while keying a component costs its tests (in a bundled game of 28 places and 139
    components, the digest was 60% of the cost of following a step: benchmarks/README.md). A key
    is made again whenever it could depend on anything else: a field holding a component, or a
    list or a map of them (shown as what the seat sees of other components now), and a zone the
    rules keep hidden (its components get handles as the view meets them, after the
    variables'). Places are keyed in their order, so that handles given as met are given as in
    a digest made from scratch."""
    places = prog.places
    zones = prog.defn.zones
    contents = st.contents
    fresh = base is None
    if fresh:
        keys, unkept, todo = [None] * len(places), set(), range(len(places))
    else:
        keys, unkept = base.keys[:], set(base.unkept)
        todo = sorted(dirty | unkept)
    for i in todo:
        place = places[i]
        hidden = type(place) is Zone and zones[place.decl_name].hidden
        keys[i] = _contents_key(prog, st, place, seat, handles, None if hidden else cache, fresh)
        if hidden or None in map(cache.__getitem__, map(_ID, contents[i])):
            unkept.add(i)
        else:
            unkept.discard(i)
    # the handles as numbered before any was given as met; none numbered: no lookalike's face seen
    numbered, used = handles.numbering if handles.given is not None else ({}, {})
    new = DigestBase()
    new.prog, new.lazy, new.numbered, new.used, new.keys, new.unkept, new.cache = \
        prog, st.lazy, numbered, used, keys, unkept, cache
    new.vals, new.var_known = st.vals[:], st.var_known
    new.variables = variables
    new.contents, new.loc, new.face, new.known, new.owner, new.fields = \
        contents[:], st.loc[:], st.face[:], st.known[:], st.owner[:], st.fields[:]
    bases = st.digests
    st.digests = {**bases, seat: new} if bases else {seat: new}
    return keys


def _variables(prog, st, seat: int, handles, base) -> tuple:
    """(views._vars, whether a digest from this one may take them again): the base's when the
    state's variables, and which were revealed to whom, are those it was made from, and they
    show no component (_static: one is shown as the seat sees it now)."""
    if base is not None and base.variables is not None and st.var_known is base.var_known and \
            len(st.vals) == len(base.vals) and all(map(is_, st.vals, base.vals)):
        return base.variables, True
    return _vars(prog, st, seat, handles), all(map(_static, st.vals))


_ID = attrgetter("id")


def _static(value) -> bool:
    """Whether a view shows value the same whatever the state (views.encode): anything but a
    component, in lists and maps too."""
    t = type(value)
    if t is Comp:
        return False
    if t is tuple or t is list:
        return all(map(_static, value))
    if t is dict:
        return all(_static(k) and _static(v) for k, v in value.items())
    return True
