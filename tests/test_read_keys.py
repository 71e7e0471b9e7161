"""Menus kept per the values they read (the fast path "reads", ruledsl/runtime/compiler/reads.py)
offer what they would offer without: the same options, views and logs
(tests/fixtures/read_keys.rules). A menu that reads what no value read stands for is worked out
at every decision."""
from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ruledsl
from ruledsl.runtime.engine import loop

from .conftest import ROOT, random_trace, slow

GAME = ROOT / "tests" / "fixtures" / "read_keys.rules"
def _keyed(game) -> dict:
    """{line of the rules: the table a menu kept per the values it reads keeps its options in}."""
    return {span.line: made for (name, what, span), made in game.program.decided.items()
            if (name, what) == ("reads", "options kept per the values read")}


def _kept(monkeypatch):
    """The game, and the table its first read-keyed menu keeps its options in (emptied)."""
    slow(monkeypatch, set())
    game = ruledsl.load(str(GAME))
    kept = _keyed(game)[min(_keyed(game))]
    kept.clear()
    return game, kept


def test_the_menus_that_read_values_alone_are_kept_by_them(monkeypatch):
    slow(monkeypatch, set())
    game = ruledsl.load(str(GAME))
    # three of the seven menus (the one offering "earn", and the two pouch menus); the four
    # reading a component's place, a tag, a field play sets, the places of the components a
    # search avoids are worked out each time
    assert sorted(_keyed(game)) == [53, 89, 94]
    # the first keeps its options per nine values: the closed places, the calm flag, the seat's
    # position and gold, every seat's position (of each q in others(p)), the seat itself, what
    # lies in the sky (the bridge's condition), in the deck and in the cave; the pouch menus per
    # the seat's pouch and what lies in it, and per what lies there alone (two seats whose pouches
    # hold alike are offered alike)
    state = game.new_game(seed=3)
    rng = random.Random(3)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_labels()))
    assert {len(key) for key in _keyed(game)[53]} == {9}
    assert {len(key) for key in _keyed(game)[89]} == {2}
    assert {len(key) for key in _keyed(game)[94]} == {1}


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000))
def test_menus_kept_by_what_they_read_change_no_game(seed, monkeypatch):
    seats = (None, 0, 1)
    assert random_trace(GAME, seed, set(), monkeypatch, seats=seats) == \
        random_trace(GAME, seed, {"reads"}, monkeypatch, seats=seats)


def test_a_menu_is_taken_again_from_what_it_kept(monkeypatch):
    game, kept = _kept(monkeypatch)
    offered = 0
    for seed in range(6):
        state = game.new_game(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            labels = state.legal_labels()
            offered += "earn" in labels         # (the kept menu: "earn" is always open)
            state.apply(rng.choice(labels))
    # a key per distinct set of values read: some menus were offered again from what was kept,
    # and no key is missing
    assert 0 < len(kept) < offered
    assert None not in kept
    assert all(type(key) is tuple and len(key) == 9 for key in kept)


def test_a_state_a_scenario_changed_as_play_never_does_keeps_nothing(monkeypatch):
    game, kept = _kept(monkeypatch)
    state = game.new_game(seed=1)
    kept.clear()
    loop.refresh(state.prog, state)          # the first decision worked out again: kept
    assert len(kept) == 1
    kept.clear()
    state.unfolded = True                    # a field play never sets was set: values read may lie
    loop.refresh(state.prog, state)
    assert len(kept) == 0 and state.legal_labels()
    state.unfolded = False
    loop.refresh(state.prog, state)
    assert len(kept) == 1


TURNED = '''game "Turned"
players 2

kind Tile:
    open: list of direction

zone box: area of Tile:
    Tile(open: [N])

flow:
    repeat 3 times:
        for each p in players:
            turn p:
                choose by p:
                    option "go {d}" for each d in [N, E, S, W] if any(each t in contents(box) where d in t.open):
                        rotate first(contents(box)) by 90
    end game
'''


def test_a_field_play_turns_is_read_where_the_checker_cannot_type_its_component(tmp_path, monkeypatch):
    # the fall-back of a field read whose object has no type: a field some kind has that play
    # rotates is read anew (the menu keyed by it, or not kept), never taken as fixed
    from ruledsl.ir import nodes as n
    from ruledsl.runtime.compiler.exprs import ExprGen
    from ruledsl.runtime.compiler.reads import Reads
    typed, read = ExprGen.type_of, Reads.type_of
    monkeypatch.setattr(ExprGen, "type_of",
                        lambda self, e, frame: None if type(e) is n.Name and e.name == "t" else typed(self, e, frame))
    monkeypatch.setattr(Reads, "type_of", lambda self, e: None if type(e) is n.Name and e.name == "t" else read(self, e))
    path = tmp_path / "turned.rules"
    path.write_text(TURNED, encoding="utf-8")
    state = ruledsl.load(str(path)).new_game(seed=1)
    offered = []
    for _ in range(4):
        offered.append(state.legal_labels())
        state.apply(0)
    assert offered == [["go N"], ["go E"], ["go S"], ["go W"]]
