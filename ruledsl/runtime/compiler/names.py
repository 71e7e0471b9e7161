"""How names, fields and assignment targets read and write in compiled code.

A global name becomes what it stands for in this game: a variable's slot in
the state, a constant's value, a handle (a seat, a zone, a location, …), or a
built-in name. A field (`x.name`) becomes a table from the kind of value to a
reader, since what a name after a dot means depends on what it is read from.
"""
from __future__ import annotations

from ...check import types
from ...check.builtins import BUILTIN_NAMES
from ...errors import did_you_mean, error
from ...ir import nodes as n
from ..model.collections import items_of
from ..model.values import Comp, EnumValue, Location, Player, Zone, display
from .code import Code, Name, Slot, fmt, text

LOCAL = ("local", "parameter")
COMPONENT_FIELD_NAMES = frozenset({"owner", "location", "face_up", "kind", "id"})


class Names:
    """Reads and writes of names for one program (see the module docstring)."""

    def __init__(self, prog, ns, const_value, checked):
        self.prog = prog
        self.ns = ns
        self.const_value = const_value    # name -> value of a constant (worked out on first use)
        self.checked = checked
        self.unresolved = 0               # names the checker never saw (none, in a checked game)
        self._guessed: dict = {}          # a field's name -> what has it (guessed())
        self._readers: dict = {}

    # ---------------------------------------------------------------- reading
    def name(self, e, frame) -> Code:
        """The Code reading the name e: a local's from the frame, else what the checker resolved
        it to."""
        decl = self.checked.declaration_of(e)
        if decl is None:
            self.unresolved += 1
            local = frame.names.get(e.name)
            return local if local is not None else self.read(e.name, e.span)
        if decl.category in LOCAL:
            return frame.names[e.name]
        reader = GLOBAL_READS.get(decl.category)
        if reader is None:
            raise error(e.span, f"{e.name} is a {decl.category}, not a value")
        if decl.category == "seat" and e.name not in self.prog.seat_by_name:
            # a seat this player count leaves empty: an error only if the rules come to read it
            return fmt("_absent_seat({}, {}, {})", self.ns.const(e.span), self.ns.const(e.name),
                       self.prog.player_count)
        return reader(self, e.name)

    def read(self, name: str, span) -> Code:
        """The Code reading a global name that the checker did not resolve (a name the compiler
        itself wrote)."""
        prog = self.prog
        if name in prog.var_slots:
            return GLOBAL_READS["variable"](self, name)
        if name in prog.defn.consts:
            return GLOBAL_READS["constant"](self, name)
        if name in BUILTIN_READS:
            return BUILTIN_READS[name](self)
        missing = object()
        value = prog.value_of_name(name, missing)
        if value is missing:
            raise error(span, f"'{name}' is not defined", did_you_mean(name, list(prog.var_slots) + list(prog.locations)))
        return self.ns.const(value)

    def winners(self, st) -> tuple:
        won = st.result.winners if st.result is not None else ()
        return tuple(p for p in self.prog.players if p.index in won)

    # ---------------------------------------------------------------- fields
    def field_readers(self, name: str, span) -> tuple:
        """({type: reader(st, obj)}, fail(st, obj)) for `obj.name` (one pair per place in the rules)."""
        key = (name, span)
        found = self._readers.get(key)
        if found is None:
            found = self._readers[key] = self._field_readers(name, span)
        return found

    def _field_readers(self, name: str, span) -> tuple:
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

    def typed_field(self, obj_type, name: str, t: Code):
        """A Typed reading `t.name` directly when the checker says what t is, or None: its test of
        what t is (given the Code that binds t), its read, and the class and kind (a component's,
        or None) the test checks. When the test fails at play (a value of another sort, none), the
        general reader decides."""
        if obj_type is None or obj_type.head == "any":
            obj_type = self.guessed(name)
            if obj_type is None:
                return None
        prog, k = self.prog, self.ns.const
        if obj_type.head == "kind" and obj_type.name in prog.kinds:
            kind = prog.kinds[obj_type.name]
            i = kind.field_index.get(name)
            if i is not None and name not in COMPONENT_FIELD_NAMES:
                return Typed(lambda given: fmt("type({}) is Comp and {}.kind is {}", given, t, k(kind)),
                             fmt("st.fields[{}.id][{}]", t, i), Comp, kind)
            if name == "owner":
                return Typed(_is("Comp"), fmt("st.owner[{}.id]", t), Comp)
            if name == "face_up":
                return Typed(_is("Comp"), fmt("st.face[{}.id]", t), Comp)
            if name == "location":
                held = t if t.cheap else None       # (what lies there may be read by that slot: calls.held_by)
                return Typed(_is("Comp"), fmt("{}[st.loc[{}.id]]", k(prog.places), t, held=held), Comp)
            return None
        if obj_type.head == "player":
            if name in prog.var_slots and prog.var_decls[name].per_player:
                return Typed(_is("Player"), fmt("st.vals[{} + {}.index]", prog.var_slots[name], t, safe=_plain(t)),
                             Player)
            if name in prog.zones and prog.defn.zones[name].per_player:
                return Typed(_is("Player"), fmt("{}[{}.index]", k(prog.zones[name]), t), Player)
            if name in ("seat", "name"):
                return Typed(_is("Player"), fmt("{}." + name, t), Player)
            return None
        if obj_type.head == "location" and name not in ("contents",):
            if name in ("name", "board", "row", "column"):
                return Typed(_is("Location"), fmt("{}." + name, t), Location)
            return Typed(_is("Location"), fmt("{}.fields.get({})", t, k(name)), Location)
        return None

    def guessed(self, name: str):
        """What an object whose `.name` is read most likely is, when the checker does not say
        (a rule's parameter it typed as any): a seat when only seats have `name` (a variable or
        a zone of each seat's), the kind when only one kind has such a field; else None. The
        read is tested at play as any typed read, the general reader standing by."""
        found = self._guessed.get(name, False)
        if found is not False:
            return found
        prog = self.prog
        kinds = [k for k in prog.kinds.values() if name in k.field_index]
        on_seats = (name in prog.var_slots and prog.var_decls[name].per_player) or \
            (name in prog.zones and prog.defn.zones[name].per_player)
        elsewhere = name in COMPONENT_FIELD_NAMES or name in ("name", "label", "seat") or \
            any(name in loc.fields for loc in prog.locations.values())
        if on_seats and not kinds and not elsewhere:
            found = types.of("player")
        elif len(kinds) == 1 and not on_seats and not elsewhere:
            found = types.of("kind", kinds[0].name)
        else:
            found = None
        self._guessed[name] = found
        return found

    # ---------------------------------------------------------------- writing
    def player_slot(self, target):
        """The first slot of a seat's variable `p.name` (a slot per seat), or None."""
        name = target.name
        prog = self.prog
        if name in prog.var_slots and prog.var_decls[name].per_player:
            return prog.var_slots[name]
        return None

    def writer(self, target, obj, span):
        """A function value -> the Code of a statement storing value into a target: `set x`, `set
        p.score`, `set c.owner`, `set c.field`. obj is the Name holding the target's object (Attr)."""
        prog, k = self.prog, self.ns.const
        if isinstance(target, n.Name):
            return lambda value: fmt("st.vals[{}] = {}", prog.var_slots[target.name], value)
        name = target.name
        if name in prog.var_slots and prog.var_decls[name].per_player:
            slot = prog.var_slots[name]
            return lambda value: fmt("_set_player_var(st, {}, {}, {}, {}, {})", slot, obj, value, k(name), k(span))
        if name == "owner":
            return lambda value: fmt("_set_owner(st, {}, {}, {})", obj, value, k(span))
        return lambda value: fmt("_set_field(st, {}, {}, {}, {})", obj, k(name), value, k(span))


class Typed:
    """A field read directly (Names.typed_field): test(given) -> the Code testing what the object
    is, given the Code that reads (or binds) it; read: the Code of the read; cls, kind: what the
    test checks the object is (a component's kind, or None)."""
    __slots__ = ("test", "read", "cls", "kind")

    def __init__(self, test, read: Code, cls, kind=None):
        self.test, self.read, self.cls, self.kind = test, read, cls, kind


def _is(cls_name: str):
    return lambda given: fmt("type({}) is " + cls_name, given)


def _plain(t: Code) -> bool:
    """Whether a seat's variable read through t cannot fail and is worth reading where a loop is
    entered (hoist.py): t a loop's name, or a name kept in the frame's env."""
    var = t.var
    if type(var) is Name:
        return var.prefix == "v"
    return type(var) is Slot and all(c.isalnum() or c == "_" for c in var.key)


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


# The built-in names every game has, as Code (players and player_count are fixed per game).
BUILTIN_READS = {
    "players": lambda names: names.ns.const(names.prog.players),
    "player_count": lambda names: names.ns.const(names.prog.player_count),
    "current_player": lambda names: text("st.current"),
    "round_number": lambda names: text("st.round"),
    "game_over": lambda names: text("(st.result is not None)"),
    "winners": lambda names: fmt("{}(st)", names.ns.const(names.winners)),
}
assert set(BUILTIN_READS) == set(BUILTIN_NAMES)


def _handle(table: str):
    return lambda names, name: names.ns.const(getattr(names.prog, table)[name])


# A resolved global name, by its declaration's category (check/context.py), as Code.
GLOBAL_READS = {
    "variable": lambda names, name: fmt("st.vals[{}]", names.prog.var_slots[name], safe=True),
    "constant": lambda names, name: names.ns.const(names.const_value(name)),
    "builtin name": lambda names, name: BUILTIN_READS[name](names),
    "option": _handle("options"), "seat": _handle("seat_by_name"), "enum": _handle("enums"),
    "enum value": _handle("enum_values"), "direction": _handle("directions"), "edge kind": _handle("edge_kinds"),
    "location": _handle("locations"), "kind": _handle("kinds"), "zone": _handle("zones"),
    "board": _handle("boards"), "die": _handle("dice"), "tag": _handle("tags"),
}


def absent_seat(span, name: str, players: int):
    """Reading a declared seat that nobody takes at this player count."""
    raise error(span, f"there is no {name} in a game of {players} players",
                "seats are taken in the order `seats` lists them; check player_count before naming a later one")


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
