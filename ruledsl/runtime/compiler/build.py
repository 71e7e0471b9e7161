"""The compiler's front door: a checked game, a player count and options in, a Program out.

It works out the values the rules state as expressions (constants, dice,
starting values, components and their fields, locations' fields), then
compiles every piece of code of the game (the flow, the set-up, rules,
defines, triggers, options offered during each turn, boards' conditions)
into Python functions that share one namespace of helpers and constants.
"""
from __future__ import annotations

from ...errors import RulesError, error
from ...limits import MAX_COMPONENTS
from ..effects import bulk, flow
from ..effects import effects as fx
from ..engine import decisions as dec
from ..engine import ops
from ..engine.failures import located
from ..engine.graph import Graphs, Step
from ..engine.library import item_of_kind
from ..engine.outcomes import OWN_FIELDS_ONLY
from ..engine.remember import remember, remember1
from ..engine.selections import fixed_selections
from ..model.collections import items_of, size_of
from ..model.program import Program, type_text
from ..model.signals import SUSPEND, GameOver, Runaway
from ..model.state import ALL_SEATS, Frame
from ..model.values import Comp, Die, EnumValue, Location, Player, Zone, display
from ..seen import display_memo
from . import names as nm
from .certain import Certain
from .code import Code, Name, Slot, Source, fmt, read
from .exprs import ExprGen
from .fixed import fixed_items, known_options
from .passes import Pipeline, chosen
from .shown import reads_own_fields_only
from .source import CodeMap, Namespace
from .stmts import StmtGen
from .triggers import compile_triggers
from .unit import Unit
from .units import UnitGen

UNSET = object()     # a part kept once per loop (hoist.py), not worked out yet

# Everything generated code calls, by the name it calls it.
HELPERS = {
    # values and operators
    "_items": ops.items, "_zone_items": ops.zone_items, "_items_of": items_of, "_size": size_of, "_first": ops.first,
    "_last": ops.last, "_best": ops.best,
    "_extreme": ops.extreme, "_sort": ops.sort_pairs, "_attr": ops.attr, "_has_tag": ops.has_tag,
    "_same": ops.same, "_INT_LIMIT": ops.INT_LIMIT, "_too_big": ops.too_big, "_sized": ops.sized, "_add": ops.add,
    "_sub": ops.sub, "_mul": ops.mul, "_div": ops.div, "_mod": ops.mod,
    "_same_spent": ops.same_spent, "_spent": ops.spent,
    "_neg": ops.neg, "_lt": ops.lt, "_le": ops.le, "_gt": ops.gt, "_ge": ops.ge, "_contains": ops.contains,
    "_index": ops.index, "_replaced": ops.replaced, "_range": ops.make_range, "_times": ops.times,
    "_D": display, "_Dm": display_memo,
    "Comp": Comp, "Player": Player, "Location": Location, "_Zone": Zone, "_EnumValue": EnumValue, "_UNSET": UNSET,
    "_item_of_kind": item_of_kind, "_fixed_items": fixed_items, "_known_options": known_options,
    "_remember1": remember1, "_remember": remember,
    # assignments and effects
    "_set_player_var": nm.set_player_var, "_absent_seat": nm.absent_seat, "_set_owner": nm.set_owner,
    "_set_field": nm.set_field,
    "_move": fx.move, "_move_onto": fx.move_onto, "_move_all": bulk.move_all, "_move_many": bulk.move_many,
    "_quietly": fx.made_quietly, "_draw_many": bulk.draw_many, "_shuffle": fx.shuffle, "_turn_many": fx.turn_many,
    "_show_many": fx.show_many, "_rotate_many": fx.rotate_many, "_swap": fx.swap, "_announce": fx.announce,
    "_mark_many": fx.mark_many, "_players_of": fx.players_of, "_player_slot": fx.player_slot,
    "_disclose": fx.disclose, "_show_var": fx.show_var, "_ALL_SEATS": ALL_SEATS,
    "_win": flow.finish_win, "_rank": flow.finish_ranking, "_score": flow.finish_returns,
    "_enter_phase": flow.enter_phase,
    "_enter_turn": flow.enter_turn, "_Runaway": Runaway, "_GameOver": GameOver,
    # decisions, chance and frames
    "_Frame": Frame, "_chance": dec.chance, "_rolled": dec.rolled, "_draw_step": dec.draw_step,
    "_draw_apply": dec.draw_apply, "_draw_single": dec.draw_single, "_chooser": dec.chooser_of,
    "_seen_by": dec.seen_by, "_pick": dec.pick,
    "_reveal_picks": dec.reveal_picks, "_selections": dec.selections, "_offer_choice": dec.offer_choice,
    "_offer_selections": dec.offer_selections, "_fixed_selections": fixed_selections, "_offer_menu": dec.offer_menu,
    "_SUSPEND": SUSPEND, "_error": error, "_LATER": dec.LATER,
}

_EVALUATING = object()


def build_program(checked, players: int, options: dict, optimizations=None) -> Program:
    """The Program of a checked game (check.CheckedGame) for a player count and option values.
    optimizations: the names of the passes to make it with (compiler/passes; None: every pass
    but those RULEDSL_SLOW leaves out)."""
    passes = chosen(optimizations)
    prog = Program(checked.definition, players, options)
    prog.passes = passes
    compiler = Compiler(prog, checked, passes)
    compiler.work_out_values()
    compiler.compile_code()
    for made in compiler.pipeline.hook("made"):     # (what a pass leaves the program to do at play)
        made(prog)
    prog.compiler = compiler        # scenarios compile their bodies into the same namespace
    return prog


class Compiler:
    """Compiles one game's code into its Program (see the module docstring)."""

    def __init__(self, prog: Program, checked, passes: frozenset = frozenset()):
        self.passes = passes
        self.prog = prog
        prog.decided = self.decisions = {}   # (pass, what, span) -> what it made: what each pass decided where
        self.defn = prog.defn
        self.checked = checked
        self.ns = Namespace(HELPERS)
        self.ns.globals["prog"] = prog
        self.code_map = CodeMap()
        prog.code_map = self.code_map
        self.analysis = checked.analysis
        self.pipeline = Pipeline(passes, self)
        self.names = nm.Names(prog, self.ns, self.const_value, checked)
        self.exprs = ExprGen(self)
        self.stmts = StmtGen(self)
        self.units = UnitGen(self)
        self.unit_list: list = []
        self.unit_of_rule: dict = {}
        self._functions: dict = {}      # ("rule" | "define", name) -> Python name
        self._queue: list = []          # functions named but not yet compiled
        self._lifted: list = []         # tests written as functions of their own, not yet compiled
        self._evaluators: dict = {}

    def has(self, name: str) -> bool:
        """Whether the program is made with the pass so named (for a pass that relies on another)."""
        return name in self.passes

    def decided(self, pass_name: str, what: str, where, made=None) -> None:
        """Record that a pass decided what at where (a node of the rules, or a span): Program.decided,
        what tests of the passes assert; made: what the decision made that play fills (a table
        kept), for tests to look into."""
        span = getattr(where, "span", where)
        self.decisions[(pass_name, what, span)] = made

    # ---------------------------------------------------------------- values stated as expressions
    def const_value(self, name: str):
        consts = self.prog.consts
        decl = self.defn.consts[name]
        if consts.get(name) is _EVALUATING:
            raise error(decl.span, f"the constant {name} is defined in terms of itself")
        if name not in consts:
            consts[name] = _EVALUATING
            consts[name] = self.evaluate(decl.value)
        return consts[name]

    def evaluate(self, expr, bound: dict = None, folding: bool = False):
        """The value of an expression on the starting state; bound: values of local names;
        folding: it is worked out in the middle of other code, to be written as its value."""
        bound = bound or {}
        key = (id(expr), tuple(bound))
        fn = self._evaluators.get(key)
        if fn is None:
            params = {name: self.ns.fresh("a") for name in bound}
            name = self.ns.function("ev")
            out = Source()
            out.add(fmt("def {}(st{}):", name, _leading_commas([read(p) for p in params.values()])), expr.span)
            out.add(fmt("return {}", self.exprs.gen(expr, self.exprs.root(params, folding))), expr.span, depth=1)
            self.code_map.compile(self.ns, out, "a value of the rules")
            self.flush()
            fn = self._evaluators[key] = self.ns.globals[name.text]
        st = self.prog.initial
        st.steps = 0
        try:
            return fn(st, *bound.values())
        except RulesError:
            raise
        except Exception as err:
            raise located(self.code_map, err, expr.span, "a value of the rules") from None

    def work_out_values(self) -> None:
        prog, defn, st = self.prog, self.defn, self.prog.initial
        for decl in defn.dice.values():
            prog.dice[decl.name] = Die(decl.name, tuple(items_of(st, self.evaluate(decl.faces))))
        for name, decl in defn.vars.items():
            value = self.evaluate(decl.init)
            slot = prog.var_slots[name]
            for i in range(prog.player_count if decl.per_player else 1):
                st.vals[slot + i] = value
        for decl in defn.boards.values():
            for loc in decl.locations:
                place = prog.locations.get(loc.name)
                if place is not None:
                    for field, expr in loc.fields:
                        place.fields[field] = self.evaluate(expr)
        self.make_components()
        for name in defn.consts:        # those nothing needed yet, now that components exist
            self.const_value(name)
        self.build_graphs()

    def make_components(self) -> None:
        prog, st = self.prog, self.prog.initial
        made_of = {k: [] for k in prog.kinds}
        for decl in self.defn.zones.values():
            for zone in prog.zone_instances(decl.name):
                made = []
                for content in decl.contents:
                    made += self.make(content, zone, made_of)
                st.contents[zone.index] = tuple(made)
        prog.components_of = {k: tuple(v) for k, v in made_of.items()}
        for decl in self.defn.zones.values():
            if decl.capacity is not None:
                capacity = self.evaluate(decl.capacity)
                for zone in prog.zone_instances(decl.name):
                    zone.capacity = capacity

    def make(self, content, zone, made_of) -> list:
        prog, st = self.prog, self.prog.initial
        kind = prog.kinds[content.kind]
        fields = self.defn.kinds[content.kind].fields
        given = dict(content.args)
        items = items_of(st, self.evaluate(content.source)) if content.var is not None else (None,)
        made = []
        for item in items:
            bound = {content.var: item} if content.var is not None else {}
            if zone.owner is not None:
                bound.setdefault("owner", zone.owner)
            count = self.evaluate(content.count, bound) if content.count is not None else 1
            _within_limit(len(prog.comps), count, content)
            for _ in range(count):
                values = tuple(self.evaluate(given[f.name], bound) if f.name in given
                               else self.evaluate(f.default) if f.default is not None else _zero(f.type)
                               for f in fields)
                comp = Comp(len(prog.comps), kind)
                prog.comps.append(comp)
                made_of[kind.name].append(comp)
                st.loc.append(zone.index)
                st.face.append(zone.facing == "up")
                st.owner.append(zone.owner)
                st.fields.append(values)
                st.known.append(0)
                made.append(comp)
        return made

    def build_graphs(self) -> None:
        prog = self.prog
        steps: dict = {}
        defaults: dict = {}
        connected: dict = {}        # (a `connect` line, whether its steps have a direction) -> its condition
        for name, board in prog.compiled_boards.items():
            defaults[name] = frozenset({"orthogonal"}) if board.grid else None
            for a, b, data in board.edges:
                la, lb = prog.locations[a], prog.locations[b]
                kind = data["kind"]
                direction = prog.directions.get(data.get("direction")) if data.get("direction") else None
                cond = None
                if data.get("when") is not None:
                    key = ("when", id(data["when"]))
                    cond = connected.get(key)
                    if cond is None:        # one function for every step the `when` is written for
                        cond = connected[key] = self.condition(data["when"], ())
                elif kind in board.connects:
                    decl = board.connects[kind]
                    key = (id(decl), direction is not None)
                    cond = connected.get(key)
                    if cond is None:        # one function for every step the line connects
                        cond = connected[key] = self.condition(decl.when, (decl.a, decl.b, decl.d),
                                                               direction is not None)
                steps.setdefault(la.index, []).append(Step(lb, kind, cond, direction))
        prog.graphs = Graphs({k: tuple(v) for k, v in steps.items()}, defaults,
                             {loc.index: loc for loc in prog.locations.values()}, simple=False)

    def condition(self, expr, params: tuple, directed: bool = False):
        """A board's `when` or `connect` condition as f(st, a, b, d) -> bool. A `connect` line's a and
        b are always board locations, and d a direction when its steps have one (directed)."""
        steps = [Name(f"a{i}") for i in range(3)]       # the step's two ends and its direction
        frame = self.exprs.root({p: steps[i] for i, p in enumerate(params)})
        if params:
            self.exprs.know(steps[0], Certain(Location))
            self.exprs.know(steps[1], Certain(Location))
            if directed:
                self.exprs.know(steps[2], Certain(EnumValue))
        name = self.ns.function("edge")
        out = Source()
        out.add(fmt("def {}(st, a0, a1, a2):", name), expr.span)
        lines = self.pipeline.first("condition_lines", self.exprs, expr, frame)     # (`fuse`: as statements)
        for depth, line in lines or [(0, fmt("return bool({})", self.exprs.gen(expr, frame)))]:
            out.add(line, expr.span, depth=depth + 1)
        self.code_map.compile(self.ns, out, "a board's condition")
        function = self.ns.globals[name.text]
        function.plain = not params        # reads nothing of the step it is asked about
        function.expr, function.params = expr, params      # (what compiler/reads.py reads of it)
        return function

    def progress_function(self, decl):
        """`progress "…"`: a function (st) -> how far the game has gone, as players read it."""
        name = self.ns.function("progress")
        out = Source()
        out.add(fmt("def {}(st):", name), decl.span)
        out.add(fmt("return _D(st, {})", self.exprs.gen(decl.text, self.exprs.root())), decl.span, depth=1)
        self.code_map.compile(self.ns, out, "the game's progress")
        self.flush()
        return self.ns.globals[name.text]

    def shown_function(self, decl):
        """`kind K, shown as "…"`: a function (st, comp) -> how one reads, its fields as names."""
        name = self.ns.function("shown")
        c = Name("c")
        names = {f.name: fmt("st.fields[{}.id][{}]", c, i) for i, f in enumerate(decl.fields)}
        names.setdefault("owner", fmt("st.owner[{}.id]", c))
        out = Source()
        out.add(fmt("def {}(st, c):", name), decl.shown.span)
        out.add(fmt("return _D(st, {})", self.exprs.gen(decl.shown, self.exprs.root(names))), decl.shown.span, depth=1)
        self.code_map.compile(self.ns, out, f"how a {decl.name} is shown")
        self.flush()
        fn = self.ns.globals[name.text]
        # (whether chance's outcomes labelled by it may be kept per deck: engine/outcomes.py)
        setattr(fn, OWN_FIELDS_ONLY, reads_own_fields_only(decl))
        return fn

    def evaluation_function(self, decl):
        """`evaluate p: expr`: a function (st, p) -> the number the rules give for player p."""
        name = self.ns.function("evaluate")
        out = Source()
        out.add(fmt("def {}(st, p):", name), decl.body.span)
        out.add(fmt("return {}", self.exprs.gen(decl.body, self.exprs.root({decl.var: Name("p")}))), decl.body.span,
                depth=1)
        self.code_map.compile(self.ns, out, "the evaluation")
        self.flush()
        return self.ns.globals[name.text]

    # ---------------------------------------------------------------- functions and units
    def define_function(self, name: str) -> Name:
        return self._function("define", name)

    def rule_function(self, name: str) -> Name:
        return self._function("rule", name)

    def _function(self, what: str, name: str) -> Name:
        key = (what, name)
        if key not in self._functions:
            self._functions[key] = self.ns.function("d" if what == "define" else "r")
            self._queue.append(key)
        return self._functions[key]

    def lift(self, name: Name, params: list, lines: list, span) -> None:
        """Define name(params) with the body lines ([(depth, Code)]: a test written as a function
        of its own, compiler/lift.py) before the code that calls it runs."""
        out = Source()
        out.add(fmt("def {}({}):", name, _joined(params)), span)
        for depth, line in lines:
            out.add(line, span, depth=depth + 1)
        self._lifted.append((out, span))

    def flush(self) -> None:
        """Compile every function named so far (each may name more)."""
        while self._queue or self._lifted:
            if self._lifted:
                out, span = self._lifted.pop()
                self.code_map.compile(self.ns, out, f"the test on line {span.line}" if span else "a test")
                continue
            what, name = self._queue.pop()
            python_name = self._functions[(what, name)]
            decl = (self.defn.defines if what == "define" else self.defn.rules)[name]
            params = {p: self.ns.fresh("p") for p in decl.params}
            frame = self.exprs.root(params)
            out = Source()
            out.add(fmt("def {}(st{}):", python_name, _leading_commas([read(p) for p in params.values()])), decl.span)
            with out.indented():
                # a call spends a step: a define that calls itself twice runs out of budget, not hours
                self.stmts.spend_one(decl.span, out)
                if what == "define":
                    frame = frame.typed_as(frame.types, frozenset([name]))
                    # (`fuse`: a define that is one `any(each …)` is its loop: a generator per call less)
                    lines = self.pipeline.first("define_lines", self.exprs, decl, frame)
                    for depth, line in lines or [(0, fmt("return {}", self.exprs.gen(decl.body, frame)))]:
                        out.add(line, decl.span, depth=depth)
                else:
                    self.stmts.block(decl.body, frame, out)
            self.code_map.compile(self.ns, out, f"{what} {name}")

    def rule_unit(self, name: str) -> int:
        """The unit of a rule that makes decisions (laid out on first use)."""
        if name not in self.unit_of_rule:
            decl = self.defn.rules[name]
            unit = self.new_unit(f"rule {name}")
            self.unit_of_rule[name] = unit.index
            frame = self.exprs.root({p: Slot(p) for p in decl.params})
            # what is certain where the rule is first called (a loop's item there) is not certain of
            # its own names, which other calls fill (its unit is laid out in the middle of a caller's)
            certain, self.exprs.certain = self.exprs.certain, {}
            try:
                with self.units.laying_out(name):
                    self.units.block(unit, decl.body, frame, [], [])
            finally:
                self.exprs.certain = certain
            unit.frames("st.frames.pop()", decl.span)
        return self.unit_of_rule[name]

    def new_unit(self, name: str) -> Unit:
        unit = Unit(name, len(self.unit_list))
        self.unit_list.append(unit)
        return unit

    def action_end(self, unit, span) -> None:
        """What ends an action: the `after each action` rules."""
        if any(t.event == "action" for t in self.defn.triggers):
            unit.add("after_action(st)", span)

    def compile_code(self) -> None:
        prog, defn = self.prog, self.defn
        for decl in defn.kinds.values():
            if decl.shown is not None:
                prog.kinds[decl.name].shown = self.shown_function(decl)
        if defn.progress is not None:
            prog.progress = self.progress_function(defn.progress)
        flow_unit = self.new_unit("the flow")
        flow_unit.add("return _SUSPEND", defn.flow.body[0].span if defn.flow.body else None)  # held: see loop.start
        flow_unit.end_block()
        flow_unit.place(flow_unit.label(), defn.flow.span)
        self.units.block(flow_unit, defn.flow.body, self.exprs.root(), [], [])
        end = defn.flow.body[-1].span if defn.flow.body else defn.flow.span
        flow_unit.add(fmt("raise _error({}, {}, {})", self.ns.const(end), self.ns.const(FLOW_END),
                          self.ns.const(FLOW_END_HINT)), end)
        prog.flow_unit = flow_unit.index
        if defn.setup is not None:
            setup = self.new_unit("the set-up")
            self.units.block(setup, defn.setup.body, self.exprs.root(), [], [])
            setup.frames("st.frames.pop()", defn.setup.span)
            prog.setup_unit = setup.index
        compile_triggers(self)
        self.flush()
        linking = self.pipeline.first("link_units")    # (`jumps`: blocks that call the block they go on to)
        for unit in self.unit_list:
            source, names = unit.source(f"u{unit.index}_b", linking)
            self.code_map.compile(self.ns, source, unit.name, unit.parts)
            prog.code.append([self.ns.globals[name] for name in names])
            prog.unit_spans.append(unit.block_spans)
            prog.unit_names.append(unit.name)
            prog.unit_parts.append(tuple(unit.parts))
        self.flush()



FLOW_END = "the flow reached its end without `win` or `end game`"
FLOW_END_HINT = "end the game explicitly at the end of the flow"


def _within_limit(made: int, count, content) -> None:
    """A count set by an option or the player count must keep the game within MAX_COMPONENTS
    (the checker adds up the counts the file fixes)."""
    if type(count) is int and made + count > MAX_COMPONENTS:
        raise error(content.span, f"this brings the game to {made + count:,} components; "
                    f"a game may have at most {MAX_COMPONENTS:,}", "choose smaller option values")


def _leading_commas(codes: list) -> Code:
    parts = []
    for code in codes:
        parts += [", ", code]
    return Code(tuple(parts))


def _joined(codes: list) -> Code:
    parts = []
    for i, code in enumerate(codes):
        parts += ([", "] if i else []) + [code]
    return Code(tuple(parts))


def _zero(ref):
    text = type_text(ref)
    return {"int": 0, "bool": False, "text": ""}.get(text, () if text.startswith("list of") else None)

