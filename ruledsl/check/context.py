"""What every checker pass shares: the game's symbol table and the diagnostics so far."""
from __future__ import annotations

from typing import Optional

import attrs

from ..errors import Diagnostic, did_you_mean
from ..ir import nodes as n
from ..ir.game import GameDef
from ..limits import MAX_PLAYERS
from ..source import Span
from .builtins import (BASIC_TYPES, BUILTIN_NAMES, COMPONENT_FIELDS, DIRECTIONS, GRID_EDGE_KINDS, LOCATION_FIELDS,
                       PLAYER_FIELDS)
from .index import Declaration, Index, name_span
from .types import (ANY, BOARD, DIE, DIRECTION, EDGE_KIND, FUNCTION, INT, LOCATION, PLAYER, RULE, TAG, Type,
                    enum, kind, list_of, of, parse, zone_of)


@attrs.define
class Symbol:
    """A global name: what it is (category), its type, where it was declared, and its
    entry in the index (set when it is defined)."""
    category: str
    type: Type
    span: Span
    decl: object = None
    declaration: Optional[Declaration] = None


def written_at(node, fallback: Span) -> Span:
    """Where a declaring node's name is written: its name span, or the start of its span."""
    span = getattr(node, "name_span", None)
    if span is not None and span.line > 0:
        return span
    if isinstance(node, n.LabelledName):
        return name_span(node.span, node.name)
    return fallback


@attrs.frozen
class _OnBoard:
    board: str


class Context:
    """Collects diagnostics; holds the global symbol table built from the GameDef."""

    def __init__(self, definition: GameDef, sites: bool = True):
        self.game = definition
        self.sites = sites                   # whether define bodies are typed per call for the runtime
        self.diagnostics: list[Diagnostic] = []
        self.symbols: dict[str, Symbol] = {}
        self.tags: dict[str, Span] = {}
        self.location_fields: dict[str, Type] = {}
        self.grid_boards: set[str] = set()
        self.compiled_boards: dict = {}      # filled by the boards pass
        self.used: set[str] = set()          # rules, functions and vars used: filled by the scope pass
        self.index = Index()                 # every declaration and use of a name, for editors and tools
        self.fields: dict[tuple, Declaration] = {}    # (kind, field) -> its declaration
        self.tag_decls: dict[str, Declaration] = {}   # tag -> where it first appears
        self.location_field_decls: dict[str, Declaration] = {}   # a `with` field -> its first location
        # For the runtime: each expression's type and each name's declaration, by id of the IR node
        # (with sites, also a define's body typed for each call: scope.Checker.specialise).
        self.types: dict[int, Type] = {}
        self.resolved: dict[int, Declaration] = {}
        self._build_symbols()

    # -- reporting ---------------------------------------------------------
    def error(self, span: Span, message: str, hint: str = "") -> None:
        self.diagnostics.append(Diagnostic("error", span, message, hint))

    def warning(self, span: Span, message: str, hint: str = "") -> None:
        self.diagnostics.append(Diagnostic("warning", span, message, hint))

    # -- types -----------------------------------------------------------------
    def resolve_type(self, ref: n.TypeRef) -> Type:
        """A declared type ("int", "enum Side", "kind Tile", "list of …"), reporting unknown ones."""
        if isinstance(ref, n.RangeType):
            if ref.low > ref.high:
                self.error(ref.span, f"the range {ref.low}..{ref.high} is empty", "write the smaller number first")
            return INT
        if isinstance(ref, n.ListType):
            return list_of(self.resolve_type(ref.item))
        name = ref.name
        if name in BASIC_TYPES:
            return of(name)
        if name in self.game.enums or name in self.game.kinds:
            self.use(ref.span, name)
            return enum(name) if name in self.game.enums else kind(name)
        known = list(BASIC_TYPES) + list(self.game.enums) + list(self.game.kinds)
        self.error(ref.span, f"unknown type '{name}'",
                   did_you_mean(name, known) or "use int, bool, text, player, location, direction, an enum or a kind")
        return ANY

    def declared_type(self, ref: n.TypeRef) -> Type:
        """A declared type, without reporting anything (unknown names are ANY)."""
        if isinstance(ref, n.RangeType):
            return INT
        if isinstance(ref, n.ListType):
            return list_of(self.declared_type(ref.item))
        if ref.name in BASIC_TYPES:
            return of(ref.name)
        if ref.name in self.game.enums:
            return enum(ref.name)
        return kind(ref.name) if ref.name in self.game.kinds else ANY

    # -- symbols -----------------------------------------------------------------
    def define(self, name: str, symbol: Symbol, where: Optional[Span] = None) -> None:
        """Declare a global name; `where` is its name's span when the symbol's node does not say."""
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
        symbol.declaration = self.index.declare(name, symbol.category, symbol.type,
                                                where or written_at(symbol.decl, symbol.span), symbol.decl)

    def use(self, span: Span, name: str, typ: Optional[Type] = None) -> None:
        """Record a use of a global name at a place."""
        symbol = self.symbols.get(name)
        if symbol is not None:
            self.index.use(span, symbol.declaration, typ)

    def builtin(self, name: str, category: str, typ: Type) -> None:
        self.symbols[name] = Symbol(category, typ, Span("<builtin>", 0, 0),
                                    declaration=self.index.builtin(name, category, typ))

    def tag(self, tag: str, span: Span) -> None:
        """A tag named at a place: the first place declares it, every place uses it."""
        self.tags.setdefault(tag, span)
        if tag not in self.tag_decls:
            self.tag_decls[tag] = self.index.declare(tag, "tag", TAG, span)
        self.index.use(span, self.tag_decls[tag], TAG)

    def _build_symbols(self) -> None:
        g = self.game
        for name, (typ, _doc) in BUILTIN_NAMES.items():
            self.builtin(name, "builtin name", parse(typ))
        for d in DIRECTIONS:
            self.builtin(d, "direction", DIRECTION)
        for edge in GRID_EDGE_KINDS:
            self.builtin(edge, "edge kind", EDGE_KIND)
        if g.seats:
            for seat in g.seats.seats:
                self.define(seat.name, Symbol("seat", PLAYER, seat.span, seat))
        elif g.players:
            for i in range(1, min(g.players.high, MAX_PLAYERS) + 1):   # past the limit: one error, not a hang
                self.symbols[f"P{i}"] = Symbol("seat", PLAYER, g.players.span)
                self.symbols[f"P{i}"].declaration = self.index.declare(f"P{i}", "seat", PLAYER, g.players.span)
        for decl in g.enums.values():
            self.define(decl.name, Symbol("enum", of("enum type", decl.name), decl.span, decl))
            seen = {}
            for value in decl.values:
                if value.name in seen:
                    self.error(value.span, f"'{value.name}' is listed twice in enum {decl.name}")
                    continue
                seen[value.name] = value
                self.define(value.name, Symbol("enum value", enum(decl.name), value.span, value))
        # Each named table of the game: its category and the type its name has in expressions.
        for table, category, typ in (
                ("kinds", "kind", lambda d: of("kind type", d.name)),
                ("zones", "zone", lambda d: zone_of(d.of)),
                ("vars", "variable", lambda d: ANY),
                ("consts", "constant", lambda d: ANY),
                ("dice", "die", lambda d: DIE),
                ("options", "option", lambda d: ANY),
                ("defines", "function", lambda d: FUNCTION),
                ("rules", "rule", lambda d: RULE)):
            for decl in getattr(g, table).values():
                self.define(decl.name, Symbol(category, typ(decl), decl.span, decl))
        for decl in g.kinds.values():
            for field in decl.fields:
                self.fields.setdefault((decl.name, field.name), self.index.declare(
                    field.name, "field", self.declared_type(field.type), written_at(field, field.span), field,
                    decl.name))
        for board in g.boards.values():
            self.define(board.name, Symbol("board", BOARD, board.span, board))
            for edge, span in board.edge_kinds:
                if edge not in self.symbols or self.symbols[edge].category != "edge kind":
                    self.define(edge, Symbol("edge kind", EDGE_KIND, span))
            for loc in board.locations:
                self.define(loc.name, Symbol("location", LOCATION, loc.span, _OnBoard(board.name)),
                            written_at(loc, loc.span))
                for tag, span in zip(loc.tags, loc.tag_spans or [loc.span] * len(loc.tags)):
                    self.tag(tag, span)
                for field, _value in loc.fields:
                    self.location_fields.setdefault(field, ANY)
                    if field not in self.location_field_decls:
                        self.location_field_decls[field] = self.index.declare(
                            field, "location field", ANY, loc.span, loc, f"board {board.name}")
            for entry in board.legend:
                for tag in entry.tags:
                    if tag != "void":
                        self.tag(tag, entry.span)
        self._collect_marked_tags()

    def _collect_marked_tags(self) -> None:
        from .walk import statements
        for stmt in statements(self.game):
            if isinstance(stmt, n.Mark):
                self.tag(stmt.tag, stmt.tag_span if stmt.tag_span.line > 0 else stmt.span)

    def field_declaration(self, obj: Type, name: str) -> Optional[Declaration]:
        """What `.name` on something of type obj names: a field, a player's var or zone, or a built-in field."""
        g = self.game
        if obj is PLAYER:
            if (name in g.vars and g.vars[name].per_player) or (name in g.zones and g.zones[name].per_player):
                return self.symbols[name].declaration if name in self.symbols else None
            if name in PLAYER_FIELDS:
                return self.index.builtin(name, "player field", parse(PLAYER_FIELDS[name][0]))
        elif obj.head == "kind":
            if (obj.name, name) in self.fields:
                return self.fields[(obj.name, name)]
            if name in COMPONENT_FIELDS:
                return self.index.builtin(name, "component field", parse(COMPONENT_FIELDS[name][0]))
        elif obj is LOCATION:
            if name in LOCATION_FIELDS:
                return self.index.builtin(name, "location field", parse(LOCATION_FIELDS[name][0]))
            return self.location_field_decls.get(name)
        elif obj.head == "zone of" and name == "contents":
            return self.index.builtin(name, "zone field", list_of(kind(obj.name)))
        elif obj is ANY:
            # Untyped (a rule's parameter): the field is known when only one thing has it.
            found = {id(d): d for d in (self.field_declaration(t, name) for t in self._dotted_types()) if d is not None}
            return next(iter(found.values())) if len(found) == 1 else None
        return None

    def _dotted_types(self) -> list[Type]:
        return [PLAYER, LOCATION, zone_of("any")] + [kind(k) for k in self.game.kinds]

    def all_field_names(self) -> set[str]:
        """Every name that can follow a dot on something."""
        g = self.game
        names = set(COMPONENT_FIELDS) | set(LOCATION_FIELDS) | set(PLAYER_FIELDS) | set(self.location_fields)
        names |= {v for v, d in g.vars.items() if d.per_player}
        names |= {z for z, d in g.zones.items() if d.per_player}
        for kind in g.kinds.values():
            names |= {f.name for f in kind.fields}
        return names

    def known_names(self) -> list[str]:
        return list(self.symbols) + list(self.tags)
