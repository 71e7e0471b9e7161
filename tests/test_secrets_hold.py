"""Four ways a secret once got out (issue 42), each closed at its root, and the rules that close them.

1. The id of a seat's own card told which alike cards the seats before it were dealt: a
   component whose face a seat sees is shown by a handle that tells no more than its face.
2. A map keyed by a card in a hidden hand showed the card's face as the key: keys are shown as
   the seat reads them, as values and list items are; and a map every seat sees may not be
   keyed by cards that may lie hidden (which entries it has would tell which cards are one).
3. A board condition that read a secret showed it in every seat's exits: the checker refuses it.
4. A swap between two hands named both cards to an onlooker: the onlooker is told a face only
   when every seat saw it before or sees it now.
Then what a decision's labels and chance's history tell a seat, by the same rule.
"""
from __future__ import annotations

import random

import numpy as np
import pytest

import ruledsl
from ruledsl.errors import RulesError
from ruledsl.interop.observe import encoding_of, information_state_string, observation_string

from .conftest import GAMES


def _load(text: str, players: int = 2):
    return ruledsl.load("secrets.rules", players=players, text=text)


def _sees_alike(a, b, seat) -> None:
    """Everything seat is shown of a and b is equal: view, events, strings, tensor, history."""
    assert a.view(seat) == b.view(seat)
    assert a.events(seat) == b.events(seat)
    assert observation_string(a, seat) == observation_string(b, seat)
    assert information_state_string(a, seat) == information_state_string(b, seat)
    assert np.array_equal(encoding_of(a.game).tensor(a, seat), encoding_of(b.game).tensor(b, seat))
    assert a.actions_seen(seat) == b.actions_seen(seat)


# ---------------------------------------------------------------- 1. handles of alike components
def _shining_dealt(red_role: str):
    """The Shining with the Corrupted, 4 seats, explicit chance: chance as a fixed stream, but Red
    dealt red_role and the next seat (Blue) a Caretaker."""
    game = ruledsl.load(str(GAMES / "shining.rules"), players=4, options={"corrupted": "true"})
    state = game.new_game(seed=1, chance="explicit")
    rng = random.Random(3)
    dealt = 0
    while dealt < 2:
        outcomes = [a.label for a, _ in state.chance_outcomes()] if state.is_chance() else None
        if outcomes is None:
            state.apply(state.legal_labels()[0])
        elif set(outcomes) <= {"Caretaker", "Corrupted"}:
            state.apply(red_role if dealt == 0 else "Caretaker")
            dealt += 1
        else:
            state.apply(rng.choice(outcomes))
    return state


def test_the_id_of_ones_own_alike_card_does_not_tell_what_the_seats_before_were_dealt():
    traitor, caretaker = _shining_dealt("Corrupted"), _shining_dealt("Caretaker")
    blue = 1
    assert traitor.view(0) != caretaker.view(0)         # Red sees its own role
    _sees_alike(traitor, caretaker, blue)
    [card] = traitor.view(blue)["zones"]["Blue.role"]
    assert card["fields"] == {"side": "Caretaker"} and "id" in card


KEYS = """
game "Keys"
players 2
kind Card:
    value: int
zone hand: hand of Card, per player:
    Card(value: 7)
    Card(value: 8)
zone table: area of Card:
    Card(value: 5)
var seen: map = {}, per player, visible to owner
flow:
    for each p in players:
        for each c in p.hand:
            set p.seen[c] to p
    turn P1:
        choose c from contents(P1.hand) as "lay {c}":
            move c to table
    turn P1:
        choose c from contents(P1.hand) secretly as "pass {c}":
            move c to P2.hand
    win players
"""


def test_lookalikes_are_numbered_by_where_they_lie_and_a_unique_component_keeps_its_id():
    game = _load(KEYS)
    state = game.new_game(seed=1)
    prog = state.prog
    sevens = [c.id for c in prog.comps if state.fields[c.id] == (7,)]
    assert len(sevens) == 2                              # P1's seven and P2's: lookalikes
    mine = state.view(0)["zones"]["P1.hand"]
    theirs = state.view(1)["zones"]["P2.hand"]
    # each seat sees one seven: both are shown as the first seven, whichever it is
    assert [e["id"] for e in mine if e["fields"]["value"] == 7] == [sevens[0]]
    assert [e["id"] for e in theirs if e["fields"]["value"] == 7] == [sevens[0]]
    five = next(c.id for c in prog.comps if state.fields[c.id] == (5,))
    assert [e["id"] for e in state.view(1)["zones"]["table"]] == [five]      # no lookalike: its own id
    state.apply("lay 7")
    # two sevens in sight of P2, numbered in the order of the places: its hand, then the table
    assert [e["id"] for e in state.view(1)["zones"]["P2.hand"] if e["fields"]["value"] == 7] == [sevens[0]]
    assert [e["id"] for e in state.view(1)["zones"]["table"]] == [five, sevens[1]]


# ---------------------------------------------------------------- 2. map keys
def test_a_map_keyed_by_cards_shows_each_key_as_the_seat_reads_it():
    state = _load(KEYS).new_game(seed=1)
    assert state.view(0)["vars"]["seen"] == {"P1": {"7": "P1", "8": "P1"}}
    state.apply("lay 8")
    state.apply("pass 7")          # P1's seven goes where P1 cannot see it
    assert state.view(0)["vars"]["seen"] == {"P1": {"8": "P1", "a Card": "P1"}}
    # another face for the seven in P2's hand: the same view for P1, not for P2
    other = state.clone()
    other.fields = list(state.fields)
    seven = next(c.id for c in state.prog.comps if state.owner[c.id].index == 0 and state.fields[c.id] == (7,))
    other.fields[seven] = (6,)
    _sees_alike(state, other, 0)
    assert other.view(1) != state.view(1)


def test_keys_that_read_alike_are_kept_apart_in_an_order_that_tells_nothing():
    game = _load(KEYS.replace("set p.seen[c] to p", "set p.seen[c] to c.value"))
    state = game.new_game(seed=1)
    state.apply("lay 8")
    state.apply("pass 7")
    shown = state.view(0)["vars"]["seen"]["P1"]
    assert shown == {"8": 8, "a Card": 7}
    both = state.clone()         # both of P1's cards out of its sight: two keys read 'a Card'
    both.owner = list(state.owner)
    eight = next(c.id for c in state.prog.comps if state.owner[c.id].index == 0 and state.fields[c.id] == (8,))
    table, hand = state.prog.zones["table"], state.prog.zones["hand"][1]
    both.contents = list(state.contents)
    both.loc = list(state.loc)
    both.contents[table.index] = tuple(c for c in state.contents[table.index] if c.id != eight)
    both.contents[hand.index] = state.contents[hand.index] + (state.prog.comps[eight],)
    both.loc[eight] = hand.index
    both.face = list(state.face)
    both.face[eight] = False
    assert both.view(0)["vars"]["seen"]["P1"] == {"a Card": 7, "a Card (2)": 8}


def test_a_map_every_seat_sees_may_not_be_keyed_by_cards_that_may_lie_hidden():
    public = KEYS.replace(", per player, visible to owner", "").replace("set p.seen[c]", "set seen[c]")
    with pytest.raises(RulesError) as err:
        _load(public)
    assert (err.value.line, err.value.column) == (15, 22)
    assert "seen is a map every seat sees, keyed here by a Card" in str(err.value)
    by_player = public.replace("set seen[c] to p", "set seen[p] to c.value")
    assert _load(by_player).new_game(seed=1).view(None)["vars"]["seen"] == {"P1": 8, "P2": 8}


# ---------------------------------------------------------------- 3. board conditions
DOOR = """
game "Doors"
players 2
var door: bool = false, per player, visible to owner
board House grid:
    map: \"\"\"
. .
\"\"\"
    connect orthogonal(a, b, d) when P1.door
flow:
    turn P1:
        choose x from [true, false] secretly as "door {x}":
            set P1.door to x
    win players
"""


def test_a_board_condition_that_reads_a_secret_is_refused_where_it_reads_it():
    with pytest.raises(RulesError) as err:
        _load(DOOR)
    assert (err.value.line, err.value.column) == (9, 38)
    assert "reads the variable door (visible to owner), which not every seat may see" in str(err.value)
    public = _load(DOOR.replace(", per player, visible to owner", ", per player")).new_game(seed=1)
    public.apply("door true")
    assert public.view(1)["board"]["House"]["A1"]["exits"] == ["E"]      # a public door: seen by all


# ---------------------------------------------------------------- 4. the onlooker
KING = """
game "King"
players 2
kind Card:
    name: text
zone hand: hand of Card, per player
zone deck: deck of Card:
    Card(name: "Guard")
    Card(name: "King")
flow:
    for each p in players:
        draw from deck to p.hand
    turn P1:
        choose c from contents(P1.hand) secretly as "trade {c}":
            swap c with first(contents(P2.hand))
        choose c from contents(P1.hand) secretly as "pass {c}":
            move c to P2.hand
    win players
"""


def test_a_swap_between_two_hands_names_neither_card_to_an_onlooker():
    state = _load(KING).new_game(seed=1)
    state.apply(state.legal_labels()[0])
    state.apply(state.legal_labels()[0])
    moves = [e for e in state.events(None) if "moves from" in e]
    assert moves[2:] == ["a Card moves from P1's hand to P2's hand", "a Card moves from P2's hand to P1's hand",
                         "a Card moves from P1's hand to P2's hand"]
    assert all(e.split()[0] in ("Guard", "King") for e in state.events(0) if " moves from P" in e)
    assert all(e.split()[0] in ("Guard", "King") for e in state.events(1) if " moves from P" in e)
    # the other deal: the onlooker reads the same
    other = _load(KING).new_game(seed=2)
    other.apply(other.legal_labels()[0])
    other.apply(other.legal_labels()[0])
    assert other.events(None) == state.events(None)


# ---------------------------------------------------------------- labels and chance, by the same rule
BLIND = """
game "Blind"
players 2
kind Card:
    value: int
zone hand: hand of Card, per player:
    Card(value: v) for each v in [3, 9]
zone won: area of Card
flow:
    turn P1:
        choose c from contents(P2.hand) as "take {c}":
            move c to won
    turn P2:
        let c = random(contents(P2.hand))
        move c to won
    win players
"""


def test_a_choice_among_cards_the_chooser_cannot_see_labels_them_by_their_kind():
    state = _load(BLIND).new_game(seed=1)
    assert state.legal_labels() == ["take a Card"]       # two cards it cannot tell apart: one option
    assert state.view(0)["actions"] == ["take a Card"]


def test_chance_that_picks_a_hidden_card_is_told_only_to_those_who_see_it():
    state = _load(BLIND).new_game(seed=1, chance="explicit")
    state.apply("take a Card")
    assert state.is_chance()
    state.apply(state.legal_labels()[0])
    assert state.actions_seen(0)[-1] is None              # P2's card, picked by chance: P1 did not see it
    assert state.actions_seen(1)[-1] is not None
    assert state.actions_seen(None)[-1] is None


ALIKE = """
game "Alike faces"
players 2
kind Card:
    value: int
    cursed: bool = false, visible to nobody
zone deck: deck of Card:
    Card(value: 7, cursed: true)
    Card(value: 7)
zone hand: hand of Card, per player
flow:
    shuffle deck
    draw from deck to P1.hand
    turn P1:
        choose n from [1] as "end":
            pass
    win players
"""


def test_which_of_two_cards_alike_on_their_faces_was_drawn_is_told_to_no_one():
    state = _load(ALIKE).new_game(seed=1, chance="explicit")
    outcomes = sorted(a.label for a in state.legal_actions())
    assert outcomes == ["7 (1)", "7 (2)"]                # told apart by a field no one sees
    cursed = state.clone().apply("7 (1)")
    plain = state.clone().apply("7 (2)")
    assert cursed.actions_seen(0) == plain.actions_seen(0) == [None]
    _sees_alike(cursed, plain, 0)


# ---------------------------------------------------------------- the order a hand was dealt in
DEALT = """
game "Dealt"
players 2
kind Card:
    value: int
zone deck: deck of Card:
    Card(value: v) for each v in [3, 5, 9]
zone hand: hand of Card, per player
zone discard: pile of Card
zone table: area of Card
setup:
    shuffle deck
    draw 3 from deck to P2.hand
flow:
    turn P1:
        choose by P1:
            option "to the pile":
                move contents(P2.hand) to discard face up
            option "to the table":
                move contents(P2.hand) to table face up
    win players
"""


@pytest.mark.parametrize("option", ["to the pile", "to the table"])
@pytest.mark.parametrize("seed", range(1, 7))
def test_a_hand_moved_whole_does_not_tell_the_order_it_was_dealt_in(seed, option):
    """A hand has no order to show, but holds its cards in the order they came: the order of a deal
    another seat did not see. Moved whole, it goes in the order of how its cards read, so neither
    the event that names them nor the pile they land on tells the other seat that order (six
    seeds: the deck's orders, one a seed; every one reads alike to P1)."""
    game = _load(DEALT)
    first = game.new_game(seed=1)
    first.apply(option)
    state = game.new_game(seed=seed)
    state.apply(option)
    _sees_alike(state, first, 0)
    assert [c["text"] for c in state.view(0)["zones"]["discard"]] in ([], ["9", "5", "3"])
