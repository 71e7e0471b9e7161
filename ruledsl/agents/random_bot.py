"""RandomAgent: chooses uniformly among the legal actions with its own seeded generator."""
from __future__ import annotations

import random


def seat_seed(seed: int, seat: int) -> int:
    """The seed of the bot at a 0-based seat (ruledsl.CHANCE, -1, for chance) in the game with this seed.

    Distinct for every (seed, seat) pair with fewer than 999 seats, so the bots of
    game S and game S+1 in a simulation never share a generator.
    """
    return seed * 1000 + seat + 1


class RandomAgent:
    """A bot that picks uniformly among the legal actions; the same seed gives the same choices.

    At a chance event (explicit chance) it draws an outcome by the outcomes' probabilities.
    """

    def __init__(self, seed: int = 0):
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, state):
        if state.is_chance():
            outcomes = state.chance_outcomes()
            actions = [a for a, _ in outcomes]
            return self.rng.choices(actions, weights=[p for _, p in outcomes])[0]
        actions = state.legal_actions()
        if not actions:
            raise ValueError("no action is legal: the game is over or stuck")
        return self.rng.choice(actions)

    def __repr__(self):
        return f"RandomAgent(seed={self.seed!r})"
