"""ISMCTSAgent: multiple-observer information-set MCTS over determinisations.

Every iteration draws a determinisation from the seat's Belief (determinise.py: states the
seat could not tell from the real one) and descends one tree per seat at once. Each tree
branches on what its seat observes: its own actions by their labels, everything else by
the events that seat was told (another seat's secret choice is one branch, "P2 makes a
secret choice"; a hidden card drawn is one branch, "a Card moves ..."). A seat's decisions
are chosen in its own tree by UCB1 with availability counts, and its edges learn its own
return.

Why multiple-observer: games with hidden information turn on other seats' secret choices
(hidden movement, programmed actions, hidden roles). A single tree keyed by labels would branch on those
choices, so the searching seat's later decisions would be tuned to secrets it cannot know
(it would search as if it saw them); a single tree merging what it cannot see would make
the others choose at random inside the tree. One tree per observer gives every seat, the
others included, decisions conditioned on exactly what that seat sees.

The bot never reads the real state's hidden parts: the belief follows the game through
the seat's observations only, and the moves it may make are those its view lists. When the
belief loses track entirely, it plays a random legal action (which needs no guess).
"""
from __future__ import annotations

from ..errors import RulesError
from ..runtime.api import CHANCE
from .determinise import Belief, LostTrack
from .rollout import rollout, sample_outcome
from .search import EXPLORATION, SearchAgent
from .tree import Node


class ISMCTSAgent(SearchAgent):
    """Information-set MCTS (multiple observers) over determinisations of the seat's belief.
    belief_options: settings of its Belief (particles, branch, …)."""
    name = "ismcts"

    def __init__(self, budget=None, seed: int = 0, rollout_depth=None, exploration: float = EXPLORATION,
                 **belief_options):
        super().__init__(budget, seed, rollout_depth, exploration)
        self.belief_options = belief_options
        self.belief = None

    def belief_for(self, state) -> Belief:
        """The seat's belief, made anew for another game or seat, brought up to date."""
        seat = state.current_player
        b = self.belief
        if b is None or b.game is not state.game or b.seat != seat:
            b = self.belief = Belief(state.game, seat, self.rng.getrandbits(62), **self.belief_options)
        b.update(state)
        return b

    def think(self, state, clock) -> str:
        labels = state.legal_labels()
        try:
            belief = self.belief_for(state)
        except LostTrack:
            self.last = {"iterations": 0, "lost": True}
            return self.rng.choice(labels)
        players = state.game.players
        roots = [Node() for _ in range(players)]
        depth = self.depth(state)
        done = failed = 0
        while clock.more(done):
            if not self._iterate(belief.sample(self.rng), roots, depth, players):
                failed += 1
            done += 1
            self.report(done, clock)
        self.last = {"iterations": done, "failed": failed, "exact": belief.exact,
                     "particles": belief.distinct()}
        return roots[state.current_player].most_visited(labels) or self.rng.choice(labels)

    def _iterate(self, det, roots: list, depth: int, players: int) -> bool:
        rng = self.rng
        nodes = list(roots)
        path = []
        try:
            while not det.is_terminal():
                actor = det.current_player
                new = False
                if actor == CHANCE:
                    label = sample_outcome(det, rng).label
                else:
                    node = nodes[actor]
                    label, new = node.select(det.legal_labels(), rng, self.exploration)
                    path.append((actor, node, label))
                mark = det.log_mark
                det.apply(label)
                for p in range(players):
                    nodes[p] = nodes[p].child(label if p == actor else tuple(det.events(p, since=mark)))
                if new:
                    break
            rewards = rollout(det, rng, depth)
        except RulesError:
            return False
        for seat, node, label in path:
            node.update(label, rewards[seat])
        return True
