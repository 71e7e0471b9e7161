"""Players that choose actions: random bots, the terminal human, and playing a game out.

An agent has one method, `choose(state)`, returning one of state.legal_actions()
for the seat to act (state.current_player).
"""
from __future__ import annotations

from .human import HumanAgent, TerminalIO
from .playout import play_out
from .random_bot import RandomAgent, seat_seed

__all__ = ["HumanAgent", "TerminalIO", "RandomAgent", "seat_seed", "play_out"]
