"""Pass `typed`: where the checker says what a value is, Python's own operations on it.

Recognises: a value whose type the checker knows (a seat, a place, a component of a kind, a
whole number, a list, a text), and values certain at compile time (compiler/certain.py: the
items of a list fixed when the game is compiled, what lies on a place, a loop's seat).

Emits: a field read directly (a component's by its position, a seat's variable by its slot),
handles compared by identity, whole numbers added and compared and lists indexed and joined with
Python's operators, a place's contents read from the state, each guarded by a test of the value's
class with the general code standing by (no test where the value is certain); a `move` of one
component onto a board location is effects.move_onto; `turn p:` of a certain seat begins in place;
a decision `by` a certain seat asks nothing of it; a define written in place is typed as the
checker typed it for that call.

Gain: see docs/architecture.md, "The passes".
"""
from __future__ import annotations

from ....check.types import LOCATION
from ....ir import nodes as n
from ...effects.flow import turn_event
from ...engine.library import PLAIN
from ...model.values import Comp, EnumValue, Location, Player, Zone
from ..certain import Certain
from ..code import Bind, bare_cheap, fmt, read
from ...engine.ops import SHORT_SCAN
from . import Pass

# Handles that read as their label, by the head of their type (the class generated code tests).
_LABELLED = {"player": (Player, "Player"), "location": (Location, "Location"), "enum": (EnumValue, "_EnumValue"),
             "direction": (EnumValue, "_EnumValue")}
# Operators that mean on two whole numbers what Python's do (not /, which is exact).
_INT_OPS = ("+", "-", "*", "<", "<=", ">", ">=")
_GROWING = frozenset({"+", "-", "*"})
_ARITH = {"+": "_add", "-": "_sub", "*": "_mul", "<": "_lt", "<=": "_le", ">": "_gt", ">=": "_ge"}


class Typed(Pass):
    name = "typed"

    # ---------------------------------------------------------------- what is certain
    def know(self, gen, var, certain):
        gen.certain[gen.key_of(var)] = certain
        return True

    def site_types(self, gen, e, types):
        """The checker's types of a define's body as typed for the call e (written in place)."""
        site = types.get(("site", id(e)))
        if site is not None:
            self.decided("typed as the call", e)
        return site

    def items(self, gen, e, frame, code):
        """A loop over a list certain to be a tuple (its items as certain as it says), or over a
        zone (no count of its components: they are no more than the game has)."""
        bare = gen.sure(code, tuple)
        if bare is not None:
            self.decided("a tuple, gone through as it is", e)
            return bare, gen.certain_of(bare).items, False
        kind = gen.type_of(e, frame)
        if kind is not None and kind.head in ("zone", "zone of"):
            self.decided("a zone's items", e)
            return fmt("_zone_items(st, {})", code), None, False
        return None

    # ---------------------------------------------------------------- reads
    def shown_part(self, gen, e, frame, code):
        """A {…} part of a text: a text as itself, a whole number as its digits, a handle as its label."""
        kind = gen.type_of(e, frame)
        if kind is None or not frame.walrus:
            return None
        if kind.head in ("text", "int") and frame.memo is None:
            t = gen.temp()
            self.decided("shown as itself", e)
            if kind.head == "text":
                return fmt("({} if type({} := {}) is str else {})", t, Bind(t), code, gen.shown(read(t), frame))
            return fmt("(str({}) if type({} := {}) is int else {})", t, Bind(t), code, gen.shown(read(t), frame))
        labelled = _LABELLED.get(kind.head)
        if labelled is None:
            return None
        cls, cls_name = labelled
        bare = gen.sure(code, cls)
        if bare is not None:
            self.decided("label read, certain", e)
            return fmt("{}.label", bare)
        t = gen.temp()
        self.decided("label read", e)
        return fmt("({}.label if type({} := {}) is {} else {})", t, Bind(t), code, cls_name, gen.shown(read(t), frame))

    def attr(self, gen, e, frame, obj, readers, fail):
        """`x.name` read directly where the checker says what x is (or guesses: Names.guessed)."""
        names, k = gen.names, gen.k
        obj_type = gen.type_of(e.obj, frame)
        if not frame.walrus:
            bare = obj.bare()
            # (a name, or a read of the frame: read twice at no cost, where `:=` is forbidden)
            typed = names.typed_field(obj_type, e.name, bare) if bare.cheap else None
            if typed is None:
                return None
            if gen.sure(bare, typed.cls, typed.kind) is not None:
                self.decided("field read, certain", e)
                return typed.read
            # a name may be read twice where `:=` is forbidden: the typed read, the general beside it
            self.decided("field read", e)
            return fmt("({} if {} else {})", typed.read, typed.test(bare),
                       fmt("_attr({}, {}, st, {})", k(readers), k(fail), bare))
        t = gen.temp()
        typed = names.typed_field(obj_type, e.name, read(t))
        if typed is None:
            return None
        bare = gen.sure(obj, typed.cls, typed.kind)
        if bare is not None:        # it is certain: the field read with no test
            self.decided("field read, certain", e)
            return names.typed_field(obj_type, e.name, bare).read
        # the reader for what the object is; `fail` raises for anything without this field
        generic = fmt("({}.get(type({})) or {})(st, {})", k(readers), t, k(fail), t)
        self.decided("field read", e)
        return fmt("({} if {} else {})", typed.read, typed.test(fmt("({} := {})", Bind(t), obj)), generic)

    def index(self, gen, e, frame, obj, index):
        """`list[i]` of a list and a whole number written out: Python's own indexing."""
        i = e.index.value
        if type(i) is not int:
            return None
        bare = gen.sure(obj, tuple)
        if bare is not None and 0 <= i < gen.certain_of(bare).length:
            self.decided("index, certain", e)       # a list certainly that long
            return fmt("{}[{}]", bare, i, item_of=gen.item_key(bare, i))
        if frame.walrus and gen.is_list(e.obj, frame) and i >= 0:
            t = gen.temp()         # a list (a tuple at play) and a whole number: Python's own indexing
            self.decided("index", e)
            return fmt("({}[{}] if type({} := {}) is tuple and len({}) > {} else _index(st, {}, {}, {}))",
                       t, i, Bind(t), obj, t, i, t, index, gen.k(e.span))
        return None

    # ---------------------------------------------------------------- operators
    def arithmetic(self, gen, e, frame, a, b):
        """Two lists joined, two whole numbers added or compared, by Python's operators."""
        op = e.op
        span = gen.k(e.span)
        if op == "+" and frame.walrus and gen.is_list(e.left, frame) and gen.is_list(e.right, frame):
            # two lists (tuples at play): joined by Python's +; a list written out or just built is one
            (ta, test_a), (tb, test_b) = gen.tuple_operand(e.left, a), gen.tuple_operand(e.right, b)
            tests = [t for t in (test_a, test_b) if t is not None]
            self.decided("lists joined", e)
            # (its length spent and checked against the limit on a list's size, as _add does)
            if not tests:
                return fmt("_sized(st, {} + {}, {})", ta, tb, span)
            return fmt("(_sized(st, {} + {}, {}) if {} else _add(st, {}, {}, {}))", ta, tb, span, _all(tests), ta, tb,
                       span)
        if op not in _INT_OPS:
            return None
        if not frame.walrus and gen.plain_int(e.left) and gen.plain_int(e.right):
            self.decided("whole numbers", e)
            return fmt("({} " + op + " {})", a, b)    # (a count and a number: no name needed to test them)
        if frame.walrus and gen.is_int(e.left, frame) and gen.is_int(e.right, frame):
            # Two whole numbers, as the checker expects: Python's operator (the helper for anything else).
            (ta, test_a), (tb, test_b) = gen.int_operand(e.left, a), gen.int_operand(e.right, b)
            tests = [t for t in (test_a, test_b) if t is not None]
            self.decided("whole numbers", e)
            if tests:
                # an operand with no test is written in both branches: once, when it is more than a
                # name (a count nested in a count's condition would double the code at every level)
                if test_a is None and not _literal(e.left) and not bare_cheap(ta):
                    ta, tests = _bound(gen, ta, tests, 0)
                if test_b is None and not _literal(e.right) and not bare_cheap(tb):
                    tb, tests = _bound(gen, tb, tests, len(tests))
            made = fmt("({} " + op + " {})", ta, tb)
            if op in _GROWING:      # (checked against the limit on a number's size, as _add checks)
                r = gen.temp()
                made = fmt("({} if -_INT_LIMIT < ({} := {}) < _INT_LIMIT else _too_big(st, {}, {}))",
                           r, Bind(r), made, r, span)
            if not tests:
                return made      # both whole numbers whatever happens
            return fmt("({} if {} else " + _ARITH[op] + "(st, {}, {}, {}))", made, _all(tests), ta, tb, span)
        return None

    def equality(self, gen, e, frame, a, b, negate):
        """`a == b` of handles (identity) or of two lists (Python's equality of tuples)."""
        if gen.by_identity(e, frame):
            self.decided("identity", e)
            return fmt("({} is not {})" if negate else "({} is {})", a, b)
        if gen.is_list(e.left, frame) and gen.is_list(e.right, frame):
            # two lists (tuples at play): the language's equality of tuples is Python's, item by item;
            # a long one is compared by _same_spent, which spends its length, as a scan does
            self.decided("lists compared", e)
            if frame.walrus:
                t = gen.temp()
                test = fmt("({} == {} if type({} := {}) is not tuple or len({}) <= " + str(SHORT_SCAN) +
                           " else _same_spent(st, {}, {}))", t, b, Bind(t), a, t, t, b)
            else:
                test = fmt("_same_spent(st, {}, {})", a, b)
            return fmt("(not {})", test) if negate else test
        return None

    def identity(self, gen, e, frame, a, b, negate):
        """`a is b` of handles (an enum field against its value): identity."""
        if gen.by_identity(e, frame):
            self.decided("identity", e)
            return fmt("({} is not {})" if negate else "({} is {})", a, b)
        return None

    def tag_test(self, gen, e, frame, a, right, other, negate):
        """`l is Tag` of a board location, as the checker expects: its tags read in place (the
        general test beside it for a value of another sort)."""
        kind = gen.type_of(e.left, frame)
        if kind is None or kind.head != "location":
            return None
        bare = a.bare()
        if bare.cheap:
            t, given = bare, bare
        elif frame.walrus:
            name = gen.temp()
            t, given = read(name), fmt("({} := {})", Bind(name), a)
        else:
            return None
        k = gen.k
        self.decided("tags read in place", e)
        test = fmt("({} in st.tags[{}.index] if type({}) is Location else _has_tag(st, {}, {}, {}, False))",
                   k(right), t, given, t, k(right), k(other))
        return fmt("(not {})", test) if negate else test

    # ---------------------------------------------------------------- places
    def contents(self, gen, place, frame, code, iterable):
        """What lies on a place the checker types (a board location, a zone, a component's place):
        read from the state by its slot, the general reader standing by."""
        held = code.held
        if held is not None:
            # what lies where a component lies, read by the slot of the place it lies on (no `:=`:
            # it may be a comprehension's source)
            self.decided("contents where a component lies", place)
            return _counted(fmt("(st.contents[st.loc[{}.id]] if not st.lazy else _items_of(st, {}))", held, code.bare()))
        zone = code.value
        if type(zone) is Location:     # a location named in the rules
            self.decided("contents of a location", place)
            return _counted(fmt("st.contents[{}]", zone.index))
        kind = gen.type_of(place, frame)
        if kind is LOCATION:
            bare = gen.sure(code, Location)
            if bare is not None:
                self.decided("contents of a location, certain", place)
                return _counted(fmt("st.contents[{}.index]", bare))
            if code.bare().cheap:       # a name: read twice, where `:=` may not be
                self.decided("contents of a location", place)
                return _in_place(code.bare(), "Location")
            if frame.walrus and not iterable:
                t = gen.temp()
                self.decided("contents of a location", place)
                return _counted(fmt("(st.contents[{}.index] if type({} := {}) is Location else _items_of(st, {}))",
                                    t, Bind(t), code, t))
        if (kind is None or kind.head == "any") and code.bare().cheap:
            # a place of a sort not known (a define's parameter): most often a board location
            self.decided("contents of a location", place)
            return _in_place(code.bare(), "Location")
        if type(zone) is Zone:
            # a zone named in the rules: read in place unless some zone waits to be shuffled
            self.decided("contents of a zone", place)
            return _counted(fmt("(st.contents[{}] if not st.lazy else _items_of(st, {}))", zone.index, code))
        zoned = kind is not None and kind.head in ("zone", "zone of")
        if zoned and code.bare().cheap:
            # a zone found in play (a seat's own, a variable's), a name: read in place as a named one is
            self.decided("contents of a zone", place)
            return _in_place(code.bare(), "_Zone")
        if zoned and frame.walrus and not iterable:
            t = gen.temp()
            self.decided("contents of a zone", place)
            return _counted(fmt("(st.contents[{}.index] if type({} := {}) is _Zone and not st.lazy "
                                "else _items_of(st, {}))", t, Bind(t), code, t))
        return None

    def count_place(self, gen, inner, frame, code, cls):
        """count(place) of a board location or a zone: what lies there counted in place."""
        bare = gen.sure(code, cls[0])
        if bare is not None:
            self.decided("counted in place, certain", inner)
            return gen.length(fmt("st.contents[{}.index]", bare))
        return None

    def count_tested(self, gen, inner, frame, code, cls):
        if not frame.walrus:
            return None
        t = gen.temp()     # a board location or a zone: what lies there, counted in place
        self.decided("counted in place", inner)
        return fmt("(len(st.contents[{}.index]) if type({} := {}) is " + cls[1] + " else _size(st, {}))",
                   t, Bind(t), code, t)

    def end_of(self, gen, inner, frame, code, cls, end: str, general: str):
        """first/top/bottom of a place: what lies first (last) there (a zone not lazily shuffled)."""
        if not frame.walrus:
            return None
        t, items = gen.temp(), gen.temp()
        self.decided("end read in place", inner)
        return fmt("({}[" + end + "] if type({} := {}) is " + cls[1] + " and not st.lazy and ({} := "
                   "st.contents[{}.index]) else " + general + "(st, {}))", items, Bind(t), code, Bind(items), t, t)

    def whole_abs(self, gen, e, frame):
        if not frame.walrus or not gen.is_int(e.args[0], frame):
            return None
        t = gen.temp()
        library = gen.library(PLAIN["abs"], "abs", e.span)
        self.decided("abs of a whole number", e)
        return fmt("(abs({}) if type({} := {}) is int else {}(st, prog, {}))", t, Bind(t), gen.gen(e.args[0], frame),
                   library, t)

    def found_distance(self, gen, e, frame, table, to):
        """distance(a, b) of b certain to be a location: read off the search's map."""
        if gen.sure(to, Location) is None or not frame.walrus:
            return None
        t = gen.temp()
        self.decided("distance read off the search", e)
        return fmt("({}.get({}) if ({} := {}) is not None else None)", t, to, Bind(t), table)

    # ---------------------------------------------------------------- statements
    def set_seat_variable(self, stmts, s, obj, seat, slot, value, write, out):
        """`set p.var to v` of a seat's variable: its slot written directly."""
        if seat is not None:
            # certainly a seat (compiler/certain.py): its slot written, and no other way
            self.decided("seat variable written, certain", s)
            out.add(fmt("st.vals[{} + {}.index] = {}", slot, obj, value), s.span)
            return True
        new = self.ns.fresh("n")
        self.decided("seat variable written", s)
        out.add(fmt("{} = {}", Bind(new, "set"), value), s.span)
        out.add(fmt("if type({}) is Player:", obj), s.span)
        out.add(fmt("st.vals[{} + {}.index] = {}", slot, obj, new), s.span, depth=1)
        out.add("else:", s.span)
        out.add(write(read(new)), s.span, depth=1)
        return True

    def move(self, stmts, s, frame, item, dest, rest, quietly):
        """A move of one component, as the checker expects: moved without a list; onto a board
        location as it lays things, effects.move_onto; all a `quietly:` holds, said to effects.move."""
        kind = stmts.exprs.type_of(s.item, frame)
        if kind is None or kind.head != "kind":
            return None
        t = stmts.exprs.temp()
        k = self.ns.const
        onto = stmts.exprs.sure(dest, Location) if s.end is None and s.facing is None else None
        if onto is not None:
            self.decided("move onto a location", s)
            return fmt("_move_onto(prog, st, {}, {}, {}) if type({} := {}) is Comp else _move_many(prog, st, {}, {})",
                       t, onto, k(s.span), Bind(t), item, t, rest), False
        if quietly:     # (a list: moved as in any quiet block)
            self.decided("quiet move of one component", s)
            return fmt("_move(prog, st, {}, {}, True) if type({} := {}) is Comp "
                       "else _quietly(_move_many, prog, st, {}, {})", t, rest, Bind(t), item, t, rest), True
        self.decided("move of one component", s)
        return fmt("(_move if type({} := {}) is Comp else _move_many)(prog, st, {}, {})", Bind(t), item, t, rest), False

    def turn(self, units, unit, s, frame, player):
        """`turn p:` of a value certain to be a seat: effects/flow.enter_turn, written out."""
        seat = units.exprs.sure(player, Player)
        if seat is None:
            return None
        told = self.ns.const(tuple(turn_event(p) for p in self.prog.players))
        if not seat.ident:
            name = self.ns.fresh("t")
            unit.add(fmt("{} = {}", name, seat), s.span)
            seat = read(name)
        self.decided("turn begun in place", s)
        unit.add(fmt("st.current = {}", seat), s.span)
        unit.add(fmt("if {}.index == 0:", seat), s.span)
        unit.add("st.round += 1", s.span, depth=1)
        unit.add("if not st.muted:", s.span)
        unit.add("log = st.log", s.span, depth=1)
        unit.add(fmt("st.log = ({}[{}.index], log, log[2] + 1 if log is not None else 1)", told, seat), s.span, depth=1)
        return True

    def chooser(self, units, s, code):
        """A decision `by` a value certain to be a seat: nothing to ask of it."""
        if units.exprs.sure(code, Player) is not None:
            self.decided("chooser certain", s)
            return code
        return None


def _all(tests: list):
    """The tests joined by `&` (each a bool: no short cut is wanted between two type tests)."""
    code = tests[0]
    for test in tests[1:]:
        code = fmt("{} & {}", code, test)
    return code


def _counted(code):
    code.items = _COMPONENTS
    return code


def _in_place(name, cls: str):
    """What lies on the place a name holds: read in place when it is a cls (a `Location`, never
    shuffled lazily; a `_Zone` unless some zone waits to be), else through _items_of."""
    lazy = " and not st.lazy" if cls == "_Zone" else ""
    return _counted(fmt("(st.contents[{}.index] if type({}) is " + cls + lazy + " else _items_of(st, {}))",
                        name, name, name))


_COMPONENTS = Certain(Comp)


def _literal(e) -> bool:
    return isinstance(e, n.Literal) or (isinstance(e, n.Unary) and isinstance(e.operand, n.Literal))


def _bound(gen, code, tests: list, at: int) -> tuple:
    """(a name reading code, the tests with its binding put at `at`): `(t := code) is t`, always
    true, so that code is worked out once, in its place among the operands, before either branch."""
    t = gen.temp()
    return read(t), tests[:at] + [fmt("(({} := {}) is {})", Bind(t), code, read(t))] + tests[at:]
