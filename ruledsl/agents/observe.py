"""What one seat observed of a game, step by step: the only input a fair sampler of hidden
information gets (see determinise.py).

An Observation is what a seat sees after an action: its view (without the log) and the
events it was told by that action. A Step is one action as the seat knows it: who took it
(a seat or chance), its label when the seat was told it (its own actions, the actions of
others not taken `secretly`, and chance whose outcome it saw: a card drawn to its own hand,
a die rolled in the open), and the observation after it.

Observer follows a real game for one seat. It replays the game's record on a copy of its
own and reads that copy only through `view(seat)` and `events(seat)`, so what it hands on
is exactly what the seat saw, after every action: two games that differ only in what the
seat may not see give the same steps.
"""
from __future__ import annotations

from typing import Optional

from ..runtime.sampling import last_told


class Observation:
    """A seat's view (without its log) and the events it was told since the previous step.
    Compared by the events, then by the state's view digest; the digest and the view are
    made only when asked for, from the state, which must not change afterwards (guessed
    states are never changed once taken; the real game is observed through a clone)."""
    __slots__ = ("events", "_digest", "_state", "_seat", "_view")

    def __init__(self, events: tuple, state, seat: int):
        self.events = events
        self._digest = None
        self._state = state
        self._seat = seat
        self._view = None

    @property
    def digest(self):
        if self._digest is None:
            self._digest = self._state.view_digest(self._seat)
        return self._digest

    @property
    def view(self) -> dict:
        if self._view is None:
            if self._state is None:
                raise RuntimeError("the view of a settled observation is not kept (see settle)")
            view = self._state.view(self._seat, log=False)      # the log is not compared: not made
            del view["log"]
            self._view = view
        return self._view

    def settle(self) -> None:
        """Keep only what the observation is compared by, the events and the view's digest (its
        exits made), and let the state go: a belief never asks an old step for its view, and a
        long game's steps would otherwise hold a whole state each (18 KB, 1,500 steps a game)."""
        if self._state is not None:
            self.digest.exits()
            self._state = None

    def __eq__(self, other):
        if not isinstance(other, Observation):
            return NotImplemented
        return self is other or (self.events == other.events and self.digest == other.digest)

    __hash__ = None


def observe(state, seat: int, since) -> Observation:
    """What seat sees of state now, with the events logged after the mark `since`. The view
    and its digest are read from the state when first needed: do not change the state after."""
    return Observation(tuple(state.events(seat, since=since)), state, seat)


class Step:
    """One action as a seat knows it. actor: the seat that took it, or CHANCE; label: None
    when the seat was not told it (chance it did not see, and other seats' secret choices)."""
    __slots__ = ("actor", "label", "observation")

    def __init__(self, actor: int, label: Optional[str], observation: Observation):
        self.actor = actor
        self.label = label
        self.observation = observation


class Observer:
    """A real game as one seat observed it, from the start: `start` (what it saw when the game
    began) and `steps`, extended by `update(state)` as the game goes on."""

    def __init__(self, game, seat: int):
        self.game = game
        self.seat = seat
        self.shadow = None
        self.start: Optional[Observation] = None
        self.steps: list = []
        self.games = 0        # how many games it has started following

    def update(self, state) -> list:
        """Follow the real game up to `state`; returns the new steps. A state of another
        game (another seed, or actions that do not extend those followed) starts over."""
        record = state.record()
        if record["chance"] != "explicit":
            raise ValueError("a seat's observations can be followed only in a game under explicit chance: "
                             "start it with game.new_game(seed, chance='explicit')")
        actions = record["actions"]
        if self.shadow is None or self.shadow.seed != state.seed or \
                self.shadow.actions_taken != actions[:len(self.steps)]:
            self.shadow = self.game.new_game(seed=state.seed, chance="explicit")
            self.start = observe(self.shadow.clone(), self.seat, None)
            self.steps = []
            self.games += 1
        new = []
        for label in actions[len(self.steps):]:
            new.append(self._step(label))
        self.steps.extend(new)
        return new

    def _step(self, label: str) -> Step:
        shadow = self.shadow
        actor = shadow.current_player
        mark = shadow.log_mark
        self._digest_from_last(shadow)
        shadow.apply(label)
        # told as actions_seen tells it: its own actions, others' open ones, chance it saw
        told = actor == self.seat or last_told(shadow, self.seat)
        # a clone, since the shadow goes on: what the seat sees is read from it when needed
        return Step(actor, label if told else None, observe(shadow.clone(), self.seat, mark))

    def _digest_from_last(self, shadow) -> None:
        """Give the shadow what the last step's digest was made from (runtime/digest.py), so
        that the next step's is made from it rather than from scratch: its state is a clone of
        the shadow, which the shadow itself never digests. (A base is compared with the state
        it serves, so any base is correct; one a step old is cheap.)"""
        last = self.steps[-1].observation if self.steps else self.start
        if last is not None and last._state is not None and last._digest is not None:
            shadow.digests = last._state.digests
