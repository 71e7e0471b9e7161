"""Calls written as Code: builtins (a library function called in place, the commonest written
without a call), defines (called, written in place, or kept per arguments), and what lies on a
place (`contents`, `at`), read from the state directly where the place is known."""
from __future__ import annotations

from ...check.builtins import BUILTINS
from ...errors import error
from ...ir import nodes as n
from ...ir.walk import nodes
from ...check.types import LOCATION
from ..engine.library import (PLAIN, PLAIN_SEARCHES, by_position, called_in_place, edge_kind_names, reporting,
                              reporting_keywords)
from ..model.values import Comp, Location, Player, Zone
from .certain import Certain
from .code import MISSING, Bind, Code, fmt, paren, read, text
from .comprehensions import filtering, name_uses

# Builtins that give a list of board locations no longer than the board (a tuple at play).
_PLACES_LISTED = frozenset({"locations", "tagged", "neighbours"})
_SEATS_LISTED = frozenset({"clockwise", "others"})     # (library: slices of the program's seats)
# Builtins whose value depends only on their arguments and the game's fixed tables.
_STATIC = frozenset({"locations", "components", "left_of", "right_of", "clockwise", "others", "seat", "opposite",
                     "turn_direction", "cell", "abs", "ceil", "floor", "keys"})
# Builtins whose list holds only items of their first argument's.
_SOME_OF_FIRST = frozenset({"without", "unique"})
_KEY_CLASSES = frozenset({Comp, Location, Player, Zone})
# The most nodes of the rules a define written in place may bring (its body, with the defines it calls
# written in place too): the bundled games' largest is about 150.
INLINE_NODES = 1000


class CallGen:
    """Calls, for ExprGen."""

    def g_call(self, e, frame):
        prog = self.prog
        if e.func in prog.defn.defines:
            return self.define_call(e, frame)
        spec = BUILTINS.get(e.func)
        if spec is None:
            raise error(e.span, f"there is no function '{e.func}'")
        if spec.chance:
            raise error(e.span, f"{e.func}(…) draws on chance and must stand alone in a `let`")
        if e.comp is not None:
            return self.comprehension_call(e, frame)
        if e.func in ("any", "all"):
            raise error(e.span, f"{e.func} needs `each x in list where cond`")
        special = self.special_call(e, frame) if self.on("calls") else None
        if special is not None:
            return special
        folded = self.fold(e, frame) if self.on("fold") else None
        if folded is not None:
            return folded
        impl = PLAIN[e.func]
        args = [self.gen(a, frame) for a in e.args]
        order = by_position(impl, len(args), [k for k, _ in e.kwargs])
        if order is not None:
            given = {k: self.keyword(k, v, frame) for k, v in e.kwargs}
            args += [given[name] if name in given else self.k(default) for name, default in order]
        else:
            args += [fmt(k + "={}", self.keyword(k, v, frame)) for k, v in e.kwargs]
        # worked out once for two calls alike (hoist.py), it fails naming the first one's place
        function = self.library(impl, e.func, e.span, len(e.args), keywords=order is None,
                                alias=f"@{e.func}/{len(args)}/{order is not None}")
        facts = {}
        if e.func in _PLACES_LISTED:
            facts["items"] = Certain(Location)
        elif e.func in _SEATS_LISTED:
            facts["items"] = Certain(Player)
        elif e.func in _SOME_OF_FIRST and args and args[0].built:
            facts["items"] = args[0].items       # some of a list's items: as certain as they
        return fmt("{}(st, prog, {})", function, _commas(args), **facts)

    def library(self, impl, name: str, span, shown=None, keywords: bool = False, alias=None) -> Code:
        """The Code naming a library function at one call of the rules (span): the function itself
        under a name of its own when a failure in it can be told after the fact
        (library.called_in_place, Namespace.site), else a wrapper that tells it. shown: how many
        of the values the rules wrote without a keyword; keywords: the call passes keywords by
        name; alias: what the function stands for, however written (hoist.py)."""
        if called_in_place(impl):
            code = self.ns.site(impl, name, span, shown)
        elif keywords:
            code = self.k(reporting_keywords(impl, name, span))
        else:
            code = self.k(reporting(impl, name, span, shown))
        return self.ns.with_alias(code, alias) if alias is not None else code

    def special_call(self, e, frame):
        """The calls rules make most, written without a call to the library."""
        name, args = e.func, e.args
        if name == "distance" and len(args) == 2 and all(k in ("via", "avoid") for k, _ in e.kwargs):
            return self.distance(e, frame)
        if e.kwargs:
            return None
        kinds = self.prog.kinds
        if name == "count" and len(args) == 1:
            return self.count(args[0], frame)
        if (name == "contents" or name == "at") and len(args) == 1:
            return self.contents(args[0], frame)
        if name == "opposite" and len(args) == 1 and self.prog.directions:
            # a direction's opposite read from a table made when compiled (the library names
            # what is not a direction)
            d = self.gen(args[0], frame)
            library = self.library(PLAIN["opposite"], "opposite", e.span, alias="@opposite")
            table = self.k(self.prog.turns[180])        # (the table `rotate` reads too)
            if d.bare().cheap:
                d = d.bare()
                return fmt("(({}.get({}) if type({}) is _EnumValue else None) or {}(st, prog, {}))",
                           table, d, d, library, d)
            if not frame.walrus:
                return None
            t = self.temp()
            return fmt("(({}.get({}) if type({} := {}) is _EnumValue else None) or {}(st, prog, {}))",
                       table, t, Bind(t), d, library, t)
        if name == "first" and len(args) == 1 and filtering(args[0]) is not None:
            # the first item that passes: the search stops there, no list is built
            loop = self.loop(args[0].comp, frame)
            return self.kept_around(fmt("next(({} for {} in {}{}), None)", loop.var, Bind(loop.var, "for"),
                                        loop.source, loop.cond), loop.kept)
        if name in ("first", "top", "bottom") and len(args) == 1:
            return self.end_of(name, args[0], frame)
        if name == "abs" and len(args) == 1 and self.is_int(args[0], frame) and frame.walrus:
            t = self.temp()
            library = self.library(PLAIN["abs"], "abs", e.span)
            return fmt("(abs({}) if type({} := {}) is int else {}(st, prog, {}))", t, Bind(t),
                       self.gen(args[0], frame), library, t)
        if name in ("at", "item_at") and len(args) == 2 and isinstance(args[1], n.Name) \
                and args[1].name in kinds and args[1].name not in frame.names:
            kind = self.k(kinds[args[1].name])
            if name == "item_at":
                return fmt("_item_of_kind(st, {}, {})", self.gen(args[0], frame), kind)
            c = self.ns.fresh("c")
            return fmt("tuple([{} for {} in {} if {}.kind is {}])", c, Bind(c, "for"),
                       self.contents(args[0], frame, iterable=True), c, kind,
                       items=Certain(Comp, None, kinds[args[1].name]))
        return None

    def count(self, inner, frame):
        """`count(x)` of a list or a place."""
        of_kind = self.of_kind(inner, frame) if self.on("fuse") else None
        if of_kind is not None:
            c = self.ns.fresh("c")      # those of the kind counted, no tuple made of them
            return fmt("len([{} for {} in {} if {}.kind is {}])", c, Bind(c, "for"), of_kind[0], c,
                       self.k(self.prog.kinds[of_kind[1]]))
        if isinstance(inner, n.Call) and inner.func in ("contents", "at") and len(inner.args) == 1 \
                and inner.comp is None and not inner.kwargs:
            inner = inner.args[0]           # count(contents(x)): no copy
        code = self.gen(inner, frame)
        cls = _place_class(self.type_of(inner, frame)) if self.on("typed") else None
        if cls is not None and self.sure(code, cls[0]) is not None:
            return self.length(fmt("st.contents[{}.index]", self.sure(code, cls[0])))
        if code.built:
            return self.length(code)    # a list just built: a tuple
        if cls is not None and frame.walrus:
            t = self.temp()     # a board location or a zone: what lies there, counted in place
            return fmt("(len(st.contents[{}.index]) if type({} := {}) is " + cls[1] + " else _size(st, {}))",
                       t, Bind(t), code, t)
        return fmt("_size(st, {})", code)

    def end_of(self, name: str, inner, frame):
        """first(x), top(zone) (what lies first there), bottom(zone) (what lies last)."""
        end = "-1" if name == "bottom" else "0"
        if name == "first" and isinstance(inner, n.Call) and inner.func in ("contents", "at") \
                and len(inner.args) == 1 and inner.comp is None and not inner.kwargs:
            inner = inner.args[0]           # first(contents(x)): first reads x's items itself
        code = self.gen(inner, frame)
        cls = _place_class(self.type_of(inner, frame)) if self.on("typed") else None
        general = "_last" if name == "bottom" else "_first"
        if cls is not None and frame.walrus:
            # what lies first (last) on a place (a zone not lazily shuffled), read in place
            t, items = self.temp(), self.temp()
            return fmt("({}[" + end + "] if type({} := {}) is " + cls[1] + " and not st.lazy and ({} := "
                       "st.contents[{}.index]) else " + general + "(st, {}))", items, Bind(t), code, Bind(items), t, t)
        return fmt(general + "(st, {})", code)

    def distance(self, e, frame) -> Code:
        """`distance(a, b, via:, avoid:)`: the search from a, made once where a loop goes through
        the bs (every destination of a move), and b looked up in what it found."""
        given = dict(e.kwargs)
        via, avoid = (self.keyword(k, given[k], frame) if k in given else text("None") for k in ("via", "avoid"))
        # (two searches alike are made once, as call() names them)
        search = self.library(PLAIN_SEARCHES["distances_of"], "distance", e.span, 1, alias="@distances_of")
        table = self.invariant(fmt("{}(st, prog, {}, {}, {})", search, self.gen(e.args[0], frame), via, avoid), frame)
        to = self.gen(e.args[1], frame)
        if self.on("typed") and self.sure(to, Location) is not None and frame.walrus:
            t = self.temp()
            return fmt("({}.get({}) if ({} := {}) is not None else None)", t, to, Bind(t), table)
        return fmt("{}(st, prog, {}, {})", self.k(PLAIN_SEARCHES["distance_in"]), table, to)

    @staticmethod
    def length(items: Code) -> Code:
        """len() of a tuple's code, knowing which tuple, so that `== 0` can test the tuple itself."""
        return fmt("len({})", items, length_of=items)

    def contents(self, place, frame, iterable: bool = False) -> Code:
        """What lies on a place: a board location's contents read in place (a location is never
        shuffled lazily, as a zone may be), anything else through _items_of. iterable: the code is
        a comprehension's source, where Python forbids `:=`."""
        code = self.plain(place, frame) if iterable else self.gen(place, frame)
        held = self.held_by(code)
        if held is not None:
            return held
        zone = code.value
        if type(zone) is Location and self.on("typed"):     # a location named in the rules
            return counted(fmt("st.contents[{}]", zone.index))
        kind = self.type_of(place, frame)
        if self.on("typed") and kind is LOCATION:
            bare = self.sure(code, Location)
            if bare is not None:
                return counted(fmt("st.contents[{}.index]", bare))
            if code.bare().cheap:       # a name: read twice, where `:=` may not be
                return self.read_in_place(code.bare(), "Location")
            if frame.walrus and not iterable:
                t = self.temp()
                return counted(fmt("(st.contents[{}.index] if type({} := {}) is Location else _items_of(st, {}))",
                                   t, Bind(t), code, t))
        if (kind is None or kind.head == "any") and self.on("typed") and code.bare().cheap:
            # a place of a sort not known (a define's parameter): most often a board location
            return self.read_in_place(code.bare(), "Location")
        if type(zone) is Zone and self.on("typed"):
            # a zone named in the rules: read in place unless some zone waits to be shuffled
            return counted(fmt("(st.contents[{}] if not st.lazy else _items_of(st, {}))", zone.index, code))
        zoned = kind is not None and kind.head in ("zone", "zone of") and self.on("typed")
        if zoned and code.bare().cheap:
            # a zone found in play (a seat's own, a variable's), a name: read in place as a named one is
            return self.read_in_place(code.bare(), "_Zone")
        if zoned and frame.walrus and not iterable:
            # a zone found in play (a seat's own, a variable's): read in place as a named one is
            t = self.temp()
            return counted(fmt("(st.contents[{}.index] if type({} := {}) is _Zone and not st.lazy "
                               "else _items_of(st, {}))", t, Bind(t), code, t))
        if kind is not None and (kind is LOCATION or kind.head in ("zone", "zone of")):
            return counted(fmt("_items_of(st, {})", code))
        return fmt("_items_of(st, {})", code)         # (a list, maybe: its items gone through as any list's)

    def held_by(self, code: Code):
        """What lies where a component lies (`at(x.location, Kind)`, `contents(x.location)`, a
        define's parameter given one), when code reads the place of a component a Python name
        holds (as the compiler writes `.location` of what is sure to be one): read in place by
        the slot that place has in the state, its contents' slot, unless some zone waits to be
        shuffled; else None. (No `:=`: it may be a comprehension's source.)"""
        held = code.held
        if not self.on("typed") or held is None:
            return None
        return counted(fmt("(st.contents[st.loc[{}.id]] if not st.lazy else _items_of(st, {}))", held, code.bare()))

    @staticmethod
    def read_in_place(name: Code, cls: str) -> Code:
        """What lies on the place a name holds: read in place when it is a cls (a `Location`, never
        shuffled lazily; a `_Zone` unless some zone waits to be), else through _items_of."""
        lazy = " and not st.lazy" if cls == "_Zone" else ""
        return counted(fmt("(st.contents[{}.index] if type({}) is " + cls + lazy + " else _items_of(st, {}))",
                           name, name, name))

    def fold(self, e, frame):
        """A call that reads nothing that changes in play, with arguments known when the game is
        compiled (`locations(Grid)`, `left_of(Red)`), as its value."""
        if e.func not in _STATIC or e.kwargs:
            return None
        values = [self.gen(a, frame).value for a in e.args]
        if any(v is MISSING or type(v) is Comp for v in values):
            return None
        try:
            value = PLAIN[e.func](self.prog.initial, self.prog, *values)
        except Exception:       # let it fail at play, at its place, as any call does
            return None
        return self.k(value)

    def keyword(self, key: str, value, frame) -> Code:
        code = self.gen(value, frame)
        if key == "via" and self.on("fold") and type(code.value) is tuple:
            kinds = edge_kind_names(self.prog.initial, code.value)   # a fixed `via:` list: its edge kinds' names, once
            # one constant for alike lists, so that two searches alike read alike (hoist.py)
            return self.k(self.kinds_lists.setdefault(kinds, kinds))
        return code

    # ---------------------------------------------------------------- defines
    def certain_value(self, name: str):
        """Certain of what a define gives, whatever its arguments, when its body says (a list built
        from a list fixed when the game is compiled), else None."""
        if name not in self.values_certain:
            decl = self.prog.defn.defines[name]
            with self.detached():
                code = self.gen(decl.body, self.detached_frame({p: self.ns.fresh("p") for p in decl.params}))
            self.values_certain[name] = code.items if code.built else None
        return self.values_certain[name]

    def certain_key(self, code: Code) -> bool:
        """Whether every value code reads is one remember() keeps values by (engine/remember.py)."""
        certain = self.certain_of(code)
        return certain is not None and certain.cls in _KEY_CLASSES

    def define_call(self, e, frame):
        decl = self.prog.defn.defines[e.func]
        if self.on("remember") and e.args and len(e.args) == len(decl.params) and \
                self.statics().remembered(e.func):
            return self.remembered_call(e, frame)
        if self.inlined(e, decl, frame):
            inner, bound = self.inline_arguments(e, decl, frame)
            body = self.gen(decl.body, self.inside(e, inner))
            if not bound:
                return body
            parts = ["("]
            for i, (t, code) in enumerate(bound):
                parts += ([", "] if i else []) + ["(", Bind(t), " := ", code, ")"]
            return Code(tuple(parts) + (", ", body, ")[-1]"))
        args = [self.gen(a, frame) for a in e.args]
        function = self.compiler.define_function(e.func)
        if not args:
            return fmt("{}(st)", function)
        return fmt("{}(st, {})", function, _commas(args))

    def remembered_call(self, e, frame):
        """A define whose value depends only on its arguments: kept per arguments (engine/remember.py)."""
        args = [self.gen(a, frame) if frame.walrus else self.plain(a, frame) for a in e.args]
        helper = "_remember1" if len(args) == 1 else "_remember"
        memo = self.memos.get(e.func)
        if memo is None:
            memo = self.memos[e.func] = self.k({})     # one for every call of the define
        call = fmt(helper + "(st, {}, {}, {})", memo, self.compiler.define_function(e.func), _commas(args))
        key = args[0].bare() if len(args) == 1 else None
        if key is not None and key.cheap and self.certain_key(key):
            # a value kept is read here, with no call: one a falsy value (an empty list)
            # or a scenario's changed state (st.unfolded) asks remember1 for
            call = fmt("((not st.unfolded and {}.get({})) or {})", memo, key, call)
        certain = self.certain_value(e.func)
        if certain is not None:
            call.items = certain
        return call

    def inlined(self, e, decl, frame) -> bool:
        """Whether a call of a define (not remembered) is written in place: not a define being
        written in place around it, nor one whose body, with the defines it calls written in place
        too, is larger than INLINE_NODES (defines each calling the last twice would double the
        code at every step: those are called)."""
        return self.on("inline") and e.func not in frame.inlining and len(e.args) == len(decl.params) \
            and (frame.walrus or all(map(_cheap, e.args))) and self.expanded(e.func) <= INLINE_NODES

    def expanded(self, name: str) -> int:
        """How many nodes a define's body holds with every define it calls written in place (a
        define calling itself, or one it is called by, counted as a call)."""
        size = self.expansions.get(name)
        if size is None:
            defines = self.prog.defn.defines
            self.expansions[name] = INLINE_NODES + 1        # (while its own size is counted: a cycle)
            size = 0
            for node in nodes([defines[name].body]):
                size += 1
                if type(node) is n.Call and node.func in defines and node.func != name:
                    size += self.expanded(node.func)
                if size > INLINE_NODES:
                    break
            self.expansions[name] = size
        return size

    def written_in_place(self, e, frame):
        """The define e calls when the call is written in place (not remembered), else None."""
        decl = self.prog.defn.defines.get(e.func) if type(e) is n.Call and e.comp is None else None
        if decl is not None and not (self.on("remember") and e.args and self.statics().remembered(e.func)) \
                and self.inlined(e, decl, frame):
            return decl
        return None

    def inline_arguments(self, e, decl, frame) -> tuple:
        """(the frame the body is written in: each parameter the Code that reads its argument,
        [(Name, Code) of each argument worked out first]) for a define written in place.
        Comprehension variables are fresh Python names, so nothing the body binds can capture an
        argument. An argument that costs something, or that the body reads more than once, is
        worked out first, into a Python name, where Python allows it (as a call works out every
        argument); a cheap one is written where it is read."""
        inner, bound = {}, []
        uses = name_uses(decl.body)
        for p, a in zip(decl.params, e.args):
            if isinstance(a, (n.Name, n.Literal)) or (_cheap(a) and (not frame.walrus or uses.get(p, 0) < 2)):
                inner[p] = paren(self.plain(a, frame))
            else:
                t = self.temp()
                code = self.gen(a, frame)
                bound.append((t, code))
                inner[p] = read(t)
                self.varies_with(t, code, frame)
                self.know(t, self.certain_of(code))
        return frame.scope(inner), bound

    def inside(self, e, frame):
        """The frame the body of the define e calls is written in, in place: typed as for that
        call."""
        checked = self.compiler.checked.types
        site = frame.types.get(("site", id(e))) if self.on("typed") else None
        return frame.typed_as(site if site is not None else checked, frame.inlining | {e.func})


def counted(code: Code) -> Code:
    """code, which reads what lies on a place: components, no more than the game has, gone through
    without the step budget's count (as a list just built is)."""
    code.items = Certain(Comp)
    return code


def _commas(codes: list) -> Code:
    parts = []
    for i, code in enumerate(codes):
        parts += ([", "] if i else []) + [code]
    return Code(tuple(parts))


def _place_class(place):
    """(the class, its name in generated code) of a place the checker typed (a board location or
    a zone of a kind), or None for anything else."""
    if place is LOCATION:
        return Location, "Location"
    return (Zone, "_Zone") if place is not None and place.head == "zone of" else None


def _cheap(e) -> bool:
    """Whether an argument is cheap enough to be evaluated wherever the body uses it."""
    if isinstance(e, (n.Literal, n.Name)):
        return True
    if isinstance(e, n.Attr):
        return _cheap(e.obj)
    if isinstance(e, n.Index):
        return _cheap(e.obj) and _cheap(e.index)
    return False
