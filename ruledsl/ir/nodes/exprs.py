"""IR nodes of types and expressions."""
from __future__ import annotations

from typing import Optional, Union

from ...source import Span
from .base import _span, node

__all__ = [
    "TypeName", "ListType", "RangeType", "Literal", "Template", "Name", "Attr", "Index", "Comprehension",
    "Call", "Conditional", "Unary", "Binary", "Range", "ListLit", "MapLit", "TypeRef", "Expr",
]


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
