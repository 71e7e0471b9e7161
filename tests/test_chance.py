"""The state's own generator (runtime/model/chance.py): shuffles written out for speed draw the
same numbers as next_random, so a game's record replays the same whichever is used."""
from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from ruledsl.runtime.model.chance import MASK, next_random, picked, shuffled


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
