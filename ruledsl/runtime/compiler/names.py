"""How names, fields and assignment targets read and write in compiled code.

A global name becomes what it stands for in this game: a variable's slot in
the state, a constant's value, a handle (a seat, a zone, a location, …), or a
built-in name. A field (`x.name`) becomes a table from the kind of value to a
reader, since what a name after a dot means depends on what it is read from.
"""
from __future__ import annotations

from ...check.builtins import BUILTIN_NAMES
from ...errors import did_you_mean, error
from ...ir import nodes as n
from ..model.collections import items_of
from ..model.values import Comp, EnumValue, Location, Player, Zone, display


class Names:
    """Reads and writes of names for one program (see the module docstring)."""

    def __init__(self, prog, ns, const_value):
        self.prog = prog
        self.ns = ns
        self.const_value = const_value    # name -> value of a constant (worked out on first use)

    # ---------------------------------------------------------------- reading
    def read(self, name: str, span) -> str:
        """Python text reading a global name."""
        prog, k = self.prog, self.ns.const
        if name in prog.var_slots:
            return f"st.vals[{prog.var_slots[name]}]"
        if name in prog.defn.consts:
            return k(self.const_value(name))
        reader = BUILTIN_READS.get(name)
        if reader is not None:
            return reader(self)
        missing = object()
        value = prog.value_of_name(name, missing)
        if value is missing:
            raise error(span, f"'{name}' is not defined", did_you_mean(name, list(prog.var_slots) + list(prog.locations)))
        return k(value)

    def winners(self, st) -> tuple:
        return tuple(p for p, r in zip(self.prog.players, st.result or ()) if r == 1.0)

    # ---------------------------------------------------------------- fields
    def field_readers(self, name: str, span) -> tuple:
        """({type: reader(st, obj)}, fail(st, obj)) for `obj.name`."""
        prog = self.prog
        readers = {}
        if name in prog.var_slots and prog.var_decls[name].per_player:
            slot = prog.var_slots[name]
            readers[Player] = lambda st, p: st.vals[slot + p.index]
        elif name in prog.zones and prog.defn.zones[name].per_player:
            instances = prog.zones[name]
            readers[Player] = lambda st, p: instances[p.index]
        elif name == "seat":
            readers[Player] = lambda st, p: p.seat
        elif name == "name":
            readers[Player] = lambda st, p: p.name
        readers[Comp] = _component_field(prog, name, span)
        if name == "owner":
            readers[Zone] = lambda st, z: z.owner
        if name == "contents":
            readers[Location] = readers[Zone] = lambda st, place: items_of(st, place)
        elif name in ("name", "board", "row", "column"):
            readers[Location] = lambda st, loc: getattr(loc, name)
            if name == "name":
                readers[Zone] = lambda st, z: z.name
        else:
            readers[Location] = lambda st, loc: loc.fields.get(name)
        if name in ("name", "label"):
            readers[EnumValue] = lambda st, v: getattr(v, name)

        def fail(st, obj):
            if obj is None:
                raise error(span, f"cannot read .{name} of none")
            raise error(span, f"{display(st, obj)} has no '{name}'")
        return readers, fail

    # ---------------------------------------------------------------- writing
    def writer(self, target, obj_text, span):
        """Python text of a function call storing a value into a target: `set x`, `set p.score`,
        `set c.owner`, `set c.field`. obj_text is the text reading the target's object (Attr)."""
        prog, k = self.prog, self.ns.const
        if isinstance(target, n.Name):
            return lambda value: f"st.vals[{prog.var_slots[target.name]}] = {value}"
        name = target.name
        if name in prog.var_slots and prog.var_decls[name].per_player:
            slot = prog.var_slots[name]
            return lambda value: f"_set_player_var(st, {slot}, {obj_text}, {value}, {k(name)}, {k(span)})"
        if name == "owner":
            return lambda value: f"_set_owner(st, {obj_text}, {value}, {k(span)})"
        return lambda value: f"_set_field(st, {obj_text}, {k(name)}, {value}, {k(span)})"


def _component_field(prog, name, span):
    if name == "owner":
        return lambda st, c: st.owner[c.id]
    if name == "location":
        places = prog.places
        return lambda st, c: places[st.loc[c.id]]
    if name == "face_up":
        return lambda st, c: st.face[c.id]
    if name == "kind":
        return lambda st, c: c.kind.name
    if name == "id":
        return lambda st, c: c.id

    def field(st, c):
        i = c.kind.field_index.get(name)
        if i is None:
            raise error(span, f"a {c.kind.name} has no field '{name}'")
        return st.fields[c.id][i]
    return field


# The built-in names every game has, as Python text (players and player_count are fixed per game).
BUILTIN_READS = {
    "players": lambda names: names.ns.const(names.prog.players),
    "player_count": lambda names: repr(names.prog.player_count),
    "current_player": lambda names: "st.current",
    "round_number": lambda names: "st.round",
    "game_over": lambda names: "(st.result is not None)",
    "winners": lambda names: f"{names.ns.const(names.winners)}(st)",
}
assert set(BUILTIN_READS) == set(BUILTIN_NAMES)


# ---------------------------------------------------------------- setters called by compiled code
def set_player_var(st, slot: int, p, value, name: str, span) -> None:
    if type(p) is not Player:
        raise error(span, f"{display(st, p)} is not a player")
    st.vals[slot + p.index] = value


def set_owner(st, c, value, span) -> None:
    if type(c) is not Comp:
        raise error(span, f"cannot set .owner of {display(st, c)}")
    st.owner[c.id] = value


def set_field(st, c, name: str, value, span) -> None:
    if type(c) is not Comp:
        raise error(span, f"cannot set .{name} of {display(st, c)}")
    i = c.kind.field_index.get(name)
    if i is None:
        raise error(span, f"a {c.kind.name} has no field '{name}'")
    values = st.fields[c.id]
    st.fields[c.id] = values[:i] + (value,) + values[i + 1:]
