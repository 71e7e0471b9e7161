"""Playing a game out with agents, up to a cap on the number of actions."""
from __future__ import annotations

from typing import Mapping, Optional


def play_out(state, agents: Mapping[int, object], max_actions: Optional[int] = None) -> bool:
    """Let agents (0-based seat -> agent; ruledsl.CHANCE -> agent for explicit chance) act
    until the game is over (True) or max_actions more actions were taken (False).

    Errors from the rules (RulesError) propagate. A state that is neither over nor
    waiting for a decision raises RuntimeError: that is an engine bug.
    """
    taken = 0
    while not state.is_terminal():
        if max_actions is not None and taken >= max_actions:
            return False
        seat = state.current_player
        if seat is None:
            raise RuntimeError("the game is not over but no decision is pending")
        state.apply(agents[seat].choose(state))
        taken += 1
    return True
