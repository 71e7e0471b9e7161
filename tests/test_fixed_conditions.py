"""The "fixed" fast path (ruledsl/runtime/compiler/fixed.py): which conditions read only where
board locations lie, and that remembering them changes no game."""
from __future__ import annotations

import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ruledsl
from ruledsl.ir import nodes as n
from ruledsl.runtime.compiler.fixed import PLACE, VALUE, fixed, fixed_items, fixed_prefix
from ruledsl.runtime.model.values import Location

from .conftest import ROOT, random_trace

GAME = ROOT / "tests" / "fixtures" / "fixed_conditions.rules"

DEFINES = """
game "Defines"
players 2
enum Floor: Ground, Upper
board Hotel:
    edge hallway
    location Kitchen with floor: Ground
    location Attic with floor: Upper
    hallway: Kitchen - Attic
var target: int = 1
define touching(a, b) = a != b and abs(a.row - b.row) <= 1 and abs(a.column - b.column) <= 1
define near_or_top(a, b) = touching(a, b) or a.row == 1
define banded(a) = 1 if a.row > 1 else max(a.column, 2) * 3
define crowded(a) = count(contents(a)) > 1
define on_target(a) = a.row == target
define of_a_field(a) = a.floor.name == "Ground"
define crowded_pair(pair) = count(contents(pair[0])) > 1
define pick(pair) = pair[1]
define of_pick(pair) = pick(pair).row == 2
flow:
    end game
"""


@pytest.fixture(scope="module")
def defines():
    return ruledsl.load("<defines>", players=2, text=DEFINES).program.defn.defines


@pytest.mark.parametrize("name, kind", [
    ("touching", VALUE), ("near_or_top", VALUE), ("banded", VALUE), ("pick", PLACE), ("of_pick", VALUE),
    ("crowded", None),          # what lies there changes
    ("on_target", None),        # a variable of the game
    ("of_a_field", None),       # what a location's field holds is not looked into (a component's fields change)
])
def test_a_define_is_fixed_only_when_it_reads_only_its_locations(defines, name, kind):
    decl = defines[name]
    assert fixed(decl.body, frozenset(decl.params), frozenset(), defines) == kind


def test_only_the_leading_fixed_conditions_are_kept(defines):
    fixed_one = defines["of_pick"].body                # pick(pair).row == 2
    changing = defines["crowded_pair"].body            # count(contents(pair[0])) > 1
    head, rest = fixed_prefix(fixed_one, "pair", defines)
    assert head is fixed_one and rest is None
    where = n.Binary("and", n.Binary("and", fixed_one, changing), fixed_one)
    head, rest = fixed_prefix(where, "pair", defines)
    assert head is fixed_one and rest.op == "and" and rest.left is changing and rest.right is fixed_one
    head, rest = fixed_prefix(n.Binary("and", changing, fixed_one), "pair", defines)
    assert head is None                                # never worked out before what stands first
    assert fixed_prefix(fixed_one, "other", defines)[0] is None     # it reads pair, not the item


def test_items_are_fixed_only_when_all_are_locations():
    game = ruledsl.load(str(GAME), players=2)
    squares = [loc for loc in game.program.locations.values()]
    assert fixed_items(tuple(squares))
    assert not fixed_items(tuple(squares) + (game.program.comps[0],))


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000))
def test_remembered_conditions_offer_what_working_them_out_offers(seed, monkeypatch):
    # the marks change which squares are free, the counters' rows change which may be
    # shifted: both decisions must offer exactly what they offer with the fast path off
    assert random_trace(GAME, seed, set(), monkeypatch) == random_trace(GAME, seed, {"fixed"}, monkeypatch)


def test_the_fixture_makes_both_decisions():
    game = ruledsl.load(str(GAME), players=2)
    code = game.program.code_map.texts("flow")
    assert code.count("_fixed_items(") == 2


def test_a_wholly_fixed_condition_remembers_what_passes_per_list_of_squares():
    # `touching(...) and rows > 2` reads only rows and columns: the pairs that pass are kept per
    # list of unmarked squares; the counters (components, whose fields change) never are
    game = ruledsl.load(str(GAME), players=2)
    code = game.program.code_map.texts("flow")
    memos = [game.program.compiler.ns.globals[k] for k in re.findall(r"p_\d+ = (k\d+)\.get\(", code)]
    assert len(memos) == 2 and all(m == {} for m in memos)
    rng = random.Random(3)
    for seed in range(4):
        state = game.new_game(seed=seed)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
    squares, counters = sorted(memos, key=len, reverse=True)
    assert squares and counters == {}
    for pool, passing in squares.items():
        assert all(type(sq) is Location for sq in pool)
        expected = [(a, b) for i, a in enumerate(pool) for b in pool[i + 1:]
                    if abs(a.row - b.row) <= 1 and abs(a.column - b.column) <= 1 and a.row + b.row > 2]
        assert sorted(map(_names, passing)) == sorted(map(_names, expected))


def _names(pair) -> tuple:
    return tuple(sq.name for sq in pair)
