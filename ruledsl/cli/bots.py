"""Bots given on the command line (`--bots ismcts,random`, `--seat 2=mcts:2s`): parsing them,
making them, and the chance mode a game with thinking bots is played under."""
from __future__ import annotations

from typing import Optional

import click

from .. import CHANCE
from ..agents import RandomAgent, make_agent, seat_seed
from ..agents.specs import SpecError, parse_spec, thinks

BOT_HELP = ("KIND[:BUDGET], KIND one of random, greedy, mcts, ismcts; BUDGET seconds a move (2, 0.5s) "
            "or iterations a move (500i), 1 second by default")


def bot_specs(text: Optional[str], seats: list) -> list:
    """--bots A,B,…: one spec per seat in order; seats not given are random. BadParameter otherwise."""
    specs = [s.strip() for s in text.split(",")] if text else []
    if len(specs) > len(seats):
        raise click.BadParameter(f"{len(specs)} bots for {len(seats)} seats ({', '.join(seats)})",
                                 param_hint="--bots")
    for spec in specs:
        check_spec(spec, "--bots")
    return specs + ["random"] * (len(seats) - len(specs))


def check_spec(spec: str, flag: str) -> str:
    try:
        parse_spec(spec)
    except SpecError as err:
        raise click.BadParameter(str(err), param_hint=flag) from None
    return spec


def chance_mode(specs: list) -> str:
    """"explicit" when a bot thinks (it must not peek at the generator, and its belief follows
    chance step by step), else "seeded" (the games `ruledsl run` has always played)."""
    return "explicit" if any(s != "human" and thinks(s) for s in specs) else "seeded"


def make_bots(specs: list, seed: int) -> dict:
    """A bot for every seat (and a random one for chance), seeded from the game's seed."""
    agents = {CHANCE: RandomAgent(seat_seed(seed, CHANCE))}
    for seat, spec in enumerate(specs):
        agents[seat] = make_agent(spec, seat_seed(seed, seat))
    return agents
