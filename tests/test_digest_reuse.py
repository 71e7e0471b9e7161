"""A view digest made from a state's base (the digest of the state it was cloned from, or of
itself before a change: runtime/digest.py) is the digest made from scratch: equal to the same
digests, and as far from others, after apply, clone, reseeding and the belief's repairs in place
(sampling.exchange, relocate), on every game file, for every seat."""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ruledsl
from ruledsl.runtime import sampling

from .conftest import BUNDLED, EXAMPLES
from .twins import random_step

FILES = BUNDLED + EXAMPLES
_LOADED: dict = {}


def load(path):
    if path not in _LOADED:
        _LOADED[path] = ruledsl.load(str(path))
    return _LOADED[path]


def from_scratch(state, seat: int):
    """The digest of a copy of state that has no base."""
    copy = state.clone()
    copy.digests = None
    return copy.view_digest(seat)


def changed(state, rng, seat: int):
    """state after one of the belief's changes: a child (cloned or reseeded) one action on, or
    itself repaired in place (two components the seat cannot tell apart exchanged, one whose place
    it cannot see moved elsewhere)."""
    how = rng.random()
    if how < 0.15:
        pairs = sampling.hidden_pairs(state, seat)
        if pairs:
            sampling.exchange(state, *rng.choice(pairs), seat)
            return state
    elif how < 0.25:
        moves = [(cid, places) for cid, places in sampling.unseen(state, seat) if places]
        if moves:
            cid, places = rng.choice(moves)
            sampling.relocate(state, cid, rng.choice(places), seat)
            return state
    child = state.reseeded(rng.randrange(1 << 30)) if how < 0.6 else state.clone()
    child.apply(random_step(child, rng))
    return child


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(1, 60))
def test_a_digest_from_a_base_is_the_digest_from_scratch(path, seed, steps):
    game = load(path)
    rng = random.Random(seed)
    state = game.new_game(seed=seed, chance="explicit")
    before = {seat: (state.view_digest(seat), from_scratch(state, seat)) for seat in range(game.players)}
    reused = 0
    for _ in range(steps):
        if state.is_terminal():
            break
        seat = rng.randrange(game.players)
        state = changed(state, rng, seat)
        for seat in range(game.players):
            reused += state.digests is not None and seat in state.digests
            digest, scratch = state.view_digest(seat), from_scratch(state, seat)
            assert digest == scratch and digest.main == scratch.main and digest.differences(scratch) == 0
            old, old_scratch = before[seat]
            assert (digest == old) == (scratch == old_scratch)
            assert digest.differences(old) == scratch.differences(old_scratch)
            before[seat] = digest, scratch
    assert reused or state.is_terminal()       # the digests above were made from bases


def test_a_digest_takes_again_what_did_not_change_and_keys_what_did():
    """What the reuse decided: after a step of The Shining most places' keys are the very
    objects of the parent's digest, and the places an action changed are keyed anew."""
    game = load(next(p for p in BUNDLED if p.name == "shining.rules"))
    state = game.new_game(seed=3, chance="explicit")
    rng = random.Random(3)
    for _ in range(20):
        state.apply(random_step(state, rng))
    parent = state.view_digest(0)
    child, moved = state.clone(), []
    while not moved:
        child.apply(random_step(child, rng))
        moved = [i for i, (a, b) in enumerate(zip(child.contents, state.contents)) if a is not b]
    digest = child.view_digest(0)
    same = [i for i, (a, b) in enumerate(zip(digest.main[7], parent.main[7])) if a is b]
    assert set(range(len(game.program.places))) - set(same) == set(moved)
    assert digest == from_scratch(child, 0)
