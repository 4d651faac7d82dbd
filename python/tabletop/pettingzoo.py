"""PettingZoo AEC environments of Tabletop's games (docs/python.md).

``env("siege", players=3)`` plays one game by action index. Agents are ``player_0`` ...
``player_{n-1}`` (seat i is ``player_i``). Each observation is a dict, PettingZoo's convention
for masked actions: ``"observation"``, the agent's information-state tensor (float32, built only
from what that seat may know), and ``"action_mask"`` (int8, 1 for each legal action; all zero
when it is not that agent's turn). The seat to move may act several times in a row where the
rules give it several steps. Rewards come at the end: every seat's return (``Game.utility()``
gives their range), zero before. Chance is sampled inside moves from the seed given to
``reset``.
"""

from __future__ import annotations

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import tabletop


def env(game_id: str, players: int | None = None, **kwargs) -> AECEnv:
    """The AEC environment of `game_id` with PettingZoo's order check around it."""
    return wrappers.OrderEnforcingWrapper(raw_env(game_id, players=players, **kwargs))


class raw_env(AECEnv):  # noqa: N801 (PettingZoo's name for the unwrapped environment)
    """One game of Tabletop as an AEC environment.

    `params` are the game's parameters (``tabletop.game_infos()`` lists them); `players` sets
    the seat count. Raises tabletop.Error when the game supplies no action space.
    """

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        params: dict | None = None,
        render_mode: str | None = None,
    ):
        super().__init__()
        given = dict(params or {})
        if players is not None:
            given["players"] = players
        self.game = tabletop.load_game(game_id, given)
        self.num_actions = self.game.num_distinct_actions()
        if self.num_actions <= 0:
            raise tabletop.Error(f"{game_id} has no action space")
        self.tensor_shape = tuple(self.game.information_state_tensor_shape())
        self.possible_agents = [f"player_{i}" for i in range(self.game.num_players())]
        self.metadata = {
            "render_modes": ["human", "ansi"],
            "name": f"tabletop_{game_id.replace('-', '_')}_v0",
            "is_parallelizable": False,
        }
        self.render_mode = render_mode
        # One space object for every agent: PettingZoo's api_test wants the same object each call.
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    low=-np.inf, high=np.inf, shape=self.tensor_shape, dtype=np.float32
                ),
                "action_mask": spaces.Box(low=0, high=1, shape=(self.num_actions,), dtype=np.int8),
            }
        )
        self._action_space = spaces.Discrete(self.num_actions)
        self._seeds = np.random.default_rng()
        self._episode: tabletop.Episode | None = None

    def observation_space(self, agent: str) -> spaces.Dict:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._action_space

    def _seat(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        game_seed = int(self._seeds.integers(0, 2**63))
        self._episode = tabletop.Episode(
            self.game, game_seed, explicit_chance=False, undoable=False
        )
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self._episode.current_player()]

    def observe(self, agent: str) -> dict:
        seat = self._seat(agent)
        episode = self._episode
        if agent == self.agent_selection and not episode.is_terminal():
            mask = episode.legal_action_mask().astype(np.int8)
        else:
            mask = np.zeros(self.num_actions, dtype=np.int8)
        return {"observation": episode.information_state_tensor(seat), "action_mask": mask}

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self._episode.apply_action(int(action))
        if self._episode.is_terminal():
            returns = self._episode.returns()
            for a in self.agents:
                self.rewards[a] = float(returns[self._seat(a)])
                self.terminations[a] = True
        else:
            self.agent_selection = self.possible_agents[self._episode.current_player()]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = self._episode.state().render(tabletop.SPECTATOR)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self._episode = None
