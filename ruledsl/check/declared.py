"""Checking the expressions declarations hold: zone contents, boards, display formats.

Declared is mixed into scope.Checker and uses what it keeps (the scope chain,
the context, its helpers expect, condition, collection and local).
"""
from __future__ import annotations

import attrs

from ..errors import did_you_mean
from ..ir import nodes as n
from ..source import UNKNOWN
from .types import DIRECTION, INT, LOCATION, PLAYER, item_of


class Declared:
    """The declarations' part of the Checker."""

    def content(self, zone: n.ZoneDecl, content: n.Content) -> None:
        names = {}
        if content.source is not None:
            names[content.var] = self.local(content.var, item_of(self.collection(content.source)), content.var_span, content.span)
        if zone.per_player:
            names.setdefault("owner", self.local("owner", PLAYER, UNKNOWN, content.span))
        self.scope.push(names, content.span)
        if content.count is not None:
            self.expect(content.count, INT, self.expr(content.count), "a count")
        kind = self.ctx.game.kinds.get(content.kind)
        fields = {f.name: f for f in kind.fields} if kind else {}
        for name, value in content.args:
            got = self.expr(value)
            if name in fields:
                self.expect(value, self.ctx.resolve_type(fields[name].type), got, f"field {name}")
        self.scope.pop()
        if kind:
            for field in kind.fields:
                if field.default is not None:
                    self.expect(field.default, self.ctx.resolve_type(field.type), self.expr(field.default),
                                f"the default of {field.name}")

    def descriptions(self, decls: list) -> None:
        """`describe Name "…"`: each names a declared thing, once."""
        seen: dict = {}
        for d in decls:
            symbol = self.ctx.symbols.get(d.name)
            if symbol is None or symbol.span.path == "<builtin>":
                self.ctx.error(d.name_span, f"'{d.name}' is not declared, so it cannot be described",
                               did_you_mean(d.name, self.ctx.symbols) or "describe a declared enum value, location, "
                               "kind, zone, variable, rule, option, die or board")
                continue
            self.ctx.use(d.name_span, d.name)
            if d.name in seen:
                self.ctx.error(d.span, f"'{d.name}' is described twice",
                               f"the first description is on line {seen[d.name]}; keep one")
            seen[d.name] = d.span.line

    def shown(self, kind: n.KindDecl) -> None:
        """`shown as "…"`: a template over the kind's fields (and its owner), as local names."""
        self.owner = f"kind {kind.name}"
        names = {f.name: self.local(f.name, self.ctx.resolve_type(f.type), f.name_span, kind.span) for f in kind.fields}
        names.setdefault("owner", self.local("owner", PLAYER, UNKNOWN, kind.span))
        self.scope.push(names, kind.span)
        self.expr(kind.shown)
        self.scope.pop()
        self.owner = ""
        secret = {f.name: f.visibility.who for f in kind.fields if f.visibility and f.visibility.who != "all"}
        for used in _names_in(kind.shown):
            if used.name in secret:
                # what a component is shown as is read by whoever sees its face, in logs and labels
                self.ctx.error(used.span, f"{kind.name} is shown with its field {used.name}, which is visible "
                               f"to {secret[used.name]} only", "show only fields on its face or visible to all")

    def board(self, board: n.BoardDecl) -> None:
        for loc in board.locations:
            for _name, value in loc.fields:
                self.expr(value)
        for edges in board.edges:
            if edges.when is not None:
                self.condition(edges.when)
        for connect in board.connects:
            spans = connect.var_spans or (UNKNOWN,) * 3
            names = zip((connect.a, connect.b, connect.d), (LOCATION, LOCATION, DIRECTION), spans)
            self.scope.push({name: self.local(name, typ, sp, connect.span) for name, typ, sp in names}, connect.span)
            self.condition(connect.when)
            self.scope.pop()


def _names_in(e):
    """Every Name inside an expression."""
    if isinstance(e, n.Name):
        yield e
    if isinstance(e, tuple):
        for item in e:
            yield from _names_in(item)
    elif attrs.has(type(e)):
        for field in attrs.fields(type(e)):
            yield from _names_in(getattr(e, field.name))
