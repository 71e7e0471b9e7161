"""The "lift" fast path (ruledsl/runtime/compiler/lift.py): an any/all/count/sum over `each x in S`
inside an expression is a call of a function of its own made of its loop, given the local names it
reads; what it gives, and how it fails, is the same as the generator it replaces."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ruledsl
from ruledsl.errors import RulesError
from ruledsl.runtime.compiler.code import Bind, Name, Slot, fmt, text
from ruledsl.runtime.compiler.lift import free_locals

from .conftest import ROOT, random_trace, slow

HAUNTING_HOUSE = ROOT / "games" / "haunting_house.rules"
GAME = '''game "E"
players 2
kind Tok:
    weight: int
zone box: area of Tok:
    Tok(weight: w) for each w in 0..4
var seen: list of int = [], per player
flow:
    for each p in players:
        turn p:
            choose w from [1, 2, 3] as "take {w}":
                set p.seen to p.seen + [w]
        let heavy = [each t in components(Tok) where any(each x in p.seen where x == t.weight)]
        announce "{p}: {count(heavy)} {all(each x in p.seen where x > 0)} {sum(t.weight for each t in heavy)}"
        announce "{count(each t in components(Tok) where t.weight > count(p.seen))}"
        announce "{any(each t in components(Tok) where p == P2 and 12 / t.weight > 5)}"
    win [P1]
'''


def _load(tmp_path, off: set, monkeypatch):
    slow(monkeypatch, off)
    path = tmp_path / "e.rules"
    path.write_text(GAME, encoding="utf-8")
    return ruledsl.load(str(path), 2)


def test_tests_in_expressions_are_functions_of_their_own(tmp_path, monkeypatch):
    decided = _load(tmp_path, set(), monkeypatch).program.decided
    lifted = sorted((span.line, span.column) for name, what, span in decided if name == "lift")
    assert len(lifted) == 5 and len(set(lifted)) == 5       # any twice, all, count, sum: each at its place
    assert {what for name, what, _ in decided if name == "lift"} == {"a function of its own"}
    plain = _load(tmp_path, {"lift"}, monkeypatch).program.decided
    assert not [d for d in plain if d[0] == "lift"]


@pytest.mark.parametrize("take", ["take 1", "take 3"])
def test_a_function_of_its_own_gives_what_the_generator_gave(tmp_path, monkeypatch, take):
    logs = []
    for off in (set(), {"lift"}):
        state = _load(tmp_path, off, monkeypatch).new_game(seed=1)
        state.apply(take)
        try:
            state.apply("take 2")
        except RulesError as failure:       # 12 / 0 (the Tok of weight 0) in P2's turn
            logs.append(str(failure))
            continue
        logs.append(state.events(None))
    assert logs[0] == logs[1]
    assert "e.rules:16:" in logs[0] and "division by zero" in logs[0]


def test_what_a_function_of_its_own_counts(tmp_path, monkeypatch):
    state = _load(tmp_path, set(), monkeypatch).new_game(seed=1)
    state.apply("take 3")
    assert state.events(None)[-4:-1] == ["P1: 1 true 3", "3", "false"]     # (then P2's turn)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000))
def test_lifting_changes_no_game(seed, monkeypatch):
    assert random_trace(HAUNTING_HOUSE, seed, set(), monkeypatch) == \
        random_trace(HAUNTING_HOUSE, seed, {"lift"}, monkeypatch)


def _name(text: str) -> Name:
    return Name(text, text.split("_")[0])


def test_the_names_a_loop_reads_are_its_parameters():
    h1, v9, v2, t3 = map(_name, ["h_1", "v_9", "v_2", "t_3"])
    lines = [(0, fmt("{} = st.vals[{}.index]", Bind(h1, "set"), v9)), (0, fmt("for {} in {}:", Bind(v2, "for"), Slot("x"))),
             (1, fmt("if ({} := {}.kind) is k4 and {}:", Bind(t3), v2, h1)), (2, text("return True")),
             (0, text("return False"))]
    assert [str(param) for param in free_locals(lines)] == ["st", "v_9", "env"]


def test_a_loop_that_binds_a_name_the_expression_around_it_reads_is_not_lifted():
    # h_7 is kept by a loop around the test (assigned inside it, read outside): it cannot be given back
    v2, h7 = _name("v_2"), _name("h_7")
    lines = [(0, fmt("for {} in st.contents[0]:", Bind(v2, "for"))),
             (1, fmt("if ({} if {} is not _UNSET else ({} := f(st))):", h7, h7, Bind(h7))), (2, text("return True")),
             (0, text("return False"))]
    assert free_locals(lines) is None
