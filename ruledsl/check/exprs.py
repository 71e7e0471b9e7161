"""Typing expressions: one method per expression node, for the scope pass's Checker.

Expressions is mixed into scope.Checker and uses what it keeps: the chain of
local scopes (self.scope), the context (self.ctx), the types of variables and
constants, and its helpers expect, condition and collection.
"""
from __future__ import annotations

from ..errors import did_you_mean
from ..ir import nodes as n
from .builtins import BUILTINS, COMPONENT_FIELDS, LOCATION_FIELDS, PLAYER_FIELDS
from .context import item_of, list_of
from .index import name_span

NUMERIC = ("int", "any")
ARITH = ("+", "-", "*", "/", "%")
COMPARE = ("==", "!=", "<", "<=", ">", ">=")


def compatible(want: str, got: str) -> bool:
    if "any" in (want, got) or got == "none" or want == got:
        return True
    if want.startswith("list of") and got.startswith("list of"):
        return compatible(item_of(want), item_of(got))
    if want.startswith("kind ") and got.startswith("kind "):
        return False
    return False


class Expressions:
    """The expression half of the Checker."""

    def suggest(self, name: str) -> str:
        return did_you_mean(name, self.scope.names() + self.ctx.known_names() + list(BUILTINS))

    # -- expressions --------------------------------------------------------------
    def expr(self, e) -> str:
        return getattr(self, "e_" + type(e).__name__)(e)

    def e_Literal(self, e: n.Literal) -> str:
        v = e.value
        if isinstance(v, bool):
            return "bool"
        if isinstance(v, int):
            return "int"
        if isinstance(v, str):
            return "text"
        return "none"

    def e_Template(self, e: n.Template) -> str:
        for part in e.parts:
            if not isinstance(part, str):
                self.expr(part)
        return "text"

    def e_Name(self, e: n.Name) -> str:
        typ = self.name(e)
        if self.scope.lookup_decl(e.name) is not None:
            self.ctx.index.use(e.span, self.scope.lookup_decl(e.name), typ)
        elif e.name in self.ctx.tag_decls and e.name not in self.ctx.symbols:
            self.ctx.index.use(e.span, self.ctx.tag_decls[e.name], typ)
        else:
            self.uses(e.span, e.name, typ)
        return typ

    def name(self, e: n.Name) -> str:
        local = self.scope.lookup(e.name)
        if local is not None:
            return local
        g = self.ctx.game
        if e.name in g.vars:
            self.used.add(e.name)
            if g.vars[e.name].per_player:
                self.ctx.error(e.span, f"{e.name} is a per-player variable", f"write p.{e.name} for a player p")
                return "any"
            return self.var_types[e.name]
        if e.name in self.const_types:
            return self.const_types[e.name]
        if e.name in g.zones:
            zone = g.zones[e.name]
            if zone.per_player:
                self.ctx.error(e.span, f"{e.name} is a per-player zone", f"write p.{e.name} for a player p")
                return "any"
            return f"zone of {zone.of}"
        sym = self.ctx.symbols.get(e.name)
        if sym is not None:
            if sym.category in ("rule",):
                self.ctx.error(e.span, f"{e.name} is a rule, not a value", f"run it with: do {e.name}(…)")
                return "any"
            if sym.category == "function":
                self.ctx.error(e.span, f"{e.name} is a function", f"call it: {e.name}(…)")
                return "any"
            return sym.type
        if e.name in self.ctx.tags:
            return "tag"
        self.ctx.error(e.span, f"'{e.name}' is not defined", self.suggest(e.name))
        return "any"

    def e_Attr(self, e: n.Attr) -> str:
        obj = self.expr(e.obj)
        typ = self.attr(e, obj)
        self.ctx.index.use(name_span(e.span, e.name, at_end=True), self.ctx.field_declaration(obj, e.name), typ)
        return typ

    def attr(self, e: n.Attr, obj: str) -> str:
        name = e.name
        g = self.ctx.game
        if obj == "any":
            if name not in self.field_names:
                self.ctx.error(e.span, f"nothing in this game has a field '{name}'",
                               did_you_mean(name, self.field_names) or "fields come from kinds, per-player vars and zones, and locations")
            return "any"
        if obj == "player":
            if name in g.vars and g.vars[name].per_player:
                self.used.add(name)
                return self.var_types[name]
            if name in g.zones and g.zones[name].per_player:
                return f"zone of {g.zones[name].of}"
            if name in PLAYER_FIELDS:
                return PLAYER_FIELDS[name][0]
            known = [v for v in g.vars if g.vars[v].per_player] + [z for z in g.zones if g.zones[z].per_player] + list(PLAYER_FIELDS)
            self.ctx.error(e.span, f"a player has no '{name}'",
                           did_you_mean(name, known) or f"declare it: var {name}: int = 0, per player")
            return "any"
        if obj.startswith("kind "):
            kind = g.kinds.get(obj[5:])
            fields = {f.name: f for f in kind.fields} if kind else {}
            if name in fields:
                return self.ctx.resolve_type(fields[name].type)
            if name in COMPONENT_FIELDS:
                return COMPONENT_FIELDS[name][0]
            self.ctx.error(e.span, f"kind {obj[5:]} has no field '{name}'",
                           did_you_mean(name, list(fields) + list(COMPONENT_FIELDS)) or f"its fields are: {', '.join(fields) or 'none'}")
            return "any"
        if obj == "location":
            if name in LOCATION_FIELDS:
                return LOCATION_FIELDS[name][0]
            if name in self.ctx.location_fields:
                return "any"
            self.ctx.error(e.span, f"a location has no field '{name}'",
                           did_you_mean(name, list(LOCATION_FIELDS) + list(self.ctx.location_fields)) or "declare it on locations: location X with name: value")
            return "any"
        if obj.startswith("zone of"):
            if name == "contents":
                return list_of("kind " + obj[len("zone of "):])
            self.ctx.error(e.span, f"a zone has no field '{name}'", "use contents(zone), top(zone), count(zone)")
            return "any"
        self.ctx.error(e.span, f"{a_type(obj)} has no fields", f"'.{name}' can follow a player, a component or a location")
        return "any"

    def e_Index(self, e: n.Index) -> str:
        obj = self.expr(e.obj)
        idx = self.expr(e.index)
        if obj.startswith("list of"):
            self.expect(e.index, "int", idx, "a list index")
            return item_of(obj)
        if obj not in ("map", "any"):
            self.ctx.error(e.span, f"{a_type(obj)} cannot be indexed", "only lists and maps can be indexed")
        return "any"

    def e_Call(self, e: n.Call) -> str:
        return self.call(e)

    def call(self, e: n.Call, chance_ok: bool = False) -> str:
        define = self.ctx.game.defines.get(e.func)
        if define is not None:
            self.uses(name_span(e.span, e.func), e.func)
            self.used.add(e.func)
            for arg in e.args:
                self.expr(arg)
            if e.comp is not None or e.kwargs:
                self.ctx.error(e.span, f"{e.func} takes plain arguments", f"call it as {e.func}({', '.join(define.params)})")
            elif len(e.args) != len(define.params):
                self.ctx.error(e.span, f"{e.func} takes {len(define.params)} argument(s), not {len(e.args)}",
                               f"it is defined as {e.func}({', '.join(define.params)}) on line {define.span.line}")
            return "any"
        spec = BUILTINS.get(e.func)
        if spec is None:
            if e.func in self.ctx.game.rules:
                self.ctx.error(e.span, f"{e.func} is a rule, not a function", f"run it with: do {e.func}(…)")
            else:
                self.ctx.error(e.span, f"there is no function '{e.func}'",
                               did_you_mean(e.func, list(BUILTINS) + list(self.ctx.game.defines)) or "see the builtin functions in docs/language.md")
            for arg in e.args:
                self.expr(arg)
            return "any"
        self.ctx.index.use(name_span(e.span, e.func), self.ctx.index.builtin(e.func, "builtin function", spec.returns))
        if spec.chance and not chance_ok:
            self.ctx.error(e.span, f"{e.func}(…) draws on chance and must stand alone in a `let`",
                           f"write: let x = {e.func}(…) and then use x")
        arg_types = [self.expr(a) for a in e.args]
        for key, value in e.kwargs:
            self.expr(value)
            if key not in spec.kwargs:
                self.ctx.error(value.span, f"{e.func} has no option '{key}'",
                               did_you_mean(key, spec.kwargs) or (f"it takes: {', '.join(spec.kwargs)}" if spec.kwargs else "it takes no named arguments"))
        comp_item = None
        if e.comp is not None:
            if spec.comp == "no":
                self.ctx.error(e.span, f"{e.func} does not take `each … in …`", f"{e.func}: {spec.doc}")
            comp_item = self.comprehension(e.comp, spec.comp)
        else:
            low, high = spec.args
            if spec.comp != "no" and spec.args == (0, 0):
                self.ctx.error(e.span, f"{e.func} needs `each x in list by key`", f"{e.func}: {spec.doc}")
            elif len(e.args) < low or (high is not None and len(e.args) > high):
                want = f"{low}" if low == high else (f"{low} to {high}" if high is not None else f"at least {low}")
                self.ctx.error(e.span, f"{e.func} takes {want} argument(s), not {len(e.args)}", f"{e.func}: {spec.doc}")
        return self.returns(spec, arg_types, comp_item, e)

    def returns(self, spec, arg_types, comp_item, e) -> str:
        r = spec.returns
        first = arg_types[0] if arg_types else "any"
        if r.endswith("kindarg"):
            kinds = [t for t in arg_types if t.startswith("kind type ")]
            item = "kind " + kinds[0][len("kind type "):] if kinds else "any"
            return r.replace("kindarg", item)
        if r == "item":
            if first.startswith("zone of"):
                base = "kind " + first[len("zone of "):]
                return list_of(base) if len(arg_types) > 1 else base
            return item_of(first) if len(arg_types) == 1 else first
        if r == "list":
            if comp_item is not None:
                return list_of(comp_item)
            if first.startswith("zone of"):
                return list_of("kind " + first[len("zone of "):])
            return first if first.startswith("list of") else "list of any"
        return r

    def comprehension(self, c: n.Comprehension, form: str) -> str:
        item = item_of(self.collection(c.source))
        self.scope.push({c.var: self.local(c.var, item, c.var_span, c.span)}, c.span)
        if c.where is not None:
            self.condition(c.where)
        if c.by is not None:
            self.expr(c.by)
        result = item
        if c.body is not None:
            if form == "each":
                self.ctx.error(c.span, "this function takes `each x in list`, not `expr for each x in list`")
            result = self.expr(c.body)
        elif form == "map" and c.by is None:
            result = item
        self.scope.pop()
        return result

    def e_Unary(self, e: n.Unary) -> str:
        got = self.expr(e.operand)
        if e.op == "not":
            if got not in ("bool", "any", "none"):
                self.ctx.error(e.span, f"`not` needs true or false, but this is {a_type(got)}")
            return "bool"
        self.expect(e.operand, "int", got, "what is negated")
        return "int"

    def e_Binary(self, e: n.Binary) -> str:
        if e.op in ("is", "is not"):
            self.expr(e.left)
            if isinstance(e.right, n.Name) and self.scope.lookup(e.right.name) is None and e.right.name in self.ctx.tags \
                    and e.right.name not in self.ctx.symbols:
                self.ctx.index.use(e.right.span, self.ctx.tag_decls.get(e.right.name), "tag")
                return "bool"
            self.expr(e.right)
            return "bool"
        left = self.expr(e.left)
        right = self.expr(e.right)
        if e.op in ("and", "or"):
            for side, typ in ((e.left, left), (e.right, right)):
                if typ not in ("bool", "any", "none"):
                    self.ctx.error(side.span, f"`{e.op}` needs true or false on both sides, but this is {a_type(typ)}")
            return "bool"
        if e.op in ("in", "not in"):
            if right not in ("any", "map", "location", "text") and not right.startswith("list of") and not right.startswith("zone of"):
                self.ctx.error(e.right.span, f"`in` needs a list on its right, but this is {a_type(right)}")
            return "bool"
        if e.op in COMPARE:
            if e.op not in ("==", "!="):
                for side, typ in ((e.left, left), (e.right, right)):
                    if typ not in NUMERIC:
                        self.ctx.error(side.span, f"`{e.op}` compares numbers, but this is {a_type(typ)}")
            elif "any" not in (left, right) and "none" not in (left, right) and left != right \
                    and not (left.startswith("list") and right.startswith("list")):
                self.ctx.error(e.span, f"comparing {a_type(left)} with {a_type(right)} is never true",
                               "compare values of the same type")
            return "bool"
        if e.op == "+" and (left.startswith("list of") or right.startswith("list of")):
            return left if left.startswith("list of") else right
        if e.op == "+" and (left == "text" or right == "text"):
            return "text"
        for side, typ in ((e.left, left), (e.right, right)):
            if typ not in NUMERIC:
                self.ctx.error(side.span, f"`{e.op}` needs numbers, but this is {a_type(typ)}")
        return "int"

    def e_Range(self, e: n.Range) -> str:
        self.expect(e.low, "int", self.expr(e.low), "the start of a range")
        self.expect(e.high, "int", self.expr(e.high), "the end of a range")
        return "list of int"

    def e_ListLit(self, e: n.ListLit) -> str:
        if e.comp is not None:
            return list_of(self.comprehension(e.comp, "any"))
        types = {self.expr(item) for item in e.items}
        types.discard("none")
        if len(types) == 1:
            return list_of(types.pop())
        return "list of any"

    def e_MapLit(self, e: n.MapLit) -> str:
        for key, value in e.entries:
            self.expr(key)
            self.expr(value)
        return "map"


def a_type(typ: str) -> str:
    """A type as a phrase in a message: \"a number\", \"a list of Card\", \"true or false\"."""
    if typ.startswith("list of "):
        inner = a_type(typ[len("list of "):])
        for article in ("a ", "an "):
            if inner.startswith(article):
                inner = inner[len(article):]
        return f"a list of {inner}"
    if typ.startswith("enum type"):
        return f"the enum {typ[10:]}"
    if typ.startswith("kind type"):
        return f"the kind {typ[10:]}"
    if typ in ("int",):
        return "a number"
    if typ == "bool":
        return "true or false"
    if typ == "none":
        return "none"
    if typ.startswith("enum "):
        return f"a value of {typ[5:]}"
    if typ.startswith("kind "):
        return f"a {typ[5:]}"
    if typ[0] in "aeiou":
        return f"an {typ}"
    return f"a {typ}"
