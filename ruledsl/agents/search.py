"""What the thinking bots share (SearchAgent), and MCTSAgent: UCT on the whole state.

A SearchAgent thinks within a Budget (seconds or iterations a move), reports its progress
to an optional callback, and keeps what its last move cost in `last`. Its randomness comes
from its own seeded generator, so with an iteration budget the same seed plays the same.

While it thinks, Python's automatic garbage collection is paused (as `timeit` pauses it while
it times) and runs again once the move is made. A full collection stops the program to scan
every object tracked, whenever the old generation has grown by a quarter: with compiled rules,
beliefs and their histories in memory that is 0.1 to 0.3 s of CPU, as much as a whole move's
budget, at a moment nobody chose. Paused, what a move makes and drops is still freed at once by
reference counting, and its search trees, gone when the move ends, are no longer promoted to
the old generation by the collections it would have run, so full collections are rarer too.
"""
from __future__ import annotations

import gc
import random
import threading
import time
from typing import Callable, Optional

from ..errors import RulesError
from .budget import Budget
from .rollout import Scale, rollout, sample_outcome
from .tree import Node

# Rewards are returns; this weighs exploration against them (UCB1's c) as fractions of the
# range of returns (0 to 1 for a loss and a win, widened by the scores seen: rollout.Scale).
EXPLORATION = 0.7
# Playout length: short when the rules say how to score a cut playout, long when they do not.
DEPTH_WITH_EVALUATION = 12
DEPTH_WITHOUT = 1000
PROGRESS_EVERY = 16   # iterations between two progress reports
# A playout still running at this fraction of a budget of seconds is cut and scored as it stands
# (by `evaluate`, else half way): one long playout may not take a move past its limit.
CUTOFF = 1.3


# Bots thinking at once (the web server's, each in a worker thread): collection is paused by the
# first and resumed by the last, if it ran before the first; gc's switch is the whole process's.
_thinking = {"bots": 0, "collecting": False}
_thinking_lock = threading.Lock()


def _pause_collection() -> None:
    with _thinking_lock:
        if _thinking["bots"] == 0:
            _thinking["collecting"] = gc.isenabled()
            gc.disable()
        _thinking["bots"] += 1


def _resume_collection() -> None:
    with _thinking_lock:
        _thinking["bots"] -= 1
        if _thinking["bots"] == 0 and _thinking["collecting"]:
            gc.enable()


class SearchAgent:
    """A bot that searches within a budget. progress: None, or a function called now and then
    with (iterations so far, fraction of the budget spent) while it thinks."""
    name = "search"

    def __init__(self, budget: Optional[Budget] = None, seed: int = 0, rollout_depth: Optional[int] = None,
                 exploration: float = EXPLORATION):
        self.budget = budget or Budget(seconds=1.0)
        self.seed = seed
        self.rng = random.Random(seed)
        self.rollout_depth = rollout_depth
        self.exploration = exploration
        self.progress: Optional[Callable[[int, float], None]] = None
        self.last: dict = {}
        self.scale = Scale()
        self.cutoff = None      # when this move's playouts are cut (None: a budget of iterations)
        self.now = time.perf_counter    # the clock a budget of seconds is read on (a test may give another)

    def __repr__(self):
        return f"{type(self).__name__}({self.budget!r}, seed={self.seed})"

    def choose(self, state):
        if state.is_chance():
            return sample_outcome(state, self.rng)
        actions = state.legal_actions()
        if not actions:
            raise ValueError("no action is legal: the game is over or stuck")
        _pause_collection()     # see the module's docstring
        try:
            clock = self.budget.clock(self.now)
            self.cutoff = clock.at(CUTOFF)
            self.last = {"iterations": 0}
            if len(actions) > 1:
                label = self.think(state, clock)
            else:
                label = actions[0].label
                self.idle(state, clock)
            chosen = next((a for a in actions if a.label == label), actions[0])
            self.last["seconds"] = clock.elapsed()
            return chosen
        finally:
            _resume_collection()

    def think(self, state, clock) -> str:
        """The label to play, found within clock's budget."""
        raise NotImplementedError

    def idle(self, state, clock) -> None:
        """A move with one option needs no thought: a bot may spend its budget on other work."""

    def explore(self) -> float:
        """UCB1's exploration constant on the scale of the returns seen so far."""
        return self.exploration * self.scale.span

    def depth(self, state) -> int:
        if self.rollout_depth is not None:
            return self.rollout_depth
        return DEPTH_WITH_EVALUATION if state.evaluates else DEPTH_WITHOUT

    def report(self, done: int, clock) -> None:
        if self.progress is not None and done % PROGRESS_EVERY == 0:
            self.progress(done, clock.fraction(done))


class MCTSAgent(SearchAgent):
    """UCT for games whose deciding seat sees everything: one tree keyed by action labels;
    chance outcomes (explicit chance) sampled by their odds; each seat's edges maximise its
    own return. Every iteration plays on a copy with a fresh random generator, so it never
    knows the coming dice. In a game with hidden information it reads the whole state: use
    ISMCTSAgent there."""
    name = "mcts"

    def think(self, state, clock) -> str:
        labels = state.legal_labels()
        winning, safe = decisive(state, self.rng, clock.at(DECISIVE_SHARE), self.now)
        if winning is not None:
            self.last = {"iterations": 0, "decisive": True}
            return winning
        root = Node()
        depth = self.depth(state)
        done = failed = 0
        while clock.more(done):
            if not self._iterate(state.reseeded(self.rng.getrandbits(62)), root, depth, safe):
                failed += 1
            done += 1
            self.report(done, clock)
        self.last = {"iterations": done, "failed": failed, "search_seconds": round(clock.elapsed(), 4)}
        return root.most_visited(safe or labels) or self.rng.choice(safe or labels)

    def _iterate(self, det, root: Node, depth: int, allowed=None) -> bool:
        rng = self.rng
        node, path = root, []
        try:
            while not det.is_terminal():
                if det.is_chance():
                    label = sample_outcome(det, rng).label
                    det.apply(label)
                    node = node.child(label)
                    continue
                seat = det.current_player
                labels = allowed if node is root and allowed else det.legal_labels()
                label, new = node.select(labels, rng, self.explore())
                path.append((seat, node, label))
                det.apply(label)
                node = node.child(label)
                if new:
                    break
            rewards = rollout(det, rng, depth, self.scale, self.cutoff, self.now)
        except RulesError:
            return False   # a rule failed in this line of play: it teaches nothing
        for seat, node, label in path:
            node.update(label, rewards[seat])
        return True


# Checking every reply to every action costs about this many actions at most; past it, no check.
DECISIVE_WORK = 2000
DECISIVE_SHARE = 0.5    # the check gives up past this fraction of a budget of seconds: the search has the rest


def wins_at_once(state, seat: int) -> bool:
    """Whether the game is over with seat the only winner (return 1, every other seat 0)."""
    if not state.is_terminal():
        return False
    returns = state.returns()
    return returns[seat] == 1 and max(returns) == 1 and sum(returns) == 1


def decisive(state, rng, deadline=None, now=time.perf_counter) -> tuple:
    """(an action that wins at once, or None; the actions after which no reply wins at once for
    another seat, when some but not all are so, else None). Decisive and anti-decisive moves:
    what a short search with random playouts may miss, checked on copies with fresh chance.
    deadline: None, or a time on the clock `now` past which the check gives up (None, None)."""
    me = state.current_player
    labels = state.legal_labels()
    after = {}
    work = 0
    for label in labels:
        if deadline is not None and now() > deadline:
            return None, None
        child = state.reseeded(rng.getrandbits(62)).apply(label)
        work += 1
        if wins_at_once(child, me):
            return label, None
        after[label] = child
    safe = []
    for label, child in after.items():
        if child.is_terminal() or child.is_chance() or child.current_player == me:
            safe.append(label)
            continue
        work += len(child.legal_labels())
        if work > DECISIVE_WORK:
            return None, None
        if deadline is not None and now() > deadline:
            return None, None
        loses = False
        for reply in child.legal_labels():
            grand = child.clone().apply(reply)
            if grand.is_terminal() and grand.returns()[me] == 0 and grand.returns()[child.current_player] == 1:
                loses = True
                break
        if not loses:
            safe.append(label)
    return None, (safe if 0 < len(safe) < len(labels) else None)
