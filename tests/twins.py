"""Twin games for hidden-information tests: two games one seat cannot tell apart."""
from __future__ import annotations

import random

from ruledsl.agents.observe import observe


def random_step(state, rng) -> str:
    """A random legal label (chance by its odds)."""
    if state.is_chance():
        outcomes = state.chance_outcomes()
        return rng.choices([a.label for a, _ in outcomes], weights=[p for _, p in outcomes])[0]
    return rng.choice(state.legal_labels())


def twins(game, seat: int, seed: int, steps: int):
    """(a, b): games under explicit chance that seat saw alike, action after action; b chooses
    otherwise than a wherever the seat cannot tell (chance outcomes, other seats' secret
    choices), and keeps a's choice where it must. They stop early when b cannot follow."""
    rng = random.Random(seed)
    a = game.new_game(seed=seed, chance="explicit")
    b = game.new_game(seed=seed + 7919, chance="explicit")
    if observe(a, seat, None) != observe(b, seat, None):
        b = game.new_game(seed=seed, chance="explicit")
    for _ in range(steps):
        if a.is_terminal():
            break
        actor = a.current_player
        told = actor == seat or (not a.is_chance() and not a.secret_decision())
        label = random_step(a, rng)
        mark_a, mark_b = a.log_mark, b.log_mark
        after_a = a.clone().apply(label)
        seen = observe(after_a, seat, mark_a)
        options = [label] if told else sorted(b.legal_labels(), key=lambda x: (x == label, rng.random()))
        for option in options:
            if option not in b.legal_labels():
                continue
            after_b = b.clone().apply(option)
            if observe(after_b, seat, mark_b) == seen:
                a, b = after_a, after_b
                break
        else:
            break
    return a, b
