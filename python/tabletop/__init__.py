"""Tabletop's games for learning algorithms (docs/python.md).

The engine is C++ (the module tabletop._tabletop); this package re-exports it:

- games: ``game_infos()``, ``load_game(id, params)`` -> ``Game`` (metadata: ``num_players()``,
  ``num_distinct_actions()``, tensor shapes, ``utility()``, ``max_game_length()``);
- ``State``: moves (64-bit integers), actions (indices), ``legal_action_mask()``, tensors as NumPy
  arrays, ``information_state_string``, ``returns()``;
- ``Episode``: play by action index with chance as a player (``explicit_chance=True``: chance
  nodes with ``chance_outcomes()``), ``undo()``;
- ``Agent(spec, game, seed)``: random, greedy, mcts, ismcts (the GIL released while they search);
- ``VectorEnv``: N games stepped per call in C++;
- errors: ``Error`` (a RuntimeError) and its kinds ``BadParams``, ``BadMove``, ``BadRecord``,
  ``InvariantError``, with the engine's messages.

Adapters: ``tabletop.pettingzoo`` (AEC environments) and ``tabletop.openspiel`` (pyspiel games).
"""

from tabletop._tabletop import (
    CHANCE,
    SPECTATOR,
    TERMINAL,
    Agent,
    BadMove,
    BadParams,
    BadRecord,
    Episode,
    Error,
    Game,
    InvariantError,
    State,
    VectorEnv,
    agent_names,
    game_infos,
    load_game,
)


def game_ids() -> list[str]:
    """The id of every game in Tabletop."""
    return [info["id"] for info in game_infos()]


def learnable_game_ids() -> list[str]:
    """The games that supply an action space and tensors (the contract learning needs)."""
    return [info["id"] for info in game_infos() if load_game(info["id"]).num_distinct_actions() > 0]


def player_counts(game_id: str) -> range:
    """Every seat count `game_id` accepts."""
    info = next(i for i in game_infos() if i["id"] == game_id)
    return range(info["min_players"], info["max_players"] + 1)


__all__ = [
    "CHANCE",
    "SPECTATOR",
    "TERMINAL",
    "Agent",
    "BadMove",
    "BadParams",
    "BadRecord",
    "Episode",
    "Error",
    "Game",
    "InvariantError",
    "State",
    "VectorEnv",
    "agent_names",
    "game_ids",
    "game_infos",
    "learnable_game_ids",
    "load_game",
    "player_counts",
]
