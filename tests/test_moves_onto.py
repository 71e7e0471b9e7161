"""A single move onto a board square the compiler is certain of (effects.move_onto, fast path
`typed`) does what the general move does: the same places, faces, triggers and events, for
every seat (tests/fixtures/moves_onto.rules)."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings, strategies as st

import ruledsl

from .conftest import ROOT, random_trace

GAME = ROOT / "tests" / "fixtures" / "moves_onto.rules"


def _trace(seed: int, off: set, monkeypatch) -> list:
    """Every decision's options, then each seat's view and log (and the public ones)."""
    return random_trace(GAME, seed, off, monkeypatch, seats=(None, 0, 1))


def test_the_fixture_moves_onto_squares_in_every_way(monkeypatch):
    decided = ruledsl.load(str(GAME)).program.decided
    # the ghost twice, the card from the deck
    assert sum(d[:2] == ("typed", "move onto a location") for d in decided) == 3
    told = [line for seed in range(6) for line in _trace(seed, set(), monkeypatch)[-1]]
    assert any("stays on" in line for line in told)
    assert any(" moves from deck to " in line for line in told)
    assert any("moves from" in line and "Ghost" in line for line in told)
    assert not any(line.startswith("entered 0,") or line.endswith("left 0") for line in told)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000))
def test_moves_onto_squares_change_no_game(seed, monkeypatch):
    assert _trace(seed, set(), monkeypatch) == _trace(seed, {"typed"}, monkeypatch)
