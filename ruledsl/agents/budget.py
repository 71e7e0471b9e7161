"""How long a bot may think about one move: seconds, or a number of iterations."""
from __future__ import annotations

import time
from typing import Optional


class Budget:
    """seconds or iterations a move (exactly one of them). Iterations make a bot's play the
    same on every machine; seconds depend on the machine's speed."""
    __slots__ = ("seconds", "iterations")

    def __init__(self, seconds: Optional[float] = None, iterations: Optional[int] = None):
        if (seconds is None) == (iterations is None):
            raise ValueError("give a budget of seconds or of iterations, not both or neither")
        if seconds is not None and seconds <= 0 or iterations is not None and iterations < 1:
            raise ValueError("a budget must be more than nothing")
        self.seconds = seconds
        self.iterations = iterations

    def __repr__(self):
        return f"{self.seconds:g}s" if self.seconds is not None else f"{self.iterations}i"

    def clock(self) -> "Clock":
        return Clock(self)


class Clock:
    """One move's budget being spent: `more(done)` says whether to go on after `done` iterations."""
    __slots__ = ("budget", "start", "deadline")

    def __init__(self, budget: Budget):
        self.budget = budget
        self.start = time.perf_counter()
        self.deadline = self.start + budget.seconds if budget.seconds is not None else None

    def more(self, done: int) -> bool:
        if self.deadline is None:
            return done < self.budget.iterations
        return done == 0 or time.perf_counter() < self.deadline

    def at(self, fraction: float):
        """The time (time.perf_counter()) when this fraction of a budget of seconds is spent;
        None for a budget of iterations (no step of the bot may then depend on the clock)."""
        if self.deadline is None:
            return None
        return self.start + fraction * self.budget.seconds

    def fraction(self, done: int) -> float:
        """How much of the budget is spent, 0 to 1 (for progress bars)."""
        if self.deadline is None:
            return min(1.0, done / self.budget.iterations)
        return min(1.0, (time.perf_counter() - self.start) / self.budget.seconds)

    def elapsed(self) -> float:
        return time.perf_counter() - self.start
