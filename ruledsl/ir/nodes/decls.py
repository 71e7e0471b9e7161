"""IR nodes of declarations, and a whole rules file."""
from __future__ import annotations

from typing import Optional, Union

from ...source import Span
from .base import _span, _spans, node
from .exprs import Expr, Template, TypeRef

__all__ = [
    "Visibility", "GameDecl", "Extends", "Players", "LabelledName", "Seats", "OptionDecl", "EnumDecl",
    "FieldDecl", "KindDecl", "Content", "ZoneDecl", "VarDecl", "ProgressDecl", "DescribeDecl", "LabelDecl",
    "HowToPlayDecl", "ConstDecl",
    "DieDecl", "LocationDecl", "EdgesDecl", "LegendEntry", "MapDecl", "ConnectDecl", "BoardDecl",
    "DefineDecl", "RuleDecl", "SetupDecl", "EvaluateDecl", "FlowDecl", "TriggerDecl", "ScenarioDecl",
    "RulesFile", "Decl",
]


# --------------------------------------------------------- declarations


@node
class Visibility:
    """Who may see a thing: "all", "owner" or "nobody"."""
    who: str
    span: Span = _span()


@node
class GameDecl:
    """`game "Name"`."""
    title: str
    span: Span = _span()


@node
class Extends:
    """`extends "base.rules"`: this file is a variant of base."""
    path: str
    span: Span = _span()


@node
class Players:
    """`players LO..HI` (or a single count)."""
    low: int
    high: int
    span: Span = _span()


@node
class LabelledName:
    """A name with an optional display label: `Move2 "Move 2"`."""
    name: str
    label: Optional[str] = None
    span: Span = _span()

    @property
    def display(self) -> str:
        return self.label if self.label is not None else self.name


@node
class Seats:
    """`seats Red, Blue, …`: seat names in turn order."""
    seats: tuple
    span: Span = _span()


@node
class OptionDecl:
    """`option name: type = default "description"`: settable from the command line."""
    name: str
    type: TypeRef
    default: Expr
    doc: str = ""
    name_span: Span = _span()
    span: Span = _span()


@node
class EnumDecl:
    """`enum Name: A, B "Bee", C`."""
    name: str
    values: tuple
    name_span: Span = _span()
    span: Span = _span()


@node
class FieldDecl:
    """A field of a kind: type, default, and who sees it (None: whoever sees the face). hidden:
    bookkeeping that players are never shown (views and the screen leave it out). label: how
    screens name the field (`range "range of values": text`), or None."""
    name: str
    type: TypeRef
    default: Optional[Expr] = None
    visibility: Optional[Visibility] = None
    hidden: bool = False
    label: Optional[str] = None
    name_span: Span = _span()
    span: Span = _span()


@node
class KindDecl:
    """`kind Name [, position visible to who] [, shown as "…"]:` fields. position: who sees where
    one is. shown: how one reads on screen and in labels, a template over its fields (None: its
    `name` field, else its first field). label: how screens name the kind (a face-down one reads
    as it: "Role card"), or None."""
    name: str
    fields: tuple = ()
    position: Optional[Visibility] = None
    shown: Optional[Expr] = None
    label: Optional[str] = None
    name_span: Span = _span()
    span: Span = _span()


@node
class Content:
    """One line of a zone's starting contents: `[count x] Kind(field: v) [for each x in C]`."""
    kind: str
    count: Optional[Expr] = None
    args: tuple = ()
    var: Optional[str] = None
    source: Optional[Expr] = None
    kind_span: Span = _span()
    var_span: Span = _span()
    span: Span = _span()


@node
class ZoneDecl:
    """`zone name: shape of Kind, modifiers:` contents.

    shape: deck, pile, bag, area, hand, row (see check/builtins.ZONE_SHAPES).
    per_player: one such zone per seat. visibility: who sees the faces of
    what is in it (None: the shape's default). facing: "up"/"down" or None.
    label: how the log names it ("Red's face-down cards"), or None (its name). hidden:
    bookkeeping that views and screens never show.
    """
    name: str
    shape: str
    of: str
    per_player: bool = False
    visibility: Optional[Visibility] = None
    facing: Optional[str] = None
    capacity: Optional[Expr] = None
    contents: tuple = ()
    label: Optional[str] = None
    name_span: Span = _span()
    of_span: Span = _span()
    span: Span = _span()
    hidden: bool = False


@node
class VarDecl:
    """`var name ["Label"]: type = init [, per player] [, visible to who] [, hidden]`. hidden:
    bookkeeping that rules read and set but views and screens never show. label: how screens
    name it, or None."""
    name: str
    type: TypeRef
    init: Expr
    per_player: bool = False
    visibility: Optional[Visibility] = None
    name_span: Span = _span()
    span: Span = _span()
    hidden: bool = False
    label: Optional[str] = None


@node
class ProgressDecl:
    """`progress "month {month} of 4"`: how far the game has gone, shown on players' screens."""
    text: Template
    span: Span = _span()


@node
class DescribeDecl:
    """`describe Name "text"`: what a declared thing (an enum value, a location, a kind, a zone,
    a variable, a rule, an option, a die, a board) means, shown to players on demand."""
    name: str
    text: str
    name_span: Span = _span()
    span: Span = _span()


@node
class LabelDecl:
    """`label Name "text"` (or `label Kind.field "text"`): how screens name a declared thing, a tag
    or an edge kind that has no label where it is declared. field: the field's name, or None."""
    name: str
    text: str
    field: Optional[str] = None
    name_span: Span = _span()
    field_span: Span = _span()
    span: Span = _span()


@node
class HowToPlayDecl:
    """`how to play "text"`: the game explained to a new player, shown on demand in play."""
    text: str
    span: Span = _span()


@node
class ConstDecl:
    """`const name = value`."""
    name: str
    value: Expr
    name_span: Span = _span()
    span: Span = _span()


@node
class DieDecl:
    """`die Name: [faces]`: each face equally likely."""
    name: str
    faces: Expr
    name_span: Span = _span()
    span: Span = _span()


@node
class LocationDecl:
    """`location Name "Label" at X, Y is Tag, Tag with field: value` on a board. at: where it is
    drawn (column, row; rows grow downward), or None to leave it to a layout."""
    name: str
    label: Optional[str] = None
    tags: tuple = ()
    fields: tuple = ()
    name_span: Span = _span()
    tag_spans: tuple = _spans()
    span: Span = _span()
    at: Optional[tuple] = None


@node
class EdgesDecl:
    """`kind: A - B - C, D -> E when cond`: chains of edges of one kind.

    chains: tuples alternating location names and "-" (both ways) or "->".
    """
    kind: str
    chains: tuple
    when: Optional[Expr] = None
    name_spans: tuple = _spans()
    span: Span = _span()


@node
class LegendEntry:
    """`"g": Grave, Illuminated`: what a map glyph means."""
    glyph: str
    tags: tuple
    span: Span = _span()


@node
class MapDecl:
    """`map: \"\"\"…\"\"\"`: text is the drawing; span points at its opening quotes."""
    text: str
    span: Span = _span()


@node
class ConnectDecl:
    """`connect orthogonal(a, b, d) when cond`: such a step exists only while cond holds."""
    mode: str
    a: str
    b: str
    d: str
    when: Expr
    var_spans: tuple = _spans()
    span: Span = _span()


@node
class BoardDecl:
    """`board Name ["Label"] [grid]:` locations and edges, or a legend and a map. label: how
    screens name the board, or None."""
    name: str
    grid: bool
    locations: tuple = ()
    edge_kinds: tuple = ()
    edges: tuple = ()
    legend: tuple = ()
    map: Optional[MapDecl] = None
    connects: tuple = ()
    name_span: Span = _span()
    span: Span = _span()
    label: Optional[str] = None


@node
class DefineDecl:
    """`define name(params) = expr`: a pure function."""
    name: str
    params: tuple
    body: Expr
    name_span: Span = _span()
    param_spans: tuple = _spans()
    span: Span = _span()


@node
class RuleDecl:
    """`rule name(params):` a procedure of effects and decisions."""
    name: str
    params: tuple
    body: tuple
    name_span: Span = _span()
    param_spans: tuple = _spans()
    span: Span = _span()


@node
class SetupDecl:
    """`setup:` run once before the flow."""
    body: tuple
    span: Span = _span()


@node
class EvaluateDecl:
    """`evaluate p: expr`: what a search bot expects player p's return to be when it cuts a
    playout short (a number from 0 to 1). var: the player's name in expr."""
    var: str
    body: Expr
    span: Span = _span()


@node
class FlowDecl:
    """`flow:` the game from set-up to its end."""
    body: tuple
    span: Span = _span()


@node
class TriggerDecl:
    """`whenever x enters loc where cond:` (event "enters"/"leaves"),
    `after each action:` (event "action") or `during each turn:` (event "turn",
    whose body is one Menu: options added to the turn player's decisions)."""
    event: str
    body: tuple
    var: Optional[str] = None
    loc: Optional[str] = None
    where: Optional[Expr] = None
    var_span: Span = _span()
    loc_span: Span = _span()
    span: Span = _span()


@node
class ScenarioDecl:
    """`scenario "title" [with players: 3, seed: 1, option: …]:` a test in the language."""
    title: str
    settings: tuple
    body: tuple
    span: Span = _span()


Decl = Union[GameDecl, Extends, Players, Seats, OptionDecl, EnumDecl, KindDecl, ZoneDecl, VarDecl,
             ConstDecl, DieDecl, BoardDecl, DefineDecl, RuleDecl, SetupDecl, FlowDecl, TriggerDecl,
             ScenarioDecl, EvaluateDecl, ProgressDecl, DescribeDecl, LabelDecl, HowToPlayDecl]


@node
class RulesFile:
    """One parsed file: its path and declarations in order."""
    path: str
    decls: tuple
    span: Span = _span()
