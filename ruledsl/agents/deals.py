"""Deals for a Belief (determinise.py): guesses as histories, and reassigning hidden identities.

Every particle keeps the path that made it: one entry per step, from the belief's start
state, saying how the step was taken again (the label the seat was told; the option's index
of another seat's secret choice; the component drawn by hidden chance) and with which seed
of the generator. Replaying a path from the start, checking at every step that the seat
sees exactly what it saw, proves a guess: the state is the end of a history the rules
allow that shows the seat, step by step, its own views and events.

A deal is changed by a transposition of two components the seat cannot tell apart (both
faces hidden from it, the same look): every hidden draw of one becomes a draw of the other,
as if chance had dealt them the other way round; the other seats' secret choices keep their
places (the card in the same slot of a hand is played). Replaying the changed path is the
check: a transposition that contradicts anything the seat was told (a card it was shown, a
clue naming every matching card, a suit a player could not follow, a reveal of secret
choices) fails at that step and is dropped.

This is how a belief repairs a step no guess fits (transpositions steered by the components
the step's events name, kept while they bring the step closer without breaking an earlier
one) and how it spreads a cloud that collapsed onto few guesses (random transpositions,
each accepted when its replay fits: a random walk over the deals the seat cannot rule out,
all equally likely, since exchangeable components drawn uniformly make every such deal as
likely as another).
"""
from __future__ import annotations

import re
import time

from ..errors import IllegalAction, RulesError
from ..runtime.model.values import Comp, display
from ..runtime.sampling import chance_values, hidden_pairs, identity, reseed
from .compare import distance
from .particles import Particle

TOLD, INDEX, DRAWN = "t", "i", "c"
# Transpositions tried to repair one step, rounds of hill-climbing, and the guesses repaired.
TRANSPOSITIONS, CLIMB_ROUNDS, BASES = 120, 8, 2
# How many distinct guesses a cloud should hold before it is spread, and proposals per guess wanted.
SPREAD_TO, SPREAD_TRIES = 8, 3


def path_list(path) -> list:
    """The entries of a path (a linked chain (entry, earlier) ending in (), the empty path),
    oldest first."""
    out = []
    while path:
        out.append(path[0])
        path = path[1]
    out.reverse()
    return out


def entry_of(state, label: str, told: bool, seed: int) -> tuple:
    """How to take `label` from `state` again in a replay under a transposition."""
    if told:
        return TOLD, label, seed
    index = state.pending.labels.index(label)
    values = chance_values(state)
    if values and type(values[index]) is Comp:
        return DRAWN, values[index].id, seed
    return INDEX, index, seed


def _action_of(state, entry, swap: dict):
    kind, value, _ = entry
    if kind == TOLD:
        return value
    if kind == INDEX:
        return value if value < len(state.pending.labels) else None
    comp = state.prog.comps[swap.get(value, value)]
    wanted = identity(state, comp)
    for i, v in enumerate(chance_values(state)):
        if type(v) is Comp and identity(state, v) == wanted:
            return i
    return None


class Deals:
    """Replays and transpositions, as methods of a Belief (its seat, start, observer, budget)."""

    def _replay(self, entries: list, swap: dict):
        """The state at the end of entries replayed from the start with the components of swap
        exchanged in every hidden draw, checked against what the seat saw: the events it was
        told at every step, its view at the last (the views between are not compared: a
        transposition of two components it never saw changes no view but through events or
        the end); None when a step is not legal or shows the seat anything else."""
        if self.deal is None:
            return None
        state = self.deal.clone()
        steps = self.observer.steps
        seat = self.seat
        for k, entry in enumerate(entries):
            if state.pending is None or (k & 31 == 31 and self._out_of_work()):
                return None
            action = _action_of(state, entry, swap)
            if action is None:
                return None
            reseed(state, entry[2])
            mark = state.log_mark
            self._spend()
            try:
                state.apply(action)
            except (RulesError, IllegalAction):
                return None
            seen = steps[k].observation
            if tuple(state.events(seat, since=mark)) != seen.events:
                return None
        if entries and state.view_digest(seat) != steps[len(entries) - 1].observation.digest:
            return None
        return state

    def _pairs(self, state, drawn: set, target: tuple, guessed: tuple, label) -> list:
        """Transpositions worth trying in state: two components seat cannot tell apart, one of
        them drawn in hidden chance on the path. First those where an event the seat read names
        one and the guess's event in the same place the other (the card revealed and the card
        the guess played; events split at "; " as reveals list choices), then those the seat's
        events or the step's label name, then the rest."""
        aligned = [(t, g) for t, g in zip(_parts(target), _parts(guessed)) if t != g]
        told = " ".join(target) + " " + (label or "")
        tiers: list = [[], [], []]
        named: dict = {}

        def names(comp, text):
            key = (comp, text)
            if key not in named:
                named[key] = _names(state, comp, text)
            return named[key]

        for x, y in hidden_pairs(state, self.seat):
            if x not in drawn and y not in drawn:
                continue
            if any((names(x, t) and not names(x, g) and names(y, g) and not names(y, t)) or
                   (names(y, t) and not names(y, g) and names(x, g) and not names(x, t)) for t, g in aligned):
                tiers[0].append((x, y))
            elif names(x, told) or names(y, told):
                tiers[1].append((x, y))
            else:
                tiers[2].append((x, y))
        for tier in tiers:
            self.rng.shuffle(tier)
        return tiers[0] + tiers[1] + tiers[2]

    def _transpose(self, particles: list, step, found: list) -> list:
        """Candidates that take step exactly, made by transposing hidden components in the deal of
        a guess (its path replayed and checked); [] when none is found within the budget. A
        transposition that fits every earlier step and brings this one closer is kept, and
        the search goes on from it (several secret choices revealed in one event)."""
        target = step.observation
        bases = [p for p in particles if p.path is not None][:BASES]
        for base in bases:
            entries = path_list(base.path)
            state = base.state
            mine = [c for c in found if c.parent is state]
            closest = min(mine, key=lambda c: distance(c.observation, target)) if mine else None
            best = None     # the first transposition that replays is a step (the guess's own may be a dead end)
            guessed = closest.observation.events if closest is not None else ()
            for _ in range(CLIMB_ROUNDS):
                drawn = {v for kind, v, _ in entries if kind == DRAWN}
                improved = None
                for x, y in self._pairs(state, drawn, target.events, guessed, step.label)[:TRANSPOSITIONS]:
                    if self._out_of_work():
                        return []
                    swap = {x: y, y: x}
                    moved = self._replay(entries, swap)
                    if moved is None:
                        continue
                    moved_entries = [(k, swap.get(v, v) if k == DRAWN else v, s) for k, v, s in entries]
                    path = ()
                    for e in moved_entries:
                        path = (e, path)
                    children = self._children(Particle(moved, base.count, path), step, self.branch)
                    fits = [c for c in children if c.observation == target]
                    if fits:
                        self.stats.transposed += 1
                        return fits
                    if children:
                        near = min(children, key=lambda c: distance(c.observation, target))
                        d = distance(near.observation, target)
                        if best is None or d < best:
                            best, improved = d, (moved_entries, moved, near.observation.events)
                            break
                if improved is None:
                    break
                entries, state, guessed = improved
        return []

    def _spread(self, cloud: list, size: int) -> list:
        """A cloud of few distinct guesses spread by random transpositions of their deals, each
        kept only when its replay shows the seat what it saw."""
        distinct = len(cloud)
        if distinct >= min(SPREAD_TO, size) or not self.observer.steps:
            return cloud
        steps = len(self.observer.steps)
        if self._soft is not None and steps * self._rate * SPREAD_TRIES > self._soft - time.perf_counter():
            return cloud        # a replay of the whole game costs more than the time left: not now
        out = list(cloud)
        for particle in cloud:
            if particle.path is None or particle.count < 2:
                continue
            entries = path_list(particle.path)
            if len(entries) != steps:
                continue
            drawn = {v for kind, v, _ in entries if kind == DRAWN}
            if not drawn:
                continue
            pairs = self._pairs(particle.state, drawn, (), (), None)
            made = 0
            for x, y in pairs[:SPREAD_TRIES * particle.count]:
                if made >= particle.count - 1 or self._out_of_work():
                    break
                swap = {x: y, y: x}
                moved = self._replay(entries, swap)
                if moved is None:
                    continue
                path = ()
                for k, v, s in entries:
                    path = ((k, swap.get(v, v) if k == DRAWN else v, s), path)
                out.append(Particle(moved, 1, path))
                particle.count -= 1
                made += 1
                self.stats.spread += 1
        return out


def _parts(events: tuple) -> list:
    """The events, each split where it lists several things ("; "), in order."""
    return [part for event in events for part in event.split("; ")]


def _names(state, comp: int, text: str) -> bool:
    """Whether text names the component by what it reads as (its display)."""
    shown = display(state, state.prog.comps[comp])
    return bool(shown) and re.search(rf"(?<!\w){re.escape(shown)}(?!\w)", text) is not None
