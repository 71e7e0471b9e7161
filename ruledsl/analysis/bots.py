"""The bots of a line-up, made for one game from their specs and the game's seed."""
from __future__ import annotations

from .. import CHANCE
from ..agents import RandomAgent, seat_seed


class UnknownBot(ValueError):
    """A bot spec this installation cannot make."""


def make_agent(spec: str, seed: int):
    """The bot a spec names, seeded. Random play is always here; the search bots (greedy,
    mcts, ismcts) come from ruledsl.agents.specs when it is installed."""
    try:
        from ..agents.specs import make_agent as make
    except ImportError:
        if spec.strip().lower() == "random":
            return RandomAgent(seed)
        raise UnknownBot(f"'{spec}' is not a bot this ruledsl knows: only random play is installed") from None
    return make(spec, seed)


def check_spec(spec: str) -> str:
    """The spec, or UnknownBot (ValueError) saying how to spell one."""
    try:
        from ..agents.specs import parse_spec
    except ImportError:
        make_agent(spec, 0)
        return spec
    parse_spec(spec)
    return spec


def agents_for(specs: tuple, seed: int) -> dict:
    """A bot for every seat (and a random one for chance), each seeded from the game's seed as
    `ruledsl run --bots` seeds them, so any game of an analysis can be played again there."""
    agents = {CHANCE: RandomAgent(seat_seed(seed, CHANCE))}
    for seat, spec in enumerate(specs):
        agents[seat] = make_agent(spec, seat_seed(seed, seat))
    return agents
