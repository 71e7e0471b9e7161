"""What a decision's options read that play changes: the values to remember its options by.

A menu such as "move to each location you may reach" works board searches, the locations an
event blocks and tests of the cards in force out at every turn, though all it reads may be a
few values: where the player stands, the card lying in a zone, a flag. When every state read
under a menu's conditions and labels (through the defines they call, the builtins they name
and the conditions of the board steps a search may take) is such a value, the options offered
are a function of those values, and the menu keeps its options per them (the pass `reads`, compiler/passes):
a decision whose values come out the same reads them and offers what it offered before,
working nothing else out.

The reads are found on the rules' expressions, as compiler/static.py finds values that never
change: a variable (`st.vals[slot]`), a field of a seat or a component that play sets, what
lies in a place (its contents, a tuple of components that compare by identity). A field play
never sets, a location, a constant, an item of a list fixed when compiled: nothing. Each read
is written as the Code that reads it where the decision is made; a read of an item of a list
(a comprehension's variable, a `for each` option's item) has no such Code, and is allowed only
where it reads nothing or every seat's variable at once. Anything else (a component's place, a
location's tags that play marks, chance, a builtin not listed here) leaves the menu as it is
(Unkeyable).
"""
from __future__ import annotations

from contextlib import contextmanager

from ...ir import nodes as n
from ...ir.walk import nodes
from .code import MISSING, fmt
from .names import LOCAL
from .static import _OF_LISTS, _PURE

_DEPTH = 12             # how deep defines calling defines are looked into
ITEM = None             # a name in scope that stands for one item of a list the reads determine

# Types whose values compare and hash as themselves (a component by identity).
_KEYS = frozenset({"int", "bool", "text", "player", "location", "direction", "enum", "kind", "zone", "zone of",
                   "none"})
# Types whose values show alike whatever the state (display): a component shows by its fields.
_SHOWN = frozenset({"int", "bool", "text", "player", "location", "direction", "enum", "zone", "zone of", "none"})
_PLACES = frozenset({"zone", "zone of", "location"})
# Builtins that read the board's steps (and their conditions) besides their arguments.
_SEARCHES = frozenset({"distance", "neighbours", "adjacent", "nearest", "path"})


class Fixed:
    """The Code of a name in scope whose value never changes (a define's parameter given a
    constant): read where needed, never a value to key on."""

    def __init__(self, code):
        self.code = code


class Unkeyable(Exception):
    """The expression reads something no read here stands for."""


class Reads:
    """The reads of one program's expressions (see the module docstring)."""

    def __init__(self, exprs):
        self.exprs = exprs
        self.prog = exprs.prog
        self.static = exprs.statics()
        self.defines = self.prog.defn.defines
        self.types = exprs.compiler.checked.types      # as typed where the expression looked at stands
        self.inlining = frozenset()     # the defines whose bodies are being read
        self._steps = None          # the reads of the board's step conditions, found when first asked

    def key(self, parts: list) -> list | None:
        """The Codes of what the expressions read, in order, each once; None when one reads
        something else. parts: (expression, scope, gone through) triples, a scope mapping each
        name to the Code reading it where the decision is made, or to ITEM; gone through: the
        expression is a list or a place whose items the options are."""
        found: dict = {}
        try:
            for e, scope, through in parts:
                if through:
                    self.source(e, scope, found, 0)
                else:
                    self.of(e, scope, found, 0)
        except Unkeyable:
            return None
        return list(found.values())

    def type_of(self, e):
        return self.types.get(id(e))

    @contextmanager
    def inside(self, e):
        """While the body of the define e calls is read: typed as for that call."""
        site = self.exprs.site_types(e, self.types)
        saved = self.types, self.inlining
        self.types = site if site is not None else self.exprs.compiler.checked.types
        self.inlining = self.inlining | {e.func}
        try:
            yield
        finally:
            self.types, self.inlining = saved

    def frame(self, scope: dict):
        """The frame an expression of scope is written in where the decision is made."""
        return self.exprs.root().typed_as(self.types, self.inlining).scope(self.python_names(scope))

    @staticmethod
    def found(found: dict, code) -> None:
        """A value read, as code reads it, once (two writings alike are one read)."""
        found.setdefault(code.shape(), code)

    # ---------------------------------------------------------------- expressions
    def of(self, e, scope: dict, found: dict, depth: int) -> None:
        if depth > _DEPTH:
            raise Unkeyable
        handler = _EXPRS.get(type(e))
        if handler is None:
            raise Unkeyable
        handler(self, e, scope, found, depth)

    def literal(self, e, scope, found, depth):
        pass

    def template(self, e, scope, found, depth):
        for part in e.parts:
            if not isinstance(part, str):
                self.of(part, scope, found, depth)
                self.shown(part)

    def shown(self, e) -> None:
        """A value shown in a text reads nothing more when it reads as its label or as itself, or
        as a component whose kind reads as a field play never sets (or as its name)."""
        typ = self.type_of(e)
        if typ is None:
            raise Unkeyable
        if typ.head in _SHOWN:
            return
        if typ.head == "kind":       # (values.component_text: one field, or the kind's name)
            kind = self.prog.kinds.get(typ.arg)
            if kind is not None and kind.shown is None and (kind.read_as is None or not any(
                    self.static.sets(typ.arg, f) for f, i in kind.field_index.items() if i == kind.read_as)):
                return
        raise Unkeyable

    def name(self, e, scope, found, depth):
        if e.name in scope:
            code = scope[e.name]
            if code is not ITEM and type(code) is not Fixed:
                self.value(e, code, found)
            return
        decl = self.exprs.compiler.checked.declaration_of(e)
        if decl is None or decl.category in LOCAL:
            raise Unkeyable         # (a local the scope does not know)
        if decl.category in ("variable", "builtin name"):
            self.value(e, self.exprs.gen(e, self.frame({})), found)
        elif not self.static.constant_name(e, self.frame({})):
            raise Unkeyable

    def value(self, e, code, found: dict) -> None:
        """A read whose value keys the decision, as code reads it (of a type that can be a key: a
        list is a tuple at play)."""
        typ = self.type_of(e)
        while typ is not None and typ.head == "list":
            typ = typ.arg
        if typ is None or typ.head not in _KEYS:
            raise Unkeyable
        self.found(found, code)

    def attr(self, e, scope, found, depth):
        obj = e.obj
        if self.fixed_field(e):
            self.of(obj, scope, found, depth)
            return
        if e.name == "contents":
            self.place(obj, scope, found, depth)
            return
        code = self.text(obj, scope)
        if code is None:        # the field of an item: every seat's variable at once, or nothing
            self.of(obj, scope, found, depth)
            self.found(found, self.every_seat(e))
            return
        # (a seat's own zone is a handle, which keys the decision as itself: what lies there is
        # read where it is gone through, place)
        self.value(e, self.exprs.gen(e, self.frame(scope)), found)

    def fixed_field(self, e) -> bool:
        """Whether the field never changes in play: by the type of what it is read from, or, where
        the checker cannot say, for any kind, location or seat that has it."""
        typ = self.type_of(e.obj)
        if typ is not None and typ.head != "any":
            return self.static.fixed_field(e, self.types)
        name = e.name
        return not self.static.sets(None, name) and name not in self.prog.var_slots and \
            name not in self.prog.zones and name not in ("contents", "location", "face_up") and \
            not any(self.static.turned(kind, name) for kind in self.prog.kinds)

    def every_seat(self, e):
        """Every seat's value of a seat's variable, read at once, for a field read of an item
        (`q.position` of each q in others(p))."""
        name = e.name
        typ = self.type_of(e.obj)
        decl = self.prog.var_decls.get(name)
        if decl is None or not decl.per_player or (typ is not None and typ.head not in ("player", "any")) or \
                any(name in kind.field_index for kind in self.prog.kinds.values()):
            raise Unkeyable
        slot = self.prog.var_slots[name]
        return fmt("tuple(st.vals[{}:{}])", slot, slot + self.prog.player_count)

    def index(self, e, scope, found, depth):
        if not self.static.is_list(e.obj, self.types):
            raise Unkeyable
        self.of(e.obj, scope, found, depth)
        self.of(e.index, scope, found, depth)

    def unary(self, e, scope, found, depth):
        self.of(e.operand, scope, found, depth)

    def binary(self, e, scope, found, depth):
        if e.op in ("is", "is not") and type(e.right) is n.Name and e.right.name not in scope \
                and self.static.marked_tag(e.right, self.frame({})):
            raise Unkeyable         # a location's tags change
        self.of(e.left, scope, found, depth)
        if e.op in ("in", "not in") and self.is_place(e.right):
            self.place(e.right, scope, found, depth)
        else:
            self.of(e.right, scope, found, depth)

    def conditional(self, e, scope, found, depth):
        for x in (e.cond, e.then, e.orelse):
            self.of(x, scope, found, depth)

    def range_(self, e, scope, found, depth):
        self.of(e.low, scope, found, depth)
        self.of(e.high, scope, found, depth)

    def list_(self, e, scope, found, depth):
        if e.comp is not None:
            self.comprehension(e.comp, scope, found, depth)
        for x in e.items:
            self.of(x, scope, found, depth)

    def comprehension(self, c, scope, found, depth):
        self.source(c.source, scope, found, depth)
        inner = {**scope, c.var: ITEM}
        for x in (c.where, c.by, c.body):
            if x is not None:
                self.of(x, inner, found, depth)
        if c.inner is not None:
            self.comprehension(c.inner, inner, found, depth)

    def source(self, e, scope, found, depth) -> None:
        """What a list or a place gone through reads."""
        if self.is_place(e):
            self.place(e, scope, found, depth)
        elif self.static.is_list(e, self.types):
            self.of(e, scope, found, depth)
        else:
            raise Unkeyable

    def is_place(self, e) -> bool:
        typ = self.type_of(e)
        return typ is not None and typ.head in _PLACES

    def place(self, e, scope, found, depth) -> None:
        """What lies in the place e (a zone or a location, worked out where the decision is made)."""
        code = self.text(e, scope)
        if code is None:
            raise Unkeyable
        obj = e.obj if type(e) is n.Attr else e
        if type(obj) is not n.Name or obj.name not in scope:
            self.of(e, scope, found, depth)
        # (else a name where the decision is made, or its seat's zone: only what lies there is
        # read, which the place's contents key; two seats whose hands hold alike share options)
        value = code.value if code.value is not MISSING else None
        if value is not None and hasattr(value, "index"):
            self.found(found, fmt("st.contents[{}]", value.index))
        else:
            self.found(found, fmt("st.contents[{}.index]", code))

    # ---------------------------------------------------------------- calls
    def call(self, e, scope, found, depth):
        func = e.func
        if func in self.defines:
            self.define(e, scope, found, depth)
            return
        if e.comp is not None:
            if func not in _OF_LISTS:
                raise Unkeyable
            self.comprehension(e.comp, scope, found, depth)
        args = list(e.args)
        if func in ("contents", "at") or (func in _OF_LISTS and args and self.is_place(args[0])):
            if not args:
                raise Unkeyable
            self.place(args[0], scope, found, depth)
            args = args[1:]
        elif func in _SEARCHES:
            self.steps(found)
            for a in args + [a for name, a in e.kwargs if name == "avoid"]:
                typ = self.type_of(a)
                if typ is None or not (typ.head == "location" or typ.head == "list" and typ.arg.head == "location"):
                    raise Unkeyable     # (a component's place would be read)
        elif func not in _PURE and func not in _OF_LISTS:
            raise Unkeyable
        for a in args:
            self.of(a, scope, found, depth)
        for _, a in e.kwargs:
            self.of(a, scope, found, depth)

    def define(self, e, scope, found, depth):
        decl = self.defines[e.func]
        if len(decl.params) != len(e.args) or e.kwargs:
            raise Unkeyable
        inner = {}
        for param, arg in zip(decl.params, e.args):
            code = self.text(arg, scope)
            if code is not None and self.static.of(arg, self.frame({})):
                inner[param] = Fixed(code)
            elif code is not None and type(arg) is n.Name:
                inner[param] = code                     # read as the caller reads it, where used
            else:
                self.of(arg, scope, found, depth)       # its reads determine the parameter
                inner[param] = ITEM
        with self.inside(e):      # (its body typed as for this call)
            self.of(decl.body, inner, found, depth + 1)

    def steps(self, found) -> None:
        """What the conditions of the board's steps read (a search may ask any of them)."""
        if self._steps is None:
            steps: dict = {}
            types, self.types = self.types, self.exprs.compiler.checked.types      # (typed where they stand)
            try:
                for cond in dict.fromkeys(s.cond for steps in self.prog.graphs.steps.values() for s in steps
                                          if s.cond is not None):
                    expr = getattr(cond, "expr", None)
                    if expr is None:
                        raise Unkeyable
                    self.of(expr, {p: ITEM for p in cond.params}, steps, 0)
                self._steps = list(steps.values())
            except Unkeyable:
                self._steps = False
            finally:
                self.types = types
        if self._steps is False:
            raise Unkeyable
        for code in self._steps:
            self.found(found, code)

    # ---------------------------------------------------------------- texts
    def text(self, e, scope):
        """The Code reading e where the decision is made, or None when e reads an item."""
        if any(type(x) is n.Name and scope.get(x.name, "") is ITEM for x in nodes([e])):
            return None
        return self.exprs.gen(e, self.frame(scope))

    @staticmethod
    def python_names(scope: dict) -> dict:
        return {name: code.code if type(code) is Fixed else code for name, code in scope.items() if code is not ITEM}


_EXPRS = {
    n.Literal: Reads.literal, n.Template: Reads.template, n.Name: Reads.name, n.Attr: Reads.attr,
    n.Index: Reads.index, n.Unary: Reads.unary, n.Binary: Reads.binary, n.Conditional: Reads.conditional,
    n.Range: Reads.range_, n.ListLit: Reads.list_, n.Call: Reads.call,
}
