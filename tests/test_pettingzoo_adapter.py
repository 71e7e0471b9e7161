"""ruledsl.pettingzoo: every bundled game passes PettingZoo's api_test; masks and spaces follow the action space."""
from __future__ import annotations

import warnings

import pytest

from .conftest import BUNDLED, EXAMPLES, GAMES

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")
from pettingzoo.test import api_test  # noqa: E402

from ruledsl.pettingzoo import env  # noqa: E402

ALL = BUNDLED + EXAMPLES


@pytest.mark.parametrize("path", ALL, ids=lambda p: p.stem)
def test_pettingzoo_api_test_passes(path):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")          # naming advice (agents are the rules' seat names)
        api_test(env(str(path)), num_cycles=20, verbose_progress=False)


def test_a_random_policy_plays_to_the_end_with_masks():
    e = env(str(GAMES / "examples" / "connect_four.rules"))
    e.reset(seed=3)
    rng = np.random.default_rng(3)
    steps, final = 0, {}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _info = e.last()
        if terminated or truncated:
            final[agent] = reward
            e.step(None)
            continue
        mask = obs["action_mask"]
        assert mask.shape == (7,) and mask.sum() >= 1
        assert obs["observation"].shape == e.observation_space(agent)["observation"].shape
        e.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
    assert 7 <= steps <= 42
    assert sorted(final.values()) in ([0.0, 1.0], [0.5, 0.5])


def test_only_the_agent_to_act_has_legal_actions():
    e = env(str(GAMES / "examples" / "tic_tac_toe.rules"))
    e.reset()
    first, second = e.possible_agents
    assert e.agent_selection == first
    assert e.observe(first)["action_mask"].sum() == 9
    assert e.observe(second)["action_mask"].sum() == 0
