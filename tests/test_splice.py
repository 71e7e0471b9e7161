"""The "splice" fast path (ruledsl/runtime/compiler/units.py): a rule that makes decisions,
named by few `do`s in the whole game, is written into its callers' units instead of running in a
frame of its own; what it does, tells and fails with is the same."""
from __future__ import annotations

import re
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ruledsl

from .conftest import ROOT, random_trace, slow

GAME = ROOT / "tests" / "fixtures" / "spliced_rules.rules"


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000))
def test_a_rule_written_in_place_plays_as_one_in_a_frame_of_its_own(seed, monkeypatch):
    # every decision's options, then the view and log of everyone and of each seat
    seats = (None, 0, 1)
    assert random_trace(GAME, seed, set(), monkeypatch, seats=seats) == \
        random_trace(GAME, seed, {"splice"}, monkeypatch, seats=seats)


def _units(off: set, monkeypatch) -> list:
    slow(monkeypatch, off)
    pieces = ruledsl.load(str(GAME), players=2).program.code_map.pieces()
    return sorted(name for name, _, _ in pieces.values() if name.startswith("rule "))


def test_only_a_rule_called_from_few_places_is_written_in_place(monkeypatch):
    # both is called from three places: it keeps its unit; countdown is written where the flow
    # calls it, and keeps its unit for calling itself
    assert _units(set(), monkeypatch) == ["rule both", "rule countdown"]
    assert _units({"splice"}, monkeypatch) == ["rule both", "rule bump", "rule countdown", "rule pick_twice",
                                               "rule visit"]
    # (with no short block also written where a block jumps to it: each choice's own block counted)
    slow(monkeypatch, {"jumps"})
    flow = ruledsl.load(str(GAME), players=2).program.code_map.texts("rule pick_twice")
    assert "the flow" in flow       # found by its name, in the unit it was written into
    assert re.search(r"env\['x#_\d+'\] = 1", flow)       # its own x, not the caller's env['x']
    # bump's and visit's choices written twice (the same statement: the same span), pick_twice's
    # and countdown's once
    offered = Counter(re.findall(r"_offer_choice\(.*, (k\d+), False\)$", flow, re.M))
    assert sorted(offered.values()) == [1, 1, 2, 2]


def test_the_copies_of_a_rule_written_twice_share_what_their_choices_keep(monkeypatch):
    # the options each choice keeps per list of items: pick_twice's once; bump's and visit's
    # two copies each read one table (each choice's own block counted: see above)
    slow(monkeypatch, {"jumps"})
    game = ruledsl.load(str(GAME), players=2)
    code = game.program.code_map.texts("rule visit")
    kept = Counter(re.findall(r"f_\d+ = (k\d+)\.get\(s_\d+\)", code))
    assert sorted(kept.values()) == [1, 2, 2]
    state = game.new_game(seed=0)
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    squares = tuple(game.program.locations[name] for name in ("A1", "B1", "C1"))
    tables = [game.program.compiler.ns.globals[k] for k, n in kept.items() if n == 2]
    # both visits offered the hall's squares: the first copy made the options, the second read them
    assert {squares: {f"visit {sq.name}": sq for sq in squares}} in tables


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
