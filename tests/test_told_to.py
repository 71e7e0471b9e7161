"""Who may read chance's outcome, worked out on bitmasks of seats (engine/decisions._told_to and
_known_to_those_who_see_it), is what asking each seat in turn said, in random play of every
game file, of every place's components, with and without `visible to` seats."""
from __future__ import annotations


import pytest
from hypothesis import HealthCheck, given, settings, strategies as hs

from ruledsl.runtime.effects.events import sees_face, sees_position
from ruledsl.runtime.engine import decisions
from ruledsl.runtime.model.state import SecretLabel
from ruledsl.runtime.model.values import Comp, display
from ruledsl.runtime.seen import knows_position, sees

from .conftest import BUNDLED, EXAMPLES, random_playout


def _public(prog, st, comp) -> bool:
    return knows_position(st, comp, None) and sees(prog, st, comp, None)


def _told_to_each(st, values, seen):
    """_told_to as it was written before: a set of seats per component."""
    prog = st.prog
    seats = frozenset(range(len(prog.players))) if seen is None else seen
    public = seen is None
    for value in values:
        comps = [value] if type(value) is Comp else [v for v in value if type(v) is Comp] \
            if type(value) is tuple else ()
        for comp in comps:
            seats = frozenset(s for s in seats if sees_position(st, comp, s) and sees_face(prog, st, comp, s))
            public = public and _public(prog, st, comp)
        if not seats:
            return seats
    return None if public and len(seats) == len(prog.players) else seats


def _known_each(st, comp, text):
    """The history's label _known_to_those_who_see_it made before: seat by seat."""
    prog = st.prog
    seats = [p.index for p in prog.players if sees_face(prog, st, comp, p.index)] \
        if text == display(st, comp) else ()
    public = len(seats) == len(prog.players) and _public(prog, st, comp)
    return text if public else SecretLabel(text, seats)


def _same_label(a, b) -> bool:
    return type(a) is type(b) and a == b and getattr(a, "seats", None) == getattr(b, "seats", None)


def _check(st, rng) -> None:
    players = len(st.prog.players)
    for items in st.contents:
        comps = [c for c in items if type(c) is Comp]
        if not comps:
            continue
        values = rng.sample(comps, min(len(comps), 3))
        if len(values) > 1 and rng.random() < 0.3:
            values.append(tuple(values[:2]))       # (an outcome that is a list: random() of lists)
        seen = None if rng.random() < 0.6 else frozenset(s for s in range(players) if rng.random() < 0.5)
        assert decisions._told_to(st, values, seen) == _told_to_each(st, values, seen)
        comp = values[0]
        for text in (display(st, comp), display(st, comp) + " (2)"):
            before = st.history
            st.history = (text, before)
            decisions._known_to_those_who_see_it(st.prog, st, comp)
            made = st.history[0]
            st.history = before
            assert _same_label(made, _known_each(st, comp, text))


@pytest.mark.parametrize("path", [str(p) for p in BUNDLED + EXAMPLES], ids=lambda p: p.rsplit("/", 2)[-1])
@settings(max_examples=2, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=hs.integers(0, 2 ** 20))
def test_who_may_read_chance_is_what_each_seat_was_asked(path, seed):
    for step, state, rng in random_playout(path, seed, 120):
        if state.is_chance() or step % 3 == 0:
            _check(state, rng)
