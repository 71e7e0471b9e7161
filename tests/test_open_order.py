"""Decks whose shuffle explicit chance leaves open, and what lies in a known order at their ends
(runtime/model/open_order.py): cards put under or on an open deck are drawn in their order,
the rest stay chance's to pick, and `top(deck)` settles the one card it reads."""
import random

from hypothesis import given, settings, strategies as st

import ruledsl
from ruledsl.runtime.model.open_order import ends

OPEN = """game "Open deck"
players 1
kind Card, shown as "card {value}":
    value: int
zone deck: deck of Card:
    Card(value: v) for each v in 1..6
zone table: pile of Card
setup:
    shuffle deck
flow:
    repeat 14 times:
        turn P1:
            choose by P1:
                option "draw" if count(deck) > 0:
                    draw from deck to table face up
                option "draw bottom" if count(deck) > 0:
                    draw from bottom of deck to table face up
                option "bury" if count(table) > 0:
                    move top(table) to bottom of deck face down
                option "stack" if count(table) > 0:
                    move top(table) to deck face down
                option "peek" if count(deck) > 0:
                    announce "the top card is {top(deck).value}"
                option "shuffle" if count(deck) > 1:
                    shuffle deck
                option "wait":
                    pass
    win players
"""


def _game():
    return ruledsl.load("open.rules", text=OPEN)


def _label(state, comp) -> str:
    return f"card {state.fields[comp.id][0]}"


def _place(state, name: str) -> int:
    return next(p.index for p in state.prog.places if getattr(p, "name", "") == name)


def _table_top(state) -> str:
    return _label(state, state.contents[_place(state, "table")][0])


class Model:
    """The deck as a person at the table knows it: cards known on top, the shuffled rest,
    cards known underneath."""

    def __init__(self):
        self.head, self.open, self.tail, self.table = [], {f"card {v}" for v in range(1, 7)}, [], []

    def drawn_from(self, bottom: bool):
        """The card a draw takes when it is decided (None: chance picks among self.open)."""
        known = self.tail if bottom else self.head
        if known:
            return known.pop() if bottom else known.pop(0)
        if len(self.open) == 1:
            return self.open.pop()
        if not self.open:
            return self.head.pop() if bottom else self.tail.pop(0)
        return None


def _step(state, model, action: str, rng: random.Random) -> None:
    mark = state.log_mark
    state.apply(action)
    if action in ("draw", "draw bottom"):
        expected = model.drawn_from(action == "draw bottom")
        if expected is None:
            outcomes = {a.label for a, _ in state.chance_outcomes()}
            assert state.is_chance() and outcomes == model.open
            pick = rng.choice(sorted(outcomes))
            state.apply(pick)
            model.open.discard(pick)
            expected = pick
        else:
            assert not state.is_chance()
        assert _table_top(state) == expected
        model.table.insert(0, expected)
    elif action in ("bury", "stack"):
        card = model.table.pop(0)
        if action == "bury":
            model.tail.append(card)
        else:
            model.head.insert(0, card)
    elif action == "shuffle":       # nothing is known of the order any more
        model.open |= set(model.head) | set(model.tail)
        model.head, model.tail = [], []
    elif action == "peek":
        told = next(e for e in state.events(0, since=mark) if e.startswith("the top card is"))
        card = "card " + told.rsplit(" ", 1)[1]
        if model.head:
            assert model.head[0] == card
        elif model.open:        # read off the cards nobody has seen: it is known to lie on top now
            assert card in model.open
            model.open.discard(card)
            model.head.insert(0, card)
        else:
            assert model.tail[0] == card


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 6), min_size=14, max_size=14), st.integers(0, 10 ** 6))
def test_an_open_deck_draws_what_lies_at_its_ends_and_leaves_the_rest_to_chance(picks, seed):
    """Random plays of draws from either end, cards put under or on the deck, peeks at its top
    and shuffles, against a model of what a person at the table knows: a draw from an end where a card
    is known takes it with no chance event; otherwise chance picks among exactly the cards whose
    place nobody knows. Every state's view is the same whatever order those cards lie in."""
    state = _game().new_game(seed=seed, chance="explicit")
    model, rng = Model(), random.Random(seed)
    for pick in picks:
        if state.is_terminal():
            break
        labels = state.legal_labels()
        _step(state, model, labels[pick % len(labels)], rng)
        _assert_open_order_unseen(state)


def _assert_open_order_unseen(state) -> None:
    deck = _place(state, "deck")
    if deck not in state.lazy:
        return
    h, t = ends(state, deck)
    items = state.contents[deck]
    middle = list(items[h:len(items) - t])
    other = state.clone()
    random.Random(len(items)).shuffle(middle)
    other.contents[deck] = items[:h] + tuple(middle) + items[len(items) - t:]
    assert other.view(0) == state.view(0) and other.view_digest(0) == state.view_digest(0)


def test_cards_put_under_an_open_deck_come_after_every_card_still_shuffled():
    """Two cards drawn and put under the deck: the next draws are chance events among the four
    cards nobody has seen, then the two come back in the order they were put under."""
    state = _game().new_game(seed=3, chance="explicit")
    model, rng = Model(), random.Random(3)
    for action in ("draw", "draw", "bury", "bury"):
        _step(state, model, action, rng)
    deck = _place(state, "deck")
    assert deck in state.lazy and ends(state, deck) == (0, 2)
    buried = list(model.tail)
    for _ in range(4):
        state.apply("draw")
        if len(model.open) > 1:
            assert state.is_chance() and len(state.chance_outcomes()) == len(model.open)
            pick = state.chance_outcomes()[0][0].label
            state.apply(pick)
            model.open.discard(pick)
        else:       # the last one nobody has seen: no choice left to chance
            assert not state.is_chance() and _table_top(state) == model.open.pop()
    for card in buried:
        state.apply("draw")
        assert not state.is_chance() and _table_top(state) == card


def test_the_top_card_read_is_the_next_drawn_and_the_rest_stay_open():
    """`top(deck)` read on an open deck gives that card its place only: the next draw takes it
    with no chance event, the one after is chance's among the other five."""
    state = _game().new_game(seed=5, chance="explicit")
    mark = state.log_mark
    state.apply("peek")
    told = next(e for e in state.events(0, since=mark) if e.startswith("the top card is"))
    state.apply("draw")
    assert not state.is_chance() and _table_top(state) == "card " + told.rsplit(" ", 1)[1]
    state.apply("draw")
    assert state.is_chance() and len(state.chance_outcomes()) == 5


def test_a_replayed_game_with_an_open_deck_is_the_same_state():
    """The ends of an open deck are part of the state: a record replays to the same fingerprint."""
    state = _game().new_game(seed=7, chance="explicit")
    rng = random.Random(7)
    for _ in range(30):
        if state.is_terminal():
            break
        labels = state.legal_labels()
        state.apply(rng.choice(labels))
    assert '"ends"' in state.fingerprint()
    assert ruledsl.replay(state.game, state.record()).fingerprint() == state.fingerprint()
