"""Pass: every name resolves and every expression has a type that fits its place.

Walks every block with a chain of local scopes. Types are check/types.Type
objects; ANY matches everything and silences further checks, so one error
does not cascade. What it resolves is kept: the index (declarations and
uses, for editors), and each expression's type and each name's declaration
(ctx.types, ctx.resolved), which the runtime compiles from.
"""
from __future__ import annotations

from contextlib import contextmanager

from typing import Optional

from ..errors import did_you_mean
from ..ir import nodes as n
from ..source import UNKNOWN, Span
from .builtins import BUILTINS, SCENARIO_ONLY
from .context import Context
from .choices import Choices
from .declared import Declared
from .effect_stmts import Effects
from .exprs import TRUTH, Expressions
from .index import Declaration, Index
from .locals import Scope
from .types import (ANY, INT, LOCATION, MAP, NONE, PLAYER, Type, a_type, compatible, item_of, list_of)

class Checker(Choices, Declared, Effects, Expressions):
    """Resolves and types; one method per statement type here, per expression type in exprs.py."""

    def __init__(self, ctx: Context):
        self.ctx = ctx
        self.scope = Scope(ctx)
        self.in_scenario = False
        self.var_types = {name: ctx.resolve_type(v.type) for name, v in ctx.game.vars.items()}
        self.const_types: dict[str, Type] = {}
        self.define_types: dict[str, Type] = {}
        self.define_calls: dict[str, list] = {}   # define -> the argument types of each call
        self.rule_calls: dict[str, dict] = {}     # rule -> {id of a `do`: the argument types it passes}
        self.types_out: dict = ctx.types          # where expressions' types go (see specialise)
        self.specialising: list = []              # the defines whose bodies are being typed for a call
        self.specialised = 0
        self.used: set[str] = set()
        self.field_names = ctx.all_field_names()
        self.owner = ""   # the rule, function, trigger or scenario being checked: what its locals belong to
        self._typed(self.var_types)

    # -- the index: declarations of locals, uses of names ------------------------
    def local(self, name: str, typ: Type, span: Span, region: Optional[Span], category: str = "local") -> Declaration:
        """Declare a local (a `let`, a loop's name, a parameter) in the index."""
        return self.ctx.index.declare(name, category, typ, span, owner=self.owner, scope=region)

    def params(self, decl, category: str = "parameter") -> dict:
        spans = decl.param_spans or (UNKNOWN,) * len(decl.params)
        return {p: self.local(p, ANY, sp, decl.span, category) for p, sp in zip(decl.params, spans)}

    def uses(self, span: Span, name: str, typ: Optional[Type] = None) -> None:
        self.ctx.use(span, name, typ)

    def _typed(self, types: dict) -> None:
        """Give the index's declarations of globals the types this pass works out for them."""
        for name, typ in types.items():
            symbol = self.ctx.symbols.get(name)
            if symbol is not None and symbol.declaration is not None:
                symbol.declaration.type = typ

    # -- entry -------------------------------------------------------------
    def run(self) -> None:
        g = self.ctx.game
        for const in g.consts.values():
            self.const_types[const.name] = self.expr(const.value)
        for option in g.options.values():
            self.const_types[option.name] = self.ctx.resolve_type(option.type)
        self._typed(self.const_types)
        for var in g.vars.values():
            got = self.expr(var.init)
            self.expect(var.init, self.var_types[var.name], got, f"the starting value of {var.name}")
        for die in g.dice.values():
            self.expr(die.faces)
        for zone in g.zones.values():
            if zone.capacity is not None:
                self.expect(zone.capacity, INT, self.expr(zone.capacity), "a capacity")
            for content in zone.contents:
                self.content(zone, content)
        for board in g.boards.values():
            self.board(board)
        for decl in g.kinds.values():
            if decl.shown is not None:
                self.shown(decl)
        if g.progress is not None:
            self.expr(g.progress.text)
        self.descriptions(g.descriptions)
        for define in g.defines.values():
            self.define_type(define)
        for rule in g.rules.values():
            self.owner = f"rule {rule.name}"
            self.scope.push(self.params(rule), rule.span)
            self.block(rule.body)
            self.scope.pop()
        for owner, decl in (("setup", g.setup), ("flow", g.flow)):
            self.owner = owner
            if decl:
                self.block(decl.body)
        if g.evaluate:
            self.evaluation(g.evaluate)
        for trigger in g.triggers:
            self.owner = "trigger"
            names = {}
            if trigger.var:
                names[trigger.var] = self.local(trigger.var, ANY, trigger.var_span, trigger.span)
            if trigger.loc:
                names[trigger.loc] = self.local(trigger.loc, LOCATION, trigger.loc_span, trigger.span)
            self.scope.push(names, trigger.span)
            if trigger.where is not None:
                self.condition(trigger.where)
            self.block(trigger.body)
            self.scope.pop()
        for scenario in g.scenarios:
            self.owner = f"scenario {scenario.title!r}"
            self.in_scenario = True
            self.block(scenario.body)
            self.in_scenario = False
        self.owner = ""
        self.refine_defines()
        if self.ctx.sites:      # (types for the runtime: a check alone has no use for them)
            self.refine_rules()

    def evaluation(self, decl: n.EvaluateDecl) -> None:
        """`evaluate p: expr`: a number for each player p."""
        self.owner = "evaluate"
        self.scope.push({decl.var: self.local(decl.var, PLAYER, decl.span, decl.span)}, decl.span)
        got = self.expr(decl.body)
        self.scope.pop()
        if not compatible(INT, got):
            self.ctx.error(decl.body.span, f"an evaluation must be a number, but this is {a_type(got)}",
                           "give each player's expected return, from 0 (a loss) to 1 (a win)")

    def refine_defines(self) -> None:
        """Type again, for the runtime only, the body of each define whose every call passes a
        parameter the same sort of value: with that parameter typed, the compiler can read fields
        and compare handles directly where the define is written in place. Nothing is reported or
        indexed again (a define's own check saw its parameters as any)."""
        with self.unreported():
            for define in self.ctx.game.defines.values():
                known = _agreed(define.params, self.define_calls.get(define.name, ()))
                if not any(t is not ANY for t in known.values()):
                    continue
                self.typed_params(define, f"function {define.name}", known)
                self.expr(define.body)

    def refine_rules(self) -> None:
        """Type again, for the runtime only, the body of each rule whose every `do` passes a
        parameter the same sort of value (as refine_defines does a define's): the compiler then
        reads that parameter's fields and compares it directly, guarded by a test of its type
        (a rule is run only by `do`, so that test never fails in a checked game). Nothing is
        reported or indexed again."""
        typed: dict = {}        # rule -> the parameters' types its body was last typed with
        with self.unreported():
            # A rule typed again passes typed values on to the rules it runs: typed again in turn,
            # until no rule's agreed types change (a few rounds: rules run rules a few deep).
            for _ in range(_REFINING_ROUNDS):
                changed = False
                for rule in self.ctx.game.rules.values():
                    known = _agreed(rule.params, self.rule_calls.get(rule.name, {}).values())
                    if typed.get(rule.name, {p: ANY for p in rule.params}) == known:
                        continue
                    typed[rule.name], changed = known, True
                    self.typed_params(rule, f"rule {rule.name}", known)
                    self.block(rule.body)
                if not changed:
                    break

    @contextmanager
    def unreported(self):
        """While bodies are typed again for the runtime: nothing they say is reported or indexed,
        and the scope and owner are given back."""
        ctx = self.ctx
        saved = ctx.diagnostics, ctx.index, self.scope, self.owner
        ctx.diagnostics, ctx.index = [], Index()
        try:
            yield
        finally:
            ctx.diagnostics, ctx.index, self.scope, self.owner = saved

    def typed_params(self, decl, owner: str, known: dict) -> None:
        """A fresh scope holding decl's parameters, of the types known gives them."""
        self.scope, self.owner = Scope(self.ctx), owner
        params = self.params(decl)
        for name, typ in known.items():
            params[name].type = typ
        self.scope.push(params, decl.span)

    def define_type(self, define: n.DefineDecl) -> Type:
        """The type of what a define gives: its body's type with its parameters of any type, worked
        out once, when first needed (a define used by another is checked first; one that uses
        itself gives any)."""
        found = self.define_types.get(define.name)
        if found is not None:
            return found
        self.define_types[define.name] = ANY          # while its body is checked: itself is any
        saved = self.scope, self.owner, self.in_scenario
        self.scope, self.owner, self.in_scenario = Scope(self.ctx), f"function {define.name}", False
        try:
            self.scope.push(self.params(define), define.span)
            self.define_types[define.name] = typ = self.expr(define.body)
        finally:
            self.scope, self.owner, self.in_scenario = saved
        return typ

    def specialise(self, define: n.DefineDecl, call: n.Call, arg_types: list) -> None:
        """Type a define's body again for one call, its parameters of the types this call passes,
        for the runtime, which writes the body in place there: types[("site", id(call))] holds the
        body's types at that call (and, within it, those of the calls it makes). Nothing is
        reported or indexed again."""
        if define.name in self.specialising or self.specialised >= MAX_SPECIALISED:
            return
        self.specialised += 1
        ctx = self.ctx
        site: dict = {}
        saved = ctx.diagnostics, ctx.index, self.scope, self.owner, self.types_out
        ctx.diagnostics, ctx.index, self.types_out = [], Index(), site
        self.scope, self.owner = Scope(ctx), f"function {define.name}"
        self.specialising.append(define.name)
        try:
            params = self.params(define)
            for (name, decl), typ in zip(params.items(), arg_types):
                decl.type = typ
            self.scope.push(params, define.span)
            self.expr(define.body)
        finally:
            self.specialising.pop()
            ctx.diagnostics, ctx.index, self.scope, self.owner, self.types_out = saved
        self.types_out[("site", id(call))] = site

    # -- helpers ---------------------------------------------------------------
    def expect(self, node, want: Type, got: Type, what: str) -> None:
        if want.head in ("enum type", "kind type"):
            return
        if not compatible(want, got):
            self.ctx.error(node.span, f"{what} should be {a_type(want)}, but this is {a_type(got)}")

    def condition(self, expr) -> None:
        got = self.expr(expr)
        if got not in TRUTH:
            self.ctx.error(expr.span, f"a condition must be true or false, but this is {a_type(got)}",
                           "compare it: x == …, x > …, x in …")

    def block(self, body) -> None:
        region = None
        if body and body[0].span.line > 0:
            first, last = body[0].span, body[-1].span
            region = Span(first.path, first.line, first.column, last.end_line, last.end_column)
        self.scope.push(region=region)
        for stmt in body:
            self.stmt(stmt)
        self.scope.pop()

    # -- statements --------------------------------------------------------------
    def stmt(self, s) -> None:
        name = type(s).__name__
        if name in SCENARIO_ONLY and not self.in_scenario:
            self.ctx.error(s.span, f"`{_keyword(s)}` may only be used in a scenario",
                           "move it into a scenario \"…\": block")
        handler = getattr(self, "s_" + name, None)
        if handler is None:
            raise NotImplementedError(f"no checker for {name}")
        handler(s)

    def s_Let(self, s: n.Let):
        chance = isinstance(s.value, n.Call) and s.value.func in BUILTINS and BUILTINS[s.value.func].chance
        if chance:
            typ = self.call(s.value, chance_ok=True)
        else:
            typ = self.expr(s.value)
        if s.seen is not None:
            self.players(s.seen)
            if not chance:
                self.ctx.error(s.seen.span, "only chance (a roll or random(…)) can be seen by some seats only",
                               "a value worked out by the rules is not told to anyone; announce it `to` seats")
        block = self.scope.region()
        region = Span(s.span.path, s.span.line, s.span.column, block.end_line, block.end_column) if block else None
        self.scope.bind(s.name, self.local(s.name, typ, s.name_span, region))

    def s_Set(self, s: n.Set):
        target = self.target(s.target)
        got = self.expr(s.value)
        if s.op in "+-":
            self.expect(s.target, INT, target, "what is increased or decreased")
            self.expect(s.value, INT, got, "the amount")
        else:
            self.expect(s.value, target, got, "the new value")

    def target(self, t) -> Type:
        """The type of something `set` may change: a var, a player's var, a component's field."""
        if isinstance(t, n.Name):
            if self.scope.lookup(t.name) is not None:
                self.ctx.error(t.span, f"'{t.name}' is a local name and cannot be set",
                               "declare a `var` for state that changes")
                return ANY
            if t.name in self.ctx.game.vars:
                var = self.ctx.game.vars[t.name]
                self.uses(t.span, t.name)
                if var.per_player:
                    self.ctx.error(t.span, f"{t.name} is a per-player variable", f"write p.{t.name} for a player p")
                self.used.add(t.name)
                self.resolve(t)
                return self.var_types[t.name]
            sym = self.ctx.symbols.get(t.name)
            if sym is not None:
                self.uses(t.span, t.name)
                self.ctx.error(t.span, f"'{t.name}' is a {sym.category} and cannot be changed", "only variables and fields change")
                return ANY
            self.ctx.error(t.span, f"'{t.name}' is not defined", self.suggest(t.name))
            return ANY
        if isinstance(t, n.Attr):
            return self.expr(t)
        if isinstance(t, n.Index):
            # one entry of a list or a map held by something that may be set (`set progress[c] to 5`)
            obj = self.target(t.obj)
            self.types_out[id(t.obj)] = obj
            index = self.expr(t.index)
            if obj.is_list:
                self.expect(t.index, INT, index, "a list index")
                typ = obj.item
            elif obj in (MAP, ANY):
                typ = ANY
            else:
                self.ctx.error(t.span, f"{a_type(obj)} cannot be indexed", "only lists and maps can be indexed")
                typ = ANY
            self.types_out[id(t)] = typ
            return typ
        self.ctx.error(t.span, "only a variable, a player's variable, a component's field, or an entry of a "
                       "list or map they hold can be set")
        return ANY

    def s_Do(self, s: n.Do):
        rule = self.ctx.game.rules.get(s.rule)
        self.rule_calls.setdefault(s.rule, {})[id(s)] = [self.expr(arg) for arg in s.args]
        if rule is not None:
            self.uses(s.name_span if s.name_span.line > 0 else s.span, s.rule)
        if rule is None:
            self.ctx.error(s.span, f"there is no rule '{s.rule}'", did_you_mean(s.rule, self.ctx.game.rules) or f"declare it: rule {s.rule}(…):")
            return
        self.used.add(s.rule)
        if len(s.args) != len(rule.params):
            self.ctx.error(s.span, f"rule {s.rule} takes {len(rule.params)} argument(s), not {len(s.args)}",
                           f"it is declared as {s.rule}({', '.join(rule.params)}) on line {rule.span.line}")

    def s_Win(self, s: n.Win):
        self.players(s.winners)

    def s_EndGame(self, s: n.EndGame):
        if s.source is None:
            return
        got = self.expr(s.source)
        if got not in (list_of(PLAYER), list_of(ANY), ANY):
            self.ctx.error(s.source.span, f"a ranking goes through a list of players, but this is {a_type(got)}",
                           "rank the players: end game ranking each p in players by p.score")
        self.scope.push({s.var: self.local(s.var, PLAYER, s.var_span, s.span)}, s.span)
        for key in s.keys:
            self.expect(key, INT, self.expr(key), "a ranking key")
        if s.returns is not None:
            self.expect(s.returns, INT, self.expr(s.returns), "a return")
        self.scope.pop()

    def s_Jump(self, s):
        pass

    def s_ExprStmt(self, s: n.ExprStmt):
        if isinstance(s.expr, n.Call) and s.expr.func in BUILTINS and BUILTINS[s.expr.func].chance:
            self.call(s.expr, chance_ok=True)
            return
        self.expr(s.expr)
        self.ctx.error(s.span, "this expression does nothing on its own",
                       "use it in a statement: let x = …, if …:, set … to …")

    def s_If(self, s: n.If):
        for branch in s.branches:
            self.condition(branch.cond)
            self.block(branch.body)
        self.block(s.orelse)

    def s_ForEach(self, s: n.ForEach):
        typ = self.collection(s.source)
        self.scope.push({s.var: self.local(s.var, item_of(typ), s.var_span, s.span)}, s.span)
        self.block(s.body)
        self.scope.pop()

    def s_Repeat(self, s: n.Repeat):
        if s.kind == "times":
            self.expect(s.arg, INT, self.expr(s.arg), "how many times")
        elif s.arg is not None:
            self.condition(s.arg)
        self.block(s.body)

    def s_Match(self, s: n.Match):
        subject = self.expr(s.subject)
        for case in s.cases:
            for value in case.values:
                self.expect(value, subject, self.expr(value), "a case")
            self.block(case.body)
        self.block(s.orelse)

    def s_Phase(self, s: n.Phase):
        self.expr(s.name)
        self.block(s.body)

    def s_Quietly(self, s: n.Quietly):
        self.block(s.body)

    def s_Turn(self, s: n.Turn):
        self.player(s.player)
        self.block(s.body)

# How many calls' own typings of define bodies a game may have (bodies calling defines multiply).
MAX_SPECIALISED = 20_000
# How many times rule bodies are typed again with the types their `do`s agree on (refine_rules).
_REFINING_ROUNDS = 4


def _agreed(params, calls) -> dict:
    """{param: the one type every call passes it (none fits any), else ANY}."""
    found = {}
    for i, param in enumerate(params):
        seen = {args[i] for args in calls if i < len(args)} - {NONE}
        found[param] = seen.pop() if len(seen) == 1 else ANY
    return found


def _keyword(s) -> str:
    return {"Expect": "expect", "ExpectLegal": "expect legal", "ExpectTold": "expect … reads/announced",
            "ExpectSees": "expect … sees", "ExpectOptions": "expect options", "Force": "force", "Play": "play"}[type(s).__name__]


def check(ctx: Context) -> None:
    checker = Checker(ctx)
    checker.run()
    ctx.used = checker.used
