"""Expressions compiled to closures `f(st, env)`.

Names are resolved once, when the game is compiled: a local reads `env`, a
variable reads its slot in `st.vals`, a constant or a declared thing is a
value captured in the closure. At play time an expression is a few nested
Python calls, with no look-up of node types.
"""
from __future__ import annotations

from fractions import Fraction

from ..errors import error
from ..ir import nodes as n
from .values import Comp, EnumType, Location, Zone, display

MISSING = object()


class Scope:
    """The local names visible where an expression stands (compile time only).

    protect: names of the caller's locals while a `define` is compiled inline;
    they are not visible, but a comprehension must not leave them changed.
    """
    __slots__ = ("names", "protect")

    def __init__(self, names=(), protect=frozenset()):
        self.names = frozenset(names)
        self.protect = protect

    def with_(self, *names) -> "Scope":
        return Scope(self.names | set(names), self.protect)

    def __contains__(self, name):
        return name in self.names

    def taken(self, name) -> bool:
        """Whether binding name in env would overwrite a value someone still needs."""
        return name in self.names or name in self.protect


def items_of(st, value):
    """The items of something a loop or comprehension runs over."""
    t = type(value)
    if t is tuple:
        return value
    if t is Zone or t is Location:
        if st.lazy and value.index in st.lazy:
            from .effects import settle
            settle(st, value.index)
        return st.contents[value.index]
    if t is list:
        return tuple(value)
    if t is dict:
        return tuple(value)
    if t is EnumType:
        return value.values
    if value is None:
        return ()
    raise TypeError(f"{display(st, value)} is not a list")


def size_of(st, value) -> int:
    """How many items, without fixing the order of a lazily shuffled zone."""
    t = type(value)
    if t is Location or t is Zone:
        return len(st.contents[value.index])
    if t is tuple:
        return len(value)
    return len(items_of(st, value))


def _div(a, b):
    q = Fraction(a) / Fraction(b)
    return int(q) if q.denominator == 1 else q


def _add(a, b):
    if type(a) is tuple or type(b) is tuple:
        return _as_tuple(a) + _as_tuple(b)
    if type(a) is str or type(b) is str:
        return f"{a}{b}"
    return a + b


def _as_tuple(v):
    return v if type(v) is tuple else (v,)


def _contains(st, item, coll):
    t = type(coll)
    if t is tuple or t is dict or t is str or t is list:
        return item in coll
    return item in items_of(st, coll)


ARITH = {
    "+": _add,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
    "/": _div,
    "%": lambda a, b: a % b,
}
COMPARE = {
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b,
}


def _numeric_eq(a, b):
    """1 == 1/1 across int and Fraction; never True == 1."""
    ta, tb = type(a), type(b)
    return (ta is Fraction and tb is int or ta is int and tb is Fraction) and a == b


def same(a, b) -> bool:
    """The language's equality: same type and equal (handles compare by identity)."""
    return a is b or (type(a) is type(b) and a == b) or _numeric_eq(a, b)


# Expressions worth turning into one Python function (see codegen.py); the rest are closures.
_GENERATED = (n.Binary, n.Call, n.Unary, n.ListLit, n.Template, n.Attr)


class ExprCompiler:
    """Compiles expressions against a Program's name tables. One method per node type."""

    def __init__(self, prog):
        self.prog = prog
        self.subst: dict = {}       # param -> (closure, env names it reads) while a define is inlined
        self.inlining: set = set()

    def expr(self, e, scope: Scope):
        if type(e) in _GENERATED:
            from .codegen import CodeGen, Unsupported
            try:
                return CodeGen(self).function(e, scope)
            except Unsupported:
                pass
        handler = getattr(self, "e_" + type(e).__name__, None)
        if handler is None:
            raise error(e.span, f"the interpreter cannot evaluate {type(e).__name__}")
        return handler(e, scope)

    # -- atoms -----------------------------------------------------------------
    def e_Literal(self, e, scope):
        v = e.value
        return lambda st, env: v

    def e_Template(self, e, scope):
        parts = []
        for part in e.parts:
            if isinstance(part, str):
                parts.append(part)
            else:
                parts.append(self.expr(part, scope))
        if all(isinstance(p, str) for p in parts):
            text = "".join(parts)
            return lambda st, env: text
        if len(parts) == 2 and parts[0] and isinstance(parts[0], str) and not isinstance(parts[1], str):
            head, f = parts

            def template2(st, env):
                return head + display(st, f(st, env))
            return template2

        def template(st, env):
            return "".join(p if type(p) is str else display(st, p(st, env)) for p in parts)
        return template

    def e_Name(self, e, scope):
        name = e.name
        if name in scope:
            return lambda st, env: env[name]
        if name in self.subst:
            return self.subst[name][0]
        return self.prog.global_name(name, e.span)

    def e_Attr(self, e, scope):
        obj = self.expr(e.obj, scope)
        handlers, fail = self.prog.attr_handlers(e.name, e.span)

        def attr(st, env):
            o = obj(st, env)
            handler = handlers.get(type(o))
            if handler is None:
                fail(st, o)
            return handler(st, o)
        return attr

    def e_Index(self, e, scope):
        obj = self.expr(e.obj, scope)
        index = self.expr(e.index, scope)
        span = e.span

        def idx(st, env):
            o = obj(st, env)
            i = index(st, env)
            try:
                if type(o) is dict:
                    return o[i]
                return items_of(st, o)[i]
            except (IndexError, KeyError, TypeError):
                raise error(span, f"there is no item {display(st, i)} in {display(st, o) or 'an empty list'}") from None
        return idx

    def e_Unary(self, e, scope):
        operand = self.expr(e.operand, scope)
        if e.op == "not":
            return lambda st, env: not operand(st, env)
        return lambda st, env: -operand(st, env)

    def e_Binary(self, e, scope):
        op = e.op
        if op in ("is", "is not"):
            return self.is_test(e, scope)
        left = self.expr(e.left, scope)
        right = self.expr(e.right, scope)
        if op == "and":
            return lambda st, env: bool(left(st, env)) and bool(right(st, env))
        if op == "or":
            return lambda st, env: bool(left(st, env)) or bool(right(st, env))
        if op == "in":
            return lambda st, env: _contains(st, left(st, env), right(st, env))
        if op == "not in":
            return lambda st, env: not _contains(st, left(st, env), right(st, env))
        span = e.span
        if op in ("==", "!=") and isinstance(e.right, n.Literal):
            return self.compare_literal(left, e.right.value, op == "!=")
        if op == "==":
            def eq(st, env):
                a = left(st, env)
                b = right(st, env)
                if type(a) is type(b):
                    return a == b
                return _numeric_eq(a, b)
            return eq
        if op == "!=":
            def ne(st, env):
                a = left(st, env)
                b = right(st, env)
                return not (a is b or (type(a) is type(b) and a == b) or _numeric_eq(a, b))
            return ne
        fn = ARITH.get(op) or COMPARE[op]

        def binary(st, env):
            a = left(st, env)
            b = right(st, env)
            try:
                return fn(a, b)
            except ZeroDivisionError:
                raise error(span, "division by zero") from None
            except TypeError:
                raise error(span, f"cannot compute {display(st, a)} {op} {display(st, b)}") from None
        return binary

    def compare_literal(self, left, value, negate):
        if value is None:
            if negate:
                return lambda st, env: left(st, env) is not None
            return lambda st, env: left(st, env) is None
        kind = type(value)
        if negate:
            return lambda st, env: not ((a := left(st, env)) == value and type(a) is kind)
        return lambda st, env: (a := left(st, env)) == value and type(a) is kind

    def is_test(self, e, scope):
        negate = e.op == "is not"
        left = self.expr(e.left, scope)
        right_name = e.right.name if isinstance(e.right, n.Name) and e.right.name not in scope \
            and e.right.name not in self.subst else None
        prog = self.prog
        if right_name is not None and right_name in prog.tag_names:
            tag = right_name
            other = prog.value_of_name(tag) if prog.is_symbol(tag) else None

            # A location is tested for the tag; anything else is compared with what the
            # name also names (a board may share its name with a tag of its locations).
            def has_tag(st, env):
                v = left(st, env)
                if type(v) is Location:
                    return (tag in st.tags[v.index]) != negate
                return (other is not None and v is other) != negate
            return has_tag
        if right_name is not None and right_name in prog.kinds:
            kind = prog.kinds[right_name]
            return lambda st, env: ((type(v := left(st, env)) is Comp and v.kind is kind) != negate)
        right = self.expr(e.right, scope)

        def is_same(st, env):
            return same(left(st, env), right(st, env)) != negate
        return is_same

    def e_Range(self, e, scope):
        low = self.expr(e.low, scope)
        high = self.expr(e.high, scope)
        if isinstance(e.low, n.Literal) and isinstance(e.high, n.Literal):
            values = tuple(range(e.low.value, e.high.value + 1))
            return lambda st, env: values
        return lambda st, env: tuple(range(low(st, env), high(st, env) + 1))

    def e_ListLit(self, e, scope):
        if e.comp is not None:
            return self.comprehension_list(e.comp, scope)
        items = [self.expr(i, scope) for i in e.items]
        if all(isinstance(i, n.Literal) for i in e.items):
            values = tuple(i.value for i in e.items)
            return lambda st, env: values
        return lambda st, env: tuple(f(st, env) for f in items)

    def e_MapLit(self, e, scope):
        entries = [(self.expr(k, scope), self.expr(v, scope)) for k, v in e.entries]
        return lambda st, env: {k(st, env): v(st, env) for k, v in entries}

    # -- comprehensions ------------------------------------------------------------
    def loop_parts(self, c: n.Comprehension, scope: Scope):
        """(source, where, key, body) closures; where/key/body see the bound name."""
        source = self.expr(c.source, scope)
        inner = scope.with_(c.var)
        where = self.expr(c.where, inner) if c.where is not None else None
        key = self.expr(c.by, inner) if c.by is not None else None
        body = self.expr(c.body, inner) if c.body is not None else None
        return source, where, key, body

    def iterate(self, c: n.Comprehension, scope: Scope):
        """A closure giving the list of (item, mapped value) pairs a comprehension selects."""
        source, where, key, body = self.loop_parts(c, scope)
        var = c.var
        value = body or key

        if not scope.taken(var):
            def select_fresh(st, env):
                out = []
                for item in items_of(st, source(st, env)):
                    env[var] = item
                    if where is None or where(st, env):
                        out.append((item, value(st, env) if value is not None else item))
                return out
            return select_fresh

        def select(st, env):
            saved = env.get(var, MISSING)
            out = []
            try:
                for item in items_of(st, source(st, env)):
                    env[var] = item
                    if where is None or where(st, env):
                        out.append((item, value(st, env) if value is not None else item))
            finally:
                if saved is MISSING:
                    env.pop(var, None)
                else:
                    env[var] = saved
            return out
        return select

    def comprehension_list(self, c: n.Comprehension, scope: Scope):
        select = self.iterate(c, scope)
        if c.body is not None:
            return lambda st, env: tuple(v for _, v in select(st, env))
        return lambda st, env: tuple(i for i, _ in select(st, env))

    # -- calls ---------------------------------------------------------------------
    def e_Call(self, e, scope):
        prog = self.prog
        if e.func in prog.defines:
            return self.call_define(e, scope)
        from .builtins import compile_call
        return compile_call(self, e, scope)

    def reads(self, e, scope):
        """The env names an argument's closure reads, or None when it is too costly to evaluate
        more than once (a call, a comprehension): only cheap arguments are inlined."""
        if isinstance(e, n.Literal):
            return frozenset()
        if isinstance(e, n.Name):
            if e.name in scope:
                return frozenset([e.name])
            if e.name in self.subst:
                return self.subst[e.name][1]
            return frozenset()
        if isinstance(e, n.Attr):
            return self.reads(e.obj, scope)
        if isinstance(e, (n.Index, n.Binary)):
            parts = (e.obj, e.index) if isinstance(e, n.Index) else (e.left, e.right)
            found = [self.reads(x, scope) for x in parts]
            return None if None in found else found[0] | found[1]
        return None

    def inline_define(self, e, scope):
        """The body of a non-recursive define compiled in place, its parameters replaced by the
        argument closures: no call, no new env. Only for plain-name or literal arguments that the
        body's comprehensions cannot overwrite."""
        name = e.func
        decl = self.prog.defines[name]
        if name in self.inlining or e.kwargs or e.comp is not None or len(e.args) != len(decl.params):
            return None
        reads = [self.reads(a, scope) for a in e.args]
        if any(r is None for r in reads):
            return None
        bound = _bound_names(self.prog, decl.body, {name})
        if bound & set(decl.params) or any(r & bound for r in reads):
            return None
        args = [(self.expr(a, scope), r) for a, r in zip(e.args, reads)]
        saved = self.subst
        self.subst = dict(zip(decl.params, args))
        self.inlining.add(name)
        try:
            return self.expr(decl.body, Scope((), scope.names | scope.protect))
        finally:
            self.subst = saved
            self.inlining.discard(name)

    def call_define(self, e, scope):
        inlined = self.inline_define(e, scope)
        if inlined is not None:
            return inlined
        decl = self.prog.defines[e.func]
        args = [self.expr(a, scope) for a in e.args]
        params = decl.params
        body_ref = self.prog.define_body(e.func)
        if len(params) == 1:
            p0, a0 = params[0], args[0]
            return lambda st, env: body_ref[0](st, {p0: a0(st, env)})
        if len(params) == 2:
            (p0, p1), (a0, a1) = params, args
            return lambda st, env: body_ref[0](st, {p0: a0(st, env), p1: a1(st, env)})
        pairs = list(zip(params, args))
        return lambda st, env: body_ref[0](st, {p: a(st, env) for p, a in pairs})


def _bound_names(prog, expr, seen) -> set:
    """Names comprehensions bind inside expr and inside the defines it calls."""
    out = set()
    stack = [expr]
    while stack:
        node = stack.pop()
        if isinstance(node, n.Comprehension):
            out.add(node.var)
        if isinstance(node, n.Call) and node.func in prog.defines and node.func not in seen:
            seen.add(node.func)
            out |= set(prog.defines[node.func].params)
            stack.append(prog.defines[node.func].body)
        if hasattr(node, "__attrs_attrs__"):
            for a in node.__attrs_attrs__:
                value = getattr(node, a.name)
                if isinstance(value, tuple):
                    stack.extend(v for v in value if hasattr(v, "__attrs_attrs__") or isinstance(v, tuple))
                    for v in value:
                        if isinstance(v, tuple):
                            stack.extend(x for x in v if hasattr(x, "__attrs_attrs__"))
                elif hasattr(value, "__attrs_attrs__"):
                    stack.append(value)
    return out
