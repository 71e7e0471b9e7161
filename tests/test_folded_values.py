"""Values that keep one value all game long, worked out when the game is compiled
(ruledsl/runtime/compiler/static.py, fast path "fold"), and read again once a scenario has
changed what play never does."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ruledsl
from ruledsl.runtime.compiler.static import marked_tags, written_fields
from ruledsl.scenarios import run_file

from .conftest import GAMES, ROOT, random_trace, slow

GAME = ROOT / "tests" / "fixtures" / "folded_values.rules"


@pytest.mark.parametrize("off", [set(), {"fold"}])
def test_a_scenario_that_changes_what_play_never_does_reads_the_values_again(monkeypatch, off):
    slow(monkeypatch, off)
    results = run_file(str(GAME))
    assert [r.passed for r in results] == [True, True, True], [r.message for r in results]


def test_only_what_reads_fields_play_never_sets_is_kept():
    decided = ruledsl.load(str(GAME)).program.decided
    # exit_tile() and halls() read rooms, dark() the places tagged Dark; heavy() reads weights,
    # which a choice sets, and lit() the places tagged Lit, which the choice marks
    assert sum(what == "kept all game long" for _, what, _ in decided) == 3


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000))
def test_keeping_values_changes_no_game(seed, monkeypatch):
    assert random_trace(GAME, seed, set(), monkeypatch) == random_trace(GAME, seed, {"fold"}, monkeypatch)


def test_the_fields_play_sets_leave_out_those_only_scenarios_set():
    # The Haunting House's scenario helpers set rooms and sides; play sets only pawns' names
    game = ruledsl.load(str(GAMES / "haunting_house.rules"))
    written, rotated = written_fields(game.definition, game.checked.types)
    assert written == {("Pawn", "name")} and rotated
    game = ruledsl.load(str(GAME))
    written, rotated = written_fields(game.definition, game.checked.types)
    assert written == {("Tile", "weight")} and not rotated
    assert marked_tags(game.definition) == {"Lit"}     # the scenario-only rule's Dark is not play's
