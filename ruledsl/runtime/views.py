"""What one seat may see of a state, as JSON-ready data.

Built only from what the seat may see: variables by their visibility,
components by their zone's and face's rules (a hidden component shows its
kind and its backs' fields, never its id; in a stack only the top one shows
its back), positions by their kind's `position visible to`, and the events
the seat was told of. Nothing in a view depends on the order of hidden
things that the seat could not see.
"""
from __future__ import annotations

import json
from fractions import Fraction

from ..check.builtins import ZONE_SHAPES
from .effects.events import event_of, sees_face, sees_position
from .model.state import ALL_SEATS, log_length
from .model.values import Comp, EnumValue, Location, Player, Zone, display


def comp_view(prog, st, comp: Comp, seat) -> dict:
    kind = comp.kind
    owner = st.owner[comp.id]
    face = sees_face(prog, st, comp, seat) if seat is not None else \
        all(sees_face(prog, st, comp, p.index) for p in prog.players)
    out = {"kind": kind.name}
    if owner is not None:
        out["owner"] = owner.name
    values = st.fields[comp.id]
    if face:
        out["id"] = comp.id
        out["face_up"] = st.face[comp.id]
    else:
        out["hidden"] = True
    fields = {}
    for name, vis, value in zip(kind.fields, kind.field_visibility, values):
        if name in kind.hidden:
            continue            # bookkeeping players are never shown
        if vis == "all" or (vis is None and face) or (vis == "owner" and owner is not None and owner.index == seat):
            fields[name] = encode(prog, st, value, seat)
    out["fields"] = fields
    if face and len(fields) + len(kind.hidden) == len(kind.fields):
        out["text"] = display(st, comp)     # how the log names it ("Move 2", "Red's pawn")
    return out


def encode(prog, st, value, seat):
    t = type(value)
    if value is None or t in (bool, int, str, float):
        return value
    if t is Fraction:
        return float(value)
    if t in (Player, EnumValue, Location, Zone):
        return value.name
    if t is Comp:
        if not (sees_position(st, value, seat) if seat is not None else value.kind.position == "all"):
            return {"kind": value.kind.name, "hidden": True}
        return comp_view(prog, st, value, seat)
    if t is tuple or t is list:
        return [encode(prog, st, v, seat) for v in value]
    if t is dict:
        return {display(st, k): encode(prog, st, v, seat) for k, v in value.items()}
    return display(st, value)


def _var_visible(decl, owner_index, seat) -> bool:
    who = decl.visibility.who if decl.visibility else "all"
    if who == "all":
        return True
    if who == "owner":
        return owner_index is not None and owner_index == seat
    return False


def _contents(prog, st, place, seat) -> list:
    """What lies in a place, as a person at the table sees it: one entry per component the
    seat may know is there, each as comp_view shows it, except where the way things lie
    hides more (see _stacked and _unordered)."""
    entries = [comp_view(prog, st, c, seat) for c in st.contents[place.index]
               if seat is None and c.kind.position == "all" or seat is not None and sees_position(st, c, seat)]
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
        "vars": _vars(prog, st, seat),
        "zones": {},
        "board": {},
        "log": list(seat_log(st, seat)) if log else [],
        "actions": list(decision.labels) if decision is not None and chooser is not None and chooser == seat else None,
    }
    if prog.progress is not None:
        view["progress"] = prog.progress(st)
    for place in prog.places:
        if type(place) is Zone and not prog.defn.zones[place.decl_name].hidden:
            view["zones"][place.name] = _contents(prog, st, place, seat)
    for board in prog.boards.values():
        locs = {}
        for loc in board.locations:
            locs[loc.name] = {"label": loc.label, "column": loc.column, "row": loc.row,
                              "tags": sorted(st.tags[loc.index]), "contents": _contents(prog, st, loc, seat)}
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


def _vars(prog, st, seat) -> dict:
    out = {}
    for name, decl in prog.var_decls.items():
        if decl.hidden:
            continue          # bookkeeping: never shown
        slot = prog.var_slots[name]
        if decl.per_player:
            values = {}
            for p in prog.players:
                if _var_visible(decl, p.index, seat) or _disclosed(st, slot + p.index, seat):
                    values[p.name] = encode(prog, st, st.vals[slot + p.index], seat)
            if values:
                out[name] = values
        elif _var_visible(decl, None, seat) or _disclosed(st, slot, seat):
            out[name] = encode(prog, st, st.vals[slot], seat)
    return out


def view_digest(prog, st, seat) -> "Digest":
    """Equal for two states of one game exactly when their view(seat), less the log, is equal;
    cheaper to make (no JSON-ready copies, nothing that never changes: labels, fixed exits; exits
    that depend on the state are worked out only when everything else is equal).
    For samplers that compare many guessed states with what a seat saw."""
    decision = st.pending
    chooser = decision.seat if decision is not None else None
    places = [_contents_key(prog, st, place, seat) for place in prog.places]
    main = (st.current, st.round, st.phase, chooser, decision is not None and decision.seat is None,
            st.result, _vars(prog, st, seat), places, [st.tags[loc.index] for loc in prog.all_locations],
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


def _contents_key(prog, st, place, seat) -> tuple:
    """What _contents shows of a place, as keys (see _comp_key): stacks show only their top
    item's back, places without an order their hidden items in an order of their own."""
    keys = [_comp_key(prog, st, c, seat) for c in st.contents[place.index] if sees_position(st, c, seat)]
    unsettled = place.index in st.lazy
    if type(place) is Zone and ZONE_SHAPES[place.shape].stacked:
        return tuple(_UNDER if k[2] is None and (i > 0 or unsettled) else k for i, k in enumerate(keys))
    if type(place) is Location or not place.ordered or unsettled:
        hidden = iter(sorted((k for k in keys if k[2] is None), key=repr))
        return tuple(next(hidden) if k[2] is None else k for k in keys)
    return tuple(keys)


_UNDER = ("under a stack's top",)


def _comp_key(prog, st, comp: Comp, seat):
    """What view(seat) shows of a component, as comp_view does, without building it: the id
    (third) is None exactly when its face is hidden from seat."""
    cid = comp.id
    kind = comp.kind
    owner = st.owner[cid]
    face = sees_face(prog, st, comp, seat)
    shown = []
    for name, vis, value in zip(kind.fields, kind.field_visibility, st.fields[cid]):
        if name in kind.hidden:
            continue
        if vis == "all" or (vis is None and face) or (vis == "owner" and owner is not None and owner.index == seat):
            t = type(value)
            shown.append(value if t in (int, str, bool, float) or value is None else encode(prog, st, value, seat))
    return (kind.name, owner, cid if face else None, st.face[cid] if face else None, tuple(shown))


def _dynamic_exits(prog) -> frozenset:
    """The grid squares whose exits depend on the state (`connect … when`, edges with `when`)."""
    found = getattr(prog, "_dynamic_exits", None)
    if found is None:
        found = frozenset(index for index, steps in prog.graphs.steps.items()
                          if any(s.cond is not None and s.kind == "orthogonal" for s in steps))
        prog._dynamic_exits = found
    return found
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
