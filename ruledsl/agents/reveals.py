"""Other seats' secret choices made as their reveal names them (a repair of a Belief, determinise.py).

A seat that chooses after the others in a `simultaneously` reads their choices only in the
reveal its own choice sets off. When its belief followed their choices nothing had named them
yet, so each guess took one of its options at random (Belief._told_later), and the reveal fits
almost no guess: a choice of three cards of five in order is one of sixty. Each guess's path is
then taken again from the first of those choices, each made as the reveal names it
(Deals._revealed): the few steps since, where a transposition of the deal replays from further
back and a retreat follows the steps again with many more particles.

Where the guess's hand cannot make the choice the reveal names (three cards named, one of them
not in the hand the guess dealt), the hand is made to allow it first: components the reveal names
that lie elsewhere unseen are exchanged with lookalikes the choice is made from, one at a time,
each kept when it brings some option nearer to the one named (fewer words differ), until it is
one of the options; the exchanges are then proven as one transposition of the deal
(Windows._exchanged: replayed from the draws since which they could have been dealt the other way).
This is the constraint a reveal puts on the deal, met where the choice is made rather than searched
for by exchanges judged on the step that failed, where no single one brings the step closer.
"""
from __future__ import annotations

import bisect

from ..runtime.sampling import exchange, hidden_pairs, identity, offered
from .compare import named, words_apart
from .deals import INDEX, path_nodes
from .particles import Particle

REVEALED = "revealed: "      # how the engine tells simultaneous choices (engine/decisions.py)
BLIND_BACK = 24     # how far back (in steps) a choice made before its reveal is looked for
REMADE = 4          # guesses made to fit, enough for a step (the cloud is resampled from them)
TRIES = 8           # guesses tried before giving up when none could be made so
ROUNDS = 6          # exchanges that may make one named choice possible


class Reveals:
    """The repair, as methods of a Belief (its observer, announced choices, paths and budget)."""

    def _remade(self, particles: list, step, found: list) -> tuple:
        """(candidates that take step exactly once the other seats' secret choices that it reveals
        (those the guesses made before anything named them, and the one it makes) are made as it
        names them, the guesses so made): the step may tell more than the choices (the cards not
        chosen, discarded face up), which the climbs (Deals._transpose) then start from these
        guesses to make fit. found: the candidates tried, extended."""
        target = step.observation
        fitting: list = []
        made: list = []
        tried = 0
        for particle in particles:
            if particle.path is None or self._out_of_work():
                continue
            if tried >= TRIES and not made:
                break       # no guess's choices can be made so (not a reveal of these): the other repairs
            tried += 1
            remade = self._made_as_revealed(particle, step)
            if remade is None:
                continue
            made.append(Particle(remade[0], particle.count, remade[1]))
            children = self._children(made[-1], step, self.branch)
            found.extend(children)
            fits = [c for c in children if c.observation == target]
            fitting.extend(fits)
            self.stats.transposed += bool(fits) and remade[2]
            if len(fitting) >= REMADE or len(made) >= REMADE and not fitting:
                break
        return fitting, made

    def _made_as_revealed(self, particle, step):
        """(state, path, whether its deal was transposed): the particle's path with its choices
        revealed at this step made as named, each hand first made to allow it; None when there are
        none, or a hand cannot be made to."""
        nodes = path_nodes(particle.path)
        picks = self._blind_picks(particle.state, nodes)
        now = self._revealed_now(particle.state, step.actor, len(nodes)) if step.label is None else None
        made = None         # (state, path) once some exchange was replayed
        for k, wanted in picks + ([(len(nodes), now)] if now is not None else []):
            if k < len(nodes):
                before = self._before(nodes, k)
            else:
                before = made[0] if made is not None else particle.state
            if before is None:
                return None
            if wanted in before.legal_labels():
                continue
            swap = self._allowing(before, wanted)
            made = self._exchanged(nodes, swap) if swap else None
            if made is None:
                return None
            nodes = path_nodes(made[1])
        if made is not None:
            return made + (True,)
        if not picks:
            return None
        # no hand needed changing: the choices are made again from the first (Deals._revealed)
        made = self._replay(nodes, {}, picks[0][0])
        return made + (False,) if made is not None else None

    def _blind_picks(self, state, nodes: list) -> list:
        """[(step, the label revealed now)] of the path's recent steps where another seat made a
        secret choice that the step being followed is the first to name, oldest first."""
        found = []
        for k in range(len(nodes) - 1, max(-1, len(nodes) - 1 - BLIND_BACK), -1):
            seen = self.observer.steps[k]
            if nodes[k][0][0] == INDEX and seen.label is None and seen.actor != self.seat:
                wanted = self._revealed_now(state, seen.actor, k)
                if wanted is not None:
                    found.append((k, wanted))
        found.reverse()
        return found

    def _revealed_now(self, state, actor: int, k: int):
        """The label of another seat's secret choice at step k that the seat read of first at the
        step being followed (alone: one label), else None."""
        players = state.prog.players
        if not 0 <= actor < len(players) or actor == self.seat:
            return None
        heard = self.announced.get(players[actor].label)
        at = bisect.bisect_left(heard, (k,)) if heard else 0
        if not heard or at == len(heard) or heard[at][0] != self._at or len(heard[at][1]) != 1:
            return None
        wanted = next(iter(heard[at][1]))
        # named in a reveal of secret choices (an announcement naming the seat tells no choice)
        told = f"{players[actor].label}: {wanted}"
        events = self.observer.steps[self._at].observation.events
        return wanted if any(e.startswith(REVEALED) and told in e[len(REVEALED):].split("; ") for e in events) else None

    def _before(self, nodes: list, k: int):
        """The guess's state before step k of its path (taken again from the checkpoint before)."""
        if k == 0:
            return self.deal.clone() if self.deal is not None else None
        replayed = self._replay(nodes[:k], {}, k - 1)
        return replayed[0] if replayed is not None else None

    def _allowing(self, state, wanted: str) -> dict:
        """{component: component}: exchanges of lookalikes (one named by `wanted` lying where no
        option takes it from, one an option takes) after which `wanted` is an option of state's
        decision, each kept when it brings the options nearer to it; {} when none does."""
        gap = _gap(state.legal_labels(), wanted)
        swap: dict = {}
        for _ in range(ROUNDS):
            if gap == 0:
                return swap
            taken = offered(state)
            improved = None
            for x, y in self._offers(state, wanted, taken, swap):
                if self._out_of_work():
                    return {}
                trial = state.clone()
                self._budget -= 1
                if exchange(trial, x, y, self.seat) and (g := _gap(trial.legal_labels(), wanted)) < gap:
                    improved, gap = (trial, x, y), g
                    break
            if improved is None:
                return {}
            state, x, y = improved
            swap[x], swap[y] = y, x
        return swap if gap == 0 else {}

    def _offers(self, state, wanted: str, taken: set, swap: dict) -> list:
        """[(x, y)]: lookalikes the seat cannot tell apart, x named by `wanted` and not among the
        components the options take, y among them and of another identity, neither exchanged yet."""
        pairs = []
        names: dict = {}
        for a, b in hidden_pairs(state, self.seat):
            for x, y in ((a, b), (b, a)):
                if x in taken or y not in taken or x in swap or y in swap:
                    continue
                if x not in names:
                    names[x] = named(state, x, wanted)
                if names[x] and identity(state, state.prog.comps[x]) != identity(state, state.prog.comps[y]):
                    pairs.append((x, y))
        self.rng.shuffle(pairs)
        return pairs


def _gap(labels, wanted: str) -> int:
    """How many words the option nearest to the wanted one differs by (0: it is an option)."""
    best = None
    for label in labels:
        d = words_apart(label, wanted)
        if best is None or d < best:
            best = d
            if d == 0:
                break
    return best if best is not None else words_apart("", wanted)
