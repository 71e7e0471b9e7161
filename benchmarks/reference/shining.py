"""The Shining's random playout by hand in plain Python: the yardstick for games/shining.rules.

The rules are those games/shining.rules states with its default options (no
Corrupted, four months); this module adds no rule of its own and leaves out
what a playout does not need: the log, views, hidden cards and the Corrupted's
rules, which the default options switch off. Each decision offers the options
the rules file offers (the same number, equal options merged as the file
merges equal labels: two "3" tokens are one option), and chance has the same
distributions, so uniform random play over both is one random process
(tests/test_reference.py checks it).

    python -m benchmarks.reference.shining --players 3 --seconds 5
"""
from __future__ import annotations

import random
from collections import deque

from . import yardstick

TITLE = "The Shining"
PLAYERS = (3, 5)

# ---------------------------------------------------------------- the board
KITCHEN, GOLD_ROOM, OFFICE, COLORADO_ROOM, HEDGE_MAZE, ROOM_237, APARTMENT = LOCATIONS = tuple(range(7))
GROUND_FLOOR = (KITCHEN, GOLD_ROOM, OFFICE, COLORADO_ROOM, HEDGE_MAZE)
HALL = ((KITCHEN, GOLD_ROOM), (GOLD_ROOM, OFFICE), (OFFICE, COLORADO_ROOM), (COLORADO_ROOM, HEDGE_MAZE),
        (ROOM_237, APARTMENT))
STAIRS = ((GOLD_ROOM, ROOM_237), (COLORADO_ROOM, APARTMENT))
ELEVATOR = ((OFFICE, ROOM_237), (OFFICE, APARTMENT))
# token spaces on the ground floor by player count (the rules file's `spaces`)
SPACES = {3: (2, 2, 2, 1, 0), 4: (2, 2, 3, 1, 0), 5: (3, 2, 3, 1, 0)}


def _adjacency(edges) -> list:
    out = [[] for _ in LOCATIONS]
    for a, b in edges:
        out[a].append(b)
        out[b].append(a)
    return out


WALKS = _adjacency(HALL + STAIRS)
RIDES = _adjacency(HALL + STAIRS + ELEVATOR)


def distances(adjacent, start: int, avoid) -> list:
    """Fewest steps from start to each location (None: unreachable), never entering `avoid`."""
    dist = [None] * len(LOCATIONS)
    dist[start] = 0
    queue = deque([start])
    while queue:
        a = queue.popleft()
        for b in adjacent[a]:
            if dist[b] is None and b not in avoid:
                dist[b] = dist[a] + 1
                queue.append(b)
    return dist


# ---------------------------------------------------------------- the 16 events: (colour, blocked, effect)
BLOOD, SNOW = 0, 1
CALM, ELEVATOR_OUT, CABIN_FEVER = 0, 1, 2
EVENTS = (
    (BLOOD, (ROOM_237,), CALM), (BLOOD, (GOLD_ROOM,), CALM), (BLOOD, (APARTMENT,), CALM),
    (BLOOD, (), ELEVATOR_OUT), (BLOOD, (KITCHEN,), CALM), (BLOOD, (COLORADO_ROOM,), CALM),
    (BLOOD, (OFFICE,), CALM), (BLOOD, (), CALM),
    (SNOW, (HEDGE_MAZE,), CALM), (SNOW, (), CABIN_FEVER), (SNOW, (OFFICE,), CALM),
    (SNOW, (COLORADO_ROOM,), CALM), (SNOW, (KITCHEN,), CALM), (SNOW, (GOLD_ROOM,), CALM),
    (SNOW, (ROOM_237, APARTMENT), CALM), (SNOW, (), ELEVATOR_OUT),
)


def _moves(event, start: int) -> tuple:
    """The moves open from start under event: (destination, locations entered, by elevator).
    A trip is priced by its shortest route; the elevator is offered where it is shorter or the
    only way; under Cabin Fever one location only."""
    _, blocked, effect = event
    walk = distances(WALKS, start, blocked)
    ride = distances(RIDES if effect != ELEVATOR_OUT else WALKS, start, blocked)
    one_only = effect == CABIN_FEVER

    def reach(steps):
        return steps is not None and steps >= 1 and (steps == 1 or not one_only)

    out = [(l, walk[l], False) for l in LOCATIONS if l not in blocked and reach(walk[l])]
    out += [(l, ride[l], True) for l in LOCATIONS
            if l not in blocked and reach(ride[l]) and (walk[l] is None or ride[l] < walk[l])]
    return tuple(out)


# MOVES[event][location]: the move menu; PUSHES[event][location]: where the Kitchen may push a Mover.
MOVES = [[_moves(e, a) for a in LOCATIONS] for e in EVENTS]
PUSHES = [[tuple(b for b in WALKS[a] if b not in e[1]) for a in LOCATIONS] for e in EVENTS]
# Possessed: nearest by halls and stairs, never across the line between the Hotel and the Maze.
ATTACK_DISTANCES = [distances(WALKS, a, (HEDGE_MAZE,) if a != HEDGE_MAZE else
                              tuple(l for l in LOCATIONS if l != HEDGE_MAZE)) for a in LOCATIONS]

# ---------------------------------------------------------------- tokens: one type per label
ONE, TWO, THREE, FOUR, WHISKEY, KNIFE, BAT, AXE = range(8)
TOKEN_VALUE = (1, 2, 3, 4, 1, 5, 5, 5)
WEAPONS = (KNIFE, BAT, AXE)
BOX = (ONE,) * 12 + (TWO,) * 12 + (THREE,) * 12 + (FOUR,) * 12 + (WHISKEY,) * 8 + (KNIFE,) * 4 + (BAT,) * 4 + (AXE,) * 4
SHINING_CARDS = tuple(v for low in (1, 2, 3, 4) for v in [low] * 4 + [low + 1] * 5 + [low + 2] * 4)
# the dice: the white die's faces as token types (ELEVATOR_DOORS, BLANK match no token)
ELEVATOR_DOORS, BLANK = 8, 9
WHITE_DIE = (KNIFE, AXE, BAT, ELEVATOR_DOORS, BLANK, BLANK)
MONTHS = 4
KEEP_OR_RETURN, RETURN = (True, False), (False,)     # Room 237's options for a weapon, for any other token


class GameOver(Exception):
    """The game ended: args[0] is True when the Caretakers won."""


class Playout:
    """One game from set-up to its end, every decision handed to `choose(options) -> option`."""

    def __init__(self, rng: random.Random, players: int, choose):
        self.rng = rng
        self.n = players
        self.choose = choose
        self.actions = 0
        self.max_actions = -1

    def decide(self, seat: int, options):
        if self.actions == self.max_actions:
            raise GameOver(None)
        self.actions += 1
        return self.choose(options)

    # ------------------------------------------------------------ set-up and flow
    def run(self, max_actions: int) -> list:
        """Play to the end; returns the returns (all 1: the Caretakers escape; all 0: someone died),
        or [] when cut off at max_actions."""
        self.max_actions = max_actions
        try:
            self.setup()
            while True:
                self.month()
        except GameOver as over:
            return [] if over.args[0] is None else [int(over.args[0])] * self.n

    def setup(self) -> None:
        rng, n = self.rng, self.n
        self.visions_deck = list(SHINING_CARDS)
        rng.shuffle(self.visions_deck)
        self.event_deck = list(range(len(EVENTS)))     # index 0 is the top
        rng.shuffle(self.event_deck)
        self.pool = rng.sample(BOX, 13 * n)
        self.rooms = [[] for _ in LOCATIONS]           # the tokens lying on each location
        self.spaces = SPACES[n]
        self.replenish()
        self.position = [OFFICE] * n
        self.health = [3] * n
        self.collected = [[] for _ in range(n)]
        self.keychain = rng.randrange(n)
        self.visions = [0] * n                         # the total of each player's Shining cards
        for p in range(n):
            self.deal_visions(p)
        self.month_number = 1

    def replenish(self) -> None:
        for l in GROUND_FLOOR:
            for _ in range(min(max(0, self.spaces[l] - len(self.rooms[l])), len(self.pool))):
                self.rooms[l].append(self.draw_pool())

    def deal_visions(self, p: int) -> None:
        deck = self.visions_deck
        for _ in range(min(2, len(deck))):
            self.visions[p] += deck.pop()

    def draw_pool(self) -> int:
        """A token drawn at random from the Pool (a bag)."""
        pool = self.pool
        i = self.rng.randrange(len(pool))
        pool[i], pool[-1] = pool[-1], pool[i]
        return pool.pop()

    def month(self) -> None:
        n = self.n
        discard = []                                   # this month's earlier Events, the latest first
        current = self.turn_over_event(discard)
        while True:
            self.final_round = any(EVENTS[d][0] == EVENTS[current][0] for d in discard)
            self.event = current
            for i in range(n):
                self.take_turn((self.keychain + i) % n)
            if self.final_round:
                break
            discard.insert(0, current)
            current = self.turn_over_event(discard)
        for i in range(n):
            self.resolve_shining((self.keychain + i) % n)
        self.clean_up(discard, current)

    def turn_over_event(self, discard) -> int:
        return self.event_deck.pop(0)

    def clean_up(self, discard: list, current: int) -> None:
        n = self.n
        self.visions = [0] * n
        self.collected = [[] for _ in range(n)]
        self.event_deck += discard + [current]
        self.keychain = (self.keychain + 1) % n
        self.replenish()
        for p in range(n):
            self.deal_visions(p)
        self.month_number += 1
        if self.month_number > MONTHS:
            raise GameOver(True)

    # ------------------------------------------------------------ health
    def wound(self, q: int, hits: int) -> None:
        lost = min(hits, self.health[q])
        if lost <= 0:
            return
        self.health[q] -= lost
        if self.health[q] == 0:
            raise GameOver(False)

    # ------------------------------------------------------------ a turn
    def take_turn(self, p: int) -> None:
        moves = MOVES[self.event][self.position[p]]
        if not moves:
            return
        dest, steps, by_elevator = self.decide(p, moves)
        for _ in range(steps - 1):
            if self.pool:
                self.draw_pool()
            else:
                self.wound(p, 1)
        if by_elevator and self.rng.randrange(6) == 3:   # the elevator doors
            self.wound(p, 1)
        self.position[p] = dest
        ROOM_ACTIONS[dest](self, p)

    def others(self, p: int) -> list:
        n = self.n
        return [(p + i) % n for i in range(1, n)]

    def take_one(self, p: int, tokens: list) -> None:
        """Choose one of tokens (tokens of one label are one option) and collect it."""
        if tokens:
            t = self.decide(p, list(dict.fromkeys(tokens)))
            tokens.remove(t)
            self.collected[p].append(t)

    def kitchen(self, p: int) -> None:
        self.take_one(p, self.rooms[KITCHEN])
        pushes = PUSHES[self.event]
        position = self.position
        options = [q for q in self.others(p) if pushes[position[q]]] + [None]
        q = self.decide(p, options)
        if q is not None:
            position[q] = self.decide(p, pushes[position[q]])

    def office(self, p: int) -> None:
        tokens = self.rooms[OFFICE]
        if tokens:
            low = min(TOKEN_VALUE[t] for t in tokens)
            t = self.decide(p, list(dict.fromkeys(t for t in tokens if TOKEN_VALUE[t] == low)))
            tokens.remove(t)
            self.collected[p].append(t)
        deck = self.event_deck
        if deck and self.decide(p, (False, True)):     # leave the top Event on top, or put it at the bottom
            deck.append(deck.pop(0))

    def room_237(self, p: int) -> None:
        glimpse = [self.draw_pool() for _ in range(min(2, len(self.pool)))]
        for t in glimpse:                              # one decision per token: keep it (a weapon only)?
            if self.decide(p, KEEP_OR_RETURN if t in WEAPONS else RETURN):
                self.collected[p].append(t)
            else:
                self.pool.append(t)

    def apartment(self, p: int) -> None:
        glimpse = [self.draw_pool() for _ in range(min(2, len(self.pool)))]
        if glimpse:
            t = self.decide(p, list(dict.fromkeys(glimpse)))
            self.collected[self.decide(p, [p] + self.others(p))].append(t)    # keep it, or give it

    def colorado_room(self, p: int) -> None:
        if self.pool:
            self.rooms[COLORADO_ROOM].append(self.draw_pool())
        self.take_one(p, self.rooms[COLORADO_ROOM])

    def gold_room(self, p: int) -> None:
        tokens = self.rooms[GOLD_ROOM]
        if tokens:
            high = max(TOKEN_VALUE[t] for t in tokens)
            t = self.decide(p, list(dict.fromkeys(t for t in tokens if TOKEN_VALUE[t] == high)))
            tokens.remove(t)
            self.collected[p].append(t)

    def hedge_maze(self, p: int) -> None:
        pass

    # ------------------------------------------------------------ the Shining phase
    def willpower(self, p: int) -> int:
        tokens = self.collected[p]
        whiskeys = tokens.count(WHISKEY)
        return sum(TOKEN_VALUE[t] for t in tokens if t != WHISKEY) + whiskeys * whiskeys

    def resolve_shining(self, p: int) -> None:
        if self.willpower(p) < self.visions[p]:
            self.possessed_attack(p)

    def possessed_attack(self, p: int) -> None:
        position = self.position
        maze = position[p] == HEDGE_MAZE
        targets = [q for q in self.others(p) if (position[q] == HEDGE_MAZE) == maze]
        if not targets:
            return
        dist = ATTACK_DISTANCES[position[p]]
        least = min(dist[position[q]] for q in targets)
        q = self.decide(p, [q for q in targets if dist[position[q]] == least])
        position[p] = position[q]
        rng = self.rng
        if rng.randrange(6) < 3:                       # the black die: a blood splatter
            self.wound(q, 1)
        white = WHITE_DIE[rng.randrange(6)]
        hits = self.collected[p].count(white)
        if hits > 0:
            self.wound(q, hits)
        if not self.pool:
            self.wound(q, 1)


ROOM_ACTIONS = {
    KITCHEN: Playout.kitchen, OFFICE: Playout.office, ROOM_237: Playout.room_237, APARTMENT: Playout.apartment,
    COLORADO_ROOM: Playout.colorado_room, GOLD_ROOM: Playout.gold_room, HEDGE_MAZE: Playout.hedge_maze,
}


# ---------------------------------------------------------------- the yardstick
def play(rng: random.Random, players: int = 3, choose=None, max_actions: int = 10**9) -> tuple:
    """One game; (decisions taken, returns). choose(options) picks an option (default: uniformly at
    random with rng); returns is [] when the game was cut off at max_actions."""
    game = Playout(rng, players, choose or rng.choice)
    returns = game.run(max_actions)
    return game.actions, returns


def random_playout(rng: random.Random, players: int = 3) -> int:
    """One uniformly random game; the number of decisions taken."""
    return play(rng, players)[0]


def actions_per_second(seconds: float = 2.0, players: int = 3, seed: int = 0) -> float:
    """Decisions per CPU second of random playouts, over whole games for at least `seconds`."""
    return yardstick.actions_per_second(play, seconds, players, seed)


if __name__ == "__main__":
    yardstick.main(__doc__, play, 3)
