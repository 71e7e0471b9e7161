"""The state's own generator (runtime/model/chance.py): shuffles written out for speed, and those
of many items whose numbers are made side by side in one integer, draw the same numbers as
next_random, so a game's record replays the same whichever is used."""
from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from ruledsl.runtime.model import chance
from ruledsl.runtime.model.chance import MANY, MASK, next_random, picked, shuffled


class _State:
    def __init__(self, rng: int):
        self.rng = rng


@given(rng=st.integers(0, MASK), n=st.integers(0, 60))
def test_a_shuffle_is_fisher_yates_with_next_randoms_numbers(rng, n):
    by_calls, written_out = _State(rng), _State(rng)
    items = list(range(n))
    for i in range(n - 1, 0, -1):
        j = next_random(by_calls, i + 1)
        items[i], items[j] = items[j], items[i]
    assert shuffled(written_out, tuple(range(n))) == tuple(items)
    assert written_out.rng == by_calls.rng          # the next number drawn is the same too


@given(rng=st.integers(0, MASK), n=st.integers(0, 60), data=st.data())
def test_picks_from_a_bag_are_next_randoms_picks_from_what_is_left(rng, n, data):
    count = data.draw(st.integers(0, n))
    by_calls, written_out = _State(rng), _State(rng)
    left = list(range(n))
    drawn = [left.pop(next_random(by_calls, len(left))) for _ in range(count)]
    assert picked(written_out, tuple(range(n)), count) == (tuple(drawn), tuple(left))
    assert written_out.rng == by_calls.rng


def test_many_numbers_made_side_by_side_are_those_made_one_by_one():
    # around the count where shuffles and draws switch to the lanes (MANY), past the count whose
    # lanes are kept (1,024), and with the lanes off (a big-endian machine)
    for n in (0, 1, 2, MANY - 1, MANY, MANY + 1, MANY + 2, 55, 1500):
        for rng in (0, 1, MASK, 0x0123456789ABCDEF):
            one_by_one = _State(rng)
            order = list(range(n))
            for i in range(n - 1, 0, -1):
                j = next_random(one_by_one, i + 1)
                order[i], order[j] = order[j], order[i]
            for lanes in (True, False):
                kept, chance.LANES = chance.LANES, lanes
                try:
                    state = _State(rng)
                    assert shuffled(state, tuple(range(n))) == tuple(order) and state.rng == one_by_one.rng
                    state = _State(rng)
                    drawn, left = picked(state, tuple(range(n + 3)), n)
                    assert len(drawn) == n and sorted(drawn + left) == list(range(n + 3))
                    again = _State(rng)
                    assert chance._picked_each(again, tuple(range(n + 3)), n) == (drawn, left)
                    assert again.rng == state.rng
                finally:
                    chance.LANES = kept
