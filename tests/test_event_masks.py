"""Who may see a component's face or place, worked out for all seats at once as bitmasks
(runtime/effects/events.py), agrees with asking seat by seat, in every state of random games."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import ruledsl
from ruledsl.runtime.effects.events import _who_sees, face_mask, sees_face, sees_position

from .conftest import ROOT

GAMES = {name: ruledsl.load(str(ROOT / "games" / f"{name}.rules"), players=players)
         for name, players in (("haunting_house", 2), ("shining", 3), ("tillinghast", 2))}


def _seat_by_seat(prog, state, comp, before: int) -> tuple:
    position = face = 0
    for p in prog.players:
        if sees_position(state, comp, p.index):
            position |= 1 << p.index
            if before >> p.index & 1 or sees_face(prog, state, comp, p.index):
                face |= 1 << p.index
    return position, face


@settings(max_examples=12, deadline=None)
@given(name=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 10_000), steps=st.integers(0, 60))
def test_masks_agree_with_each_seat(name, seed, steps):
    game = GAMES[name]
    state = game.new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(rng.randrange(len(state.legal_labels())))
    prog = state.prog
    assert prog.comps
    for comp in prog.comps:
        seats = sum(1 << p.index for p in prog.players if sees_face(prog, state, comp, p.index))
        assert face_mask(prog, state, comp) == seats
        for before in (0, 1, (1 << len(prog.players)) - 1):
            assert _who_sees(prog, state, comp, before) == _seat_by_seat(prog, state, comp, before)
