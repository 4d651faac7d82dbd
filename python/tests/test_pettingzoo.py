"""PettingZoo's own api_test and seed_test on every game with the contract, at every seat count."""

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from conftest import GAME_SEATS
from tabletop import pettingzoo as tz


@pytest.mark.parametrize("game_id,players", GAME_SEATS)
def test_api_test(game_id, players):
    api_test(tz.env(game_id, players=players), num_cycles=200)


@pytest.mark.parametrize("game_id,players", GAME_SEATS)
def test_seed_test(game_id, players):
    seed_test(lambda: tz.env(game_id, players=players), num_cycles=50)


def test_rewards_come_at_the_end_in_the_game_utility_range(game_id):
    env = tz.env(game_id)
    env.reset(seed=11)
    utility = env.unwrapped.game.utility()
    rng = np.random.default_rng(11)
    totals = {}
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        totals[agent] = reward
        if termination or truncation:
            env.step(None)
            continue
        assert reward == 0
        mask = observation["action_mask"]
        assert mask.dtype == np.int8 and mask.any()
        env.step(int(rng.choice(np.flatnonzero(mask))))
    assert set(totals) == set(env.possible_agents)
    assert all(utility["min"] <= r <= utility["max"] for r in totals.values())
    if utility["constant_sum"]:
        assert sum(totals.values()) == pytest.approx(utility["sum"])
