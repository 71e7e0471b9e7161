"""The repairs a Belief makes when no guess takes a step as its seat saw it (agents/repair.py):
each aimed at the components what the seat was told names, so that a repair takes a few tries,
not luck among dozens of lookalikes."""
import ruledsl
from ruledsl.agents import Belief
from ruledsl.agents.observe import Step
from ruledsl.runtime.sampling import exchange

BAG = """game "Token bag"
players 2
kind Token:
    label "face": text
    worth: int = 0
zone box "game box": bag of Token:
    23 x Token(label: "plain")
    1 x Token(label: "gold")
zone pool: bag of Token
zone table: area of Token
setup:
    draw 6 from box to pool
flow:
    draw from pool to table face up
    win players
"""


def _at_the_draw(seed: int):
    """(game, the real game before its told draw from the pool): the set-up put the gold token
    in the pool (at its draw seed % 6), where chance then takes it from."""
    game = ruledsl.load("bag.rules", text=BAG)
    real = game.new_game(seed=seed, chance="explicit")
    for n in range(6):
        real.apply("gold" if n == seed % 6 else "plain")
    assert real.current_player == ruledsl.CHANCE and "gold" in real.legal_labels()
    return game, real


def test_an_outcome_told_by_name_is_made_legal_by_swapping_in_the_component_it_names():
    """The seat saw the gold token drawn from the pool; a guess dealt it into the box (one of 24
    lookalikes the seat never saw). _make_legal swaps the token the label names into the pool,
    so the draw can be taken: on every deal, at the first tries (one random pair of places
    finds it one time in eighteen)."""
    for seed in range(1, 13):
        game, real = _at_the_draw(seed)
        belief = Belief(game, 0, seed=seed, particles=2, min_particles=1)
        belief.update(real)
        real.apply("gold")
        belief.observer.update(real)
        step = belief.observer.steps[belief.followed]
        assert isinstance(step, Step) and step.label == "gold"
        belief._budget = belief.work
        for particle in belief.particles:        # every guess holds the gold token in the box
            state = particle.state
            prog = state.prog
            gold = next(c.id for c in prog.comps if state.fields[c.id][0] == "gold")
            if prog.places[state.loc[gold]].name == "pool":
                assert exchange(state, gold, next(c.id for c in state.contents[prog.places.index(
                    next(p for p in prog.places if getattr(p, "name", None) == "box"))]), 0)
            assert "gold" not in state.legal_labels()
        applies = belief.stats.applies
        made = belief._make_legal(belief.particles, step)
        assert any(c.observation == step.observation for c in made), seed
        assert belief.stats.applies - applies <= 2



def test_a_told_draw_no_guess_allows_is_made_legal_by_a_swap_that_keeps_the_path():
    """The seat saw the gold token drawn from the pool where its guesses left it in the box. The
    two lie face down in bags no seat sees, so swapping them is another outcome of the set-up's
    draws: made in place (one step's work, no replay of the deal), the guess keeps its path."""
    fixed = 0
    for seed in range(1, 13):
        game, real = _at_the_draw(seed)
        belief = Belief(game, 0, seed=seed, particles=2, min_particles=1)
        belief.update(real)
        prog = real.prog
        gold = next(c.id for c in prog.comps if real.fields[c.id][0] == "gold")
        guessed = all(prog.places[p.state.loc[gold]].name == "pool" for p in belief.particles)
        real.apply("gold")
        belief.update(real)
        assert belief.exact and belief.verified, seed
        if not guessed:
            fixed += 1
            assert belief.stats.transposed == 0 and belief.stats.retreats == 0, seed
    assert fixed >= 3

CARDS = """game "Colours"
players 2
kind Card:
    label "name": text
    colour: text
zone deck: deck of Card:
    Card(label: "Beta", colour: "red")
    Card(label: "Gamma", colour: "red")
    Card(label: "Epsilon", colour: "blue")
    Card(label: "Alpha", colour: "red")
    Card(label: "Delta", colour: "blue")
zone hand: hand of Card, per player
setup:
    shuffle deck
    draw 2 from deck to P1.hand
flow:
    win players
"""


def test_a_swap_the_events_steer_tries_the_components_named_by_name_first():
    """The seat was told "Alpha (red) is turned over" where the guess told "Delta (blue)": the
    event names Alpha by its name and every other red card by its colour. The swap tried first
    is Alpha for Delta, not another red card for Delta (which cannot make the event agree)."""
    from types import SimpleNamespace
    game = ruledsl.load("colours.rules", text=CARDS)
    state = game.new_game(seed=1, chance="explicit")
    while state.current_player == ruledsl.CHANCE:
        state.apply(state.legal_labels()[0])
    belief = Belief(game, 1, seed=1)
    ids = {state.fields[c.id][0]: c.id for c in state.prog.comps}
    candidate = SimpleNamespace(parent=state, state=state, observation=SimpleNamespace(events=("Delta (blue) is turned over",)))
    target = SimpleNamespace(events=("Alpha (red) is turned over",))
    pairs = belief._named_pairs(candidate, target, 0, both_only=True)
    assert pairs[0] == (ids["Alpha"], ids["Delta"])
    assert {x for x, _ in pairs} <= {ids["Alpha"], ids["Beta"], ids["Gamma"]}


PLAY = """game "Play one"
players 2
kind Token:
    label "face": text
zone box "game box": bag of Token:
    6 x Token(label: "three")
    2 x Token(label: "bat")
zone hand: hand of Token, per player
zone table: area of Token
setup:
    draw 3 from box to P1.hand
flow:
    choose t from contents(P1.hand) as "play {t}" secretly by P1:
        move t to table face up
    win players
"""


def test_the_swaps_tried_first_exchange_the_very_token_the_guess_played():
    """The seat saw a bat played where the guess played a three: the guess's event names every
    three (six lookalikes), but only the one its step moved is worth exchanging for a bat. The
    steered swaps of a repair and the transpositions of a deal both try it first."""
    from types import SimpleNamespace
    game = ruledsl.load("play.rules", text=PLAY)
    for seed in range(1, 9):
        parent = game.new_game(seed=seed, chance="explicit")
        while parent.current_player == ruledsl.CHANCE:
            labels = parent.legal_labels()
            parent.apply("three" if "three" in labels and len(parent.actions_taken) < 2 else labels[-1])
        threes = [c.id for c in parent.prog.comps if parent.fields[c.id][0] == "three"]
        assert exchange(parent, threes[0], threes[-1], 1)      # not the first three of all in the hand
        child = parent.clone()
        child.apply("play three")
        played = next(c.id for c in parent.prog.comps if child.loc[c.id] != parent.loc[c.id])
        guessed = ("P1 makes a secret choice", "three moves from P1's hand to table")
        real = ("P1 makes a secret choice", "bat moves from P1's hand to table")
        candidate = SimpleNamespace(parent=parent, state=child, observation=SimpleNamespace(events=guessed))
        belief = Belief(game, 1, seed=seed)
        first = belief._named_pairs(candidate, SimpleNamespace(events=real), 1, both_only=True)[0]
        assert first[1] == played and child.fields[first[0]][0] == "bat"
        drawn = {c.id for c in parent.prog.comps}
        first = belief._pairs(parent, drawn, real, guessed, None, moved=frozenset({played}))[0]
        assert played in first and {child.fields[c][0] for c in first} == {"bat", "three"}


def test_the_closest_of_a_steps_options_reads_views_only_where_the_events_tie():
    """A step retaken from a changed guess picks the closest of its options: by the events told,
    then by the view; the views' digests (dearer than the step) are made only for the options
    whose events are as close as any."""
    from ruledsl.agents.compare import closest_by_events
    from ruledsl.agents.observe import Observation

    game = ruledsl.load("colours.rules", text=CARDS)
    state = game.new_game(seed=1, chance="explicit")
    digests = []

    class Counted:
        def __init__(self, state, name):
            self.state, self.name = state, name

        def view_digest(self, seat):
            digests.append(self.name)
            return self.state.view_digest(seat)

    target = Observation(("Alpha is turned over", "P1's turn"), Counted(state, "target"), 1)
    options = [SimpleCandidate(Observation(events, Counted(state, name), 1))
               for name, events in (("far", ("Beta is turned over", "P2's turn")),
                                    ("near", ("Beta is turned over", "P1's turn")),
                                    ("nearer", ("Alpha is turned over", "P1's turn")))]
    assert closest_by_events(options, target) is options[2]
    assert "far" not in digests and "near" not in digests


class SimpleCandidate:
    def __init__(self, observation):
        self.observation = observation


def test_a_retaken_step_that_is_enough_for_the_climb_is_not_taken_again_with_every_option():
    """A swap's step is taken again with the option the guess took; only when that neither fits
    nor is enough for the caller (a climb that needs only to come closer) is every option of
    the step tried (a secret choice: each is a step)."""
    game = ruledsl.load("play.rules", text=PLAY)
    real = game.new_game(seed=3, chance="explicit")
    while real.current_player == ruledsl.CHANCE:
        labels = real.legal_labels()
        real.apply("bat" if "bat" in labels and len(real.actions_taken) < 1 else labels[0])
    belief = Belief(game, 1, seed=3, particles=1, min_particles=1)
    belief.update(real)
    real.apply("play bat")
    belief.observer.update(real)
    step = belief.observer.steps[belief.followed]
    belief._budget = belief.work
    guess = next(c for c in belief._children(belief.particles[0], step, 4, every=True)
                 if c.observation != step.observation)
    for enough, applies in ((lambda c: True, 1), (None, 1 + len(guess.parent.legal_labels()))):
        before = belief.stats.applies
        assert belief._retake_closest(guess, guess.parent.clone(), step, enough) is not None
        assert belief.stats.applies - before == applies


def test_a_guess_that_tries_every_option_stops_once_enough_fit():
    """When no guess's draws fit a step, a few guesses try every option of it; with `enough`, in
    an order drawn by weight, until that many fit: a deal of many cards the seat cannot tell
    apart fits at its first option, not after all of them."""
    game = ruledsl.load("colours.rules", text=CARDS)
    real = game.new_game(seed=2, chance="explicit")
    belief = Belief(game, 1, seed=2, particles=1, min_particles=1)
    belief.update(real)
    real.apply(real.legal_labels()[0])          # P1 dealt a card the seat sees only the back of
    belief.observer.update(real)
    step = belief.observer.steps[belief.followed]
    belief._budget = belief.work
    particle = belief.particles[0]
    everything = belief._children(particle, step, belief.branch, every=True)
    assert len(everything) == len(particle.state.legal_labels()) > 1
    assert all(c.observation == step.observation for c in everything)
    before = belief.stats.applies
    assert len(belief._children(particle, step, belief.branch, every=True, enough=1)) == 1
    assert belief.stats.applies - before == 1


def test_options_are_tried_in_an_order_drawn_by_their_weights():
    belief = Belief(ruledsl.load("colours.rules", text=CARDS), 1, seed=5)
    options = [("rare", 0.01), ("likely", 0.98), ("rarer", 0.01)]
    orders = [belief._weighted_order(options) for _ in range(200)]
    assert all(sorted(order) == sorted(options) for order in orders)
    firsts = sum(order[0][0] == "likely" for order in orders)
    assert firsts > 180


VISIONS = """game "Visions"
players 2
kind Card, shown as "card {value}":
    value: int
zone deck: deck of Card:
    4 x Card(value: 3)
    4 x Card(value: 5)
zone visions: row of Card, per player
setup:
    shuffle deck
    for each p in players:
        draw 1 from deck to p.visions face down
flow:
    for each p in players:
        turn p:
            choose by p:
                option "look":
                    reveal contents(p.visions)
    win players
"""


def test_the_swaps_tried_first_exchange_the_very_card_the_guess_turned_over():
    """The seat saw P1's card revealed a five where the guess revealed a three: the guess's event
    names every three (four lookalikes, three of them still in the deck), but only the one its
    step turned over is worth exchanging for a five. The steered swaps try it first."""
    from types import SimpleNamespace
    game = ruledsl.load("visions.rules", text=VISIONS)
    for seed in range(1, 7):
        parent = game.new_game(seed=seed, chance="explicit")
        while parent.current_player == ruledsl.CHANCE:
            parent.apply("card 3" if "card 3" in parent.legal_labels() else parent.legal_labels()[0])
        threes = [c.id for c in parent.prog.comps if parent.fields[c.id][0] == 3]
        assert exchange(parent, threes[0], threes[-1], 1)      # the one dealt is not the first three of all
        child = parent.clone()
        child.apply("look")
        turned = next(c for c in threes if child.face[c] != parent.face[c] or child.known[c] != parent.known[c])
        guessed = tuple(child.events(1, since=parent.log_mark))
        real = tuple(e.replace("card 3", "card 5") for e in guessed)
        k = next(i for i, (a, b) in enumerate(zip(guessed, real)) if a != b)
        candidate = SimpleNamespace(parent=parent, state=child, observation=SimpleNamespace(events=guessed))
        first = Belief(game, 1, seed=seed)._named_pairs(candidate, SimpleNamespace(events=real), k, both_only=True)[0]
        assert first[1] == turned and child.fields[first[0]][0] == 5


BURY = """game "Bury"
players 2
kind Card, shown as "card {value}":
    value: int
zone deck: deck of Card:
    Card(value: v) for each v in 1..8
zone table: pile of Card
setup:
    shuffle deck
flow:
    turn P1:
        let c = top(deck)
        show c to [P1]
        choose by P1:
            option "bury":
                move c to bottom of deck face down
            option "keep":
                pass
    repeat 3 times:
        draw from deck to table face up
    win players
"""


def test_a_card_the_guess_laid_under_the_deck_is_swapped_with_one_still_to_draw():
    """P1 looked at the top card and put it under the deck: the seat (P2) never saw which. A
    guess that buried another card cannot draw the one the seat then saw drawn from the top,
    since in the guess it lies under the deck; the swaps that may make the draw legal pair it
    with the cards of that same deck still to draw (not only with lookalikes elsewhere)."""
    game = ruledsl.load("bury.rules", text=BURY)
    for seed in range(1, 5):
        state = game.new_game(seed=seed, chance="explicit")
        state.apply("bury")
        deck = next(p for p in state.prog.places if getattr(p, "name", "") == "deck")
        buried = state.contents[deck.index][-1]
        label = f"card {state.fields[buried.id][0]}"
        assert state.is_chance() and label not in state.legal_labels()
        pairs = Belief(game, 1, seed=seed)._label_pairs(state, label)
        assert pairs and all(x == buried.id and state.loc[y] == deck.index for x, y in pairs)
        x, y = pairs[0]
        swapped = state.clone()
        assert exchange(swapped, x, y, 1) and label in swapped.legal_labels()
