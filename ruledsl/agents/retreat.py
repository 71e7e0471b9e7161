"""Retreats for a Belief (determinise.py): when no guess can take a step and no repair makes one,
the steps before it are followed again from further back with more particles (hidden moves whose
consequences show only later: whose turn it is, what a seat may do).

A retreat follows many steps with many particles (NEAR_BACK steps with 4 times the cloud, then
FAR_BACK with 8 times), more than one move's deadline may afford. Under deadlines the step is
then left for the next update (Belief._postpone), and the retreat goes on there from the step it
had reached, with the cloud it had made, rather than from the start of its stretch again: a long
retreat ends over several moves. What it keeps is dropped once the step is followed or the game
starts over (Belief._retreated). Without deadlines a retreat runs once per step, to its end or to
its share of the work, so it never resumes and a belief follows a game the same way on any machine.
"""
from __future__ import annotations

from .deadlines import Late
from .particles import Candidate

# How many steps back a belief that lost track goes to follow them again, with how many times the
# particles: the near retreat first, the far one when the near one found no guess that fits.
NEAR_BACK, FAR_BACK = 24, 96
RETREATS = ((NEAR_BACK, 4), (FAR_BACK, 8))


class Retreats:
    """The retreats, as methods of a Belief (its history of clouds, observer, budget and stats)."""

    _retreated = None       # (step, stage, next step to follow, cloud before it), or None

    def _retreat(self, i: int):
        """Follow the steps before step i again from further back with more particles; the cloud
        after step i, or None (also when the soft deadline stops it: see the module docstring)."""
        try:
            return self._back(i)
        except Late:
            return None

    def _back(self, i: int):
        steps = self.observer.steps
        kept = self._retreated if self._retreated is not None and self._retreated[0] == i else None
        for stage, (back, factor) in enumerate(RETREATS):
            if kept is not None and kept[1] > stage:
                continue        # this stretch found no guess at the last update: the next one
            if kept is not None and kept[1] == stage and kept[2] is not None:
                j, cloud = kept[2], kept[3]
            else:
                j = max(0, i - back)
                while j not in self.history:
                    j += 1
                cloud = self.history[j]
            floor = self._budget - self.work // 4
            while j <= i:
                if self._budget <= floor or self._out_of_work():
                    return None
                self._at = j
                cloud, _ = self._step_cloud(cloud, steps[j], self.size * factor)
                if cloud is None:
                    break
                j += 1
                self._retreated = (i, stage, j, cloud)
            if cloud is not None:
                self.stats.retreats += 1
                return self._resample([Candidate.kept(p) for p in cloud], self.size)
            self._retreated = kept = (i, stage + 1, None, None)
        return None
