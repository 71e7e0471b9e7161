"""Calls written as Code: builtins (a library function called in place; the `calls` pass writes the
commonest without a call), defines (called; written in place by `inline`, kept per arguments by
`remember`), and what lies on a place (`contents`, `at`; read from the state by `typed`)."""
from __future__ import annotations

from ...check.builtins import BUILTINS
from ...check.types import LOCATION
from ...errors import error
from ...ir import nodes as n
from ..engine.library import (
    PLAIN,
    by_position,
    called_in_place,
    reporting,
    reporting_keywords,
)
from ..model.values import Comp, Location, Player, Zone
from .certain import Certain
from .code import Bind, Code, fmt, paren, read
from .comprehensions import name_uses

# Builtins that give a list of board locations no longer than the board (a tuple at play).
_PLACES_LISTED = frozenset({"locations", "tagged", "neighbours"})
_SEATS_LISTED = frozenset({"clockwise", "others"})     # (library: slices of the program's seats)
# Builtins whose list holds only items of their first argument's.
_SOME_OF_FIRST = frozenset({"without", "unique"})


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
        found = self.passes.first("call", self, e, frame)
        if found is not None:
            return found
        impl = PLAIN[e.func]
        given = e.args
        if e.func == "count" and len(given) == 1 and _whole_place(given[0]):
            # count(contents(x)): how many lie there, the place's order left unread (a lazily
            # shuffled deck stays unsettled, its next draw a decision of chance), as `calls` counts it
            given = given[0].args
        args = [self.gen(a, frame) for a in given]
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
        return fmt("{}(st, prog, {})", function, self.commas(args), **facts)

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

    def keyword(self, key: str, value, frame) -> Code:
        code = self.gen(value, frame)
        if key == "via":
            return self.passes.first("via", self, value, code) or code
        return code

    @staticmethod
    def commas(codes: list) -> Code:
        parts = []
        for i, code in enumerate(codes):
            parts += ([", "] if i else []) + [code]
        return Code(tuple(parts))

    # ---------------------------------------------------------------- places
    def count(self, inner, frame):
        """`count(x)` of a list or a place."""
        of_kind = self.passes.first("kind_loop", self, inner, frame)
        if of_kind is not None:
            c = self.ns.fresh("c")      # those of the kind counted, no tuple made of them
            return fmt("len([{} for {} in {} if {}.kind is {}])", c, Bind(c, "for"), of_kind[0], c,
                       self.k(self.prog.kinds[of_kind[1]]))
        if _whole_place(inner):
            inner = inner.args[0]           # count(contents(x)): no copy
        code = self.gen(inner, frame)
        cls = _place_class(self.type_of(inner, frame))
        found = self.passes.first("count_place", self, inner, frame, code, cls) if cls is not None else None
        if found is not None:
            return found
        if code.built:
            return self.length(code)    # a list just built: a tuple
        found = self.passes.first("count_tested", self, inner, frame, code, cls) if cls is not None else None
        return found or fmt("_size(st, {})", code)

    def end_of(self, name: str, inner, frame):
        """first(x), top(zone) (what lies first there), bottom(zone) (what lies last)."""
        end = "-1" if name == "bottom" else "0"
        if name == "first" and isinstance(inner, n.Call) and inner.func in ("contents", "at") \
                and len(inner.args) == 1 and inner.comp is None and not inner.kwargs:
            inner = inner.args[0]           # first(contents(x)): first reads x's items itself
        code = self.gen(inner, frame)
        cls = _place_class(self.type_of(inner, frame))
        general = "_last" if name == "bottom" else "_first"
        found = self.passes.first("end_of", self, inner, frame, code, cls, end, general) if cls is not None else None
        return found or fmt(general + "(st, {})", code)

    @staticmethod
    def length(items: Code) -> Code:
        """len() of a tuple's code, knowing which tuple, so that `== 0` can test the tuple itself."""
        return fmt("len({})", items, length_of=items)

    def contents(self, place, frame, iterable: bool = False) -> Code:
        """What lies on a place: through _items_of (the `typed` pass reads it from the state where
        the checker says what the place is). iterable: the code is a comprehension's source, where
        Python forbids `:=`."""
        code = self.plain(place, frame) if iterable else self.gen(place, frame)
        found = self.passes.first("contents", self, place, frame, code, iterable)
        if found is not None:
            return found
        kind = self.type_of(place, frame)
        if kind is not None and (kind is LOCATION or kind.head in ("zone", "zone of")):
            return counted(fmt("_items_of(st, {})", code))
        return fmt("_items_of(st, {})", code)         # (a list, maybe: its items gone through as any list's)

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

    def define_call(self, e, frame):
        found = self.passes.first("define_call", self, e, frame)
        if found is not None:
            return found
        decl = self.prog.defn.defines[e.func]
        if self.passes.first("inlined", self, e, decl, frame):
            inner, bound = self.inline_arguments(e, decl, frame)
            body = self.gen(decl.body, self.inside(e, inner))
            if bound:
                parts = ["("]
                for i, (t, code) in enumerate(bound):
                    parts += ([", "] if i else []) + ["(", Bind(t), " := ", code, ")"]
                body = Code(tuple(parts) + (", ", body, ")[-1]"))
            # the calls it holds spend as they would called, where they are many (a chain of defines
            # each calling the one before twice or thrice did hundreds of calls' work in a step)
            spends = self.passes.first("inlined_spends", self, e)
            return fmt("_spent(st, {}, {})", spends, body) if spends else body
        args = [self.gen(a, frame) for a in e.args]
        function = self.compiler.define_function(e.func)
        if not args:
            return fmt("{}(st)", function)
        return fmt("{}(st, {})", function, self.commas(args))

    def written_in_place(self, e, frame):
        """The define e calls when the call is written in place (not kept per arguments), else None."""
        decl = self.prog.defn.defines.get(e.func) if type(e) is n.Call and e.comp is None else None
        if decl is not None and not self.passes.first("remembers", self, e) \
                and self.passes.first("inlined", self, e, decl, frame):
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
            if isinstance(a, (n.Name, n.Literal)) or (cheap(a) and (not frame.walrus or uses.get(p, 0) < 2)):
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
        """The frame the body of the define e calls is written in, in place: typed as for that call
        where a pass knows how (`typed`)."""
        site = self.site_types(e, frame.types)
        return frame.typed_as(site if site is not None else self.compiler.checked.types, frame.inlining | {e.func})

    def site_types(self, e, types):
        """The checker's types of the body of the define e calls, as typed for that call, or None."""
        return self.passes.first("site_types", self, e, types)


def counted(code: Code) -> Code:
    """code, which reads what lies on a place: components, no more than the game has, gone through
    without the step budget's count (as a list just built is)."""
    code.items = Certain(Comp)
    return code


def _place_class(place):
    """(the class, its name in generated code) of a place the checker typed (a board location or
    a zone of a kind), or None for anything else."""
    if place is LOCATION:
        return Location, "Location"
    return (Zone, "_Zone") if place is not None and place.head == "zone of" else None


def cheap(e) -> bool:
    """Whether an argument is cheap enough to be evaluated wherever the body uses it."""
    if isinstance(e, (n.Literal, n.Name)):
        return True
    if isinstance(e, n.Attr):
        return cheap(e.obj)
    if isinstance(e, n.Index):
        return cheap(e.obj) and cheap(e.index)
    return False


def _whole_place(e) -> bool:
    """Whether e is `contents(x)` or `at(x)`: all that lies on one place, as a list."""
    return isinstance(e, n.Call) and e.func in ("contents", "at") and len(e.args) == 1 and e.comp is None \
        and not e.kwargs
