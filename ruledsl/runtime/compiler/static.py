"""Expressions whose value is the same all game long, worked out when the game is compiled.

`first([each c in components(Card) where c.suit is Joker])` goes through every card each
time it is asked, yet its answer never changes when no statement play may run sets a
card's `suit`. Such an expression is worked out once, on
the starting state, and written as its value (the pass `fold`, compiler/passes), the expression itself
standing by for a state marked `unfolded`: one where a statement only scenarios run (a
scenario's own, or a rule only scenarios `do`) set such a field, or rotated something
where play never does.

What counts as the same all game long is checked on the rules' expressions: literals,
names that stand for a constant (a `const`, an option, an enum value, a location, a kind,
a seat), the items of such a list, fields that play never sets (a component's declared
field that no `set`/`increase`/`decrease` of play names for its kind, nor a `rotate` of
play turns; `owner` likewise; a location's name, board, row, column and declared fields;
a seat's name; whether a location carries a tag that no `mark`/`unmark` of play names),
operators, `define`s whose bodies are so in their arguments, and builtins that read nothing
that changes, given lists (not places, whose contents change).
"""
from __future__ import annotations

from ...ir import nodes as n
from ...ir.walk import nodes
from ..model.values import Tag
from .code import MISSING
from .names import LOCAL

# Builtins whose value depends only on their arguments.
_PURE = frozenset({"abs", "ceil", "floor", "cell", "clockwise", "components", "locations", "left_of",
                   "right_of", "opposite", "others", "seat", "turn_direction"})
# Builtins that read their first argument's items: pure given a list, not a place.
_OF_LISTS = frozenset({"count", "first", "last", "sum", "min", "max", "sort", "highest", "lowest", "unique",
                       "without", "any", "all", "keys", "get"})
_DEPTH = 12         # how deep defines calling defines are looked into


def played(defn) -> list:
    """What play may run: every declaration but the scenarios, and of the rules only those that
    something else may `do` (a rule only scenarios use arranges their positions)."""
    others = [defn.setup, defn.flow, defn.evaluate, defn.progress, defn.triggers]     # where statements are
    reached, todo = {}, _done_rules(others)
    while todo:
        name = todo.pop()
        if name not in reached and name in defn.rules:
            reached[name] = defn.rules[name]
            todo |= _done_rules([defn.rules[name]])
    return others + list(reached.values())


def _done_rules(roots: list) -> set:
    return {node.rule for node in nodes(roots) if type(node) is n.Do}


def written_fields(defn, types: dict) -> tuple:
    """(the fields a statement that play may run sets, `set x.f`, `increase x.f[2]`, as (kind,
    name) pairs, the kind None where the checker does not know x's; whether play rotates
    anything, which turns direction fields). A statement only scenarios run that sets another
    field, or rotates, marks its state `unfolded` (StmtGen). types: the checker's, by node id."""
    found, rotated = set(), False
    for item in nodes(played(defn)):
        cls = type(item)
        if cls is n.Set:
            target = set_field(item)
            if target is not None:
                found.add((kind_of(types.get(id(target.obj))), target.name))
        elif cls is n.Rotate:
            rotated = True
    return frozenset(found), rotated


def marked_tags(defn) -> frozenset:
    """The tags a statement that play may run marks or unmarks: the tags whose locations change."""
    return frozenset(item.tag for item in nodes(played(defn)) if type(item) is n.Mark)


def set_field(s):
    """The field a `set` statement sets (its Attr), or None (a variable)."""
    target = s.target
    while type(target) is n.Index:
        target = target.obj
    return target if type(target) is n.Attr else None


def kind_of(typ):
    """The kind a type names, or None."""
    return typ.name if typ is not None and typ.head == "kind" else None


class Static:
    """Whether an expression keeps one value all game long (see the module docstring)."""

    def __init__(self, exprs, defn, prog):
        self.exprs = exprs
        self.defines = defn.defines
        self.prog = prog
        self.checked = exprs.compiler.checked
        self.written, self.rotated = written_fields(defn, self.checked.types)
        self.marked = marked_tags(defn)
        self._remembered: dict = {}     # a define's name -> whether it is kept per arguments
        self._bodies: dict = {}         # (a define's name, id of the types, depth) -> whether its body keeps one value

    def remembered(self, name: str) -> bool:
        """Whether a define's value depends only on its arguments (its body keeps one value
        given theirs) and working it out goes through a list: worth keeping per arguments
        (the `remember` fast path, engine/remember.py)."""
        known = self._remembered.get(name)
        if known is None:
            decl = self.defines[name]
            frame = self.exprs.root()           # its body as typed where it stands
            known = bool(decl.params) and _goes_through(decl.body, self.defines) \
                and self.of(decl.body, frame, frozenset(decl.params))
            self._remembered[name] = known
        return known

    def of(self, e, frame, bound: frozenset = frozenset(), depth: int = 0) -> bool:
        """Whether e keeps one value. frame: where it stands (its locals, none of which does, and
        the types it is read by); bound: the names of items of lists that keep theirs
        (comprehension variables)."""
        names = frame.names
        if depth > _DEPTH:
            return False
        t = type(e)
        if t is n.Literal:
            return True
        if t is n.Name:
            if e.name in bound:
                return True
            if e.name in names:
                return False
            return self.constant_name(e, frame)
        if t is n.Attr:
            return self.of(e.obj, frame, bound, depth) and self.fixed_field(e, frame.types)
        if t is n.Index:
            return self.of(e.obj, frame, bound, depth) and self.of(e.index, frame, bound, depth) \
                and self.is_list(e.obj, frame.types)
        if t is n.Unary:
            return self.of(e.operand, frame, bound, depth)
        if t is n.Binary:
            if e.op in ("is", "is not") and type(e.right) is n.Name and e.right.name not in bound \
                    and self.marked_tag(e.right, frame):
                return False            # a location's tags change
            if e.op in ("in", "not in") and not self.is_list(e.right, frame.types):
                return False            # what lies on a place changes
            return self.of(e.left, frame, bound, depth) and self.of(e.right, frame, bound, depth)
        if t is n.Conditional:
            return all(self.of(x, frame, bound, depth) for x in (e.cond, e.then, e.orelse))
        if t is n.Range:
            return self.of(e.low, frame, bound, depth) and self.of(e.high, frame, bound, depth)
        if t is n.ListLit:
            if e.comp is not None:
                return self.comprehension(e.comp, frame, bound, depth)
            return all(self.of(x, frame, bound, depth) for x in e.items)
        if t is n.Call:
            return self.call(e, frame, bound, depth)
        return False

    def call(self, e, frame, bound, depth) -> bool:
        if e.kwargs:
            return False
        if e.func in self.defines:
            decl = self.defines[e.func]
            if len(decl.params) != len(e.args) or not all(self.of(a, frame, bound, depth) for a in e.args):
                return False
            # its body sees only its parameters, each keeping one value: what it finds depends on the
            # define, the types it is read by and the depth alone, so it is found once for them (a
            # define calling the one before it three times, thirty deep, was looked into 3 ** 12 times)
            # (the types are kept beside the answer, so that their id names them while it is kept)
            key = (e.func, id(frame.types), depth)
            known = self._bodies.get(key)
            if known is None:
                known = self._bodies[key] = (frame.types, self.of(decl.body, frame.scope({}), frozenset(decl.params),
                                                                  depth + 1))
            return known[1]
        if e.func not in _PURE and e.func not in _OF_LISTS:
            return False
        if e.comp is not None:
            return e.func in _OF_LISTS and self.comprehension(e.comp, frame, bound, depth)
        if e.func in _OF_LISTS and (not e.args or not self.is_list(e.args[0], frame.types)):
            return False
        return all(self.of(a, frame, bound, depth) for a in e.args)

    def comprehension(self, c, frame, bound, depth) -> bool:
        if not self.is_list(c.source, frame.types) or not self.of(c.source, frame, bound, depth):
            return False
        inner = bound | {c.var}
        parts = [x for x in (c.where, c.by, c.body) if x is not None]
        if not all(self.of(x, frame, inner, depth) for x in parts):
            return False
        return c.inner is None or self.comprehension(c.inner, frame, inner, depth)

    def constant_name(self, e, frame) -> bool:
        code = self.global_name(e, frame)
        return code is not None and code.value is not MISSING

    def is_tag(self, e, frame) -> bool:
        if e.name in frame.names:
            return False
        code = self.global_name(e, frame)
        return code is not None and type(code.value) is Tag

    def marked_tag(self, e, frame) -> bool:
        """Whether e names a tag that play marks or unmarks somewhere (which locations carry it
        changes); a tag only the board's legend gives stays where it was put."""
        return self.is_tag(e, frame) and e.name in self.marked

    def global_name(self, e, frame):
        """The Code reading a name that is no local where it stands (None for one that is: a
        variable of a comprehension around the expression looked at)."""
        decl = self.checked.declaration_of(e)
        if decl is not None and decl.category in LOCAL:
            return None
        return self.exprs.gen(e, frame)

    @staticmethod
    def is_list(e, types) -> bool:
        """Whether the checker says e is a list (not a place, whose contents change)."""
        typ = types.get(id(e))
        return typ is not None and typ.head == "list"

    def sets(self, kind, name: str) -> bool:
        """Whether play may set the field `name` of a component of kind (None: of any kind)."""
        if kind is None:
            return any(field == name for _, field in self.written)
        return (kind, name) in self.written or (None, name) in self.written

    def turned(self, kind: str, name: str) -> bool:
        """Whether a `rotate` of play may turn the field `name` of a component of kind."""
        index = self.prog.kinds[kind].field_index.get(name)
        return self.rotated and index is not None and index in self.prog.rotatable.get(kind, ())

    def unfolds(self, s) -> bool:
        """Whether a statement (a `set`, a `rotate`, a `mark`) may change what a value kept relies
        on: it sets a field, rotates, or marks a tag, where play never does."""
        if type(s) is n.Rotate:
            return not self.rotated
        if type(s) is n.Mark:
            return s.tag not in self.marked
        target = set_field(s)
        if target is None:
            return False
        kind = kind_of(self.checked.types.get(id(target.obj)))
        return (None, target.name) not in self.written if kind is None else not self.sets(kind, target.name)

    def fixed_field(self, e, types) -> bool:
        typ = types.get(id(e.obj))
        if typ is None:
            return False
        name = e.name
        if typ.head == "kind":
            kind = self.prog.kinds.get(typ.name)
            if kind is None:
                return False
            if self.sets(typ.name, name):
                return False
            if name == "owner":
                return True
            return name in kind.field_index and not self.turned(typ.name, name)
        if typ.head == "location":
            return name in ("name", "board", "row", "column") or \
                any(name in loc.fields for loc in self.prog.locations.values())
        if typ.head == "player":
            return name in ("name", "seat")
        return False


def _goes_through(body, defines: dict) -> bool:
    """Whether working body out goes through a list: a comprehension, in it or in a define it calls.
    Each define is looked into once (a define calling the one before it twice, thirty deep, was
    looked into 2 ** 12 times over)."""
    seen, todo = set(), [body]
    while todo:
        for node in nodes([todo.pop()]):
            cls = type(node)
            if cls is n.Comprehension:
                return True
            if cls is n.Call and node.func in defines and node.func not in seen:
                seen.add(node.func)
                todo.append(defines[node.func].body)
    return False
