"""Generic determinisation: guessed states a seat cannot tell from the real one, built only
from what the seat observed, on which the game goes on legally."""
from __future__ import annotations

import json
import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ruledsl
from ruledsl.agents import Belief, determinise
from ruledsl.agents.compare import misplaced
from ruledsl.agents.observe import Observer
from ruledsl.agents.particles import Candidate
from ruledsl.errors import RulesError

from .conftest import GAMES, ROOT
from .twins import random_step, twins

EXAMPLES = [("examples/high_card.rules", 2, {}), ("examples/high_card.rules", 4, {}),
            ("examples/dice_race.rules", 3, {}), ("examples/tic_tac_toe.rules", 2, {})]
# Every example game, at its fewest players and at its most (up to 4): the property below holds on each.
EVERY_EXAMPLE = [(f"examples/{p.name}", n, {}) for p in sorted((GAMES / "examples").glob("*.rules"))
                 for seats in [ruledsl.load(str(p)).definition.players]
                 for n in sorted({seats.low, min(4, seats.high)})]
BUNDLED = [("tillinghast.rules", 3, {}), ("tillinghast_mill.rules", 2, {}), ("haunting_house.rules", 4, {}),
           ("haunting_house_tiles.rules", 3, {}), ("shining.rules", 4, {}), ("shining.rules", 5, {"corrupted": True}),
           ("shining_harsh.rules", 3, {}), ("unrelenting_other.rules", 4, {})]
_LOADED: dict = {}


def load(name: str, players: int, options: dict):
    key = (name, players, tuple(sorted(options.items())))
    if key not in _LOADED:
        _LOADED[key] = ruledsl.load(str(GAMES / name), players=players, options=options)
    return _LOADED[key]


def played(game, seed: int, steps: int):
    rng = random.Random(seed)
    state = game.new_game(seed=seed, chance="explicit")
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(random_step(state, rng))
    return state


def goes_on(state, seed: int, actions: int = 200) -> None:
    rng = random.Random(seed)
    for _ in range(actions):
        if state.is_terminal():
            return
        state.apply(random_step(state, rng))


def check_sample(real, seat: int, seed: int) -> None:
    belief = Belief(real.game, seat, seed)
    belief.update(real)
    assert belief.exact, belief.stats.as_dict()
    guess = belief.sample(random.Random(seed))
    assert guess.view(seat) == real.view(seat)          # the log included: every event told
    assert guess.events(seat) == real.events(seat)
    assert guess.legal_labels() == real.legal_labels() or real.current_player != seat
    goes_on(guess, seed)


@pytest.mark.parametrize("name, players, options", EXAMPLES)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 40), data=st.data())
def test_a_guess_shows_the_seat_exactly_what_it_saw_in_small_games(name, players, options, seed, steps, data):
    game = load(name, players, options)
    real = played(game, seed, steps)
    check_sample(real, data.draw(st.integers(0, players - 1)), seed)


@pytest.mark.parametrize("name, players, options", EVERY_EXAMPLE)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 80), data=st.data())
def test_a_sampled_state_shows_the_seat_exactly_what_it_saw_in_every_example_game(name, players, options, seed,
                                                                                  steps, data):
    # the sampler's promise (docs/api.md): its view and every event, on games of every kind
    # (simultaneous reveal, clues about one's own hand, elimination, hidden movement, tricks, roles)
    game = load(name, players, options)
    real = played(game, seed, steps)
    check_sample(real, data.draw(st.integers(0, players - 1)), seed)


@pytest.mark.parametrize("name, players, options", BUNDLED)
@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 60))
def test_a_guess_shows_the_seat_exactly_what_it_saw_in_bundled_games(name, players, options, seed, steps):
    game = load(name, players, options)
    real = played(game, seed, steps)
    check_sample(real, seed % players, seed)


def test_a_step_that_turns_over_every_seats_cards_is_followed_exactly():
    # 100 random actions of a 4-player Shining pass a month's end: one step turns over each
    # seat's cards, compares them and moves them all to a public pile. A guess whose step stops
    # early (another seat possessed, a decision to make) shows none of the misplaced cards; the
    # repair swaps one the seat now sees, then finishes with swaps in the now complete pile
    # (before, 12-14 of these 100 steps were guessed inexactly).
    game = load("shining.rules", 4, {})
    check_sample(played(game, 1, 100), 0, 1)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 3), seed=st.integers(0, 10_000), data=st.data())
def test_cards_turned_over_one_by_one_from_a_shuffled_pile_are_followed_exactly(players, seed, data):
    # tests/fixtures/programmed.rules: three cards dealt face down from a shuffled pile, turned
    # over one by one; only a Jump asks for a decision, so a guess in another order stops
    # elsewhere and shows none of the real cards. The repair swaps the card the real event
    # names with the one the guess's names, event after event (before, 14 of 20 games followed
    # by one seat lost exactness).
    game = ruledsl.load(str(ROOT / "tests" / "fixtures" / "programmed.rules"), players=players)
    seat = data.draw(st.integers(0, players - 1))
    rng = random.Random(seed)
    real = game.new_game(seed=seed, chance="explicit")
    belief = Belief(game, seat, seed)
    while not real.is_terminal():
        real.apply(random_step(real, rng))
        belief.update(real)
        assert belief.exact, len(real.record()["actions"])
    guess = belief.sample(random.Random(seed))
    assert guess.events(seat) == real.events(seat)


@pytest.mark.skipif(not os.environ.get("RULEDSL_LONG"), reason="about 40 s: run with RULEDSL_LONG=1 (CI does)")
def test_a_game_openspiels_bot_could_not_finish_is_followed_exactly():
    # A 2-player Haunting House that OpenSpiel's IS-MCTS (through ruledsl.openspiel) could not
    # finish: at action 504 one step turns over both seats' cards dealt face down, one by one,
    # then gives every card back; no guess fitted, the belief lost track. The record was kept
    # by benchmarks/interop_ismcts.py.
    record = json.loads((ROOT / "tests" / "fixtures" / "haunting_house_programmes.json").read_text())
    game = load("haunting_house.rules", 2, {})
    real = game.new_game(seed=record["seed"], chance="explicit")
    belief = Belief(game, 0)
    for label in record["actions"]:
        real.apply(label)
        belief.update(real)
        assert belief.exact, len(real.record()["actions"])


@pytest.mark.parametrize("name, players, options", EXAMPLES[:2] + BUNDLED)
@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(1, 25))
def test_a_guess_does_not_depend_on_what_the_seat_cannot_see(name, players, options, seed, steps):
    game = load(name, players, options)
    seat = seed % players
    a, b = twins(game, seat, seed, steps)
    first, second = Observer(game, seat), Observer(game, seat)
    first.update(a)
    second.update(b)
    assert [(s.actor, s.label, s.observation) for s in first.steps] == \
        [(s.actor, s.label, s.observation) for s in second.steps]
    assert determinise(a, seat, seed).fingerprint() == determinise(b, seat, seed).fingerprint()


def test_twins_do_differ_in_what_the_seat_cannot_see():
    game = load("examples/high_card.rules", 3, {})
    differ = 0
    for seed in range(10):
        a, b = twins(game, 0, seed, 12)
        assert a.view(0) == b.view(0)
        differ += a.view(1) != b.view(1) or a.view(2) != b.view(2)
    assert differ >= 8


def test_the_same_seed_gives_the_same_guess_and_another_seed_another():
    game = load("examples/high_card.rules", 3, {})
    real = played(game, 5, 4)
    guesses = {determinise(real, 0, seed).fingerprint() for seed in range(12)}
    assert determinise(real, 0, 3).fingerprint() == determinise(real, 0, 3).fingerprint()
    assert len(guesses) > 1


def test_a_seeded_game_cannot_be_followed():
    game = load("examples/high_card.rules", 2, {})
    with pytest.raises(ValueError, match="explicit chance"):
        determinise(game.new_game(seed=1), 0)


def test_resampling_keeps_each_option_of_particles_that_fit_alike():
    # 32 particles, each with two options that fit equally (a secret choice that tells nothing):
    # the candidates come in a periodic order, A B A B ..., which an evenly spaced comb would
    # draw all from one option
    belief = Belief(load("examples/high_card.rules", 2, {}), 0, seed=3)
    for trial in range(20):
        candidates = [Candidate(option, 0.5, None, None, None, None) for _ in range(32) for option in "AB"]
        drawn = belief._resample(candidates, 32)
        counts = {option: sum(p.count for p in drawn if p.state == option) for option in "AB"}
        assert counts["A"] + counts["B"] == 32
        assert 6 <= counts["A"] <= 26, (trial, counts)


def test_a_secret_choice_that_tells_nothing_keeps_both_of_its_options():
    # Tillinghast, seed 0, followed by seat 2: at action 304 P3 casts a spell or goes on to its
    # movement, in secret, and nothing shows which; the step after shows it went on. Before the
    # candidates were shuffled for resampling, every guess had cast the spell there.
    game = load("tillinghast.rules", 3, {})
    rng = random.Random(0)
    state = game.new_game(seed=0, chance="explicit")
    for _ in range(305):
        if state.is_chance():
            outcomes = state.chance_outcomes()
            state.apply(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            state.apply(rng.choice(state.legal_actions()))
    belief = Belief(game, 1, seed=1)
    belief.update(state)
    assert belief.exact, belief.stats.as_dict()


@pytest.mark.parametrize("seat", [-1, 2, "0"])
def test_a_belief_is_held_by_a_seat(seat):
    game = load("examples/high_card.rules", 2, {})
    with pytest.raises(ValueError, match="held by a seat: 0 to 1"):
        Belief(game, seat)


def test_a_belief_follows_a_game_in_steps_as_it_goes_on():
    game = load("examples/high_card.rules", 3, {})
    rng = random.Random(2)
    real = game.new_game(seed=2, chance="explicit")
    belief = Belief(game, 1, seed=4)
    while not real.is_terminal():
        real.apply(random_step(real, rng))
        belief.update(real)
        guess = belief.sample(rng)
        assert guess.view(1) == real.view(1)
    assert belief.stats.steps == len(real.actions_taken)


def test_a_view_digest_is_equal_exactly_when_the_view_is():
    game = load("haunting_house.rules", 3, {})
    states = [played(game, seed, n) for seed in range(3) for n in (0, 30, 31, 60)]
    for seat in range(3):
        for x in states:
            for y in states:
                same_view = {k: v for k, v in x.view(seat).items() if k != "log"} == \
                            {k: v for k, v in y.view(seat).items() if k != "log"}
                assert (x.view_digest(seat) == y.view_digest(seat)) == same_view


def test_a_rule_failing_in_a_guess_is_not_a_crash():
    text = '''game "Odd"
players 2
var secret: int = 0, per player, visible to owner
flow:
    repeat:
        for each p in players:
            turn p:
                choose n from [1, 2, 3] secretly as "pick {n}":
                    set p.secret to 6 / (n - 1 + p.secret)
                if p.secret > 5:
                    win [p]
'''
    game = ruledsl.load("odd.rules", text=text)
    real = game.new_game(chance="explicit").apply("pick 2")
    guess = determinise(real, 1, 0)
    assert guess.view(1) == real.view(1)
    with pytest.raises(RulesError):
        game.new_game(chance="explicit").apply("pick 1")


def test_a_belief_given_another_game_starts_over():
    game = load("examples/high_card.rules", 3, {})
    belief = Belief(game, 0, seed=1)
    first, second = played(game, 1, 14), played(game, 2, 5)
    belief.update(first)
    belief.update(second)
    assert belief.exact and belief.observer.games == 2
    assert belief.sample(random.Random(0)).view(0) == second.view(0)


@pytest.mark.parametrize("name, players, options", EXAMPLES[:2] + BUNDLED)
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(1, 40))
def test_the_history_a_seat_may_know_is_the_same_in_twins(name, players, options, seed, steps):
    """actions_seen never names what the seat could not see (a card dealt face down to another)."""
    game = load(name, players, options)
    seat = seed % players
    a, b = twins(game, seat, seed, steps)
    assert a.actions_seen(seat) == b.actions_seen(seat)


def test_a_card_dealt_face_down_to_another_seat_is_not_in_ones_history():
    game = load("examples/high_card.rules", 2, {})
    state = game.new_game(seed=1, chance="explicit")
    while state.is_chance():
        state.apply(state.legal_actions()[0])
    own, other = state.view(0)["zones"], state.view(1)["zones"]
    mine = state.actions_seen(0)
    assert None in mine and any(label is not None for label in mine)
    assert [x is None for x in mine] == [x is not None for x in state.actions_seen(1)]
    assert own != other


def test_a_player_void_in_a_suit_is_followed_though_no_single_exchange_makes_its_play_legal():
    # Tricks, 3 players, seat 2: P3 plays a Heart on an Acorn lead (so holds no Acorns); in the
    # belief's guess P3 held several, and each moved out alone leaves the play still illegal, so
    # the climb of transpositions found no way; the walk over deals that fit (deals._wander) does
    real = played(load("examples/tricks.rules", 3, {}), 28, 26)
    check_sample(real, 1, 28)


def test_a_repair_steered_by_the_view_pairs_components_of_the_same_owner():
    # A view names a card whose face it shows by a handle: the id of the first of its lookalikes
    # the view met (runtime/seen.py), here Red's card of the same action for each of Blue's own.
    # After The Haunting House's first Random Card Round, Blue sees its hand in the order the
    # shuffled rest came back in. misplaced() must pair the guess's cards with Blue's lookalikes,
    # which a repair can swap, not with Red's (before, every pair named one of Red's cards).
    game = load("haunting_house.rules", 2, {})
    real = played(game, 0, 110)
    hand = next(p for p in game.program.places if p.name == "Blue.hand")
    assert len(real.contents[hand.index]) > 2
    guess = real.clone()
    guess.contents[hand.index] = tuple(reversed(guess.contents[hand.index]))
    pairs = misplaced(guess, real.view(1), 1)
    assert pairs
    held = {c.id for c in guess.contents[hand.index]}
    assert {x for x, _ in pairs} <= held and {y for _, y in pairs} <= held
    assert all(guess.owner[x] is guess.owner[y] for x, y in pairs)


def test_the_order_a_shuffled_rest_comes_back_in_is_followed_exactly():
    # The Haunting House, 2 players, seed 0, seat 2 (Blue): each Random Card Round deals four of
    # a seat's ten cards from a shuffled pile and puts the rest back in its hand, where Blue sees
    # their order. No guess's shuffle gives it (6! orders): a repair swaps Blue's lookalikes before
    # the step, steered by the view. Before the view's handles were read as the cards they stand
    # for, the belief lost exactness at action 108 with this work budget.
    game = load("haunting_house.rules", 2, {})
    rng = random.Random(0)
    real = game.new_game(seed=0, chance="explicit")
    belief = Belief(game, 1, 0, work=5000)
    while len(real.actions_taken) < 112:
        real.apply(random_step(real, rng))
        if real.current_player == 1:
            belief.update(real)
            assert belief.exact, len(real.actions_taken)
    belief.update(real)
    guess = belief.sample(random.Random(0))
    assert guess.view(1) == real.view(1)
    assert guess.events(1) == real.events(1)


def test_the_last_of_simultaneous_choices_is_proposed_as_the_reveal_in_its_own_step_names_it():
    """The last seat to choose in secret is revealed with the others in the step that makes its
    choice: that reveal names the option a guess proposes for it (with the next reveal instead,
    every option was proposed, and a guess whose hand held the card played chose it only by luck)."""
    real = played(load("examples/six_rows.rules", 2, {}), 5, 40)
    belief = Belief(real.game, 0, seed=5)
    belief.update(real)
    steps = belief.observer.steps
    last = [i for i, s in enumerate(steps) if s.actor == 1 and s.label is None
            and any(e.startswith("revealed: ") for e in s.observation.events)]
    assert last, "P2 chose last in some round of these forty actions"
    i = last[0]
    revealed = next(e for e in steps[i].observation.events if e.startswith("revealed: "))
    told = revealed.split("P2: ")[1]
    guess = real.game.new_game(seed=5, chance="explicit")     # one that holds the card: the real game
    for label in real.actions_taken[:i]:
        guess.apply(label)
    options = [(label, 1.0) for label in guess.legal_labels()]
    assert len(options) > 1 and told in dict(options)
    assert belief._told_later(guess, i, options) == [(told, 1.0)]


def test_steps_older_than_any_retreat_keep_their_digest_and_not_their_state():
    """A seat's observation of a step keeps a copy of the state, for its view; once the belief has
    followed the game further than a retreat goes back, only the digest is kept (the memory of a
    long game's belief grew by a whole state a step). The belief still follows exactly."""
    from ruledsl.agents.retreat import FAR_BACK
    real = played(load("tillinghast.rules", 2, {}), 3, FAR_BACK + 80)
    belief = Belief(real.game, 0, seed=3)
    belief.update(real)
    steps = belief.observer.steps
    assert len(steps) > FAR_BACK + 40 and belief.exact
    holding = [i for i, s in enumerate(steps) if s.observation._state is not None]
    assert holding and min(holding) >= belief.followed - FAR_BACK - 1
    settled = steps[0].observation
    assert settled.digest == settled.digest and settled.digest.exits() is not None
    with pytest.raises(RuntimeError):
        settled.view
