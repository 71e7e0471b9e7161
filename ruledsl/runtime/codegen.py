"""Expressions compiled to Python source: one generated function per expression.

The closure compiler (exprs.py) makes one Python call per node; here a whole
expression becomes one Python function, its comprehensions real generator
expressions over Python variables, its `define`s inlined. A node this module
does not handle makes it give up (Unsupported) and the closure compiler
takes the whole expression instead, so the two always agree on meaning.
"""
from __future__ import annotations

from ..check.builtins import BUILTIN_NAMES
from ..ir import nodes as n
from .exprs import _add, _contains, _div, items_of, same, size_of
from .values import MISSING_NAME, Comp, Location, display


class Unsupported(Exception):
    """This expression is left to the closure compiler."""


def _first(st, value):
    items = items_of(st, value)
    return items[0] if items else None


def _best(pick, pairs):
    keys = [k for _, k in pairs if k is not None]
    if not keys:
        return ()
    best = pick(keys)
    return tuple(i for i, k in pairs if k == best)


def _extreme(pick, values):
    values = [v for v in values if v is not None]
    return pick(values) if values else None


def _attr(handlers, fail, st, obj):
    handler = handlers.get(type(obj))
    if handler is None:
        fail(st, obj)
    return handler(st, obj)


def _has_tag(st, v, tag, other, negate):
    if type(v) is Location:
        return (tag in st.tags[v.index]) != negate
    return (other is not None and v is other) != negate


HELPERS = {
    "_items": items_of, "_size": size_of, "_first": _first, "_best": _best, "_extreme": _extreme,
    "_attr": _attr, "_has_tag": _has_tag, "_same": same, "_add": _add, "_div": _div,
    "_contains": _contains, "_D": display, "Comp": Comp,
}

CHEAP = (n.Literal, n.Name)


class CodeGen:
    def __init__(self, compiler):
        self.c = compiler
        self.prog = compiler.prog
        self.ns: dict = {}
        self.count = 0
        self.inlining: set = set()
        self.no_walrus = 0

    def fresh(self, prefix: str) -> str:
        self.count += 1
        return f"{prefix}{self.count}"

    def const(self, value) -> str:
        name = self.fresh("k")
        self.ns[name] = value
        return name

    def function(self, e, scope):
        """A function (st, env) -> value for e, or raise Unsupported."""
        self.ns = dict(HELPERS)
        self.ns["prog"] = self.prog
        body = self.gen(e, scope, {})
        source = f"def _expr(st, env):\n    return {body}\n"
        code = compile(source, f"<rules {e.span}>", "exec")
        exec(code, self.ns)
        return self.ns["_expr"]

    def gen(self, e, scope, pyvars) -> str:
        handler = getattr(self, "g_" + type(e).__name__, None)
        if handler is None:
            raise Unsupported(type(e).__name__)
        return handler(e, scope, pyvars)

    # -------------------------------------------------------------- atoms
    def g_Literal(self, e, scope, pyvars):
        v = e.value
        if v is None or isinstance(v, (bool, int)):
            return repr(v)
        return self.const(v)

    def g_Name(self, e, scope, pyvars):
        name = e.name
        if name in pyvars:
            return pyvars[name]
        if name in scope:
            return f"env[{name!r}]"
        if name in self.c.subst:
            return self.const(self.c.subst[name][0]) + "(st, env)"
        prog = self.prog
        if name in prog.var_slots:
            return f"st.vals[{prog.var_slots[name]}]"
        if name == "current_player":
            return "st.current"
        if name == "round_number":
            return "st.round"
        if name in BUILTIN_NAMES or name in prog.defn.consts:
            fixed = prog.fixed_value(name)
            if fixed is not MISSING_NAME:
                return self.const(fixed)
            return self.const(prog.global_name(name, e.span)) + "(st, env)"   # a constant being worked out
        value = prog.value_of_name(name)
        if value is MISSING_NAME:
            raise Unsupported(name)
        return self.const(value)

    def g_Template(self, e, scope, pyvars):
        parts = []
        for part in e.parts:
            if isinstance(part, str):
                parts.append(self.const(part))
            else:
                parts.append(f"_D(st, {self.gen(part, scope, pyvars)})")
        return "(" + " + ".join(parts) + ")" if parts else "''"

    def g_Attr(self, e, scope, pyvars):
        handlers, fail = self.prog.attr_handlers(e.name, e.span)
        obj = self.gen(e.obj, scope, pyvars)
        if self.no_walrus:
            return f"_attr({self.const(handlers)}, {self.const(fail)}, st, {obj})"
        t = self.fresh("t")
        # the handler for what the object is; `fail` raises for anything without this field
        return f"({self.const(handlers)}.get(type({t} := {obj})) or {self.const(fail)})(st, {t})"

    def g_Unary(self, e, scope, pyvars):
        inner = self.gen(e.operand, scope, pyvars)
        return f"(not {inner})" if e.op == "not" else f"(-{inner})"

    def g_Range(self, e, scope, pyvars):
        return f"tuple(range({self.gen(e.low, scope, pyvars)}, {self.gen(e.high, scope, pyvars)} + 1))"

    def g_ListLit(self, e, scope, pyvars):
        if e.comp is not None:
            item, source, cond, value = self.loop(e.comp, scope, pyvars)
            out = value if e.comp.body is not None else item
            return f"tuple([{out} for {item} in {source}{cond}])"
        if not e.items:
            return "()"
        return "(" + ", ".join(self.gen(i, scope, pyvars) for i in e.items) + ",)"

    # -------------------------------------------------------------- operators
    def g_Binary(self, e, scope, pyvars):
        op = e.op
        if op in ("is", "is not"):
            return self.is_test(e, scope, pyvars)
        a = self.gen(e.left, scope, pyvars)
        b = self.gen(e.right, scope, pyvars)
        if op == "and":
            return f"(bool({a}) and bool({b}))"
        if op == "or":
            return f"(bool({a}) or bool({b}))"
        if op in ("in", "not in") and self.no_walrus:
            test = f"_contains(st, {a}, {b})"
            return test if op == "in" else f"(not {test})"
        if op in ("in", "not in"):
            t = self.fresh("t")
            test = f"(({a}) in {t} if type({t} := {b}) is tuple else _contains(st, {a}, {t}))"
            return test if op == "in" else f"(not {test})"
        if op in ("==", "!="):
            if isinstance(e.right, n.Literal) and not self.no_walrus:
                v = e.right.value
                if v is None:
                    return f"({a} {'is' if op == '==' else 'is not'} None)"
                t = self.fresh("t")
                test = f"(({t} := {a}) == {b} and type({t}) is {self.const(type(v))})"
                return test if op == "==" else f"(not {test})"
            return f"_same({a}, {b})" if op == "==" else f"(not _same({a}, {b}))"
        if op == "+":
            return f"_add({a}, {b})"
        if op in ("/", "%"):
            return f"{self.const(_divide_at(e.span, op))}({a}, {b})"
        return f"({a} {op} {b})"

    def is_test(self, e, scope, pyvars):
        negate = e.op == "is not"
        a = self.gen(e.left, scope, pyvars)
        prog = self.prog
        right = e.right.name if isinstance(e.right, n.Name) and e.right.name not in scope \
            and e.right.name not in pyvars and e.right.name not in self.c.subst else None
        if right is not None and right in prog.tag_names:
            other = prog.value_of_name(right) if prog.is_symbol(right) else None
            return f"_has_tag(st, {a}, {right!r}, {self.const(other)}, {negate})"
        if right is not None and right in prog.kinds and not self.no_walrus:
            t = self.fresh("t")
            test = f"(type({t} := {a}) is Comp and {t}.kind is {self.const(prog.kinds[right])})"
            return f"(not {test})" if negate else test
        b = self.gen(e.right, scope, pyvars)
        return f"(not _same({a}, {b}))" if negate else f"_same({a}, {b})"

    # -------------------------------------------------------------- comprehensions and calls
    def loop(self, c: n.Comprehension, scope, pyvars):
        """(python variable, source text, ' if cond' or '', mapped value or key text)."""
        var = self.fresh("v")
        # Python forbids `:=` in a comprehension's iterable: plain helper calls there.
        self.no_walrus += 1
        try:
            source = f"_items(st, {self.gen(c.source, scope, pyvars)})"
        finally:
            self.no_walrus -= 1
        inner = dict(pyvars)
        inner[c.var] = var
        cond = f" if {self.gen(c.where, scope, inner)}" if c.where is not None else ""
        value_expr = c.body if c.body is not None else c.by
        value = self.gen(value_expr, scope, inner) if value_expr is not None else var
        return var, source, cond, value

    def g_Call(self, e, scope, pyvars):
        prog = self.prog
        if e.func in prog.defines:
            return self.define(e, scope, pyvars)
        if e.comp is not None:
            return self.comprehension_call(e, scope, pyvars)
        args = [self.gen(a, scope, pyvars) for a in e.args]
        name = e.func
        if e.kwargs:
            from .builtins import PLAIN, reporting
            kw = "{" + ", ".join(f"{k!r}: {self.gen(v, scope, pyvars)}" for k, v in e.kwargs) + "}"
            return f"{self.const(reporting(PLAIN[name], name, e.span))}(st, prog, [{', '.join(args)}], {kw})"
        if name == "count" and len(args) == 1:
            inner = e.args[0]
            if isinstance(inner, n.Call) and inner.func in ("contents", "at") and len(inner.args) == 1 \
                    and inner.comp is None and not inner.kwargs:
                return f"_size(st, {self.gen(inner.args[0], scope, pyvars)})"   # count(contents(x)): no copy
            return f"_size(st, {args[0]})"
        if name == "contents" or (name == "at" and len(args) == 1):
            return f"_items(st, {args[0]})"
        if name == "first":
            return f"_first(st, {args[0]})"
        if name == "at" and isinstance(e.args[1], n.Name) and e.args[1].name in prog.kinds:
            c = self.fresh("c")
            return f"tuple([{c} for {c} in _items(st, {args[0]}) if {c}.kind is {self.const(prog.kinds[e.args[1].name])}])"
        from .builtins import PLAIN, reporting
        if name not in PLAIN:
            raise Unsupported(name)
        return f"{self.const(reporting(PLAIN[name], name, e.span))}(st, prog, [{', '.join(args)}], {{}})"

    def comprehension_call(self, e, scope, pyvars):
        name = e.func
        var, source, cond, value = self.loop(e.comp, scope, pyvars)
        if name in ("any", "all"):
            if e.comp.where is None:
                return f"{name}({var} for {var} in {source})"
            test = cond[len(" if "):]
            return f"{name}({test} for {var} in {source})"
        if name == "count":
            return f"sum(1 for {var} in {source}{cond})"
        if name == "sum":
            return f"sum({value} for {var} in {source}{cond})"
        if name in ("min", "max"):
            return f"_extreme({name}, [{value} for {var} in {source}{cond}])"
        if name in ("highest", "lowest"):
            pick = "max" if name == "highest" else "min"
            return f"_best({pick}, [({var}, {value}) for {var} in {source}{cond}])"
        raise Unsupported(name)

    def define(self, e, scope, pyvars):
        decl = self.prog.defines[e.func]
        args = [self.gen(a, scope, pyvars) for a in e.args]
        cheap = all(_cheap(a) for a in e.args)
        if cheap and e.func not in self.inlining and len(args) == len(decl.params):
            # Comprehension variables are fresh Python names, so nothing the body binds can
            # capture an argument; cheap arguments may be evaluated more than once.
            inner = {p: f"({a})" for p, a in zip(decl.params, args)}
            self.inlining.add(e.func)
            try:
                return self.gen(decl.body, _EMPTY, inner)
            finally:
                self.inlining.discard(e.func)
        cell = self.prog.define_body(e.func)
        env = "{" + ", ".join(f"{p!r}: {a}" for p, a in zip(decl.params, args)) + "}"
        return f"{self.const(cell)}[0](st, {env})"


def _divide_at(span, op):
    """Division with its own place in the file, for the error a zero divisor makes."""
    from ..errors import error

    def divide(a, b):
        try:
            return _div(a, b) if op == "/" else a % b
        except ZeroDivisionError:
            raise error(span, "division by zero") from None
    return divide


def _cheap(e) -> bool:
    if isinstance(e, CHEAP):
        return True
    if isinstance(e, n.Attr):
        return _cheap(e.obj)
    if isinstance(e, n.Index):
        return _cheap(e.obj) and _cheap(e.index)
    return False


class _Empty:
    names = frozenset()
    protect = frozenset()

    def __contains__(self, name):
        return False


_EMPTY = _Empty()
