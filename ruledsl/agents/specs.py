"""Bots by name, as the command line spells them: `KIND[:BUDGET]`.

KIND is random, greedy, mcts or ismcts. BUDGET is thinking time a move in seconds
(`2`, `2.5`, `2s`) or a number of iterations a move (`500i`); by default 1 second.
Examples: `ismcts`, `ismcts:2.0`, `mcts:500i`, `greedy:0.2s`.
"""
from __future__ import annotations

import re

from .budget import Budget
from .greedy import GreedyAgent
from .ismcts import ISMCTSAgent
from .random_bot import RandomAgent
from .search import MCTSAgent

BOTS = {"random": RandomAgent, "greedy": GreedyAgent, "mcts": MCTSAgent, "ismcts": ISMCTSAgent}
DEFAULT_SECONDS = 1.0
_BUDGET = re.compile(r"^(?:(\d+(?:\.\d*)?|\.\d+)s?|(\d+)i)$")


class SpecError(ValueError):
    """A bot spelled in a way this module does not read; the message says how to spell it."""


def parse_budget(text: str) -> Budget:
    m = _BUDGET.match(text.strip().lower())
    if not m:
        raise SpecError(f"'{text}' is not a budget: give seconds a move (2, 0.5, 2s) or iterations a move (500i)")
    try:
        return Budget(seconds=float(m.group(1))) if m.group(1) else Budget(iterations=int(m.group(2)))
    except ValueError as err:
        raise SpecError(f"'{text}' is not a budget: {err}") from None


def parse_spec(spec: str) -> tuple:
    """(kind, Budget or None) of `KIND[:BUDGET]`; SpecError when it is not one."""
    kind, sep, budget = spec.strip().partition(":")
    kind = kind.strip().lower()
    if kind not in BOTS:
        raise SpecError(f"'{spec}' is not a bot: the bots are {', '.join(BOTS)} (KIND or KIND:BUDGET, as ismcts:2s)")
    if kind == "random":
        if sep:
            raise SpecError(f"'{spec}': the random bot does not think, so it takes no budget")
        return kind, None
    return kind, parse_budget(budget) if sep else Budget(seconds=DEFAULT_SECONDS)


def make_agent(spec: str, seed: int):
    """The bot spelled by spec, seeded with seed."""
    kind, budget = parse_spec(spec)
    if kind == "random":
        return RandomAgent(seed)
    return BOTS[kind](budget, seed)


def thinks(spec: str) -> bool:
    """Whether the bot searches (and so needs the game played under explicit chance)."""
    return parse_spec(spec)[0] != "random"
