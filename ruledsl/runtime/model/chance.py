"""The state's own random generator and shuffles (zones whose order is left open: open_order.py).

Randomness lives in the state (an int), so a state plus an action always gives
the same next state, and a clone continues the same way.
"""
from __future__ import annotations

import sys
from operator import mod

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15         # splitmix64's step, and its two mixing multipliers
MIX1, MIX2 = 0xBF58476D1CE4E5B9, 0x94D049BB133111EB


def next_random(st, bound: int) -> int:
    """A number in [0, bound) from the state's own generator (splitmix64)."""
    s = (st.rng + 0x9E3779B97F4A7C15) & MASK
    st.rng = s
    z = s
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    z ^= z >> 31
    return z % bound


def seed_rng(seed: int) -> int:
    return (int(seed) * 0x2545F4914F6CDD1D + 0x1234567) & MASK


def shuffled(st, items: tuple) -> tuple:
    """A Fisher-Yates shuffle with next_random's numbers: the last item swapped with one of all,
    then the one before with one of those left, ... ."""
    n = len(items)
    if n - 1 < MANY or not LANES:
        return _shuffled_each(st, items)
    items = list(items)
    s = st.rng
    for i, j in zip(range(n - 1, 0, -1), map(mod, _stream(s, n - 1), range(n, 1, -1))):
        items[i], items[j] = items[j], items[i]
    st.rng = (s + (n - 1) * GOLDEN) & MASK
    return tuple(items)


def _shuffled_each(st, items: tuple) -> tuple:
    """shuffled(), next_random written out for each number (a deck is shuffled at every set-up:
    one call a card cost more than the shuffle)."""
    items = list(items)
    s = st.rng
    for i in range(len(items) - 1, 0, -1):
        s = (s + 0x9E3779B97F4A7C15) & MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        j = (z ^ (z >> 31)) % (i + 1)
        items[i], items[j] = items[j], items[i]
    st.rng = s
    return tuple(items)


def picked(st, items: tuple, count: int) -> tuple:
    """count items picked in turn, each at random from those left (next_random's numbers: a bag
    drawn from at set-up gives up dozens at once), and what is left in its order."""
    if count < MANY or not LANES:
        return _picked_each(st, items, count)
    left = list(items)
    s = st.rng
    n = len(left)
    drawn = [left.pop(j) for j in map(mod, _stream(s, count), range(n, n - count, -1))]
    st.rng = (s + count * GOLDEN) & MASK
    return tuple(drawn), tuple(left)


def _picked_each(st, items: tuple, count: int) -> tuple:
    """picked(), next_random written out for each number."""
    left = list(items)
    drawn = []
    s = st.rng
    for _ in range(count):
        s = (s + 0x9E3779B97F4A7C15) & MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        drawn.append(left.pop((z ^ (z >> 31)) % len(left)))
    st.rng = s
    return tuple(drawn), tuple(left)


# ---------------------------------------------------------------- many numbers at once
# A shuffle or a draw of many wants as many of the generator's numbers, each made with a dozen
# operations on 64-bit integers, which Python makes as objects one by one. Laid side by side in
# one integer, 128 bits apart (room for a product of two 64-bit numbers, so that no lane spills
# into the next), they are made with those dozen operations, each done at once for all the
# lanes, and read back as 64-bit words.

# Below this many numbers, making each in turn costs as much or less (measured: 6 even, 10 a
# quarter less, 14 a third, 55 a half).
MANY = 6

# Reading the lanes back as native 64-bit words assumes a little-endian machine; elsewhere the
# numbers are made one by one.
LANES = sys.byteorder == "little"

_KEPT: dict = {}         # how many numbers -> (a 1 in each lane, step k's multiple of k in lane k, the lanes' mask)


def _stream(s: int, n: int):
    """The generator's next n numbers from state s (before next_random's modulo), in order."""
    kept = _KEPT.get(n)
    if kept is None:
        ones = sum(1 << (128 * k) for k in range(1, n + 1))
        kept = (ones, sum(k << (128 * k) for k in range(1, n + 1)) * GOLDEN, ones * MASK)
        if n <= 1024:
            _KEPT[n] = kept
    ones, steps, lanes = kept
    z = (s * ones + steps) & lanes           # lane k: the state after k steps
    z = ((z ^ (z >> 30)) & lanes) * MIX1 & lanes
    z = ((z ^ (z >> 27)) & lanes) * MIX2 & lanes
    z = (z ^ (z >> 31)) & lanes
    return memoryview(z.to_bytes(16 * (n + 1), "little")).cast("Q")[2::2]


def take_forced(st, key):
    """The outcome a scenario forced for this chance event (a die, random(…), the next draw from a
    zone, its next shuffle), as (value,), taken off the queue; None when none is queued."""
    for i, (k, value) in enumerate(st.forced):
        if k == key:
            st.forced = st.forced[:i] + st.forced[i + 1:]
            return (value,)
    return None


def forced_for(st, key) -> bool:
    """Whether a scenario queued an outcome for this event (without taking it)."""
    return any(k == key for k, _ in st.forced)
