"""Menus kept per the values of the parts of their conditions worked out once per decision (the
fast path "keyed", ruledsl/runtime/compiler/keyed.py) offer what they would offer without: the
same options, help texts, views and logs (tests/fixtures/keyed_menus.rules). The fixture's menu
reads only values, which the fast path "reads" keys it by first (tests/test_read_keys.py): it is
switched off here."""
from __future__ import annotations

import random
import re

from hypothesis import HealthCheck, given, settings, strategies as st

import ruledsl
from ruledsl.runtime import fastpaths
from ruledsl.runtime.compiler.keyed import key_text, kept_reads

from .conftest import ROOT, random_trace

GAME = ROOT / "tests" / "fixtures" / "keyed_menus.rules"


def _trace(seed: int, off: set, monkeypatch) -> list:
    """Every decision's options and their help texts, then each seat's view and log."""
    monkeypatch.setattr(fastpaths, "OFF", off)
    state = ruledsl.load(str(GAME)).new_game(seed=seed)
    rng = random.Random(seed)
    trace = []
    while not state.is_terminal():
        labels = state.legal_labels()
        trace.append([(label, state.option_help(i)) for i, label in enumerate(labels)])
        state.apply(rng.choice(labels))
    return trace + [x for seat in (None, 0, 1) for x in (state.view(seat), state.events(seat))]


def test_the_fixtures_menu_is_kept_by_its_parts(monkeypatch):
    monkeypatch.setattr(fastpaths, "OFF", {"reads"})
    game = ruledsl.load(str(GAME))
    code = game.program.code_map.texts("the flow")
    assert len(re.findall(r"k\d+\.get\(key_\d+ := ", code)) == 1
    assert "for v_" in code.split(".get(key_", 1)[1]     # the options are worked out only on a new key


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000))
def test_menus_kept_by_their_parts_change_no_game(seed, monkeypatch):
    assert _trace(seed, {"reads"}, monkeypatch) == _trace(seed, {"reads", "keyed"}, monkeypatch)


def test_a_menu_is_taken_again_from_what_it_kept(monkeypatch):
    monkeypatch.setattr(fastpaths, "OFF", {"reads"})
    game = ruledsl.load(str(GAME))
    code = game.program.code_map.texts("the flow")
    name = re.search(r"(k\d+)\.get\(key_\d+ := ", code).group(1)
    kept = game.program.code[0][0].__globals__[name]
    kept.clear()
    decisions = 0
    for seed in range(4):
        state = game.new_game(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            decisions += 1
            state.apply(rng.choice(state.legal_labels()))
    # some menus were worked out from their parts' values seen before, and none was kept while
    # the table was empty (the first token's number fails then: the options never ask it)
    assert 0 < len(kept) < decisions / 2
    assert all(None not in key for key in kept)
    # the search's distances (one search: every condition asks the same, made once) are kept
    # alive beside the options, counted by their identity
    assert all(len(alive) == 1 and id(alive[0]) in key for key, (_, alive) in kept.items())


def test_what_a_condition_may_read_besides_kept_parts():
    kept = {"h_1": "(h_1 if h_1 is not _UNSET else (h_1 := k5(st, prog)))", "h_2": "h_2"}
    own = {"v_9"}
    # kept parts, the item, constants, arithmetic helpers, names bound inside, a variable's slot
    assert kept_reads([f"v_9 in {kept['h_1']} and h_2 and (t_3 := v_9.label) == k4",
                       "_ge(st, t_5, 1, k6) if (t_5 := st.vals[3]) else False",
                       "any(True for v_7 in k8 if v_7 is v_9)"], own, kept) == \
        [kept["h_1"], "h_2", "st.vals[3]"]
    assert kept_reads(["st.fields[v_9.id][0] > 1"], own, kept) is None       # a component's field
    assert kept_reads(["env['p'] is v_9"], own, kept) is None                 # the frame
    assert kept_reads(["_contains(st, v_9, k3)"], own, kept) is None         # a zone's contents
    assert kept_reads(["k5(st, prog, v_9)"], own, kept) is None              # the library, given the state
    assert kept_reads(["v_4 is v_9"], own, kept) is None                     # an outer loop's item
    assert kept_reads(["st.vals[1 + v_9.index]"], own, kept) is None         # a slot the item picks


def test_a_key_counts_a_searchs_distances_by_their_identity():
    search = "(h_1 if h_1 is not _UNSET else (h_1 := k5(st, prog, h_2, k3, None)))"
    read_off = "(h_4 if h_4 is not _UNSET else (h_4 := k5(st, prog, h_2, k3, None).get(k6)))"
    other = "(h_7 if h_7 is not _UNSET else (h_7 := k8(st, prog)))"
    names = iter(["m_1", "m_2"])
    key, alive = key_text([search, "h_2", read_off, other], {"k5"}, lambda: next(names))
    assert key == f"(id(m_1 := {search}), h_2, {read_off}, {other}, )" and alive == "(m_1, )"
