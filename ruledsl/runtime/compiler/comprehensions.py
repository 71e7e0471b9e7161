"""Comprehensions written as Code: `[each x in S where c]`, any/all/count/sum/min/max/… of them,
and the tests written as statements (a loop that stops at the first item that passes).

A comprehension's variable is a fresh Python name; its source goes through a list as loops do
(ExprGen.items_source); the parts of its condition that read nothing of the item are kept once
per loop (hoist.py).
"""
from __future__ import annotations

from ...errors import error
from ...ir import nodes as n
from ..model.values import Comp
from .certain import Certain
from .code import Bind, Code, fmt, read, text


class Loop:
    """A comprehension's clauses as written: its variable (a Name), the Code of its source, the
    kind test that heads its condition (`at(place, Kind)` gone through) and its `where` (Codes,
    or None), the further clauses of a flattening comprehension, the value it gives, and the
    parts it keeps (hoist.py: [(Name, what the name is set to where the loop is entered)])."""
    __slots__ = ("var", "source", "only", "where", "more", "value", "kept")

    def __init__(self, var, source, only, where, more, value, kept):
        self.var, self.source, self.only, self.where, self.more, self.value, self.kept = \
            var, source, only, where, more, value, kept

    @property
    def cond(self) -> Code:
        """` if kind-test if where for v2 in …`: what follows the source in a Python comprehension."""
        parts = []
        for test in (self.only, self.where):
            if test is not None:
                parts += [" if ", test]
        if self.more is not None:
            parts.append(self.more)
        return Code(tuple(parts))

    def tests(self) -> list:
        return [test for test in (self.only, self.where) if test is not None]


class ComprehensionGen:
    """Comprehensions, for ExprGen."""

    def loop(self, c: n.Comprehension, frame, nested: bool = False) -> Loop:
        """A comprehension's clauses (Loop)."""
        var = self.ns.fresh("v")
        of_kind = self.passes.first("kind_loop", self, c.source, frame)
        if of_kind is not None:
            # `each x in at(place, Kind)`: what lies there gone through, those of the kind kept
            source, kind = of_kind
            self.know(var, Certain(Comp, None, self.prog.kinds[kind]))
            only = fmt("{}.kind is {}", var, self.k(self.prog.kinds[kind]))
        else:
            source, items = self.items_source(c.source, frame)
            self.know(var, items)
            only = None
        inner = frame.bind(c.var, read(var))
        level = frame.hoists[-1] if nested else None
        if level is not None:
            level.own.add(var)                  # a further clause of the same Python comprehension
        elif frame.walrus:
            # what reads var changes from one item to the next: the rest may be kept once (hoist.py)
            level = self.passes.first("comprehension_level", self, var, frame, c)
            if level is not None:
                inner = inner.looping(frame.hoists + (level,))
        where = self.gen(c.where, inner) if c.where is not None else None
        more = None
        if c.inner is not None:
            clause = self.loop(c.inner, inner, nested=level is not None)
            more = fmt(" for {} in {}{}", Bind(clause.var, "for"), clause.source, clause.cond)
            value = clause.value
        else:
            value_expr = c.body if c.body is not None else c.by
            value = self.gen(value_expr, inner) if value_expr is not None else read(var)
        kept = [(name, level.entered(name)) for name in level.names] if level is not None and not nested else []
        return Loop(var, source, only, where, more, value, kept)

    def of_kind(self, e, frame):
        """(the Code of what lies on the place, the kind's name) when e is `at(place, Kind)`, else
        None."""
        if type(e) is not n.Call or e.func != "at" or e.comp is not None or e.kwargs or len(e.args) != 2:
            return None
        kind = e.args[1]
        if type(kind) is not n.Name or kind.name not in self.prog.kinds or kind.name in frame.names:
            return None
        return self.contents(e.args[0], frame, iterable=True), kind.name

    @staticmethod
    def kept_around(code: Code, kept: list) -> Code:
        """A comprehension's code, its kept parts (Hoist) made unset each time it is entered."""
        if not kept:
            return code
        parts = ["("]
        for name, value in kept:
            parts += ["(", Bind(name), " := ", value, "), "]
        return Code(tuple(parts) + (code, ")[-1]"))

    # ---------------------------------------------------------------- tests written as statements
    def test_lines(self, e, frame) -> tuple:
        """(lines, test): a statement's condition as lines to run first and the test after them
        (the `fuse` pass writes a test of `any(each …)` as a loop that sets a flag); else no
        lines and the expression."""
        found = self.passes.first("test_lines", self, e, frame)
        return found if found is not None else ([], self.gen(e, frame))

    def any_lines(self, e, frame, last: bool = True, flag=None):
        """`any(each x in S where c)` as lines of a function's body: a loop that returns True (last)
        or goes on (not last) at the first x that passes, else returns False; or (flag) that sets
        flag to whether one passes. No generator is made per call. None when e is not such a call."""
        if not any_of_each(e, self.prog.defn.defines) or self.passes.first("scan", self, e, frame) is not None:
            return None
        loop = self.loop(e.comp, frame)
        tests = loop.tests()
        test = _anded(tests) if tests else text("True")
        lines = [(0, fmt("{} = {}", Bind(name, "set"), value)) for name, value in loop.kept]
        head = (0, fmt("for {} in {}:", Bind(loop.var, "for"), loop.source))
        if flag is not None:
            return lines + [(0, fmt("{} = False", Bind(flag, "set"))), head, (1, fmt("if {}:", test)),
                            (2, fmt("{} = True", flag)), (2, text("break"))]
        lines += [head, (1, fmt("if {}:", test)), (2, text("return True" if last else "break"))]
        return lines + ([(0, text("return False"))] if last else [(0, text("else:")), (1, text("return False"))])

    def comprehension_call(self, e, frame):
        found = self.passes.first("scan", self, e, frame) or self.passes.first("comprehension_call", self, e, frame)
        return found or self.comprehension_text(e, frame)

    def loop_lines(self, e, frame) -> list:
        """all/count/sum(each x in S where c) as a function's body: the loop, with what it keeps."""
        loop = self.loop(e.comp, frame)
        lines = [(0, fmt("{} = {}", Bind(name, "set"), value)) for name, value in loop.kept]
        lines.append((0, fmt("for {} in {}:", Bind(loop.var, "for"), loop.source)))
        only, where = loop.only, loop.where
        if e.func == "all":
            if where is None:
                return None         # (every item true: all() at C speed)
            test = fmt("({}) and not ({})", only, where) if only is not None else fmt("not ({})", where)
            return lines + [(1, fmt("if {}:", test)), (2, text("return False")), (0, text("return True"))]
        tests = loop.tests()
        add = text("1") if e.func == "count" else loop.value
        total = self.ns.fresh("n")
        if tests:
            body = [(1, fmt("if {}:", _anded(tests))), (2, fmt("{} += {}", total, add))]
        else:
            body = [(1, fmt("{} += {}", total, add))]
        return [(0, fmt("{} = 0", Bind(total, "set")))] + lines + body + [(0, fmt("return {}", total))]

    def comprehension_text(self, e, frame):
        """The comprehension call as a Python expression (a membership scan aside: below)."""
        name = e.func
        loop = self.loop(e.comp, frame)
        var, source, cond, value = Bind(loop.var, "for"), loop.source, loop.cond, loop.value
        code = None
        if name in ("any", "all") and e.comp.inner is not None:
            code = fmt(name + "({} for {} in {}{})", value, var, source, cond)
        elif name in ("any", "all"):
            if not loop.tests():
                code = fmt(name + "({})", source)
            # Yielding only where an item decides the answer keeps the whole search inside the
            # generator: no resumption per item
            elif name == "any":
                code = fmt("any(True for {} in {}{})", var, source, cond)
            elif loop.where is None:
                code = fmt("all({} for {} in {} if {})", loop.var, var, source, loop.only)
            else:
                kind_test = fmt(" if {}", loop.only) if loop.only is not None else text("")
                code = fmt("(not any(True for {} in {}{} if not ({})))", var, source, kind_test, loop.where)
        elif name == "count":
            code = fmt("sum(1 for {} in {}{})", var, source, cond)
        elif name == "sum":
            code = fmt("sum({} for {} in {}{})", value, var, source, cond)
        elif name in ("min", "max"):
            code = fmt("_extreme(" + name + ", [{} for {} in {}{}])", value, var, source, cond)
        elif name in ("highest", "lowest"):
            pick = "max" if name == "highest" else "min"
            code = fmt("_best(" + pick + ", [({}, {}) for {} in {}{}])", loop.var, value, var, source, cond)
        elif name == "sort":
            code = fmt("_sort([({}, {}) for {} in {}{}])", loop.var, value, var, source, cond)
        if code is None:
            raise error(e.span, f"{name}(…) does not take `each x in …`")
        return self.kept_around(code, loop.kept)


def _anded(tests: list) -> Code:
    """`(a) and (b)` of the tests."""
    parts = []
    for i, test in enumerate(tests):
        parts += ([" and "] if i else []) + ["(", test, ")"]
    return Code(tuple(parts))


def plain_each(e, defines: dict) -> bool:
    """Whether e is a call of a builtin with `each x in S [where c]`: no nested `each`, no `by`,
    nothing else given."""
    return (type(e) is n.Call and e.comp is not None and len(e.args) == 0 and e.comp.inner is None
            and e.comp.by is None and not e.kwargs and e.func not in defines)


def any_of_each(e, defines: dict) -> bool:
    """Whether e is `any(each x in S where c)` of the builtin `any` (no nested `each`, body or `by`)."""
    return (type(e) is n.Call and e.func == "any" and e.comp is not None and len(e.args) == 0
            and e.comp.inner is None and e.comp.body is None and e.comp.by is None and not e.kwargs
            and "any" not in defines)


def filtering(e):
    """The comprehension of a list that only filters another (`[each y in L where c]`), or None."""
    if isinstance(e, n.ListLit) and e.comp is not None and e.comp.body is None and e.comp.inner is None \
            and e.comp.by is None:
        return e.comp
    return None


def name_uses(expr) -> dict:
    """How often each name is read in an expression (comprehensions' own names included)."""
    found: dict = {}
    stack = [expr]
    while stack:
        node = stack.pop()
        if isinstance(node, n.Name):
            found[node.name] = found.get(node.name, 0) + 1
        elif isinstance(node, tuple):
            stack.extend(node)
        elif hasattr(node, "__attrs_attrs__"):
            stack.extend(getattr(node, a.name) for a in node.__attrs_attrs__
                         if a.name != "span" and not a.name.endswith("_span"))
    return found
