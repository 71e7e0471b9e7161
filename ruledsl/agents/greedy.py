"""GreedyAgent: the one-ply baseline. Each legal action is tried on determinisations of the
seat's belief and scored by a playout (short, scored by `evaluate`, when the rules have one);
the best mean wins. No tree: what the others do next is left to chance."""
from __future__ import annotations

from ..errors import RulesError
from .ismcts import ISMCTSAgent
from .rollout import rollout


class GreedyAgent(ISMCTSAgent):
    """One-ply search over determinisations (see the module docstring)."""
    name = "greedy"

    def think(self, state, clock) -> str:
        labels = state.legal_labels()
        seat = state.current_player
        belief, note = self.follow(state, clock)
        if belief is None:
            self.last = {"iterations": 0, **note}
            return self.rng.choice(labels)
        depth = self.depth(state)
        totals = {label: [0, 0.0] for label in labels}
        done = 0
        while clock.more(done):
            label = labels[done % len(labels)]
            det = belief.sample(self.rng)
            done += 1
            self.report(done, clock)
            if label not in det.legal_labels():
                continue
            try:
                det.apply(label)
                reward = rollout(det, self.rng, depth, self.scale, self.cutoff, self.now)[seat]
            except RulesError:
                continue
            totals[label][0] += 1
            totals[label][1] += reward
        self.last = {"iterations": done, **note}
        tried = [(t / n, label) for label, (n, t) in totals.items() if n]
        if not tried:
            return self.rng.choice(labels)
        best = max(mean for mean, _ in tried)
        return next(label for mean, label in tried if mean == best)
