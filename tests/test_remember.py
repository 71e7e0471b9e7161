"""Defines worked out once per arguments (fast path "remember": ruledsl/runtime/engine/remember.py):
which are, that keeping them changes no game, and that a scenario that changes what play never
does has them worked out again."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ruledsl
from ruledsl.runtime.engine.remember import remember, remember1
from ruledsl.scenarios import run_file

from .conftest import ROOT, random_trace, slow

GAME = ROOT / "tests" / "fixtures" / "remembered.rules"


KEPT = ("kept value read in place", "kept per arguments")      # (and what it knows of the items kept)


def _decided(game) -> set:
    """{(what, line, column)} the pass `remember` decided of how a value is kept."""
    return {(what, span.line, span.column) for name, what, span in game.program.decided
            if name == "remember" and what in KEPT}


def _table(game, line: int) -> dict:
    """The dict the values of the define called at line are kept in."""
    [table] = [made for (name, what, span), made in game.program.decided.items()
               if name == "remember" and what in KEPT and span.line == line]
    return table


def _remembered(game) -> set:
    statics = game.program.compiler.exprs.statics()
    return {name for name in game.program.defn.defines if statics.remembered(name)}


def test_only_defines_that_read_nothing_play_changes_but_their_arguments_are_kept():
    game = ruledsl.load(str(GAME), players=2)
    # lines_through and pair_lines read a fixed list, tiles_of a field play never sets; heavy
    # reads weights (set in play), marked_around what lies on squares, seats_scoring a seat's
    # variable, counts gives a map
    assert _remembered(game) == {"lines_through", "pair_lines", "tiles_of"}
    # the calls kept, each at its place: lines_through(sq) (line 55), read in place with no call
    # (remember1 asked only on a miss) as its argument is a square; pair_lines(sq, B2) beside it
    # and tiles_of(room) (line 58) kept per arguments, asked each time
    assert _decided(game) == {("kept value read in place", 55, 47), ("kept per arguments", 55, 74),
                              ("kept per arguments", 58, 40)}


def test_a_kept_value_that_is_empty_is_read_right():
    """An empty list kept reads as false where it is read in place: remember1 is asked, and gives
    it (kept, not worked out again)."""
    text = ('game "t"\nplayers 2\nboard B grid:\n    map: """\n. .\n"""\n'
            'define beyond(sq) = [each s in locations(B) where s.column > sq.column + 5]\n'
            'flow:\n    turn P1:\n        choose sq from locations(B) as "{sq} {count(beyond(sq))}":\n'
            '            if count(beyond(sq)) == 0 and beyond(sq) == []:\n                win [P1]\n'
            '    win [P2]\n')
    game = ruledsl.load("t.rules", text=text)
    assert {what for what, _, _ in _decided(game)} == {"kept value read in place"}
    memo = _table(game, 10)
    state = game.new_game()
    assert state.legal_labels() == ["A1 0", "B1 0"]
    state.apply("B1 0")
    assert state.returns() == [1.0, 0.0]
    assert memo == {loc: () for loc in game.program.locations.values()}


def test_what_is_kept_is_kept_per_arguments_for_the_whole_game():
    ruledsl.forget()                    # a game compiled anew: its memos empty
    game = ruledsl.load(str(GAME), players=2)
    [memo] = [made for (name, what, span), made in game.program.decided.items()
              if name == "remember" and what in KEPT and (span.line, span.column) == (55, 47)]      # lines_through(sq)
    squares = {loc.name: loc for loc in game.program.locations.values()}
    state = game.new_game(seed=1)
    for label in ["mark B2", "mark A1", "mark C1"]:
        state.apply(label)
    assert set(memo) == {squares["B2"], squares["A1"], squares["C1"]}
    assert len(memo[squares["B2"]]) == 4 and len(memo[squares["A1"]]) == 3
    assert all(squares["B2"] in line for line in memo[squares["B2"]])
    other = game.new_game(seed=2)       # another game of the same compiled rules reads the same memo
    other.apply("mark B2")
    assert len(memo) == 3


@pytest.mark.parametrize("off", [set(), {"remember"}])
def test_a_scenario_that_changes_what_play_never_does_works_them_out_again(monkeypatch, off):
    slow(monkeypatch, off)
    results = run_file(str(GAME))
    assert [r.passed for r in results] == [True, True], [r.message for r in results]


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000))
def test_keeping_values_changes_no_game(seed, monkeypatch):
    assert random_trace(GAME, seed, set(), monkeypatch) == random_trace(GAME, seed, {"remember"}, monkeypatch)


class _State:
    unfolded = False


def test_only_arguments_that_are_their_own_identity_are_keys():
    calls = []

    def fn(st, *args):
        calls.append(args)
        return len(calls)
    memo: dict = {}
    st = _State()
    assert remember1(st, memo, fn, 3) == remember1(st, memo, fn, 3) == 1
    assert remember1(st, memo, fn, True) == 2        # true is not 1
    assert remember1(st, memo, fn, True) == 3        # and is not kept
    assert remember1(st, memo, fn, (1, 2)) == 4      # nor is a list
    assert remember(st, memo, fn, 3, "a") == remember(st, memo, fn, 3, "a") == 5
    assert memo == {3: 1, (3, "a"): 5}
    st.unfolded = True                              # a state a scenario changed: worked out again
    assert remember1(st, memo, fn, 3) == 6


def test_a_map_is_never_kept():
    memo: dict = {}
    assert remember1(_State(), memo, lambda st, a: {a: 1}, 3) == {3: 1}
    assert memo == {}
