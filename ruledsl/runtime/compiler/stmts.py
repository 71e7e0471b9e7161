"""Statements that cannot stop for a decision, written as Python statements.

They are the bodies of rules that make no decisions, of triggers and
scenarios, and the straight stretches inside the blocks of code that can stop
(units.py). Loops are Python loops (`stop` is `break`, `return` is `return`),
`turn`, `phase` and `quietly` restore what they change in `finally`, and every
effect is one call into effects/ with its evaluated arguments.

`names` maps the local names in scope to the Python text reading them; a `let`
binds a fresh Python local, or (persist) an entry of the frame's env that
outlives the block because a decision may come before it is read again.
"""
from __future__ import annotations

from contextlib import contextmanager

from ...errors import error
from ...ir import nodes as n
from ..engine.budget import STEP_LIMIT
from ..fastpaths import on
from .exprs import Raw


def _holds_components(prog, typ) -> bool:
    while type(typ) is n.ListType:
        typ = typ.item
    return type(typ) is n.TypeName and (typ.name in prog.defn.kinds or typ.name == "any")


# How deep `elif`s written as `else:` + `if` may nest (StmtGen.branches).
MAX_NESTED = 20


class StmtGen:
    """Writes statements that cannot stop (see the module docstring)."""

    def __init__(self, compiler):
        self.compiler = compiler
        self.prog = compiler.prog
        self.ns = compiler.ns
        self.exprs = compiler.exprs
        self.apart = 0          # > 0 while a rule is written into its caller's unit (kept_apart)

    def k(self, value) -> str:
        return self.ns.const(value)

    def x(self, e, names) -> str:
        return self.exprs.gen(e, names)

    @contextmanager
    def kept_apart(self):
        """While a rule is written into its caller's unit (units.splice): every name it binds in
        the frame is a new one, never one of the caller's."""
        self.apart += 1
        try:
            yield
        finally:
            self.apart -= 1

    def bind(self, name: str, names: dict, persist: bool) -> tuple:
        """(Python target for a new local `name`, names with it)."""
        if persist:
            key = name if name not in names and not self.apart else f"{name}#{self.ns.fresh('')}"
            target = f"env[{key!r}]"
        else:
            target = self.ns.fresh("v")
        return target, {**names, name: target}

    # ---------------------------------------------------------------- blocks
    def block(self, stmts, names: dict, out, persist: bool = False) -> dict:
        """Write stmts; the names in scope after them. An empty block is `pass`."""
        start = len(out.lines)
        for s in stmts:
            names = self.stmt(s, names, out, persist)
        if len(out.lines) == start:
            out.add("pass", stmts[0].span if stmts else None)
        return names

    def stmt(self, s, names: dict, out, persist: bool) -> dict:
        handler = getattr(self, "s_" + type(s).__name__, None)
        if handler is None:
            raise error(s.span, "this statement can stop for a decision, so it cannot stand here",
                        "decisions, rolls and draws belong in the flow or in rules that the flow runs")
        found = handler(s, names, out, persist)
        return names if found is None else found

    # ---------------------------------------------------------------- names and values
    def unfolds(self, s, out) -> None:
        """A `set` of a field play never sets (a `rotate` where play rotates nothing, a `mark` of a
        tag play never marks), which only a scenario runs: the state no longer keeps the values
        worked out when the game was compiled (compiler/static.py), and reads them again."""
        if self.compiler.exprs.statics().unfolds(s):
            out.add("st.unfolded = True", s.span)

    def s_Let(self, s, names, out, persist):
        value = self.x(s.value, names)
        target, names = self.bind(s.name, names, persist)
        out.add(f"{target} = {value}", s.span)
        return names

    def s_Set(self, s, names, out, persist):
        target = s.target
        self.unfolds(s, out)
        if isinstance(target, n.Index):
            return self.set_entry(s, names, out)
        obj = seat = None
        if isinstance(target, n.Attr):
            obj = self.ns.fresh("o")
            held = self.x(target.obj, names)
            seat = self.exprs.sure(held, "Player")
            out.add(f"{obj} = {held}", s.span)
        write = self.compiler.names.writer(target, obj, s.span)
        value = self.x(s.value, names)
        slot = self.compiler.names.player_slot(target) if obj is not None and s.op == "=" else None
        if slot is not None and on("typed") and seat is not None:
            # certainly a seat (compiler/certain.py): its slot written, and no other way
            out.add(f"st.vals[{slot} + {obj}.index] = {value}", s.span)
            return
        if slot is not None and on("typed"):
            # a seat's variable, as the checker expects: its slot written directly
            new = self.ns.fresh("n")
            out.add(f"{new} = {value}", s.span)
            out.add(f"if type({obj}) is Player:", s.span)
            out.add(f"    st.vals[{slot} + {obj}.index] = {new}", s.span)
            out.add("else:", s.span)
            out.add(f"    {write(new)}", s.span)
            return
        if s.op != "=":
            if obj is None:
                current = self.x(target, names)
            else:
                readers, fail = self.compiler.names.field_readers(target.name, target.span)
                current = f"({self.k(readers)}.get(type({obj})) or {self.k(fail)})(st, {obj})"
            value = f"{'_add' if s.op == '+' else '_sub'}(st, {current}, {value}, {self.k(s.span)})"
        out.add(write(value), s.span)

    def set_entry(self, s, names, out):
        """`set holder[i] to v`: the holder (a list or a map, never changed in place: states share
        them) is set to a copy with that entry replaced; `increase holder[i] by n` likewise."""
        target = s.target
        holder, index = self.ns.fresh("o"), self.ns.fresh("i")
        out.add(f"{holder} = {self.x(target.obj, names)}", s.span)
        out.add(f"{index} = {self.x(target.index, names)}", s.span)
        value = self.x(s.value, names)
        if s.op != "=":
            current = f"_index(st, {holder}, {index}, {self.k(target.span)})"
            value = f"{'_add' if s.op == '+' else '_sub'}(st, {current}, {value}, {self.k(s.span)})"
        replaced = f"_replaced(st, {holder}, {index}, {value}, {self.k(target.span)})"
        self.stmt(n.Set(target.obj, Raw(replaced), span=s.span), names, out, False)

    def s_ExprStmt(self, s, names, out, persist):
        out.add(self.x(s.expr, names), s.span)

    # ---------------------------------------------------------------- effects
    def s_Move(self, s, names, out, persist):
        out.add(self.move_line(s, names)[0], s.span)

    def move_line(self, s, names, quietly: bool = False) -> tuple:
        """(a `move` as one line of Python, whether the line keeps it quiet itself). quietly: the
        move is all a `quietly:` holds; a move of one component then says so to effects.move (no
        count raised and restored around the call), any other needs the block's count around it."""
        if self.zone_emptied(s):        # `move contents(Z) to Z2`: bulk.move_all
            return (f"_move_all(prog, st, {self.x(s.item.args[0], names)}, {self.x(s.dest, names)}, "
                    f"{self.k(s.end)}, {self.k(s.facing)}, {self.k(s.span)})"), False
        item = self.x(s.item, names)
        dest = self.x(s.dest, names)
        rest = f"{dest}, {self.k(s.end)}, {self.k(s.facing)}, {self.k(s.span)}"
        kind = self.exprs.type_of(s.item)
        if kind is not None and kind.head == "kind" and on("typed"):
            t = self.exprs.temp()       # one component, as the checker expects: moved without a list
            onto = self.exprs.sure(dest, "Location") if s.end is None and s.facing is None else None
            if onto is not None:        # onto a board location, as it lays things: effects.move_onto
                return (f"_move_onto(prog, st, {t}, {onto}, {self.k(s.span)}) if type({t} := {item}) is Comp "
                        f"else _move_many(prog, st, {t}, {rest})"), False
            if quietly:     # (a list: moved as in any quiet block)
                return (f"_move(prog, st, {t}, {rest}, True) if type({t} := {item}) is Comp "
                        f"else _quietly(_move_many, prog, st, {t}, {rest})"), True
            return f"(_move if type({t} := {item}) is Comp else _move_many)(prog, st, {t}, {rest})", False
        return f"_move_many(prog, st, {item}, {rest})", False

    def zone_emptied(self, s) -> bool:
        """Whether a move takes all that lies in a zone to a zone (as the checker types them)."""
        item = s.item
        if not on("bulk") or type(item) is not n.Call or item.func != "contents" or len(item.args) != 1 \
                or item.kwargs or item.comp is not None or "contents" in self.prog.defn.defines:
            return False
        kinds = (self.exprs.type_of(item.args[0]), self.exprs.type_of(s.dest))
        return all(kind is not None and kind.head in ("zone", "zone of") for kind in kinds)

    def s_Draw(self, s, names, out, persist):
        count = self.x(s.count, names) if s.count is not None else "1"
        out.add(f"_draw_many(prog, st, {count}, {self.x(s.source, names)}, {self.x(s.dest, names)}, "
                f"{self.k(s.end)}, {self.k(s.dest_end)}, {self.k(s.facing)}, {self.k(s.span)})", s.span)

    def s_Effect(self, s, names, out, persist):
        if s.verb == "shuffle":
            out.add(f"_shuffle(prog, st, {self.x(s.target, names)}, {self.k(s.span)})", s.span)
            return
        var = self.var_target(s.target, names)
        if var is not None:
            mask, verb = ("_ALL_SEATS", "revealed to all") if s.verb == "reveal" else ("0", "hidden again")
            out.add(f"_disclose(st, {var}, {mask}, {self.k(verb)})", s.span)
            return
        out.add(f"_turn_many(prog, st, {self.x(s.target, names)}, {s.verb == 'reveal'}, {self.k(s.span)})", s.span)

    def s_Show(self, s, names, out, persist):
        var = self.var_target(s.item, names)
        to = self.x(s.to, names)
        if var is not None:
            out.add(f"_show_var(st, {var}, {to})", s.span)
            return
        out.add(f"_show_many(prog, st, {self.x(s.item, names)}, {to}, {self.k(s.span)})", s.span)

    def var_target(self, e, names):
        """For `reveal`/`hide`/`show` of a variable rather than a component: Python text of
        (slots, how the log names it), else None. A variable that holds components
        (`var chosen: Card`) still reveals the components."""
        prog = self.prog
        name = e.name if type(e) in (n.Name, n.Attr) else None
        if name not in prog.var_slots or _holds_components(prog, prog.var_decls[name].type):
            return None
        slot, per_player = prog.var_slots[name], prog.var_decls[name].per_player
        if type(e) is n.Name and name not in names:
            count = prog.player_count if per_player else 1
            return self.k((tuple(range(slot, slot + count)), name))
        if type(e) is n.Attr and per_player:
            return f"_player_slot(st, {slot}, {self.x(e.obj, names)}, {self.k(name)}, {self.k(e.span)})"
        return None

    def s_Rotate(self, s, names, out, persist):
        self.unfolds(s, out)
        out.add(f"_rotate_many(prog, st, {self.x(s.item, names)}, {self.x(s.amount, names)}, {self.k(s.span)})",
                s.span)

    def s_Swap(self, s, names, out, persist):
        out.add(f"_swap(prog, st, {self.x(s.first, names)}, {self.x(s.second, names)}, {self.k(s.span)})", s.span)

    def s_Announce(self, s, names, out, persist):
        to = f", {self.x(s.to, names)}" if s.to is not None else ""
        # a muted state logs nothing (a bot's playout): the text is not even made
        out.add("if not st.muted:", s.span)
        text = self.x(s.text, names)
        if type(s.text) is not n.Template:      # (a template is a text already)
            text = f"_D(st, {text})"
        if to or not on("calls"):
            out.add(f"    _announce(st, {text}{to})", s.span)
            return
        # to everyone (the commonest event of all): effects.announce's first case, written out
        log = self.ns.fresh("log")
        out.add(f"    st.log = (({text}, None, None, 'announce'), ({log} := st.log), "
                f"{log}[2] + 1 if {log} is not None else 1)", s.span)

    def s_Mark(self, s, names, out, persist):
        self.unfolds(s, out)
        out.add(f"_mark_many(prog, st, {self.x(s.target, names)}, {self.k(s.tag)}, {s.on}, {self.k(s.span)})",
                s.span)

    def s_Do(self, s, names, out, persist):
        args = "".join(", " + self.x(a, names) for a in s.args)
        out.add(f"{self.compiler.rule_function(s.rule)}(st{args})", s.span)

    def s_Win(self, s, names, out, persist):
        out.add(f"_win(prog, st, {self.x(s.winners, names)}, {self.k(s.span)})", s.span)

    def s_EndGame(self, s, names, out, persist):
        if s.source is None:
            out.add(f"_rank(prog, st, [(p, ()) for p in {self.k(self.prog.players)}], {self.k(s.span)})", s.span)
            return
        p = self.ns.fresh("v")
        inner = {**names, s.var: p}
        if s.returns is not None:
            out.add(f"_score(prog, st, [({p}, {self.x(s.returns, inner)}) for {p} in _players_of(st, "
                    f"{self.x(s.source, names)})], {self.k(s.span)})", s.span)
            return
        keys = "".join(self.x(key, inner) + ", " for key in s.keys)
        out.add(f"_rank(prog, st, [({p}, ({keys})) for {p} in _players_of(st, {self.x(s.source, names)})], "
                f"{self.k(s.span)})", s.span)

    def s_Jump(self, s, names, out, persist):
        out.add({"stop": "break", "return": "return", "pass": "pass"}[s.kind], s.span)

    # ---------------------------------------------------------------- control
    def s_If(self, s, names, out, persist):
        self.branches(s, 0, names, out, 0)

    def branches(self, s, i: int, names, out, nested: int, first=None) -> None:
        """s's branches from the i-th on: `if`, `elif`s, `else`. A test written as lines to run
        before it (exprs.test_lines) opens an `else:` for them instead of an `elif` (up to
        MAX_NESTED deep: Python's indentation has a limit; past it the test is one expression).
        first: the i-th test's (lines, test), when worked out already."""
        for j in range(i, len(s.branches)):
            branch = s.branches[j]
            if j == i and first is not None:
                lines, test = first
            elif j == i or nested < MAX_NESTED:
                lines, test = self.exprs.test_lines(branch.cond, names)
            else:
                lines, test = [], self.x(branch.cond, names)
            if lines and j > i:
                out.add("else:", branch.span)
                with out.indented():
                    self.branches(s, j, names, out, nested + 1, (lines, test))
                return
            for line in lines:
                out.add(line, branch.span)
            out.add(f"{'if' if j == i else 'elif'} {test}:", branch.span)
            with out.indented():
                self.block(branch.body, names, out)
        if s.orelse:
            out.add("else:", s.span)
            with out.indented():
                self.block(s.orelse, names, out)

    def s_Match(self, s, names, out, persist):
        subject = self.ns.fresh("m")
        out.add(f"{subject} = {self.x(s.subject, names)}", s.span)
        for i, case in enumerate(s.cases):
            test = " or ".join(f"({self.x(v, names)}) == {subject}" for v in case.values)
            out.add(f"{'if' if i == 0 else 'elif'} {test}:", case.span)
            with out.indented():
                self.block(case.body, names, out)
        if s.orelse:
            out.add("else:" if s.cases else "if True:", s.span)
            with out.indented():
                self.block(s.orelse, names, out)

    def s_ForEach(self, s, names, out, persist):
        var, inner = self.bind(s.var, names, False)
        # a list fixed when the game is compiled is gone through as it is, its items as certain
        # as the list's (compiler/certain.py); anything else through _items
        spend, source, items = self.exprs.loop_source(s.source, names)
        if items is not None and on("typed"):
            self.exprs.certain[var] = items
        for line in spend:
            out.add(line, s.span)
        out.add(f"for {var} in {source}:", s.span)
        with out.indented(), self.exprs.written_through() as through:
            self.block(s.body, inner, out)
            self.spend_through(through(), s.span, out)

    def s_Repeat(self, s, names, out, persist):
        if s.kind == "times":
            out.add(f"for _ in range({self.x(s.arg, names)}):", s.span)
        else:
            out.add("while True:", s.span)
        with out.indented(), self.exprs.written_through() as through:
            if s.kind == "until":
                out.add(f"if {self.x(s.arg, names)}:", s.span)
                out.add("    break", s.span)
            elif s.kind == "while":
                out.add(f"if not ({self.x(s.arg, names)}):", s.span)
                out.add("    break", s.span)
            self.spend_one(s.span, out)
            self.block(s.body, names, out)
            self.spend_through(through(), s.span, out)

    def spend_one(self, span, out) -> None:
        """A loop turn spends a step of the budget (see engine/budget.py)."""
        out.add("st.steps += 1", span)
        out.add(f"if st.steps > {STEP_LIMIT}:", span)
        out.add("    raise _Runaway()", span)

    @staticmethod
    def spend_through(count: int, span, out) -> None:
        """Spend the items of fixed lists a loop's turn went through (ExprGen.written_through),
        at the end of the turn; the next turn's check, or the run loop's, tells a runaway."""
        if count:
            out.add(f"st.steps += {count}", span)

    def s_Phase(self, s, names, out, persist):
        out.add(f"_enter_phase(st, {self.x(s.name, names)})", s.span)
        self.guarded(s, names, out, "st.phase = st.phase[:-1]")

    def s_Quietly(self, s, names, out, persist):
        if len(s.body) == 1 and type(s.body[0]) is n.Move:
            line, kept_quiet = self.move_line(s.body[0], names, quietly=True)
            if kept_quiet:      # (else the move is written as in any quiet block)
                out.add(line, s.span)
                return
        out.add("st.quiet += 1", s.span)
        self.guarded(s, names, out, "st.quiet -= 1")

    def s_Turn(self, s, names, out, persist):
        saved = self.ns.fresh("saved")
        out.add(f"{saved} = st.current", s.span)
        out.add(f"_enter_turn(st, {self.x(s.player, names)})", s.span)
        self.guarded(s, names, out, f"st.current = {saved}")

    def guarded(self, s, names, out, restore: str) -> None:
        """s's body, with what it changed restored however the body is left."""
        out.add("try:", s.span)
        with out.indented():
            self.block(s.body, names, out)
        out.add("finally:", s.span)
        out.add("    " + restore, s.span)
