"""A belief's transpositions (agents/deals.py): replayed from a path's checkpoint, they give what a
replay from the start gives; one that contradicted a step is not replayed again for that path."""
from __future__ import annotations

import random
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ruledsl
from ruledsl import CHANCE
from ruledsl.agents import Belief, RandomAgent, deals, seat_seed
from ruledsl.agents.compare import distance, nearer, nearness
from ruledsl.agents.observe import Observation
from ruledsl.agents.particles import Particle
from ruledsl.runtime.sampling import hidden_pairs

from .test_determinise import load, played, random_step

# card games whose components are drawn all through the game (deck refills, hands dealt)
DRAWING = [("examples/signals.rules", 2), ("examples/tricks.rules", 3), ("examples/six_rows.rules", 2)]


def followed(name: str, players: int, seed: int, steps: int):
    real = played(load(name, players, {}), seed, steps)
    belief = Belief(real.game, seed % players, seed)
    belief.update(real)
    return belief


def replay(belief, nodes: list, swap: dict, checkpoint: int):
    belief._budget, belief._soft, belief._dead = 10 ** 9, None, {}
    kept, deals.CHECKPOINT = deals.CHECKPOINT, checkpoint
    try:
        return belief._replay(nodes, swap)
    finally:
        deals.CHECKPOINT = kept


def candidate_pairs(belief, particle) -> list:
    nodes = deals.path_nodes(particle.path)
    drawn = deals._drawn(nodes)
    return nodes, [(x, y) for x, y in hidden_pairs(particle.state, belief.seat) if x in drawn or y in drawn]


def shuffled_pairs(name: str, players: int, seed: int, steps: int):
    """(a belief after a random game, the path nodes of a guess with a path, the transpositions
    worth trying on it in a seeded order); no pairs when no guess has a path."""
    belief = followed(name, players, seed, steps)
    particle = next((p for p in belief.particles if p.path is not None), None)
    if particle is None:
        return belief, [], []
    nodes, pairs = candidate_pairs(belief, particle)
    random.Random(seed).shuffle(pairs)
    return belief, nodes, pairs


@pytest.mark.parametrize("name, players", DRAWING)
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(20, 70))
def test_a_transposition_replayed_from_a_checkpoint_is_the_one_replayed_from_the_start(name, players, seed, steps):
    belief, nodes, pairs = shuffled_pairs(name, players, seed, steps)
    for x, y in pairs[:6]:
        near = replay(belief, nodes, {x: y, y: x}, deals.CHECKPOINT)
        far = replay(belief, nodes, {x: y, y: x}, 10 ** 9)      # no checkpoint: from the start
        assert (near is None) == (far is None)
        if near is None:
            continue
        assert near[0].record() == far[0].record()
        assert all(near[0].view(s) == far[0].view(s) for s in [None, *range(players)])
        assert deals.path_list(near[1]) == deals.path_list(far[1])


def drawn_where_the_path_says(belief, path) -> bool:
    """Whether every hidden draw a path names is the component that draw moved when the path is
    taken again from the belief's start (the ids its transpositions exchange)."""
    state = belief.deal.clone()
    for entry in deals.path_list(path):
        action = deals._action_of(state, entry, {})
        if action is None:
            return False
        if entry[0] == deals.DRAWN:
            before = state.loc[entry[1]]
            state.apply(action)
            if state.loc[entry[1]] == before:
                return False
        else:
            state.apply(action)
    return True


@pytest.mark.parametrize("name, players", DRAWING)
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(20, 60))
def test_a_transposed_path_names_the_copies_its_draws_moved(name, players, seed, steps):
    """A transposition draws the first copy of the exchanged identity left in the pile, perhaps
    not the one drawn before: the new path must name that one, or the components a later
    transposition exchanges are not those the guess holds (a seat's own dealt cards could not
    be exchanged at all: clue steps then fell back on repairs in place)."""
    belief, nodes, pairs = shuffled_pairs(name, players, seed, steps)
    replayed = [r for x, y in pairs[:8] if (r := replay(belief, nodes, {x: y, y: x}, deals.CHECKPOINT))]
    for _state, path in replayed:
        assert drawn_where_the_path_says(belief, path)
    for later in replayed[:2]:      # and a transposition of the transposed path
        nodes, pairs = candidate_pairs(belief, Particle(later[0], 1, later[1]))
        for x, y in pairs[:4]:
            again = replay(belief, nodes, {x: y, y: x}, deals.CHECKPOINT)
            assert again is None or drawn_where_the_path_says(belief, again[1])


def test_a_path_keeps_the_state_after_every_checkpoint_step():
    belief = followed("examples/tricks.rules", 3, 5, 40)
    particle = next(p for p in belief.particles if p.path is not None)
    nodes = deals.path_nodes(particle.path)
    start = len(belief.deal.actions_taken)
    kept = [node for node in nodes if node[3] is not None]
    assert kept and all(node[2] % deals.CHECKPOINT == 0 for node in kept)
    for node in kept:
        assert len(node[3].actions_taken) == start + node[2]
    assert [node[2] for node in nodes] == list(range(1, len(nodes) + 1))


def test_a_transposition_that_contradicted_a_step_is_not_replayed_again():
    for seed in range(20):
        belief = followed("examples/signals.rules", 2, seed, 50)
        for particle in belief.particles:
            if particle.path is None:
                continue
            nodes, pairs = candidate_pairs(belief, particle)
            belief._budget, belief._soft, belief._dead = 10 ** 9, None, {}
            for x, y in pairs:
                before = belief.stats.applies
                if belief._replay(nodes, {x: y, y: x}) is None and belief._dead:
                    assert belief.stats.applies > before
                    again = belief.stats.applies
                    assert belief._replay(nodes, {x: y, y: x}) is None
                    assert belief.stats.applies == again          # known dead: no step taken
                    return
    pytest.fail("no transposition contradicted a step in 20 games of Signals")


def test_a_step_whose_repairs_the_clock_stopped_is_left_for_the_next_update_and_the_belief_stays_exact():
    # Tricks, 3 players, seat 2 after a random deal and lead: some step (a card played that no
    # guess dealt to that hand) needs a transposition. With the soft deadline already past no
    # repair runs: the step is left (behind, still exact) up to POSTPONE times, then the closest
    # guesses are kept; with time, the same belief catches up exactly.
    from ruledsl.agents.determinise import POSTPONE

    def real(seed):
        return played(load("examples/tricks.rules", 3, {}), seed, 30)

    for seed in range(40):
        state = real(seed)
        probe = Belief(state.game, 2, seed)
        probe.update(state)
        if not probe.stats.transposed:
            continue
        belief = Belief(state.game, 2, seed)
        for _ in range(POSTPONE):
            now = time.perf_counter()
            assert belief.update(state, now - 1, now + 60) is False
            assert belief.exact and belief.behind > 0
        belief.update(state)        # no deadline: repairs run
        assert belief.exact and belief.behind == 0
        assert belief.sample(random.Random(0)).view(2) == state.view(2)
        stubborn = Belief(state.game, 2, seed)
        for _ in range(POSTPONE + 1):
            now = time.perf_counter()
            stubborn.update(state, now - 1, now + 60)
        assert not stubborn.exact      # left POSTPONE times: the closest guesses now
        return
    pytest.fail("no game of Tricks in 40 needed a transposition in its first 30 actions")


def test_the_climb_comes_nearer_when_an_event_lists_one_more_thing_right():
    """A clue that names the slots of every matching card: a guess whose clue lists one wrong
    slot fewer is nearer, though the event is still not equal (distance counts it once)."""
    state = load("examples/signals.rules", 2, {}).new_game(seed=1, chance="explicit")
    told = Observation(("P2 tells P1: cards 1, 3 are Red",), state, 0)
    wrong = Observation(("P2 tells P1: cards 2, 3 are Red",), state, 0)
    closer = Observation(("P2 tells P1: cards 3 are Red",), state, 0)
    assert distance(wrong, told) == distance(closer, told) == 1
    assert nearness(closer, told) < nearness(wrong, told)
    assert nearness(told, Observation(told.events, state, 0)) == (0, 0, 0)
    assert nearer(closer, told, nearness(wrong, told)) and not nearer(wrong, told, nearness(closer, told))


def test_a_clue_game_is_followed_by_transpositions_alone():
    """Clues about a seat's own hand, its cards dealt at the start: every step is taken by a
    guess whose whole history the rules allow (verified), none repaired in place."""
    for seed in range(6):
        real = load("examples/signals.rules", 2, {}).new_game(seed=seed, chance="explicit")
        rng = random.Random(seed)
        belief = Belief(real.game, seed % 2, seed)
        while not real.is_terminal() and len(real.actions_taken) < 120:
            if real.current_player == belief.seat:
                belief.update(real)
                assert belief.verified, f"seed {seed}, action {len(real.actions_taken)}"
            real.apply(random_step(real, rng))


def test_components_no_seat_has_seen_may_be_laid_otherwise_and_the_others_may_not():
    """unseen_orders: exchanging two cards of a shuffled deck (face down, seen by no seat) is
    another outcome of the shuffle, laid again the same by _reorder; a card some seat was shown
    is not, nor a move that changes how many a place holds."""
    from ruledsl.runtime.sampling import exchange
    game = load("examples/signals.rules", 2, {})
    state = game.new_game(seed=4, chance="explicit")
    while state.is_chance():
        state.apply(state.chance_outcomes()[0][0])
    deck = next(p.index for p in state.prog.places if p.name == "deck")
    hand = next(p.index for p in state.prog.places if p.name == "P2.hand")
    a, b = (c.id for c in state.contents[deck][:2])
    swapped = state.clone()
    assert exchange(swapped, a, b, 1)
    orders = deals.unseen_orders(state, swapped)
    assert orders == ((deck, tuple(c.id for c in swapped.contents[deck])),)
    again = state.clone()
    assert deals._reorder(again, orders, {}) and again.contents == swapped.contents
    shown = state.contents[hand][0].id          # P1 was shown it
    traded = state.clone()
    assert exchange(traded, shown, a, 1)        # P2 cannot tell them apart
    assert deals.unseen_orders(state, traded) is None
    assert deals.unseen_orders(state, state.clone()) == ()


CUT = """game "Cut"
players 2
kind Card, shown as "card {value}":
    value: int
zone deck: deck of Card:
    Card(value: v) for each v in 1..10
zone table: pile of Card
setup:
    shuffle deck
    announce "{count([each c in contents(deck) where c.value > 5])} high cards"
flow:
    repeat 4 times:
        for each p in players:
            turn p:
                choose by p:
                    option "turn over":
                        draw from deck to table face up
                    option "pass":
                        pass
    win players
"""


def test_a_deck_the_guess_laid_otherwise_is_laid_again_and_the_guess_keeps_its_path():
    """Reading a deck's whole order (`contents(deck)`) settles its open shuffle by the
    generator, so each card turned over is the guess's own; a repair that exchanges it with
    the one the seat saw keeps the path (verified), where it used to be a repair in place that
    left every later step without transpositions."""
    game = ruledsl.load("cut.rules", text=CUT)
    for seed in range(1, 4):
        real = game.new_game(seed=seed, chance="explicit")
        belief = Belief(game, 1, seed)
        while not real.is_terminal():
            if real.current_player == 1:
                belief.update(real)
                assert belief.verified, len(real.actions_taken)
            real.apply("turn over")
        assert belief.stats.repaired >= 1


DUEL = """game "Duel"
players 2
kind Card:
    value: int
zone deck: deck of Card:
    Card(value: v) for each v in 1..20
zone hand: hand of Card, per player
zone table: area of Card
setup:
    shuffle deck
    for each p in players:
        draw 3 from deck to p.hand
flow:
    simultaneously for each p in players:
        choose c from sort(each x in contents(p.hand) by x.value) as "play {c}":
            move c to table face up
    win players
"""


def test_a_transposition_remakes_the_secret_choice_the_reveal_names():
    """P1 plays a card in secret before P2 (the seat) chooses, and the reveal names it. A guess
    whose P1 did not hold it is repaired by exchanging it into P1's dealt hand: the replay then
    makes P1's choice the one the reveal names (its options are listed by value, so the option
    the guess took before names another card once the hand changed). Two guesses, fifteen deals:
    each followed by a transposition, never by following the game again from further back."""
    import ruledsl
    game = ruledsl.load("duel.rules", text=DUEL)
    applies = []
    for seed in range(1, 16):
        real = game.new_game(seed=seed, chance="explicit")
        rng = random.Random(seed)
        while not real.is_terminal():
            real.apply(rng.choice(real.legal_labels()))
        belief = Belief(game, 1, seed=seed, particles=2, min_particles=1)
        belief.update(real)
        assert belief.verified and belief.stats.retreats == 0
        applies.append(belief.stats.applies)
    assert max(applies) < 200


def test_cards_a_seat_holds_in_its_hand_are_not_laid_otherwise_as_unseen():
    """unseen_orders(held=True) takes a new lay of face-down cards as another outcome of the
    chance that laid them only when no seat sees them where they lie: two cards of the deck,
    yes; a card of P1's hand (which P1 sees) and one of the deck, no, though both are face down
    and P2 sees neither."""
    import ruledsl
    game = ruledsl.load("duel.rules", text=DUEL)
    state = game.new_game(seed=4, chance="explicit")
    while state.is_chance():
        state.apply(state.legal_labels()[0])
    place = {p.name: p.index for p in state.prog.places if getattr(p, "name", None)}
    hand = [c.id for c in state.contents[place["P1.hand"]]]
    deck = [c.id for c in state.contents[place["deck"]]]
    within = state.clone()
    assert deals.exchange(within, deck[0], deck[-1], 1)
    assert deals.unseen_orders(state, within, held=True) is not None
    across = state.clone()
    assert deals.exchange(across, hand[0], deck[0], 1)
    assert deals.unseen_orders(state, across, held=True) is None
