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

    def clock(self, now=time.perf_counter) -> "Clock":
        return Clock(self, now)


class Clock:
    """One move's budget being spent: `more(done)` says whether to go on after `done` iterations.
    now: the clock it reads (time.perf_counter; a test may give another)."""
    __slots__ = ("budget", "start", "deadline", "now")

    def __init__(self, budget: Budget, now=time.perf_counter):
        self.budget = budget
        self.now = now
        self.start = now()
        self.deadline = self.start + budget.seconds if budget.seconds is not None else None

    def more(self, done: int) -> bool:
        if self.deadline is None:
            return done < self.budget.iterations
        return done == 0 or self.now() < self.deadline

    def at(self, fraction: float):
        """The time (on the clock's `now`) when this fraction of a budget of seconds is spent;
        None for a budget of iterations (no step of the bot may then depend on the clock)."""
        if self.deadline is None:
            return None
        return self.start + fraction * self.budget.seconds

    def fraction(self, done: int) -> float:
        """How much of the budget is spent, 0 to 1 (for progress bars)."""
        if self.deadline is None:
            return min(1.0, done / self.budget.iterations)
        return min(1.0, (self.now() - self.start) / self.budget.seconds)

    def elapsed(self) -> float:
        return self.now() - self.start
