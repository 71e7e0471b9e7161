"""Players that choose actions: random bots, search bots, the terminal human, playing a game out.

An agent has one method, `choose(state)`, returning one of state.legal_actions()
for the seat to act (state.current_player).
"""
from __future__ import annotations

from .budget import Budget
from .determinise import Belief, LostTrack, determinise
from .greedy import GreedyAgent
from .human import HumanAgent, TerminalIO
from .ismcts import ISMCTSAgent
from .playout import play_out
from .random_bot import RandomAgent, seat_seed
from .search import MCTSAgent
from .specs import make_agent, parse_spec

__all__ = ["HumanAgent", "TerminalIO", "RandomAgent", "seat_seed", "play_out", "Budget", "MCTSAgent",
           "ISMCTSAgent", "GreedyAgent", "Belief", "LostTrack", "determinise", "make_agent", "parse_spec"]
