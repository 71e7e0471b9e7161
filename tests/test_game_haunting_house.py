"""The Haunting House: hidden cards, the log of skipped cards, the tile set and its random
orientations, and whole games ending on the exit (games/haunting_house.rules).

Hidden information is proved by indistinguishability: two games that differ only in
cards a seat may not know give that seat the very same view and log.
"""
from __future__ import annotations

import functools

import pytest
from hypothesis import given, settings, strategies as st

import ruledsl
from ruledsl.agents import RandomAgent, play_out, seat_seed

from .conftest import GAMES

PATH = str(GAMES / "haunting_house.rules")
ACTIONS = ["Move 1", "Move 2", "Switch Places", "Rotate 90", "Rotate 180", "Switch 2 Tiles",
           "Secret Passage", "Move Exit", "Trap Door", "Hall of Mirrors"]
RANDOM_ONLY = ["Move Exit", "Trap Door", "Hall of Mirrors"]
CHOOSABLE = [a for a in ACTIONS if a not in RANDOM_ONLY]
# Cards that always leave their player a choice, whatever the position.
ALWAYS_A_CHOICE = ["Rotate 90", "Rotate 180", "Switch 2 Tiles", "Move Exit"]


@functools.lru_cache(maxsize=None)
def game(players=2):
    return ruledsl.load(PATH, players=players)


def laid_out(players=2, seed=0, first_tiles=()):
    """A game under explicit chance, its tiles laid (first_tiles: (tile, rotation) for B2, C2, …,
    the rest at random), the entrance at B1 and the exit at H7: the deal is next."""
    state = game(players).new_game(seed=seed, chance="explicit")
    for tile, turn in first_tiles:
        state.apply(tile).apply(turn)
    chance = RandomAgent(seed)
    while state.is_chance():
        state.apply(chance.choose(state))
    state.apply("Welcome at B1").apply("Get Out at H7")
    return state


def deal(state, programs):
    """Deal each player's four random cards (chance outcomes), in seat order."""
    for cards in programs:
        for card in cards:
            assert state.is_chance(), state.legal_labels()[:5]
            state.apply(card)
    return state


def seats(state):
    return list(range(state.game.players)) + [None]


def program_label(cards):
    return "program " + ", ".join(cards)


# ------------------------------------------------------------ the random cards

@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), first=st.sampled_from(ALWAYS_A_CHOICE),
       blue=st.permutations(ACTIONS), rest_a=st.permutations(ACTIONS), rest_b=st.permutations(ACTIONS))
def test_random_cards_are_unknown_to_everyone_their_owner_included_until_turned(seed, first, blue, rest_a, rest_b):
    """Red's first card is the same in both games, its other three differ: until the second card is
    turned over, no seat (Red included) and no onlooker can tell the two games apart."""
    red_a = [first] + [a for a in rest_a if a != first][:3]
    red_b = [first] + [a for a in rest_b if a != first][:3]
    blue = blue[:4]
    start = laid_out(seed=seed)
    one = deal(start.clone(), [red_a, blue])
    two = deal(start.clone(), [red_b, blue])
    assert not one.is_chance() and one.current_player == 0          # Red acts on its first card
    for seat in seats(one):
        assert one.view(seat) == two.view(seat)
        assert one.events(seat) == two.events(seat)
        view = one.view(seat)
        for owner in one.game.seats:
            assert all(card["hidden"] and card["fields"] == {} for card in view["zones"][f"{owner}.program"])
            assert len(view["zones"][f"{owner}.program"]) == 3
    assert (one.fingerprint() != two.fingerprint()) == (red_a != red_b)   # the games do differ


def test_a_dealt_card_is_named_to_no_one_until_turned_over_and_then_to_everyone():
    state = deal(laid_out(seed=4), [["Rotate 90", "Move 1", "Move 2", "Trap Door"],
                                    ["Hall of Mirrors", "Rotate 180", "Move 2", "Move 1"]])
    for seat in seats(state):
        log = state.events(seat)
        assert not any(card in line for line in log for card in ("Move 1", "Move 2", "Trap Door", "Rotate 180"))
        assert "Red turns over Rotate 90" in log and "Blue turns over Hall of Mirrors" in log
        [turned] = state.view(seat)["zones"]["Red.turned"]
        assert turned["face_up"] and turned["fields"]["action"] == "Rotate90"     # views name enum values
    state.apply("rotate C3 by 90 clockwise")       # Red acts, Blue's Hall of Mirrors does nothing: second cards
    for seat in seats(state):
        log = state.events(seat)
        assert "Red turns over Move 1" in log and "Blue turns over Rotate 180" in log
        assert not any("Move 2" in line or "Trap Door" in line for line in log)


# ------------------------------------------------------------ the chosen cards

def to_chosen_round(seed):
    """A seeded 2-player game played at random up to Red programming its chosen cards."""
    state = game(2).new_game(seed=seed)
    bots = {seat: RandomAgent(seat_seed(seed, seat)) for seat in range(2)}
    while not state.legal_labels()[0].startswith("program "):
        state.apply(bots[state.current_player].choose(state))
        if state.is_terminal():
            return None
    return state


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), first=st.sampled_from(["Rotate 90", "Rotate 180", "Switch 2 Tiles"]),
       rest_a=st.permutations(CHOOSABLE), rest_b=st.permutations(CHOOSABLE))
def test_chosen_cards_stay_secret_until_turned(seed, first, rest_a, rest_b):
    """Red programs two different sequences with the same first card: Blue and onlookers cannot
    tell them apart while Blue programs, nor once the first cards are turned; Red knows its own."""
    start = to_chosen_round(seed)
    if start is None:
        return
    red_a = [first] + [a for a in rest_a if a != first][:3]
    red_b = [first] + [a for a in rest_b if a != first][:3]
    one, two = start.clone(), start.clone()
    one.apply(program_label(red_a))
    two.apply(program_label(red_b))
    assert one.current_player == 1 and one.legal_labels()[0].startswith("program ")
    for state, cards in ((one, red_a), (two, red_b)):
        assert f"Red: {program_label(cards)}" in state.events(0)
        assert f"Red: {program_label(cards)}" not in state.events(1)
        assert "Red makes a secret choice" in state.events(1)
    for seat in (1, None):
        assert one.view(seat) == two.view(seat) and one.events(seat) == two.events(seat)
    blue = one.legal_labels()[0]
    one.apply(blue)
    two.apply(blue)
    assert one.current_player == 0                                  # Red acts on its first card
    for seat in (1, None):
        assert one.view(seat) == two.view(seat) and one.events(seat) == two.events(seat)
        assert f"Red turns over {first}" in one.events(seat)


# ------------------------------------------------------------ "MUST, if at all possible"

def test_skipped_cards_say_why_to_everyone():
    # B2 a crossroads: from the entrance there is no wall to pass through.
    state = laid_out(seed=3, first_tiles=[("a crossroads", "0")])
    deal(state, [["Switch Places", "Secret Passage", "Hall of Mirrors", "Rotate 90"],
                 ["Hall of Mirrors", "Switch Places", "Secret Passage", "Rotate 180"]])
    assert state.legal_labels()[0].startswith("rotate ") and state.current_player == 0
    for seat in seats(state):
        log = state.events(seat)
        assert "Red cannot switch places while on the entrance tile" in log
        assert "Red finds no secret passage: no touching tile is behind a single wall" in log
        assert "Red is lost in the Hall of Mirrors and does nothing" in log
        assert "Blue is lost in the Hall of Mirrors and does nothing" in log


def test_a_pawn_shut_in_says_it_cannot_move_or_reach_a_trap_door():
    # B2 a dead end turned to face east: the entrance leads nowhere.
    state = laid_out(seed=3, first_tiles=[("a dead end", "90")])
    deal(state, [["Move 1", "Move 2", "Trap Door", "Rotate 90"],
                 ["Hall of Mirrors", "Move 1", "Trap Door", "Rotate 180"]])
    for seat in seats(state):
        log = state.events(seat)
        assert log.count("Red cannot move: no open path leads out of B1") == 2
        assert "Red cannot use a trap door: no unoccupied trap door can be reached" in log
        assert "Blue cannot move: no open path leads out of B1" in log


# ------------------------------------------------------------ the tiles

BASE_SET = {"a crossroads": 4, "a T-junction": 8, "a straight hallway": 8, "a corner": 7, "a dead end": 3,
            "a crossroads with a trap door": 2, "a T-junction with a trap door": 2,
            "a straight hallway with a trap door": 1, "a corner with a trap door": 1}
NORTH_UP = {"crossroads": ["N", "E", "S", "W"], "T-junction": ["N", "E", "W"], "straight hallway": ["N", "S"],
            "corner": ["N", "E"], "dead end": ["N"]}
TURN = {"N": "E", "E": "S", "S": "W", "W": "N"}


def orientations(sides):
    """The four turns of a tile's open sides, as sets."""
    out = []
    for _ in range(4):
        out.append(frozenset(sides))
        sides = [TURN[d] for d in sides]
    return out


def tiles_of(state):
    board = state.view(None)["board"]["House"]
    return {sq: cell["contents"] for sq, cell in board.items()}


def test_the_tile_set_is_laid_in_full_each_tile_in_one_of_its_four_turns():
    seen = {}
    for seed in range(40):
        state = game(2).new_game(seed=seed)
        tiles = [c for contents in tiles_of(state).values() for c in contents if c["kind"] == "Tile"]
        laid = [t["fields"] for t in tiles if t["fields"]["room"] in ("Hallway", "TrapDoorTile")]
        counts = {}
        for t in laid:
            counts[t["name"]] = counts.get(t["name"], 0) + 1
            shape = t["name"].removeprefix("a ").removesuffix(" with a trap door")
            assert frozenset(t["open"]) in orientations(NORTH_UP[shape])
            assert (t["room"] == "TrapDoorTile") == t["name"].endswith("trap door")
            seen.setdefault(shape, set()).add(frozenset(t["open"]))
        assert counts == BASE_SET
        assert all(t["face_up"] for t in tiles)
    # Over forty set-ups every tile that looks different when turned came out in each of its turns.
    for shape, sides in NORTH_UP.items():
        assert seen[shape] == set(orientations(sides))


def test_the_variant_swaps_only_the_tile_set():
    variant = ruledsl.load(str(GAMES / "haunting_house_tiles.rules"), players=2).new_game(seed=1)
    names = [c["fields"]["name"] for contents in tiles_of(variant).values() for c in contents if c["kind"] == "Tile"]
    assert names.count("a dead end") == 5
    assert sum(name.endswith("trap door") for name in names) == 8
    assert variant.legal_labels() == ["Welcome at B1", "Welcome at A2"]


# ------------------------------------------------------------ whole games

@pytest.mark.parametrize("players, seed", [(2, 11), (4, 12), (6, 13)])
def test_random_games_end_with_the_first_pawn_on_the_exit(players, seed):
    state = game(players).new_game(seed=seed)
    bots = {seat: RandomAgent(seat_seed(seed, seat)) for seat in range(players)}
    while not state.is_terminal():
        view = state.view(None)
        board = view["board"]["House"]
        pawns = {sq: [c for c in cell["contents"] if c["kind"] == "Pawn"] for sq, cell in board.items()}
        rooms = {sq: [c["fields"]["room"] for c in cell["contents"] if c["kind"] == "Tile"] for sq, cell in board.items()}
        exit_square = next((sq for sq, r in rooms.items() if r == ["GetOut"]), None)
        entrance = next((sq for sq, r in rooms.items() if r == ["Welcome"]), None)
        if exit_square is None or entrance is None:                   # the set-up is placing them
            state.apply(bots[state.current_player].choose(state))
            continue
        assert all(len(pawns[sq]) <= 1 for sq, r in rooms.items() if r == ["TrapDoorTile"])
        assert pawns[exit_square] == []
        corner = {"B1": "NW", "A2": "NW", "G1": "NE", "H2": "NE", "A7": "SW", "B8": "SW", "G8": "SE", "H7": "SE"}
        assert corner[exit_square] != corner[entrance]
        state.apply(bots[state.current_player].choose(state))
    returns = state.returns()
    assert sorted(returns) == [0.0] * (players - 1) + [1.0]
    winner = state.game.seats[returns.index(1.0)]
    board = state.view(None)["board"]["House"]
    [exit_square] = [sq for sq, cell in board.items()
                     if any(c["kind"] == "Tile" and c["fields"]["room"] == "GetOut" for c in cell["contents"])]
    assert [c["fields"]["name"] for c in board[exit_square]["contents"] if c["kind"] == "Pawn"] == [f"{winner}'s pawn"]
    assert state.events(None)[-2:] == [f"{winner} gets out of the house!", f"{winner} wins the game"]


def test_a_game_replays_from_its_record():
    state = game(3).new_game(seed=21)
    assert play_out(state, {seat: RandomAgent(seat_seed(21, seat)) for seat in range(3)})
    again = ruledsl.replay(game(3), state.record())
    assert again.fingerprint() == state.fingerprint()
