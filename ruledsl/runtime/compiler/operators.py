"""Operators written as Code: `and`/`or`, membership, equality, `is`, arithmetic and comparisons.

Each operator that can fail calls a helper of engine/ops.py given its span; where the checker
(or certainty) says what its operands are, Python's own operator stands in its place.
"""
from __future__ import annotations

from ...ir import nodes as n
from .code import MISSING, Bind, fmt, read

# Operators that mean on two whole numbers what Python's do (not /, which is exact).
_INT_OPS = ("+", "-", "*", "<", "<=", ">", ">=")
_ARITH = {"-": "_sub", "*": "_mul", "/": "_div", "%": "_mod", "<": "_lt", "<=": "_le", ">": "_gt", ">=": "_ge"}
_COMPARISONS = frozenset({"==", "!=", "<", "<=", ">", ">=", "in", "not in", "is", "is not", "and", "or"})
_PLAIN_VALUES = (int, str, bool, type(None))


class OperatorGen:
    """The operators, for ExprGen."""

    def g_binary(self, e, frame):
        op = e.op
        if op in ("is", "is not"):
            return self.is_test(e, frame)
        a = self.gen(e.left, frame)
        b = self.gen(e.right, frame)
        if op == "and" or op == "or":
            # the language's and/or give true or false: a side that is already one is not converted
            defines = self.prog.defn.defines
            known = a.truth if self.on("fold") else None
            if known is not None:       # a left side known when compiled (a game's option)
                if known == (op == "or"):
                    return self.k(known)                    # false and …, true or …: never asked
                return b if boolean(e.right, defines) else fmt("bool({})", b)
            a, b = (c if boolean(x, defines) else fmt("bool({})", c) for x, c in ((e.left, a), (e.right, b)))
            return fmt("({} " + op + " {})", a, b)
        if op in ("in", "not in"):
            test = self.membership(a, b, frame)
            return test if op == "in" else fmt("(not {})", test)
        if op in ("==", "!="):
            return self.equality(e, a, b, op == "!=", frame)
        return self.arithmetic(e, a, b, frame)

    def membership(self, a, b, frame):
        """`a in b`."""
        if self.on("compare") and self.on("fold") and type(b.value) is tuple:
            return fmt("(({}) in {})", a, b)        # a list fixed when compiled (`c.suit in red_suits`)
        if not frame.walrus or not self.on("compare"):
            return fmt("_contains(st, {}, {})", a, b)
        bare = self.sure(b, tuple)
        if bare is not None:
            return fmt("(({}) in {})", a, bare)
        if b.built and self.on("typed"):
            return fmt("(({}) in {})", a, b)        # a list just made (or kept): looked up as Python does
        t = self.temp()
        return fmt("(({}) in {} if type({} := {}) is tuple else _contains(st, {}, {}))", a, t, Bind(t), b, a, t)

    def arithmetic(self, e, a, b, frame):
        op = e.op
        helper = "_add" if op == "+" else _ARITH[op]
        span = self.k(e.span)
        if op == "+" and self.on("typed") and frame.walrus and self.is_list(e.left, frame) \
                and self.is_list(e.right, frame):
            # two lists (tuples at play): joined by Python's +; a list written out or just built is one
            (ta, test_a), (tb, test_b) = self.tuple_operand(e.left, a), self.tuple_operand(e.right, b)
            tests = [t for t in (test_a, test_b) if t is not None]
            if not tests:
                return fmt("({} + {})", ta, tb)
            return fmt("({} + {} if {} else _add(st, {}, {}, {}))", ta, tb, _all(tests), ta, tb, span)
        if op in _INT_OPS and self.on("typed") and not frame.walrus and _plain_int(e.left) and _plain_int(e.right):
            return fmt("({} " + op + " {})", a, b)    # (a count and a number: no name needed to test them)
        if op in _INT_OPS and self.on("typed") and frame.walrus and self.is_int(e.left, frame) \
                and self.is_int(e.right, frame):
            # Two whole numbers, as the checker expects: Python's operator (the helper for anything else).
            (ta, test_a), (tb, test_b) = self.int_operand(e.left, a), self.int_operand(e.right, b)
            tests = [t for t in (test_a, test_b) if t is not None]
            if not tests:
                return fmt("({} " + op + " {})", ta, tb)      # both whole numbers whatever happens
            return fmt("({} " + op + " {} if {} else " + helper + "(st, {}, {}, {}))", ta, tb, _all(tests), ta, tb,
                       span)
        return fmt(helper + "(st, {}, {}, {})", a, b, span)

    def equality(self, e, a, b, negate, frame):
        if self.on("typed") and self.by_identity(e, frame):
            return fmt("({} is not {})" if negate else "({} is {})", a, b)
        if self.on("typed") and self.is_list(e.left, frame) and self.is_list(e.right, frame):
            # two lists (tuples at play): the language's equality of tuples is Python's, item by item
            return fmt("({} != {})" if negate else "({} == {})", a, b)
        # a literal, or a constant of the rules (`const limit = 8`): its value is known
        v = e.right.value if isinstance(e.right, n.Literal) else b.value
        if v is not MISSING and type(v) in _PLAIN_VALUES and self.on("compare"):
            if v is None:
                return fmt("({} is not None)" if negate else "({} is None)", a)
            if type(v) is int and _gives_int(e.left):
                if v == 0 and a.length_of is not None:
                    test = fmt("(not {})", a.length_of)     # nothing there: an empty tuple
                    return fmt("(not {})", test) if negate else test
                test = fmt("({} == {})", a, b)      # a count: a whole number, as the literal is
                return fmt("(not {})", test) if negate else test
            if frame.walrus:
                t = self.temp()
                test = fmt("(({} := {}) == {} and type({}) is {})", Bind(t), a, b, t, self.k(type(v)))
                return fmt("(not {})", test) if negate else test
        return fmt("(not _same({}, {}))" if negate else "_same({}, {})", a, b)

    def is_test(self, e, frame):
        negate = e.op == "is not"
        a = self.gen(e.left, frame)
        prog = self.prog
        right = e.right.name if isinstance(e.right, n.Name) and e.right.name not in frame.names else None
        if right is not None and right in prog.tag_names:
            other = prog.value_of_name(right)
            kind = self.type_of(e.left, frame) if self.on("typed") else None
            if kind is not None and kind.head == "location":
                # a board location, as the checker expects: its tags read in place (the general
                # test beside it for a value of another sort)
                bare = a.bare()
                if bare.cheap:
                    t, given = bare, bare
                elif frame.walrus:
                    name = self.temp()
                    t, given = read(name), fmt("({} := {})", Bind(name), a)
                else:
                    t = None
                if t is not None:
                    test = fmt("({} in st.tags[{}.index] if type({}) is Location else _has_tag(st, {}, {}, {}, False))",
                               self.k(right), t, given, t, self.k(right), self.k(other))
                    return fmt("(not {})", test) if negate else test
            return fmt("_has_tag(st, {}, {}, {}, {})", a, self.k(right), self.k(other), self.k(negate))
        if right is not None and right in prog.kinds and frame.walrus:
            t = self.temp()
            test = fmt("(type({} := {}) is Comp and {}.kind is {})", Bind(t), a, t, self.k(prog.kinds[right]))
            return fmt("(not {})", test) if negate else test
        b = self.gen(e.right, frame)
        if self.on("typed") and self.by_identity(e, frame):
            # an enum field against its value: one handle
            return fmt("({} is not {})" if negate else "({} is {})", a, b)
        return fmt("(not _same({}, {}))" if negate else "_same({}, {})", a, b)

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


def _all(tests: list):
    """The tests joined by `&` (each a bool: no short cut is wanted between two type tests)."""
    code = tests[0]
    for test in tests[1:]:
        code = fmt("{} & {}", code, test)
    return code


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

