"""A checked game's tables for one player count and options: every handle, slot and place.

Built once per (definition, player count, options) and shared by every state
of that game. It holds the interned handles (seats, enum values, locations,
zones, components), the variables' slots, the boards' steps and the starting
data a new state copies. Values written as expressions in the rules (constants,
starting values, components' fields) are worked out by the compiler, which
fills them in (see compiler/build.py); the compiled code lives here too.
"""
from __future__ import annotations

from ...check.builtins import DIRECTIONS, GRID_EDGE_KINDS, ZONE_SHAPES
from ...ir import nodes as n
from ...ir.boards import compile_board
from ...ir.labels import labels_of
from .state import StateData
from .values import Board, EdgeKind, EnumType, EnumValue, KindInfo, Location, Player, Tag, Zone, turn_direction

ROTATABLE = ("direction", "list of direction")


class Program:
    """The tables of one game (see the module docstring)."""

    def __init__(self, definition, players: int, options: dict):
        self.defn = definition
        self.player_count = players
        names = definition.seat_names(players)
        labels = definition.seat_names(players, display=True)
        self.players = tuple(Player(i, names[i], labels[i]) for i in range(players))
        self.seat_by_name = {p.name: p for p in self.players}
        self.everyone = (1 << players) - 1      # every seat, as a bitmask of seats
        # Onlookers (view(None)) see what is public: in masks of who sees a face, the bit after the
        # seats' (a face up, a zone whose faces all see); `public`: every seat and onlookers.
        self.onlooker = 1 << players
        self.public = self.everyone | self.onlooker
        self.started: dict = {}     # (chance, hold) -> the state every seed starts in, when chance played no part
        # The compiler's passes the program is made with (compiler/passes), what each decided where
        # ({(pass, what, span): None}), and what they leave it to do at play: moves of several at
        # once (`bulk`, read where components move: an attribute, not a look-up), new games copied
        # from the state every seed starts in (`started`).
        self.passes = frozenset()
        self.decided: dict = {}
        self.bulk = False
        self.copies_start = False
        self._build_enums()
        self.options = {k: self._option_value(k, v) for k, v in options.items()}
        self._build_kinds()
        self._build_boards()
        self._build_zones()
        self._build_vars()
        self.initial = self._initial_data()
        self.consts: dict = {}          # name -> value, filled by the compiler
        self.dice: dict = {}            # name -> Die, filled by the compiler
        self.comps: list = []           # every component handle, by id
        self.components_of: dict = {k: () for k in self.kinds}
        # Filled by the compiler: the code units, their names and spans, triggers and graphs.
        self.code: list = []
        self.unit_names: list = []
        self.unit_spans: list = []
        self.unit_parts: list = []      # the (span, name) of each rule written into each unit
        self.flow_unit = self.setup_unit = None
        self.after_action = None
        self.enter_triggers: list = []
        self.leave_triggers: list = []
        # kind -> (its leave triggers, its enter triggers): the kinds whose moves fire some
        # (compiler/triggers.py: a trigger that begins `where x is Kind` watches that kind only)
        self.watched: dict = {}
        self.turn_options: list = []
        self.turn_option_units = frozenset()
        self.graphs = None
        self.tagged: dict = {}     # (tag, board) -> (the tags tuple it was found in, the locations)
        self.between: dict = {}    # (location, location) -> the direction from one to the other, or None
        self.progress = None            # st -> text, the rules' `progress "…"`
        self.code_map = None
        self.compiler = None

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
        # {degrees: {direction: it turned clockwise by degrees}}: what `rotate` reads for each side
        self.turns = {deg: {v: turn_direction(self.directions, v, deg) for v in self.directions.values()}
                      for deg in (0, 90, 180, 270)}
        self.edge_kinds = {k: EdgeKind(k) for k in GRID_EDGE_KINDS}
        for board in self.defn.boards.values():
            for kind, _span in board.edge_kinds:
                self.edge_kinds.setdefault(kind, EdgeKind(kind))

    def _option_value(self, name, value):
        decl = self.defn.options[name]
        if isinstance(decl.type, n.TypeName) and decl.type.name in self.enums and isinstance(value, str):
            return self.enum_values[value]
        return value

    def _build_kinds(self):
        labels = labels_of(self.defn)
        self.kinds: dict = {}
        self.rotatable: dict = {}
        # {(kind's name, fields, degrees): the fields turned}: what `rotate` made, kept (a board's
        # tiles take few faces, turned again and again)
        self.rotated: dict = {}
        for decl in self.defn.kinds.values():
            fields = tuple(f.name for f in decl.fields)
            vis = tuple(f.visibility.who if f.visibility else None for f in decl.fields)
            position = decl.position.who if decl.position else "all"
            self.kinds[decl.name] = KindInfo(decl.name, fields, vis, position,
                                             tuple(f.name for f in decl.fields if f.hidden))
            self.kinds[decl.name].label = labels.of(decl.name)     # the rules' label: "Role card"
            self.rotatable[decl.name] = tuple(i for i, f in enumerate(decl.fields) if type_text(f.type) in ROTATABLE)

    def _build_boards(self):
        self.places: list = []
        self.locations: dict = {}
        self.boards: dict = {}
        self.by_position: dict = {}
        self.compiled_boards: dict = {}
        tag_names: set = set()
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
                tag_names |= set(loc.tags)
            for entry in decl.legend:        # a legend's tags are names even where no square carries them
                tag_names |= set(entry.tags)
            self.boards[decl.name] = Board(decl.name, tuple(locs), decl.grid)
            if decl.grid:
                self.by_position[decl.name] = {pos: self.locations[name] for pos, name in board.by_position.items()}
        self.all_locations = tuple(self.locations.values())
        from ...check.walk import statements
        for stmt in statements(self.defn):
            if isinstance(stmt, n.Mark):
                tag_names.add(stmt.tag)
        self.tag_names = frozenset(tag_names)
        self.tags = {t: Tag(t) for t in tag_names}

    def _build_zones(self):
        self.zones: dict = {}
        everyone = self.everyone
        labels = labels_of(self.defn)
        for decl in self.defn.zones.values():
            label = labels.of(decl.name)      # the rules' label, else the name as words ("draw pile")
            shape = ZONE_SHAPES[decl.shape]
            visibility = decl.visibility.who if decl.visibility else shape.visibility
            facing = decl.facing or shape.facing
            owners = self.players if decl.per_player else (None,)
            instances = []
            for owner in owners:
                zone = Zone(len(self.places), decl.name, owner, decl.shape, shape.ordered, facing, visibility, None)
                zone.sees = self.public if visibility == "all" else \
                    1 << owner.index if visibility == "owner" and owner is not None else 0
                zone.label = f"{owner.label}'s {label}" if owner is not None else label
                self.places.append(zone)
                instances.append(zone)
            self.zones[decl.name] = tuple(instances) if decl.per_player else instances[0]

    def zone_instances(self, name: str) -> tuple:
        """Every instance of a zone declaration (one per seat for a per-player zone)."""
        value = self.zones[name]
        return value if type(value) is tuple else (value,)

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
        st.tags = tuple(p.tags if type(p) is Location else frozenset() for p in self.places)
        st.lazy = frozenset()
        st.ends = {}
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
        st.muted = False          # True: nothing more is logged (a playout nobody reads)
        st.unfolded = False       # True: a scenario changed what play never does (compiler/static.py)
        st.var_known = {}         # var slot -> seats that may now see it (bitmask; ALL_SEATS: everyone)
        st.memo = None            # while a decision's options are worked out: searches made (engine/graph.py)
        st.seat_logs = None       # seat -> (log cell, its texts as the seat reads them): see views.seat_log
        st.digests = None         # seat -> what its last view digest was made from: see digest._places_keys
        return st

    # ---------------------------------------------------------------- names
    def value_of_name(self, name: str, missing=None):
        """The handle a declared name stands for (a zone, an option's value, a seat, an enum value,
        a direction, an edge kind, a location, a kind, an enum, a board, a die or a tag)."""
        for table in (self.zones, self.options, self.seat_by_name, self.enum_values, self.directions,
                      self.edge_kinds, self.locations, self.kinds, self.enums, self.boards, self.dice, self.tags):
            if name in table:
                return table[name]
        return missing


def type_text(ref) -> str:
    """A declared type as text: "int", "list of direction", a kind's or an enum's name."""
    if isinstance(ref, n.ListType):
        return "list of " + type_text(ref.item)
    if isinstance(ref, n.RangeType):
        return "int"
    return ref.name
