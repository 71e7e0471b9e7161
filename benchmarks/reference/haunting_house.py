"""The Haunting House's random playout by hand in plain Python: the yardstick for games/haunting_house.rules.

The rules are those games/haunting_house.rules states (its comments cite the
rulebook and mark each assumption); this module adds no rule of its own and
leaves out what a playout does not need: the log, views and hidden cards.
Each decision offers the options the rules file offers (the same number, equal
options merged as the file merges equal labels), and chance has the same
distributions, so uniform random play over both is one random process
(tests/test_reference.py checks it).

The board is the rules file's 8 x 8 grid, squares numbered row * 8 + column
(A1 = 0, H8 = 63); a tile is a bit mask of its open sides.

    python -m benchmarks.reference.haunting_house --players 2 --seconds 5
"""
from __future__ import annotations

import random
from itertools import permutations

from . import yardstick

TITLE = "The Haunting House"
PLAYERS = (2, 6)

# ---------------------------------------------------------------- the board
N, E, S, W = 1, 2, 4, 8
OPPOSITE = {N: S, E: W, S: N, W: E}
STEP = {N: (-1, 0), E: (0, 1), S: (1, 0), W: (0, -1)}

MAP = """\
# d # # # # d #
d t t t t t t d
# t t t t t t #
# t t t t t t #
# t t t t t t #
# t t t t t t #
d t t t t t t d
# d # # # # d #"""
GLYPHS = [row.split() for row in MAP.splitlines()]
SQUARES = [r * 8 + c for r in range(8) for c in range(8) if GLYPHS[r][c] != "#"]
FLOOR = tuple(r * 8 + c for r in range(8) for c in range(8) if GLYPHS[r][c] == "t")
FLOOR_SET = frozenset(FLOOR)


def square(name: str) -> int:
    return (int(name[1:]) - 1) * 8 + "ABCDEFGH".index(name[0])


def _neighbours(sq: int) -> tuple:
    """(neighbour, side of sq towards it, its side towards sq) for each orthogonal neighbour."""
    r, c = divmod(sq, 8)
    out = []
    for side, (dr, dc) in STEP.items():
        rr, cc = r + dr, c + dc
        if 0 <= rr < 8 and 0 <= cc < 8 and GLYPHS[rr][cc] != "#":
            out.append((rr * 8 + cc, side, OPPOSITE[side]))
    return tuple(out)


NEIGHBOURS = [_neighbours(sq) if sq in SQUARES else () for sq in range(64)]
# touching: any square around, diagonals included (rulebook: "Adjacency ... including diagonally")
TOUCHING = [frozenset(b for b in SQUARES if b != a and abs(a // 8 - b // 8) <= 1 and abs(a % 8 - b % 8) <= 1)
            for a in range(64)]
# Switch 2 Tiles: every unordered pair of touching 6 x 6 squares.
TOUCHING_PAIRS = tuple((a, b) for i, a in enumerate(FLOOR) for b in FLOOR[i + 1:] if b in TOUCHING[a])

ENTRANCE_CORNER = (square("B1"), square("A2"))
EXIT_CORNER = (square("G8"), square("H7"))
CORNERS = (("B1", "A2"), ("G1", "H2"), ("A7", "B8"), ("G8", "H7"))
CORNER_OF = {square(s): i for i, corner in enumerate(CORNERS) for s in corner}
DOOR_SLOTS = tuple(sorted(CORNER_OF))


def rotated(mask: int, quarters: int) -> int:
    """The open sides after turning the tile clockwise by quarters * 90 degrees."""
    for _ in range(quarters % 4):
        mask = ((mask << 1) | (mask >> 3)) & 15
    return mask


# ---------------------------------------------------------------- the tile set: (open sides, trap door)
TILES = ((4, N | E | S | W, False), (8, N | E | W, False), (8, N | S, False), (7, N | E, False), (3, N, False),
         (2, N | E | S | W, True), (2, N | E | W, True), (1, N | S, True), (1, N | E, True))
TILE_BAG = tuple((mask, trap) for count, mask, trap in TILES for _ in range(count))
assert len(TILE_BAG) == len(FLOOR) == 36

# ---------------------------------------------------------------- the cards
(MOVE1, MOVE2, SWITCH_PLACES, ROTATE90, ROTATE180, SWITCH_TILES, SECRET_PASSAGE,
 MOVE_EXIT, TRAP_DOOR, HALL_OF_MIRRORS) = range(10)
CARDS = tuple(range(10))
CHOSEN_CARDS = (MOVE1, MOVE2, SWITCH_PLACES, ROTATE90, ROTATE180, SWITCH_TILES, SECRET_PASSAGE)
# The Chosen Card Round's decision: the 840 orderings of four of the seven cards.
PROGRAMS = tuple(permutations(CHOSEN_CARDS, 4))
ROTATIONS_90 = [((sq, 1), (sq, 3)) for sq in range(64)]   # clockwise, anticlockwise


class Won(Exception):
    """A pawn reached the exit."""


class CutOff(Exception):
    """The playout reached its cap of decisions."""


class Playout:
    """One game from set-up to its end, every decision handed to `choose(options) -> option`."""

    def __init__(self, rng: random.Random, players: int, choose):
        self.rng = rng
        self.n = players
        self.choose = choose
        self.actions = 0
        self.mask = [0] * 64       # open sides of the tile on each square (0: no tile)
        self.trap = [False] * 64
        self.tiled = [False] * 64
        self.pos = []
        self.entrance = self.exit = -1
        self.max_actions = -1

    def decide(self, seat: int, options):
        if self.actions == self.max_actions:
            raise CutOff
        self.actions += 1
        return self.choose(options)

    # ------------------------------------------------------------ the flow
    def run(self, max_actions: int) -> list:
        """Play to the end; returns the returns (1 for the winner), or [] when cut off at max_actions."""
        self.max_actions = max_actions
        try:
            self.setup()
            n = self.n
            marker = 0
            sample = self.rng.sample
            while True:
                self.resolve([sample(CARDS, 4) for _ in range(n)], marker)
                self.resolve([self.decide(p, PROGRAMS) for p in range(n)], marker)
                marker = (marker + 1) % n
        except Won as won:
            return [1 if p == won.args[0] else 0 for p in range(self.n)]
        except CutOff:
            return []

    def setup(self) -> None:
        rng = self.rng
        bag = list(TILE_BAG)
        rng.shuffle(bag)
        for sq, (mask, trap) in zip(FLOOR, bag):
            self.mask[sq] = rotated(mask, rng.randrange(4))
            self.trap[sq] = trap
            self.tiled[sq] = True
        self.entrance = self.decide(0, ENTRANCE_CORNER)
        self.exit = self.decide(0, EXIT_CORNER)
        for sq in (self.entrance, self.exit):
            self.mask[sq] = N | E | S | W
            self.tiled[sq] = True
        self.pos = [self.entrance] * self.n

    def resolve(self, programs: list, marker: int) -> None:
        n = self.n
        order = [(marker + i) % n for i in range(n)]
        for k in range(4):
            for p in order:
                ACTIONS[programs[p][k]](self, p)

    # ------------------------------------------------------------ what is where
    def barred(self, p: int) -> set:
        """Trap doors another pawn stands on: p may neither enter nor cross them."""
        pos, trap = self.pos, self.trap
        return {pos[q] for q in range(self.n) if q != p and trap[pos[q]]}

    def free_tiles(self) -> list:
        occupied = set(self.pos)
        return [sq for sq in FLOOR if sq not in occupied]

    def enter(self, p: int, sq: int) -> None:
        self.pos[p] = sq
        if sq == self.exit:
            raise Won(p)

    # ------------------------------------------------------------ the actions
    def walk(self, p: int, movements: int) -> None:
        mask = self.mask
        for _ in range(movements):
            a = self.pos[p]
            barred = self.barred(p)
            steps = [b for b, side, facing in NEIGHBOURS[a]
                     if mask[a] & side and mask[b] & facing and b not in barred]
            if not steps:
                return
            self.enter(p, self.decide(p, steps))

    def move1(self, p: int) -> None:
        self.walk(p, 1)

    def move2(self, p: int) -> None:
        self.walk(p, 2)

    def switch_places(self, p: int) -> None:
        pos, entrance = self.pos, self.entrance
        here = pos[p]
        if here == entrance:
            return
        near = TOUCHING[here]
        partners = [q for q in range(self.n) if q != p and pos[q] != entrance and pos[q] in near]
        if partners:
            q = self.decide(p, partners)
            pos[p], pos[q] = pos[q], here

    def rotate_90(self, p: int) -> None:
        options = [o for sq in self.free_tiles() for o in ROTATIONS_90[sq]]
        if options:
            sq, quarters = self.decide(p, options)
            self.mask[sq] = rotated(self.mask[sq], quarters)

    def rotate_180(self, p: int) -> None:
        options = self.free_tiles()
        if options:
            sq = self.decide(p, options)
            self.mask[sq] = rotated(self.mask[sq], 2)

    def switch_tiles(self, p: int) -> None:
        occupied = set(self.pos)
        options = [pair for pair in TOUCHING_PAIRS if pair[0] not in occupied and pair[1] not in occupied]
        if options:
            a, b = self.decide(p, options)
            mask, trap = self.mask, self.trap
            mask[a], mask[b] = mask[b], mask[a]
            trap[a], trap[b] = trap[b], trap[a]

    def secret_passage(self, p: int) -> None:
        """Through exactly one wall to a touching (not diagonal) tile."""
        a = self.pos[p]
        mask, tiled = self.mask, self.tiled
        barred = self.barred(p)
        options = [b for b, side, facing in NEIGHBOURS[a]
                   if tiled[b] and (not mask[a] & side) + (not mask[b] & facing) == 1 and b not in barred]
        if options:
            self.enter(p, self.decide(p, options))

    def move_exit(self, p: int) -> None:
        away = (CORNER_OF[self.exit], CORNER_OF[self.entrance])
        options = [slot for slot in DOOR_SLOTS if CORNER_OF[slot] not in away]
        if options:
            slot = self.decide(p, options)
            old = self.exit
            self.mask[old], self.tiled[old] = 0, False
            self.mask[slot], self.tiled[slot] = N | E | S | W, True
            self.exit = slot

    def trap_door(self, p: int) -> None:
        """To the nearest unoccupied trap door counted in movements (ties: the player chooses)."""
        occupied = set(self.pos)
        trap, mask = self.trap, self.mask
        targets = {sq for sq in FLOOR if trap[sq] and sq not in occupied}
        if not targets:
            return
        barred = self.barred(p)
        start = self.pos[p]
        seen = {start}
        layer = [start]
        while layer:
            nxt = []
            for a in layer:
                for b, side, facing in NEIGHBOURS[a]:
                    if b not in seen and mask[a] & side and mask[b] & facing and b not in barred:
                        seen.add(b)
                        nxt.append(b)
            found = [sq for sq in nxt if sq in targets]
            if found:
                self.pos[p] = self.decide(p, found)
                return
            layer = nxt

    def hall_of_mirrors(self, p: int) -> None:
        pass


ACTIONS = {
    MOVE1: Playout.move1, MOVE2: Playout.move2, SWITCH_PLACES: Playout.switch_places,
    ROTATE90: Playout.rotate_90, ROTATE180: Playout.rotate_180, SWITCH_TILES: Playout.switch_tiles,
    SECRET_PASSAGE: Playout.secret_passage, MOVE_EXIT: Playout.move_exit, TRAP_DOOR: Playout.trap_door,
    HALL_OF_MIRRORS: Playout.hall_of_mirrors,
}


# ---------------------------------------------------------------- the yardstick
def play(rng: random.Random, players: int = 2, choose=None, max_actions: int = 10**9) -> tuple:
    """One game; (decisions taken, returns). choose(options) picks an option (default: uniformly at
    random with rng); returns is [] when the game was cut off at max_actions."""
    game = Playout(rng, players, choose or rng.choice)
    returns = game.run(max_actions)
    return game.actions, returns


def random_playout(rng: random.Random, players: int = 2) -> int:
    """One uniformly random game; the number of decisions taken."""
    return play(rng, players)[0]


def actions_per_second(seconds: float = 2.0, players: int = 2, seed: int = 0) -> float:
    """Decisions per CPU second of random playouts, over whole games for at least `seconds`."""
    return yardstick.actions_per_second(play, seconds, players, seed)


if __name__ == "__main__":
    yardstick.main(__doc__, play, 2)
