"""Parse tree to IR: expressions."""
from __future__ import annotations

import attrs
from lark import v_args

from ..errors import Diagnostic, RulesError
from . import nodes as n
from .build_support import keywords, positional

class Expressions:
    """The builder's methods for expressions (mixed into build._Builder)."""

    # -- expressions ---------------------------------------------------------
    @v_args(meta=True)
    def or_(self, meta, c):
        return n.Binary("or", c[0], c[1], span=self.span(meta))

    @v_args(meta=True)
    def and_(self, meta, c):
        return n.Binary("and", c[0], c[1], span=self.span(meta))

    @v_args(meta=True)
    def not_(self, meta, c):
        return n.Unary("not", c[0], span=self.span(meta))

    @v_args(meta=True)
    def compare(self, meta, c):
        return n.Binary(c[1], c[0], c[2], span=self.span(meta))

    def comp_op(self, c):
        return " ".join(str(t) for t in c)

    @v_args(meta=True)
    def range_(self, meta, c):
        return n.Range(c[0], c[1], span=self.span(meta))

    @v_args(meta=True)
    def binop(self, meta, c):
        return n.Binary(str(c[1]), c[0], c[2], span=self.span(meta))

    @v_args(meta=True)
    def neg(self, meta, c):
        return n.Unary("-", c[0], span=self.span(meta))

    @v_args(meta=True)
    def attr(self, meta, c):
        return n.Attr(c[0], str(c[1]), span=self.span(meta))

    @v_args(meta=True)
    def call(self, meta, c):
        func, args = c
        span = self.span(meta)
        if not isinstance(func, n.Name):
            raise RulesError(Diagnostic("error", span, "only a named function can be called",
                                        "call a builtin or a `define`d function by its name"))
        if isinstance(args, n.Comprehension):
            return n.Call(func.name, comp=args, span=span)
        return n.Call(func.name, positional(args), keywords(args), span=span)

    @v_args(meta=True)
    def index(self, meta, c):
        return n.Index(c[0], c[1], span=self.span(meta))

    @v_args(meta=True)
    def int_lit(self, meta, c):
        return n.Literal(self.number(c[0]), span=self.span(meta))

    @v_args(meta=True)
    def str_lit(self, meta, c):
        return self.template(c[0])

    @v_args(meta=True)
    def name(self, meta, c):
        return n.Name(str(c[0]), span=self.span(meta))

    @v_args(meta=True)
    def true_lit(self, meta, c):
        return n.Literal(True, span=self.span(meta))

    @v_args(meta=True)
    def false_lit(self, meta, c):
        return n.Literal(False, span=self.span(meta))

    @v_args(meta=True)
    def none_lit(self, meta, c):
        return n.Literal(None, span=self.span(meta))

    @v_args(meta=True)
    def list_lit(self, meta, c):
        return n.ListLit(tuple(x for x in c if x is not None), span=self.span(meta))

    @v_args(meta=True)
    def list_comp(self, meta, c):
        return n.ListLit((), c[0], span=self.span(meta))

    @v_args(meta=True)
    def map_lit(self, meta, c):
        return n.MapLit(tuple(x for x in c if x is not None), span=self.span(meta))

    def map_entry(self, c):
        return (c[0], c[1])

    def args(self, c):
        if len(c) == 1 and isinstance(c[0], n.Comprehension):
            return c[0]
        return [x for x in c if x is not None]

    @v_args(meta=True)
    def kwarg(self, meta, c):
        return ("kw", str(c[0]), c[1])

    def kwargs(self, c):
        c = [x for x in c if x is not None]
        return tuple((str(c[i]), c[i + 1]) for i in range(0, len(c), 2))

    @v_args(meta=True)
    def comp_each(self, meta, c):
        var, source, where, by = c
        return n.Comprehension(str(var), source, where, by, None, var_span=self.tspan(var), span=self.span(meta))

    @v_args(meta=True)
    def comp_map(self, meta, c):
        body, *clauses = c
        inner = None
        for var, source, where, span in reversed(clauses):
            # `body for each a in A for each b in B`: the first clause is the outer loop
            inner = n.Comprehension(str(var), source, where, None, body if inner is None else None, inner,
                                    var_span=self.tspan(var), span=span)
        return attrs.evolve(inner, span=self.span(meta))

    @v_args(meta=True)
    def comp_for(self, meta, c):
        var, source, where = c
        return (var, source, where, self.span(meta))

    @v_args(meta=True)
    def cond_expr(self, meta, c):
        return n.Conditional(c[1], c[0], c[2], span=self.span(meta))
