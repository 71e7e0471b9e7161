"""What one seat may see of a state, as JSON-ready data.

Built only from what the seat may see, through the rules of seen.py: variables by their
visibility, components by their zone's and face's rules (a hidden component shows its kind and
its backs' fields, never a handle; in a stack only the top one shows its back; a component whose
face is seen shows a handle that tells no more than its face), map keys as the seat reads them,
positions by their kind's `position visible to`, and the events the seat was told of. Nothing
in a view depends on the order of hidden things that the seat could not see.
"""
from __future__ import annotations

import json
from fractions import Fraction

from ..check.builtins import ZONE_SHAPES
from .effects.events import event_of
from .model.state import ALL_SEATS, log_length
from .model.values import Comp, EnumValue, Location, Player, Zone, display
from .seen import Handles, knows_position, sees, seen_text


def comp_view(prog, st, comp: Comp, seat, handles=None) -> dict:
    """What seat sees of a component whose place it knows. handles: the view's (seen.Handles);
    None: the component's own id (for a state's fingerprint, which is no one's view)."""
    kind = comp.kind
    owner = st.owner[comp.id]
    face = sees(prog, st, comp, seat)
    out = {"kind": kind.name}
    if owner is not None:
        out["owner"] = owner.name
    values = st.fields[comp.id]
    if face:
        out["id"] = handles.of(comp) if handles is not None else comp.id
        out["face_up"] = st.face[comp.id]
    else:
        out["hidden"] = True
    fields = {}
    for name, vis, value in zip(kind.fields, kind.field_visibility, values):
        if name in kind.hidden:
            continue            # bookkeeping players are never shown
        if vis == "all" or (vis is None and face) or (vis == "owner" and owner is not None and owner.index == seat):
            fields[name] = encode(prog, st, value, seat, handles)
    out["fields"] = fields
    if face and len(fields) + len(kind.hidden) == len(kind.fields):
        out["text"] = display(st, comp)     # how the log names it ("Move 2", "Red's pawn")
    return out


def shows_face(prog, st, comp: Comp, seat) -> bool:
    """Whether view(seat) shows comp's face where it lies (a scenario's `expect P1 sees c`): its
    place is in the view (not a zone the rules keep `hidden`), and seat knows where it is and
    sees its face."""
    place = prog.places[st.loc[comp.id]]
    if type(place) is Zone and prog.defn.zones[place.decl_name].hidden:
        return False
    return knows_position(st, comp, seat) and sees(prog, st, comp, seat)


def encode(prog, st, value, seat, handles=None):
    """A value as seat sees it, JSON-ready (handles: as comp_view's)."""
    t = type(value)
    if value is None or t in (bool, int, str, float):
        return value
    if t is Fraction:
        return float(value)
    if t in (Player, EnumValue, Location, Zone):
        return value.name
    if t is Comp:
        if not knows_position(st, value, seat):
            return {"kind": value.kind.name, "hidden": True}
        return comp_view(prog, st, value, seat, handles)
    if t is tuple or t is list:
        return [encode(prog, st, v, seat, handles) for v in value]
    if t is dict:
        return _map(prog, st, value, seat, handles)
    return display(st, value)


def _map(prog, st, value: dict, seat, handles) -> dict:
    """A map as seat sees it: each key as the seat reads it (seen_text: a component it may not see
    as 'a Card'), as values and list items are shown. Keys that read alike (two cards it may not
    see) are kept apart as "a Card", "a Card (2)", … in an order of their values' own, so that
    which was set first tells nothing."""
    read: dict = {}
    for k, v in value.items():
        read.setdefault(seen_text(prog, st, k, seat), []).append(encode(prog, st, v, seat, handles))
    out = {}
    for key, values in read.items():
        if len(values) > 1:
            values.sort(key=_canonical)
        for i, v in enumerate(values):
            name = key if i == 0 else f"{key} ({i + 1})"
            while name in out or (i and name in read):
                name += "'"
            out[name] = v
    return out


def _var_visible(decl, owner_index, seat) -> bool:
    who = decl.visibility.who if decl.visibility else "all"
    if who == "all":
        return True
    if who == "owner":
        return owner_index is not None and owner_index == seat
    return False


def _contents(prog, st, place, seat, handles) -> list:
    """What lies in a place, as a person at the table sees it: one entry per component the
    seat may know is there, each as comp_view shows it, except where the way things lie
    hides more (see _stacked and _unordered)."""
    entries = [comp_view(prog, st, c, seat, handles) for c in st.contents[place.index] if knows_position(st, c, seat)]
    unsettled = place.index in st.lazy          # shuffled, its order not yet drawn (explicit chance)
    if type(place) is Zone and ZONE_SHAPES[place.shape].stacked:
        return _stacked(prog, place, entries, unsettled)
    if type(place) is Location or not place.ordered or unsettled:
        return _unordered(entries)
    return entries


def _stacked(prog, zone, entries: list, unsettled: bool) -> list:
    """A stack (a deck, a pile) shows the back of its top item only: each face-down item under
    it is seen to be there, nothing more (not its back, which could tell the order of the
    stack). Items whose face the seat sees are shown where they lie."""
    under = {"kind": prog.defn.zones[zone.decl_name].of, "hidden": True, "fields": {}}
    return [dict(under) if e.get("hidden") and (i > 0 or unsettled) else e for i, e in enumerate(entries)]


def _unordered(entries: list) -> list:
    """In a place without an order (a bag, an area, a hand, a board location, a deck whose
    shuffle is not yet drawn) the hidden items fill their slots in a fixed order of their own,
    so that where each lies in the list tells nothing."""
    hidden = iter(sorted((e for e in entries if e.get("hidden")), key=_canonical))
    return [next(hidden) if e.get("hidden") else e for e in entries]


def _canonical(entry: dict) -> str:
    return json.dumps(entry, sort_keys=True, default=str)


def build_view(prog, st, seat, log: bool = True) -> dict:
    """seat: 0-based seat index, or None for an onlooker who sees only what is public. log: False
    leaves the log out (an empty list), for readers that keep their own (it grows with the game)."""
    decision = st.pending
    chooser = decision.seat if decision is not None else None
    handles = Handles(prog, st, seat)
    view = {
        "game": prog.defn.title,
        "seat": prog.players[seat].name if seat is not None else None,
        "players": [p.name for p in prog.players],
        "turn": st.current.name if st.current is not None else None,
        "round": st.round,
        "phase": list(st.phase),
        "to_act": prog.players[chooser].name if chooser is not None else None,
        "chance": decision is not None and decision.seat is None,
        "terminal": st.result is not None,
        "returns": list(st.result) if st.result is not None else None,
        "vars": _vars(prog, st, seat, handles),
        "zones": {},
        "board": {},
        "log": list(seat_log(st, seat)) if log else [],
        "actions": list(decision.labels) if decision is not None and chooser is not None and chooser == seat else None,
    }
    if prog.progress is not None:
        view["progress"] = prog.progress(st)
    for place in prog.places:
        if type(place) is Zone and not prog.defn.zones[place.decl_name].hidden:
            view["zones"][place.name] = _contents(prog, st, place, seat, handles)
    for board in prog.boards.values():
        locs = {}
        for loc in board.locations:
            locs[loc.name] = {"label": loc.label, "column": loc.column, "row": loc.row,
                              "tags": sorted(st.tags[loc.index]), "contents": _contents(prog, st, loc, seat, handles)}
            if board.grid:
                locs[loc.name]["exits"] = _exits(prog, st, loc)
        view["board"][board.name] = locs
    return view


def _exits(prog, st, loc) -> list:
    """The directions of a grid square's orthogonal steps that exist now.

    A board lies open on the table, so its paths are public: `connect ... when`
    conditions are judged on the whole state (they read tiles and markers that
    everyone sees)."""
    return sorted({s.direction.name for s in prog.graphs.steps.get(loc.index, ())
                   if s.kind == "orthogonal" and s.direction is not None
                   and (s.cond is None or s.cond(st, loc, s.to, s.direction))})


def connections(prog, st, board_name: str) -> dict:
    """{location name: [(neighbour name, edge kind, both ways)]}: a board's steps that exist now,
    for drawing it. Like a grid's exits, the paths of a board on the table are public."""
    board = prog.boards[board_name]
    graphs = prog.graphs
    out = {}
    for loc in board.locations:
        found = []
        for s in graphs.steps.get(loc.index, ()):
            if s.cond is not None and not s.cond(st, loc, s.to, s.direction):
                continue
            back = any(b.to is loc and b.kind == s.kind and (b.cond is None or b.cond(st, s.to, loc, b.direction))
                       for b in graphs.steps.get(s.to.index, ()))
            if (s.to.name, s.kind, back) not in found:
                found.append((s.to.name, s.kind, back))
        out[loc.name] = found
    return out


def _disclosed(st, slot, seat) -> bool:
    """Whether `reveal` or `show` let seat see this variable slot."""
    mask = st.var_known.get(slot, 0)
    return mask == ALL_SEATS or (seat is not None and mask >> seat & 1 == 1)


def _vars(prog, st, seat, handles) -> dict:
    out = {}
    for name, decl in prog.var_decls.items():
        if decl.hidden:
            continue          # bookkeeping: never shown
        slot = prog.var_slots[name]
        if decl.per_player:
            values = {}
            for p in prog.players:
                if _var_visible(decl, p.index, seat) or _disclosed(st, slot + p.index, seat):
                    values[p.name] = encode(prog, st, st.vals[slot + p.index], seat, handles)
            if values:
                out[name] = values
        elif _var_visible(decl, None, seat) or _disclosed(st, slot, seat):
            out[name] = encode(prog, st, st.vals[slot], seat, handles)
    return out


def seat_log(st, seat) -> tuple:
    """The log as seat (None: an onlooker) reads it. Kept per state and extended with the events
    since it was last read, so reading it costs what is new, not the whole game."""
    log = st.log
    cached = st.seat_logs.get(seat) if st.seat_logs else None
    texts, since = (), None
    if cached is not None:
        cell, old = cached
        walk, back = log, log_length(log) - log_length(cell)
        while back > 0 and walk is not None:
            walk = walk[1]
            back -= 1
        if walk is cell:
            texts, since = old, cell        # still this state's past: only what follows is new
    new = []
    cell = log
    while cell is not None and cell is not since:
        text = event_of(cell[0]).seen_by(seat)
        if text is not None:
            new.append(text)
        cell = cell[1]
    if new:
        new.reverse()
        texts = texts + tuple(new)
    if st.seat_logs is None:
        st.seat_logs = {}
    st.seat_logs[seat] = (log, texts)
    return texts
