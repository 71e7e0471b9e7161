"""Properties of random play in every bundled game, at its fewest and most players.

Hypothesis draws a seed and a stream of random choices; a playout takes
random legal actions (capped, so each example stays short). Along the way:
components are conserved, clones are independent, records replay to the same
state, play is deterministic, views tell a seat nothing it may not see, and a
game that is not over always has a decision.
"""
from __future__ import annotations

import math

import random
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import ruledsl

from .conftest import BUNDLED, EXAMPLES

ALL = BUNDLED + EXAMPLES


def _counts(path) -> list:
    players = ruledsl.load(str(path)).definition.players
    return sorted({players.low, players.high})


CONFIGS = [(path, count) for path in ALL for count in _counts(path)]
IDS = [f"{path.stem}-{count}p" for path, count in CONFIGS]
EXAMPLE_CONFIGS = [(path, count) for path, count in CONFIGS if path in EXAMPLES]
EXAMPLE_IDS = [f"{path.stem}-{count}p" for path, count in EXAMPLE_CONFIGS]

CAP = 60            # actions per playout: enough to get past every game's set-up and first rounds
SHORT = settings(max_examples=3, deadline=None, suppress_health_check=list(HealthCheck))
SEEDS = st.integers(min_value=0, max_value=2**31 - 1)
CHOICES = st.randoms(use_true_random=False)


@lru_cache(maxsize=None)
def game_of(path, count):
    return ruledsl.load(str(path), players=count)


def pick(state, rnd):
    """A random legal action; at a chance event, an outcome drawn by its probability."""
    if state.is_chance():
        outcomes = state.chance_outcomes()
        return rnd.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
    return rnd.choice(state.legal_actions())


def playout(game, seed, rnd, cap=CAP, chance="seeded", each=None):
    """Random play from a new game; each(state) is called before every action and at the end."""
    state = game.new_game(seed=seed, chance=chance)
    for _ in range(cap):
        if each is not None:
            each(state)
        if state.is_terminal():
            return state
        state.apply(pick(state, rnd))
    if each is not None:
        each(state)
    return state


# ---------------------------------------------------------------- what a seat may see
# A restatement of docs/language.md#visibility, written apart from the interpreter's own.


def place_of(state, comp_id):
    return state.game.program.places[state.loc[comp_id]]


def may_see_face(state, comp_id, seat) -> bool:
    """Face up, shown to the seat, or in a zone whose faces the seat sees."""
    if state.face[comp_id] or state.known[comp_id] >> seat & 1:
        return True
    place = place_of(state, comp_id)
    if not hasattr(place, "visibility"):           # a board location: only what lies face up
        return False
    return place.visibility == "all" or (
        place.visibility == "owner" and place.owner is not None and place.owner.index == seat)


def listing(view, place):
    """The view's list of what lies in a place (a zone by its name, a location under its board)."""
    if hasattr(place, "visibility"):
        return view["zones"].get(place.name, [])      # a `hidden` zone is never shown
    return view["board"][place.board][place.name]["contents"]


def component_entries(value):
    """Every component shown anywhere in a view (zones, board, variables)."""
    if isinstance(value, dict):
        if "kind" in value and ("id" in value or value.get("hidden") is True):
            yield value
        for v in value.values():
            yield from component_entries(v)
    elif isinstance(value, list):
        for v in value:
            yield from component_entries(v)


def aligned(state, view):
    """(entry, component id) for each place whose listing shows every component in it, in order."""
    pairs = []
    for place in state.game.program.places:
        entries = listing(view, place)
        comps = state.contents[place.index]
        if len(entries) == len(comps):
            pairs += [(entry, comp.id) for entry, comp in zip(entries, comps)]
    return pairs


# ---------------------------------------------------------------- invariants


def assert_conserved(state):
    """Each component lies in exactly one place, the one state.loc names; none appear or vanish."""
    total = len(state.game.program.comps)
    assert len(state.loc) == total
    where = {}
    for index, comps in enumerate(state.contents):
        for comp in comps:
            assert comp.id not in where, f"component {comp.id} lies in places {where[comp.id]} and {index}"
            where[comp.id] = index
    assert len(where) == total
    assert all(state.loc[cid] == index for cid, index in where.items())


def assert_decision_or_end(state):
    players = state.game.players
    if state.is_terminal():
        assert state.current_player is None and state.legal_actions() == []
        returns = state.returns()
        # numbers: 0 to 1 for wins and rankings, any finite number for points (a shared score of 0 to 9)
        assert len(returns) == players and all(isinstance(r, (int, float)) and math.isfinite(r) for r in returns)
        if not any("end game returns" in source.text for source in state.game.sources.values()):
            assert all(0.0 <= r <= 1.0 for r in returns)
    else:
        assert state.legal_actions(), "a game that is not over has no decision"
        assert state.current_player is not None
        assert state.is_chance() == (state.current_player == ruledsl.CHANCE)
        if not state.is_chance():
            assert 0 <= state.current_player < players
            assert all(a.seat == state.current_player for a in state.legal_actions())
        labels = state.legal_labels()
        assert len(set(labels)) == len(labels), "two actions share a label"


def assert_views_tell_only_what_may_be_seen(state):
    players = state.game.players
    for seat in [*range(players), None]:
        view = state.view(seat)
        acting = seat is not None and seat == state.current_player
        assert (view["actions"] is not None) == acting
        if acting:
            assert view["actions"] == state.legal_labels()
        if seat is None:
            continue
        for entry in component_entries(view):
            assert ("id" in entry) != (entry.get("hidden") is True), entry
            if "id" in entry:
                assert may_see_face(state, entry["id"], seat), (seat, entry)
        for entry, cid in aligned(state, view):
            if "id" in entry:
                assert entry["id"] == cid                 # the id shown is the component lying there
            else:
                assert not may_see_face(state, cid, seat), (seat, cid)


def swap_hidden_pair(state, seat, rnd):
    """A clone in which two components the seat sees alike (both hidden, same kind, same back)
    trade their fields, or None when there is no such pair with different fields."""
    groups = {}
    for entry, cid in aligned(state, state.view(seat)):
        if entry.get("hidden") is True:
            groups.setdefault(repr(sorted(entry.items(), key=str)), []).append(cid)
    pairs = [(a, b) for ids in groups.values() for a in ids for b in ids
             if a < b and state.fields[a] != state.fields[b]]
    if not pairs:
        return None
    a, b = rnd.choice(pairs)
    other = state.clone()
    other.fields[a], other.fields[b] = other.fields[b], other.fields[a]
    assert other.fields[a] != state.fields[a]
    return other


def move_hidden_piece(state, seat, rnd):
    """A clone in which a component whose position the seat may not know (`position visible to
    owner`, owned by another seat) lies somewhere else of the same sort, or None."""
    prog = state.game.program
    hidden = [c.id for c in prog.comps if c.kind.position == "owner"
              and (state.owner[c.id] is None or state.owner[c.id].index != seat)]
    if not hidden:
        return None
    cid = rnd.choice(hidden)
    here = place_of(state, cid)
    elsewhere = [p for p in prog.places if type(p) is type(here) and p is not here
                 and getattr(p, "board", None) == getattr(here, "board", None)]
    if not elsewhere:
        return None
    there = rnd.choice(elsewhere)
    other = state.clone()
    comp = prog.comps[cid]
    other.contents[here.index] = tuple(c for c in other.contents[here.index] if c is not comp)
    other.contents[there.index] = other.contents[there.index] + (comp,)
    other.loc[cid] = there.index
    assert_conserved(other)
    return other


# ---------------------------------------------------------------- the properties


@pytest.mark.parametrize("path, count", CONFIGS, ids=IDS)
@SHORT
@given(seed=SEEDS, rnd=CHOICES)
def test_components_are_conserved(path, count, seed, rnd):
    playout(game_of(path, count), seed, rnd, each=assert_conserved)


@pytest.mark.parametrize("path, count", CONFIGS, ids=IDS)
@SHORT
@given(seed=SEEDS, rnd=CHOICES)
def test_a_game_not_over_always_has_a_decision(path, count, seed, rnd):
    playout(game_of(path, count), seed, rnd, each=assert_decision_or_end)


@pytest.mark.parametrize("path, count", CONFIGS, ids=IDS)
@SHORT
@given(seed=SEEDS, rnd=CHOICES)
def test_a_clone_is_independent(path, count, seed, rnd):
    steps = iter(range(CAP + 1))
    kept = []                       # (clone, its fingerprint): play on the original must not touch them

    def each(state):
        if next(steps) % 7 or state.is_terminal():
            return
        before = state.fingerprint()
        twin = state.clone()
        assert twin.fingerprint() == before
        for _ in range(3):
            if twin.is_terminal():
                break
            twin.apply(pick(twin, rnd))
        assert state.fingerprint() == before
        assert twin.fingerprint() != before
        kept.append((state.clone(), before))
    final = playout(game_of(path, count), seed, rnd, each=each)
    for clone, fingerprint in kept:
        assert clone.fingerprint() == fingerprint
    assert all(clone.fingerprint() != final.fingerprint() for clone, _ in kept if clone.actions_taken != final.actions_taken)


@pytest.mark.parametrize("path, count", CONFIGS, ids=IDS)
@SHORT
@given(seed=SEEDS, rnd=CHOICES, cap=st.integers(min_value=0, max_value=CAP))
def test_a_record_replays_to_the_same_state(path, count, seed, rnd, cap):
    game = game_of(path, count)
    state = playout(game, seed, rnd, cap=cap)
    record = state.record()
    assert record["seed"] == seed and len(record["actions"]) == len(state.actions_taken)
    assert ruledsl.replay(game, record).fingerprint() == state.fingerprint()


@pytest.mark.parametrize("path, count", CONFIGS, ids=IDS)
@SHORT
@given(seed=SEEDS, rnd=CHOICES)
def test_the_same_seed_and_actions_give_the_same_state(path, count, seed, rnd):
    game = game_of(path, count)
    state = playout(game, seed, rnd)
    again = game.new_game(seed=seed)
    assert again.fingerprint() == game.new_game(seed=seed).fingerprint()
    for label in state.actions_taken:
        again.apply(label)
    assert again.fingerprint() == state.fingerprint()
    assert again.events(0) == state.events(0)


@pytest.mark.parametrize("path, count", CONFIGS, ids=IDS)
@SHORT
@given(seed=SEEDS, rnd=CHOICES)
def test_views_tell_a_seat_only_what_it_may_see(path, count, seed, rnd):
    steps = iter(range(CAP + 1))

    def each(state):
        if next(steps) % 5 == 0 or state.is_terminal():
            assert_views_tell_only_what_may_be_seen(state)
    playout(game_of(path, count), seed, rnd, each=each)


@pytest.mark.parametrize("path, count", CONFIGS, ids=IDS)
@SHORT
@given(seed=SEEDS, rnd=CHOICES)
def test_a_view_does_not_change_when_only_what_the_seat_cannot_see_changes(path, count, seed, rnd):
    steps = iter(range(CAP + 1))

    def each(state):
        if next(steps) % 5:
            return
        for seat in range(state.game.players):
            for other in (swap_hidden_pair(state, seat, rnd), move_hidden_piece(state, seat, rnd)):
                if other is not None:
                    assert other.view(seat) == state.view(seat)
    playout(game_of(path, count), seed, rnd, each=each)


@pytest.mark.parametrize("path, count", EXAMPLE_CONFIGS, ids=EXAMPLE_IDS)
@settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=SEEDS, choice_seed=SEEDS)
def test_explicit_chance_games_end_and_keep_their_invariants(path, count, seed, choice_seed):
    # Fair dice, not Hypothesis's choices: an adversary that always rolls a 1 may keep a race going for ever.
    rnd = random.Random(choice_seed)

    def each(state):
        assert_conserved(state)
        assert_decision_or_end(state)
        if state.is_chance():
            outcomes = state.chance_outcomes()
            assert [a.label for a, _ in outcomes] == state.legal_labels()
            assert all(p > 0 for _, p in outcomes)
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    game = game_of(path, count)
    state = playout(game, seed, rnd, cap=500, chance="explicit", each=each)
    assert state.is_terminal()
    assert ruledsl.replay(game, state.record()).fingerprint() == state.fingerprint()


@pytest.mark.parametrize("path, count", CONFIGS, ids=IDS)
@SHORT
@given(seed=SEEDS, rnd=CHOICES)
def test_explicit_chance_keeps_the_invariants_of_every_game(path, count, seed, rnd):
    def each(state):
        assert_conserved(state)
        assert_decision_or_end(state)
    game = game_of(path, count)
    state = playout(game, seed, rnd, chance="explicit", each=each)
    assert ruledsl.replay(game, state.record()).fingerprint() == state.fingerprint()


def test_the_properties_cover_every_game_at_both_ends_of_its_player_range():
    assert {path for path, _ in CONFIGS} == set(ALL)
    assert len(EXAMPLE_CONFIGS) >= 3
    assert any(count > 2 for _, count in CONFIGS)


# ---------------------------------------------------------------- the checks above have teeth

HIGH_CARD = next(p for p in EXAMPLES if p.name == "high_card.rules")


def test_a_swap_of_hidden_cards_is_unseen_but_a_swap_of_seen_ones_is_seen():
    state = game_of(HIGH_CARD, 2).new_game(seed=1)
    other = swap_hidden_pair(state, 0, random.Random(0))
    assert other is not None and other.view(0) == state.view(0)
    mine = [cid for entry, cid in aligned(state, state.view(0)) if "id" in entry]
    assert len(mine) == 3                                   # P1's hand
    hidden = next(cid for entry, cid in aligned(state, state.view(0)) if "id" not in entry)
    seen = state.clone()
    seen.fields[mine[0]], seen.fields[hidden] = seen.fields[hidden], seen.fields[mine[0]]
    assert seen.view(0) != state.view(0)                    # P1 sees its own card change...
    assert seen.view(1) == state.view(1)                    # ...P2 sees neither card's face


def test_moving_a_secret_piece_is_unseen_by_others_but_seen_by_its_owner():
    path = next(p for p in BUNDLED if p.name == "tillinghast.rules")
    state = game_of(path, 2).new_game(seed=3)
    moved = move_hidden_piece(state, 1, random.Random(0))    # P1's ghost, hidden from P2
    assert moved is not None
    assert moved.view(1) == state.view(1)
    assert moved.view(0) != state.view(0)


def test_views_of_a_game_with_hidden_cards_are_checked_component_by_component():
    state = game_of(HIGH_CARD, 2).new_game(seed=1)
    pairs = aligned(state, state.view(1))
    assert len(pairs) == len(state.game.program.comps)
    assert sum("id" in entry for entry, _ in pairs) == 3      # P2 sees its own three cards only
    assert_views_tell_only_what_may_be_seen(state)
