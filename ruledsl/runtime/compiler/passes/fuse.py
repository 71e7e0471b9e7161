"""Pass `fuse`: a test written as statements, and a list that only filters another gone through
as it is.

Recognises: `each x in at(place, Kind)` (and `count(at(place, Kind))`); a statement's test (`if`,
`elif`, `not`, a define written in place) that is `any(each x in S where c)`; a board's condition
(`connect … when`), asked at every step of every search; a define whose body is one such `any`;
`choose x from [each y in L where c]`.

Emits: what lies on the place gone through, the kind tested (no tuple made); a loop that sets a
flag and stops at the first x that passes (an `elif`'s loop opens an `else:` so that it runs only
when the tests before it failed); the condition as a function of statements (`a and b` one test
after another, an `any` a loop; no generator made per step); the define as its loop; the choice
going through L, testing c with each option, instead of building the list first.

Gain: see docs/architecture.md, "The passes".
"""
from __future__ import annotations

from ....ir import nodes as n
from ..code import Bind, fmt, read, text
from ..comprehensions import any_of_each, filtering
from . import Pass

_INLINED_DEPTH = 12     # how deep ends_in_any follows defines written in place


class Fuse(Pass):
    name = "fuse"

    def kind_loop(self, gen, e, frame):
        """(the Code of what lies on the place, the kind's name) for `each x in at(place, Kind)`."""
        found = gen.of_kind(e, frame)
        if found is not None:
            self.decided("what lies there, of the kind", e)
        return found

    def filtered(self, units, s):
        """The comprehension of `choose x from [each y in L where c]`, gone through as L."""
        found = filtering(s.source)
        if found is not None:
            self.decided("the list filtered as it is gone through", s)
        return found

    def define_lines(self, gen, decl, frame):
        """A define that is one `any(each …)`: its loop (a generator per call less)."""
        lines = gen.any_lines(decl.body, frame)
        if lines is not None:
            self.decided("a loop", decl)
        return lines

    def condition_lines(self, gen, expr, frame):
        """A board's condition as a function's body of statements."""
        self.decided("statements", expr)
        return self.truth_lines(gen, expr, frame)

    def truth_lines(self, gen, e, frame, last: bool = True) -> list:
        """Lines (depth, Code) of a function's body that return e's truth: `a and b` as one test
        after another, and `any(each x in S where c)` as a loop that stops at the first x that
        passes; anything else as one expression. last: whether the function ends here (else the
        lines go on to the next test when e is true)."""
        if type(e) is n.Binary and e.op == "and":
            return self.truth_lines(gen, e.left, frame, False) + self.truth_lines(gen, e.right, frame, last)
        decl = gen.written_in_place(e, frame)
        if decl is not None:
            inner, bound = gen.inline_arguments(e, decl, frame)       # (as define_call writes it)
            body = self.truth_lines(gen, decl.body, gen.inside(e, inner), last)
            return [(0, fmt("{} = {}", Bind(t, "set"), code)) for t, code in bound] + body
        lines = gen.any_lines(e, frame, last)
        if lines is not None:
            return lines
        code = gen.gen(e, frame)
        return [(0, fmt("return bool({})", code))] if last else [(0, fmt("if not ({}):", code)),
                                                                 (1, text("return False"))]

    def test_lines(self, gen, e, frame):
        """(lines, test): a statement's condition as lines to run first and the test after them,
        when it is (not) `any(each x in S where c)` or a define written in place that is one; None
        otherwise."""
        negated = type(e) is n.Unary and e.op == "not"
        inner = e.operand if negated else e
        flag = self.ns.fresh("found")
        lines = self.flag_lines(gen, inner, frame, flag)
        if lines is None:
            return None
        self.decided("a loop setting a flag", e)
        return lines, fmt("not {}", flag) if negated else read(flag)

    def flag_lines(self, gen, e, frame, flag):
        """Lines that set flag to the truth of `any(each x in S where c)` (test_lines), or None."""
        decl = gen.written_in_place(e, frame)
        if decl is None:
            return gen.any_lines(e, frame, last=False, flag=flag)
        if not self.ends_in_any(gen, decl.body, frame):
            return None         # (its arguments not written for nothing: the test is written whole)
        inner, bound = gen.inline_arguments(e, decl, frame)       # (as truth_lines writes it)
        lines = self.flag_lines(gen, decl.body, gen.inside(e, inner), flag)
        return None if lines is None else [(0, fmt("{} = {}", Bind(t, "set"), code)) for t, code in bound] + lines

    def ends_in_any(self, gen, e, frame, depth: int = 0) -> bool:
        """Whether e is an `any(each x in S where c)` any_lines may write, or a define written in
        place whose body is one."""
        decl = gen.written_in_place(e, frame)
        if decl is not None:
            return depth < _INLINED_DEPTH and self.ends_in_any(gen, decl.body, frame, depth + 1)
        return any_of_each(e, self.prog.defn.defines)
