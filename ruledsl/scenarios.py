"""Scenario tests written in the rules language, run against the interpreter.

A scenario starts a game (players, seed and options from its `with`), runs
its set-up to the first decision, then runs its body: ordinary statements
change the position directly (set, move, reveal, shuffle, let, if, for
each…), `force` fixes the next chance outcome of a kind, `play` takes an
action by its label, and `expect` checks a condition or whether an action is
legal. The first failing step ends the scenario with a message naming its
line.
"""
from __future__ import annotations

from typing import Optional

import attrs

from .errors import IllegalAction, RulesError
from .ir import nodes as n
from .load import check_players, load_definition
from .runtime import machine
from .check.builtins import SCENARIO_ONLY
from .check.walk import bodies, walk_block
from .runtime.exprs import Scope, items_of
from .runtime.signals import GameOver
from .runtime.state import chain_to_list
from .runtime.values import Comp, Player, display


@attrs.frozen
class ScenarioResult:
    """One scenario's outcome: passed, or the message of the step that failed (with its line)."""
    title: str
    path: str
    line: int
    passed: bool
    message: str = ""


class ScenarioFailure(Exception):
    def __init__(self, span, message: str):
        super().__init__(message)
        self.span = span


def run_file(path: str) -> list[ScenarioResult]:
    """Every scenario of a rules file (and the files it extends). Never raises for a broken file."""
    loaded = load_definition(path)
    if loaded.errors:
        first = loaded.errors[0]
        return [ScenarioResult("(the file does not load)", first.path, first.line, False,
                               f"{first.headline()}" + (f"\n  hint: {first.hint}" if first.hint else ""))]
    games: dict = {}
    results = []
    for decl in loaded.definition.scenarios:
        results.append(run_scenario(loaded, decl, path, games))
    return results


def _settings(decl: n.ScenarioDecl) -> tuple[Optional[int], int, dict]:
    players, seed, options = None, 0, {}
    for name, expr in decl.settings:
        value = _literal(expr)
        if name == "players":
            players = value
        elif name == "seed":
            seed = value
        else:
            options[name] = value
    return players, seed, options


def _literal(expr):
    if isinstance(expr, n.Literal):
        return expr.value
    if isinstance(expr, n.Unary) and expr.op == "-" and isinstance(expr.operand, n.Literal):
        return -expr.operand.value
    if isinstance(expr, n.Name):
        return expr.name
    raise ScenarioFailure(expr.span, "scenario settings must be plain values")


def run_scenario(loaded, decl: n.ScenarioDecl, path: str, games: dict) -> ScenarioResult:
    from . import GameDefinition
    from .load import bind_options
    try:
        players, seed, options = _settings(decl)
        count = check_players(loaded.definition, players)
        key = (count, tuple(sorted(options.items())))
        if key not in games:
            games[key] = GameDefinition(loaded, count, bind_options(loaded.definition, options), path, options)
        game = games[key]
        from .runtime.api import new_state
        state = new_state(game, seed, hold=True)
        runner = _Runner(game, state)
        runner.run(decl.body)
        runner.all_forces_used()
    except ScenarioFailure as fail:
        line = fail.span.line if fail.span is not None and fail.span.line else decl.span.line
        return ScenarioResult(decl.title, decl.span.path, decl.span.line, False, f"line {line}: {fail}")
    except RulesError as err:
        return ScenarioResult(decl.title, decl.span.path, decl.span.line, False, err.diagnostic.headline())
    return ScenarioResult(decl.title, decl.span.path, decl.span.line, True)


class _Runner:
    """Runs one scenario's statements against a state, one method per scenario statement."""

    def __init__(self, game, state):
        self.game = game
        self.state = state
        self.prog = game.program
        self.env: dict = {}
        self.scope = Scope()
        self.dirty = False
        self.log_mark = state.log     # events after this one are "since the last play"
        self.forces: dict = {}        # id of a queued forced outcome -> (it, the force statement)

    def run(self, body) -> None:
        for stmt in body:
            handler = getattr(self, "s_" + type(stmt).__name__, None)
            if handler is not None:
                handler(stmt)
            else:
                self.effect(stmt)

    def text(self, span) -> str:
        source = self.game.sources.get(span.path)
        if source is None:
            return "the condition"
        if span.end_line == span.line and span.end_column > span.column:
            return source.line_text(span.line)[span.column - 1:span.end_column - 1]
        return source.line_text(span.line)[span.column - 1:].strip()

    def value(self, expr):
        return self.prog.compiler.expr(expr, self.scope)(self.state, self.env)

    def fresh(self) -> None:
        """Work out the pending decision again if the scenario changed the position under it."""
        if machine.held(self.prog, self.state):
            self.dirty = False
            machine.release(self.prog, self.state)
        elif self.dirty:
            self.dirty = False
            machine.refresh(self.prog, self.state)

    def effect(self, stmt) -> None:
        if isinstance(stmt, (n.Choose, n.Menu)):
            raise ScenarioFailure(stmt.span, "a scenario cannot make decisions of its own; use play \"label\"")
        fn, self.scope = self.prog.simple.stmt(stmt, self.scope)
        if fn is None:
            return
        try:
            fn(self.state, self.env)
        except GameOver:
            self.state.frames.clear()
            self.state.pending = None
        self.dirty = True

    # ------------------------------------------------------------ blocks holding scenario statements
    def s_If(self, stmt: n.If) -> None:
        if not _has_scenario_statements(stmt):
            return self.effect(stmt)
        self.fresh()
        for branch in stmt.branches:
            if self.value(branch.cond):
                return self.run(branch.body)
        self.run(stmt.orelse)

    def s_ForEach(self, stmt: n.ForEach) -> None:
        if not _has_scenario_statements(stmt):
            return self.effect(stmt)
        self.fresh()
        outer = self.scope
        self.scope = outer.with_(stmt.var)
        try:
            for item in items_of(self.state, self.value(stmt.source)):
                self.env[stmt.var] = item
                self.run(stmt.body)
        finally:
            self.scope = outer

    # ------------------------------------------------------------ scenario statements
    def s_Expect(self, stmt: n.Expect) -> None:
        if not machine.held(self.prog, self.state):
            self.fresh()
        if not self.value(stmt.cond):
            raise ScenarioFailure(stmt.span, f"expected {self.text(stmt.cond.span)}{self._explain(stmt.cond)}")

    def _explain(self, cond) -> str:
        if isinstance(cond, n.Binary) and cond.op in ("==", "!=", "<", "<=", ">", ">=", "in", "not in"):
            try:
                left, right = self.value(cond.left), self.value(cond.right)
            except RulesError:
                return ""
            return f", but {self.text(cond.left.span)} is {_shown(self.state, left)}" + \
                (f" and {self.text(cond.right.span)} is {_shown(self.state, right)}"
                 if not isinstance(cond.right, n.Literal) else "")
        return ", but it is false"

    def _seat(self, by) -> Optional[Player]:
        if by is None:
            return None
        p = self.value(by)
        if type(p) is not Player:
            raise ScenarioFailure(by.span, f"{display(self.state, p)} is not a player")
        return p

    def _decision(self, span):
        st = self.state
        if st.is_terminal():
            raise ScenarioFailure(span, f"the game is already over (returns {st.returns()})")
        if st.pending is None:
            raise ScenarioFailure(span, "no decision is pending")
        return st.pending

    def s_ExpectLegal(self, stmt: n.ExpectLegal) -> None:
        self.fresh()
        label = display(self.state, self.value(stmt.label))
        who = self._seat(stmt.by)
        st = self.state
        d = st.pending
        legal = d is not None and label in d.labels and (who is None or d.seat == who.index)
        if legal != stmt.legal:
            raise ScenarioFailure(stmt.span, f"expected '{label}' to be {'legal' if stmt.legal else 'illegal'}"
                                  f"{' for ' + who.name if who else ''}, but {self._legal_now()}")

    def _legal_now(self) -> str:
        d = self.state.pending
        if d is None:
            return "the game is over" if self.state.is_terminal() else "nothing is pending"
        who = "chance" if d.seat is None else self.prog.players[d.seat].name
        shown = ", ".join(repr(x) for x in d.labels[:12]) + (", …" if len(d.labels) > 12 else "")
        return f"{who} may choose: {shown}"

    def s_ExpectTold(self, stmt: n.ExpectTold) -> None:
        self.fresh()
        text = display(self.state, self.value(stmt.text))
        who = self._seat(stmt.seat)
        read = [t for t in (e.seen_by(who.index if who else None) for e in chain_to_list(self.state.log, self.log_mark))
                if t is not None]
        found = any(text in line for line in read)
        if found == stmt.negated:
            reader = f"{who.name} reads" if who else "the public log says"
            lines = "; ".join(repr(x) for x in read[-8:]) if read else "nothing"
            raise ScenarioFailure(stmt.span, f"expected {'no' if stmt.negated else 'an'} event with '{text}', "
                                  f"but since the last play {reader}: {lines}")

    def s_ExpectSees(self, stmt: n.ExpectSees) -> None:
        self.fresh()
        who = self._seat(stmt.seat)
        view = self.state.view(who.index)
        seen, what = self._in_view(stmt.item, view)
        if seen == stmt.negated:
            raise ScenarioFailure(stmt.span, f"expected {who.name} {'not ' if stmt.negated else ''}to see {what}, "
                                  f"but {who.name} {'does' if seen else 'does not'}")

    def _in_view(self, item, view) -> tuple:
        """(whether the view shows item, how to name it): a component (its place and face),
        a variable or one player's entry of it."""
        prog = self.prog
        text = self.text(item.span)
        name = item.name if isinstance(item, (n.Name, n.Attr)) else None
        if name in prog.var_slots and not (isinstance(item, n.Name) and item.name in self.scope):
            entries = view["vars"].get(name)
            if isinstance(item, n.Attr):
                owner = self.value(item.obj)
                return isinstance(entries, dict) and owner.name in entries, text
            return entries is not None, text
        value = self.value(item)
        if type(value) is not Comp:
            raise ScenarioFailure(item.span, f"{text} is neither a component nor a variable")
        places = list(view["zones"].values()) + [loc["contents"] for board in view["board"].values()
                                                 for loc in board.values()]
        return any(c.get("id") == value.id for contents in places for c in contents), text

    def s_Play(self, stmt: n.Play) -> None:
        self.fresh()
        self.log_mark = self.state.log
        label = display(self.state, self.value(stmt.label))
        who = self._seat(stmt.by)
        d = self._decision(stmt.span)
        if who is not None and d.seat != who.index:
            raise ScenarioFailure(stmt.span, f"cannot play '{label}' by {who.name}: {self._legal_now()}")
        try:
            self.state.apply(label)
        except IllegalAction:
            raise ScenarioFailure(stmt.span, f"'{label}' is not legal: {self._legal_now()}") from None

    def s_Force(self, stmt: n.Force) -> None:
        event = stmt.event
        if not isinstance(event, n.Call) or event.func not in ("roll", "random") or len(event.args) != 1:
            raise ScenarioFailure(stmt.span, "force takes roll(Die) = face or random(list) = item")
        outcome = self.value(stmt.outcome)
        if event.func == "roll":
            die = self.value(event.args[0])
            if outcome not in die.faces:
                faces = ", ".join(display(self.state, f) for f in die.faces)
                raise ScenarioFailure(stmt.span, f"{display(self.state, outcome)} is not a face of {die.name} ({faces})")
            key = ("roll", die.name)
        else:
            key = ("random", None)
        entry = (key, outcome)
        self.forces[id(entry)] = (entry, stmt)
        self.state.forced = self.state.forced + (entry,)
        self.dirty = True

    def all_forces_used(self) -> None:
        """A forced outcome no chance event took means the scenario did not test what it meant to."""
        for entry in self.state.forced:
            if id(entry) in self.forces:
                stmt = self.forces[id(entry)][1]
                raise ScenarioFailure(stmt.span, f"force {self.text(stmt.span)[len('force '):].strip()} was never used "
                                      "(the chance event it was meant for may have come before this line: "
                                      "put forces before the play that leads to it)")


def _has_scenario_statements(stmt) -> bool:
    return any(type(s).__name__ in SCENARIO_ONLY for body in bodies(stmt) for s in walk_block(body))


def _shown(st, value) -> str:
    """A value in a failure message: numbers bare, texts and names quoted, lists in brackets."""
    if type(value) in (int, bool) or value is None:
        return display(st, value)
    if type(value) is tuple:
        return "[" + ", ".join(display(st, v) for v in value) + "]"
    return repr(display(st, value))
