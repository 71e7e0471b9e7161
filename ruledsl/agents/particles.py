"""The data of a Belief (determinise.py): particles, candidate steps, and what following cost."""
from __future__ import annotations


class Particle:
    """A guessed state, how many of the cloud's particles it stands for, and the path that made
    it from the belief's start (deals.py), None when a repair changed it in place."""
    __slots__ = ("state", "count", "path")

    def __init__(self, state, count: int, path=None):
        self.state = state
        self.count = count
        self.path = path


class Candidate:
    """A state after one step of a particle: its weight, the observation it gives, and how
    it was made (parent, action, generator seed) so that a repair can make it again, and its
    path (deals.py; None when a repair changed a state in place)."""
    __slots__ = ("state", "weight", "observation", "parent", "action", "seed", "path")

    def __init__(self, state, weight, observation, parent, action, seed, path=None):
        self.state = state
        self.weight = weight
        self.observation = observation
        self.parent = parent
        self.action = action
        self.seed = seed
        self.path = path

    @classmethod
    def kept(cls, particle) -> "Candidate":
        """A particle as a candidate of its own weight (to resample a cloud as it stands)."""
        return cls(particle.state, particle.count, None, None, None, None, particle.path)


class Stats:
    """What following the game cost and how well it went."""
    __slots__ = ("steps", "applies", "transposed", "spread", "repaired", "retreats", "inexact_steps", "late")

    def __init__(self):
        self.steps = self.applies = self.transposed = self.spread = self.repaired = self.retreats = 0
        self.inexact_steps = self.late = 0

    def as_dict(self) -> dict:
        return {k: getattr(self, k) for k in self.__slots__}
