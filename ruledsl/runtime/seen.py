"""What a seat may know of a value: the one rule by which views (values, list items, map keys),
the texts a seat reads of components (a decision's labels) and the handles that identify
components are made (docs/language.md#visibility).

A seat is a 0-based index, or None for an onlooker (a spectator), who sees what is public: faces
up, zones whose faces all see, variables visible to all or revealed. A seat knows
where a component is unless its kind hides its position from it; it sees its face as
effects/events.sees_face says. What it does not see of a component reads as the component's
kind ('a Card').

A component whose face a seat sees is identified to it by a handle (Handles) that tells nothing
its face does not. Alike components (of one kind, with the same values on their faces and
backs wherever play never changes them) are interchangeable: which of them chance dealt, or
in what order they were made, must not show. A component with no lookalike is its id (what
identifies it is printed on it); the n-th of a class of lookalikes a view shows takes the
class's n-th id, in the order the view's places list them. So twin states, alike but for what
the seat may not see, give it the same handles.
"""
from __future__ import annotations

from ..ir import nodes as n
from ..ir.walk import nodes
from .effects.events import a_kind, face_mask, sees_face, sees_position
from .model.values import Comp, Zone, component_text, display


def knows_position(st, comp: Comp, seat) -> bool:
    """Whether seat (None: an onlooker) may know where comp is."""
    if seat is None:
        return comp.kind.position == "all"
    return sees_position(st, comp, seat)


def sees(prog, st, comp: Comp, seat) -> bool:
    """Whether seat (None: an onlooker, who sees a public face) sees comp's face where it lies now."""
    if seat is None:
        return face_mask(prog, st, comp) & prog.onlooker != 0
    return sees_face(prog, st, comp, seat)


def seen_text(prog, st, value, seat) -> str:
    """value as seat reads it: as display() shows it, but each component whose place or face seat
    may not see as what it sees of it (unseen_text), inside lists and maps too."""
    t = type(value)
    if t is Comp:
        if not knows_position(st, value, seat):
            return a_kind(value.kind.name)
        if sees(prog, st, value, seat):
            return component_text(st, value)
        return unseen_text(st, value, seat)
    if t is tuple or t is list:
        return ", ".join(seen_text(prog, st, v, seat) for v in value)
    if t is dict:
        return ", ".join(f"{seen_text(prog, st, k, seat)}: {seen_text(prog, st, v, seat)}" for k, v in value.items())
    return display(st, value)


def display_memo(st, value, memo: dict) -> str:
    """A decision's label text of value (display), as its chooser, memo[None], reads it (a
    component whose face the chooser may not see as what it sees of it, 'a Card (high)', so that
    two it cannot tell apart read alike and make one option), each component's text remembered
    in memo: the same few components are shown in hundreds of selections."""
    t = type(value)
    if t is tuple:
        return ", ".join([display_memo(st, v, memo) if type(v) is not Comp else
                          memo[v] if v in memo else memo.setdefault(v, _chooser_reads(st, v, memo[None]))
                          for v in value])
    if t is Comp:
        text = memo.get(value)
        if text is None:
            text = memo[value] = _chooser_reads(st, value, memo[None])
        return text
    return display(st, value)


def _chooser_reads(st, comp: Comp, chooser) -> str:
    """How chooser reads comp (seen_text's answer), its commonest case written out: a component
    in plain sight (a decision's labels show components at every action)."""
    cid = comp.id
    seat = chooser.index
    if comp.kind.position != "all" and not sees_position(st, comp, seat):
        return a_kind(comp.kind.name)
    if st.face[cid] or (st.known[cid] | st.prog.places[st.loc[cid]].sees) >> seat & 1:     # sees_face()
        return component_text(st, comp)
    return unseen_text(st, comp, seat)


def unseen_text(st, comp: Comp, seat) -> str:
    """How seat reads a component whose place it knows and whose face it may not see: its kind,
    and the fields it sees of it (its back; its owner's fields, to its owner), as a view shows
    them: 'a Card (high)'. Two components read alike exactly when the seat cannot tell them apart."""
    kind = comp.kind
    owner = st.owner[comp.id]
    mine = seat is not None and owner is not None and owner.index == seat
    shown = [display(st, value) for name, vis, value in zip(kind.fields, kind.field_visibility, st.fields[comp.id])
             if (vis == "all" or vis == "owner" and mine) and name not in kind.hidden]
    return a_kind(kind.name) + (f" ({', '.join(shown)})" if shown else "")


# ---------------------------------------------------------------- handles
def lookalikes(prog) -> list:
    """For each component id, the ids of its class of lookalikes (itself among them, in order) when
    it has lookalikes, else None; worked out once per program."""
    found = getattr(prog, "_lookalikes", None)
    if found is None:
        found = prog._lookalikes = _lookalikes(prog)
    return found


def _lookalikes(prog) -> list:
    """Components are alike when they are of one kind and their fields on the face and the back
    that play never sets nor turns had the same values at set-up: then they still have, and a
    seat that sees the face of one sees them all. (Fields play changes are left out: what they
    were once must not tell which component this is.)"""
    written, rotated = _written(prog.defn)
    initial = prog.initial.fields
    classes: dict = {}
    for comp in prog.comps:
        kind = comp.kind
        turned = prog.rotatable.get(kind.name, ()) if rotated else ()
        key = [kind.name]
        for i, (name, vis) in enumerate(zip(kind.fields, kind.field_visibility)):
            if vis in (None, "all") and name not in kind.hidden and name not in written and i not in turned:
                key.append(_hashable(initial[comp.id][i]))
        classes.setdefault(tuple(key), []).append(comp.id)
    out = [None] * len(prog.comps)
    for ids in classes.values():
        if len(ids) > 1:
            members = tuple(ids)
            for cid in ids:
                out[cid] = members
    return out


def _hashable(value):
    try:
        hash(value)
    except TypeError:
        return repr(value)
    return value


def _written(defn) -> tuple:
    """(the names of the fields any statement of the file sets, scenarios' included; whether any
    rotates): by name, whatever the kind, so that a field is taken as fixed only when it is."""
    roots = [defn.setup, defn.flow, list(defn.rules.values()), defn.triggers, defn.scenarios]
    names, rotated = set(), False
    for item in nodes(roots):
        cls = type(item)
        if cls is n.Set:
            target = item.target
            while type(target) is n.Index:
                target = target.obj
            if type(target) is n.Attr:
                names.add(target.name)
        elif cls is n.Rotate:
            rotated = True
    return frozenset(names), rotated


class Handles:
    """The handles one view of a state gives the components whose faces it shows (see the module
    docstring). Lookalikes are numbered, when the first is met, in the order the view's places
    list them (board locations and zones in the program's order, each in the order it holds
    them; zones the rules keep `hidden` left out), then as met (a variable that holds one)."""
    __slots__ = ("prog", "st", "seat", "classes", "given", "used", "numbering")

    def __init__(self, prog, st, seat):
        self.prog = prog
        self.st = st
        self.seat = seat
        self.classes = lookalikes(prog)
        self.given = None       # id -> handle, for lookalikes (numbered when the first is met)
        self.used: dict = {}    # a class -> how many of it were given handles
        self.numbering = None   # (given, used) as numbered, before any was given as met (digest.py)

    def of(self, comp: Comp) -> int:
        """comp's handle: the caller knows seat sees its face."""
        members = self.classes[comp.id]
        if members is None:
            return comp.id
        if self.given is None:
            self._number()
        handle = self.given.get(comp.id)
        if handle is None:
            handle = self._give(comp.id, members)
        return handle

    def renumber(self, given: dict, used: dict, classes: set) -> None:
        """Number as _number does, from the numbering (given, used) of a view of another state
        of the game in which only the classes of lookalikes `classes` may lie otherwise (the
        members of the others lie in the same places, in the same order, seen as they were):
        those alone are numbered again, each by where its members lie in the view's order.
        Why: a view digest of a state one action after another it digested (digest._followed)."""
        if sum(map(len, classes)) * 2 > len(self.classes):
            self.used = {}
            self._number()          # most of the game moved (a shuffle): numbering all is as cheap
            return
        self.given, self.used = dict(given), dict(used)
        prog, st, seat = self.prog, self.st, self.seat
        zones, places, comps, contents = prog.defn.zones, prog.places, prog.comps, st.contents
        face_up, known, owners, loc = st.face, st.known, st.owner, st.loc
        for members in classes:
            shown = []
            for cid in members:
                self.given.pop(cid, None)
                place = places[loc[cid]]
                if type(place) is Zone and zones[place.decl_name].hidden:
                    continue
                comp = comps[cid]
                if comp.kind.position != "all":
                    owner = owners[cid]
                    if comp.kind.position != "owner" or owner is None or owner.index != seat:
                        continue
                if face_up[cid] or (known[cid] | place.sees) >> seat & 1:
                    shown.append((place.index, contents[place.index].index(comp), cid))
            shown.sort()
            for handle, (_, _, cid) in zip(members, shown):
                self.given[cid] = handle
            if shown:
                self.used[members] = len(shown)
            else:
                self.used.pop(members, None)
        self.numbering = dict(self.given), dict(self.used)

    def _number(self) -> None:
        self.given = {}
        prog, st, seat, classes = self.prog, self.st, self.seat, self.classes
        zones = prog.defn.zones
        if seat is None:
            for place in prog.places:
                if type(place) is Zone and zones[place.decl_name].hidden:
                    continue
                for c in st.contents[place.index]:
                    members = classes[c.id]
                    if members is not None and knows_position(st, c, seat) and sees(prog, st, c, seat):
                        self._give(c.id, members)
            self.numbering = dict(self.given), dict(self.used)
            return
        # the same tests for a seat (sees_position, sees_face) written out: a view digest numbers
        # every component of the game
        face_up, known, owners, loc, places = st.face, st.known, st.owner, st.loc, prog.places
        for place in places:
            if type(place) is Zone and zones[place.decl_name].hidden:
                continue
            for c in st.contents[place.index]:
                cid = c.id
                members = classes[cid]
                if members is None:
                    continue
                position = c.kind.position
                if position != "all":
                    owner = owners[cid]
                    if position != "owner" or owner is None or owner.index != seat:
                        continue
                if face_up[cid] or (known[cid] | places[loc[cid]].sees) >> seat & 1:
                    self._give(cid, members)
        self.numbering = dict(self.given), dict(self.used)

    def _give(self, cid: int, members: tuple) -> int:
        count = self.used.get(members, 0)
        self.used[members] = count + 1
        handle = self.given[cid] = members[count]
        return handle
