"""What samplers of hidden information need beyond the public API (ruledsl/agents/determinise.py):
where a seat sees components lie, exchanging two components a seat cannot tell apart,
and the state of the random generator.

These read and change the whole state, hidden parts included: they are for a sampler
working on its own guessed states, never for reading a real game's secrets.
"""
from __future__ import annotations

from .engine import loop
from .effects.events import sees_face, sees_position
from .model.chance import seed_rng
from .model.open_order import exchanged, put_open
from .model.state import SecretLabel
from .model.values import Comp, display
from .seen import lookalikes as _classes


def seat_layout(state, seat: int) -> dict:
    """{place name: [component id, …]} of the components whose place `seat` sees, in the
    order `state.view(seat)` lists them (ids of hidden components included)."""
    prog = state.prog
    return {place.name: [c.id for c in state.contents[place.index] if sees_position(state, c, seat)]
            for place in prog.places}


def stand_ins(state, entry: dict, seat: int, held=None) -> list:
    """The components of state that a view's entry for a component whose face it shows may
    stand for: a view names such a component by a handle (runtime/seen.py), the id of the
    first of its class of lookalikes the view met, not necessarily its own; the members of the
    class with the entry's owner (the owner is on the back, the class is the face) look the
    same there. Those whose face seat does not see in state first (a repair can swap them).
    [] for an entry that shows no face, or when held (a component id) is one of them."""
    handle = entry.get("id")
    if handle is None:
        return []
    owners, owner = state.owner, entry.get("owner")

    def owned(c) -> bool:
        return (owners[c].name if owners[c] is not None else None) == owner

    members = _classes(state.prog)[handle] or (handle,)
    if held in members and owned(held):
        return []
    prog = state.prog
    alike = [c for c in members if owned(c)]
    if len(alike) > 1:
        alike.sort(key=lambda c: sees_face(prog, state, prog.comps[c], seat))
    return alike


def generator(state) -> int:
    """The state's random generator, to tell whether an action drew on it."""
    return state.rng


def reseed(state, seed: int) -> None:
    """Give the state's random generator a new seed, in place (a sampler replaying its own
    guessed history step by step: the same seed at the same step draws the same)."""
    state.rng = seed_rng(seed)


def last_told(state, seat: int) -> bool:
    """Whether seat was told the label of the action taken last (its own, another's taken openly,
    chance it saw: a card drawn to its hand, a die rolled in the open), as actions_seen says."""
    label = state.history[0] if state.history is not None else None
    return not (type(label) is SecretLabel and seat not in label.seats)


def chance_values(state) -> tuple:
    """The values of the pending chance decision's outcomes, in the order of its labels (a draw's
    components, a die's faces); () when no chance decision is pending."""
    d = state.pending
    if d is None or d.seat is not None:
        return ()
    return tuple(d.values)


def identity(state, value):
    """What makes two outcomes one: a component's kind and every field (copies that cannot be
    told apart are one outcome, as the draw's labels count them); anything else, itself."""
    if type(value) is Comp:
        return value.kind, tuple(state.fields[value.id])
    return type(value), value


def _looks(prog, st, comp: Comp, seat: int) -> tuple:
    """What seat sees of a component whose face it may not see: kind, owner, the visible fields."""
    owner = st.owner[comp.id]
    kind = comp.kind
    shown = tuple(v for v, vis in zip(st.fields[comp.id], kind.field_visibility)
                  if vis == "all" or (vis == "owner" and owner is not None and owner.index == seat))
    return kind.name, owner, shown


def _traded(value, trade: dict):
    """value with the components in trade replaced (inside lists and maps too)."""
    t = type(value)
    if t is Comp:
        return trade.get(value, value)
    if t is tuple:
        return tuple(_traded(v, trade) for v in value)
    if t is list:
        return [_traded(v, trade) for v in value]
    if t is dict:
        return {_traded(k, trade): _traded(v, trade) for k, v in value.items()}
    return value


def exchange(state, a: int, b: int, seat: int) -> bool:
    """Swap components a and b (ids), if seat cannot tell them apart where they lie: each takes
    the other's place, and variables and running rules that held one now hold the other (as
    if the game had dealt them the other way round); the pending decision is worked out
    again. Returns whether it swapped."""
    prog = state.prog
    st = state
    if a == b:
        return False
    ca, cb = prog.comps[a], prog.comps[b]
    if sees_face(prog, st, ca, seat) or sees_face(prog, st, cb, seat):
        return False
    if _looks(prog, st, ca, seat) != _looks(prog, st, cb, seat):
        return False
    pa, pb = st.loc[a], st.loc[b]
    if pa == pb:
        items = list(st.contents[pa])
        i, j = items.index(ca), items.index(cb)
        items[i], items[j] = cb, ca
        st.contents[pa] = tuple(items)
    else:
        st.contents[pa] = tuple(cb if c is ca else c for c in st.contents[pa])
        st.contents[pb] = tuple(ca if c is cb else c for c in st.contents[pb])
        st.loc[a], st.loc[b] = pb, pa
    exchanged(st, ca, cb)
    st.face[a], st.face[b] = st.face[b], st.face[a]
    trade = {ca: cb, cb: ca}
    st.vals = [_traded(v, trade) for v in st.vals]
    for frame in st.frames:
        frame.env = {k: _traded(v, trade) for k, v in frame.env.items()}
    if st.pending is not None:
        loop.refresh(prog, st)
    return True


def unseen(state, seat: int) -> list:
    """[(component id, [place names it could be moved to])] for the components whose place seat
    cannot see at all (a kind with `position visible to owner`, owned by another seat): the
    places are those of the board (or the zones of the kind) it lies in now."""
    prog = state.prog
    out = []
    for comp in prog.comps:
        if sees_position(state, comp, seat):
            continue
        here = prog.places[state.loc[comp.id]]
        board = getattr(here, "board", None)
        if board is not None:
            places = [loc.name for loc in prog.boards[board].locations if loc is not here]
        else:
            places = [p.name for p in prog.places if getattr(p, "decl_name", None) == here.decl_name and p is not here]
        out.append((comp.id, places))
    return out


def relocate(state, comp_id: int, place_name: str, seat: int) -> bool:
    """Put a component whose place seat cannot see in another place, quietly (no event, no
    trigger); the pending decision is worked out again. Returns whether it moved."""
    prog = state.prog
    st = state
    comp = prog.comps[comp_id]
    if sees_position(st, comp, seat):
        return False
    dest = prog.locations.get(place_name) or next((p for p in prog.places if p.name == place_name), None)
    if dest is None or dest.index == st.loc[comp_id]:
        return False
    old = st.loc[comp_id]
    st.contents[old] = tuple(c for c in st.contents[old] if c is not comp)
    if dest.index in st.lazy:
        put_open(st, dest.index, comp)
    else:
        st.contents[dest.index] = st.contents[dest.index] + (comp,)
    st.loc[comp_id] = dest.index
    if st.pending is not None:
        loop.refresh(prog, st)
    return True


def lookalikes(state, comp_id: int, seat: int) -> list:
    """The components seat cannot tell from comp_id where each lies (both faces hidden from it,
    the same kind, owner and visible fields), those in the fullest places last."""
    prog = state.prog
    st = state
    comp = prog.comps[comp_id]
    if sees_face(prog, st, comp, seat):
        return []
    looks = _looks(prog, st, comp, seat)
    found = [c for c in prog.components_of[comp.kind.name]
             if c is not comp and not sees_face(prog, st, c, seat) and _looks(prog, st, c, seat) == looks]
    found.sort(key=lambda c: len(st.contents[st.loc[c.id]]))
    return [c.id for c in found]


def _hidden_by_look(state, seat: int) -> dict:
    """{look: [ids]}: the components whose place seat sees and whose face it does not, by what
    it sees of them (components of one look cannot be told apart)."""
    prog = state.prog
    st = state
    classes: dict = {}
    for comp in prog.comps:
        if sees_position(st, comp, seat) and not sees_face(prog, st, comp, seat):
            classes.setdefault(_looks(prog, st, comp, seat), []).append(comp.id)
    return classes


def hidden_looks(state, seat: int) -> list:
    """[[ids]]: the classes of components seat cannot tell apart (faces hidden from it, the
    same look), wherever they lie."""
    return list(_hidden_by_look(state, seat).values())


def hidden_classes(state, seat: int) -> list:
    """Classes of components seat cannot tell apart (faces hidden from it, same look) that lie
    in more than one place, each as [[ids in one place], [ids in another], …], smallest classes
    first. Swapping two of a class from different places changes nothing seat sees now."""
    found = []
    for ids in _hidden_by_look(state, seat).values():
        places: dict = {}
        for i in ids:
            places.setdefault(state.loc[i], []).append(i)
        if len(places) > 1:
            found.append(list(places.values()))
    found.sort(key=lambda groups: sum(map(len, groups)))
    return found


def texts(state, comp_id: int) -> set:
    """The words a component shows when an event names it: its display and each of its
    fields as players read them (an announcement may interpolate any of them)."""
    st = state
    comp = state.prog.comps[comp_id]
    out = {display(st, comp)}
    for value in st.fields[comp_id]:
        if type(value) is not bool:
            out.add(display(st, value))
    out.discard("")
    return out


def hidden_pairs(state, seat: int) -> list:
    """[(x, y)]: every two components seat cannot tell apart (faces hidden from it, the same
    look), wherever they lie, those of the smallest classes first."""
    out = []
    for ids in sorted(_hidden_by_look(state, seat).values(), key=len):
        out.extend((a, b) for n, a in enumerate(ids) for b in ids[n + 1:])
    return out


def offered(state) -> set:
    """The ids of the components the pending decision's options are made of (a choice of cards:
    those of the hand it is made from), found in its values; empty for none."""
    d = state.pending
    if d is None:
        return set()
    values = d.values
    items = getattr(values, "items", None)      # a selection's options: every selection of these
    out: set = set()
    _comps_in(items if type(items) is tuple else values, out)
    return out


def _comps_in(value, out: set) -> None:
    t = type(value)
    if t is Comp:
        out.add(value.id)
    elif t is tuple or t is list:
        for v in value:
            _comps_in(v, out)
