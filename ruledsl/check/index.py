"""What the checker resolved: every declaration, every use of a name, and the type found there.

The passes record into an Index as they resolve names (context.py the global
declarations, declarations.py and scope.py the uses, locals and types), so
whatever reads it (an editor's hover, go to definition, find references and
completion, or a tool that wants the resolved game) gets the checker's own
answers, not a second resolver's.
"""
from __future__ import annotations

from typing import Iterator, Optional

import attrs

from ..source import Span
from .types import Type

BUILTIN = "<builtin>"


@attrs.define(eq=False)
class Declaration:
    """A name as declared.

    name; category: what it is ("rule", "kind", "field", "zone", "variable", "local",
    "parameter", "location", "enum value", "builtin function", …); type: its type in the
    checker (check/types.py); span: where the name is written (path "<builtin>" for the
    language's own names); node: the IR node declaring it, or None; owner: what it belongs
    to (a field's kind, a local's rule), or ""; scope: for a local, the stretch of text
    where it can be used, else None.
    """
    name: str
    category: str
    type: Type
    span: Span
    node: object = None
    owner: str = ""
    scope: Optional[Span] = None

    @property
    def builtin(self) -> bool:
        return self.span.path == BUILTIN


@attrs.define(eq=False)
class Use:
    """A name where it is used: span is the name itself (or, inside a string's {…}, the
    braces' inside); decl is what it resolved to; type is its type there."""
    span: Span
    decl: Declaration
    type: Type


def name_span(span: Span, name: str, at_end: bool = False) -> Span:
    """The span of a name written at the start (or end) of a node's span."""
    if span.line <= 0:
        return span
    if at_end and span.end_line:
        return Span(span.path, span.end_line, span.end_column - len(name), span.end_line, span.end_column)
    return Span(span.path, span.line, span.column, span.line, span.column + len(name))


def contains(span: Span, line: int, column: int, end: bool = True) -> bool:
    """Whether (line, column) lies in the span; end: its end too (a cursor just after a name is on it)."""
    if span.line <= 0 or (line, column) < (span.line, span.column):
        return False
    last = (span.end_line, span.end_column) if span.end_line else (span.line, span.column)
    return (line, column) <= last if end else (line, column) < last


class Index:
    """Declarations and uses, in the order the checker met them."""

    def __init__(self):
        self.declarations: list[Declaration] = []
        self.uses: list[Use] = []
        self._seen: set = set()
        self.builtins: dict[str, Declaration] = {}

    def declare(self, name: str, category: str, type: Type, span: Span, node=None, owner: str = "",
                scope: Optional[Span] = None) -> Declaration:
        decl = Declaration(name, category, type, span, node, owner, scope)
        self.declarations.append(decl)
        if decl.builtin:
            self.builtins.setdefault(f"{category}:{name}", decl)
        return decl

    def builtin(self, name: str, category: str, type: Type) -> Declaration:
        """The one declaration of a name the language itself provides."""
        found = self.builtins.get(f"{category}:{name}")
        return found if found is not None else self.declare(name, category, type, Span(BUILTIN, 0, 0))

    def use(self, span: Span, decl: Optional[Declaration], type: Optional[Type] = None) -> None:
        """Record a use (once: a pass may resolve the same place twice)."""
        if decl is None or span.line <= 0:
            return
        key = (span.path, span.line, span.column, span.end_line, span.end_column, id(decl))
        if key not in self._seen:
            self._seen.add(key)
            self.uses.append(Use(span, decl, type or decl.type))

    # -- questions -----------------------------------------------------------
    def at(self, path: str, line: int, column: int, name: Optional[str] = None) -> Optional[Use | Declaration]:
        """The use or declaration of a name at a place, the narrowest when several hold it;
        with `name`, only one of that name (a string's {…} holds several uses in one span)."""
        found = [u for u in self.uses if u.span.path == path and contains(u.span, line, column)]
        found += [d for d in self.declarations if d.span.path == path and contains(d.span, line, column)]
        if name is not None:
            found = [x for x in found if getattr(x, "decl", x).name == name]
        if not found:
            return None
        return min(found, key=lambda x: _width(x.span))

    def uses_of(self, decl: Declaration) -> list[Use]:
        return [u for u in self.uses if u.decl is decl]

    def in_file(self, path: str) -> Iterator[Declaration]:
        return (d for d in self.declarations if d.span.path == path)

    def locals_at(self, path: str, line: int, column: int) -> list[Declaration]:
        """The locals and parameters that can be used at a place, innermost last."""
        return [d for d in self.declarations if d.scope is not None and d.scope.path == path
                and contains(d.scope, line, column, end=False)]


def _width(span: Span) -> tuple:
    return (span.end_line - span.line, span.end_column - span.column if span.end_line == span.line else 10 ** 6)
