"""Repairs for a Belief (determinise.py) when no guess takes a step as the seat saw it.

Each works on the guessed state before the step, changing only what the seat cannot tell
apart, and takes the step again: swapping components the real view shows where a guess
holds others, swapping the components the events told name (the real event one, the
guess's event another), swapping lookalikes until an action the seat was told is legal or
the step looks right, and moving components whose place the seat cannot see.
"""
from __future__ import annotations

from typing import Optional

from ..errors import RulesError
from ..runtime.sampling import (exchange, hidden_classes, hidden_looks, hidden_pairs, lookalikes, relocate, seat_layout, stand_ins,
                                texts, unseen)
from .compare import (closest_by_events, distance, event_distance, misplaced, named, places, step_moved, told_nearness,
                      word_pattern)
from .deadlines import Late
from .deals import relaid_path, unseen_orders
from .observe import observe
from .particles import Candidate, Particle

# How many of the closest candidates a repair tries, how many swaps or moves a hill-climb
# tries, how many rounds of swaps, and how many lookalikes of one component.
REPAIRS, MOVES, SWAP_ROUNDS, LOOKALIKES = 8, 200, 6, 6
# How many swaps steered by the events told may follow one another.
EVENT_ROUNDS = 12


def _agreement(observation, target) -> tuple:
    """How far an observation agrees with the target: the events alike from the first, then
    the fewer differences."""
    agree = 0
    for x, y in zip(observation.events, target.events):
        if x != y:
            break
        agree += 1
    return agree, -distance(observation, target)


def _names(state, comp: int, event: str) -> bool:
    """Whether the event names the component by any of its words (texts)."""
    return any(word_pattern(t).search(event) for t in texts(state, comp))


class Repairs:
    """The repairs, as methods of a Belief (they use its seat, generator, budget and stats)."""

    def _repair(self, found: list, step) -> list:
        """Make the closest candidates fit: swap components the seat could not tell apart, or
        move components the seat cannot see, in the state before the step, and take it again."""
        target = step.observation
        # Those that put some component where the seat saw another first: a swap may fix them.
        # Then the closest: by the events told (cheap), then by the view (its digest made for
        # it) among the closest few by events.
        keyed = sorted(((not misplaced(c.state, target.view, self.seat),
                         event_distance(c.observation.events, target.events), c) for c in found),
                       key=lambda t: t[:2])[:2 * REPAIRS]
        ranked = [c for _, _, c in sorted(keyed, key=lambda t: (t[0], distance(t[2].observation, target)))][:REPAIRS]
        fitting = []
        for candidate in ranked:
            try:
                if self._out_of_work():
                    break
                fixed = self._path_kept(candidate, self._swap_until_fits(candidate, step)
                                        or self._swap_by_events(candidate, step)
                                        or self._move_until_fits(candidate, target), step)
            except Late:
                if fitting:     # guesses that fit exactly, made before the clock ran out: the step is taken
                    break
                raise
            if fixed is not None:
                fitting.append(fixed)
                self.stats.repaired += 1
                if len(fitting) >= self.min_particles:
                    break
        if not fitting:
            fitting = self._swap_then_choose(ranked, step)
        if not fitting:
            for candidate in ranked[:2]:
                fixed = self._trade_until_fits(candidate, target)
                if fixed is not None:
                    self.stats.repaired += 1
                    return [self._path_kept(candidate, fixed, step)]
        return fitting

    def _make_legal(self, particles: list, step, with_path: bool = False) -> list:
        """The seat was told an action no guess allows (a public accusation of a seat the guesses
        made the accuser): swap lookalikes in a guess until the action is legal, then take it
        (the candidates made, for the repairs to finish). with_path: only swaps of components
        no seat has seen, lying face down (a token the set-up drew into a pool where the guess
        left it in the box), which keep the guess's path: another outcome of the chance that
        laid them (deals.unseen_orders), one step's work where a transposition replays."""
        made = []
        for particle in particles[:2]:
            state = particle.state
            if state.current_player != step.actor or with_path and particle.path is None:
                continue
            pairs = [(self.rng.choice(a), self.rng.choice(b))
                     for groups in hidden_classes(state, self.seat)
                     for n, a in enumerate(groups) for b in groups[n + 1:]]
            self.rng.shuffle(pairs)
            for x, y in (self._label_pairs(state, step.label) + pairs)[:MOVES]:
                if self._out_of_work():
                    return made
                swapped = state.clone()
                self._budget -= 1
                if exchange(swapped, x, y, self.seat) and step.label in swapped.legal_labels():
                    # (held: a card in a hand its owner sees is not laid otherwise here: no retake of
                    # the owner's choices follows, and a later replay of them names the old card)
                    orders = unseen_orders(state, swapped, held=True) if with_path else None
                    if with_path and orders is None:
                        continue
                    taken = self._take(swapped, step.label, particle.count, step)
                    for c in taken if with_path else ():
                        c.path = relaid_path(c, True, orders, particle.path)
                    made.extend(taken)
                    if any(c.observation == step.observation for c in made) or len(made) >= REPAIRS:
                        return made
        return made

    def _label_pairs(self, state, label: str) -> list:
        """[(x, y)]: a component the label names (a token drawn, as the seat saw it named) and
        a lookalike elsewhere that it does not name, or in the same deck (where it lies in a
        deck is where a draw takes it from: a card the guess laid under the deck where the
        real one lies among those still to draw), shuffled: swapping them may put the one
        named where the action takes it from. One random pair of each two places (the rest of
        _make_legal) finds the one named among dozens of lookalikes only by luck."""
        pairs = []
        places = state.prog.places
        for members in hidden_looks(state, self.seat):
            named = {c for c in members if _names(state, c, label)}
            if not named or len(named) == len(members):
                continue
            pairs.extend((x, y) for x in sorted(named) for y in members
                         if y not in named and (state.loc[y] != state.loc[x]
                                                or getattr(places[state.loc[x]], "ordered", False)))
        self.rng.shuffle(pairs)
        return pairs

    def _trade_until_fits(self, candidate, target) -> Optional[Candidate]:
        """Hill-climb when what the seat saw names no component (an accusation answered, a
        total announced): swap two lookalikes in different places before the step, keeping
        swaps that bring it closer to what the seat saw."""
        best = distance(candidate.observation, target)
        tries = 0
        while best > 0 and tries < MOVES:
            pairs = []
            for groups in hidden_classes(candidate.parent, self.seat):
                pairs.extend((self.rng.choice(a), self.rng.choice(b))
                             for n, a in enumerate(groups) for b in groups[n + 1:])
            self.rng.shuffle(pairs)
            improved = None
            for x, y in pairs[:MOVES - tries]:
                tries += 1
                parent = candidate.parent.clone()
                if not exchange(parent, x, y, self.seat):
                    continue
                traded = self._retake(candidate, parent)
                if traded is not None:
                    d = distance(traded.observation, target)
                    if d < best:
                        best, improved = d, traded
                        break
            if improved is None:
                return None
            candidate = improved
        return candidate if best == 0 else None

    def _swap_then_choose(self, ranked: list, step) -> list:
        """A component the seat now sees was elsewhere in the guess: before the step, swap it with
        a lookalike (those in the smallest places first: a hand, not the whole pool) and try
        every option of the step again (the swap may change what can be chosen). A swap that
        brings the step closer without making it fit is finished by `_swap_until_fits`: once
        the step runs as far as the seat saw it, the components still out of place show."""
        target = step.observation
        seen = [(name, comp) for name, comps in places(target.view) for comp in comps if "id" in comp]
        tried = set()
        closer = []
        for candidate in ranked[:2]:
            parent = candidate.parent
            before = distance(candidate.observation, target)
            layout = {i: name for name, ids in self._layout(candidate.state).items() for i in ids}
            for name, entry in seen:
                alike = stand_ins(parent, entry, self.seat)
                if not alike or any(layout.get(a) == name for a in alike):
                    continue
                x = alike[0]
                for y in lookalikes(parent, x, self.seat)[:LOOKALIKES]:
                    if (id(parent), x, y) in tried or self._out_of_work():
                        continue
                    tried.add((id(parent), x, y))
                    swapped = parent.clone()
                    if not exchange(swapped, x, y, self.seat):
                        continue
                    children = self._children(Particle(swapped, 1), step, self.branch)
                    fits = [c for c in children if c.observation == target]
                    if fits:
                        self.stats.repaired += 1
                        for c in fits:
                            c.weight *= candidate.weight
                        return [self._path_kept(candidate, c, step) for c in fits]
                    closer.extend((d, child, candidate.weight, candidate) for child in children
                                  if (d := distance(child.observation, target)) < before)
        closer.sort(key=lambda t: t[0])     # stable: among equals, the first found first
        for _, child, weight, origin in closer[:2]:
            fixed = self._swap_until_fits(child, step)
            if fixed is not None:
                self.stats.repaired += 1
                fixed.weight *= weight
                return [self._path_kept(origin, fixed, step)]
        return []

    def _layout(self, state) -> dict:
        return seat_layout(state, self.seat)

    def _retake(self, candidate, parent):
        """The candidate's step taken again from a changed parent, or None."""
        if self._out_of_work():
            return None
        action = self._same_option(candidate, parent)
        if action is None:
            return None
        state = parent.reseeded(candidate.seed)
        self._spend()
        try:
            state.apply(action)
        except RulesError:
            return None
        return Candidate(state, candidate.weight, observe(state, self.seat, parent.log_mark), parent, action,
                         candidate.seed)

    def _swap_until_fits(self, candidate, step) -> Optional[Candidate]:
        target = step.observation
        for _ in range(SWAP_ROUNDS):
            pairs = misplaced(candidate.state, target.view, self.seat)
            if not pairs:
                return None
            parent = candidate.parent.clone()
            swapped, touched = False, set()
            for x, y in pairs:
                # Each component once a round: (x, y) then (y, x) would swap them back.
                if x not in touched and y not in touched and exchange(parent, x, y, self.seat):
                    swapped = True
                    touched.update((x, y))
            candidate = self._retake_closest(candidate, parent, step) if swapped else None
            if candidate is None:
                return None
            if candidate.observation == target:
                return candidate
        return None

    def _retake_closest(self, candidate, parent, step, enough=None) -> Optional[Candidate]:
        """The candidate's step taken again from a swapped parent. When the seat was not told
        the option (chance, a secret choice) and the same one no longer fits (nor is `enough`
        for the caller: a climb that only needs to come closer), the closest of all the step's
        options: the swap may have renamed them (a draw of the component that was swapped in
        carries that component's name). Those are up to `branch` steps: only when needed."""
        retaken = self._retake(candidate, parent)
        if step.label is not None or (retaken is not None and (retaken.observation == step.observation or
                                                               enough is not None and enough(retaken))):
            return retaken
        options = self._children(Particle(parent, 1), step, self.branch)
        if retaken is not None:
            options.append(retaken)
        if not options:
            return None
        best = closest_by_events(options, step.observation)
        best.weight = candidate.weight
        return best

    def _reordered(self, found: list, step) -> list:
        """Before any transposition: the step turned over a component where the seat saw another
        (the next card of a deck the guess had laid otherwise), both lying face down and never
        seen: exchanged before the step (only those the events name on both sides), the step
        taken again, kept when the guess keeps its path (Deals._path_kept: another outcome of
        the chance that laid them). One step's work a swap, where a transposition replays."""
        target = step.observation
        ranked = sorted((c for c in found if c.path is not None), key=lambda c: told_nearness(c.observation, target))
        for candidate in ranked[:2]:
            if self._out_of_work():
                break
            fixed = self._path_kept(candidate, self._swap_by_events(candidate, step, both_only=True), step)
            if fixed is not None and fixed.path is not None:
                self.stats.repaired += 1
                return [fixed]
        return []

    def _swap_by_events(self, candidate, step, both_only: bool = False) -> Optional[Candidate]:
        """The seat was told events the guess tells otherwise (cards turned over one by one from
        piles dealt face down): at the first event that differs, swap a component the real event
        names with a lookalike the guess's names, before the step; keep a swap after which more
        events agree, and go on. Once every event agrees, what still differs is in the view."""
        target = step.observation
        best = _agreement(candidate.observation, target)
        for _ in range(EVENT_ROUNDS):
            if candidate.observation == target:
                return candidate
            if best[0] >= len(target.events):
                return self._swap_until_fits(candidate, step)
            improved = None
            for x, y in self._named_pairs(candidate, target, best[0], both_only)[:MOVES]:
                parent = candidate.parent.clone()
                if not exchange(parent, x, y, self.seat):
                    continue
                retaken = self._retake_closest(candidate, parent, step,
                                               lambda c, best=best: _agreement(c.observation, target) > best)
                if retaken is not None and (score := _agreement(retaken.observation, target)) > best:
                    best, improved = score, retaken
                    break
            if improved is None:
                return None
            candidate = improved
        return candidate if candidate.observation == target else None

    def _named_pairs(self, candidate, target, k: int, both_only: bool = False) -> list:
        """[(x, y)] lookalikes before the step where event k as the seat was told it names x
        (and not y) and the guess's event k names y (and not x); those named on one side
        only after."""
        real = target.events[k]
        guessed = candidate.observation.events[k] if k < len(candidate.observation.events) else ""
        parent = candidate.parent
        pairs = hidden_pairs(parent, self.seat)
        # which components each event names, each tested once (not once for every pair it is in)
        comps = {c for pair in pairs for c in pair}
        in_real = {c for c in comps if _names(parent, c, real)}
        in_guessed = {c for c in comps if _names(parent, c, guessed)} if guessed != real else in_real
        both, one = [], []
        for a, b in pairs:
            for x, y in ((a, b), (b, a)):
                told, guess = x in in_real and y not in in_real, y in in_guessed and x not in in_guessed
                if told and guess:
                    both.append((x, y))
                elif told or guess:
                    one.append((x, y))
        # An event that names a card names the other cards that share one of its fields too (a
        # colour, a value), and the guess's event every lookalike of the token it played: the
        # pairs whose y the guess's step moved are tried first, then those the events name by
        # name (a stable sort keeps the order of hidden_pairs among equals).
        real_names = {c for c in in_real if named(parent, c, real)}
        guessed_names = {c for c in in_guessed if named(parent, c, guessed)}
        stepped = step_moved(candidate)

        def by_name(pair):
            return -(pair[1] in stepped), -((pair[0] in real_names) + (pair[1] in guessed_names))
        both.sort(key=by_name)
        one.sort(key=by_name)
        return both if both_only else both + one

    def _move_until_fits(self, candidate, target) -> Optional[Candidate]:
        """Hill-climb: move one unseen component at a time to the place that brings the step
        closest to what the seat saw."""
        best = distance(candidate.observation, target)
        tries = 0
        while best > 0 and tries < MOVES:
            improved = None
            for comp, destinations in unseen(candidate.parent, self.seat):
                for place in destinations:
                    parent = candidate.parent.clone()
                    tries += 1
                    if not relocate(parent, comp, place, self.seat):
                        continue
                    moved = self._retake(candidate, parent)
                    if moved is not None:
                        d = distance(moved.observation, target)
                        if d < best:
                            best, improved = d, moved
            if improved is None:
                return None
            candidate = improved
        return candidate if best == 0 else None

    @staticmethod
    def _same_option(candidate, parent) -> Optional[str]:
        """The candidate's option in the swapped parent: the same label, or, when the swap renamed
        the options (a choice among the swapped components), the option in the same place."""
        labels = parent.legal_labels()
        if candidate.action in labels:
            return candidate.action
        before = candidate.parent.legal_labels()
        if len(before) == len(labels) and candidate.action in before:
            return labels[before.index(candidate.action)]
        return None

