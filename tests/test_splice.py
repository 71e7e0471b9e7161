"""The "splice" fast path (ruledsl/runtime/compiler/units.py): a rule that makes decisions,
named by few `do`s in the whole game, is written into its callers' units instead of running in a
frame of its own; what it does, tells and fails with is the same."""
from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ruledsl

from .conftest import ROOT, decided, random_trace, slow

GAME = ROOT / "tests" / "fixtures" / "spliced_rules.rules"


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000))
def test_a_rule_written_in_place_plays_as_one_in_a_frame_of_its_own(seed, monkeypatch):
    # every decision's options, then the view and log of everyone and of each seat
    seats = (None, 0, 1)
    assert random_trace(GAME, seed, set(), monkeypatch, seats=seats) == \
        random_trace(GAME, seed, {"splice"}, monkeypatch, seats=seats)


def _units(off: set, monkeypatch) -> list:
    """The rules that keep a unit of their own."""
    slow(monkeypatch, off)
    return sorted(name for name in ruledsl.load(str(GAME), players=2).program.unit_names if name.startswith("rule "))


def test_only_a_rule_called_from_few_places_is_written_in_place(monkeypatch):
    # both is called from three places: it keeps its unit; countdown is written where the flow
    # calls it, and keeps its unit for calling itself
    assert _units(set(), monkeypatch) == ["rule both", "rule countdown"]
    assert _units({"splice"}, monkeypatch) == ["rule both", "rule bump", "rule countdown", "rule pick_twice",
                                               "rule visit"]
    slow(monkeypatch, set())
    program = ruledsl.load(str(GAME), players=2).program
    # the `do`s written in place: pick_twice's (line 54), bump's and visit's two each, countdown's
    # from the flow (63), not from itself (47)
    assert decided(program, "splice") == {("written in place", line) for line in (54, 59, 60, 61, 62, 63)}
    # the rules written into the flow's unit (found there by their names): bump's and visit's
    # twice, pick_twice's and countdown's once (its own x, return and stop: the differential
    # trace above proves them the caller's no more)
    [flow] = [parts for name, parts in zip(program.unit_names, program.unit_parts) if name == "the flow"]
    assert Counter(name for _, name in flow) == {"rule pick_twice": 1, "rule bump": 2, "rule visit": 2,
                                                 "rule countdown": 1}


def test_the_copies_of_a_rule_written_twice_share_what_their_choices_keep(monkeypatch):
    # the options each choice keeps per list of items (the pass `fixed`): visit's two copies read
    # one table. The table recorded is the last copy's: when the first copy (visit(P1)) is offered,
    # it already holds the hall's options, which it would not were each copy's its own.
    slow(monkeypatch, set())
    game = ruledsl.load(str(GAME), players=2)
    [table] = [made for (name, what, span), made in game.program.decided.items()
               if (name, what, span.line) == ("fixed", "options remembered per list of items", 40)]
    state = game.new_game(seed=0)
    while not state.legal_labels()[0].startswith("visit"):
        state.apply(state.legal_actions()[0])
    squares = tuple(game.program.locations[name] for name in ("A1", "B1", "C1"))
    assert table == {squares: {f"visit {sq.name}": sq for sq in squares}}
    state.apply("visit A1")
    assert state.legal_labels() == ["visit A1", "visit B1", "visit C1"] and len(table) == 1     # read, not made


def test_the_callers_names_survive_a_rule_written_in_place(monkeypatch):
    slow(monkeypatch, set())
    state = ruledsl.load(str(GAME), players=2).new_game(seed=3)
    for label in ["take 1", "take 3"]:     # the second stops the rule's loop, not the caller's
        state.apply(label)
    log = state.events(None)
    assert log[-3:] == ["P1: take 3", "P1 ends with x 2", "P1 keeps x 10"]
    assert state.legal_labels() == ["add 1", "add 2"]


SPIN = '''game "Spin"
players 2
var n: int = 0
rule spin(p):
    repeat until n > 5:
        if n > 5:
            choose x from [1, 2] by p:
                pass
flow:
    do spin(P1)
    win players
'''


@pytest.mark.parametrize("off", [set(), {"splice"}])
def test_a_failure_in_a_rule_written_in_place_names_the_rule(off, monkeypatch):
    slow(monkeypatch, off)
    game = ruledsl.load("spin.rules", text=SPIN)
    with pytest.raises(ruledsl.RulesError) as caught:
        game.new_game()
    assert caught.value.line == 5
    assert "rule spin ran 2,000,000 steps without reaching a decision or an end" in str(caught.value)
