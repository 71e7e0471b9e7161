"""A single move into a zone that is all a `quietly:` holds (effects.move told it is quiet, fast
path `typed`) does what the general move inside a quiet block does: the same places, faces,
triggers and events, for every seat, and the same error when the zone is full
(tests/fixtures/quiet_moves.rules)."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings, strategies as st

import ruledsl
from ruledsl.errors import RulesError

from .conftest import ROOT, random_trace

GAME = ROOT / "tests" / "fixtures" / "quiet_moves.rules"


def _trace(seed: int, off: set, monkeypatch) -> list:
    """Every decision's options, then each seat's view and log (and the public ones); or the
    error that ended the game (a full tray)."""
    try:
        return random_trace(GAME, seed, off, monkeypatch, seats=(None, 0, 1))
    except RulesError as err:
        return [str(err)]


def test_the_fixture_shifts_cards_into_zones_in_every_way(monkeypatch):
    decided = ruledsl.load(str(GAME)).program.decided
    # every quiet move but the one onto the square
    assert sum(d[:2] == ("typed", "quiet move of one component") for d in decided) == 7
    traces = [_trace(seed, set(), monkeypatch) for seed in range(40)]
    ended = [t for t in traces if len(t) > 1]
    assert any("is full" in t[0] for t in traces if len(t) == 1)
    assert any("a card leaves A1" in line for t in ended for line in t[-1])
    assert any(line.startswith("left ") and not line.startswith("left 0") for t in ended for line in t[-1])


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000))
def test_quiet_moves_into_zones_change_no_game(seed, monkeypatch):
    assert _trace(seed, set(), monkeypatch) == _trace(seed, {"typed"}, monkeypatch)
