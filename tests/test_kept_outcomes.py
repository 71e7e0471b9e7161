"""Chance's outcomes kept per deck (runtime/engine/outcomes.py) are those worked out afresh:
in random play of every game file, after clones changed outside play (sampling.exchange and
relocate), after a field or an owner changes in place, and never for a label that reads more
than its component."""
from __future__ import annotations


import pytest
from hypothesis import HealthCheck, given, settings, strategies as hs

import ruledsl
from ruledsl.runtime.engine import outcomes
from ruledsl.runtime.sampling import exchange, lookalikes, relocate

from .conftest import BUNDLED, EXAMPLES, random_playout


def _afresh(st, items) -> tuple:
    """The outcomes as they were worked out before any were kept: one item at a time."""
    return outcomes._columns(*outcomes._grouped_each(st, items))


def _check_every_place(st) -> int:
    """Each place of more than one item: its kept outcomes (asked twice, the second time kept)
    equal those worked out afresh. How many places were checked."""
    checked = 0
    for items in st.contents:
        if len(items) > 1:
            expected = _afresh(st, items)
            assert outcomes.remembered(st, items) == expected
            assert outcomes.remembered(st, items) == expected
            assert outcomes.outcomes_of(st, items) == (list(zip(*expected[1:])), expected[0])
            checked += 1
    return checked


def _meddle(state, rng) -> None:
    """What a belief does to a guess outside play: two components a seat cannot tell apart
    exchanged, one put somewhere else."""
    comps = state.prog.comps
    if len(comps) < 2:
        return
    seat = rng.randrange(len(state.prog.players))
    a, b = rng.sample(range(len(comps)), 2)
    exchange(state, a, b, seat)
    moved = rng.randrange(len(comps))
    alike = lookalikes(state, moved, seat)
    if alike:       # (where a belief puts one: where a component the seat cannot tell from it lies)
        relocate(state, moved, state.prog.places[state.loc[rng.choice(alike)]].name, seat)


@pytest.mark.parametrize("path", [str(p) for p in BUNDLED + EXAMPLES], ids=lambda p: p.rsplit("/", 2)[-1])
@settings(max_examples=2, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=hs.integers(0, 2 ** 20))
def test_kept_outcomes_are_those_worked_out_afresh(path, seed):
    for step, state, rng in random_playout(path, seed, 150):
        if state.is_chance() or step % 4 == 0:      # (every place at every step: a minute a run)
            _check_every_place(state)
        if rng.random() < 0.15:
            guess = state.clone()
            _meddle(guess, rng)
            _check_every_place(guess)
            _check_every_place(state)
            if not guess.is_terminal():
                guess.apply(rng.choice(guess.legal_labels()))
                _check_every_place(guess)


TOKENS = '''game "Tokens"
players 2
var round_no: int = 1

kind Token, shown as "{colour} ({owner})":
    colour: text
    worn: bool = false
kind Chit, shown as "chit of round {round_no}":
    mark: int

zone bag: bag of Token:
    Token(colour: c) for each c in ["red", "red", "blue"]
zone chits: bag of Chit:
    Chit(mark: m) for each m in [1, 2]
zone hand: hand of Token, per player

flow:
    turn P1:
        draw 1 from bag to P1.hand
    end game ranking each p in players by 0
'''


def _tokens(tmp_rules):
    state = ruledsl.load(tmp_rules("tokens.rules", TOKENS), 2).new_game(chance="explicit")
    places = {p.name: p.index for p in state.prog.places}
    return state, state.contents[places["bag"]], state.contents[places["chits"]]


def test_a_field_changed_in_place_is_read_again(tmp_rules):
    state, bag, _ = _tokens(tmp_rules)
    assert [str(label) for label, _p in state.chance_outcomes()] == ["red (none)", "blue (none)"]
    kept = outcomes.remembered(state, bag)
    assert outcomes.remembered(state, bag) is kept          # kept: the same answer, not made again
    first = bag[0]
    fields = state.fields[first.id]
    state.fields[first.id] = fields[:1] + (True,) + fields[2:]     # `set c.worn to true`, in the bag
    again = outcomes.remembered(state, bag)
    assert again == _afresh(state, bag) != kept
    assert again[1] == ("red (none) (1)", "red (none) (2)", "blue (none)")


def test_a_label_that_reads_the_owner_is_made_again_when_the_owner_changes(tmp_rules):
    state, bag, _ = _tokens(tmp_rules)
    kept = outcomes.remembered(state, bag)
    state.owner[bag[2].id] = state.prog.players[1]
    again = outcomes.remembered(state, bag)
    assert again == _afresh(state, bag) and again[1] == ("red (none)", "blue (P2)") != kept[1]


def test_a_label_that_reads_a_variable_is_never_kept(tmp_rules):
    state, _, chits = _tokens(tmp_rules)
    kinds = state.prog.kinds
    assert getattr(kinds["Token"].shown, outcomes.OWN_FIELDS_ONLY) is True
    assert getattr(kinds["Chit"].shown, outcomes.OWN_FIELDS_ONLY) is False
    assert outcomes.remembered(state, chits)[1] == ("chit of round 1 (1)", "chit of round 1 (2)")
    state.vals[state.prog.var_slots["round_no"]] = 2
    assert outcomes.remembered(state, chits)[1] == ("chit of round 2 (1)", "chit of round 2 (2)")
