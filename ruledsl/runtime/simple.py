"""Statements that never wait for a decision, compiled to closures `f(st, env)`.

One method per statement type. Loops count their iterations against the
state's step budget so that a rule that never ends is reported, not hung.
"""
from __future__ import annotations

from fractions import Fraction

from ..errors import RulesError, error
from . import effects as fx
from ..ir import nodes as n
from .exprs import Scope, items_of
from .signals import GameOver, ReturnRule, Signal, StopLoop
from .state import ALL_SEATS
from .values import Player, Zone, display

STEP_LIMIT = 200_000


def runaway(span, where: str) -> RulesError:
    return error(span, f"{where} ran {STEP_LIMIT} steps without reaching a decision or an end",
                 "a loop here never finishes: check its condition, or add `stop`")


def guarded(fn, span):
    """fn with any Python failure turned into a RulesError at span."""
    def run(st, env):
        try:
            return fn(st, env)
        except (Signal, RulesError):
            raise
        except Exception as err:  # a rule did something impossible: say where
            raise failure_at(span, err) from None
    return run


def failure_at(span, err) -> RulesError:
    """The RulesError for a Python failure inside the statement at span."""
    if isinstance(err, RecursionError):
        return error(span, "rules call each other without end here")
    if isinstance(err, KeyError):
        return error(span, f"{err} has no value here")
    return error(span, f"this statement failed: {err}")


def players_of(st, value) -> tuple:
    items = items_of(st, value) if type(value) is not Player else (value,)
    return tuple(items)


def finish_win(prog, st, winners) -> None:
    winners = set(players_of(st, winners))
    st.result = tuple(1.0 if p in winners else 0.0 for p in prog.players)
    if winners:
        fx.emit(st, f"{display(st, tuple(p for p in prog.players if p in winners))} win{'s' if len(winners) == 1 else ''} the game", kind="end")
    else:
        fx.emit(st, "everyone loses the game", kind="end")
    raise GameOver()


def finish_ranking(prog, st, ranked: list) -> None:
    """ranked: [(player, key tuple)]; best 1, worst 0, ties share the average."""
    count = len(ranked)
    order = sorted(ranked, key=lambda pk: pk[1], reverse=True)
    returns = {}
    i = 0
    while i < count:
        j = i
        while j + 1 < count and order[j + 1][1] == order[i][1]:
            j += 1
        positions = range(i, j + 1)
        share = sum(Fraction(count - 1 - k, count - 1) if count > 1 else Fraction(1) for k in positions) \
            / len(positions)
        for k in positions:
            returns[order[k][0]] = float(share)
        i = j + 1
    st.result = tuple(returns.get(p, 0.0) for p in prog.players)
    if any(key for _, key in order):
        fx.emit(st, "final ranking: " + "; ".join(f"{p.label} {display(st, key)}" for p, key in order), kind="end")
    else:
        fx.emit(st, "the game ends in a tie", kind="end")
    raise GameOver()


def _holds_components(prog, typ) -> bool:
    while type(typ) is n.ListType:
        typ = typ.item
    return type(typ) is n.TypeName and (typ.name in prog.defn.kinds or typ.name == "any")


class SimpleCompiler:
    """Compiles blocks that make no decisions into closures."""

    def __init__(self, prog, analysis):
        self.prog = prog
        self.analysis = analysis
        self.exprs = prog.compiler
        self._rule_cells: dict = {}

    def expr(self, e, scope):
        return self.exprs.expr(e, scope)

    # -------------------------------------------------------------- blocks
    def block(self, stmts, scope: Scope):
        """(closure running the block, scope after it)."""
        fns = []
        for s in stmts:
            fn, scope = self.stmt(s, scope)
            if fn is not None:
                fns.append(fn)
        if not fns:
            return (lambda st, env: None), scope
        if len(fns) == 1:
            return fns[0], scope
        fns = tuple(fns)

        def run_block(st, env):
            for f in fns:
                f(st, env)
        return run_block, scope

    def stmt(self, s, scope: Scope, guard: bool = True):
        """(closure, scope after it). guard=False leaves turning Python failures into a
        RulesError at this statement's line to the caller (the machine does it per instruction)."""
        handler = getattr(self, "s_" + type(s).__name__, None)
        if handler is None:
            raise error(s.span, f"{type(s).__name__} cannot run here")
        result = handler(s, scope)
        fn, scope = result if isinstance(result, tuple) else (result, scope)
        if fn is None:
            return None, scope
        return (guarded(fn, s.span) if guard else fn), scope

    # -------------------------------------------------------------- names and values
    def s_Let(self, s, scope):
        value = self.expr(s.value, scope)
        name = s.name

        def let(st, env):
            env[name] = value(st, env)
        return let, scope.with_(name)

    def s_Set(self, s, scope):
        # Changing a variable logs nothing: views show variables as their visibility allows,
        # and rules announce what players should read.
        setter, _decl = self.prog.setter(s.target, scope, s.span)
        value = self.expr(s.value, scope)
        if s.op == "=":
            return lambda st, env: setter(st, env, value(st, env))
        current = self.expr(s.target, scope)
        if s.op == "+":
            return lambda st, env: setter(st, env, current(st, env) + value(st, env))
        return lambda st, env: setter(st, env, current(st, env) - value(st, env))

    # -------------------------------------------------------------- effects
    def s_Move(self, s, scope):
        item = self.expr(s.item, scope)
        dest = self.expr(s.dest, scope)
        prog, end, facing, span = self.prog, s.end, s.facing, s.span

        def move(st, env):
            what = item(st, env)
            where = dest(st, env)
            items = what if type(what) is tuple else (what,)
            if end == "top":
                items = items[::-1]
            mark = st.log
            for c in items:
                fx.move(prog, st, c, where, end, facing, span)
            if len(items) > 1:
                fx.merge_moves(st, mark)
        return move

    def s_Draw(self, s, scope):
        count = self.expr(s.count, scope) if s.count is not None else None
        source = self.expr(s.source, scope)
        dest = self.expr(s.dest, scope)
        prog, span = self.prog, s.span

        def draw(st, env):
            n_ = count(st, env) if count else 1
            src, dst = source(st, env), dest(st, env)
            mark = st.log
            for _ in range(n_):
                comp = draw_one(prog, st, src, s.end, span)
                if comp is None:
                    fx.emit(st, f"{src.label} is empty", kind="draw")
                    break
                fx.move(prog, st, comp, dst, s.dest_end, s.facing, span)
            if n_ > 1:
                fx.merge_moves(st, mark)
        return draw

    def var_target(self, e, scope):
        """For `reveal`/`hide`/`show` of a variable rather than a component: a function
        (st, env) -> (slots, how the log names it), else None. A variable that holds
        components (`var chosen: Card`) still reveals the components."""
        prog = self.prog
        name = e.name if type(e) in (n.Name, n.Attr) else None
        if name not in prog.var_slots or _holds_components(prog, prog.var_decls[name].type):
            return None
        slot, per_player = prog.var_slots[name], prog.var_decls[name].per_player
        if type(e) is n.Name and name not in scope:
            count = prog.player_count if per_player else 1
            return lambda st, env: (range(slot, slot + count), name)
        if type(e) is n.Attr and per_player:
            owner = self.expr(e.obj, scope)
            span = e.span

            def one(st, env):
                p = owner(st, env)
                if type(p) is not Player:
                    raise error(span, f"{display(st, p)} is not a player, so it has no {name}")
                return (slot + p.index,), f"{p.label}'s {name}"
            return one
        return None

    def s_Effect(self, s, scope):
        prog, span = self.prog, s.span
        var = self.var_target(s.target, scope) if s.verb != "shuffle" else None
        if var is not None:
            mask, verb = (ALL_SEATS, "revealed to all") if s.verb == "reveal" else (0, "hidden again")

            def disclose(st, env):
                slots, name = var(st, env)
                fx.disclose_var(st, slots, mask, f"{name} is {verb}")
            return disclose
        target = self.expr(s.target, scope)
        if s.verb == "shuffle":
            return lambda st, env: fx.shuffle(prog, st, target(st, env), span)
        up = s.verb == "reveal"

        def turn(st, env):
            for c in fx.as_list(target(st, env)):
                fx.turn_over(prog, st, c, up, span)
        return turn

    def s_Show(self, s, scope):
        to = self.expr(s.to, scope)
        prog, span = self.prog, s.span
        var = self.var_target(s.item, scope)
        if var is not None:
            def show_var(st, env):
                seats = players_of(st, to(st, env))
                slots, name = var(st, env)
                fx.disclose_var(st, slots, fx.seat_mask(seats), f"{name} is shown to {display(st, tuple(seats))}")
            return show_var
        item = self.expr(s.item, scope)

        def show(st, env):
            seats = players_of(st, to(st, env))
            for c in fx.as_list(item(st, env)):
                fx.show(prog, st, c, seats, span)
        return show

    def s_Rotate(self, s, scope):
        item = self.expr(s.item, scope)
        amount = self.expr(s.amount, scope)
        prog, span = self.prog, s.span

        def rotate(st, env):
            degrees = amount(st, env)
            for c in fx.as_list(item(st, env)):
                fx.rotate(prog, st, c, degrees, span)
        return rotate

    def s_Swap(self, s, scope):
        a = self.expr(s.first, scope)
        b = self.expr(s.second, scope)
        prog, span = self.prog, s.span
        return lambda st, env: fx.swap(prog, st, a(st, env), b(st, env), span)

    def s_Announce(self, s, scope):
        text = self.expr(s.text, scope)
        if s.to is None:
            return lambda st, env: fx.emit(st, display(st, text(st, env)), kind="announce")
        to = self.expr(s.to, scope)

        def announce(st, env):
            seats = frozenset(p.index for p in players_of(st, to(st, env)))
            fx.emit(st, display(st, text(st, env)), seats, None, kind="announce")
        return announce

    def s_Mark(self, s, scope):
        target = self.expr(s.target, scope)
        prog, tag, on, span = self.prog, s.tag, s.on, s.span

        def mark(st, env):
            for loc in fx.as_list(target(st, env)):
                fx.mark(prog, st, loc, tag, on, span)
        return mark

    def s_Do(self, s, scope):
        cell = self.rule_closure(s.rule)
        params = self.prog.defn.rules[s.rule].params
        args = [self.expr(a, scope) for a in s.args]
        pairs = list(zip(params, args))

        def call(st, env):
            cell[0](st, {p: a(st, env) for p, a in pairs})
        return call

    def rule_closure(self, name: str) -> list:
        """A one-item list holding the closure of a rule that makes no decisions (lazily, for recursion)."""
        cell = self._rule_cells.get(name)
        if cell is None:
            cell = [None]
            self._rule_cells[name] = cell
            decl = self.prog.defn.rules[name]
            body, _ = self.block(decl.body, Scope(decl.params))

            def rule(st, env):
                try:
                    body(st, env)
                except ReturnRule:
                    pass
            cell[0] = rule
        return cell

    def s_Win(self, s, scope):
        winners = self.expr(s.winners, scope)
        prog = self.prog
        return lambda st, env: finish_win(prog, st, winners(st, env))

    def s_EndGame(self, s, scope):
        prog = self.prog
        if s.source is None:
            return lambda st, env: finish_ranking(prog, st, [(p, ()) for p in prog.players])
        source = self.expr(s.source, scope)
        inner = scope.with_(s.var)
        keys = [self.expr(k, inner) for k in s.keys]
        var = s.var

        def end(st, env):
            ranked = []
            for p in players_of(st, source(st, env)):
                env[var] = p
                ranked.append((p, tuple(k(st, env) for k in keys)))
            finish_ranking(prog, st, ranked)
        return end

    def s_Jump(self, s, scope):
        if s.kind == "pass":
            return None
        signal = StopLoop if s.kind == "stop" else ReturnRule

        def jump(st, env):
            raise signal()
        return jump

    def s_ExprStmt(self, s, scope):
        value = self.expr(s.expr, scope)
        return lambda st, env: (value(st, env), None)[1]

    # -------------------------------------------------------------- control
    def s_If(self, s, scope):
        arms = [(self.expr(b.cond, scope), self.block(b.body, scope)[0]) for b in s.branches]
        orelse = self.block(s.orelse, scope)[0] if s.orelse else None
        if len(arms) == 1:
            cond, body = arms[0]

            def if1(st, env):
                if cond(st, env):
                    body(st, env)
                elif orelse is not None:
                    orelse(st, env)
            return if1

        def if_(st, env):
            for cond, body in arms:
                if cond(st, env):
                    body(st, env)
                    return
            if orelse is not None:
                orelse(st, env)
        return if_

    def s_Match(self, s, scope):
        subject = self.expr(s.subject, scope)
        cases = [([self.expr(v, scope) for v in c.values], self.block(c.body, scope)[0]) for c in s.cases]
        orelse = self.block(s.orelse, scope)[0] if s.orelse else None

        def match(st, env):
            v = subject(st, env)
            for values, body in cases:
                for value in values:
                    if value(st, env) == v:
                        body(st, env)
                        return
            if orelse is not None:
                orelse(st, env)
        return match

    def s_ForEach(self, s, scope):
        source = self.expr(s.source, scope)
        body = self.block(s.body, scope.with_(s.var))[0]
        var, span = s.var, s.span

        def for_each(st, env):
            for item in items_of(st, source(st, env)):
                env[var] = item
                st.steps += 1
                try:
                    body(st, env)
                except StopLoop:
                    break
            if st.steps > STEP_LIMIT:
                raise runaway(span, "this loop")
        return for_each

    def s_Repeat(self, s, scope):
        body = self.block(s.body, scope)[0]
        arg = self.expr(s.arg, scope) if s.arg is not None else None
        kind, span = s.kind, s.span

        def repeat(st, env):
            if kind == "times":
                count = arg(st, env)
                test = None
            else:
                count = None
                test = arg
            done = 0
            while True:
                if count is not None and done >= count:
                    return
                if kind == "until" and test(st, env):
                    return
                if kind == "while" and not test(st, env):
                    return
                done += 1
                st.steps += 1
                if st.steps > STEP_LIMIT:
                    raise runaway(span, "this loop")
                try:
                    body(st, env)
                except StopLoop:
                    return
        return repeat

    def s_Phase(self, s, scope):
        name = self.expr(s.name, scope)
        body = self.block(s.body, scope)[0]

        def phase(st, env):
            st.phase = st.phase + (display(st, name(st, env)),)
            fx.emit(st, st.phase[-1], kind="phase")
            try:
                body(st, env)
            finally:
                st.phase = st.phase[:-1]
        return phase

    def s_Quietly(self, s, scope):
        body = self.block(s.body, scope)[0]

        def quietly(st, env):
            st.quiet += 1
            try:
                body(st, env)
            finally:
                st.quiet -= 1
        return quietly

    def s_Turn(self, s, scope):
        player = self.expr(s.player, scope)
        body = self.block(s.body, scope)[0]

        def turn(st, env):
            saved = st.current
            enter_turn(st, player(st, env))
            try:
                body(st, env)
            finally:
                st.current = saved
        return turn


def enter_turn(st, p) -> None:
    if type(p) is not Player:
        raise ValueError(f"{display(st, p)} is not a player")
    st.current = p
    if p.index == 0:
        st.round += 1
    fx.emit(st, f"{p.label}'s turn", kind="turn")


def draw_one(prog, st, src, end, span):
    """The component a draw takes (at random from a bag; else from the top or the bottom)."""
    if type(src) is not Zone:
        raise error(span, f"{display(st, src)} is not a zone to draw from")
    items = items_of(st, src)
    if not items:
        return None
    if src.shape == "bag":
        return items[fx.next_random(st, len(items))]
    return items[-1] if end == "bottom" else items[0]
