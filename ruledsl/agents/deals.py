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

A path keeps, every CHECKPOINT steps, the state it reached (by reference: guessed states are
never changed once made). The steps before the first draw of either component a
transposition exchanges are the path's own, already checked, so the replay starts at the
last checkpoint before it; a transposition that contradicts a step is remembered with that
step's link and not replayed again for any path through it.

This is how a belief repairs a step no guess fits (transpositions steered by the components
the step's events name, kept while they bring the step closer without breaking an earlier
one) and how it spreads a cloud that collapsed onto few guesses (random transpositions,
each accepted when its replay fits: a random walk over the deals the seat cannot rule out,
all equally likely, since exchangeable components drawn uniformly make every such deal as
likely as another).
"""
from __future__ import annotations


from ..errors import IllegalAction, RulesError
from ..runtime.model.open_order import relaid
from ..runtime.model.values import Comp
from ..runtime.sampling import chance_values, exchange, hidden_pairs, identity, reseed
from .compare import misplaced, named, nearer, nearness, step_moved
from .particles import Particle

TOLD, INDEX, DRAWN = "t", "i", "c"
# Transpositions tried to repair one step, rounds of hill-climbing, and the guesses repaired.
TRANSPOSITIONS, CLIMB_ROUNDS, BASES = 120, 8, 2
# How many distinct guesses a cloud should hold before it is spread, and proposals per guess wanted.
SPREAD_TO, SPREAD_TRIES = 8, 3
# Transpositions a walk over the deals that fit so far proposes, when no climb reached a step.
WANDER = 200
# A path keeps its state every CHECKPOINT steps: a transposition is replayed from the last one
# before either component was first drawn (the steps before are the same), not from the start.
CHECKPOINT = 8
# Transpositions remembered as contradicting a path's prefix (kept while the belief follows one game).
DEAD_MAX = 20_000


def link(entry, earlier, state=None) -> tuple:
    """A path one entry longer: (entry, earlier, length, checkpoint), a linked chain ending in
    (), the empty path. checkpoint: the state after the entry when the length is a multiple of
    CHECKPOINT (else None), kept by reference: a guessed state is never changed once made."""
    length = earlier[2] + 1 if earlier else 1
    return entry, earlier, length, state if length % CHECKPOINT == 0 else None


def relaid_path(candidate, told: bool, orders: tuple, earlier) -> tuple:
    """The path of a candidate whose step was taken after its parent's places were laid as
    `orders` (unseen_orders), extending the path `earlier`: a replay lays them so again."""
    entry = entry_of(candidate.parent, candidate.action, told, candidate.seed)
    return link(entry + (orders,) if orders else entry, earlier, candidate.state)


def path_nodes(path) -> list:
    """The links of a path, oldest first (node k ends with entry k)."""
    out = []
    while path:
        out.append(path)
        path = path[1]
    out.reverse()
    return out


def path_list(path) -> list:
    """The entries of a path, oldest first."""
    return [node[0] for node in path_nodes(path)]


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
    kind, value = entry[0], entry[1]
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

    def _replay(self, nodes: list, swap: dict, since=None):
        """(the state at the end of the path nodes replayed with the components of swap exchanged
        in every hidden draw, that path), checked against what the seat saw: the events it was
        told at every step from the first draw of either component, its view at the last (the
        views between are not compared: a transposition of two components it never saw
        changes no view but through events or the end); None when a step is not legal or
        shows the seat anything else, or the transposition changes no step.

        The steps before the first draw of either component are the path's own (the same
        actions from the same states), so the replay starts at the path's last checkpoint
        before it, and the new path shares the old one's links up to it. A transposition that
        contradicts a step is remembered with the link of that step: every path through that
        link has the same prefix and fails there too (_dead).

        since: the path taken again from that step on only (the steps before are its own, their
        draws as they were), the swap applied from there, and other seats' secret choices remade
        as their reveals name them (reveals.py), with no swap too."""
        if self.deal is None:
            return None
        first = since if since is not None else \
            next((k for k, node in enumerate(nodes) if _names_any(node[0], swap)), None)
        if first is None or self._dead_for(nodes, swap, since):
            return None
        at = first - first % CHECKPOINT
        while at and nodes[at - 1][3] is None:
            at -= CHECKPOINT
        state = (nodes[at - 1][3] if at else self.deal).clone()
        steps = self.observer.steps
        seat = self.seat
        path = nodes[first - 1] if first else ()
        for k in range(at, len(nodes)):
            if state.pending is None:
                self._died(nodes, k, swap, since)
                return None
            if k & 31 == 31 and self._out_of_work():
                return None
            entry = nodes[k][0]
            exchanged = swap if k >= first else {}
            action = _action_of(state, entry, exchanged)
            if entry[0] == INDEX and k >= first and action is not None and state.current_player != seat \
                    and not state.is_chance():
                # another seat's secret choice: the one its reveal names, if the exchange made it legal
                action = self._revealed(state, k, action)
                entry = (INDEX, action) + entry[2:]
            if action is None:
                self._died(nodes, k, swap, since)
                return None
            # the copy drawn here (the first of its identity in the pile now: perhaps not the
            # one drawn before), which the new path names so that its later transpositions
            # exchange the components the guess holds
            drawn = chance_values(state)[action].id if entry[0] == DRAWN else None
            if len(entry) > 3 and not _reorder(state, entry[3], exchanged):
                self._died(nodes, k, swap, since)
                return None
            reseed(state, entry[2])
            mark = state.log_mark
            self._spend()
            try:
                state.apply(action)
            except (RulesError, IllegalAction):
                self._died(nodes, k, swap, since)
                return None
            if k < first:
                continue
            if tuple(state.events(seat, since=mark)) != steps[k].observation.events:
                self._died(nodes, k, swap, since)
                return None
            moved = entry if drawn is None else (DRAWN, drawn) + entry[2:]
            if len(moved) > 3:
                moved = moved[:3] + (_orders_under(moved[3], exchanged),)
            length = k + 1
            path = (moved, path, length, state.clone() if length % CHECKPOINT == 0 else None)
        if state.view_digest(seat) != steps[len(nodes) - 1].observation.digest:
            return None
        return state, path

    def _path_kept(self, origin, fixed, step):
        """fixed, a repair of candidate origin, with a path when origin had one and the repair
        only reordered piles of components no seat has seen (unseen_orders): the step taken from
        those orders is another outcome of the same chance, and the guess stays verified."""
        if fixed is None or origin.path is None or fixed.path is not None or origin.parent is None:
            return fixed
        orders = unseen_orders(origin.parent, fixed.parent)
        if orders is not None:
            fixed.path = relaid_path(fixed, step.label is not None, orders, origin.path[1])
        return fixed

    def _died(self, nodes: list, k: int, swap: dict, since=None) -> None:
        """Remember that swap (from step since on) contradicts step k of the path through nodes[k]."""
        if len(self._dead) >= DEAD_MAX:
            self._dead.clear()
        self._dead.setdefault(_dead_key(swap, since), []).append(nodes[k])

    def _dead_for(self, nodes: list, swap: dict, since=None) -> bool:
        """Whether swap (from step since on) is known to contradict a step of this path (one of its links)."""
        for node in self._dead.get(_dead_key(swap, since), ()):
            length = node[2]
            if length <= len(nodes) and nodes[length - 1] is node:
                return True
        return False

    def _pairs(self, state, drawn: set, target: tuple, guessed: tuple, label, shown=frozenset(),
               moved=frozenset()) -> list:
        """Transpositions worth trying in state: two components seat cannot tell apart, one of
        them drawn in hidden chance on the path. First those where an event the seat read names
        one and the guess's event in the same place the other (the card revealed and the card
        the guess played; events split at "; " as reveals list choices), those whose one the
        guess named is one its step `moved` first (the guess's event names every lookalike of
        the token it played: only the one played is worth exchanging); then those with a
        component of `shown` (the real view shows it where the guess holds another), then
        those the seat's events or the step's label name, then the rest."""
        aligned = [(t, g) for t, g in zip(_parts(target), _parts(guessed)) if t != g]
        told = " ".join(target) + " " + (label or "")
        tiers: list = [[], [], [], [], []]
        known: dict = {}

        def names(comp, text):
            key = (comp, text)
            if key not in known:
                known[key] = named(state, comp, text)
            return known[key]

        def opposed(x, y):
            """Whether an event the seat read names x (not y) where the guess's names y (not x):
            0 no, 1 yes, 2 yes and y is one the guess's step moved."""
            found = 0
            for t, g in aligned:
                if names(x, t) and not names(x, g) and names(y, g) and not names(y, t):
                    if y in moved:
                        return 2
                    found = 1
            return found

        for x, y in hidden_pairs(state, self.seat):
            if x not in drawn and y not in drawn:
                continue
            tier = 2 - max(opposed(x, y), opposed(y, x))
            if tier < 2:
                tiers[tier].append((x, y))
            elif x in shown or y in shown:
                tiers[2].append((x, y))
            elif names(x, told) or names(y, told):
                tiers[3].append((x, y))
            else:
                tiers[4].append((x, y))
        for tier in tiers:
            self.rng.shuffle(tier)
        return [pair for tier in tiers for pair in tier]

    def _transpose(self, particles: list, step, found: list) -> list:
        """Candidates that take step exactly, made by transposing hidden components in the deal of
        a guess (its path replayed and checked); [] when none is found within the budget. A
        transposition that fits every earlier step and brings this one closer is kept, and
        the search goes on from it (several secret choices revealed in one event).

        A transposition is first tried on the guess as it stands (the two components exchanged
        in place, the step taken: one step's work); only one after which the step fits, or
        comes closer, is replayed from the path's checkpoint to prove it (most are not: the
        replay is the dear part). Closer: compare.nearness (a clue listing one more slot right
        is nearer though still wrong: a step several exchanges must fix is climbed to)."""
        target = step.observation
        bases = [p for p in particles if p.path is not None][:BASES]
        for base in bases:
            nodes = path_nodes(base.path)
            state = base.state
            mine = [c for c in found if c.parent is state]
            closest = min(mine, key=lambda c: nearness(c.observation, target)) if mine else None
            best = None     # the first transposition that replays is a step (the guess's own may be a dead end)
            guessed = closest.observation.events if closest is not None else ()
            shown = {x for x, _ in misplaced(closest.state, target.view, self.seat)} if closest is not None else set()
            before = nearness(closest.observation, target) if closest is not None else None
            stepped = step_moved(closest) if closest is not None else frozenset()
            for _ in range(CLIMB_ROUNDS):
                drawn = _drawn(nodes)
                improved = None
                pairs = self._pairs(state, drawn, target.events, guessed, step.label, shown, stepped)
                for x, y in pairs[:TRANSPOSITIONS]:
                    if self._out_of_work():
                        return []
                    if not self._promising(state, x, y, step, before if best is None else best):
                        continue
                    replayed = self._exchanged(nodes, {x: y, y: x})
                    if replayed is None:
                        continue
                    moved, path = replayed
                    children = self._children(Particle(moved, base.count, path), step, self.branch)
                    fits = [c for c in children if c.observation == target]
                    if fits:
                        self.stats.transposed += 1
                        return fits
                    if children:
                        near = min(children, key=lambda c: nearness(c.observation, target))
                        d = nearness(near.observation, target)
                        if best is None or d < best:
                            best, improved = d, (path_nodes(path), moved, near.observation.events, step_moved(near))
                            break
                if improved is None:
                    break
                nodes, state, guessed, stepped = improved
        return []

    def _revealed(self, state, k: int, action: int) -> int:
        """The option of another seat's secret choice at step k that the seat read of in a reveal
        (Belief._told_later), when it is one of the options; else action, the one the path took."""
        labels = state.pending.labels
        told = self._told_later(state, k, [(label, 1.0) for label in labels])
        return labels.index(told[0][0]) if len(told) == 1 else action

    def _promising(self, state, x: int, y: int, step, bound) -> bool:
        """Whether exchanging x and y in state as it stands lets the step fit or come closer than
        bound (None: any step at all): worth proving by a replay."""
        swapped = state.clone()
        self._spend()
        if not exchange(swapped, x, y, self.seat):
            return True         # not exchangeable where they lie now: only a replay can tell
        children = self._children(Particle(swapped, 1), step, self.branch)
        if not children:
            return False
        if bound is None:
            return True
        return any(nearer(c.observation, step.observation, bound) for c in children)

    def _wander(self, particles: list, step) -> list:
        """Candidates that take step exactly, found by a random walk over the deals of a guess
        that fit every earlier step: a random transposition of two components the seat cannot
        tell apart, kept when the path replays as the seat saw it, and the step tried after each
        kept one. For steps that several exchanges must make legal together, none of which
        brings the step closer alone (a player who did not follow suit holds none of it: every
        card of that suit in its guessed hand must go elsewhere, each where it breaks nothing
        the seat saw before): the climb (_transpose) has no way up there, the walk wanders to
        them, as likely as the seat's knowledge makes them."""
        target = step.observation
        for base in [p for p in particles if p.path is not None][:BASES]:
            nodes, state, pairs = path_nodes(base.path), base.state, None
            for _ in range(WANDER):
                if self._out_of_work():
                    return []
                if pairs is None:
                    drawn = _drawn(nodes)
                    pairs = [(x, y) for x, y in hidden_pairs(state, self.seat) if x in drawn or y in drawn]
                    if not pairs:
                        break
                x, y = pairs[self.rng.randrange(len(pairs))]
                replayed = self._exchanged(nodes, {x: y, y: x})
                if replayed is None:
                    continue
                state, path = replayed
                nodes, pairs = path_nodes(path), None
                fits = [c for c in self._children(Particle(state, base.count, path), step, self.branch, every=True)
                        if c.observation == target]
                if fits:
                    self.stats.transposed += 1
                    return fits
        return []

    def _spread(self, cloud: list, size: int) -> list:
        """A cloud of few distinct guesses spread by random transpositions of their deals, each
        kept only when its replay shows the seat what it saw."""
        distinct = len(cloud)
        if distinct >= min(SPREAD_TO, size) or not self.observer.steps:
            return cloud
        steps = len(self.observer.steps)
        if self._soft is not None and steps * self._rate * SPREAD_TRIES > self._soft - self.now():
            return cloud        # a replay of the whole game costs more than the time left: not now
        out = list(cloud)
        for particle in cloud:
            if particle.path is None or particle.count < 2:
                continue
            nodes = path_nodes(particle.path)
            if len(nodes) != steps:
                continue
            drawn = _drawn(nodes)
            if not drawn:
                continue
            pairs = [pair for pair in self._pairs(particle.state, drawn, (), (), None)
                     if not self._dead_for(nodes, {pair[0]: pair[1], pair[1]: pair[0]})]
            made = 0
            for x, y in pairs[:SPREAD_TRIES * particle.count]:
                if made >= particle.count - 1 or self._out_of_work():
                    break
                replayed = self._exchanged(nodes, {x: y, y: x})
                if replayed is None:
                    continue
                out.append(Particle(replayed[0], 1, replayed[1]))
                particle.count -= 1
                made += 1
                self.stats.spread += 1
        return out


def _dead_key(swap: dict, since) -> object:
    exchanged = frozenset(swap.items())     # (the pairs: two transpositions may exchange the same components)
    return exchanged if since is None else (exchanged, since)


def _drawn(nodes: list) -> set:
    """The components drawn in hidden chance on a path."""
    return {node[0][1] for node in nodes if node[0][0] == DRAWN}


def _parts(events: tuple) -> list:
    """The events, each split where it lists several things ("; "), in order."""
    return [part for event in events for part in event.split("; ")]


def _names_any(entry, swap: dict) -> bool:
    """Whether a path's entry draws a component of swap or orders a pile holding one."""
    if entry[0] == DRAWN and entry[1] in swap:
        return True
    return len(entry) > 3 and any(c in swap for _, ids in entry[3] for c in ids)


def _orders_under(orders: tuple, swap: dict) -> tuple:
    return tuple((place, tuple(swap.get(c, c) for c in ids)) for place, ids in orders)


def _reorder(state, orders: tuple, swap: dict) -> bool:
    """Lay places as a path's entry names them before its step is taken again (what a repair
    chose: unseen_orders), the components of swap exchanged; False when those places hold
    other components now, or one whose face some seat knows."""
    comps, loc, contents = state.prog.comps, state.loc, state.contents
    orders = _orders_under(orders, swap)
    held = [c for place, _ in orders for c in contents[place]]
    if sorted(c.id for c in held) != sorted(c for _, ids in orders for c in ids) or not _unseen(state, held):
        return False
    for place, ids in orders:
        relaid(state, place, tuple(comps[c] for c in ids))
        for c in ids:
            loc[c] = place
    return True


def _unseen(state, comps, held: bool = False) -> bool:
    """Whether no seat knows the face of any of comps (face down, shown to nobody); held: nor
    sees it where it lies (not in a hand, whose owner sees it)."""
    face, known, loc, places = state.face, state.known, state.loc, state.prog.places
    return not any(face[c.id] or known[c.id] or held and places[loc[c.id]].sees for c in comps)


def unseen_orders(before, after, held: bool = False) -> tuple:
    """When state `after` differs from `before` only in where components lie that lie face down
    and whose face no seat knows, each place holding as many as before: the new contents of
    the places that changed, ((place index, component ids in order), …); None when anything
    else differs. held: none of them lies where a seat sees it (a hand: its owner).

    Where such components lie was drawn by chance (a shuffle, a deal from a shuffled deck; a
    pile left unordered by explicit chance is ordered by the generator when its order is read)
    and nothing any seat saw told it since, so laying them
    otherwise is another outcome of that chance, as likely. A repair that exchanged them before
    taking a step again (the next card turned over from a deck the guess had ordered
    otherwise) keeps the guess's path: Deals._replay lays the places so before that step and
    checks the rest. (A component the rules laid in a set place face down, never seen, is
    taken as chance's doing too: what the seat saw still holds, step by step.)"""
    if before.face != after.face or before.vals != after.vals:
        return None
    orders, moved = [], []
    for place, (x, y) in enumerate(zip(before.contents, after.contents)):
        if x == y:
            continue
        if len(x) != len(y):
            return None
        moved.extend(c for c, d in zip(x, y) if c is not d)
        orders.append((place, tuple(c.id for c in y)))
    return tuple(orders) if _unseen(before, moved, held) else None
