"""Operators written as Code: `and`/`or`, membership, equality, `is`, arithmetic and comparisons.

Each operator that can fail calls a helper of engine/ops.py given its span; where the checker
(or certainty) says what its operands are, a pass (`typed`, `compare`, `fold`) writes Python's
own operator in its place.
"""
from __future__ import annotations

from ...ir import nodes as n
from .code import Bind, fmt

_ARITH = {"-": "_sub", "*": "_mul", "/": "_div", "%": "_mod", "<": "_lt", "<=": "_le", ">": "_gt", ">=": "_ge"}
_COMPARISONS = frozenset({"==", "!=", "<", "<=", ">", ">=", "in", "not in", "is", "is not", "and", "or"})


class OperatorGen:
    """The operators, for ExprGen. The passes (compiler/passes) may write each with Python's own
    operator where they know what the operands are."""

    def g_binary(self, e, frame):
        op = e.op
        if op in ("is", "is not"):
            return self.is_test(e, frame)
        a = self.gen(e.left, frame)
        b = self.gen(e.right, frame)
        if op == "and" or op == "or":
            found = self.passes.first("and_or", self, e, a, b)
            if found is not None:
                return found
            # the language's and/or give true or false: a side that is already one is not converted
            defines = self.prog.defn.defines
            a, b = (c if boolean(x, defines) else fmt("bool({})", c) for x, c in ((e.left, a), (e.right, b)))
            return fmt("({} " + op + " {})", a, b)
        if op in ("in", "not in"):
            test = self.passes.first("membership", self, e, frame, a, b) or fmt("_contains(st, {}, {})", a, b)
            return test if op == "in" else fmt("(not {})", test)
        if op in ("==", "!="):
            negate = op == "!="
            found = self.passes.first("equality", self, e, frame, a, b, negate)
            return found or self.same(e, frame, a, b, negate)
        found = self.passes.first("arithmetic", self, e, frame, a, b)
        return found or fmt(("_add" if op == "+" else _ARITH[op]) + "(st, {}, {}, {})", a, b, self.k(e.span))

    def is_test(self, e, frame):
        negate = e.op == "is not"
        a = self.gen(e.left, frame)
        prog = self.prog
        right = e.right.name if isinstance(e.right, n.Name) and e.right.name not in frame.names else None
        if right is not None and right in prog.tag_names:
            other = prog.value_of_name(right)
            found = self.passes.first("tag_test", self, e, frame, a, right, other, negate)
            return found or fmt("_has_tag(st, {}, {}, {}, {})", a, self.k(right), self.k(other), self.k(negate))
        if right is not None and right in prog.kinds and frame.walrus:
            t = self.temp()
            test = fmt("(type({} := {}) is Comp and {}.kind is {})", Bind(t), a, t, self.k(prog.kinds[right]))
            return fmt("(not {})", test) if negate else test
        b = self.gen(e.right, frame)
        found = self.passes.first("identity", self, e, frame, a, b, negate)
        return found or self.same(e, frame, a, b, negate)

    def same(self, e, frame, a, b, negate):
        """The language's equality of e's two sides, a and b: where both may be lists, compared by
        _same_spent, which spends the items it goes through (two lists of 100,000 items compared
        100,000 times ran past a minute without a step spent)."""
        if self.may_be_list(e.left, frame) and self.may_be_list(e.right, frame):
            return fmt("(not _same_spent(st, {}, {}))" if negate else "_same_spent(st, {}, {})", a, b)
        return fmt("(not _same({}, {}))" if negate else "_same({}, {})", a, b)

    def may_be_list(self, e, frame) -> bool:
        t = self.type_of(e, frame)
        return t is None or t.is_list or t.head == "any"

    def by_identity(self, e, frame) -> bool:
        """Whether the language's equality of e's two sides is Python's identity: a handle (a seat,
        a place, a component, an enum value) is equal only to itself, so when either side is one
        it is; and two truth values (a comparison, a test) are Python's True or False, one object
        each."""
        if self.handle(e.left, frame.types) or self.handle(e.right, frame.types):
            return True
        defines = self.prog.defn.defines
        return boolean(e.left, defines) and boolean(e.right, defines)

    def handle(self, e, types, depth: int = 0) -> bool:
        """Whether e gives a handle or none, by its type; a component's location (a zone or a board
        location, typed `any`) is one, and so is a define whose body gives one."""
        t = types.get(id(e))
        if t is not None and t.is_handle:
            return True
        if isinstance(e, n.Attr) and e.name == "location":
            held = types.get(id(e.obj))
            return held is not None and held.head == "kind"
        defn = self.prog.defn.defines.get(e.func) if isinstance(e, n.Call) else None
        return defn is not None and depth < 8 and self.handle(defn.body, self.compiler.checked.types, depth + 1)


def _gives_int(e) -> bool:
    """Whether e's code always gives a whole number (a count)."""
    return isinstance(e, n.Call) and e.func == "count"


def _plain_int(e) -> bool:
    """Whether e's code is a whole number with no test: a count, or a whole number written out (as
    the checker expects of an operand of arithmetic, which is then an int literal)."""
    return (isinstance(e, n.Literal) and type(e.value) is int) or _gives_int(e) or \
        (isinstance(e, n.Unary) and isinstance(e.operand, n.Literal) and type(e.operand.value) is int)


def boolean(e, defines: dict, depth: int = 0) -> bool:
    """Whether e's code gives True or False itself (a comparison, and/or, not, any/all, a define
    whose body is one of these)."""
    if isinstance(e, n.Binary):
        return e.op in _COMPARISONS
    if isinstance(e, n.Unary):
        return e.op == "not"
    if isinstance(e, n.Literal):
        return type(e.value) is bool
    if not isinstance(e, n.Call):
        return False
    if e.func in defines:
        return depth < 8 and boolean(defines[e.func].body, defines, depth + 1)
    return e.func in ("any", "all") and e.comp is not None

