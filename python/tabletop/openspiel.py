"""Tabletop's games as OpenSpiel games (docs/python.md).

``register()`` registers every game that supplies the learning contract with
``pyspiel.register_game``, as ``tabletop_<id>`` (``culture-wars`` -> ``tabletop_culture_wars``),
so ``pyspiel.load_game("tabletop_siege", {"players": 3})`` and OpenSpiel's Python tools (random
simulation test, MCTS and ISMCTS bots, ``evaluate_bots``) play them unchanged:

- chance is explicit (``EXPLICIT_STOCHASTIC``): every draw of the deal and of a move is a chance
  node with its outcomes and probabilities (``tabletop.Episode(explicit_chance=True)``);
- utilities, their bounds and sum come from ``Game.utility()``; ``max_game_length`` counts moves;
  a game whose rules set no maximum length (Conspiracy) gets the adapter's round cap,
  ``ADAPTER_ROUND_CAP``, unless its parameters give one;
- observation and information-state tensors and strings come from an observer
  (``make_py_observer``): perfect recall gives the information state, otherwise the observation;
  a public observer (``PrivateInfoType.NONE``) sees what a spectator sees;
- ``resample_from_infostate`` is ``State.determinize``, so ISMCTS searches samples of what the
  seat to move cannot see.
"""

from __future__ import annotations

import ctypes
import json
import math

import numpy as np
import pyspiel

import tabletop

_CHANCE = pyspiel.PlayerId.CHANCE
_TERMINAL = pyspiel.PlayerId.TERMINAL


def short_name(game_id: str) -> str:
    """The OpenSpiel name of Tabletop's game `game_id`."""
    return "tabletop_" + game_id.replace("-", "_")


# OpenSpiel needs a maximum game length. A game whose rules set none (Conspiracy plays rounds
# "until someone wins": its max_rounds defaults to 0, no cap) gets this engine round cap from the
# adapter when its parameters give none: a limit of the adapter, not a rule (a game stopped by it
# scores 0 for every seat). 60 rounds is the cap the lab's simulations of random play use.
ADAPTER_ROUND_CAP = 60


def _adapter_caps(info: dict) -> dict:
    """The caps the adapter adds to `info`'s game: max_rounds when its default declares no
    maximum length (ADAPTER_ROUND_CAP)."""
    if tabletop.load_game(info["id"]).max_game_length() > 0:
        return {}
    names = {spec["name"] for spec in info["params"]}
    return {"max_rounds": ADAPTER_ROUND_CAP} if "max_rounds" in names else {}


def _parameter_defaults(info: dict) -> dict:
    """The game's parameters OpenSpiel can carry (ints, bools, strings) with their defaults (the
    adapter's caps, _adapter_caps, in place of an unbounded default)."""
    out = {}
    for spec in info["params"]:
        if spec["type"] in ("int", "bool", "string") and spec.get("default") is not None:
            out[spec["name"]] = spec["default"]
    return out | _adapter_caps(info)


def _game_type(info: dict, game: tabletop.Game) -> pyspiel.GameType:
    utility = game.utility()
    if not utility["constant_sum"]:
        kind = pyspiel.GameType.Utility.GENERAL_SUM
    elif utility["sum"] == 0:
        kind = pyspiel.GameType.Utility.ZERO_SUM
    else:
        kind = pyspiel.GameType.Utility.CONSTANT_SUM
    has_tensor = len(game.observation_tensor_shape()) > 0
    return pyspiel.GameType(
        short_name=short_name(info["id"]),
        long_name="Tabletop " + info["name"],
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(
            pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
            if game.max_chance_outcomes() > 0
            else pyspiel.GameType.ChanceMode.DETERMINISTIC
        ),
        information=(
            pyspiel.GameType.Information.IMPERFECT_INFORMATION
            if info["hidden_information"]
            else pyspiel.GameType.Information.PERFECT_INFORMATION
        ),
        utility=kind,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info["max_players"],
        min_num_players=info["min_players"],
        provides_information_state_string=True,
        provides_information_state_tensor=has_tensor,
        provides_observation_string=True,
        provides_observation_tensor=has_tensor,
        parameter_specification=_parameter_defaults(info),
    )


class TabletopGame(pyspiel.Game):
    """One of Tabletop's games with its parameters, as an OpenSpiel game."""

    def __init__(self, info: dict, params: dict | None = None):
        params = _adapter_caps(info) | dict(params or {})
        self.tabletop_game = tabletop.load_game(info["id"], params)
        game = self.tabletop_game
        if game.max_game_length() <= 0:
            raise tabletop.BadParams(
                f"{info['id']} declares no maximum length with these parameters, which "
                "OpenSpiel needs: set its engine cap (max_rounds or max_plies) above 0"
            )
        utility = game.utility()
        game_info = pyspiel.GameInfo(
            num_distinct_actions=game.num_distinct_actions(),
            max_chance_outcomes=game.max_chance_outcomes(),
            num_players=game.num_players(),
            min_utility=utility["min"],
            max_utility=utility["max"],
            utility_sum=utility["sum"] if utility["constant_sum"] else None,
            max_game_length=game.max_game_length(),
        )
        super().__init__(_game_type(info, game), game_info, params)

    def new_initial_state(self) -> TabletopState:
        return TabletopState(self, tabletop.Episode(self.tabletop_game, 0, explicit_chance=True))

    def make_py_observer(self, iig_obs_type=None, params=None) -> TabletopObserver:
        return TabletopObserver(
            self.tabletop_game, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        )


class TabletopState(pyspiel.State):
    """A point of one game: a tabletop.Episode with explicit chance."""

    def __init__(self, game: TabletopGame, episode: tabletop.Episode, recall: dict | None = None):
        super().__init__(game)
        self._episode = episode
        # Per seat, what it recalls from before this episode's first state (a resampled state
        # keeps the searching seat's memory, so its information-state string stays the same).
        self._recall = recall or {}

    def current_player(self) -> int:
        player = self._episode.current_player()
        if player == tabletop.CHANCE:
            return _CHANCE
        if player == tabletop.TERMINAL:
            return _TERMINAL
        return player

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(int(a) for a in self._episode.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._episode.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self._episode.apply_action(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == _CHANCE:
            return f"chance outcome {action}"
        try:
            return self._episode.action_to_string(int(action))
        except tabletop.Error:
            return f"action {action}"

    def is_terminal(self) -> bool:
        return self._episode.is_terminal()

    def returns(self) -> list[float]:
        return [float(r) for r in self._episode.returns()]

    def resample_from_infostate(self, player_id: int, probability_sampler=None) -> TabletopState:
        """A state `player_id` cannot tell from this one, hidden parts sampled (determinize)."""
        seed = int(np.random.default_rng().integers(0, 2**63))
        sample = self._episode.state().determinize(player_id, seed)
        episode = tabletop.Episode.from_state(sample, explicit_chance=True)
        recall = {player_id: _recall_lines(self, player_id)}
        return TabletopState(self.get_game(), episode, recall)

    def information_string(self, player: int) -> str:
        """The information-state string: observation, then what the seat recalls, in order."""
        if not self._episode.has_state():
            return ""
        text = self._episode.information_state_string(player)
        first, _, lines = text.partition("\n")
        past = self._recall.get(player, "")
        return "\n".join(part for part in (first, past, lines) if part)

    def __str__(self) -> str:
        if not self._episode.has_state():
            return "(dealing)"
        return self._episode.state().render(tabletop.SPECTATOR)


def _recall_lines(state: TabletopState, player: int) -> str:
    return state.information_string(player).partition("\n")[2]


class TabletopObserver:
    """OpenSpiel's Python observer: `tensor` and `dict` set by set_from, strings by string_from."""

    def __init__(self, game: tabletop.Game, iig_obs_type):
        self._perfect_recall = iig_obs_type.perfect_recall
        self._public = iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        shape = (
            game.information_state_tensor_shape()
            if self._perfect_recall
            else game.observation_tensor_shape()
        )
        self.tensor = np.zeros(math.prod(shape) if shape else 0, np.float32)
        self.dict = {"observation": self.tensor.reshape(shape) if shape else self.tensor}

    def _viewer(self, player: int) -> int:
        return tabletop.SPECTATOR if self._public else player

    def set_from(self, state: TabletopState, player: int) -> None:
        episode = state._episode
        if not episode.has_state() or self.tensor.size == 0:
            self.tensor.fill(0)
            return
        viewer = self._viewer(player)
        if self._perfect_recall:
            values = episode.information_state_tensor(viewer)
        else:
            values = episode.observation_tensor(viewer)
        self.tensor[:] = values.reshape(-1)

    def string_from(self, state: TabletopState, player: int) -> str:
        viewer = self._viewer(player)
        if self._perfect_recall:
            return state.information_string(viewer)
        if not state._episode.has_state():
            return ""
        return json.dumps(state._episode.observation(viewer), sort_keys=True)


def register() -> list[str]:
    """Registers every game with the learning contract; returns their OpenSpiel names."""
    names = []
    registered = set(pyspiel.registered_names())
    for info in tabletop.game_infos():
        if tabletop.load_game(info["id"]).num_distinct_actions() <= 0:
            continue
        name = short_name(info["id"])
        if name not in registered:
            game = tabletop.load_game(info["id"])
            pyspiel.register_game(_game_type(info, game), _factory(info))
        names.append(name)
    return names


def _factory(info: dict) -> type:
    """A subclass of TabletopGame for `info`'s game, which pyspiel.register_game keeps.

    OpenSpiel keeps the factory in a C++ static map (GameRegisterer::factories) that is destroyed
    after the interpreter has ended, without the GIL: if that release were the factory's last
    reference, its deallocation would abort the process ("PyThreadState_Get: the function must be
    called with the GIL held", docs/python.md). So the factory holds one reference that is never
    released, like the module's own never-destroyed objects."""

    class Game(TabletopGame):
        def __init__(self, params=None):
            super().__init__(info, params)

    Game.__name__ = Game.__qualname__ = "TabletopGame_" + info["id"].replace("-", "_")
    ctypes.pythonapi.Py_IncRef(ctypes.py_object(Game))
    return Game
