"""What a seat observes, as strings and as a flat tensor, built only from its view.

Everything here reads `state.view(seat)` (and the seat's share of the
history), never the state itself, so two states a seat cannot tell apart give
it the same strings and the same tensor: the promise views keep is kept here
by construction.

- observation string: the view as compact JSON, without the log;
- information-state string: what the seat must remember besides what it sees
  now: every decision and chance outcome as it was told them ("P2 makes a
  secret choice", "P1 rolls d6: 4") and every event told to it alone; then
  the observation string. It grows by one entry per action and per private
  event, not with the rest of the log (announcements, moves);
- observation tensor (`Encoding`): a flat float32 vector whose layout
  (`Encoding.pieces`, name and size, in order) is fixed per game, player count
  and options; see docs/interop.md for what each piece holds.
"""
from __future__ import annotations

import json

import numpy as np

from ..runtime.model.program import type_text
from ..runtime.effects.events import event_of

# View keys that never change or that the strings leave out (the log grows with the game).
LEFT_OUT = ("game", "players", "seat", "log")


# What a board location's entry says that never changes in play.
STATIC = ("label", "column", "row")


def observation_string(st, seat, view: dict = None) -> str:
    """view: st.view(seat, log=False) when the caller has it already (it is not changed)."""
    view = dict(view) if view is not None else st.view(seat, log=False)
    view["board"] = {name: {loc: dict(place) for loc, place in locs.items()} for name, locs in view["board"].items()}
    for key in LEFT_OUT:
        view.pop(key, None)
    for locs in view["board"].values():
        for loc in locs.values():
            for key in STATIC:
                loc.pop(key, None)
    return json.dumps(view, sort_keys=True, separators=(",", ":"), default=str)


# Events that make up a seat's memory: every decision and chance outcome as it was told them.
REMEMBERED = frozenset(("decision", "chance"))


def remembered(st, seat, since=None) -> list:
    """What seat must remember, oldest first: each decision and chance event as the seat read it
    ("P1: roll", "P2 makes a secret choice", "P1 rolls d6: 4"), and every event told to it alone.
    since: (a log mark of an earlier state this one went on from, what it remembered then): only
    the events after the mark are read (so remembering at every step costs what is new)."""
    mark, earlier = since if since is not None else (None, ())
    entries, cell = [], st.log
    while cell is not None and cell is not mark:
        entries.append(cell[0])
        cell = cell[1]
    if cell is None and mark is not None:
        earlier = ()                   # the mark is not this state's past: everything is read afresh
    new = []
    for entry in reversed(entries):
        event = event_of(entry)
        text = event.seen_by(seat)
        if text is not None and (event.kind in REMEMBERED or event.to is not None and seat in event.to):
            new.append(text)
    return list(earlier) + new


def information_state_string(st, seat, history=None, view: dict = None) -> str:
    """history: remembered(st, seat), when the caller keeps it; view: as for observation_string."""
    history = history if history is not None else remembered(st, seat)
    return json.dumps({"history": history}, separators=(",", ":")) + "\n" + observation_string(st, seat, view)


class Encoding:
    """The tensor layout of one game: pieces [(name, size)], and how to fill them from a view."""

    def __init__(self, prog):
        self.prog = prog
        players = [p.name for p in prog.players]
        self.players = {name: i for i, name in enumerate(players)}
        self.locations = {loc.name: i for i, loc in enumerate(prog.all_locations)}
        self.places = {}
        for place in prog.places:
            key = (place.board, place.name) if hasattr(place, "board") else ("", place.name)
            self.places[key] = len(self.places)
        self.kinds = {k: i for i, k in enumerate(prog.kinds)}
        names = [*players, *prog.enum_values, *self.locations, *(p.name for p in prog.places), *prog.tags]
        self.names = {name: i + 1 for i, name in enumerate(dict.fromkeys(names))}
        self.tag_names = sorted(prog.tag_names)
        self.vars = [(name, decl, self._width(decl)) for name, decl in prog.var_decls.items()]
        self.fields = max((len(k.fields) for k in prog.kinds.values()), default=0)
        n_players, n_places = len(players), len(self.places)
        self.comp_width = 3 + n_places + self.fields
        var_size = sum((1 + w) * (n_players if decl.per_player else 1) for _n, decl, w in self.vars)
        self.pieces = [
            ("observer", n_players), ("to_act", n_players + 2), ("turn", n_players + 1), ("round", 1),
            ("returns", n_players), ("vars", var_size), ("components", len(prog.comps) * self.comp_width),
            ("unseen", n_places * len(self.kinds)), ("tags", len(self.locations) * len(self.tag_names)),
        ]
        self.size = sum(size for _, size in self.pieces)
        self.offsets = {}
        at = 0
        for name, size in self.pieces:
            self.offsets[name] = at
            at += size

    def _width(self, decl) -> int:
        text = type_text(decl.type)
        item = text[len("list of "):] if text.startswith("list of ") else text
        table = self._table(item)
        return len(table) if table is not None else 1

    def _table(self, type_name: str):
        if type_name == "player":
            return self.players
        if type_name == "location":
            return self.locations
        enum = self.prog.enums.get(type_name)
        return {v.name: i for i, v in enumerate(enum.values)} if enum is not None else None

    # ---------------------------------------------------------------- filling
    def tensor(self, st, seat) -> np.ndarray:
        out = np.zeros(self.size, np.float32)
        self.fill(out, st.view(seat), seat)
        return out

    def fill(self, out, view: dict, seat) -> None:
        off = self.offsets
        n_players = len(self.players)
        if seat is not None:
            out[off["observer"] + seat] = 1
        to_act = view["to_act"]
        out[off["to_act"] + (self.players[to_act] if to_act is not None else
                             n_players if view["chance"] else n_players + 1)] = 1
        turn = view["turn"]
        out[off["turn"] + (self.players[turn] if turn is not None else n_players)] = 1
        out[off["round"]] = view["round"] or 0
        if view["returns"] is not None:
            out[off["returns"]:off["returns"] + n_players] = view["returns"]
        self._vars(out, off["vars"], view["vars"])
        self._places(out, view)
        self._tags(out, view)

    def _vars(self, out, at: int, shown: dict) -> None:
        for name, decl, width in self.vars:
            owners = list(self.players) if decl.per_player else [None]
            values = shown.get(name)
            for owner in owners:
                present = values is not None and (owner is None or owner in values)
                if present:
                    value = values if owner is None else values[owner]
                    out[at] = 1
                    self._value(out, at + 1, width, decl, value)
                at += 1 + width

    def _value(self, out, at: int, width: int, decl, value) -> None:
        text = type_text(decl.type)
        item = text[len("list of "):] if text.startswith("list of ") else text
        table = self._table(item)
        if table is None:
            out[at] = self.scalar(value)
            return
        for v in (value if isinstance(value, list) else [value]):
            if v in table:
                out[at + table[v]] += 1

    def scalar(self, value) -> float:
        """One number for a value as a view shows it (a name: its place among the game's names)."""
        if isinstance(value, bool):
            return float(value)
        if isinstance(value, (int, float)):
            return float(value)
        if isinstance(value, str):
            return float(self.names.get(value, 0))
        if isinstance(value, (list, dict)):
            return float(len(value))
        return 0.0

    def _places(self, out, view: dict) -> None:
        comps, unseen = self.offsets["components"], self.offsets["unseen"]
        width, n_kinds = self.comp_width, len(self.kinds)
        listed = [(("", name), entries) for name, entries in view["zones"].items()]
        listed += [((board, name), loc["contents"]) for board, locs in view["board"].items()
                   for name, loc in locs.items()]
        for key, entries in listed:
            place = self.places[key]
            for i, entry in enumerate(entries):
                if "id" not in entry:
                    out[unseen + place * n_kinds + self.kinds[entry["kind"]]] += 1
                    continue
                at = comps + entry["id"] * width
                out[at] = 1
                out[at + 1] = 1 if entry.get("face_up") else 0
                out[at + 2] = i
                out[at + 3 + place] = 1
                kind = self.prog.kinds[entry["kind"]]
                fields = entry["fields"]
                for j, field in enumerate(kind.fields):
                    if field in fields:
                        out[at + 3 + len(self.places) + j] = self.scalar(fields[field])

    def _tags(self, out, view: dict) -> None:
        at = self.offsets["tags"]
        tags = {t: i for i, t in enumerate(self.tag_names)}
        n_tags = len(tags)
        for locs in view["board"].values():
            for name, loc in locs.items():
                base = at + self.locations[name] * n_tags
                for t in loc["tags"]:
                    out[base + tags[t]] = 1


def encoding_of(game) -> Encoding:
    """The game's tensor layout, worked out once and kept on the game object."""
    enc = game.__dict__.get("_encoding")
    if enc is None:
        enc = game.__dict__["_encoding"] = Encoding(game.program)
    return enc
