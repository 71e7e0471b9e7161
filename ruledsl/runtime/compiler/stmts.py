"""Statements that cannot stop for a decision, written as Python statements.

They are the bodies of rules that make no decisions, of triggers and scenarios, and the straight
stretches inside the blocks of code that can stop (units.py). Loops are Python loops (`stop` is
`break`, `return` is `return`), `turn`, `phase` and `quietly` restore what they change in
`finally`, and every effect is one call into effects/ with its evaluated arguments.

Each handler takes the statement, the Frame of the names in scope (frame.py), where to write
(a code.Source, or the Unit being laid out) and whether a `let` must outlive a decision
(persist: the name is then an entry of the frame's env, else a fresh Python local); it returns
the frame of the names in scope after it.
"""
from __future__ import annotations

from contextlib import contextmanager

from ...errors import error
from ...ir import nodes as n
from ...ir.walk import nodes
from ..engine.budget import STEP_LIMIT
from ..model.values import Player
from .code import Bind, Code, Slot, fmt, read, text
from .exprs import Written


def _holds_components(prog, typ) -> bool:
    while type(typ) is n.ListType:
        typ = typ.item
    return type(typ) is n.TypeName and (typ.name in prog.defn.kinds or typ.name == "any")


# How deep `elif`s written as `else:` + `if` may nest (StmtGen.branches).
MAX_NESTED = 20
# How many branches of an `if` (cases of a `match`) one Python chain holds (StmtGen.chained).
CHAIN = 100
# How many blocks (loops, `try`) may nest in one function before a statement is written as a
# function of its own (Python refuses 20 in one function: "too many statically nested blocks").
MAX_BLOCKS = 12
# Statements whose Python statement opens a block.
_OPENS_BLOCK = (n.ForEach, n.Repeat, n.Phase, n.Quietly, n.Turn)


class Wall:
    """A statement written as a function of its own (StmtGen.as_function): the loops of its own it is
    inside of, and how its code left it (a `stop` of a loop around it, a `return`)."""
    __slots__ = ("loops", "escapes")

    def __init__(self):
        self.loops = 0
        self.escapes = set()


class StmtGen:
    """Writes statements that cannot stop (see the module docstring)."""

    def __init__(self, compiler):
        self.compiler = compiler
        self.prog = compiler.prog
        self.ns = compiler.ns
        self.exprs = compiler.exprs
        self.passes = compiler.pipeline
        self.apart = 0          # > 0 while a rule is written into its caller's unit (kept_apart)
        self.blocks = 0         # the blocks (loops, `try`) open in the function being written
        self.walls: list = []   # the statements written as functions of their own around this one (Wall)

    def k(self, value):
        return self.ns.const(value)

    def x(self, e, frame):
        return self.exprs.gen(e, frame)

    @contextmanager
    def kept_apart(self):
        """While a rule is written into its caller's unit (units.splice): every name it binds in
        the frame is a new one, never one of the caller's."""
        self.apart += 1
        try:
            yield
        finally:
            self.apart -= 1

    def bind(self, name: str, frame, persist: bool) -> tuple:
        """(the Name or Slot a new local `name` is stored in, the frame with it)."""
        if persist:
            key = name if name not in frame.names and not self.apart else f"{name}#{self.ns.fresh('').text}"
            target = Slot(key)
        else:
            target = self.ns.fresh("v")
        return target, frame.bind(name, read(target))

    # ---------------------------------------------------------------- blocks
    def block(self, stmts, frame, out, persist: bool = False):
        """Write stmts; the frame of the names in scope after them. An empty block is `pass`."""
        start = len(out.lines)
        for s in stmts:
            frame = self.stmt(s, frame, out, persist)
        if len(out.lines) == start:
            out.add("pass", stmts[0].span if stmts else None)
        return frame

    def stmt(self, s, frame, out, persist: bool):
        if self.blocks >= MAX_BLOCKS and type(s) in _OPENS_BLOCK:
            return self.as_function(s, frame, out, persist)
        handler = getattr(self, "s_" + type(s).__name__, None)
        if handler is None:
            raise error(s.span, "this statement can stop for a decision, so it cannot stand here",
                        "decisions, rolls and draws belong in the flow or in rules that the flow runs")
        found = handler(s, frame, out, persist)
        return frame if found is None else found

    # ---------------------------------------------------------------- names and values
    def unfolds(self, s, out) -> None:
        """A `set` of a field play never sets (a `rotate` where play rotates nothing, a `mark` of a
        tag play never marks), which only a scenario runs: the state no longer keeps the values
        worked out when the game was compiled (compiler/static.py), and reads them again."""
        if self.exprs.statics().unfolds(s):
            out.add("st.unfolded = True", s.span)

    def s_Let(self, s, frame, out, persist):
        value = self.x(s.value, frame)
        target, frame = self.bind(s.name, frame, persist)
        out.add(fmt("{} = {}", _target(target), value), s.span)
        return frame

    def s_Set(self, s, frame, out, persist):
        target = s.target
        self.unfolds(s, out)
        if isinstance(target, n.Index):
            return self.set_entry(s, frame, out)
        obj = seat = None
        if isinstance(target, n.Attr):
            obj = self.ns.fresh("o")
            held = self.x(target.obj, frame)
            seat = self.exprs.sure(held, Player)
            out.add(fmt("{} = {}", Bind(obj, "set"), held), s.span)
        write = self.compiler.names.writer(target, obj, s.span)
        value = self.x(s.value, frame)
        slot = self.compiler.names.player_slot(target) if obj is not None and s.op == "=" else None
        if slot is not None and self.passes.first("set_seat_variable", self, s, obj, seat, slot, value, write, out):
            return
        if s.op != "=":
            if obj is None:
                current = self.x(target, frame)
            else:
                readers, fail = self.compiler.names.field_readers(target.name, target.span)
                current = fmt("({}.get(type({})) or {})(st, {})", self.k(readers), obj, self.k(fail), obj)
            value = fmt("{}(st, {}, {}, {})", "_add" if s.op == "+" else "_sub", current, value, self.k(s.span))
        out.add(write(value), s.span)

    def set_entry(self, s, frame, out):
        """`set holder[i] to v`: the holder (a list or a map, never changed in place: states share
        them) is set to a copy with that entry replaced; `increase holder[i] by n` likewise."""
        target = s.target
        holder, index = self.ns.fresh("o"), self.ns.fresh("i")
        out.add(fmt("{} = {}", Bind(holder, "set"), self.x(target.obj, frame)), s.span)
        out.add(fmt("{} = {}", Bind(index, "set"), self.x(target.index, frame)), s.span)
        value = self.x(s.value, frame)
        if s.op != "=":
            current = fmt("_index(st, {}, {}, {})", holder, index, self.k(target.span))
            value = fmt("{}(st, {}, {}, {})", "_add" if s.op == "+" else "_sub", current, value, self.k(s.span))
        replaced = fmt("_replaced(st, {}, {}, {}, {})", holder, index, value, self.k(target.span))
        self.stmt(n.Set(target.obj, Written(replaced), span=s.span), frame, out, False)

    def s_ExprStmt(self, s, frame, out, persist):
        out.add(self.x(s.expr, frame), s.span)

    # ---------------------------------------------------------------- effects
    def s_Move(self, s, frame, out, persist):
        out.add(self.move_line(s, frame)[0], s.span)

    def move_line(self, s, frame, quietly: bool = False) -> tuple:
        """(a `move` as the Code of one line, whether the line keeps it quiet itself). quietly: the
        move is all a `quietly:` holds; a move of one component then says so to effects.move (no
        count raised and restored around the call), any other needs the block's count around it."""
        found = self.passes.first("move_whole", self, s, frame)        # (`bulk`: a zone moved whole)
        if found is not None:
            return found
        item = self.x(s.item, frame)
        dest = self.x(s.dest, frame)
        rest = fmt("{}, {}, {}, {}", dest, self.k(s.end), self.k(s.facing), self.k(s.span))
        found = self.passes.first("move", self, s, frame, item, dest, rest, quietly)    # (`typed`: one component)
        return found or (fmt("_move_many(prog, st, {}, {})", item, rest), False)

    def s_Draw(self, s, frame, out, persist):
        count = self.x(s.count, frame) if s.count is not None else text("1")
        out.add(fmt("_draw_many(prog, st, {}, {}, {}, {}, {}, {}, {})", count, self.x(s.source, frame),
                    self.x(s.dest, frame), self.k(s.end), self.k(s.dest_end), self.k(s.facing), self.k(s.span)), s.span)

    def s_Effect(self, s, frame, out, persist):
        if s.verb == "shuffle":
            out.add(fmt("_shuffle(prog, st, {}, {})", self.x(s.target, frame), self.k(s.span)), s.span)
            return
        var = self.var_target(s.target, frame)
        if var is not None:
            mask, verb = ("_ALL_SEATS", "revealed to all") if s.verb == "reveal" else ("0", "hidden again")
            out.add(fmt("_disclose(st, {}, " + mask + ", {})", var, self.k(verb)), s.span)
            return
        out.add(fmt("_turn_many(prog, st, {}, {}, {})", self.x(s.target, frame), self.k(s.verb == "reveal"),
                    self.k(s.span)), s.span)

    def s_Show(self, s, frame, out, persist):
        var = self.var_target(s.item, frame)
        to = self.x(s.to, frame)
        if var is not None:
            out.add(fmt("_show_var(st, {}, {})", var, to), s.span)
            return
        out.add(fmt("_show_many(prog, st, {}, {}, {})", self.x(s.item, frame), to, self.k(s.span)), s.span)

    def var_target(self, e, frame):
        """For `reveal`/`hide`/`show` of a variable rather than a component: the Code of (slots, how
        the log names it), else None. A variable that holds components (`var chosen: Card`) still
        reveals the components."""
        prog = self.prog
        name = e.name if type(e) in (n.Name, n.Attr) else None
        if name not in prog.var_slots or _holds_components(prog, prog.var_decls[name].type):
            return None
        slot, per_player = prog.var_slots[name], prog.var_decls[name].per_player
        if type(e) is n.Name and name not in frame.names:
            count = prog.player_count if per_player else 1
            return self.k((tuple(range(slot, slot + count)), name))
        if type(e) is n.Attr and per_player:
            return fmt("_player_slot(st, {}, {}, {}, {})", slot, self.x(e.obj, frame), self.k(name), self.k(e.span))
        return None

    def s_Rotate(self, s, frame, out, persist):
        self.unfolds(s, out)
        out.add(fmt("_rotate_many(prog, st, {}, {}, {})", self.x(s.item, frame), self.x(s.amount, frame),
                    self.k(s.span)), s.span)

    def s_Swap(self, s, frame, out, persist):
        out.add(fmt("_swap(prog, st, {}, {}, {})", self.x(s.first, frame), self.x(s.second, frame), self.k(s.span)),
                s.span)

    def s_Announce(self, s, frame, out, persist):
        to = self.x(s.to, frame) if s.to is not None else None
        # a muted state logs nothing (a bot's playout): the text is not even made
        out.add("if not st.muted:", s.span)
        said = self.x(s.text, frame)
        if type(s.text) is not n.Template:      # (a template is a text already)
            said = fmt("_D(st, {})", said)
        if to is None and self.passes.first("announce", self, s, said, out):
            return
        call = fmt("_announce(st, {}, {})", said, to) if to is not None else fmt("_announce(st, {})", said)
        out.add(call, s.span, depth=1)

    def s_Mark(self, s, frame, out, persist):
        self.unfolds(s, out)
        out.add(fmt("_mark_many(prog, st, {}, {}, {}, {})", self.x(s.target, frame), self.k(s.tag), self.k(s.on),
                    self.k(s.span)), s.span)

    def s_Do(self, s, frame, out, persist):
        function = self.compiler.rule_function(s.rule)
        out.add(fmt("{}(st{})", function, _leading_commas([self.x(a, frame) for a in s.args])), s.span)

    def s_Win(self, s, frame, out, persist):
        out.add(fmt("_win(prog, st, {}, {})", self.x(s.winners, frame), self.k(s.span)), s.span)

    def s_EndGame(self, s, frame, out, persist):
        if s.source is None:
            out.add(fmt("_rank(prog, st, [(p, ()) for p in {}], {})", self.k(self.prog.players), self.k(s.span)),
                    s.span)
            return
        p = self.ns.fresh("v")
        inner = frame.bind(s.var, read(p))
        if s.returns is not None:
            # a value that does not read the seat is the same for every seat: a team's score
            alike = not any(type(e) is n.Name and e.name == s.var for e in nodes([s.returns]))
            out.add(fmt("_score(prog, st, [({}, {}) for {} in _players_of(st, {})], {}, {})", p,
                        self.x(s.returns, inner), Bind(p, "for"), self.x(s.source, frame), self.k(s.span),
                        text(repr(alike))), s.span)
            return
        keys = [fmt("{}, ", self.x(key, inner)) for key in s.keys]
        out.add(fmt("_rank(prog, st, [({}, ({})) for {} in _players_of(st, {})], {})", p, _concat(keys),
                    Bind(p, "for"), self.x(s.source, frame), self.k(s.span)), s.span)

    def s_Jump(self, s, frame, out, persist):
        self.leave(s.kind, out, s.span)

    def leave(self, kind: str, out, span) -> None:
        """`stop` (the innermost loop), `return` or `pass`; out of a statement written as a
        function of its own (as_function), as what that function gives back."""
        wall = self.walls[-1] if self.walls else None
        if kind == "stop" and wall is not None and not wall.loops:
            wall.escapes.add("stop")
            out.add("return 1", span)
        elif kind == "return" and wall is not None:
            wall.escapes.add("return")
            out.add("return 2", span)
        else:
            out.add({"stop": "break", "return": "return", "pass": "pass"}[kind], span)

    def as_function(self, s, frame, out, persist):
        """s written as a function of its own, called where s stands: its blocks nest from none
        again. It reads the names around it as Python closures do; a `stop` of a loop around it
        or a `return` leaves it as 1 or 2, and its caller then leaves as they would."""
        name = self.ns.fresh("b")
        wall = Wall()
        out.add(fmt("def {}():", Bind(name, "set")), s.span)
        saved = self.blocks, self.walls
        self.blocks, self.walls = 0, self.walls + [wall]
        try:
            with out.indented():
                self.block([s], frame, out, persist)
        finally:
            self.blocks, self.walls = saved
        if not wall.escapes:
            out.add(fmt("{}()", name), s.span)
            return frame
        left = self.ns.fresh("r")
        out.add(fmt("{} = {}()", Bind(left, "set"), name), s.span)
        for kind, code in (("stop", 1), ("return", 2)):
            if kind in wall.escapes:
                out.add(fmt("if {} == " + str(code) + ":", left), s.span)
                with out.indented():
                    self.leave(kind, out, s.span)
        return frame

    @contextmanager
    def opened(self, loop: bool = False):
        """While the body of a block (a loop, a `try`) is written."""
        self.blocks += 1
        if loop and self.walls:
            self.walls[-1].loops += 1
        try:
            yield
        finally:
            self.blocks -= 1
            if loop and self.walls:
                self.walls[-1].loops -= 1

    # ---------------------------------------------------------------- control
    def s_If(self, s, frame, out, persist):
        self.chained(s.branches, s.orelse, s.span, frame, out,
                     lambda arms, orelse: self.branches(arms, orelse, s.span, 0, frame, out, 0))

    def chained(self, arms: tuple, orelse, span, frame, out, write) -> None:
        """An `if` with its `elif`s (a `match` with its cases) written by write(arms, orelse): one
        Python chain of at most CHAIN arms, else chains of CHAIN one after the other, each asked
        while none before it matched (a chain of thousands, one within another, is more than
        Python compiles)."""
        if len(arms) <= CHAIN:
            write(arms, (lambda: self.block(orelse, frame, out)) if orelse else None)
            return
        unmatched = self.ns.fresh("u")
        out.add(fmt("{} = True", Bind(unmatched, "set")), span)
        for start in range(0, len(arms), CHAIN):
            out.add(fmt("if {}:", unmatched), span)
            with out.indented():
                out.add(fmt("{} = False", unmatched), span)
                write(arms[start:start + CHAIN], lambda: out.add(fmt("{} = True", unmatched), span))
        if orelse:
            out.add(fmt("if {}:", unmatched), span)
            with out.indented():
                self.block(orelse, frame, out)

    def branches(self, arms, orelse, span, i: int, frame, out, nested: int, first=None) -> None:
        """An `if`'s branches (arms) from the i-th on, then orelse (a function writing the `else`'s
        body, or None). A test written as lines to run before it (exprs.test_lines) opens an
        `else:` for them instead of an `elif` (up to MAX_NESTED deep: Python's indentation has a
        limit; past it the test is one expression). first: the i-th test's (lines, test), when
        worked out already."""
        for j in range(i, len(arms)):
            branch = arms[j]
            if j == i and first is not None:
                lines, test = first
            elif j == i or nested < MAX_NESTED:
                lines, test = self.exprs.test_lines(branch.cond, frame)
            else:
                lines, test = [], self.x(branch.cond, frame)
            if lines and j > i:
                out.add("else:", branch.span)
                with out.indented():
                    self.branches(arms, orelse, span, j, frame, out, nested + 1, (lines, test))
                return
            for depth, line in lines:
                out.add(line, branch.span, depth=depth)
            out.add(fmt(("if" if j == i else "elif") + " {}:", test), branch.span)
            with out.indented():
                self.block(branch.body, frame, out)
        if orelse is not None:
            out.add("else:", span)
            with out.indented():
                orelse()

    def s_Match(self, s, frame, out, persist):
        subject = self.ns.fresh("m")
        out.add(fmt("{} = {}", Bind(subject, "set"), self.x(s.subject, frame)), s.span)
        self.chained(s.cases, s.orelse, s.span, frame, out, lambda cases, orelse: self.cases(subject, cases, orelse,
                                                                                             s.span, frame, out))

    def cases(self, subject, cases, orelse, span, frame, out) -> None:
        for i, case in enumerate(cases):
            test = _or([fmt("({}) == {}", self.x(v, frame), subject) for v in case.values])
            out.add(fmt(("if" if i == 0 else "elif") + " {}:", test), case.span)
            with out.indented():
                self.block(case.body, frame, out)
        if orelse is not None:
            out.add("else:" if cases else "if True:", span)
            with out.indented():
                orelse()

    def s_ForEach(self, s, frame, out, persist):
        var, inner = self.bind(s.var, frame, False)
        # a list fixed when the game is compiled is gone through as it is, its items as certain
        # as the list's (compiler/certain.py); anything else through _items
        spend, source, items = self.exprs.loop_source(s.source, frame)
        self.exprs.know(var, items)
        for line in spend:
            out.add(line, s.span)
        out.add(fmt("for {} in {}:", Bind(var, "for"), source), s.span)
        with out.indented(), self.opened(loop=True), self.exprs.written_through() as through:
            self.block(s.body, inner, out)
            self.spend_through(through(), s.span, out)

    def times(self, s, frame):
        """The count of `repeat N times`, checked to be a whole number unless it is one when compiled."""
        count = self.x(s.arg, frame)
        return count if type(count.value) is int else fmt("_times(st, {}, {})", count, self.k(s.span))

    def s_Repeat(self, s, frame, out, persist):
        if s.kind == "times":
            out.add(fmt("for _ in range({}):", self.times(s, frame)), s.span)
        else:
            out.add("while True:", s.span)
        with out.indented(), self.opened(loop=True), self.exprs.written_through() as through:
            if s.kind == "until":
                out.add(fmt("if {}:", self.x(s.arg, frame)), s.span)
                out.add("break", s.span, depth=1)
            elif s.kind == "while":
                out.add(fmt("if not ({}):", self.x(s.arg, frame)), s.span)
                out.add("break", s.span, depth=1)
            self.spend_one(s.span, out)
            self.block(s.body, frame, out)
            self.spend_through(through(), s.span, out)

    @staticmethod
    def spend_one(span, out) -> None:
        """A loop turn spends a step of the budget (see engine/budget.py)."""
        out.add("st.steps += 1", span)
        out.add(f"if st.steps > {STEP_LIMIT}:", span)
        out.add("raise _Runaway()", span, depth=1)

    @staticmethod
    def spend_through(count: int, span, out) -> None:
        """Spend the items of fixed lists a loop's turn went through (ExprGen.written_through),
        at the end of the turn; the next turn's check, or the run loop's, tells a runaway."""
        if count:
            out.add(fmt("st.steps += {}", count), span)

    def s_Phase(self, s, frame, out, persist):
        out.add(fmt("_enter_phase(st, {})", self.x(s.name, frame)), s.span)
        self.guarded(s, frame, out, text("st.phase = st.phase[:-1]"))

    def s_Quietly(self, s, frame, out, persist):
        if len(s.body) == 1 and type(s.body[0]) is n.Move:
            line, kept_quiet = self.move_line(s.body[0], frame, quietly=True)
            if kept_quiet:      # (else the move is written as in any quiet block)
                out.add(line, s.span)
                return
        out.add("st.quiet += 1", s.span)
        self.guarded(s, frame, out, text("st.quiet -= 1"))

    def s_Turn(self, s, frame, out, persist):
        saved = self.ns.fresh("saved")
        out.add(fmt("{} = st.current", Bind(saved, "set")), s.span)
        out.add(fmt("_enter_turn(st, {})", self.x(s.player, frame)), s.span)
        self.guarded(s, frame, out, fmt("st.current = {}", saved))

    def guarded(self, s, frame, out, restore) -> None:
        """s's body, with what it changed restored however the body is left."""
        out.add("try:", s.span)
        with out.indented(), self.opened():
            self.block(s.body, frame, out)
        out.add("finally:", s.span)
        out.add(restore, s.span, depth=1)


def _target(target):
    """Where a `let` stores its value: a fresh local (bound there) or a slot of the frame's env."""
    return Bind(target, "set") if type(target) is not Slot else read(target)


def _or(tests: list):
    code = tests[0]
    for test in tests[1:]:
        code = fmt("{} or {}", code, test)
    return code


def _concat(codes: list):
    return Code(tuple(codes))


def _leading_commas(codes: list):
    parts = []
    for code in codes:
        parts += [", ", code]
    return Code(tuple(parts))
