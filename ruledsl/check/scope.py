"""Pass: every name resolves and every expression has a type that fits its place.

Walks every block with a chain of local scopes. Types are strings in the
checker's notation ("int", "bool", "text", "player", "location",
"direction", "enum E", "kind K", "zone of K", "list of T", "map", "die",
"any"); "any" matches everything and silences further checks, so one error
does not cascade.
"""
from __future__ import annotations

from typing import Optional

from ..errors import did_you_mean
from ..ir import nodes as n
from .builtins import BUILTINS, COMPONENT_FIELDS, LOCATION_FIELDS, PLAYER_FIELDS, SCENARIO_ONLY
from .context import Context, item_of, list_of

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


class Scope:
    """Locals: a chain of dicts, innermost last."""

    def __init__(self, ctx: Context):
        self.ctx = ctx
        self.frames: list[dict] = [{}]

    def push(self, names: Optional[dict] = None):
        self.frames.append(dict(names or {}))

    def pop(self):
        self.frames.pop()

    def bind(self, name: str, typ: str):
        self.frames[-1][name] = typ

    def lookup(self, name: str) -> Optional[str]:
        for frame in reversed(self.frames):
            if name in frame:
                return frame[name]
        return None

    def names(self) -> list[str]:
        return [name for frame in self.frames for name in frame]


class Checker:
    """Resolves and types; one method per statement and expression node type."""

    def __init__(self, ctx: Context):
        self.ctx = ctx
        self.scope = Scope(ctx)
        self.in_scenario = False
        self.var_types = {name: ctx.resolve_type(v.type) for name, v in ctx.game.vars.items()}
        self.const_types: dict[str, str] = {}
        self.used: set[str] = set()
        self.field_names = ctx.all_field_names()

    # -- entry -------------------------------------------------------------
    def run(self) -> None:
        g = self.ctx.game
        for const in g.consts.values():
            self.const_types[const.name] = self.expr(const.value)
        for option in g.options.values():
            self.const_types[option.name] = self.ctx.resolve_type(option.type)
        for var in g.vars.values():
            got = self.expr(var.init)
            self.expect(var.init, self.var_types[var.name], got, f"the starting value of {var.name}")
        for die in g.dice.values():
            self.expr(die.faces)
        for zone in g.zones.values():
            if zone.capacity is not None:
                self.expect(zone.capacity, "int", self.expr(zone.capacity), "a capacity")
            for content in zone.contents:
                self.content(zone, content)
        for board in g.boards.values():
            self.board(board)
        for define in g.defines.values():
            self.scope.push({p: "any" for p in define.params})
            self.expr(define.body)
            self.scope.pop()
        for rule in g.rules.values():
            self.scope.push({p: "any" for p in rule.params})
            self.block(rule.body)
            self.scope.pop()
        if g.setup:
            self.block(g.setup.body)
        if g.flow:
            self.block(g.flow.body)
        for trigger in g.triggers:
            names = {}
            if trigger.var:
                names[trigger.var] = "any"
            if trigger.loc:
                names[trigger.loc] = "location"
            self.scope.push(names)
            if trigger.where is not None:
                self.condition(trigger.where)
            self.block(trigger.body)
            self.scope.pop()
        for scenario in g.scenarios:
            self.in_scenario = True
            self.block(scenario.body)
            self.in_scenario = False

    def content(self, zone: n.ZoneDecl, content: n.Content) -> None:
        names = {}
        if content.source is not None:
            names[content.var] = item_of(self.collection(content.source))
        if zone.per_player:
            names.setdefault("owner", "player")
        self.scope.push(names)
        if content.count is not None:
            self.expect(content.count, "int", self.expr(content.count), "a count")
        kind = self.ctx.game.kinds.get(content.kind)
        fields = {f.name: f for f in kind.fields} if kind else {}
        for name, value in content.args:
            got = self.expr(value)
            if name in fields:
                self.expect(value, self.ctx.resolve_type(fields[name].type), got, f"field {name}")
        self.scope.pop()
        if kind:
            for field in kind.fields:
                if field.default is not None:
                    self.expect(field.default, self.ctx.resolve_type(field.type), self.expr(field.default),
                                f"the default of {field.name}")

    def board(self, board: n.BoardDecl) -> None:
        for loc in board.locations:
            for _name, value in loc.fields:
                self.expr(value)
        for edges in board.edges:
            if edges.when is not None:
                self.condition(edges.when)
        for connect in board.connects:
            self.scope.push({connect.a: "location", connect.b: "location", connect.d: "direction"})
            self.condition(connect.when)
            self.scope.pop()

    # -- helpers ---------------------------------------------------------------
    def expect(self, node, want: str, got: str, what: str) -> None:
        if want.startswith("enum type") or want.startswith("kind type"):
            return
        if not compatible(want, got):
            self.ctx.error(node.span, f"{what} should be {_a(want)}, but this is {_a(got)}")

    def condition(self, expr) -> None:
        got = self.expr(expr)
        if got not in ("bool", "any", "none"):
            self.ctx.error(expr.span, f"a condition must be true or false, but this is {_a(got)}",
                           "compare it: x == …, x > …, x in …")

    def block(self, body) -> None:
        self.scope.push()
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
        if isinstance(s.value, n.Call) and s.value.func in BUILTINS and BUILTINS[s.value.func].chance:
            typ = self.call(s.value, chance_ok=True)
        else:
            typ = self.expr(s.value)
        self.scope.bind(s.name, typ)

    def s_Set(self, s: n.Set):
        target = self.target(s.target)
        got = self.expr(s.value)
        if s.op in "+-":
            self.expect(s.target, "int", target, "what is increased or decreased")
            self.expect(s.value, "int", got, "the amount")
        else:
            self.expect(s.value, target, got, "the new value")

    def target(self, t) -> str:
        """The type of something `set` may change: a var, a player's var, a component's field."""
        if isinstance(t, n.Name):
            if self.scope.lookup(t.name) is not None:
                self.ctx.error(t.span, f"'{t.name}' is a local name and cannot be set",
                               "declare a `var` for state that changes")
                return "any"
            if t.name in self.ctx.game.vars:
                var = self.ctx.game.vars[t.name]
                if var.per_player:
                    self.ctx.error(t.span, f"{t.name} is a per-player variable", f"write p.{t.name} for a player p")
                self.used.add(t.name)
                return self.var_types[t.name]
            sym = self.ctx.symbols.get(t.name)
            if sym is not None:
                self.ctx.error(t.span, f"'{t.name}' is a {sym.category} and cannot be changed", "only variables and fields change")
                return "any"
            self.ctx.error(t.span, f"'{t.name}' is not defined", self.suggest(t.name))
            return "any"
        if isinstance(t, n.Attr):
            return self.expr(t)
        if isinstance(t, n.Index):
            return self.expr(t)
        self.ctx.error(t.span, "only a variable, a player's variable or a component's field can be set")
        return "any"

    def s_Move(self, s: n.Move):
        self.expr(s.item)
        self.place(s.dest)

    def s_Draw(self, s: n.Draw):
        if s.count is not None:
            self.expect(s.count, "int", self.expr(s.count), "how many to draw")
        self.zone(s.source)
        self.place(s.dest)

    def s_Effect(self, s: n.Effect):
        if s.verb == "shuffle":
            self.zone(s.target)
        elif not self._whole_var(s.target):
            self.expr(s.target)

    def _whole_var(self, e) -> bool:
        """`reveal track` / `show track to …` of a per-player variable names every seat's entry."""
        if isinstance(e, n.Name) and self.scope.lookup(e.name) is None and e.name in self.ctx.game.vars \
                and self.ctx.game.vars[e.name].per_player:
            self.used.add(e.name)
            return True
        return False

    def s_Show(self, s: n.Show):
        if not self._whole_var(s.item):
            self.expr(s.item)
        self.players(s.to)

    def s_Rotate(self, s: n.Rotate):
        self.expr(s.item)
        self.expect(s.amount, "int", self.expr(s.amount), "the rotation")

    def s_Swap(self, s: n.Swap):
        self.expr(s.first)
        self.expr(s.second)

    def s_Announce(self, s: n.Announce):
        self.expr(s.text)
        if s.to is not None:
            self.players(s.to)

    def s_Mark(self, s: n.Mark):
        self.expect(s.target, "location", self.expr(s.target), "what is marked")

    def s_Do(self, s: n.Do):
        rule = self.ctx.game.rules.get(s.rule)
        for arg in s.args:
            self.expr(arg)
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
        if got not in ("list of player", "list of any", "any"):
            self.ctx.error(s.source.span, f"a ranking goes through a list of players, but this is {_a(got)}",
                           "rank the players: end game ranking each p in players by p.score")
        self.scope.push({s.var: "player"})
        for key in s.keys:
            self.expect(key, "int", self.expr(key), "a ranking key")
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

    def s_Expect(self, s: n.Expect):
        self.condition(s.cond)

    def s_ExpectLegal(self, s: n.ExpectLegal):
        self.expr(s.label)
        if s.by is not None:
            self.players(s.by)

    def s_ExpectTold(self, s: n.ExpectTold):
        self.expr(s.text)
        if s.seat is not None:
            self.players(s.seat)

    def s_ExpectSees(self, s: n.ExpectSees):
        self.players(s.seat)
        self.expr(s.item)

    def s_Force(self, s: n.Force):
        if not (isinstance(s.event, n.Call) and s.event.func in BUILTINS and BUILTINS[s.event.func].chance) and not (
                isinstance(s.event, n.Call) and s.event.func == "draw"):
            self.ctx.error(s.event.span, "only a chance event can be forced",
                           "force roll(Die) = face, or force random(list) = item")
            return
        self.call(s.event, chance_ok=True)
        self.expr(s.outcome)

    def s_Play(self, s: n.Play):
        self.expr(s.label)
        if s.by is not None:
            self.players(s.by)

    def s_If(self, s: n.If):
        for branch in s.branches:
            self.condition(branch.cond)
            self.block(branch.body)
        self.block(s.orelse)

    def s_ForEach(self, s: n.ForEach):
        typ = self.collection(s.source)
        self.scope.push({s.var: item_of(typ)})
        self.block(s.body)
        self.scope.pop()

    def s_Repeat(self, s: n.Repeat):
        if s.kind == "times":
            self.expect(s.arg, "int", self.expr(s.arg), "how many times")
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

    def s_Choose(self, s: n.Choose):
        source = self.collection(s.source)
        item = item_of(source)
        for count in {id(c): c for c in (s.count_min, s.count_max) if c is not None}.values():
            self.expect(count, "int", self.expr(count), "how many to choose")
        low, high = s.count_min, s.count_max
        if isinstance(low, n.Literal) and isinstance(high, n.Literal) and low.value > high.value:
            self.ctx.error(s.span, f"cannot choose {low.value}..{high.value}", "write the smaller number first")
        bound = list_of(item) if s.multiple else item
        # With a count, `where` judges the whole selection (a pair that touches).
        self.scope.push({s.var: bound})
        if s.where is not None:
            self.condition(s.where)
        self.scope.pop()
        if s.chooser is not None:
            self.player(s.chooser)
        self.scope.push({s.var: bound})
        if s.label is not None:
            self.expr(s.label)
        self.block(s.body)
        self.scope.pop()
        self.block(s.orelse)

    def s_Menu(self, s: n.Menu):
        if s.chooser is not None:
            self.player(s.chooser)
        labels = {}
        for option in s.options:
            names = {}
            if option.source is not None:
                names[option.var] = item_of(self.collection(option.source))
            self.scope.push(names)
            if option.cond is not None:
                self.condition(option.cond)
            self.expr(option.label)
            self.block(option.body)
            self.scope.pop()
            key = tuple(p for p in option.label.parts if isinstance(p, str))
            if option.source is None and key in labels:
                self.ctx.error(option.span, "two options of this menu have the same label",
                               f"the other is on line {labels[key]}; labels must tell actions apart")
            labels[key] = option.span.line
        self.block(s.orelse)

    def s_Phase(self, s: n.Phase):
        self.expr(s.name)
        self.block(s.body)

    def s_Quietly(self, s: n.Quietly):
        self.block(s.body)

    def s_Turn(self, s: n.Turn):
        self.player(s.player)
        self.block(s.body)

    # -- places, players, collections ---------------------------------------------
    def place(self, e) -> None:
        got = self.expr(e)
        if got not in ("any", "location", "none") and not got.startswith("zone of"):
            self.ctx.error(e.span, f"a place to put things must be a zone or a location, but this is {_a(got)}")

    def zone(self, e) -> None:
        got = self.expr(e)
        if got not in ("any",) and not got.startswith("zone of") and got != "location":
            self.ctx.error(e.span, f"this should be a zone, but it is {_a(got)}")

    def player(self, e) -> None:
        self.expect(e, "player", self.expr(e), "the player")

    def players(self, e) -> None:
        got = self.expr(e)
        if got not in ("player", "list of player", "any", "list of any"):
            self.ctx.error(e.span, f"this should be a player or a list of players, but it is {_a(got)}")

    def collection(self, e) -> str:
        got = self.expr(e)
        if got.startswith("zone of"):
            return list_of("kind " + got[len("zone of "):])
        if got == "location":
            return "list of any"
        if got not in ("any", "map") and not got.startswith("list of"):
            self.ctx.error(e.span, f"this should be a list to go through, but it is {_a(got)}")
            return "list of any"
        return got if got.startswith("list of") else "list of any"

    def list_argument(self, func: str, arg, got: str) -> None:
        """What `collection` accepts, for a builtin's argument that the interpreter goes through."""
        if got not in ("any", "map", "location") and not got.startswith(("list of", "zone of")):
            self.ctx.error(arg.span, f"{func}(…) needs a list here, but this is {_a(got)}",
                           f"{func}: {BUILTINS[func].doc}")

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
        self.ctx.error(e.span, f"{_a(obj)} has no fields", f"'.{name}' can follow a player, a component or a location")
        return "any"

    def e_Index(self, e: n.Index) -> str:
        obj = self.expr(e.obj)
        idx = self.expr(e.index)
        if obj.startswith("list of"):
            self.expect(e.index, "int", idx, "a list index")
            return item_of(obj)
        if obj not in ("map", "any"):
            self.ctx.error(e.span, f"{_a(obj)} cannot be indexed", "only lists and maps can be indexed")
        return "any"

    def e_Call(self, e: n.Call) -> str:
        return self.call(e)

    def call(self, e: n.Call, chance_ok: bool = False) -> str:
        define = self.ctx.game.defines.get(e.func)
        if define is not None:
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
        self.scope.push({c.var: item})
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
                self.ctx.error(e.span, f"`not` needs true or false, but this is {_a(got)}")
            return "bool"
        self.expect(e.operand, "int", got, "what is negated")
        return "int"

    def e_Binary(self, e: n.Binary) -> str:
        if e.op in ("is", "is not"):
            self.expr(e.left)
            if isinstance(e.right, n.Name) and self.scope.lookup(e.right.name) is None and e.right.name in self.ctx.tags \
                    and e.right.name not in self.ctx.symbols:
                return "bool"
            self.expr(e.right)
            return "bool"
        left = self.expr(e.left)
        right = self.expr(e.right)
        if e.op in ("and", "or"):
            for side, typ in ((e.left, left), (e.right, right)):
                if typ not in ("bool", "any", "none"):
                    self.ctx.error(side.span, f"`{e.op}` needs true or false on both sides, but this is {_a(typ)}")
            return "bool"
        if e.op in ("in", "not in"):
            if right not in ("any", "map", "location", "text") and not right.startswith("list of") and not right.startswith("zone of"):
                self.ctx.error(e.right.span, f"`in` needs a list on its right, but this is {_a(right)}")
            return "bool"
        if e.op in COMPARE:
            if e.op not in ("==", "!="):
                for side, typ in ((e.left, left), (e.right, right)):
                    if typ not in NUMERIC:
                        self.ctx.error(side.span, f"`{e.op}` compares numbers, but this is {_a(typ)}")
            elif "any" not in (left, right) and "none" not in (left, right) and left != right \
                    and not (left.startswith("list") and right.startswith("list")):
                self.ctx.error(e.span, f"comparing {_a(left)} with {_a(right)} is never true",
                               "compare values of the same type")
            return "bool"
        if e.op == "+" and (left.startswith("list of") or right.startswith("list of")):
            return left if left.startswith("list of") else right
        if e.op == "+" and (left == "text" or right == "text"):
            return "text"
        for side, typ in ((e.left, left), (e.right, right)):
            if typ not in NUMERIC:
                self.ctx.error(side.span, f"`{e.op}` needs numbers, but this is {_a(typ)}")
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


def _a(typ: str) -> str:
    if typ.startswith("list of "):
        inner = _a(typ[len("list of "):])
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


def _keyword(s) -> str:
    return {"Expect": "expect", "ExpectLegal": "expect legal", "ExpectTold": "expect … reads/announced",
            "ExpectSees": "expect … sees", "Force": "force", "Play": "play"}[type(s).__name__]


def check(ctx: Context) -> None:
    checker = Checker(ctx)
    checker.run()
    ctx.used = checker.used
