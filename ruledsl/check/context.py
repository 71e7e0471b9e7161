"""What every checker pass shares: the game's symbol table and the diagnostics so far."""
from __future__ import annotations

import attrs

from ..errors import Diagnostic, did_you_mean
from ..ir import nodes as n
from ..ir.game import GameDef
from ..limits import MAX_PLAYERS
from ..source import Span
from .builtins import BASIC_TYPES, BUILTIN_NAMES, DIRECTIONS, GRID_EDGE_KINDS


@attrs.define
class Symbol:
    """A global name: what it is (category), its type, and where it was declared."""
    category: str
    type: str
    span: Span
    decl: object = None


def list_of(t: str) -> str:
    return f"list of {t}"


def item_of(t: str) -> str:
    if t.startswith("list of "):
        return t[len("list of "):]
    if t.startswith("zone of "):
        return "kind " + t[len("zone of "):]
    return "any"


def type_of_ref(ref: n.TypeRef) -> str:
    """The checker's notation for a declared type."""
    if isinstance(ref, n.RangeType):
        return "int"
    if isinstance(ref, n.ListType):
        return list_of(type_of_ref(ref.item))
    return ref.name  # resolved further by declarations.resolve_type


@attrs.frozen
class _OnBoard:
    board: str


class Context:
    """Collects diagnostics; holds the global symbol table built from the GameDef."""

    def __init__(self, definition: GameDef):
        self.game = definition
        self.diagnostics: list[Diagnostic] = []
        self.symbols: dict[str, Symbol] = {}
        self.tags: dict[str, Span] = {}
        self.location_fields: dict[str, str] = {}
        self.grid_boards: set[str] = set()
        self.compiled_boards: dict = {}      # filled by the boards pass
        self.used: set[str] = set()          # rules, functions and vars used: filled by the scope pass
        self._build_symbols()

    # -- reporting ---------------------------------------------------------
    def error(self, span: Span, message: str, hint: str = "") -> None:
        self.diagnostics.append(Diagnostic("error", span, message, hint))

    def warning(self, span: Span, message: str, hint: str = "") -> None:
        self.diagnostics.append(Diagnostic("warning", span, message, hint))

    # -- types -----------------------------------------------------------------
    def resolve_type(self, ref: n.TypeRef) -> str:
        """A declared type in checker notation ("int", "enum Side", "kind Tile", "list of …")."""
        if isinstance(ref, n.RangeType):
            if ref.low > ref.high:
                self.error(ref.span, f"the range {ref.low}..{ref.high} is empty", "write the smaller number first")
            return "int"
        if isinstance(ref, n.ListType):
            return list_of(self.resolve_type(ref.item))
        name = ref.name
        if name in BASIC_TYPES:
            return name
        if name in self.game.enums:
            return f"enum {name}"
        if name in self.game.kinds:
            return f"kind {name}"
        known = list(BASIC_TYPES) + list(self.game.enums) + list(self.game.kinds)
        self.error(ref.span, f"unknown type '{name}'",
                   did_you_mean(name, known) or "use int, bool, text, player, location, direction, an enum or a kind")
        return "any"

    # -- symbols -----------------------------------------------------------------
    def define(self, name: str, symbol: Symbol) -> None:
        if name in self.symbols:
            first = self.symbols[name]
            if first.span.path == "<builtin>":
                self.error(symbol.span, f"'{name}' is a built-in {first.category} and cannot be redefined",
                           "choose another name")
                return
            if first.category == symbol.category == "location":
                if getattr(first.decl, "board", None) != getattr(symbol.decl, "board", None):
                    self.error(symbol.span, f"location '{name}' is on two boards",
                               "give the locations of different boards different names")
                return
            article = "an" if first.category[0] in "aeiou" else "a"
            self.error(symbol.span, f"'{name}' is already {article} {first.category}",
                       f"it was declared at line {first.span.line}; one name may name one thing")
            return
        self.symbols[name] = symbol

    def _build_symbols(self) -> None:
        g = self.game
        for name, (typ, _doc) in BUILTIN_NAMES.items():
            self.symbols[name] = Symbol("builtin name", typ, Span("<builtin>", 0, 0))
        for d in DIRECTIONS:
            self.symbols[d] = Symbol("direction", "direction", Span("<builtin>", 0, 0))
        for kind in GRID_EDGE_KINDS:
            self.symbols[kind] = Symbol("edge kind", "edge kind", Span("<builtin>", 0, 0))
        if g.seats:
            for seat in g.seats.seats:
                self.define(seat.name, Symbol("seat", "player", seat.span, seat))
        elif g.players:
            for i in range(1, min(g.players.high, MAX_PLAYERS) + 1):   # past the limit: one error, not a hang
                self.symbols[f"P{i}"] = Symbol("seat", "player", g.players.span)
        for enum in g.enums.values():
            self.define(enum.name, Symbol("enum", f"enum type {enum.name}", enum.span, enum))
            seen = {}
            for value in enum.values:
                if value.name in seen:
                    self.error(value.span, f"'{value.name}' is listed twice in enum {enum.name}")
                    continue
                seen[value.name] = value
                self.define(value.name, Symbol("enum value", f"enum {enum.name}", value.span, value))
        # Each named table of the game: its category and the type its name has in expressions.
        for table, category, typ in (
                ("kinds", "kind", lambda d: f"kind type {d.name}"),
                ("zones", "zone", lambda d: f"zone of {d.of}"),
                ("vars", "variable", lambda d: "any"),
                ("consts", "constant", lambda d: "any"),
                ("dice", "die", lambda d: "die"),
                ("options", "option", lambda d: "any"),
                ("defines", "function", lambda d: "function"),
                ("rules", "rule", lambda d: "rule")):
            for decl in getattr(g, table).values():
                self.define(decl.name, Symbol(category, typ(decl), decl.span, decl))
        for board in g.boards.values():
            self.define(board.name, Symbol("board", "board", board.span, board))
            for kind, span in board.edge_kinds:
                if kind not in self.symbols or self.symbols[kind].category != "edge kind":
                    self.define(kind, Symbol("edge kind", "edge kind", span))
            for loc in board.locations:
                self.define(loc.name, Symbol("location", "location", loc.span, _OnBoard(board.name)))
                for tag in loc.tags:
                    self.tags.setdefault(tag, loc.span)
                for field, _value in loc.fields:
                    self.location_fields.setdefault(field, "any")
            for entry in board.legend:
                for tag in entry.tags:
                    if tag != "void":
                        self.tags.setdefault(tag, entry.span)
        self._collect_marked_tags()

    def _collect_marked_tags(self) -> None:
        from .walk import statements
        for stmt in statements(self.game):
            if isinstance(stmt, n.Mark):
                self.tags.setdefault(stmt.tag, stmt.span)

    def all_field_names(self) -> set[str]:
        """Every name that can follow a dot on something."""
        from .builtins import COMPONENT_FIELDS, LOCATION_FIELDS, PLAYER_FIELDS
        g = self.game
        names = set(COMPONENT_FIELDS) | set(LOCATION_FIELDS) | set(PLAYER_FIELDS) | set(self.location_fields)
        names |= {v for v, d in g.vars.items() if d.per_player}
        names |= {z for z, d in g.zones.items() if d.per_player}
        for kind in g.kinds.values():
            names |= {f.name for f in kind.fields}
        return names

    def known_names(self) -> list[str]:
        return list(self.symbols) + list(self.tags)
