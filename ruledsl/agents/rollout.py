"""Random playouts, cut short after a number of actions and scored by the rules' `evaluate`."""
from __future__ import annotations

DRAW = 0.5   # what each seat scores in a playout cut short in a game with no `evaluate`


def sample_outcome(state, rng):
    """A chance outcome (an Action), drawn by its probability."""
    outcomes = state.chance_outcomes()
    return rng.choices([a for a, _ in outcomes], weights=[p for _, p in outcomes])[0]


def play_randomly(state, rng, depth: int) -> int:
    """Uniformly random actions (chance by its odds) until the end or `depth` actions; how many."""
    taken = 0
    while taken < depth and not state.is_terminal():
        if state.is_chance():
            state.apply(sample_outcome(state, rng))
        else:
            # by index: a decision's labels are not made (a choice of an ordering is counted, not listed)
            state.apply(rng.randrange(len(state.legal_actions())))
        taken += 1
    return taken


def score(state) -> list:
    """Each seat's return when the game is over, else the rules' evaluation, else a draw."""
    if state.is_terminal():
        return state.returns()
    estimate = state.evaluate()
    if estimate is not None:
        return estimate
    return [DRAW] * state.game.players


def rollout(state, rng, depth: int) -> list:
    """Play state out at random for at most depth actions and score it (state is changed, and
    muted: nobody reads what a playout logs)."""
    play_randomly(state.mute(), rng, depth)
    return score(state)
