"""Decisions taken in steps (ruledsl/runtime/steps.py): every option is reached by its parts and
only by them, and a lazy choice of several items is stepped without making its labels."""
import itertools

import pytest

import ruledsl
from ruledsl.agents import RandomAgent
from ruledsl.runtime.steps import DONE

GAMES = ["games/haunting_house.rules", "games/shining.rules", "games/unrelenting_other.rules",
         "games/tillinghast.rules", "games/examples/high_card.rules"]


def walk(steps, parts):
    """The index the steps give when parts are picked one by one (None if they lead nowhere)."""
    path = ()
    for n, part in enumerate(parts):
        found = {c.text: c for c in steps.choices(path)}
        if part not in found:
            return None
        if n == len(parts) - 1:
            if found[part].index is not None:
                return found[part].index
            done = {c.text: c for c in steps.choices(path + (part,))}.get(DONE)
            return done.index if done else None
        path += (part,)
    return None


@pytest.mark.parametrize("path", GAMES)
def test_every_option_is_reached_by_its_parts(path):
    game = ruledsl.load(path)
    state, bot = game.new_game(seed=4), RandomAgent(9)
    for _ in range(120):
        if state.is_terminal():
            break
        steps = state.decision_steps()
        labels = state.legal_labels()
        assert len(steps) == len(labels)
        for i in sorted(set(range(0, len(labels), max(1, len(labels) // 40)))):
            assert walk(steps, steps.parts(i)) == i, (labels[i], steps.parts(i))
        state.apply(bot.choose(state))


def haunting_house_at(kind: str, seed: int = 3):
    """A Haunting House game run by a random bot up to a decision of this kind."""
    game = ruledsl.load("games/haunting_house.rules")
    state, bot = game.new_game(seed=seed), RandomAgent(1)
    while not (state.pending.labels[0].startswith(kind) or state.pending.labels[-1].startswith(kind)):
        state.apply(bot.choose(state))
    return state


def test_programming_four_cards_is_four_picks_without_making_840_labels():
    state = haunting_house_at("program")
    labels = state.pending.labels
    steps = state.decision_steps()
    assert len(steps) == 840 and steps.depth() == 4
    first = steps.choices()
    assert len(first) == 7 and all(c.index is None for c in first)
    path = tuple(c.text for c in first[:3])
    last = steps.choices(path)
    assert [c.text for c in last] == [c.text for c in first[3:]]
    chosen = last[1]
    assert state.legal_actions()[chosen.index].label == "program " + ", ".join(path + (chosen.text,))
    assert labels._all is None            # no label of the 840 was made
    assert steps.choices(path[:1] * 2) == []   # a card twice leads nowhere
    state.apply(chosen.index)
    assert state.actions_taken[-1] == "program " + ", ".join(path + (chosen.text,))


def test_every_one_of_the_840_orderings_has_its_own_path():
    state = haunting_house_at("program")
    steps = state.decision_steps()
    labels = list(state.legal_labels())
    for i, label in enumerate(labels):
        assert walk(steps, label[len("program "):].split(", ")) == i


def test_a_tile_then_a_rotation():
    state = haunting_house_at("rotate", seed=3)
    while "by 90 clockwise" not in " ".join(state.legal_labels()):
        state = haunting_house_at("rotate", seed=state.seed + 1)
    steps = state.decision_steps()
    first = steps.choices()
    assert all(len(c.text) == 2 and c.index is None for c in first)     # squares: B2, C2, …
    turns = steps.choices((first[0].text,))
    assert [c.text for c in turns] == ["rotate … by 90 clockwise", "rotate … by 90 anticlockwise"]
    assert state.legal_labels()[turns[1].index] == f"rotate {first[0].text} by 90 anticlockwise"


GAME = '''game "Steps"
players 2
var total: int = 0
flow:
    turn P1:
        choose 1..2 picked from [1, 2, 3] as "take {picked}":
            set total to sum(picked)
    turn P2:
        choose 2 pair from [1, 2, 3] where pair[0] + pair[1] > 3 as "pair {pair}":
            increase total by 1
    win [P1]
'''


def test_a_range_may_stop_early_and_an_unordered_pair_is_picked_either_way():
    state = ruledsl.load("steps.rules", text=GAME).new_game()
    steps = state.decision_steps()
    assert [c.text for c in steps.choices()] == ["1", "2", "3"]
    after = {c.text: c.index for c in steps.choices(("3",))}
    assert state.legal_labels()[after[DONE]] == "take 3"
    assert state.legal_labels()[after["1"]] == "take 1, 3"     # unordered: the same option either way
    state.apply(after["1"])
    pairs = state.decision_steps()
    assert state.legal_labels() == ["pair 1, 3", "pair 2, 3"]
    assert [c.text for c in pairs.choices()] == ["1", "3", "2"]
    by_three = {c.text: c.index for c in pairs.choices(("3",))}
    assert by_three == {"1": 0, "2": 1}
