"""Expressions written as Python text: a whole expression is one Python expression.

Comprehensions become Python comprehensions over fresh Python names, `define`s
with cheap arguments are written in place, and every operator that can fail
calls a helper that carries its span (engine/ops.py), so that an error names
the place in the rules file in the language's own words.

`names` maps each local name in scope to the Python text that reads it: a
fresh Python local, or `env['x']` for a name kept in the frame across decisions.
"""
from __future__ import annotations

import re
from contextlib import contextmanager

from ...check.builtins import BUILTINS
from ...errors import error
from ...ir import nodes as n
from ..engine.library import (PLAIN, PLAIN_SEARCHES, by_position, called_in_place, edge_kind_names, reporting,
                              reporting_keywords)
from ..model.values import Comp, Location, Player, Zone
from ...check.types import INT, LOCATION
from ..fastpaths import on
from .lift import free_locals
from .certain import Certain, certain_of, certainty, class_named
from .hoist import Hoist
from .static import Static

# Builtins that give a list of board locations no longer than the board (a tuple at play).
_PLACES_LISTED = frozenset({"locations", "tagged", "neighbours"})
_SEATS_LISTED = frozenset({"clockwise", "others"})     # (library: slices of the program's seats)

# Literal ranges at most this long are built once, when the game is compiled.
_CONSTANT_RANGE = 1000

# Handles that read as their label, by the head of their type.
_LABELLED = {"player": "Player", "location": "Location", "enum": "_EnumValue", "direction": "_EnumValue"}

# Builtins whose value depends only on their arguments and the game's fixed tables.
_STATIC = frozenset({"locations", "components", "left_of", "right_of", "clockwise", "others", "seat", "opposite",
                     "turn_direction", "cell", "abs", "ceil", "floor", "keys"})

# Operators that mean on two whole numbers what Python's do (not /, which is exact).
_INT_OPS = ("+", "-", "*", "<", "<=", ">", ">=")
_ARITH = {"-": "_sub", "*": "_mul", "/": "_div", "%": "_mod", "<": "_lt", "<=": "_le", ">": "_gt", ">=": "_ge"}


class ExprGen:
    """Writes expressions for one program (see the module docstring)."""

    def __init__(self, compiler):
        self.compiler = compiler
        self.prog = compiler.prog
        self.ns = compiler.ns
        self.names = compiler.names
        self.no_walrus = 0          # > 0 inside a comprehension's source, where Python forbids `:=`
        self.inlining: set = set()
        self.memo = None            # while a decision's labels are written: the name of its display memo
        self.memo_used = False      # whether what was written since this was cleared shows through that memo
        self.hoists: list = []      # the loops being written, outermost first: where invariant parts go (Hoist)
        # The lengths of the fixed lists the comprehensions written so far go through as they are
        # (items_source): a loop turn or a decision whose expressions go through them spends what
        # it wrote here, read with written_through()
        self.through = 0
        self.kept: list = []        # the names a comprehension just written keeps (see kept_around)
        self.kind_test = ""         # the kind test that heads the condition of the loop just written
        self.static = None          # what keeps one value all game long (static.Static), made when needed
        self.folding = False        # while such a value is worked out
        self.values_kept: set = set()   # the texts folded() wrote
        self.sites: list = []       # the types of the define bodies being written in place (innermost last)
        # Python names every value of which is of one Python class, and how their items are (Certain):
        # the items of a list fixed when the game is compiled. Their type tests are left out.
        self.certain: dict = {}
        self.built: dict = {}       # the text of a comprehension building a list -> Certain of its items
        self.lengths: dict = {}     # the text len(x) of a tuple's length -> x
        self.values_certain: dict = {}  # a define's name -> Certain of what it gives, or None
        self.memos: dict = {}       # a define's name -> the constant its values are kept in (remember)
        self.searches: set = set()  # the constants standing for a search that gives a map (distance)
        self.kinds_lists: dict = {}     # the edge kinds of a fixed `via:` list -> the first such set

    def k(self, value) -> str:
        return self.ns.const(value)

    def temp(self) -> str:
        return self.ns.fresh("t")

    def gen(self, e, names: dict) -> str:
        handler = _HANDLERS.get(type(e))
        if handler is None:
            raise error(e.span, f"the interpreter cannot evaluate {type(e).__name__}")
        text = handler(self, e, names)
        if type(e) in _FOLDED and on("fold") and not self.folding:
            text = self.folded(e, names, text)
        return self.invariant(text) if type(e) in _COSTLY else text

    def folded(self, e, names, text: str) -> str:
        """text, or where e keeps one value all game long (compiler/static.py), that value, with
        text standing by for a state a scenario has changed as play never does."""
        missing = object()
        if self.ns.known(text, missing) is not missing or text in self.values_kept:
            return text             # a value already (a define's body folded as it was written in place)
        if not self.statics().of(e, names):
            return text
        with self.detached():
            try:
                value = self.compiler.evaluate(e)
            except Exception:       # it fails at play, at its place, as any expression does
                return text
        kept = f"({self.k(value)} if not st.unfolded else {text})"
        self.values_kept.add(kept)
        if type(value) is tuple:
            self.built[kept] = certainty(value)
        return kept

    def statics(self) -> Static:
        """What keeps one value all game long, worked out when first asked."""
        if self.static is None:
            self.static = Static(self, self.prog.defn, self.prog)
        return self.static

    @contextmanager
    def detached(self):
        """Write a separate expression (a value worked out when the game is compiled) in the
        middle of another: no loop of the one being written is in scope, nothing is folded."""
        saved = (self.hoists, self.no_walrus, self.memo, self.memo_used, self.kept, self.kind_test, self.sites,
                 self.inlining, self.through)
        self.hoists, self.no_walrus, self.memo, self.memo_used, self.kept, self.kind_test, self.sites, \
            self.inlining = [], 0, None, False, [], "", [], set()
        self.folding = True
        try:
            yield
        finally:
            (self.hoists, self.no_walrus, self.memo, self.memo_used, self.kept, self.kind_test, self.sites,
             self.inlining, self.through) = saved
            self.folding = False

    def invariant(self, text: str) -> str:
        """text, or where it reads nothing that changes in a loop being written, the name it is
        kept in, worked out once (Hoist)."""
        if self.hoists and not self.no_walrus and not text.isidentifier():
            target = self.hoist_target(text)
            if target is not None:
                kept = self.hoists[target].once(text)
                if text in self.built:
                    self.built[kept] = self.built[text]
                return kept
        return text

    # ---------------------------------------------------------------- what is certain
    def sure(self, text: str, cls: str, kind=None):
        """The bare Python name text reads when every value it has is of class cls (named as in
        generated code: "Location", "tuple", …), components of kind when kind is given, else None:
        that test can be left out."""
        certain = self.certain_of(text)
        if certain is not None and certain.cls is class_named(cls) and (kind is None or certain.kind is kind):
            return text.strip("()")
        return None

    def certain_of(self, text: str):
        return certain_of(self.certain, text)

    def items_source(self, e, names, statement: bool = False) -> tuple:
        """(Python text of the items a loop over e goes through, Certain of those items or None).
        A list fixed when the game is compiled, an item of one, or a list a comprehension has
        just built is gone through as it is (its size is bounded by what was already counted);
        anything else through _items, which spends a step per item. statement: the loop is a
        Python statement (a comprehension's source may not use `:=`)."""
        text, certain, counted = self.items_parts(e, names, statement)
        fixed = self.ns.known(text) if not counted else None
        if type(fixed) is tuple and not statement:
            self.through += len(fixed)
        return text, certain

    @contextmanager
    def written_through(self):
        """Yields a function that tells how many items of fixed lists the comprehensions written
        since went through, to be spent each time they run (by the loop turn or the decision
        that runs them: a runaway must spend for the work its turns do, though no item of such
        a list is counted where it is gone through)."""
        start = self.through
        yield lambda: self.through - start

    def loop_source(self, e, names) -> tuple:
        """(lines to write before a loop statement over e, the text it goes through, Certain of
        the items or None). A loop statement spends its items from the step budget even when
        items_source goes through them as they are: a statement runs again and again (a menu
        offered each turn of a loop that changes nothing), and a runaway must be told in seconds
        however little else its turns spend. Written inline, at no call's cost."""
        text, certain, counted = self.items_parts(e, names, True)
        if counted:
            return [], text, certain
        fixed = self.ns.known(text)
        if type(fixed) is tuple:
            return ([f"st.steps += {len(fixed)}"] if fixed else []), text, certain
        if text.isidentifier():
            return [f"st.steps += len({text})"], text, certain
        name = self.ns.fresh("s")
        return [f"{name} = {text}", f"st.steps += len({name})"], name, certain

    def items_parts(self, e, names, statement: bool) -> tuple:
        """items_source, and whether the text spends the items itself (through _items)."""
        text = self.gen(e, names) if statement else self.plain(e, names)
        fixed = self.ns.known(text)
        if type(fixed) is tuple and on("fold"):
            return text, certainty(fixed), False
        if text in self.built:
            return text, self.built[text], False
        bare = self.sure(text, "tuple")
        if bare is not None:
            return bare, self.certain_of(bare).items, False
        kind = self.type_of(e) if on("typed") else None
        if kind is not None and kind.head in ("zone", "zone of"):
            return f"_zone_items(st, {text})", None, False
        return f"_items(st, {text})", None, True

    def hoist_target(self, text: str):
        """The outermost loop out of which text may be worked out once (it reads none of the names
        that change in that loop or the loops inside it), or None."""
        if any(text in h.made for h in self.hoists):
            return None
        deepest = max((i for i, h in enumerate(self.hoists) if h.reads_own(text)), default=-1)
        return deepest + 1 if deepest + 1 < len(self.hoists) else None

    def varies_with(self, name: str, text: str) -> None:
        """name holds what text gives: it changes where what text reads changes."""
        deepest = max((i for i, h in enumerate(self.hoists) if h.reads_own(text)), default=-1)
        if deepest >= 0:
            self.hoists[deepest].own.add(name)

    def plain(self, e, names: dict) -> str:
        """e written without `:=` (for places Python forbids it, or text used more than once)."""
        self.no_walrus += 1
        try:
            return self.gen(e, names)
        finally:
            self.no_walrus -= 1

    # ---------------------------------------------------------------- atoms
    def g_literal(self, e, names):
        return self.k(e.value)

    def shown(self, text: str) -> str:
        """Python text showing a value as players read it."""
        if self.memo:
            self.memo_used = True
            return f"_Dm(st, {text}, {self.memo})"
        return f"_D(st, {text})"

    def shown_part(self, e, names) -> str:
        """A {…} part of a text: a seat, a place or an enum value (known to the checker) reads as its
        label; anything else is shown as players read it."""
        text = self.gen(e, names)
        kind = self.type_of(e)
        typed = kind is not None and on("typed") and not self.no_walrus
        if typed and kind.head in ("text", "int") and not self.memo:
            # a text reads as itself, a whole number as its digits (anything else as display says)
            t = self.temp()
            if kind.head == "text":
                return f"({t} if type({t} := {text}) is str else {self.shown(t)})"
            return f"(str({t}) if type({t} := {text}) is int else {self.shown(t)})"
        cls = _LABELLED.get(kind.head) if typed else None
        if cls is None:
            return self.shown(text)
        bare = self.sure(text, cls)
        if bare is not None:
            return f"{bare}.label"
        t = self.temp()
        return f"({t}.label if type({t} := {text}) is {cls} else {self.shown(t)})"

    def g_template(self, e, names):
        parts = [self.k(p) if isinstance(p, str) else self.shown_part(p, names) for p in e.parts]
        if all(isinstance(p, str) for p in e.parts):
            return self.k("".join(e.parts))
        return "(" + " + ".join(parts) + ")"

    def g_name(self, e, names):
        return self.names.name(e, names)

    def g_attr(self, e, names):
        readers, fail = self.names.field_readers(e.name, e.span)
        obj = self.gen(e.obj, names)
        if self.no_walrus:
            bare = obj.strip("()")
            # (a name, or a read of the frame: read twice at no cost, where `:=` is forbidden)
            typed = self.names.typed_field(self.type_of(e.obj), e.name, bare) \
                if on("typed") and _READ.fullmatch(bare) else None
            general = f"_attr({self.k(readers)}, {self.k(fail)}, st, {bare if typed else obj})"
            if typed is None:
                return general
            # a name may be read twice where `:=` is forbidden: the typed read, the general beside it
            if self.sure(bare, typed[2], typed[3]) is not None:
                return typed[1]
            return f"({typed[1]} if {typed[0].format(bare)} else {general})"
        t = self.temp()
        # the reader for what the object is; `fail` raises for anything without this field
        generic = f"({self.k(readers)}.get(type({t})) or {self.k(fail)})(st, {t})"
        typed = self.names.typed_field(self.type_of(e.obj), e.name, t) if on("typed") else None
        bare = self.sure(obj, typed[2], typed[3]) if typed is not None else None
        if bare is not None:        # it is certain: the field read with no test
            return self.names.typed_field(self.type_of(e.obj), e.name, bare)[1]
        if typed is not None:
            test, read = typed[:2]      # what the checker says it is: read the field directly
            return f"({read} if {test.format(f'({t} := {obj})')} else {generic})"
        return f"({self.k(readers)}.get(type({t} := {obj})) or {self.k(fail)})(st, {t})"

    def type_of(self, e):
        """The checker's type of e: as typed for the call whose define body is being written in
        place, else as typed where it stands."""
        types = self.sites[-1] if self.sites else self.compiler.checked.types
        return types.get(id(e))

    def g_index(self, e, names):
        obj, index = self.gen(e.obj, names), self.gen(e.index, names)
        general = f"_index(st, {{}}, {index}, {self.k(e.span)})"
        bare = self.sure(obj, "tuple") if on("typed") and isinstance(e.index, n.Literal) else None
        if bare is not None and type(e.index.value) is int and 0 <= e.index.value < self.certain_of(bare).length:
            return f"{bare}[{e.index.value}]"       # a list certainly that long
        if on("typed") and not self.no_walrus and self.is_list(e.obj) and isinstance(e.index, n.Literal) \
                and type(e.index.value) is int and e.index.value >= 0:
            t = self.temp()         # a list (a tuple at play) and a whole number: Python's own indexing
            i = e.index.value
            return f"({t}[{i}] if type({t} := {obj}) is tuple and len({t}) > {i} else {general.format(t)})"
        return general.format(obj)

    def is_list(self, e) -> bool:
        t = self.type_of(e)
        return t is not None and t.is_list

    def int_operand(self, e, text: str) -> tuple:
        """(text reading the operand afterwards, test that it is a whole number or "")."""
        if _plain_int(e):
            return text, ""
        t = self.temp()
        return t, f"(type({t} := {text}) is int)"

    def tuple_operand(self, e, text: str) -> tuple:
        """As int_operand, for a list: one written out or just built needs no test."""
        if isinstance(e, n.ListLit) or text in self.built:
            return text, ""
        t = self.temp()
        return t, f"(type({t} := {text}) is tuple)"

    def is_int(self, e) -> bool:
        return self.type_of(e) is INT

    def g_unary(self, e, names):
        if e.op == "not":
            inner = self.gen(e.operand, names)
            if on("fold") and inner in _TRUTH:
                return repr(not _TRUTH[inner])      # `not` of a truth known when compiled
            return f"(not {inner})"
        if isinstance(e.operand, n.Literal) and type(e.operand.value) is int:
            return repr(-e.operand.value)
        return f"_neg(st, {self.gen(e.operand, names)}, {self.k(e.span)})"

    def g_conditional(self, e, names):
        return f"({self.gen(e.then, names)} if {self.gen(e.cond, names)} else {self.gen(e.orelse, names)})"

    def g_range(self, e, names):
        low, high = e.low, e.high
        if isinstance(low, n.Literal) and isinstance(high, n.Literal) and type(low.value) is int \
                and type(high.value) is int and high.value - low.value < _CONSTANT_RANGE:
            return self.k(tuple(range(low.value, high.value + 1)))
        return f"_range(st, {self.gen(low, names)}, {self.gen(high, names)}, {self.k(e.span)})"

    def g_list(self, e, names):
        if e.comp is not None:
            var, source, cond, value = self.loop(e.comp, names)
            plain = e.comp.body is None and e.comp.inner is None
            out = var if plain else value
            text = self.kept_around(f"tuple([{out} for {var} in {source}{cond}])")
            self.built[text] = self.certain.get(var) if plain else None
            return text
        if not e.items:
            return "()"
        if all(isinstance(i, n.Literal) for i in e.items):
            return self.k(tuple(i.value for i in e.items))
        texts = [self.gen(i, names) for i in e.items]
        if on("fold"):
            missing = object()
            values = [self.ns.known(t, missing) for t in texts]
            if not any(v is missing for v in values):
                return self.k(tuple(values))        # every item fixed when the game is compiled
        return "(" + ", ".join(texts) + ",)"

    def g_map(self, e, names):
        return "{" + ", ".join(f"{self.gen(k, names)}: {self.gen(v, names)}" for k, v in e.entries) + "}"

    # ---------------------------------------------------------------- operators
    def g_binary(self, e, names):
        op = e.op
        if op in ("is", "is not"):
            return self.is_test(e, names)
        a = self.gen(e.left, names)
        b = self.gen(e.right, names)
        if op == "and" or op == "or":
            # the language's and/or give true or false: a side that is already one is not converted
            defines = self.prog.defn.defines
            known = _TRUTH.get(a) if on("fold") else None
            if known is not None:       # a left side known when compiled (a game's option)
                if known == (op == "or"):
                    return repr(known)                      # false and …, true or …: never asked
                return b if _boolean(e.right, defines) else f"bool({b})"
            a, b = (t if _boolean(x, defines) else f"bool({t})" for x, t in ((e.left, a), (e.right, b)))
            return f"({a} {op} {b})"
        if op in ("in", "not in"):
            if on("compare") and on("fold") and type(self.ns.known(b)) is tuple:
                test = f"(({a}) in {b})"        # a list fixed when compiled (`c.suit in red_suits`)
            elif self.no_walrus or not on("compare"):
                test = f"_contains(st, {a}, {b})"
            elif self.sure(b, "tuple") is not None:
                test = f"(({a}) in {self.sure(b, 'tuple')})"
            elif b in self.built and on("typed"):
                test = f"(({a}) in {b})"        # a list just made (or kept): looked up as Python does
            else:
                t = self.temp()
                test = f"(({a}) in {t} if type({t} := {b}) is tuple else _contains(st, {a}, {t}))"
            return test if op == "in" else f"(not {test})"
        if op in ("==", "!="):
            return self.equality(e, a, b, op == "!=")
        helper = "_add" if op == "+" else _ARITH[op]
        if op == "+" and on("typed") and not self.no_walrus and self.is_list(e.left) and self.is_list(e.right):
            # two lists (tuples at play): joined by Python's +; a list written out or just built is one
            (ta, test_a), (tb, test_b) = self.tuple_operand(e.left, a), self.tuple_operand(e.right, b)
            test = " & ".join(t for t in (test_a, test_b) if t)
            if not test:
                return f"({ta} + {tb})"
            return f"({ta} + {tb} if {test} else _add(st, {ta}, {tb}, {self.k(e.span)}))"
        if op in _INT_OPS and on("typed") and self.no_walrus and _plain_int(e.left) and _plain_int(e.right):
            return f"({a} {op} {b})"    # (a count and a number: no name needed to test them)
        if op in _INT_OPS and on("typed") and not self.no_walrus and self.is_int(e.left) and self.is_int(e.right):
            # Two whole numbers, as the checker expects: Python's operator (the helper for anything else).
            (ta, test_a), (tb, test_b) = self.int_operand(e.left, a), self.int_operand(e.right, b)
            test = " & ".join(t for t in (test_a, test_b) if t)
            if not test:
                return f"({ta} {op} {tb})"      # both whole numbers whatever happens
            return f"({ta} {op} {tb} if {test} else {helper}(st, {ta}, {tb}, {self.k(e.span)}))"
        return f"{helper}(st, {a}, {b}, {self.k(e.span)})"

    def equality(self, e, a, b, negate):
        if on("typed") and self.by_identity(e):
            return f"({a} is not {b})" if negate else f"({a} is {b})"
        if on("typed") and self.is_list(e.left) and self.is_list(e.right):
            # two lists (tuples at play): the language's equality of tuples is Python's, item by item
            return f"({a} != {b})" if negate else f"({a} == {b})"
        missing = object()
        # a literal, or a constant of the rules (`const limit = 8`): its value is known
        v = e.right.value if isinstance(e.right, n.Literal) else self.ns.known(b, missing)
        if v is not missing and type(v) in _PLAIN_VALUES and on("compare"):
            if v is None:
                return f"({a} {'is not' if negate else 'is'} None)"
            if type(v) is int and _gives_int(e.left):
                inner = self.lengths.get(a)
                if v == 0 and inner is not None:
                    test = f"(not {inner})"     # nothing there: an empty tuple
                    return f"(not {test})" if negate else test
                test = f"({a} == {b})"      # a count: a whole number, as the literal is
                return f"(not {test})" if negate else test
            if not self.no_walrus:
                t = self.temp()
                test = f"(({t} := {a}) == {b} and type({t}) is {self.k(type(v))})"
                return f"(not {test})" if negate else test
        return f"(not _same({a}, {b}))" if negate else f"_same({a}, {b})"

    def is_test(self, e, names):
        negate = e.op == "is not"
        a = self.gen(e.left, names)
        prog = self.prog
        right = e.right.name if isinstance(e.right, n.Name) and e.right.name not in names else None
        if right is not None and right in prog.tag_names:
            other = prog.value_of_name(right)
            kind = self.type_of(e.left) if on("typed") else None
            if kind is not None and kind.head == "location":
                # a board location, as the checker expects: its tags read in place (the general
                # test beside it for a value of another sort)
                bare = a.strip("()")
                if _READ.fullmatch(bare):
                    t, given = bare, bare
                elif not self.no_walrus:
                    t = self.temp()
                    given = f"({t} := {a})"
                else:
                    t = None
                if t is not None:
                    test = f"({self.k(right)} in st.tags[{t}.index] if type({given}) is Location " \
                           f"else _has_tag(st, {t}, {self.k(right)}, {self.k(other)}, False))"
                    return f"(not {test})" if negate else test
            return f"_has_tag(st, {a}, {self.k(right)}, {self.k(other)}, {negate})"
        if right is not None and right in prog.kinds and not self.no_walrus:
            t = self.temp()
            test = f"(type({t} := {a}) is Comp and {t}.kind is {self.k(prog.kinds[right])})"
            return f"(not {test})" if negate else test
        b = self.gen(e.right, names)
        if on("typed") and self.by_identity(e):
            return f"({a} is not {b})" if negate else f"({a} is {b})"    # an enum field against its value: one handle
        return f"(not _same({a}, {b}))" if negate else f"_same({a}, {b})"

    def by_identity(self, e) -> bool:
        """Whether the language's equality of e's two sides is Python's identity: a handle (a seat,
        a place, a component, an enum value) is equal only to itself, so when either side is one
        it is; and two truth values (a comparison, a test) are Python's True or False, one object
        each."""
        if self.handle(e.left) or self.handle(e.right):
            return True
        defines = self.prog.defn.defines
        return _boolean(e.left, defines) and _boolean(e.right, defines)

    def handle(self, e, types=None, depth: int = 0) -> bool:
        """Whether e gives a handle or none, by its type; a component's location (a zone or a board
        location, typed `any`) is one, and so is a define whose body gives one."""
        t = self.type_of(e) if types is None else types.get(id(e))
        if t is not None and t.is_handle:
            return True
        if isinstance(e, n.Attr) and e.name == "location":
            held = self.type_of(e.obj) if types is None else types.get(id(e.obj))
            return held is not None and held.head == "kind"
        defn = self.prog.defn.defines.get(e.func) if isinstance(e, n.Call) else None
        return defn is not None and depth < 8 and self.handle(defn.body, self.compiler.checked.types, depth + 1)

    # ---------------------------------------------------------------- comprehensions
    def loop(self, c: n.Comprehension, names, nested: bool = False):
        """(Python variable, source text, ' if cond' or '', mapped value or key text). A flattening
        comprehension's further clauses follow the condition (` if c for v2 in … if c2`)."""
        var = self.ns.fresh("v")
        of_kind = self.of_kind(c.source, names) if on("fuse") else None
        if of_kind is not None:
            # `each x in at(place, Kind)`: what lies there gone through, those of the kind kept
            source, kind = of_kind
            self.certain[var] = Certain(Comp, None, self.prog.kinds[kind])
            only = f"{var}.kind is {self.k(self.prog.kinds[kind])}"
        else:
            source, items = self.items_source(c.source, names)
            if items is not None and on("typed"):
                self.certain[var] = items
            only = None
        inner = dict(names)
        inner[c.var] = var
        level = self.hoists[-1] if nested else None
        if level is not None:
            level.own.add(var)                  # a further clause of the same Python comprehension
        elif not self.no_walrus and on("hoist"):
            level = Hoist(self.ns, {var})       # what reads var changes from one item to the next
            self.hoists.append(level)
        try:
            cond = f" if {self.gen(c.where, inner)}" if c.where is not None else ""
            kind_test = f" if {only}" if only is not None else ""
            cond = kind_test + cond
            if c.inner is not None:
                var2, source2, cond2, value = self.loop(c.inner, inner, nested=level is not None)
                cond += f" for {var2} in {source2}{cond2}"
            else:
                value_expr = c.body if c.body is not None else c.by
                value = self.gen(value_expr, inner) if value_expr is not None else var
        finally:
            if level is not None and not nested:
                self.hoists.pop()
        self.kept = [(name, level.entered(name)) for name in level.names] if level is not None and not nested else []
        self.kind_test = kind_test      # the head of cond that only picks the items gone through
        return var, source, cond, value

    def of_kind(self, e, names):
        """(the text of what lies on the place, the kind's name) when e is `at(place, Kind)`,
        else None."""
        if type(e) is not n.Call or e.func != "at" or e.comp is not None or e.kwargs or len(e.args) != 2:
            return None
        kind = e.args[1]
        if type(kind) is not n.Name or kind.name not in self.prog.kinds or kind.name in names:
            return None
        return self.contents(e.args[0], names, iterable=True), kind.name

    def kept_around(self, text: str) -> str:
        """A comprehension's text, its kept parts (Hoist) made unset each time it is entered."""
        kept, self.kept = self.kept, []
        if not kept:
            return text
        return "(" + "".join(f"({name} := {value}), " for name, value in kept) + text + ")[-1]"

    def truth_lines(self, e, names, last: bool = True) -> list:
        """Lines of a function's body that return e's truth (a board's condition, asked at every
        step of every search): `a and b` as one test after another, and `any(each x in S where
        c)` as a loop that stops at the first x that passes, with no generator made per call;
        anything else as one expression. last: whether the function ends here (else the lines
        go on to the next test when e is true)."""
        if type(e) is n.Binary and e.op == "and":
            return self.truth_lines(e.left, names, False) + self.truth_lines(e.right, names, last)
        decl = self.written_in_place(e)
        if decl is not None:
            inner, bound = self.inline_arguments(e, decl, names)       # (as define_call writes it)
            with self.inside(e):
                return [f"{t} = {text}" for t, text in bound] + self.truth_lines(decl.body, inner, last)
        lines = self.any_lines(e, names, last)
        if lines is not None:
            return lines
        text = self.gen(e, names)
        return [f"return bool({text})"] if last else [f"if not ({text}):", "    return False"]

    def test_lines(self, e, names) -> tuple:
        """(lines, test): a statement's condition as lines to run first and the test after them.
        `any(each x in S where c)` (or `not` it, or a define that is one, written in place) is a
        loop that sets a flag and stops at the first x that passes: no generator is made and
        resumed each time the statement runs (a game's check for a win after every move); anything
        else is no lines and the expression."""
        if not on("fuse"):
            return [], self.gen(e, names)
        negated = type(e) is n.Unary and e.op == "not"
        inner = e.operand if negated else e
        flag = self.ns.fresh("found")
        lines = self.flag_lines(inner, names, flag)
        if lines is None:
            return [], self.gen(e, names)
        return lines, f"not {flag}" if negated else flag

    def flag_lines(self, e, names, flag: str):
        """Lines that set flag to the truth of `any(each x in S where c)` (test_lines), or None."""
        decl = self.written_in_place(e)
        if decl is None:
            return self.any_lines(e, names, last=False, flag=flag)
        if not self.ends_in_any(decl.body):
            return None         # (its arguments not written for nothing: the test is written whole)
        inner, bound = self.inline_arguments(e, decl, names)       # (as truth_lines writes it)
        with self.inside(e):
            lines = self.flag_lines(decl.body, inner, flag)
        return None if lines is None else [f"{t} = {text}" for t, text in bound] + lines

    def written_in_place(self, e):
        """The define e calls when the call is written in place (not remembered), else None."""
        decl = self.prog.defn.defines.get(e.func) if type(e) is n.Call and e.comp is None else None
        if decl is not None and not (on("remember") and e.args and self.statics().remembered(e.func)) \
                and self.inlined(e, decl):
            return decl
        return None

    def ends_in_any(self, e, depth: int = 0) -> bool:
        """Whether e is an `any(each x in S where c)` any_lines may write, or a define written in
        place whose body is one."""
        decl = self.written_in_place(e)
        if decl is not None:
            return depth < _INLINED_DEPTH and self.ends_in_any(decl.body, depth + 1)
        return _any_of_each(e, self.prog.defn.defines)

    def any_lines(self, e, names, last: bool = True, flag=None):
        """`any(each x in S where c)` as lines of a function's body: a loop that returns True (last)
        or goes on (not last) at the first x that passes, else returns False; or (flag) that sets
        flag to whether one passes. No generator is made per call. None when e is not such a call."""
        if not _any_of_each(e, self.prog.defn.defines) or self.membership_scan(e, names) is not None:
            return None
        var, source, cond, _ = self.loop(e.comp, names)
        kept, self.kept = self.kept, []
        kind_test, where = self.kind_test, cond[len(self.kind_test):]
        tests = [part[len(" if "):] for part in (kind_test, where) if part]
        test = " and ".join(f"({t})" for t in tests) if tests else "True"
        lines = [f"{name} = {value}" for name, value in kept]
        if flag is not None:
            return lines + [f"{flag} = False", f"for {var} in {source}:", f"    if {test}:", f"        {flag} = True",
                            "        break"]
        lines += [f"for {var} in {source}:", f"    if {test}:", "        return True" if last else "        break"]
        return lines + (["return False"] if last else ["else:", "    return False"])

    def comprehension_call(self, e, names):
        scan = self.membership_scan(e, names) if e.func in ("any", "all", "count") else None
        if scan is not None:
            return self.kept_around(scan)
        if on("lift") and e.func in _LIFTED and _plain_each(e, self.prog.defn.defines):
            lifted = self.lifted(e, names)
            if lifted is not None:
                return lifted
        return self.kept_around(self.comprehension_text(e, names))

    def lifted(self, e, names):
        """`any/all/count/sum(each x in S where c)` inside an expression: a call of a function of its
        own made of the loop (compiler/lift.py), or None. Its parts are kept within that function
        (not by the loops around it: the function could not give them back)."""
        hoists, self.hoists = self.hoists, []
        try:
            lines = self.any_lines(e, names) if e.func == "any" else self.loop_lines(e, names)
        finally:
            self.hoists = hoists
        if lines is None:
            return None
        params = free_locals(lines, self.ns.globals)
        if params is None:
            return None
        name = self.ns.fresh("q")
        self.compiler.lift(name, params, lines, e.span)
        return f"{name}({', '.join(params)})"

    def loop_lines(self, e, names) -> list:
        """all/count/sum(each x in S where c) as a function's body: the loop, with what it keeps."""
        var, source, cond, value = self.loop(e.comp, names)
        kept, self.kept = self.kept, []
        kind_test, where = self.kind_test[len(" if "):], cond[len(self.kind_test):][len(" if "):]
        lines = [f"{name} = {text}" for name, text in kept] + [f"for {var} in {source}:"]
        if e.func == "all":
            if not where:
                return None         # (every item true: all() at C speed)
            test = f"({kind_test}) and not ({where})" if kind_test else f"not ({where})"
            return lines + [f"    if {test}:", "        return False", "return True"]
        test = " and ".join(f"({t})" for t in (kind_test, where) if t)
        add = "1" if e.func == "count" else value
        total = self.ns.fresh("n")
        body = [f"    if {test}:", f"        {total} += {add}"] if test else [f"    {total} += {add}"]
        return [f"{total} = 0"] + lines + body + [f"return {total}"]

    def comprehension_text(self, e, names):
        """The comprehension call as a Python expression (a membership scan aside: above)."""
        name = e.func
        var, source, cond, value = self.loop(e.comp, names)
        if name in ("any", "all") and e.comp.inner is not None:
            return f"{name}({value} for {var} in {source}{cond})"
        if name in ("any", "all"):
            if not cond:
                return f"{name}({source})"
            # Yielding only where an item decides the answer keeps the whole search inside the
            # generator: no resumption per item
            if name == "any":
                return f"any(True for {var} in {source}{cond})"
            kind_test, where = self.kind_test, cond[len(self.kind_test):]
            if not where:
                return f"all({var} for {var} in {source}{kind_test})"
            return f"(not any(True for {var} in {source}{kind_test} if not ({where[len(' if '):]})))"
        if name == "count":
            return f"sum(1 for {var} in {source}{cond})"
        if name == "sum":
            return f"sum({value} for {var} in {source}{cond})"
        if name in ("min", "max"):
            return f"_extreme({name}, [{value} for {var} in {source}{cond}])"
        if name in ("highest", "lowest"):
            pick = "max" if name == "highest" else "min"
            return f"_best({pick}, [({var}, {value}) for {var} in {source}{cond}])"
        if name == "sort":
            return f"_sort([({var}, {value}) for {var} in {source}{cond}])"
        raise error(e.span, f"{name}(…) does not take `each x in …`")

    def membership_scan(self, e, names):
        """`any/all/count(each x in L where x in M)` (or `not in`), M read once: each item looked up
        in M by M's own membership test, at C speed, when M is a list; the general loop otherwise.
        L is worked out first and M only when L has items, as the loop would."""
        c = e.comp
        where = c.where
        if c.inner is not None or c.body is not None or c.by is not None or type(where) is not n.Binary \
                or where.op not in ("in", "not in") or type(where.left) is not n.Name or where.left.name != c.var \
                or name_uses(where.right).get(c.var) or self.no_walrus or not on("compare") \
                or self.of_kind(c.source, names) is not None:
            return None
        items, m = self.ns.fresh("s"), self.temp()
        source, _ = self.items_source(c.source, names)
        within = self.gen(where.right, names)
        fixed = on("fold") and type(self.ns.known(within)) is tuple     # a list fixed when compiled
        if source.isidentifier() and within.isidentifier() or fixed:
            items, m = (source if source.isidentifier() else items), within     # nothing to keep or to put off
        inside = f"map({m}.__contains__, {items})"
        var = self.ns.fresh("v")
        general = f"_contains(st, {var}, {m})"
        if where.op == "not in":
            general = f"not {general}"
        kind = (e.func, where.op)
        fast, slow = {
            ("any", "in"): (f"any({inside})", f"any(True for {var} in {items} if {general})"),
            ("any", "not in"): (f"not all({inside})", f"any(True for {var} in {items} if {general})"),
            ("all", "in"): (f"all({inside})", f"all({general} for {var} in {items})"),
            ("all", "not in"): (f"not any({inside})", f"all({general} for {var} in {items})"),
            ("count", "in"): (f"sum({inside})", f"sum(1 for {var} in {items} if {general})"),
            ("count", "not in"): (f"len({items}) - sum({inside})", f"sum(1 for {var} in {items} if {general})"),
        }[kind]
        made = within in self.built and on("typed") or fixed    # a list just made (or kept), or fixed: a tuple
        if items is source:
            return fast if made else f"({fast} if type({m}) is tuple else {slow})"
        empty = {"any": "False", "all": "True", "count": "0"}[e.func]
        if fixed:
            return f"({empty} if not ({items} := {source}) else {fast})"
        if made:
            return f"({empty} if not ({items} := {source}) else (({m} := {within}), {fast})[-1])"
        return f"({empty} if not ({items} := {source}) else ({fast} if type({m} := {within}) is tuple else {slow}))"

    # ---------------------------------------------------------------- calls
    def g_call(self, e, names):
        prog = self.prog
        if e.func in prog.defn.defines:
            return self.define_call(e, names)
        spec = BUILTINS.get(e.func)
        if spec is None:
            raise error(e.span, f"there is no function '{e.func}'")
        if spec.chance:
            raise error(e.span, f"{e.func}(…) draws on chance and must stand alone in a `let`")
        if e.comp is not None:
            return self.comprehension_call(e, names)
        if e.func in ("any", "all"):
            raise error(e.span, f"{e.func} needs `each x in list where cond`")
        special = self.special_call(e, names) if on("calls") else None
        if special is not None:
            return special
        folded = self.fold(e, names) if on("fold") else None
        if folded is not None:
            return folded
        impl = PLAIN[e.func]
        args = [self.gen(a, names) for a in e.args]
        order = by_position(impl, len(args), [k for k, _ in e.kwargs])
        if order is not None:
            given = {k: self.keyword(k, v, names) for k, v in e.kwargs}
            args += [given[name] if name in given else self.k(default) for name, default in order]
        else:
            args += [f"{k}={self.keyword(k, v, names)}" for k, v in e.kwargs]
        function = self.library(impl, e.func, e.span, len(e.args), keywords=order is None)
        # worked out once for two calls alike (hoist.py), it fails naming the first one's place
        self.ns.aliases[function] = f"@{e.func}/{len(args)}/{order is not None}"
        text = f"{function}(st, prog, {', '.join(args)})"
        if e.func in _PLACES_LISTED:
            self.built[text] = Certain(Location)
        elif e.func in _SEATS_LISTED:
            self.built[text] = Certain(Player)
        elif e.func in _SOME_OF_FIRST and args and args[0] in self.built:
            self.built[text] = self.built[args[0]]      # some of a list's items: as certain as they
        return text

    def library(self, impl, name: str, span, shown=None, keywords: bool = False) -> str:
        """The name generated code calls a library function by at one call of the rules (span):
        the function itself under a name of its own when a failure in it can be told after the
        fact (library.called_in_place, Namespace.site), else a wrapper that tells it. shown: how
        many of the values the rules wrote without a keyword; keywords: the call passes keywords
        by name."""
        if called_in_place(impl):
            return self.ns.site(impl, name, span, shown)
        if keywords:
            return self.k(reporting_keywords(impl, name, span))
        return self.k(reporting(impl, name, span, shown))

    def special_call(self, e, names):
        """The calls rules make most, written without a call to the library."""
        name, args = e.func, e.args
        if name == "distance" and len(args) == 2 and all(k in ("via", "avoid") for k, _ in e.kwargs):
            return self.distance(e, names)
        if e.kwargs:
            return None
        kinds = self.prog.kinds
        if name == "count" and len(args) == 1:
            inner = args[0]
            of_kind = self.of_kind(inner, names) if on("fuse") else None
            if of_kind is not None:
                c = self.ns.fresh("c")      # those of the kind counted, no tuple made of them
                return f"len([{c} for {c} in {of_kind[0]} if {c}.kind is {self.k(self.prog.kinds[of_kind[1]])}])"
            if isinstance(inner, n.Call) and inner.func in ("contents", "at") and len(inner.args) == 1 \
                    and inner.comp is None and not inner.kwargs:
                inner = inner.args[0]           # count(contents(x)): no copy
            text = self.gen(inner, names)
            cls = _place_class(self.type_of(inner)) if on("typed") else None
            if cls is not None and self.sure(text, cls) is not None:
                return self.length(f"st.contents[{self.sure(text, cls)}.index]")
            if text in self.built:
                return self.length(text)    # a list just built: a tuple
            if cls is not None and not self.no_walrus:
                t = self.temp()     # a board location or a zone: what lies there, counted in place
                return f"(len(st.contents[{t}.index]) if type({t} := {text}) is {cls} else _size(st, {t}))"
            return f"_size(st, {text})"
        if (name == "contents" or name == "at") and len(args) == 1:
            return self.contents(args[0], names)
        if name == "opposite" and len(args) == 1 and self.prog.directions:
            # a direction's opposite read from a table made when compiled (the library names
            # what is not a direction)
            d = self.gen(args[0], names)
            library = self.library(PLAIN["opposite"], "opposite", e.span)
            self.ns.aliases[library] = "@opposite"     # (as call() names a builtin's calls)
            table = self.k(self.prog.turns[180])        # (the table `rotate` reads too)
            if _READ.fullmatch(d.strip("()")):
                d = d.strip("()")
                return f"(({table}.get({d}) if type({d}) is _EnumValue else None) or {library}(st, prog, {d}))"
            if self.no_walrus:
                return None
            t = self.temp()
            return f"(({table}.get({t}) if type({t} := {d}) is _EnumValue else None) or {library}(st, prog, {t}))"
        if name == "first" and len(args) == 1 and filtering(args[0]) is not None:
            # the first item that passes: the search stops there, no list is built
            var, source, cond, _ = self.loop(args[0].comp, names)
            return self.kept_around(f"next(({var} for {var} in {source}{cond}), None)")
        if name in ("first", "top", "bottom") and len(args) == 1:
            # top(zone) is what lies first there, bottom(zone) what lies last
            inner, end = args[0], "-1" if name == "bottom" else "0"
            if name == "first" and isinstance(inner, n.Call) and inner.func in ("contents", "at") \
                    and len(inner.args) == 1 and inner.comp is None and not inner.kwargs:
                inner = inner.args[0]           # first(contents(x)): first reads x's items itself
            text = self.gen(inner, names)
            cls = _place_class(self.type_of(inner)) if on("typed") else None
            general = "_last" if name == "bottom" else "_first"
            if cls is not None and not self.no_walrus:
                # what lies first (last) on a place (a zone not lazily shuffled), read in place
                t, items = self.temp(), self.temp()
                return (f"({items}[{end}] if type({t} := {text}) is {cls} and not st.lazy "
                        f"and ({items} := st.contents[{t}.index]) else {general}(st, {t}))")
            return f"{general}(st, {text})"
        if name == "abs" and len(args) == 1 and self.is_int(args[0]) and not self.no_walrus:
            t = self.temp()
            library = self.library(PLAIN["abs"], "abs", e.span)
            return f"(abs({t}) if type({t} := {self.gen(args[0], names)}) is int else {library}(st, prog, {t}))"
        if name in ("at", "item_at") and len(args) == 2 and isinstance(args[1], n.Name) \
                and args[1].name in kinds and args[1].name not in names:
            kind = self.k(kinds[args[1].name])
            if name == "item_at":
                return f"_item_of_kind(st, {self.gen(args[0], names)}, {kind})"
            c = self.ns.fresh("c")
            text = f"tuple([{c} for {c} in {self.contents(args[0], names, iterable=True)} if {c}.kind is {kind}])"
            self.built[text] = Certain(Comp, None, kinds[args[1].name])
            return text
        return None

    def distance(self, e, names) -> str:
        """`distance(a, b, via:, avoid:)`: the search from a, made once where a loop goes through
        the bs (every destination of a move), and b looked up in what it found."""
        given = dict(e.kwargs)
        via, avoid = (self.keyword(k, given[k], names) if k in given else "None" for k in ("via", "avoid"))
        search = self.library(PLAIN_SEARCHES["distances_of"], "distance", e.span, 1)
        self.searches.add(search)
        self.ns.aliases[search] = "@distances_of"       # two searches alike are made once (as call())
        table = self.invariant(f"{search}(st, prog, {self.gen(e.args[0], names)}, {via}, {avoid})")
        to = self.gen(e.args[1], names)
        if on("typed") and self.sure(to, "Location") is not None and not self.no_walrus:
            t = self.temp()
            return f"({t}.get({to}) if ({t} := {table}) is not None else None)"
        return f"{self.k(PLAIN_SEARCHES['distance_in'])}(st, prog, {table}, {to})"

    def length(self, items: str) -> str:
        """len() of a tuple's text, remembered so that `== 0` can test the tuple itself."""
        text = f"len({items})"
        self.lengths[text] = items
        return text

    def contents(self, place, names, iterable: bool = False) -> str:
        """What lies on a place: a board location's contents read in place (a location is never
        shuffled lazily, as a zone may be), anything else through _items_of. iterable: the text
        is a comprehension's source, where Python forbids `:=`."""
        text = self.plain(place, names) if iterable else self.gen(place, names)
        held = self.held_by(text)
        if held is not None:
            return held
        zone = self.ns.known(text)
        if type(zone) is Location and on("typed"):     # a location named in the rules
            return self.counted(f"st.contents[{zone.index}]")
        if on("typed") and self.type_of(place) is LOCATION:
            bare = self.sure(text, "Location")
            if bare is not None:
                return self.counted(f"st.contents[{bare}.index]")
            if _READ.fullmatch(name := text.strip("()")):     # a name: read twice, where `:=` may not be
                return self.read_in_place(name, "Location")
            if not self.no_walrus and not iterable:
                t = self.temp()
                return self.counted(f"(st.contents[{t}.index] if type({t} := {text}) is Location else _items_of(st, {t}))")
        kind = self.type_of(place)
        name = text.strip("()")
        if (kind is None or kind.head == "any") and on("typed") and _READ.fullmatch(name):
            # a place of a sort not known (a define's parameter): most often a board location
            return self.read_in_place(name, "Location")
        if type(zone) is Zone and on("typed"):
            # a zone named in the rules: read in place unless some zone waits to be shuffled
            return self.counted(f"(st.contents[{zone.index}] if not st.lazy else _items_of(st, {text}))")
        if kind is not None and kind.head in ("zone", "zone of") and on("typed") and _READ.fullmatch(name):
            # a zone found in play (a seat's own, a variable's), a name: read in place as a named one is
            return self.read_in_place(name, "_Zone")
        if kind is not None and kind.head in ("zone", "zone of") and on("typed") and not self.no_walrus \
                and not iterable:
            # a zone found in play (a seat's own, a variable's): read in place as a named one is
            t = self.temp()
            return self.counted(f"(st.contents[{t}.index] if type({t} := {text}) is _Zone and not st.lazy "
                                f"else _items_of(st, {t}))")
        if kind is not None and (kind is LOCATION or kind.head in ("zone", "zone of")):
            return self.counted(f"_items_of(st, {text})")
        return f"_items_of(st, {text})"         # (a list, maybe: its items gone through as any list's)

    def held_by(self, text: str):
        """What lies where a component lies (`at(x.location, Kind)`, `contents(x.location)`, a
        define's parameter given one), when text reads the place of a component a Python name
        holds (as the compiler writes `.location` of what is sure to be one): read in place by
        the slot that place has in the state, its contents' slot, unless some zone waits to be
        shuffled; else None. (No `:=`: it may be a comprehension's source.)"""
        head = f"{self.k(self.prog.places)}[st.loc["
        inner = text.strip("()")
        if not (on("typed") and inner.startswith(head) and inner.endswith(".id]]")):
            return None
        name = inner[len(head):-len(".id]]")]
        if not _READ.fullmatch(name):
            return None
        return self.counted(f"(st.contents[st.loc[{name}.id]] if not st.lazy else _items_of(st, {inner}))")

    def read_in_place(self, name: str, cls: str) -> str:
        """What lies on the place a Python name holds: read in place when it is a cls (a
        `Location`, never shuffled lazily; a `_Zone` unless some zone waits to be), else through
        _items_of."""
        lazy = " and not st.lazy" if cls == "_Zone" else ""
        return self.counted(f"(st.contents[{name}.index] if type({name}) is {cls}{lazy} else _items_of(st, {name}))")

    def counted(self, text: str) -> str:
        """text, which reads what lies on a place: components, no more than the game has, gone
        through without the step budget's count (as a list just built is)."""
        self.built[text] = Certain(Comp)
        return text

    def fold(self, e, names):
        """A call that reads nothing that changes in play, with arguments known when the game is
        compiled (`locations(Grid)`, `left_of(Red)`), as its value."""
        if e.func not in _STATIC or e.kwargs:
            return None
        missing = object()
        values = [self.ns.known(self.gen(a, names), missing) for a in e.args]
        if any(v is missing or type(v) is Comp for v in values):
            return None
        try:
            value = PLAIN[e.func](self.prog.initial, self.prog, *values)
        except Exception:       # let it fail at play, at its place, as any call does
            return None
        return self.k(value)

    def keyword(self, key: str, value, names) -> str:
        text = self.gen(value, names)
        if key == "via" and on("fold"):
            fixed = self.ns.known(text)
            if type(fixed) is tuple:        # a fixed `via:` list: its edge kinds' names, once
                kinds = edge_kind_names(self.prog.initial, fixed)
                # one constant for alike lists, so that two searches alike read alike (hoist.py)
                return self.k(self.kinds_lists.setdefault(kinds, kinds))
        return text

    def certain_value(self, name: str):
        """Certain of what a define gives, whatever its arguments, when its body says (a list built
        from a list fixed when the game is compiled), else None."""
        if name not in self.values_certain:
            decl = self.prog.defn.defines[name]
            with self.detached():
                text = self.gen(decl.body, {p: self.ns.fresh("p") for p in decl.params})
            self.values_certain[name] = self.built.get(text)
        return self.values_certain[name]

    def certain_key(self, text: str) -> bool:
        """Whether every value text reads is one remember() keeps values by (engine/remember.py)."""
        certain = self.certain_of(text)
        return certain is not None and certain.cls in _KEY_CLASSES

    def define_call(self, e, names):
        decl = self.prog.defn.defines[e.func]
        if on("remember") and e.args and len(e.args) == len(decl.params) and self.statics().remembered(e.func):
            # its value depends only on its arguments: kept per arguments (engine/remember.py)
            args = [self.gen(a, names) if not self.no_walrus else self.plain(a, names) for a in e.args]
            helper = "_remember1" if len(args) == 1 else "_remember"
            memo = self.memos.get(e.func)
            if memo is None:
                memo = self.memos[e.func] = self.k({})     # one for every call of the define
            text = f"{helper}(st, {memo}, {self.compiler.define_function(e.func)}, {', '.join(args)})"
            key = args[0].strip("()") if len(args) == 1 else None
            if key is not None and _READ.fullmatch(key) and self.certain_key(key):
                # a value kept is read here, with no call: one a falsy value (an empty list)
                # or a scenario's changed state (st.unfolded) asks remember1 for
                text = f"((not st.unfolded and {memo}.get({key})) or {text})"
            certain = self.certain_value(e.func)
            if certain is not None:
                self.built[text] = certain
            return text
        if self.inlined(e, decl):
            inner, bound = self.inline_arguments(e, decl, names)
            with self.inside(e):
                body = self.gen(decl.body, inner)
            return f"({', '.join(f'({t} := {text})' for t, text in bound)}, {body})[-1]" if bound else body
        args = ", ".join(self.gen(a, names) for a in e.args)
        return f"{self.compiler.define_function(e.func)}(st{', ' if args else ''}{args})"

    def inlined(self, e, decl) -> bool:
        """Whether a call of a define (not remembered) is written in place."""
        return on("inline") and e.func not in self.inlining and len(e.args) == len(decl.params) \
            and (not self.no_walrus or all(map(_cheap, e.args)))

    def inline_arguments(self, e, decl, names) -> tuple:
        """({parameter: the text that reads its argument}, [(Python name, text) of each argument
        worked out first]) for a define written in place. Comprehension variables are fresh
        Python names, so nothing the body binds can capture an argument. An argument that costs
        something, or that the body reads more than once, is worked out first, into a Python
        name, where Python allows it (as a call works out every argument); a cheap one is written
        where it is read."""
        inner, bound = {}, []
        uses = name_uses(decl.body)
        for p, a in zip(decl.params, e.args):
            if isinstance(a, (n.Name, n.Literal)) or (_cheap(a) and (self.no_walrus or uses.get(p, 0) < 2)):
                inner[p] = f"({self.plain(a, names)})"
            else:
                t = self.temp()
                text = self.gen(a, names)
                bound.append((t, text))
                inner[p] = t
                self.varies_with(t, text)
                known = self.certain_of(text)
                if known is not None:
                    self.certain[t] = known
        return inner, bound

    @contextmanager
    def inside(self, e):
        """While the body of the define e calls is written in place: typed as for that call."""
        types = self.sites[-1] if self.sites else self.compiler.checked.types
        site = types.get(("site", id(e))) if on("typed") else None
        self.inlining.add(e.func)
        self.sites.append(site if site is not None else self.compiler.checked.types)
        try:
            yield
        finally:
            self.sites.pop()
            self.inlining.discard(e.func)


def filtering(e):
    """The comprehension of a list that only filters another (`[each y in L where c]`), or None."""
    if isinstance(e, n.ListLit) and e.comp is not None and e.comp.body is None and e.comp.inner is None \
            and e.comp.by is None:
        return e.comp
    return None


def _place_class(place) -> str:
    """How generated code names the class of a place the checker typed (a board location or a
    zone of a kind), or None for anything else."""
    if place is LOCATION:
        return "Location"
    return "_Zone" if place is not None and place.head == "zone of" else None


def _gives_int(e) -> bool:
    """Whether e's Python text always gives a whole number (a count)."""
    return isinstance(e, n.Call) and e.func == "count"


def _plain_int(e) -> bool:
    """Whether e's Python text is a whole number with no test: a count, or a whole number written
    out (as the checker expects of an operand of arithmetic, which is then an int literal)."""
    return (isinstance(e, n.Literal) and type(e.value) is int) or _gives_int(e) or \
        (isinstance(e, n.Unary) and isinstance(e.operand, n.Literal) and type(e.operand.value) is int)


# The comprehension calls written as functions of their own (Exprs.lifted).
_LIFTED = frozenset({"any", "all", "count", "sum"})


def _plain_each(e, defines: dict) -> bool:
    """Whether e is a call of a builtin with `each x in S [where c]`: no nested `each`, no `by`,
    nothing else given."""
    return (type(e) is n.Call and e.comp is not None and len(e.args) == 0 and e.comp.inner is None
            and e.comp.by is None and not e.kwargs and e.func not in defines)


def _any_of_each(e, defines: dict) -> bool:
    """Whether e is `any(each x in S where c)` of the builtin `any` (no nested `each`, body or `by`)."""
    return (type(e) is n.Call and e.func == "any" and e.comp is not None and len(e.args) == 0
            and e.comp.inner is None and e.comp.body is None and e.comp.by is None and not e.kwargs
            and "any" not in defines)


_INLINED_DEPTH = 12     # how deep ends_in_any follows defines written in place
_COMPARISONS = frozenset({"==", "!=", "<", "<=", ">", ">=", "in", "not in", "is", "is not", "and", "or"})


def _boolean(e, defines: dict, depth: int = 0) -> bool:
    """Whether e's Python text gives True or False itself (a comparison, and/or, not, any/all,
    a define whose body is one of these)."""
    if isinstance(e, n.Binary):
        return e.op in _COMPARISONS
    if isinstance(e, n.Unary):
        return e.op == "not"
    if isinstance(e, n.Literal):
        return type(e.value) is bool
    if not isinstance(e, n.Call):
        return False
    if e.func in defines:
        return depth < 8 and _boolean(defines[e.func].body, defines, depth + 1)
    return e.func in ("any", "all") and e.comp is not None


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


def _cheap(e) -> bool:
    """Whether an argument is cheap enough to be evaluated wherever the body uses it."""
    if isinstance(e, (n.Literal, n.Name)):
        return True
    if isinstance(e, n.Attr):
        return _cheap(e.obj)
    if isinstance(e, n.Index):
        return _cheap(e.obj) and _cheap(e.index)
    return False


UNSET = object()     # a hoisted part not worked out yet


class Raw(str):
    """Python text the compiler itself wrote, standing where an expression would."""
    span = None

# The texts of truths known when the game is compiled (a literal, an option of the game).
_TRUTH = {"True": True, "False": False, "(True)": True, "(False)": False}
# A name or a frame's entry: read twice at the cost of once
_READ = re.compile(r"[A-Za-z_]\w*|env\['[^'\\]+'\]")
_KEY_CLASSES = frozenset({Comp, Location, Player, Zone})
# Expressions worth keeping rather than working out again (see Hoist).
_COSTLY = (n.Call, n.ListLit, n.Range, n.Attr)
_FOLDED = (n.Call, n.ListLit)
# Builtins whose list holds only items of their first argument's.
_SOME_OF_FIRST = frozenset({"without", "unique"})
_PLAIN_VALUES = (int, str, bool, type(None))

_HANDLERS = {
    n.Literal: ExprGen.g_literal, n.Template: ExprGen.g_template, n.Name: ExprGen.g_name,
    n.Attr: ExprGen.g_attr, n.Index: ExprGen.g_index, n.Unary: ExprGen.g_unary, n.Binary: ExprGen.g_binary,
    n.Range: ExprGen.g_range, n.Conditional: ExprGen.g_conditional, Raw: lambda gen, e, names: str(e), n.ListLit: ExprGen.g_list, n.MapLit: ExprGen.g_map, n.Call: ExprGen.g_call,
}
