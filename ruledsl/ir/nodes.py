"""IR nodes: one frozen attrs class per construct of the language.

Every node carries `span`, where it was written; a node that declares or
names something also carries where that name is written (`name_span`,
`var_span`, …: what an editor jumps to and highlights). Spans take no part in
equality, so two IRs built from differently laid-out text compare equal.
"""
from __future__ import annotations

from typing import Optional, Union

import attrs

from ..source import Span, UNKNOWN


def _span():
    return attrs.field(default=UNKNOWN, eq=False, repr=False, kw_only=True)


def _spans():
    """Where each of several names is written (a tuple of spans, in order)."""
    return attrs.field(default=(), eq=False, repr=False, kw_only=True)


node = attrs.frozen(slots=True)

# ---------------------------------------------------------------- types


@node
class TypeName:
    """A named type: int, bool, text, player, location, sides, or a declared enum or kind."""
    name: str
    span: Span = _span()


@node
class ListType:
    """`list of T`."""
    item: "TypeRef"
    span: Span = _span()


@node
class RangeType:
    """`LO..HI`: an int limited to the range, both ends included."""
    low: int
    high: int
    span: Span = _span()


TypeRef = Union[TypeName, ListType, RangeType]

# ---------------------------------------------------------- expressions


@node
class Literal:
    """A number, true/false, none, or a string without {…} parts."""
    value: object
    span: Span = _span()


@node
class Template:
    """A string with {expr} parts: parts alternate text (str) and expressions."""
    parts: tuple
    span: Span = _span()


@node
class Name:
    """A name: a local, a declared thing (zone, var, enum value, location…), or a builtin."""
    name: str
    span: Span = _span()


@node
class Attr:
    """`obj.name`: a field of a component, a player's var or zone, a location's field."""
    obj: "Expr"
    name: str
    span: Span = _span()


@node
class Index:
    """`obj[index]`: an item of a list or a map."""
    obj: "Expr"
    index: "Expr"
    span: Span = _span()


@node
class Comprehension:
    """The inside of `f(each x in C where cond by key)` or `[body for each x in C where cond]`.

    var: the bound name; source: the collection; where: filter or None;
    by: a key (each-form only) or None; body: the mapped value (map-form) or None.
    inner: a further `for each` run for every item (a flattening comprehension,
    `[c for each p in players for each c in p.hand]`); the innermost one has the body.
    """
    var: str
    source: "Expr"
    where: Optional["Expr"] = None
    by: Optional["Expr"] = None
    body: Optional["Expr"] = None
    inner: Optional["Comprehension"] = None
    var_span: Span = _span()
    span: Span = _span()


@node
class Call:
    """`func(args, key: value)` or `func(comprehension)`; func is a builtin or a `define`."""
    func: str
    args: tuple = ()
    kwargs: tuple = ()  # ((name, Expr), ...)
    comp: Optional[Comprehension] = None
    span: Span = _span()


@node
class Conditional:
    """`then if cond else orelse`: one of two values; only the one chosen is worked out."""
    cond: "Expr"
    then: "Expr"
    orelse: "Expr"
    span: Span = _span()


@node
class Unary:
    """`-x` (op "-") or `not x` (op "not")."""
    op: str
    operand: "Expr"
    span: Span = _span()


@node
class Binary:
    """Arithmetic (+ - * / %), comparison (== != < <= > >= in, not in, is, is not), and/or."""
    op: str
    left: "Expr"
    right: "Expr"
    span: Span = _span()


@node
class Range:
    """`low..high`, both ends included."""
    low: "Expr"
    high: "Expr"
    span: Span = _span()


@node
class ListLit:
    """`[a, b, c]` or, with comp set, `[each x in C where …]`."""
    items: tuple = ()
    comp: Optional[Comprehension] = None
    span: Span = _span()


@node
class MapLit:
    """`{key: value, …}`: entries is ((key, value), ...)."""
    entries: tuple = ()
    span: Span = _span()


Expr = Union[Literal, Template, Name, Attr, Index, Call, Conditional, Unary, Binary, Range, ListLit, MapLit]

# ----------------------------------------------------------- statements


@node
class Let:
    """`let name = value [visible to seats]`: a local for the rest of the block. seats (a roll or
    random() only): who learns the outcome; None: everyone."""
    name: str
    value: Expr
    seen: Optional[Expr] = None
    name_span: Span = _span()
    span: Span = _span()


@node
class Set:
    """`set target to value`, `increase target by value` (op "+"), `decrease …` (op "-")."""
    target: Expr
    value: Expr
    op: str = "="
    span: Span = _span()


@node
class Move:
    """`move item to [top|bottom of] dest [face up|down]`: item may be one or a list."""
    item: Expr
    dest: Expr
    end: Optional[str] = None
    facing: Optional[str] = None
    span: Span = _span()


@node
class Draw:
    """`draw [count] from [top|bottom of] source to [top|bottom of] dest [face up|down]`."""
    count: Optional[Expr]
    source: Expr
    dest: Expr
    end: Optional[str] = None
    facing: Optional[str] = None
    dest_end: Optional[str] = None
    span: Span = _span()


@node
class Effect:
    """A one-operand effect: `shuffle Z`, `reveal X`, `hide X`."""
    verb: str
    target: Expr
    span: Span = _span()


@node
class Show:
    """`show item to players`: they learn its face privately."""
    item: Expr
    to: Expr
    span: Span = _span()


@node
class Rotate:
    """`rotate item by degrees`: turns every sides-typed field (90 = clockwise)."""
    item: Expr
    amount: Expr
    span: Span = _span()


@node
class Swap:
    """`swap a with b`: two components trade places (or two locations' contents)."""
    first: Expr
    second: Expr
    span: Span = _span()


@node
class Announce:
    """`announce text [to players]`: an event in the log, public unless `to` is given."""
    text: Expr
    to: Optional[Expr] = None
    span: Span = _span()


@node
class Mark:
    """`mark loc as Tag` (on=True) / `unmark loc as Tag` (on=False)."""
    target: Expr
    tag: str
    on: bool = True
    tag_span: Span = _span()
    span: Span = _span()


@node
class Do:
    """`do rule(args)`: run a rule."""
    rule: str
    args: tuple = ()
    name_span: Span = _span()
    span: Span = _span()


@node
class Win:
    """`win players`: the game ends; those players win, the others lose."""
    winners: Expr
    span: Span = _span()


@node
class EndGame:
    """`end game [ranking each p in players by k1, k2, …]`: ranked by keys, higher first; or
    `end game returns value for each p in players`: returns, a number per seat (seats not
    listed return 0)."""
    var: Optional[str] = None
    source: Optional[Expr] = None
    keys: tuple = ()
    returns: Optional[Expr] = None
    var_span: Span = _span()
    span: Span = _span()


@node
class Jump:
    """`stop` (leave the innermost loop or menu loop), `return` (leave the rule), `pass`."""
    kind: str
    span: Span = _span()


@node
class ExprStmt:
    """A builtin called for its effect."""
    expr: Expr
    span: Span = _span()


@node
class Expect:
    """Scenario: `expect cond`."""
    cond: Expr
    span: Span = _span()


@node
class ExpectLegal:
    """Scenario: `expect legal "label" [by p]` / `expect illegal …`."""
    legal: bool
    label: Expr
    by: Optional[Expr] = None
    span: Span = _span()


@node
class ExpectTold:
    """Scenario: `expect announced "text"` (seat None: the public log), `expect p reads
    "text"`, or their negations: an event since the last `play` whose text contains it."""
    text: Expr
    seat: Optional[Expr] = None
    negated: bool = False
    span: Span = _span()


@node
class ExpectSees:
    """Scenario: `expect p sees x` / `expect p does not see x`: x (a component, a variable,
    a player's variable) is in p's view."""
    seat: Expr
    item: Expr
    negated: bool = False
    span: Span = _span()


@node
class Force:
    """Scenario: `force roll(White) = Blank[, Knife, …]`: the next such chance events give these
    outcomes, in order (more: the outcomes after the first)."""
    event: Expr
    outcome: Expr
    more: tuple = ()
    span: Span = _span()


@node
class ExpectOptions:
    """Scenario: `expect options "a", "b" [by p]`: the pending decision is p's and offers exactly
    these labels, in this order."""
    labels: tuple
    by: Optional[Expr] = None
    span: Span = _span()


@node
class Play:
    """Scenario: `play "label" [by p]`: take the action with this label."""
    label: Expr
    by: Optional[Expr] = None
    span: Span = _span()


@node
class Branch:
    """One `if`/`elif` arm."""
    cond: Expr
    body: tuple
    span: Span = _span()


@node
class If:
    """`if … elif … else …`."""
    branches: tuple
    orelse: tuple = ()
    span: Span = _span()


@node
class ForEach:
    """`for each var in source:` body."""
    var: str
    source: Expr
    body: tuple
    var_span: Span = _span()
    span: Span = _span()


@node
class Repeat:
    """`repeat N times` (kind "times"), `repeat until c` ("until"), `while c` ("while"),
    `repeat:` ("forever", left with stop, win or end game)."""
    kind: str
    arg: Optional[Expr]
    body: tuple
    span: Span = _span()


@node
class Case:
    """One `case v1, v2:` arm of a match."""
    values: tuple
    body: tuple
    span: Span = _span()


@node
class Match:
    """`match subject:` with cases and an optional else."""
    subject: Expr
    cases: tuple
    orelse: tuple = ()
    span: Span = _span()


@node
class Choose:
    """A decision over a collection.

    count_min/count_max: how many to pick, as expressions (None/None for a
    single item, the bound name then being the item; otherwise a list). ordered: the order of a
    multiple pick matters. where: filter. chooser: the deciding player
    (default: the player whose turn it is). secretly: only the chooser sees
    what was chosen. label: the action's label template. orelse: run when
    there is nothing to choose. automatic: an only option is taken without asking.
    """
    var: str
    source: Expr
    body: tuple
    where: Optional[Expr] = None
    count_min: Optional["Expr"] = None
    count_max: Optional["Expr"] = None
    ordered: bool = False
    chooser: Optional[Expr] = None
    secretly: bool = False
    label: Optional[Template] = None
    orelse: tuple = ()
    multiple: bool = False
    automatic: bool = False
    var_span: Span = _span()
    span: Span = _span()


@node
class Option:
    """One alternative of a menu: a label, optionally over a collection, guarded."""
    label: Template
    body: tuple
    var: Optional[str] = None
    source: Optional[Expr] = None
    cond: Optional[Expr] = None
    var_span: Span = _span()
    span: Span = _span()


@node
class Menu:
    """`choose [by p] [secretly] [automatically when only one]:` with option arms; orelse runs when
    no option is open; automatic: an only option is taken without asking."""
    options: tuple
    chooser: Optional[Expr] = None
    secretly: bool = False
    orelse: tuple = ()
    automatic: bool = False
    span: Span = _span()


@node
class Simultaneous:
    """`simultaneously for each p in seats:` one decision (a Choose or a Menu, without `by`) that
    every listed seat p makes in secret, in seat order; when all have chosen, every choice is
    revealed at once and then each seat's chosen body runs, in the same order."""
    var: str
    source: Expr
    decision: Union["Choose", "Menu"]
    var_span: Span = _span()
    span: Span = _span()


@node
class Phase:
    """`phase "name":` a named stretch of the flow (shown in logs and errors); name is a Template."""
    name: "Template"
    body: tuple
    span: Span = _span()


@node
class Quietly:
    """`quietly:` the body's moves, draws, shuffles, swaps, rotations and reveals write
    nothing to the log (announcements, decisions and chance still do)."""
    body: tuple
    span: Span = _span()


@node
class Turn:
    """`turn p:` the body is p's turn: p is the default chooser."""
    player: Expr
    body: tuple
    span: Span = _span()


Stmt = Union[Let, Set, Move, Draw, Effect, Show, Rotate, Swap, Announce, Mark, Do, Win, EndGame,
             Jump, ExprStmt, Expect, ExpectLegal, Force, Play, If, ForEach, Repeat, Match, Choose,
             Menu, Simultaneous, Phase, Turn]

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
    bookkeeping that players are never shown (views and the screen leave it out)."""
    name: str
    type: TypeRef
    default: Optional[Expr] = None
    visibility: Optional[Visibility] = None
    hidden: bool = False
    name_span: Span = _span()
    span: Span = _span()


@node
class KindDecl:
    """`kind Name [, position visible to who] [, shown as "…"]:` fields. position: who sees where
    one is. shown: how one reads on screen and in labels, a template over its fields (None: its
    `name` field, else its first field)."""
    name: str
    fields: tuple = ()
    position: Optional[Visibility] = None
    shown: Optional[Expr] = None
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
    label: how the log names it ("Red's face-down cards"), or None (its name).
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


@node
class VarDecl:
    """`var name: type = init [, per player] [, visible to who]`."""
    name: str
    type: TypeRef
    init: Expr
    per_player: bool = False
    visibility: Optional[Visibility] = None
    name_span: Span = _span()
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
    """`location Name "Label" is Tag, Tag with field: value` on a board."""
    name: str
    label: Optional[str] = None
    tags: tuple = ()
    fields: tuple = ()
    name_span: Span = _span()
    tag_spans: tuple = _spans()
    span: Span = _span()


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
    """`board Name [grid]:` locations and edges, or a legend and a map."""
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
             ScenarioDecl, EvaluateDecl]


@node
class RulesFile:
    """One parsed file: its path and declarations in order."""
    path: str
    decls: tuple
    span: Span = _span()
