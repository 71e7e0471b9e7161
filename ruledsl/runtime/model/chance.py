"""The state's own random generator, shuffles, and zones whose order is left open.

Randomness lives in the state (an int), so a state plus an action always gives
the same next state, and a clone continues the same way.
"""
from __future__ import annotations

MASK = (1 << 64) - 1


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
    """A Fisher-Yates shuffle with next_random's numbers, written out (a deck is shuffled at
    every set-up: one call a card cost more than the shuffle)."""
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
    """count items picked in turn, each at random from those left (next_random's numbers, written
    out: a bag drawn from at set-up gives up dozens at once), and what is left in its order."""
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


def settle(st, place_index: int) -> None:
    """Give a lazily shuffled zone (explicit chance) a real order before its order is read."""
    if place_index in st.lazy:
        st.lazy = st.lazy - {place_index}
        st.contents[place_index] = shuffled(st, st.contents[place_index])
