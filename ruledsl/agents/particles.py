"""The data of a Belief (determinise.py): particles, candidate steps, and what following cost."""
from __future__ import annotations


class Particle:
    """A guessed state and how many of the cloud's particles it stands for."""
    __slots__ = ("state", "count")

    def __init__(self, state, count: int):
        self.state = state
        self.count = count


class Candidate:
    """A state after one step of a particle: its weight, the observation it gives, and how
    it was made (parent, action, generator seed) so that a repair can make it again."""
    __slots__ = ("state", "weight", "observation", "parent", "action", "seed")

    def __init__(self, state, weight, observation, parent, action, seed):
        self.state = state
        self.weight = weight
        self.observation = observation
        self.parent = parent
        self.action = action
        self.seed = seed


class Stats:
    """What following the game cost and how well it went."""
    __slots__ = ("steps", "applies", "repaired", "retreats", "inexact_steps")

    def __init__(self):
        self.steps = self.applies = self.repaired = self.retreats = self.inexact_steps = 0

    def as_dict(self) -> dict:
        return {k: getattr(self, k) for k in self.__slots__}
