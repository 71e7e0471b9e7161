"""Scenario tests written in the rules language: a thin driver around the compiled scenario.

A scenario starts a game (players, seed and options from its `with`), runs
its set-up, and holds the flow at its start. Its body is compiled by the
game's own compiler (runtime/compiler/scenario.py) into one function, which
changes the position with ordinary statements (set, move, reveal, shuffle,
let, if, for each…) and calls this driver for the scenario statements:
`force` fixes the next chance outcome of a kind, `play` takes an action by
its label, `expect` checks a condition, what is legal, told or seen. The
first failing step ends the scenario with a message naming its line.
"""
from __future__ import annotations

from typing import Optional

import attrs

from .errors import IllegalAction, RulesError
from .ir import nodes as n
from .load import check_players, load_definition
from .runtime.compiler.scenario import compile_scenario
from .runtime.engine import loop
from .runtime.engine.failures import located
from .runtime.effects.events import events_of
from .runtime.model.values import Comp, Player, Zone, display


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


def _called_from(games: dict, decl, err) -> str:
    """`(from line N of the scenario)` when a rule the scenario ran failed at a line of its own."""
    scenario = f"scenario \"{decl.title}\""
    for game in games.values():
        program = getattr(game, "_program", None)
        if program is None:
            continue
        lines = [span.line for span, name in program.code_map.calls(err.__traceback__) if name == scenario and span]
        if lines and lines[0] != err.diagnostic.span.line:
            return f" (from line {lines[0]} of the scenario)"
    return ""


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
    from .runtime.api import new_state
    try:
        players, seed, options = _settings(decl)
        count = check_players(loaded.definition, players)
        key = (count, tuple(sorted(options.items())))
        if key not in games:
            games[key] = GameDefinition(loaded, count, bind_options(loaded.definition, options), path, options)
        game = games[key]
        body = compile_scenario(game.program.compiler, decl)
        state = new_state(game, seed, hold=True)
        driver = Driver(game, state)
        try:
            body(state, driver)
        except (ScenarioFailure, RulesError):
            raise
        except Exception as err:
            raise located(game.program.code_map, err, decl.span, f"scenario \"{decl.title}\"") from None
        driver.all_forces_used()
    except ScenarioFailure as fail:
        line = fail.span.line if fail.span is not None and fail.span.line else decl.span.line
        return ScenarioResult(decl.title, decl.span.path, decl.span.line, False, f"line {line}: {fail}")
    except RulesError as err:
        return ScenarioResult(decl.title, decl.span.path, decl.span.line, False,
                              err.diagnostic.headline() + _called_from(games, decl, err))
    return ScenarioResult(decl.title, decl.span.path, decl.span.line, True)


class Driver:
    """What a compiled scenario calls: plays actions, and checks what the state offers, tells and shows."""

    def __init__(self, game, state):
        self.game = game
        self.state = state
        self.prog = game.program
        self.dirty = False
        self.log_mark = state.log     # events after this one are "since the last play"
        self.forces: dict = {}        # id of a queued forced outcome -> (it, the force statement's span)
        self.drew = None              # the line of the last play, when it drew chance unforced
        self.suspects: list = []      # forces given right after such a play: (entry, that play's line)

    def text(self, span) -> str:
        source = self.game.sources.get(span.path)
        if source is None:
            return "the condition"
        if span.end_line == span.line and span.end_column > span.column:
            return source.line_text(span.line)[span.column - 1:span.end_column - 1]
        return source.line_text(span.line)[span.column - 1:].strip()

    def fail(self, span, message: str) -> None:
        raise ScenarioFailure(span, message)

    # ------------------------------------------------------------ the position
    def fresh(self) -> None:
        """Start the flow if it is held, or work the pending decision out again if the
        scenario changed the position under it."""
        if loop.held(self.prog, self.state):
            self.dirty = False
            loop.release(self.prog, self.state)
        elif self.dirty:
            self.dirty = False
            loop.refresh(self.prog, self.state)

    def fresh_unless_held(self) -> None:
        if not loop.held(self.prog, self.state):
            self.fresh()

    def game_over(self) -> None:
        """A statement of the scenario ended the game."""
        self.state.frames.clear()
        self.state.pending = None

    def mark_log(self) -> None:
        self.log_mark = self.state.log

    def seat(self, p, span) -> Player:
        if type(p) is not Player:
            raise ScenarioFailure(span, f"{display(self.state, p)} is not a player")
        return p

    # ------------------------------------------------------------ checks
    def expect_failed(self, span, cond_span, parts) -> None:
        note = ""
        if loop.held(self.prog, self.state):
            note = (" (the flow has not started yet: this is the position the set-up left; the flow starts "
                    "at the first `play`, `expect legal` or `expect options`)")
        raise ScenarioFailure(span, f"expected {self.text(cond_span)}{self._explain(parts)}{note}")

    def _explain(self, parts) -> str:
        if parts is None:
            return ", but it is false"
        try:
            values = [(self.text(part_span), value()) for part_span, value in parts]
        except RulesError:
            return ""
        if not values:
            return ", but it is false"
        return ", but " + _and(f"{text} is {_shown(self.state, value)}" for text, value in values)

    def expect_options(self, span, labels: list, who) -> None:
        d = self.state.pending
        fits = d is not None and list(d.labels) == labels and (who is None or d.seat == who.index)
        if not fits:
            wanted = ", ".join(repr(x) for x in labels)
            raise ScenarioFailure(span, f"expected {who.name + ' to choose' if who else 'a choice'} from {wanted}, "
                                  f"but {self._legal_now()}")

    def expect_legal(self, span, label: str, who, legal: bool) -> None:
        d = self.state.pending
        found = d is not None and label in d.labels and (who is None or d.seat == who.index)
        if found != legal:
            raise ScenarioFailure(span, f"expected '{label}' to be {'legal' if legal else 'illegal'}"
                                  f"{' for ' + who.name if who else ''}, but {self._legal_now()}")

    def _legal_now(self) -> str:
        d = self.state.pending
        if d is None:
            return "the game is over" if self.state.is_terminal() else "nothing is pending"
        who = "chance" if d.seat is None else self.prog.players[d.seat].name
        shown = ", ".join(repr(x) for x in d.labels[:12]) + (", …" if len(d.labels) > 12 else "")
        return f"{who} may choose: {shown}"

    def expect_told(self, span, text: str, who, negated: bool) -> None:
        seat = who.index if who else None
        read = [t for t in (e.seen_by(seat) for e in events_of(self.state.log, self.log_mark)) if t is not None]
        found = any(text in line for line in read)
        if found == negated:
            reader = f"{who.name} reads" if who else "the public log says"
            lines = "; ".join(repr(x) for x in read[-8:]) if read else "nothing"
            raise ScenarioFailure(span, f"expected {'no' if negated else 'an'} event with '{text}', "
                                  f"but since the last play {reader}: {lines}")

    def expect_sees_var(self, span, item_span, who, name: str, owner, negated: bool) -> None:
        entries = self.state.view(who.index)["vars"].get(name)
        seen = isinstance(entries, dict) and owner.name in entries if owner is not None else entries is not None
        self._seen(span, who, seen, self.text(item_span), negated)

    def expect_sees(self, span, item_span, who, value, negated: bool) -> None:
        what = self.text(item_span)
        if type(value) is not Comp:
            raise ScenarioFailure(item_span, f"{what} is neither a component nor a variable")
        view = self.state.view(who.index)
        places = list(view["zones"].values()) + [loc["contents"] for board in view["board"].values()
                                                 for loc in board.values()]
        seen = any(c.get("id") == value.id for contents in places for c in contents)
        self._seen(span, who, seen, what, negated)

    def _seen(self, span, who, seen: bool, what: str, negated: bool) -> None:
        if seen == negated:
            raise ScenarioFailure(span, f"expected {who.name} {'not ' if negated else ''}to see {what}, "
                                  f"but {who.name} {'does' if seen else 'does not'}")

    # ------------------------------------------------------------ acting
    def play(self, span, label: str, who) -> None:
        st = self.state
        if st.is_terminal():
            raise ScenarioFailure(span, f"the game is already over (returns {st.returns()})")
        d = st.pending
        if d is None:
            raise ScenarioFailure(span, "no decision is pending")
        if who is not None and d.seat != who.index:
            raise ScenarioFailure(span, f"cannot play '{label}' by {who.name}: {self._legal_now()}")
        suspects, self.suspects = self.suspects, []
        rng = st.rng
        try:
            st.apply(label)
        except IllegalAction:
            raise ScenarioFailure(span, f"'{label}' is not legal: {self._legal_now()}") from None
        for entry, after_line in suspects:
            if any(e is entry for e in st.forced):
                # given just after a play that drew this chance unforced, and not used by the next
                # play either: it was meant for the chance of the play before it
                force_span = self.forces[id(entry)][1]
                raise ScenarioFailure(force_span, f"force {self.text(force_span)[len('force '):].strip()} comes after "
                                      f"the play on line {after_line}, which already drew its chance, and the play on "
                                      f"line {span.line} did not use it: put the force before the play it is meant for")
        self.drew = span.line if st.rng != rng else None

    def force(self, span, func: str, die, outcome) -> None:
        if func == "roll":
            if outcome not in die.faces:
                faces = ", ".join(display(self.state, f) for f in die.faces)
                raise ScenarioFailure(span, f"{display(self.state, outcome)} is not a face of {die.name} ({faces})")
            key = ("roll", die.name)
        else:
            key = ("random", None)
        entry = (key, outcome)
        self.forces[id(entry)] = (entry, span)
        if self.drew is not None:
            self.suspects.append((entry, self.drew))
        self.state.forced = self.state.forced + (entry,)
        self.dirty = True

    def force_draw(self, span, zone, comps: list) -> None:
        """`force draw(zone) = card, …`: the next draws from zone take these components, in order."""
        self._force_place(span, "draw", zone, comps)
        for comp in comps:
            self._queue(span, ("draw", zone.index), comp)

    def force_shuffle(self, span, zone, comps: list) -> None:
        """`force shuffle(zone) = card, …`: the next shuffle of zone puts these on top, in order
        (the first listed on top), the rest shuffled under them."""
        self._force_place(span, "shuffle", zone, comps)
        self._queue(span, ("shuffle", zone.index), tuple(comps))

    def _force_place(self, span, what: str, zone, comps: list) -> None:
        if type(zone) is not Zone:
            raise ScenarioFailure(span, f"force {what}(…) takes a zone, not {display(self.state, zone)}")
        for comp in comps:
            if type(comp) is not Comp:
                raise ScenarioFailure(span, f"force {what}({zone.name}) = … takes components, not "
                                            f"{display(self.state, comp)}")
        if len(set(comps)) < len(comps):
            raise ScenarioFailure(span, f"force {what}({zone.name}) names a component twice")

    def _queue(self, span, key, value) -> None:
        entry = (key, value)
        self.forces[id(entry)] = (entry, span)
        self.state.forced = self.state.forced + (entry,)
        self.dirty = True

    def all_forces_used(self) -> None:
        """A forced outcome no chance event took means the scenario did not test what it meant to."""
        for entry in self.state.forced:
            if id(entry) in self.forces:
                span = self.forces[id(entry)][1]
                raise ScenarioFailure(span, f"force {self.text(span)[len('force '):].strip()} was never used "
                                      "(the chance event it was meant for may have come before this line: "
                                      "put forces before the play that leads to it)")


def _and(texts) -> str:
    texts = list(texts)
    return texts[0] if len(texts) == 1 else ", ".join(texts[:-1]) + " and " + texts[-1]


def _shown(st, value) -> str:
    """A value in a failure message: numbers bare, texts and names quoted, lists in brackets."""
    if type(value) in (int, bool) or value is None:
        return display(st, value)
    if type(value) is tuple:
        return "[" + ", ".join(display(st, v) for v in value) + "]"
    return repr(display(st, value))
