"""The bots of a line-up, made for one game from their specs (as `--bots` spells them) and the game's seed."""
from __future__ import annotations

from .. import CHANCE
from ..agents import RandomAgent, make_agent, seat_seed
from ..agents.specs import SpecError, parse_spec, thinks

__all__ = ["SpecError", "check_spec", "chance_mode", "agents_for"]


def check_spec(spec: str) -> str:
    """The spec, or SpecError (a ValueError) saying how to spell one."""
    parse_spec(spec)
    return spec


def chance_mode(specs) -> str:
    """"explicit" when a bot thinks (it must not read the generator), else "seeded"."""
    return "explicit" if any(thinks(s) for s in specs) else "seeded"


def agents_for(specs: tuple, seed: int) -> dict:
    """A bot for every seat (and a random one for chance), each seeded from the game's seed as
    `ruledsl run --bots` seeds them, so any game of an analysis can be played again there."""
    agents = {CHANCE: RandomAgent(seat_seed(seed, CHANCE))}
    for seat, spec in enumerate(specs):
        agents[seat] = make_agent(spec, seat_seed(seed, seat))
    return agents
