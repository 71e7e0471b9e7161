"""Expressions written as Code: a whole expression is one Python expression.

Each handler takes an IR node and the Frame it is written in and returns a Code (code.py): its
parts and what is known of its value. Comprehensions become Python comprehensions over fresh
Python names (comprehensions.py), operators that can fail call a helper that carries their span
(operators.py, engine/ops.py), so that an error names the place in the rules file in the
language's own words, and calls of builtins and defines are calls.py's.

This module holds the dispatch, the atoms (literals, texts, names, fields, indexes, `not`,
conditionals, ranges, lists, maps) and what every handler shares: the values folded when the
game is compiled, the parts kept once per loop (hoist.py), what is certain of a value
(certain.py), and how a loop goes through a list.
"""
from __future__ import annotations

from contextlib import contextmanager

from ...check.types import INT
from ...errors import error
from ...ir import nodes as n
from .calls import CallGen
from .code import Bind, Code, Name, Slot, fmt, read, text
from .comprehensions import ComprehensionGen
from .frame import Frame
from .operators import OperatorGen, _gives_int, _plain_int
from .static import Static

# Literal ranges at most this long are built once, when the game is compiled.
_CONSTANT_RANGE = 1000


class ExprGen(OperatorGen, ComprehensionGen, CallGen):
    """Writes expressions for one program (see the module docstring)."""

    def __init__(self, compiler):
        self.compiler = compiler
        self.prog = compiler.prog
        self.ns = compiler.ns
        self.names = compiler.names
        self.passes = compiler.pipeline
        self.memo_used = False      # whether what was written since this was cleared shows through a memo
        # The lengths of the fixed lists the comprehensions written so far go through as they are
        # (items_source): a loop turn or a decision whose expressions go through them spends what
        # it wrote here, read with written_through()
        self.through = 0
        self.static = None          # what keeps one value all game long (static.Static), made when needed
        # Python names (and env slots, by key) every value of which is of one Python class, and how
        # their items are (Certain): the items of a list fixed when the game is compiled. Their type
        # tests are left out.
        self.certain: dict = {}
        self.values_certain: dict = {}  # a define's name -> Certain of what it gives, or None
        self.memos: dict = {}       # a define's name -> the constant its values are kept in (remember)
        self.kinds_lists: dict = {}     # the edge kinds of a fixed `via:` list -> the first such set

    def k(self, value) -> Code:
        return self.ns.const(value)

    def temp(self):
        return self.ns.fresh("t")

    def root(self, names: dict = None, folding: bool = False) -> Frame:
        """A frame with names in scope (rules name -> Code, Name or Slot), typed where it stands."""
        names = {name: read(value) for name, value in (names or {}).items()}
        return Frame(names, self.compiler.checked.types, folding=folding)

    def gen(self, e, frame: Frame) -> Code:
        handler = _HANDLERS.get(type(e))
        if handler is None:
            raise error(e.span, f"the interpreter cannot evaluate {type(e).__name__}")
        code = handler(self, e, frame)
        if type(e) in _FOLDED:
            code = self.passes.first("folded", self, e, frame, code) or code
        if type(e) in _COSTLY:
            code = self.invariant(code, frame)
        code.whole = True
        return code

    def plain(self, e, frame: Frame) -> Code:
        """e written without `:=` (for places Python forbids it, or code used more than once)."""
        return self.gen(e, frame.plain())

    def statics(self) -> Static:
        """What keeps one value all game long, worked out when first asked."""
        if self.static is None:
            self.static = Static(self, self.prog.defn, self.prog)
        return self.static

    @contextmanager
    def detached(self):
        """While a separate expression (a value worked out when the game is compiled) is written in
        the middle of another: the fixed lists it goes through are not the other's to spend."""
        saved = self.through, self.memo_used
        try:
            yield
        finally:
            self.through, self.memo_used = saved

    def detached_frame(self, names: dict = None) -> Frame:
        return self.root(names, folding=True)

    def invariant(self, code: Code, frame: Frame) -> Code:
        """code, or where it reads nothing that changes in a loop being written, the part it is
        kept in, worked out once (Hoist)."""
        if frame.hoists and frame.walrus and not code.ident:
            target = self.hoist_target(code, frame)
            if target is not None:
                kept = frame.hoists[target].once(code)
                if code.built:
                    kept.items = code.items
                return kept
        return code

    def hoist_target(self, code: Code, frame: Frame):
        """The outermost loop out of which code may be worked out once (it reads none of the names
        that change in that loop or the loops inside it), or None."""
        hoists = frame.hoists
        if any(code in h.made for h in hoists):
            return None
        deepest = max((i for i, h in enumerate(hoists) if h.reads_own(code)), default=-1)
        return deepest + 1 if deepest + 1 < len(hoists) else None

    def varies_with(self, name, code: Code, frame: Frame) -> None:
        """name holds what code gives: it changes where what code reads changes."""
        deepest = max((i for i, h in enumerate(frame.hoists) if h.reads_own(code)), default=-1)
        if deepest >= 0:
            frame.hoists[deepest].own.add(name)

    # ---------------------------------------------------------------- what is certain
    def certain_of(self, code: Code):
        """Certain of what code reads, when it reads a name (or a slot of the frame's env) or an
        item of a name, within any parentheses; else None."""
        bare = code.bare()
        if bare.var is not None:
            return self.certain.get(self.key_of(bare.var))
        if bare.item_of is not None:
            of = self.certain.get(bare.item_of[0])
            if of is not None and of.cls is tuple and of.length > bare.item_of[1]:
                return of.items
        return None

    def sure(self, code: Code, cls, kind=None):
        """The code within its parentheses when every value it reads is of class cls (components
        of kind when kind is given), else None: that test can be left out."""
        certain = self.certain_of(code)
        if certain is not None and certain.cls is cls and (kind is None or certain.kind is kind):
            return code.bare()
        return None

    def know(self, var, certain) -> None:
        """Every value var (a Name or a Slot) takes is as certain says (None: nothing is), where a
        pass keeps what is certain (`typed`)."""
        if certain is not None:
            self.passes.first("know", self, var, certain)

    @staticmethod
    def key_of(var):
        """The key of a name's certainty: a Name itself; an env entry by its key (two reads of one
        entry are one value)."""
        return var if type(var) is not Slot else ("env", var.key)

    @staticmethod
    def item_key(bare: Code, i: int):
        """(the Name, i) of `v_3[i]`, an item of a loop's or a temporary's name (whose certainty
        says what its items are), else None."""
        var = bare.var
        if type(var) is Name and len(var.prefix) == 1 and var.prefix.islower():
            return (var, i)
        return None

    plain_int = staticmethod(_plain_int)
    gives_int = staticmethod(_gives_int)

    def type_of(self, e, frame: Frame):
        """The checker's type of e, as typed where the frame stands (in a define's body written in
        place, as typed for that call)."""
        return frame.types.get(id(e))

    def is_list(self, e, frame) -> bool:
        t = self.type_of(e, frame)
        return t is not None and t.is_list

    def is_int(self, e, frame) -> bool:
        return self.type_of(e, frame) is INT

    # ---------------------------------------------------------------- going through lists
    def items_source(self, e, frame, statement: bool = False) -> tuple:
        """(Code of the items a loop over e goes through, Certain of those items or None). A list
        fixed when the game is compiled, an item of one, or a list a comprehension has just built
        is gone through as it is (its size is bounded by what was already counted); anything else
        through _items, which spends a step per item. statement: the loop is a Python statement
        (a comprehension's source may not use `:=`)."""
        code, certain, counted = self.items_parts(e, frame, statement)
        fixed = code.value if not counted else None
        if type(fixed) is tuple and not statement:
            self.through += len(fixed)
        return code, certain

    @contextmanager
    def written_through(self):
        """Yields a function that tells how many items of fixed lists the comprehensions written
        since went through, to be spent each time they run (by the loop turn or the decision
        that runs them: a runaway must spend for the work its turns do, though no item of such
        a list is counted where it is gone through)."""
        start = self.through
        yield lambda: self.through - start

    def loop_source(self, e, frame) -> tuple:
        """(lines to write before a loop statement over e, the Code it goes through, Certain of
        the items or None). A loop statement spends its items from the step budget even when
        items_source goes through them as they are: a statement runs again and again (a menu
        offered each turn of a loop that changes nothing), and a runaway must be told in seconds
        however little else its turns spend. Written inline, at no call's cost."""
        code, certain, counted = self.items_parts(e, frame, True)
        if counted:
            return [], code, certain
        fixed = code.value
        if type(fixed) is tuple:
            return ([fmt("st.steps += {}", len(fixed), spends=len(fixed))] if fixed else []), code, certain
        if code.ident:
            return [fmt("st.steps += len({})", code)], code, certain
        name = self.ns.fresh("s")
        return [fmt("{} = {}", name, code), fmt("st.steps += len({})", name)], read(name), certain

    def items_parts(self, e, frame, statement: bool) -> tuple:
        """items_source, and whether the code spends the items itself (through _items)."""
        code = self.gen(e, frame) if statement else self.plain(e, frame)
        found = self.passes.first("items_fixed", self, e, code)
        if found is not None:
            return found
        if code.built:
            return code, code.items, False
        found = self.passes.first("items", self, e, frame, code)
        if found is not None:
            return found
        return fmt("_items(st, {})", code), None, True

    # ---------------------------------------------------------------- atoms
    def g_literal(self, e, frame):
        return self.k(e.value)

    def shown(self, code: Code, frame) -> Code:
        """Code showing a value as players read it."""
        if frame.memo is not None:
            self.memo_used = True
            return fmt("_Dm(st, {}, {})", code, frame.memo)
        return fmt("_D(st, {})", code)

    def shown_part(self, e, frame) -> Code:
        """A {…} part of a text: a seat, a place or an enum value (known to the checker) reads as its
        label; anything else is shown as players read it."""
        code = self.gen(e, frame)
        return self.passes.first("shown_part", self, e, frame, code) or self.shown(code, frame)

    def g_template(self, e, frame):
        if all(isinstance(p, str) for p in e.parts):
            return self.k("".join(e.parts))
        parts = [self.k(p) if isinstance(p, str) else self.shown_part(p, frame) for p in e.parts]
        if any(not isinstance(p, str) and _maybe_text(self.type_of(p, frame)) for p in e.parts):
            # a text shown in a text may be one that grows (`set s to "{s}{s}"`): checked as `+` checks
            return fmt("_sized(st, {}, {})", _plus(parts), self.k(e.span))
        return fmt("({})", _plus(parts))

    def g_name(self, e, frame):
        return self.names.name(e, frame)

    def g_attr(self, e, frame):
        readers, fail = self.names.field_readers(e.name, e.span)
        obj = self.gen(e.obj, frame)
        found = self.passes.first("attr", self, e, frame, obj, readers, fail)
        if found is not None:
            return found
        if not frame.walrus:
            return fmt("_attr({}, {}, st, {})", self.k(readers), self.k(fail), obj)
        # the reader for what the object is; `fail` raises for anything without this field
        t = self.temp()
        return fmt("({}.get(type({} := {})) or {})(st, {})", self.k(readers), Bind(t), obj, self.k(fail), t)

    def g_index(self, e, frame):
        obj, index = self.gen(e.obj, frame), self.gen(e.index, frame)
        found = self.passes.first("index", self, e, frame, obj, index) if isinstance(e.index, n.Literal) else None
        return found or fmt("_index(st, {}, {}, {})", obj, index, self.k(e.span))

    def int_operand(self, e, code: Code) -> tuple:
        """(Code reading the operand afterwards, test that it is a whole number or None)."""
        if _plain_int(e):
            return code, None
        t = self.temp()
        return read(t), fmt("(type({} := {}) is int)", Bind(t), code)

    def tuple_operand(self, e, code: Code) -> tuple:
        """As int_operand, for a list: one written out or just built needs no test."""
        if isinstance(e, n.ListLit) or code.built:
            return code, None
        t = self.temp()
        return read(t), fmt("(type({} := {}) is tuple)", Bind(t), code)

    def g_unary(self, e, frame):
        if e.op == "not":
            inner = self.gen(e.operand, frame)
            return self.passes.first("negation", self, e, inner) or fmt("(not {})", inner)
        if isinstance(e.operand, n.Literal) and type(e.operand.value) is int:
            return self.k(-e.operand.value)
        return fmt("_neg(st, {}, {})", self.gen(e.operand, frame), self.k(e.span))

    def g_conditional(self, e, frame):
        return fmt("({} if {} else {})", self.gen(e.then, frame), self.gen(e.cond, frame), self.gen(e.orelse, frame))

    def g_range(self, e, frame):
        low, high = e.low, e.high
        if isinstance(low, n.Literal) and isinstance(high, n.Literal) and type(low.value) is int \
                and type(high.value) is int and high.value - low.value < _CONSTANT_RANGE:
            return self.k(tuple(range(low.value, high.value + 1)))
        return fmt("_range(st, {}, {}, {})", self.gen(low, frame), self.gen(high, frame), self.k(e.span))

    def g_list(self, e, frame):
        if e.comp is not None:
            loop = self.loop(e.comp, frame)
            plain = e.comp.body is None and e.comp.inner is None
            out = read(loop.var) if plain else loop.value
            code = self.kept_around(fmt("tuple([{} for {} in {}{}])", out, Bind(loop.var, "for"), loop.source, loop.cond),
                                    loop.kept)
            code.items = self.certain.get(loop.var) if plain else None
            return code
        if not e.items:
            return text("()")
        if all(isinstance(i, n.Literal) for i in e.items):
            return self.k(tuple(i.value for i in e.items))
        codes = [self.gen(i, frame) for i in e.items]
        return self.passes.first("items_list", self, e, codes) or fmt("({},)", _joined(", ", codes))

    def g_map(self, e, frame):
        entries = [fmt("{}: {}", self.gen(k, frame), self.gen(v, frame)) for k, v in e.entries]
        return Code(("{", _joined(", ", entries), "}"))


def _plus(parts: list) -> Code:
    return _joined(" + ", parts)


def _joined(separator: str, codes: list) -> Code:
    parts = []
    for i, code in enumerate(codes):
        if i:
            parts.append(separator)
        parts.append(code)
    return Code(tuple(parts))


class Written:
    """Code the compiler itself wrote, standing where an expression would (a `set` of an entry of a
    list: the list with that entry replaced)."""
    span = None

    def __init__(self, code: Code):
        self.code = code


# Expressions worth keeping rather than working out again (see Hoist).
_COSTLY = (n.Call, n.ListLit, n.Range, n.Attr)
_FOLDED = (n.Call, n.ListLit)

_HANDLERS = {
    n.Literal: ExprGen.g_literal, n.Template: ExprGen.g_template, n.Name: ExprGen.g_name,
    n.Attr: ExprGen.g_attr, n.Index: ExprGen.g_index, n.Unary: ExprGen.g_unary, n.Binary: ExprGen.g_binary,
    n.Range: ExprGen.g_range, n.Conditional: ExprGen.g_conditional, Written: lambda gen, e, frame: e.code,
    n.ListLit: ExprGen.g_list, n.MapLit: ExprGen.g_map, n.Call: ExprGen.g_call,
}


def _maybe_text(typ) -> bool:
    """Whether a value of the checker's type typ may be a text of any length."""
    return typ is None or typ.head in ("text", "any")
