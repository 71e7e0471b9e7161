"""Integer actions and observations (ruledsl.interop): fixed ids, and what a seat cannot tell apart looks alike."""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import ruledsl
from ruledsl.errors import IllegalAction, RulesError
from ruledsl.interop.actions import build_space, space_of

from .conftest import BUNDLED, EXAMPLES, GAMES

np = pytest.importorskip("numpy")
from ruledsl.interop.observe import encoding_of, information_state_string, observation_string  # noqa: E402
from . import test_view_twins as twins  # noqa: E402

ALL = [p for p in BUNDLED + EXAMPLES if not p.name.endswith("_tiles.rules")]
PROPERTY = settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))


def random_game(game, seed: int, steps: int = 10_000):
    rng = random.Random(seed)
    state = game.new_game(seed=seed, chance="explicit")
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(rng.randrange(len(state.legal_labels())))
    return state


# ---------------------------------------------------------------- action ids

def test_labels_are_numbered_in_the_order_the_rules_give_them():
    space = build_space(ruledsl.load(str(GAMES / "examples" / "connect_four.rules")))
    assert space.mode == "labels"
    assert space.labels == tuple(f"drop in column {c}" for c in range(1, 8))
    assert space.size == 7


@pytest.mark.parametrize("path", [GAMES / "examples" / "breakthrough.rules", GAMES / "examples" / "tic_tac_toe.rules",
                                  GAMES / "examples" / "high_card.rules", GAMES / "shining.rules"],
                         ids=lambda p: p.stem)
def test_every_label_offered_in_play_has_its_fixed_id(path):
    game = ruledsl.load(str(path))
    space = space_of(game)
    assert space.mode == "labels"
    rng = random.Random(1)
    for seed in range(4):
        state = game.new_game(seed=seed, chance="explicit")
        for _ in range(400):
            if state.is_terminal():
                break
            ids = space.legal_ids(state)
            if not state.is_chance():
                assert [space.to_string(state, i) for i in ids] == sorted(state.legal_labels(),
                                                                         key=space.ids.__getitem__)
            space.apply(state, rng.choice(ids))


def test_ids_are_the_same_in_another_load_of_the_same_rules():
    a = build_space(ruledsl.load(str(GAMES / "examples" / "breakthrough.rules")))
    b = build_space(ruledsl.load(str(GAMES / "examples" / "breakthrough.rules")))
    assert a.labels == b.labels and len(a.labels) > 1000


def test_a_label_with_a_computed_number_cannot_be_numbered_in_advance():
    game = ruledsl.load(str(GAMES / "examples" / "dice_race.rules"))
    with pytest.raises(RulesError) as err:
        build_space(game, "labels")
    assert "dice_race.rules:26:" in str(err.value) and "cannot be numbered in advance" in str(err.value)
    fallback = build_space(game)
    assert fallback.mode == "positions" and fallback.why is not None
    state = game.new_game(chance="explicit")
    assert fallback.legal_ids(state) == [0]             # only "roll" before anything is in the pot
    assert fallback.to_string(state, 0) == "roll"


def test_an_id_that_is_not_legal_is_refused():
    game = ruledsl.load(str(GAMES / "examples" / "tic_tac_toe.rules"))
    space = space_of(game)
    state = game.new_game()
    space.apply(state, space.ids["mark B2"])
    with pytest.raises(IllegalAction):
        space.apply(state, space.ids["mark B2"])
    with pytest.raises(IllegalAction):
        space.apply(state, 99)


def test_the_space_is_worked_out_once_per_game_object():
    game = ruledsl.load(str(GAMES / "examples" / "connect_four.rules"))
    assert space_of(game) is space_of(game)
    assert encoding_of(game) is encoding_of(game)


# ---------------------------------------------------------------- observations

@PROPERTY
@given(state=twins.tables(), rnd=st.randoms(use_true_random=False))
def test_another_hidden_order_gives_the_same_strings_and_tensor(state, rnd):
    enc = encoding_of(twins.GAME)
    for seat in twins.SEATS:
        other = twins.reordered(state, seat, rnd)
        assert observation_string(other, seat) == observation_string(state, seat)
        assert information_state_string(other, seat) == information_state_string(state, seat)
        assert np.array_equal(enc.tensor(other, seat), enc.tensor(state, seat))


@PROPERTY
@given(state=twins.tables(), data=st.data())
def test_other_hidden_faces_give_the_same_strings_and_tensor(state, data):
    enc = encoding_of(twins.GAME)
    for seat in twins.SEATS:
        other = twins.refaced(state, seat, data)
        assert observation_string(other, seat) == observation_string(state, seat)
        assert np.array_equal(enc.tensor(other, seat), enc.tensor(state, seat))


@PROPERTY
@given(state=twins.tables(), data=st.data())
def test_a_card_the_seat_sees_moved_elsewhere_changes_its_strings_and_tensor(state, data):
    enc = encoding_of(twins.GAME)
    seat = data.draw(st.sampled_from(list(twins.SEATS)))
    seen = [c for c in twins.CARDS if twins.sees_position(state, c, seat) and twins.sees_face(state, c, seat)]
    if not seen:
        return
    cid = data.draw(st.sampled_from(seen))
    other = twins.twin(state)
    other.loc = list(state.loc)
    here = state.loc[cid]
    there = next(p for p in twins.CARD_PLACES if p.index != here and getattr(p, "visibility", None) == "all")
    comp = twins.PROG.comps[cid]
    other.contents[here] = tuple(c for c in state.contents[here] if c.id != cid)
    other.contents[there.index] = (comp,) + tuple(state.contents[there.index])
    other.loc[cid] = there.index
    other.face = list(state.face)
    other.face[cid] = True
    if other.view(seat) == state.view(seat):
        return
    assert observation_string(other, seat) != observation_string(state, seat)
    assert not np.array_equal(enc.tensor(other, seat), enc.tensor(state, seat))


def test_a_secret_choice_shows_in_its_choosers_information_state_only():
    game = ruledsl.load(str(GAMES / "examples" / "high_card.rules"), players=2)
    a = game.new_game(seed=3, chance="explicit")
    while a.is_chance():
        a.apply(0)
    b = a.clone()
    a.apply(0)
    b.apply(len(b.legal_labels()) - 1)
    chooser = 0 if a.legal_labels() == b.legal_labels() else None
    assert a.actions_taken[-1] != b.actions_taken[-1]
    assert information_state_string(a, 0) != information_state_string(b, 0)
    assert information_state_string(a, 1) == information_state_string(b, 1), chooser


def test_information_state_keeps_decisions_and_chance_but_not_announcements():
    from ruledsl.runtime.effects.events import events_of
    game = ruledsl.load(str(GAMES / "examples" / "dice_race.rules"))
    state = random_game(game, 2, steps=60)
    text = information_state_string(state, 0)
    events = events_of(state.log)
    announced = [e.text for e in events if e.kind == "announce"]
    assert announced and not any(t in text for t in announced)
    assert all(e.text in text for e in events if e.kind in ("decision", "chance"))


@pytest.mark.parametrize("path", ALL, ids=lambda p: p.stem)
def test_the_tensor_has_its_documented_size_in_every_game(path):
    game = ruledsl.load(str(path))
    enc = encoding_of(game)
    state = random_game(game, 0, steps=40)
    assert sum(size for _, size in enc.pieces) == enc.size
    for seat in range(game.players):
        x = enc.tensor(state, seat)
        assert x.shape == (enc.size,) and x.dtype == np.float32
        assert x[enc.offsets["observer"] + seat] == 1


def test_an_option_label_gives_its_id_in_either_mode():
    game = ruledsl.load(str(GAMES / "examples" / "dice_race.rules"))
    state = game.new_game(chance="explicit")
    assert space_of(game).id_of(state, "roll") == 0                     # positions
    game = ruledsl.load(str(GAMES / "examples" / "tic_tac_toe.rules"))
    state = game.new_game(chance="explicit")
    space = space_of(game)
    assert space.id_of(state, "mark C3") == space.labels.index("mark C3") == 8
