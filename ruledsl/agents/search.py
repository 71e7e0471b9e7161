"""What the thinking bots share (SearchAgent), and MCTSAgent: UCT on the whole state.

A SearchAgent thinks within a Budget (seconds or iterations a move), reports its progress
to an optional callback, and keeps what its last move cost in `last`. Its randomness comes
from its own seeded generator, so with an iteration budget the same seed plays the same.
"""
from __future__ import annotations

import random
from typing import Callable, Optional

from ..errors import RulesError
from .budget import Budget
from .rollout import rollout, sample_outcome
from .tree import Node

# Rewards are returns, from 0 to 1: this weighs exploration against them (UCB1's c).
EXPLORATION = 0.7
# Playout length: short when the rules say how to score a cut playout, long when they do not.
DEPTH_WITH_EVALUATION = 40
DEPTH_WITHOUT = 1000
PROGRESS_EVERY = 16   # iterations between two progress reports


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

    def __repr__(self):
        return f"{type(self).__name__}({self.budget!r}, seed={self.seed})"

    def choose(self, state):
        if state.is_chance():
            label = sample_outcome(state, self.rng)
            return next(a for a in state.legal_actions() if a.label == label)
        actions = state.legal_actions()
        if not actions:
            raise ValueError("no action is legal: the game is over or stuck")
        clock = self.budget.clock()
        label = self.think(state, clock) if len(actions) > 1 else actions[0].label
        self.last.setdefault("iterations", 0)
        self.last["seconds"] = clock.elapsed()
        return next((a for a in actions if a.label == label), actions[0])

    def think(self, state, clock) -> str:
        """The label to play, found within clock's budget."""
        raise NotImplementedError

    def depth(self, state) -> int:
        if self.rollout_depth is not None:
            return self.rollout_depth
        return DEPTH_WITH_EVALUATION if state.evaluate() is not None else DEPTH_WITHOUT

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
        root = Node()
        depth = self.depth(state)
        done = failed = 0
        while clock.more(done):
            if not self._iterate(state.reseeded(self.rng.getrandbits(62)), root, depth):
                failed += 1
            done += 1
            self.report(done, clock)
        self.last = {"iterations": done, "failed": failed}
        labels = state.legal_labels()
        return root.most_visited(labels) or self.rng.choice(labels)

    def _iterate(self, det, root: Node, depth: int) -> bool:
        rng = self.rng
        node, path = root, []
        try:
            while not det.is_terminal():
                if det.is_chance():
                    label = sample_outcome(det, rng)
                    det.apply(label)
                    node = node.child(label)
                    continue
                seat = det.current_player
                label, new = node.select(det.legal_labels(), rng, self.exploration)
                path.append((seat, node, label))
                det.apply(label)
                node = node.child(label)
                if new:
                    break
            rewards = rollout(det, rng, depth)
        except RulesError:
            return False   # a rule failed in this line of play: it teaches nothing
        for seat, node, label in path:
            node.update(label, rewards[seat])
        return True
