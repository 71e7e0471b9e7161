"""Any rules file as a PettingZoo AEC environment: `env(path, players, options)`.

Needs the optional extra `ruledsl[pettingzoo]`. Agents are the seats' names
("P1", …, or as the rules name them). Each agent's observation is a dict:
"observation", the seat's tensor (ruledsl.interop.observe.Encoding, float32),
and "action_mask", one int8 per action id (ruledsl.interop.actions). Chance
is played inside `step` with the env's own seeded generator (by the outcomes'
probabilities), so agents only ever see their own decisions. Rewards are
given once, at the end: each seat's return (win 1, loss 0).
"""
from __future__ import annotations

import random
from typing import Mapping, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import ruledsl

from .interop.actions import space_of
from .interop.observe import encoding_of, observation_string


def env(path: str, players: Optional[int] = None, options: Optional[Mapping] = None, *,
        actions: str = "auto", render_mode: Optional[str] = None) -> "RulesEnv":
    """The rules file as an AEC environment (see the module docstring)."""
    game = ruledsl.load(path, players=players, options=dict(options or {}))
    return RulesEnv(game, actions=actions, render_mode=render_mode)


class RulesEnv(AECEnv):
    """A ruledsl game (explicit chance) as a PettingZoo AEC environment."""
    metadata = {"render_modes": ["human", "ansi"], "name": "ruledsl", "is_parallelizable": False}

    def __init__(self, game, actions: str = "auto", render_mode: Optional[str] = None):
        super().__init__()
        self.game = game
        self.space = space_of(game, actions)
        self.encoding = encoding_of(game)
        self.render_mode = render_mode
        self.possible_agents = [p.name for p in game.program.players]
        self.seat_of = {name: i for i, name in enumerate(self.possible_agents)}
        size = self.encoding.size
        self.observation_spaces = {
            a: spaces.Dict({"observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),
                            "action_mask": spaces.Box(0, 1, (self.space.size,), np.int8)})
            for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.space.size) for a in self.possible_agents}
        self.state = None
        self._rng = random.Random(0)

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    # ---------------------------------------------------------------- the AEC loop
    def reset(self, seed: Optional[int] = None, options=None):
        if seed is not None:
            self._rng = random.Random(seed)
        self.state = self.game.new_game(seed=seed or 0, chance="explicit")
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._play_chance()
        self._select()

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.state.apply(self.space.index_of(self.state, int(action)))
        self._play_chance()
        for a in self.agents:
            self.rewards[a] = 0.0
        if self.state.is_terminal():
            for a, r in zip(self.possible_agents, self.state.returns()):
                self.rewards[a] = float(r)
                self.terminations[a] = True
        self._accumulate_rewards()
        self._select()
        if self.render_mode == "human":
            self.render()

    def _play_chance(self) -> None:
        st = self.state
        while st.is_chance():
            outcomes = st.chance_outcomes()
            st.apply(self._rng.choices(range(len(outcomes)), weights=[p for _a, p in outcomes])[0])

    def _select(self) -> None:
        st = self.state
        if st.is_terminal():
            # Every agent is done: PettingZoo removes them one by one as each steps with None.
            live = [a for a in self.agents if self.terminations[a] or self.truncations[a]]
            self.agent_selection = live[0] if live else self.agents[0]
        else:
            self.agent_selection = self.possible_agents[st.current_player]

    def observe(self, agent):
        seat = self.seat_of[agent]
        mask = np.zeros(self.space.size, np.int8)
        if self.state.current_player == seat:
            mask[self.space.legal_ids(self.state)] = 1
        return {"observation": self.encoding.tensor(self.state, seat), "action_mask": mask}

    def render(self):
        text = observation_string(self.state, None) if self.state is not None else ""
        if self.render_mode == "human":
            print(text)
        return text

    def close(self):
        pass
