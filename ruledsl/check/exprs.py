"""Typing expressions: one method per expression node, for the scope pass's Checker.

Expressions is mixed into scope.Checker and uses what it keeps: the chain of
local scopes (self.scope), the context (self.ctx), the types of variables and
constants, and its helpers expect, condition and collection.
"""
from __future__ import annotations

from ..errors import did_you_mean
from ..slips import FUNCTIONS
from ..ir import nodes as n
from .builtins import BUILTINS, COMPONENT_FIELDS, LOCATION_FIELDS, PLAYER_FIELDS
from .index import name_span
from .types import (ANY, BOOL, INT, LOCATION, MAP, NONE, PLAYER, TAG, TEXT, Type, a_type, item_of, kind, list_of,
                    parse)

NUMERIC = (INT, ANY)
ARITH = ("+", "-", "*", "/", "%")
COMPARE = ("==", "!=", "<", "<=", ">", ">=")
TRUTH = (BOOL, ANY, NONE)


class Expressions:
    """The expression half of the Checker."""

    def suggest(self, name: str) -> str:
        return did_you_mean(name, self.scope.names() + self.ctx.known_names() + list(BUILTINS))

    def list_argument(self, func: str, arg, got: Type) -> None:
        """What `collection` accepts, for a builtin's argument that the interpreter goes through."""
        if got not in (ANY, MAP, LOCATION) and not got.is_list and got.head != "zone of":
            self.ctx.error(arg.span, f"{func}(…) needs a list here, but this is {a_type(got)}",
                           f"{func}: {BUILTINS[func].doc}")

    # -- expressions --------------------------------------------------------------
    def expr(self, e) -> Type:
        """The type of an expression, recorded for what comes after the checker (the runtime)."""
        typ = getattr(self, "e_" + type(e).__name__)(e)
        self.types_out[id(e)] = typ
        return typ

    def e_Literal(self, e: n.Literal) -> Type:
        v = e.value
        if isinstance(v, bool):
            return BOOL
        if isinstance(v, int):
            return INT
        if isinstance(v, str):
            return TEXT
        return NONE

    def e_Template(self, e: n.Template) -> Type:
        for part in e.parts:
            if not isinstance(part, str):
                self.expr(part)
        return TEXT

    def e_Name(self, e: n.Name) -> Type:
        typ = self.name(e)
        if self.scope.lookup_decl(e.name) is not None:
            self.ctx.index.use(e.span, self.scope.lookup_decl(e.name), typ)
        elif e.name in self.ctx.tag_decls and e.name not in self.ctx.symbols:
            self.ctx.index.use(e.span, self.ctx.tag_decls[e.name], typ)
        else:
            self.uses(e.span, e.name, typ)
        return typ

    def name(self, e: n.Name) -> Type:
        local = self.scope.lookup_decl(e.name)
        if local is not None:
            self.ctx.resolved[id(e)] = local
            return local.type
        g = self.ctx.game
        if e.name in g.vars:
            self.used.add(e.name)
            if g.vars[e.name].per_player:
                self.ctx.error(e.span, f"{e.name} is a per-player variable", f"write p.{e.name} for a player p")
                return ANY
            self.resolve(e)
            return self.var_types[e.name]
        if e.name in self.const_types:
            self.resolve(e)
            return self.const_types[e.name]
        if e.name in g.zones:
            zone = g.zones[e.name]
            if zone.per_player:
                self.ctx.error(e.span, f"{e.name} is a per-player zone", f"write p.{e.name} for a player p")
                return ANY
            self.resolve(e)
            return self.ctx.symbols[e.name].type
        sym = self.ctx.symbols.get(e.name)
        if sym is not None:
            if sym.category in ("rule",):
                self.ctx.error(e.span, f"{e.name} is a rule, not a value", f"run it with: do {e.name}(…)")
                return ANY
            if sym.category == "function":
                self.ctx.error(e.span, f"{e.name} is a function", f"call it: {e.name}(…)")
                return ANY
            self.resolve(e)
            return sym.type
        if e.name in self.ctx.tags:
            self.ctx.resolved[id(e)] = self.ctx.tag_decls[e.name]
            return TAG
        self.ctx.error(e.span, f"'{e.name}' is not defined", self.suggest(e.name))
        return ANY

    def resolve(self, e: n.Name) -> None:
        """Record what a global name stands for, for the runtime."""
        symbol = self.ctx.symbols.get(e.name)
        if symbol is not None and symbol.declaration is not None:
            self.ctx.resolved[id(e)] = symbol.declaration

    def e_Attr(self, e: n.Attr) -> Type:
        obj = self.expr(e.obj)
        typ = self.attr(e, obj)
        self.ctx.index.use(name_span(e.span, e.name, at_end=True), self.ctx.field_declaration(obj, e.name), typ)
        return typ

    def attr(self, e: n.Attr, obj: Type) -> Type:
        name = e.name
        g = self.ctx.game
        if obj is ANY:
            if name not in self.field_names:
                self.ctx.error(e.span, f"nothing in this game has a field '{name}'",
                               did_you_mean(name, self.field_names) or "fields come from kinds, per-player vars and zones, and locations")
            return ANY
        if obj is PLAYER:
            if name in g.vars and g.vars[name].per_player:
                self.used.add(name)
                return self.var_types[name]
            if name in g.zones and g.zones[name].per_player:
                return self.ctx.symbols[name].type
            if name in PLAYER_FIELDS:
                return parse(PLAYER_FIELDS[name][0])
            known = [v for v in g.vars if g.vars[v].per_player] + [z for z in g.zones if g.zones[z].per_player] + list(PLAYER_FIELDS)
            self.ctx.error(e.span, f"a player has no '{name}'",
                           did_you_mean(name, known) or f"declare it: var {name}: int = 0, per player")
            return ANY
        if obj.head == "kind":
            decl = g.kinds.get(obj.name)
            fields = {f.name: f for f in decl.fields} if decl else {}
            if name in fields:
                return self.ctx.resolve_type(fields[name].type)
            if name in COMPONENT_FIELDS:
                return parse(COMPONENT_FIELDS[name][0])
            self.ctx.error(e.span, f"kind {obj.name} has no field '{name}'",
                           did_you_mean(name, list(fields) + list(COMPONENT_FIELDS)) or f"its fields are: {', '.join(fields) or 'none'}")
            return ANY
        if obj is LOCATION:
            if name in LOCATION_FIELDS:
                return parse(LOCATION_FIELDS[name][0])
            if name in self.ctx.location_fields:
                return ANY
            self.ctx.error(e.span, f"a location has no field '{name}'",
                           did_you_mean(name, list(LOCATION_FIELDS) + list(self.ctx.location_fields)) or "declare it on locations: location X with name: value")
            return ANY
        if obj.head == "zone of":
            if name == "contents":
                return list_of(kind(obj.name))
            self.ctx.error(e.span, f"a zone has no field '{name}'", "use contents(zone), top(zone), count(zone)")
            return ANY
        self.ctx.error(e.span, f"{a_type(obj)} has no fields", f"'.{name}' can follow a player, a component or a location")
        return ANY

    def e_Index(self, e: n.Index) -> Type:
        obj = self.expr(e.obj)
        idx = self.expr(e.index)
        if obj.is_list:
            self.expect(e.index, INT, idx, "a list index")
            return obj.item
        if obj not in (MAP, ANY):
            self.ctx.error(e.span, f"{a_type(obj)} cannot be indexed", "only lists and maps can be indexed")
        return ANY

    def e_Call(self, e: n.Call) -> Type:
        return self.call(e)

    def call(self, e: n.Call, chance_ok: bool = False) -> Type:
        define = self.ctx.game.defines.get(e.func)
        if define is not None:
            self.uses(name_span(e.span, e.func), e.func)
            self.used.add(e.func)
            arg_types = [self.expr(arg) for arg in e.args]
            self.define_calls.setdefault(e.func, []).append(arg_types)
            if e.comp is not None or e.kwargs:
                self.ctx.error(e.span, f"{e.func} takes plain arguments", f"call it as {e.func}({', '.join(define.params)})")
            elif len(e.args) != len(define.params):
                self.ctx.error(e.span, f"{e.func} takes {len(define.params)} argument(s), not {len(e.args)}",
                               f"it is defined as {e.func}({', '.join(define.params)}) on line {define.span.line}")
            typ = self.define_type(define)
            if self.ctx.sites and len(arg_types) == len(define.params) and any(t not in (ANY, NONE) for t in arg_types):
                self.specialise(define, e, arg_types)
            return typ
        spec = BUILTINS.get(e.func)
        if spec is None:
            if e.func in self.ctx.game.rules:
                self.ctx.error(e.span, f"{e.func} is a rule, not a function", f"run it with: do {e.func}(…)")
            else:
                self.ctx.error(e.span, f"there is no function '{e.func}'",
                               FUNCTIONS.get(e.func) or did_you_mean(e.func, list(BUILTINS) + list(self.ctx.game.defines))
                               or "see the builtin functions in docs/language.md")
            for arg in e.args:
                self.expr(arg)
            return ANY
        self.ctx.index.use(name_span(e.span, e.func), self.ctx.index.builtin(e.func, "builtin function", ANY))
        if spec.chance and not chance_ok:
            self.ctx.error(e.span, f"{e.func}(…) draws on chance and must stand alone in a `let`",
                           f"write: let x = {e.func}(…) and then use x")
        arg_types = [self.expr(a) for a in e.args]
        if spec.lists == "first" and e.args or spec.lists == "lone" and len(e.args) == 1:
            self.list_argument(e.func, e.args[0], arg_types[0])
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

    def returns(self, spec, arg_types, comp_item, e) -> Type:
        r = spec.returns
        first = arg_types[0] if arg_types else ANY
        if r.endswith("kindarg"):
            kinds = [t for t in arg_types if t.head == "kind type"]
            item = kind(kinds[0].name) if kinds else ANY
            return list_of(item) if r.startswith("list of") else item
        if r == "item":
            if first.head == "zone of":
                base = kind(first.name)
                return list_of(base) if len(arg_types) > 1 else base
            return item_of(first) if len(arg_types) == 1 else first
        if r == "list":
            if comp_item is not None:
                return list_of(comp_item)
            if first.head == "zone of":
                return list_of(kind(first.name))
            return first if first.is_list else list_of(ANY)
        return parse(r)

    def comprehension(self, c: n.Comprehension, form: str) -> Type:
        item = item_of(self.collection(c.source))
        self.scope.push({c.var: self.local(c.var, item, c.var_span, c.span)}, c.span)
        if c.where is not None:
            self.condition(c.where)
        if c.by is not None:
            self.expr(c.by)
        result = item
        if c.inner is not None:
            if form == "each":
                self.ctx.error(c.span, "this function takes `each x in list`, not `expr for each x in list`")
            result = self.comprehension(c.inner, "map")
        elif c.body is not None:
            if form == "each":
                self.ctx.error(c.span, "this function takes `each x in list`, not `expr for each x in list`")
            result = self.expr(c.body)
        elif form == "map" and c.by is None:
            result = item
        self.scope.pop()
        return result

    def e_Conditional(self, e: n.Conditional) -> Type:
        self.condition(e.cond)
        then, orelse = self.expr(e.then), self.expr(e.orelse)
        if then is NONE or then is ANY:
            return orelse if then is NONE else ANY
        if orelse is NONE or orelse is ANY or then == orelse:
            return then if orelse is NONE or then == orelse else ANY
        if then.is_list and orelse.is_list:
            return then if orelse.item is ANY else orelse if then.item is ANY else list_of(ANY)
        self.ctx.error(e.span, f"the two values of this `… if … else …` differ: {a_type(then)} and {a_type(orelse)}",
                       "give both sides values of the same type")
        return ANY

    def e_Unary(self, e: n.Unary) -> Type:
        got = self.expr(e.operand)
        if e.op == "not":
            if got not in TRUTH:
                self.ctx.error(e.span, f"`not` needs true or false, but this is {a_type(got)}")
            return BOOL
        self.expect(e.operand, INT, got, "what is negated")
        return INT

    def e_Binary(self, e: n.Binary) -> Type:
        if e.op in ("is", "is not"):
            self.expr(e.left)
            if isinstance(e.right, n.Name) and self.scope.lookup(e.right.name) is None and e.right.name in self.ctx.tags \
                    and e.right.name not in self.ctx.symbols:
                self.ctx.index.use(e.right.span, self.ctx.tag_decls.get(e.right.name), TAG)
                self.ctx.resolved[id(e.right)] = self.ctx.tag_decls.get(e.right.name)
                return BOOL
            self.expr(e.right)
            return BOOL
        left = self.expr(e.left)
        right = self.expr(e.right)
        if e.op in ("and", "or"):
            for side, typ in ((e.left, left), (e.right, right)):
                if typ not in TRUTH:
                    self.ctx.error(side.span, f"`{e.op}` needs true or false on both sides, but this is {a_type(typ)}")
            return BOOL
        if e.op in ("in", "not in"):
            if right not in (ANY, MAP, LOCATION, TEXT) and not right.is_list and right.head != "zone of":
                self.ctx.error(e.right.span, f"`in` needs a list on its right, but this is {a_type(right)}")
            return BOOL
        if e.op in COMPARE:
            if e.op not in ("==", "!="):
                for side, typ in ((e.left, left), (e.right, right)):
                    if typ not in NUMERIC:
                        self.ctx.error(side.span, f"`{e.op}` compares numbers, but this is {a_type(typ)}")
            elif ANY not in (left, right) and NONE not in (left, right) and left != right \
                    and not (left.is_list and right.is_list):
                self.ctx.error(e.span, f"comparing {a_type(left)} with {a_type(right)} is never true",
                               "compare values of the same type")
            return BOOL
        if e.op == "+" and (left.is_list or right.is_list):
            return left if left.is_list else right
        if e.op == "+" and (left is TEXT or right is TEXT):
            return TEXT
        for side, typ in ((e.left, left), (e.right, right)):
            if typ not in NUMERIC:
                self.ctx.error(side.span, f"`{e.op}` needs numbers, but this is {a_type(typ)}")
        return INT

    def e_Range(self, e: n.Range) -> Type:
        self.expect(e.low, INT, self.expr(e.low), "the start of a range")
        self.expect(e.high, INT, self.expr(e.high), "the end of a range")
        return list_of(INT)

    def e_ListLit(self, e: n.ListLit) -> Type:
        if e.comp is not None:
            return list_of(self.comprehension(e.comp, "any"))
        types = {self.expr(item) for item in e.items}
        types.discard(NONE)
        if len(types) == 1:
            return list_of(types.pop())
        return list_of(ANY)

    def e_MapLit(self, e: n.MapLit) -> Type:
        for key, value in e.entries:
            self.expr(key)
            self.expr(value)
        return MAP
