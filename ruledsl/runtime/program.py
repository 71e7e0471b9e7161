"""A checked game compiled for play: every table fixed by the IR, the options and the player count.

Built once per (definition, player count, options); every state of that
game shares it. It holds the interned handles (seats, enum values,
locations, zones, components), the variables' slots, the boards' steps, the
compiled code units and triggers, and the starting data a new state copies.
"""
from __future__ import annotations

from ..check.builtins import BUILTIN_NAMES, DIRECTIONS, GRID_EDGE_KINDS, ZONE_SHAPES
from ..errors import error, did_you_mean
from ..ir import nodes as n
from ..ir.boards import compile_board
from ..limits import MAX_COMPONENTS
from .exprs import ExprCompiler, Scope, items_of
from .graph import Graphs, Step
from .values import MISSING_NAME
from .state import StateData
from .values import (Board, Comp, Die, EdgeKind, EnumType, EnumValue, KindInfo, Location, Player, Tag,
                     Zone, display)

ROTATABLE = ("direction", "list of direction")


class Program:
    def __init__(self, definition, players: int, options: dict):
        self.defn = definition
        self.player_count = players
        names = definition.seat_names(players)
        labels = definition.seat_names(players, display=True)
        self.players = tuple(Player(i, names[i], labels[i]) for i in range(players))
        self.seat_by_name = {p.name: p for p in self.players}
        self.compiler = ExprCompiler(self)
        self.started: dict = {}     # (chance, hold) -> the state every seed starts in, when chance played no part
        self._define_cells: dict = {}
        self._build_enums()
        self.options = {k: self._option_value(k, v) for k, v in options.items()}
        self._build_kinds()
        self._build_boards()
        self._build_zones()
        self.consts: dict = {}
        self._build_vars()
        self.initial = self._initial_data()
        self._evaluate_consts()
        self._build_locations_fields()
        self._build_components()
        for name in self.defn.consts:   # those the set-up did not need, now that components exist
            self._const(name)
        self._build_edges()
        from .machine import compile_program
        compile_program(self)

    # ---------------------------------------------------------------- tables
    def _build_enums(self):
        self.enums: dict = {}
        self.enum_values: dict = {}
        for decl in self.defn.enums.values():
            values = tuple(EnumValue(decl.name, v.name, v.display, i) for i, v in enumerate(decl.values))
            self.enums[decl.name] = EnumType(decl.name, values)
            for v in values:
                self.enum_values[v.name] = v
        self.directions = {d: EnumValue("direction", d, d, i) for i, d in enumerate(DIRECTIONS)}
        self.edge_kinds = {k: EdgeKind(k) for k in GRID_EDGE_KINDS}
        for board in self.defn.boards.values():
            for kind, _span in board.edge_kinds:
                self.edge_kinds.setdefault(kind, EdgeKind(kind))
        self.dice: dict = {}

    def _option_value(self, name, value):
        decl = self.defn.options[name]
        if isinstance(decl.type, n.TypeName) and decl.type.name in self.enums and isinstance(value, str):
            return self.enum_values[value]
        return value

    def _build_kinds(self):
        self.kinds: dict = {}
        self.rotatable: dict = {}
        self.field_types: dict = {}
        for decl in self.defn.kinds.values():
            fields = tuple(f.name for f in decl.fields)
            vis = tuple(f.visibility.who if f.visibility else None for f in decl.fields)
            position = decl.position.who if decl.position else "all"
            kind = KindInfo(decl.name, fields, vis, position)
            self.kinds[decl.name] = kind
            self.rotatable[decl.name] = tuple(i for i, f in enumerate(decl.fields) if _type_text(f.type) in ROTATABLE)

    def _build_boards(self):
        self.places: list = []
        self.locations: dict = {}
        self.boards: dict = {}
        self.by_position: dict = {}
        self.compiled_boards: dict = {}
        self.tag_names: set = set()
        ordinal = 0
        for decl in self.defn.boards.values():
            board, _problems = compile_board(decl)
            self.compiled_boards[decl.name] = board
            locs = []
            for loc in board.locations.values():
                place = Location(len(self.places), loc.name, loc.label, decl.name, loc.column, loc.row, {},
                                 frozenset(loc.tags), ordinal)
                ordinal += 1
                self.places.append(place)
                self.locations[loc.name] = place
                locs.append(place)
                self.tag_names |= set(loc.tags)
            self.boards[decl.name] = Board(decl.name, tuple(locs), decl.grid)
            if decl.grid:
                self.by_position[decl.name] = {pos: self.locations[name] for pos, name in board.by_position.items()}
        self.all_locations = tuple(self.locations.values())
        from ..check.walk import statements
        for stmt in statements(self.defn):
            if isinstance(stmt, n.Mark):
                self.tag_names.add(stmt.tag)
        self.tags = {t: Tag(t) for t in self.tag_names}

    def _build_zones(self):
        self.zones: dict = {}
        for decl in self.defn.zones.values():
            shape = ZONE_SHAPES[decl.shape]
            visibility = decl.visibility.who if decl.visibility else shape.visibility
            facing = decl.facing or shape.facing
            owners = self.players if decl.per_player else (None,)
            instances = []
            for owner in owners:
                zone = Zone(len(self.places), decl.name, owner, decl.shape, shape.ordered, facing, visibility, None)
                if decl.label:
                    zone.label = f"{owner.label}'s {decl.label}" if owner is not None else decl.label
                self.places.append(zone)
                instances.append(zone)
            self.zones[decl.name] = tuple(instances) if decl.per_player else instances[0]

    def _build_vars(self):
        self.var_slots: dict = {}
        self.var_decls: dict = {}
        slot = 0
        for decl in self.defn.vars.values():
            self.var_slots[decl.name] = slot
            self.var_decls[decl.name] = decl
            slot += self.player_count if decl.per_player else 1
        self.var_count = slot

    def _initial_data(self) -> StateData:
        st = StateData()
        st.vals = [None] * self.var_count
        st.loc, st.face, st.owner, st.fields, st.known = [], [], [], [], []
        st.contents = [()] * len(self.places)
        st.tags = [p.tags if type(p) is Location else frozenset() for p in self.places]
        st.lazy = frozenset()
        st.rng = 0
        st.frames = []
        st.pending = None
        st.current = None
        st.phase = ()
        st.round = 0
        st.log = None
        st.history = None
        st.result = None
        st.forced = ()
        st.explicit = False
        st.steps = 0
        st.action_count = 0
        st.quiet = 0              # > 0 inside `quietly:` blocks
        st.var_known = {}         # var slot -> seats that may now see it (bitmask; ALL_SEATS: everyone)
        return st

    def _evaluate_consts(self):
        st = self.initial
        for decl in self.defn.dice.values():
            faces = self.compiler.expr(decl.faces, Scope())(st, {})
            self.dice[decl.name] = Die(decl.name, tuple(items_of(st, faces)))
        for name, decl in self.defn.vars.items():
            value = self.compiler.expr(decl.init, Scope())(st, {})
            slot = self.var_slots[name]
            for i in range(self.player_count if decl.per_player else 1):
                st.vals[slot + i] = value

    def _const(self, name):
        if name not in self.consts:
            decl = self.defn.consts[name]
            self.consts[name] = _EVALUATING
            self.consts[name] = self.compiler.expr(decl.value, Scope())(self.initial, {})
        value = self.consts[name]
        if value is _EVALUATING:
            raise error(self.defn.consts[name].span, f"the constant {name} is defined in terms of itself")
        return value

    def _build_locations_fields(self):
        for decl in self.defn.boards.values():
            for loc in decl.locations:
                place = self.locations.get(loc.name)
                if place is not None:
                    for field, expr in loc.fields:
                        place.fields[field] = self.compiler.expr(expr, Scope())(self.initial, {})

    def _build_components(self):
        st = self.initial
        self.comps: list = []
        self.components_of = {k: [] for k in self.kinds}
        for decl in self.defn.zones.values():
            zone_value = self.zones[decl.name]
            instances = zone_value if decl.per_player else (zone_value,)
            for zone in instances:
                made = []
                for content in decl.contents:
                    made += self._make(content, zone)
                st.contents[zone.index] = tuple(made)
        self.components_of = {k: tuple(v) for k, v in self.components_of.items()}
        for decl in self.defn.zones.values():
            if decl.capacity is not None:
                cap = self.compiler.expr(decl.capacity, Scope())(st, {})
                zone_value = self.zones[decl.name]
                for zone in (zone_value if decl.per_player else (zone_value,)):
                    zone.capacity = cap

    def _make(self, content, zone) -> list:
        st = self.initial
        kind = self.kinds[content.kind]
        kdecl = self.defn.kinds[content.kind]
        env = {}
        sources = [None]
        scope = Scope()
        if content.var is not None:
            sources = list(items_of(st, self.compiler.expr(content.source, Scope())(st, {})))
            scope = Scope([content.var])
        count_fn = self.compiler.expr(content.count, scope) if content.count is not None else None
        given = {k: self.compiler.expr(v, scope) for k, v in content.args}
        made = []
        for item in sources:
            if content.var is not None:
                env[content.var] = item
            count = count_fn(st, env) if count_fn else 1
            _within_limit(len(self.comps), count, content)
            for _ in range(count):
                values = []
                for f in kdecl.fields:
                    if f.name in given:
                        values.append(given[f.name](st, env))
                    elif f.default is not None:
                        values.append(self.compiler.expr(f.default, Scope())(st, {}))
                    else:
                        values.append(_zero(f.type))
                comp = Comp(len(self.comps), kind)
                self.comps.append(comp)
                self.components_of[kind.name].append(comp)
                st.loc.append(zone.index)
                st.face.append(zone.facing == "up")
                st.owner.append(zone.owner)
                st.fields.append(tuple(values))
                st.known.append(0)
                made.append(comp)
        return made

    def _build_edges(self):
        steps: dict = {}
        defaults: dict = {}
        for name, board in self.compiled_boards.items():
            defaults[name] = frozenset({"orthogonal"}) if board.grid else None
            for a, b, data in board.graph.edges(data=True):
                la, lb = self.locations[a], self.locations[b]
                kind = data["kind"]
                direction = self.directions.get(data.get("direction")) if data.get("direction") else None
                cond = None
                if data.get("when") is not None:
                    when = self.compiler.expr(data["when"], Scope())
                    cond = (lambda w: lambda st, x, y, d: bool(w(st, {})))(when)
                elif kind in board.connects:
                    decl = board.connects[kind]
                    when = self.compiler.expr(decl.when, Scope([decl.a, decl.b, decl.d]))
                    names = (decl.a, decl.b, decl.d)
                    cond = (lambda w, na, nb, nd: lambda st, x, y, d: bool(w(st, {na: x, nb: y, nd: d})))(when, *names)
                steps.setdefault(la.index, []).append(Step(lb, kind, cond, direction))
        self.graphs = Graphs({k: tuple(v) for k, v in steps.items()}, defaults)

    # ------------------------------------------------------------- names
    def is_symbol(self, name: str) -> bool:
        return (name in self.var_slots or name in self.defn.consts or name in self.zones or name in self.options
                or name in self.seat_by_name or name in self.enum_values or name in self.directions
                or name in self.locations or name in self.kinds or name in self.enums or name in self.dice
                or name in self.defn.dice or name in self.boards or name in BUILTIN_NAMES)

    def global_name(self, name: str, span):
        """A closure reading a global name (var, constant, declared thing, builtin name or tag)."""
        if name in self.var_slots:
            slot = self.var_slots[name]
            return lambda st, env: st.vals[slot]
        if name in self.defn.consts:
            prog = self
            if name in self.consts and self.consts[name] is not _EVALUATING:
                value = self.consts[name]
                return lambda st, env: value
            return lambda st, env: prog._const(name)
        if name in BUILTIN_NAMES:
            return _BUILTIN_NAMES[name](self)
        value = self.value_of_name(name)
        if value is _MISSING:
            raise error(span, f"'{name}' is not defined", did_you_mean(name, list(self.var_slots) + list(self.locations)))
        return lambda st, env: value

    def fixed_value(self, name: str):
        """The value of a name fixed for the whole game (players, player_count, a constant
        already worked out), or MISSING_NAME."""
        if name == "players":
            return self.players
        if name == "player_count":
            return self.player_count
        value = self.consts.get(name, MISSING_NAME)
        return MISSING_NAME if value is _EVALUATING else value

    def value_of_name(self, name: str):
        for table in (self.zones, self.options, self.seat_by_name, self.enum_values, self.directions,
                      self.edge_kinds, self.locations, self.kinds, self.enums, self.boards):
            if name in table:
                return table[name]
        if name in self.defn.dice:
            return self.dice[name]
        if name in self.tags:
            return self.tags[name]
        return _MISSING

    def define_body(self, name: str) -> list:
        """A one-item list holding the compiled body of a `define` (filled lazily, so defines may recurse)."""
        cell = self._define_cells.get(name)
        if cell is None:
            cell = [None]
            self._define_cells[name] = cell
            decl = self.defn.defines[name]
            cell[0] = self.compiler.expr(decl.body, Scope(decl.params))
        return cell

    @property
    def defines(self):
        return self.defn.defines

    def attr_handlers(self, name: str, span):
        """({type: (st, obj) -> obj.name}, fail(st, obj) raising the error for anything else)."""
        handlers = {}
        prog = self
        if name in self.var_slots and self.var_decls[name].per_player:
            slot = self.var_slots[name]
            handlers[Player] = lambda st, p: st.vals[slot + p.index]
        elif name in self.zones and self.defn.zones[name].per_player:
            instances = self.zones[name]
            handlers[Player] = lambda st, p: instances[p.index]
        elif name == "seat":
            handlers[Player] = lambda st, p: p.seat
        elif name == "name":
            handlers[Player] = lambda st, p: p.name
        # components
        if name == "owner":
            handlers[Comp] = lambda st, c: st.owner[c.id]
            handlers[Zone] = lambda st, z: z.owner
        elif name == "location":
            handlers[Comp] = lambda st, c: prog.places[st.loc[c.id]]
        elif name == "face_up":
            handlers[Comp] = lambda st, c: st.face[c.id]
        elif name == "kind":
            handlers[Comp] = lambda st, c: c.kind.name
        elif name == "id":
            handlers[Comp] = lambda st, c: c.id
        else:
            def field(st, c):
                i = c.kind.field_index.get(name)
                if i is None:
                    raise error(span, f"a {c.kind.name} has no field '{name}'")
                return st.fields[c.id][i]
            handlers[Comp] = field
        # locations and zones
        if name == "contents":
            handlers[Location] = handlers[Zone] = lambda st, loc: items_of(st, loc)
        elif name in ("name", "board", "row", "column"):
            handlers[Location] = lambda st, loc: getattr(loc, name)
            if name == "name":
                handlers[Zone] = lambda st, z: z.name
        else:
            handlers[Location] = lambda st, loc: loc.fields.get(name)
        if name in ("name", "label"):
            handlers[EnumValue] = lambda st, v: getattr(v, name)

        def fail(st, obj):
            if obj is None:
                raise error(span, f"cannot read .{name} of none")
            raise error(span, f"{display(st, obj)} has no '{name}'")
        return handlers, fail

    # ---------------------------------------------------------- setters
    def setter(self, target, scope, span):
        """A function (st, env, value) storing into a var, a player's var or a component's field."""
        if isinstance(target, n.Name):
            slot = self.var_slots[target.name]
            return (lambda st, env, v: st.vals.__setitem__(slot, v)), self.var_decls[target.name]
        if isinstance(target, n.Attr):
            obj = self.compiler.expr(target.obj, scope)
            name = target.name
            if name in self.var_slots and self.var_decls[name].per_player:
                slot = self.var_slots[name]

                def set_player_var(st, env, v):
                    p = obj(st, env)
                    if type(p) is not Player:
                        raise error(span, f"{display(st, p)} is not a player")
                    st.vals[slot + p.index] = v
                return set_player_var, self.var_decls[name]
            if name == "owner":
                def set_owner(st, env, v):
                    st.owner[obj(st, env).id] = v
                return set_owner, None

            def set_field(st, env, v):
                c = obj(st, env)
                if type(c) is not Comp:
                    raise error(span, f"cannot set .{name} of {display(st, c)}")
                i = c.kind.field_index.get(name)
                if i is None:
                    raise error(span, f"a {c.kind.name} has no field '{name}'")
                values = st.fields[c.id]
                st.fields[c.id] = values[:i] + (v,) + values[i + 1:]
            return set_field, None
        raise error(span, "only a variable, a player's variable or a component's field can be set")


_EVALUATING = object()
_MISSING = MISSING_NAME

_BUILTIN_NAMES = {
    "players": lambda prog: (lambda st, env: prog.players),
    "player_count": lambda prog: (lambda st, env: prog.player_count),
    "current_player": lambda prog: (lambda st, env: st.current),
    "round_number": lambda prog: (lambda st, env: st.round),
    "game_over": lambda prog: (lambda st, env: st.result is not None),
    "winners": lambda prog: (lambda st, env: tuple(p for p, r in zip(prog.players, st.result or ()) if r == 1.0)),
}


def _within_limit(made: int, count, content) -> None:
    """A count set by an option or the player count must keep the game within MAX_COMPONENTS
    (the checker adds up the counts the file fixes)."""
    if type(count) is int and made + count > MAX_COMPONENTS:
        raise error(content.span, f"this brings the game to {made + count:,} components; "
                    f"a game may have at most {MAX_COMPONENTS:,}", "choose smaller option values")


def _type_text(ref) -> str:
    if isinstance(ref, n.ListType):
        return "list of " + _type_text(ref.item)
    if isinstance(ref, n.RangeType):
        return "int"
    return ref.name


def _zero(ref):
    text = _type_text(ref)
    return {"int": 0, "bool": False, "text": ""}.get(text, () if text.startswith("list of") else None)
