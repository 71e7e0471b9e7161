"""The public face of a game in play: GameState (legal actions, apply, clone, view, record)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Optional, Union

from .. import records
from ..errors import IllegalAction, RulesError, error
from ..printable import quoted
from .digest import view_digest
from .effects.events import events_of
from .engine import loop
from .engine.decisions import LATER
from .engine.failures import located
from .estimate import estimate, has_evaluation
from .model.chance import seed_rng
from .model.state import SecretLabel, StateData, chain_last, chain_to_list
from .replay import _rebuilt, replay  # noqa: F401  (replay: ruledsl.replay's; _rebuilt: a pickled state's)
from .views import build_view, connections, seat_log

CHANCE = -1
RECORD_FORMAT = records.FORMAT
RECORD_VERSION = records.VERSION


class Action:
    """One option of a pending decision: its label (stable across runs) and its position.
    labels: the decision's labels it was taken from, when legal_actions() made it (apply() then
    knows its index is right for that decision without reading the label again)."""
    __slots__ = ("label", "index", "seat", "labels")

    def __init__(self, label: str, index: int, seat: Optional[int], labels=None):
        self.label = label
        self.index = index
        self.seat = seat
        self.labels = labels

    def __repr__(self):
        return f"Action({self.label!r})"

    def __str__(self):
        return self.label

    def __eq__(self, other):
        if isinstance(other, Action):
            return self.label == other.label and self.seat == other.seat
        return NotImplemented

    def __hash__(self):
        return hash((self.label, self.seat))


def _action(label: str, index: int, seat: Optional[int], labels) -> Action:
    """Action(label, index, seat, labels) made without calling the class, for legal_actions' hot
    path: calling a class whose __init__ is written in Python costs as much again as its stores
    (see engine/decisions.decision)."""
    action = _bare(Action)
    action.label = label
    action.index = index
    action.seat = seat
    action.labels = labels
    return action


_bare = object.__new__


class Actions(Sequence):
    """The options of one decision: a read-only sequence of Actions, each made only when it is
    asked for (a bot that picks one of 840 options makes one Action, not 840)."""
    __slots__ = ("labels", "seat")

    def __init__(self, labels: tuple, seat: Optional[int]):
        self.labels = labels
        self.seat = seat

    def __len__(self) -> int:
        return len(self.labels)

    def __getitem__(self, i):
        labels = self.labels
        if type(i) is int and 0 <= i < len(labels):
            action = _bare(Action)      # _action(), written out: a bot's random pick asks here
            action.label = labels[i]
            action.index = i
            action.seat = self.seat
            action.labels = labels
            return action
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(labels)))]
        n = len(labels)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("action index out of range")
        return Action(labels[i], i, self.seat, labels)

    def __iter__(self):
        seat, labels = self.seat, self.labels
        return (_action(label, i, seat, labels) for i, label in enumerate(labels))

    def __contains__(self, action) -> bool:
        return isinstance(action, Action) and action.seat == self.seat and \
            0 <= action.index < len(self.labels) and self.labels[action.index] == action.label

    def __eq__(self, other):
        if isinstance(other, (Actions, list, tuple)):
            return list(self) == list(other)
        return NotImplemented

    def __repr__(self):
        return repr(list(self))


NO_ACTIONS = Actions((), None)


class GameState(StateData):
    """A game in play. Cheap to clone; the same seed and actions always give the same state."""
    __slots__ = ("prog", "game", "seed", "failure")

    # ------------------------------------------------------------ who acts
    @property
    def current_player(self) -> Optional[int]:
        """The 0-based seat to act; CHANCE (-1) at a chance event; None when the game is over."""
        d = self.pending
        if d is None:
            return None
        return CHANCE if d.seat is None else d.seat

    def is_terminal(self) -> bool:
        return self.result is not None

    def is_chance(self) -> bool:
        return self.pending is not None and self.pending.seat is None

    def legal_actions(self) -> "Actions":
        """The options of the pending decision, as a sequence of Actions (empty when none is pending)."""
        d = self.pending
        if d is None:
            return NO_ACTIONS
        actions = d.actions
        if actions is None:     # Actions(…), made as _action makes an Action
            actions = d.actions = _bare(Actions)
            actions.labels = d.labels
            actions.seat = CHANCE if d.seat is None else d.seat
        return actions

    def legal_labels(self) -> list:
        d = self.pending
        return list(d.labels) if d is not None else []

    def decision_steps(self):
        """The pending decision as a sequence of small steps with the same meaning (runtime/steps.py):
        `choices(path)` lists what may be picked next; None when no decision is pending."""
        if self.pending is None:
            return None
        from .steps import Steps
        return Steps(self)

    def may_take_back(self, earlier: "GameState", seat: int) -> bool:
        """Whether seat (0-based) may go back from this state to earlier (a clone of a state this
        one went on from) without having learned anything hidden since: no chance, no news told
        it alone, no face newly seen, no other seat's secret choice (runtime/undo.py)."""
        from .undo import hidden_revealed
        return not hidden_revealed(earlier, self, seat)

    def option_help(self, index: int) -> Optional[str]:
        """What the rules say taking option `index` of the pending decision costs or means (the
        `help "…"` of its option or choice), or None."""
        d = self.pending
        notes = d.notes if d is not None else None
        if notes is LATER:
            # worked out now, once: the decision worked out again on a clone, its texts asked for
            other = self.clone()
            other.frames[-1].env["#notes"] = True
            loop.refresh(self.prog, other)
            notes = d.notes = other.pending.notes
        return notes.get(d.labels[index]) if notes else None

    def secret_decision(self) -> bool:
        """Whether the pending decision is taken `secretly`: the other seats read only that a
        choice was made (options added `during each turn` are announced all the same)."""
        return self.pending is not None and self.pending.seat is not None and self.pending.secret

    def chance_outcomes(self) -> list:
        """[(action, probability)] at a chance event (explicit chance); [] otherwise."""
        d = self.pending
        if d is None or d.seat is not None:
            return []
        actions = self.legal_actions()
        return [(a, float(p)) for a, p in zip(actions, d.probs)]

    # ------------------------------------------------------------ acting
    def apply(self, action: Union[Action, str, int]) -> "GameState":
        """Take an action (an Action, its label, or its index); raise IllegalAction if it is not legal."""
        d = self.pending
        if d is None:
            if self.failure is not None:
                raise self.failure
            raise IllegalAction("the game is over" if self.result is not None else "no decision is pending")
        label = None
        if type(action) is Action and action.seat == (CHANCE if d.seat is None else d.seat) and (
                action.labels is d.labels or action.index < len(d.labels) and d.labels[action.index] == action.label):
            index = action.index        # an Action of this decision, as a bot's loop passes it
            label = action.label        # (the decision's own: not made again, as a selection's is)
        elif type(action) is int and 0 <= action < len(d.labels):
            index = action              # its position, as a bot's playout passes it
        else:
            index = self._index_of(action)
        try:
            loop.take(self.prog, self, index, label)
        except RulesError as err:
            # The rule broke half-way: this state cannot go on. Keep the error so that
            # later calls say why instead of failing somewhere else.
            self.failure = err
            self.pending = None
            raise
        return self

    def _index_of(self, action) -> int:
        d = self.pending
        if isinstance(action, Action):
            seat = CHANCE if d.seat is None else d.seat
            if action.seat != seat:
                raise IllegalAction(f"'{quoted(action.label, 80)}' belongs to another decision than the pending one")
            if action.index < len(d.labels) and d.labels[action.index] == action.label:
                return action.index
            label = action.label
        elif isinstance(action, int) and not isinstance(action, bool):
            if 0 <= action < len(d.labels):
                return action
            if d.secret is not False:      # a secret choice, or chance not every seat sees
                raise IllegalAction(f"there is no action number {action}{self._secret_choice()}")
            raise IllegalAction(f"there is no action number {action}: {len(d.labels)} are legal")
        else:
            label = str(action)
        try:
            return d.labels.index(label)
        except ValueError:
            if d.secret is not False:      # a secret choice, or chance not every seat sees
                raise IllegalAction(f"'{quoted(label, 80)}' is not legal now{self._secret_choice()}") from None
            who = "chance" if d.seat is None else self.prog.players[d.seat].name
            shown = ", ".join(repr(x) for x in d.labels[:8]) + (", …" if len(d.labels) > 8 else "")
            raise IllegalAction(f"'{quoted(label, 80)}' is not legal now; {who} may choose: {shown}") from None

    def _secret_choice(self) -> str:
        """How an error about a decision taken in secret (or chance some seats may not see) goes on:
        it names none of its options, nor how many there are. The message may reach every seat
        (a web seat shows whoever sent the bad action what went wrong), and the options of a
        secret choice are what the chooser alone may know: its hidden cards."""
        d = self.pending
        who = "chance" if d.seat is None else self.prog.players[d.seat].name
        return f": {who} is choosing in secret, and what it may choose is told to no one else"

    def returns(self) -> list:
        """One number per seat when the game is over (win 1, loss 0; rankings between; numeric
        returns as the rules gave them); [] before."""
        return list(self.result) if self.result is not None else []

    def winners(self) -> list:
        """The 0-based seats that won, once the game is over: a win's winners, the seats tied for
        first in a ranking (a shared win), the seats with the greatest numeric return; [] before
        the end and after a draw (every seat equal)."""
        return sorted(self.result.winners) if self.result is not None else []

    def losers(self) -> list:
        """The 0-based seats that lost: a win's others, the seats tied for last; [] in a draw."""
        return sorted(self.result.losers) if self.result is not None else []

    @property
    def ending(self):
        """The Span of the statement that ended the game (a `win`, an `end game`); None before the
        end, or when the game ended some other way."""
        return self.result.ending if self.result is not None else None

    def decision_source(self) -> tuple:
        """Where the pending decision is written: (its statement's Span, one Span per option: a
        menu's option, a `during each turn` option; every item of a `choose … from` has the
        statement's own). (None, ()) when no decision is pending. For tools that count which
        rules players use (`ruledsl analyze`); worked out only when asked."""
        d = self.pending
        if d is None:
            return None, ()
        spans = self.prog.unit_spans
        unit = self.frames[-1].unit if self.frames else None
        out = []
        for pc in d.pcs:
            if pc < 0:
                where = spans[~pc][0] if spans[~pc] else None
            else:
                where = spans[unit][pc] if unit is not None and pc < len(spans[unit]) else None
            out.append(where or d.span)
        return d.span, tuple(out)

    def clone(self) -> "GameState":
        other = GameState.__new__(GameState)
        self.copy_into(other)
        other.prog = self.prog
        other.game = self.game
        other.seed = self.seed
        other.failure = self.failure
        return other

    # ------------------------------------------------------------ seeing
    def view(self, seat: Optional[int], log: bool = True) -> dict:
        """What seat (0-based) may see, JSON-serialisable; seat None: only what is public. log=False:
        without the log (its list is empty), for readers that keep their own."""
        if seat is not None and not 0 <= seat < len(self.prog.players):
            raise ValueError(f"there is no seat {seat}")
        try:
            return build_view(self.prog, self, seat, log)
        except Exception as err:
            raise self._located(err, "the view") from None

    def connections(self, board: Optional[str] = None) -> dict:
        """{board: {location: [(neighbour, edge kind, both ways)]}}: the steps between a board's
        locations that exist now (all boards, or the one named), for drawing the boards."""
        names = [board] if board is not None else list(self.prog.boards)
        try:
            return {name: connections(self.prog, self, name) for name in names}
        except Exception as err:
            raise self._located(err, "the board's steps") from None

    def view_digest(self, seat: int) -> tuple:
        """A value equal for two states of this game exactly when view(seat) without its log
        is equal; much cheaper than comparing views (for samplers of hidden information)."""
        try:
            return view_digest(self.prog, self, seat)
        except Exception as err:
            raise self._located(err, "the view") from None

    def _located(self, err: Exception, what: str) -> Exception:
        """A failure of the rules' code run to show the state (`shown as`, a board's conditions,
        `progress`) as a RulesError at its place (engine/failures.py); anything else as it is."""
        if isinstance(err, RulesError) or self.prog.code_map.locate(err.__traceback__)[0] is None:
            return err
        return located(self.prog.code_map, err, None, what)

    def events(self, seat: Optional[int], since=None) -> list:
        """The log as seat (0-based) reads it; None: only what is public (as in view(None)).
        since: a `log_mark` taken earlier; then only the events logged after it."""
        if since is None:
            return list(seat_log(self, seat))
        return [t for t in (e.seen_by(seat) for e in events_of(self.log, since)) if t is not None]

    def mute(self) -> "GameState":
        """Log nothing from now on (this state and its clones): for a playout nobody reads, as a
        search bot's rollouts. Actions, chance, views (without new log lines) and returns are
        those of the same game unmuted; `events()` tells nothing new; announcements' texts are
        not worked out (one that would fail does not). Returns the state."""
        self.muted = True
        return self

    def sample_chance(self, seed: int) -> "GameState":
        """Draw chance from now on with the state's own generator, seeded with seed, as a seeded
        game does: every die, random(…) and draw from a bag or a shuffled deck is settled where
        it happens, with the odds explicit chance gives its outcomes, and no chance event waits
        to be taken (but one already pending). For a playout nobody branches on (a search bot's
        rollouts): it saves listing and labelling the outcomes of every chance event. The same
        state and seed play the same. Returns the state."""
        self.rng = seed_rng(seed)
        self.explicit = False
        return self

    @property
    def log_mark(self):
        """An opaque mark of the log as it is now, for `events(seat, since=mark)`."""
        return self.log

    @property
    def evaluates(self) -> bool:
        """Whether the rules declare `evaluate p: …` (see evaluate())."""
        return has_evaluation(self.prog)

    def evaluate(self) -> Optional[list]:
        """The rules' `evaluate p: …` for every seat (each from 0 to 1), or None when the
        rules declare none. For search bots that cut a playout short."""
        return estimate(self.prog, self)

    def all_events(self, since=None) -> list:
        """The whole log, private events included (for replays and debugging, never for a player).
        since: a `log_mark` taken earlier; then only the events logged after it."""
        return [e.text for e in events_of(self.log, since)]

    @property
    def failed(self) -> bool:
        """Whether a rule failed while an action was applied; such a state cannot go on."""
        return self.failure is not None

    def reseeded(self, seed: int) -> "GameState":
        """A clone whose future chance comes from another seed (for search bots that must not
        know the coming dice). Hidden cards are not redealt."""
        other = self.clone()
        other.rng = seed_rng(seed)
        return other

    @property
    def actions_taken(self) -> list:
        """The labels of every decision taken so far (chance outcomes included under explicit chance)."""
        return chain_to_list(self.history)

    def actions_seen(self, seat: Optional[int], last: Optional[int] = None) -> list:
        """The history as seat (0-based; None: an onlooker) may know it: every action's label, with
        None for a secret choice of another seat and for chance that seat did not see (what a
        bot may replay, with those filled in by its own guesses, without learning them).
        last: only the last so many actions (in time with them, not with the whole history)."""
        out = []
        for label in (chain_to_list(self.history) if last is None else chain_last(self.history, last)):
            hidden = type(label) is SecretLabel and (seat is None or seat not in label.seats)
            out.append(None if hidden else str(label))
        return out

    def record(self) -> dict:
        game = self.game
        return {
            "format": RECORD_FORMAT, "version": RECORD_VERSION,
            "game": game.path, "title": game.title, "players": game.players,
            "options": dict(game.given_options), "seed": self.seed,
            "chance": "explicit" if self.explicit else "seeded",
            "actions": [str(a) for a in self.actions_taken],
            "returns": list(self.result) if self.result is not None else None,
        }

    def __reduce__(self):
        """A state pickles as its game and its record, and is rebuilt by replaying them: the same
        game, options, seed and actions make the same state (the compiled code a state points
        into does not pickle). Its chance generator as it is now and whether it is muted go with
        it; a state whose rules failed at its last action fails there again."""
        return (_rebuilt, (self.game, self.seed, "explicit" if self.explicit else "seeded",
                           [str(a) for a in self.actions_taken], self.rng, self.muted))

    def fingerprint(self) -> str:
        """A text that is equal for equal states (for tests of determinism)."""
        import json
        from .views import encode
        frames = [(f.unit, f.pc, sorted((k, repr(encode(self.prog, self, v, None))) for k, v in f.env.items()))
                  for f in self.frames]
        data = {
            "vals": repr([encode(self.prog, self, v, None) for v in self.vals]),
            "loc": self.loc, "face": self.face, "owner": [o.index if o else None for o in self.owner],
            "fields": repr([[encode(self.prog, self, v, None) for v in f] for f in self.fields]),
            "known": self.known, "contents": [[c.id for c in cs] for cs in self.contents],
            "tags": [sorted(t) for t in self.tags], "lazy": sorted(self.lazy), "rng": self.rng,
            "ends": sorted((i, sorted(c.id for c in h), sorted(c.id for c in t)) for i, (h, t) in self.ends.items()),
            "frames": repr(frames), "pending": list(self.pending.labels) if self.pending else None,
            "current": self.current.index if self.current else None, "phase": self.phase,
            "round": self.round, "log": [e.as_json() for e in events_of(self.log)],
            "var_known": sorted(self.var_known.items()), "quiet": self.quiet,
            "returns": self.result,
        }
        return json.dumps(data, sort_keys=True, default=str)


def new_state(game, seed: int = 0, chance: str = "seeded", hold: bool = False, muted: bool = False) -> GameState:
    if chance not in ("seeded", "explicit"):
        raise ValueError("chance must be 'seeded' or 'explicit'")
    prog = game.program
    key = (chance, hold)
    rng = seed_rng(seed)
    started = prog.started.get(key) if prog.copies_start else None
    if started is not None:
        # The set-up and the flow up to the first decision drew on no chance: every seed
        # starts alike, so the started state is copied instead of run again.
        st = started.clone()
        st.rng = rng
        st.seed = seed
        if muted:               # as muted from its set-up on: nothing logged, as when run muted
            st.muted = True
            st.log = None
            st.seat_logs = None
        return st
    st = GameState.__new__(GameState)
    prog.initial.copy_into(st)
    st.prog = prog
    st.game = game
    st.seed = seed
    st.failure = None
    st.rng = rng
    st.explicit = chance == "explicit"
    st.muted = muted
    loop.start(prog, st, hold)
    if not muted and st.rng == rng and not st.lazy and (st.pending is None or st.pending.seat is not None):
        prog.started[key] = st.clone()
    return st
