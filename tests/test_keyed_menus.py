"""Menus whose conditions and labels share parts worked out once per decision (searches, lists,
counts: the `hoist` pass) and whose help texts are worked out only when asked for offer what
they would offer with no pass at all: the same options, help texts, views and logs
(tests/fixtures/keyed_menus.rules), with the menus kept per the values they read (the `reads`
pass) and without."""
from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings, strategies as st

import ruledsl

from .conftest import ROOT, random_trace, slow

GAME = ROOT / "tests" / "fixtures" / "keyed_menus.rules"


def _trace(seed: int, off: set, monkeypatch) -> list:
    """Every decision's options and their help texts, then each seat's view and log."""
    slow(monkeypatch, off)
    state = ruledsl.load(str(GAME)).new_game(seed=seed)
    rng = random.Random(seed)
    trace = []
    while not state.is_terminal():
        labels = state.legal_labels()
        trace.append([(label, state.option_help(i)) for i, label in enumerate(labels)])
        state.apply(rng.choice(labels))
    return trace + [x for seat in (None, 0, 1) for x in (state.view(seat), state.events(seat))]


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000))
def test_menus_of_shared_parts_change_no_game(seed, monkeypatch):
    traced = _trace(seed, set(), monkeypatch)
    assert traced == _trace(seed, {"reads"}, monkeypatch) == _trace(seed, "all", monkeypatch)
    assert any(help_text for options in traced[:-6] for _, help_text in options)     # (help texts asked)
