"""Playing an analysis's games: one game to a small GameRecord, one batch to a BatchResult.

A record holds only what the metrics need (numbers, counts, short keys), so that
records from other processes or other machines are cheap to send back.
"""
from __future__ import annotations

import os
from collections import Counter
from typing import Optional

import attrs

from ..errors import RulesError
from ..runtime.effects.events import events_of
from .bots import agents_for
from .coverage import LineTracer
from .spec import Batch

# A `choose … from` with more items than this is counted as one option ("any item"), not item by item.
MAX_ITEMS_COUNTED = 30
# The option key under which a decision's own count is kept (how often it was asked).
ASKED = "*"
# The option key of every item of a `choose … from` with more than MAX_ITEMS_COUNTED items.
ANY_ITEM = "any item"


@attrs.frozen
class Failure:
    """A game that raised an error: how far it got, a one-line headline, and the diagnostics
    (a RulesError's, for the command line to show with their source lines) or None."""
    actions: int
    headline: str
    diagnostics: Optional[list] = None


@attrs.define
class GameRecord:
    """What one game came to.

    finished: it ended (else it was stopped by the cap, or failed: see failure).
    returns, winners, losers: per seat / 0-based seats, when finished.
    ending: "file:line" of the statement that ended it. actions, turns, rounds: its length.
    decisions: per seat, the decisions that seat made. options: {option count: decisions}.
    usage: {(decision, option): [offered, taken]} for the watched seats (see Lineup.watch);
    labels: {(decision, option): an example label}.
    """
    seed: int
    finished: bool = False
    failure: Optional[Failure] = None
    returns: tuple = ()
    winners: tuple = ()
    losers: tuple = ()
    ending: Optional[str] = None
    actions: int = 0
    turns: int = 0
    rounds: int = 0
    decisions: tuple = ()
    options: dict = attrs.Factory(dict)
    usage: dict = attrs.Factory(dict)
    labels: dict = attrs.Factory(dict)


@attrs.define
class BatchResult:
    """A batch's games in seed order, and the rules-file lines that ran in them (when traced)."""
    batch: Batch
    records: list
    lines_run: frozenset = frozenset()


def place(span) -> str:
    return f"{os.path.basename(span.path)}:{span.line}"


class Counting:
    """Counts one game's decisions as it is played: branching for every seat, rule usage for
    the watched ones."""

    def __init__(self, players: int, watch: tuple):
        self.decisions = [0] * players
        self.options: Counter = Counter()
        self.usage: dict = {}
        self.labels: dict = {}
        self.watch = frozenset(watch)

    def before(self, state, seat: int, actions) -> Optional[list]:
        """Count the decision; the option key of each action when the seat is watched."""
        self.decisions[seat] += 1
        self.options[len(actions)] += 1
        if seat not in self.watch:
            return None
        if len(actions) < 2:
            # A lone option tells nothing of what players prefer (it would read "always taken").
            decision, _ = state.decision_source()
            where = place(decision) if decision is not None else "?"
            self.usage.setdefault((where, ASKED), [0, 0])[0] += 1
            return None
        decision, spans = state.decision_source()
        where = place(decision) if decision is not None else "?"
        # A menu's option is counted by its line (an `option … for x in C` arm is one option);
        # an item of a `choose … from` by its label, unless there are too many to read.
        many = len(actions) > MAX_ITEMS_COUNTED
        keys = [(where, f"line {span.line}" if span != decision else ANY_ITEM if many else str(action.label))
                for span, action in zip(spans, actions)]
        self.usage.setdefault((where, ASKED), [0, 0])[0] += 1
        for key, action in zip(keys, actions):
            if key not in self.usage:
                self.usage[key] = [0, 0]
                self.labels[key] = str(action.label)
        for key in set(keys):
            self.usage[key][0] += 1
        return keys

    def after(self, keys: Optional[list], index: int) -> None:
        if keys is not None:
            self.usage[keys[index]][1] += 1


def index_of(action, actions) -> int:
    index = getattr(action, "index", None)
    if isinstance(index, int):
        return index
    return [str(a.label) for a in actions].index(str(action))


def play_game(game, lineup, seed: int, max_actions: Optional[int]) -> GameRecord:
    """Play one game with the line-up's bots; errors become the record's failure, never raised."""
    record = GameRecord(seed)
    counting = Counting(game.players, lineup.watch)
    state = None
    try:
        state = game.new_game(seed=seed, chance=lineup.chance)
        agents = agents_for(lineup.specs, seed)
        taken = 0
        while not state.is_terminal():
            if max_actions is not None and taken >= max_actions:
                break
            taken += 1
            seat = state.current_player
            if seat is None:
                raise RuntimeError("the game is not over but no decision is pending")
            if state.is_chance():
                state.apply(agents[seat].choose(state))
                continue
            actions = state.legal_actions()
            keys = counting.before(state, seat, actions)
            action = agents[seat].choose(state)
            counting.after(keys, index_of(action, actions))
            state.apply(action)
    except Exception as err:  # every failure is a result here, with the seed to reproduce it
        taken = len(state.actions_taken) if state is not None else 0
        if isinstance(err, RulesError):
            record.failure = Failure(taken, err.diagnostic.headline(), list(err.diagnostics))
        else:
            record.failure = Failure(taken, f"internal error: {type(err).__name__}: {err}")
    else:
        record.finished = state.is_terminal()
        if record.finished:
            record.returns = tuple(state.returns())
            record.winners = tuple(state.winners())
            record.losers = tuple(state.losers())
            record.ending = place(state.ending) if state.ending is not None else None
    if state is not None:
        record.actions = len(state.actions_taken)
        record.turns = sum(1 for event in events_of(state.log) if event.kind == "turn")
        record.rounds = state.round
    record.decisions = tuple(counting.decisions)
    record.options = dict(counting.options)
    record.usage = counting.usage
    record.labels = counting.labels
    return record


def play_batch(game, batch: Batch) -> BatchResult:
    """Play a batch's seeds in order, tracing which rules-file lines ran when asked."""
    if not batch.coverage:
        return BatchResult(batch, [play_game(game, batch.lineup, s, batch.max_actions) for s in batch.seeds])
    tracer = LineTracer(game.program)
    with tracer:
        records = [play_game(game, batch.lineup, s, batch.max_actions) for s in batch.seeds]
    return BatchResult(batch, records, frozenset(tracer.rules_lines()))
