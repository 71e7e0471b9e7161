"""When a Belief's work stops (determinise.py): its count of applies, a move's soft and hard
deadlines, and how many particles the time left affords.

Every apply a belief makes is counted (`_spend`) and, inside a section of its work given a time
limit (`_within`), checks the clock: past the limit the section is abandoned at once (Late), so
no loop of the belief, however long or however dear its unit, runs past its deadline by more than
one apply and the view digest that goes with it. Reading the clock costs about a tenth of a
microsecond, an apply from twenty microseconds to a few milliseconds: the check is made at every
one. Repairs are limited by the soft deadline (the step they did not make fit is left for the
next update, up to POSTPONE times, then its closest guesses are kept), and one of them may be
given a share of the time left to them (`_share`: the climbs that replay paths take half, so the
repairs after them are tried in the same update); the rest of following a step by the hard one
(the step is left for the next update: the belief is `behind`).

Only the first step of an update that starts before its hard deadline is taken whatever the clock
says, so that every update makes progress: its proposal, at the particles `_affordable` (at least
`min_particles`, the cloud thinned to them), each trying one option, is one bounded unit whose cost
the measured cost of an apply estimates; its repairs are limited like any other.

Without deadlines (a budget of iterations) nothing here reads the clock: the work is bounded by
its count of applies only, and the same seed follows the same game the same way on any machine.
"""
from __future__ import annotations

import time

AFFORD_MARGIN = 2.5          # how much slower than measured the steps left are assumed to be


class Late(Exception):
    """A section of a belief's work ran past its time limit: it is abandoned (the belief's cloud
    and the steps it followed are those from before the section)."""


class Deadlines:
    """The budget of a Belief's update, as methods of the Belief (its stats, size, observer)."""

    now = staticmethod(time.perf_counter)     # the clock; a test may give a belief another
    _limit = None                              # the time limit of the section of work under way

    def _spend(self) -> None:
        """Count an apply (the work of an update is capped by a count) and check the clock."""
        self.stats.applies += 1
        self._budget -= 1
        if self._limit is not None and self.now() > self._limit:
            raise Late

    def _tick(self) -> None:
        """Check the clock against the time limit of the section under way."""
        if self._limit is not None and self.now() > self._limit:
            raise Late

    def _within(self, limit, work, *args):
        """work(*args), abandoned (Late) at the first apply or check past `limit` (None: no
        limit but the enclosing section's; a section never extends the one it is in)."""
        outer = self._limit
        if limit is not None and (outer is None or limit < outer):
            self._limit = limit
        try:
            return work(*args)
        finally:
            self._limit = outer

    def _share(self, fraction: float, work, *args):
        """work(*args) given `fraction` of the time left before the soft deadline (no limit without
        one), [] when that runs out (Late): the work after it gets the rest of the time."""
        if self._soft is None:
            return work(*args)
        start = self.now()
        try:
            return self._within(start + fraction * (self._soft - start), work, *args)
        except Late:
            return []

    def _out_of_work(self) -> bool:
        """Whether this update has no work left for repairs: its count of applies, or its time
        (inside a section past its limit: Late)."""
        if self._limit is not None and self.now() > self._limit:
            raise Late
        return self._budget <= 0 or self._soft is not None and self.now() > self._soft

    def _repairing(self) -> bool:
        return not self._out_of_work()

    def _affordable(self) -> int:
        """How many particles to follow the next step with: `particles`, fewer when the steps
        left would not be followed by the soft deadline at the cost an apply has had (then the
        cloud is spread again when time allows), `min_particles` past the soft one."""
        if not self._repairing():
            return self.min_particles
        if self._hard is None:
            return self.size
        # by the soft deadline, not the hard one: a step no guess fits is repaired before the soft
        # one, and a cloud that follows until the hard one leaves it no time (the step is postponed)
        left = (self._soft if self._soft is not None else self._hard) - self.now()
        steps = len(self.observer.steps) - self.followed
        n = int(left / (self._rate * max(1, steps) * AFFORD_MARGIN))
        return max(self.min_particles, min(self.size, n))

    def _measure(self, started: float, applies: int) -> None:
        """Learn what an apply costs (and the view digest that goes with it), for _affordable."""
        done = self.stats.applies - applies
        self._rate = 0.5 * self._rate + 0.5 * (self.now() - started) / done
