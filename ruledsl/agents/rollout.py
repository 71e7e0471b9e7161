"""Random playouts, cut short after a number of actions and scored by the rules' `evaluate`,
and the scale a bot reads returns on (Scale)."""
from __future__ import annotations

import time

MIDDLE = 0.5   # what each seat scores in a playout cut short in a game with no `evaluate`: half way


def sample_outcome(state, rng):
    """A chance outcome (an Action), drawn by its probability."""
    outcomes = state.chance_outcomes()
    return rng.choices([a for a, _ in outcomes], weights=[p for _, p in outcomes])[0]


def play_randomly(state, rng, depth: int, deadline=None, now=time.perf_counter) -> int:
    """Uniformly random actions (chance by its odds) until the end or `depth` actions, or past
    the deadline (a time on the clock `now`), checked before every action (an action costs a
    hundred times a reading of the clock, or more); how many."""
    taken = 0
    while taken < depth and not state.is_terminal():
        if deadline is not None and now() > deadline:
            break
        if state.is_chance():
            state.apply(sample_outcome(state, rng))
        else:
            # by index: a decision's labels are not made (a choice of an ordering is counted, not listed)
            state.apply(rng.randrange(len(state.legal_actions())))
        taken += 1
    return taken


class Scale:
    """The range of returns a bot reads rewards on: 0 to 1 (a loss to a win) at first, widened
    by every return seen at a game's end (points, chips, a shared score of 0 to 25). A bot's
    rewards are raw returns; its exploration is multiplied by `span`, so that it weighs them as
    fractions of the range. The rules' `evaluate` (0 to 1) is read as a fraction of the range:
    0 its lowest return, 1 its highest."""
    __slots__ = ("low", "high")

    def __init__(self):
        self.low, self.high = 0.0, 1.0

    @property
    def span(self) -> float:
        return self.high - self.low

    def seen(self, returns: list) -> None:
        for r in returns:
            if r < self.low:
                self.low = r
            elif r > self.high:
                self.high = r

    def score(self, state) -> list:
        """Each seat's return when the game is over, else the rules' evaluation (a fraction of
        the range), else half way."""
        if state.is_terminal():
            returns = state.returns()
            self.seen(returns)
            return returns
        estimate = state.evaluate()
        fractions = estimate if estimate is not None else [MIDDLE] * state.game.players
        return [self.low + f * self.span for f in fractions]


def score(state) -> list:
    """Each seat's return when the game is over, else the rules' evaluation, else half way (on
    the scale of a win and a loss)."""
    return Scale().score(state)


def rollout(state, rng, depth: int, scale=None, deadline=None, now=time.perf_counter) -> list:
    """Play state out at random for at most depth actions (cut at the deadline, if given: a
    move's limit) and score it on scale (state is changed, and muted: nobody reads what a
    playout logs; its chance is drawn where it happens, seeded from rng: nobody branches on it)."""
    play_randomly(state.mute().sample_chance(rng.getrandbits(64)), rng, depth, deadline, now)
    return (scale or Scale()).score(state)
