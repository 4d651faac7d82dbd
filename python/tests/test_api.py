"""The module's API: games, states, masks and tensors, episodes with chance and undo, agents,
errors with the engine's messages."""

import numpy as np
import pytest

import tabletop


def test_registry_lists_every_game_with_its_parameters():
    ids = tabletop.game_ids()
    assert {"relativity", "siege", "conspiracy", "culture-wars"} <= set(ids)
    for info in tabletop.game_infos():
        assert info["min_players"] <= info["max_players"]
        assert any(p["name"] == "players" for p in info["params"]) or info["min_players"] == 2


def test_errors_are_python_exceptions_with_the_engine_message():
    with pytest.raises(tabletop.BadParams, match="no-such-game"):
        tabletop.load_game("no-such-game")
    with pytest.raises(tabletop.BadParams, match="players"):
        tabletop.load_game("siege", {"players": 99})
    assert issubclass(tabletop.BadMove, tabletop.Error)
    assert issubclass(tabletop.Error, RuntimeError)
    with pytest.raises(tabletop.BadParams):
        tabletop.Agent("no-such-agent", tabletop.load_game("relativity"))


def test_params_are_resolved_with_defaults():
    game = tabletop.load_game("siege", {"players": 3})
    assert game.num_players() == 3
    assert game.params["players"] == 3


def test_masks_actions_and_tensors_agree(game_id):
    game = tabletop.load_game(game_id)
    n = game.num_distinct_actions()
    state = game.new_initial_state(7)
    rng = np.random.default_rng(7)
    for _ in range(60):
        if state.is_terminal():
            break
        mask = state.legal_action_mask()
        actions = state.legal_actions()
        assert mask.dtype == np.uint8 and mask.shape == (n,)
        assert sorted(np.flatnonzero(mask)) == sorted(actions)
        for move in state.legal_moves():
            assert state.action_move(state.action_index(move)) == move
        for viewer in range(game.num_players()):
            obs = state.observation_tensor(viewer)
            info = state.information_state_tensor(viewer)
            assert obs.shape == tuple(game.observation_tensor_shape())
            assert info.shape == tuple(game.information_state_tensor_shape())
            assert obs.dtype == np.float32 and np.isfinite(obs).all()
        out = np.empty(game.observation_tensor_shape(), np.float32)
        assert state.observation_tensor(0, out=out) is out
        state.apply_action(int(rng.choice(actions)))


def test_an_illegal_action_raises_bad_move(game_id):
    game = tabletop.load_game(game_id)
    state = game.new_initial_state(1)
    illegal = np.flatnonzero(state.legal_action_mask() == 0)
    if illegal.size:
        with pytest.raises(tabletop.BadMove, match=f"action {illegal[0]}"):
            state.apply_action(int(illegal[0]))
    with pytest.raises(tabletop.BadMove):
        tabletop.Episode(game, 1).apply_action(game.num_distinct_actions())


def test_explicit_chance_outcomes_and_undo(game_id):
    game = tabletop.load_game(game_id)
    episode = tabletop.Episode(game, 3, explicit_chance=True)
    rng = np.random.default_rng(3)
    steps = 0
    while not episode.is_terminal() and steps < 80:
        if episode.is_chance_node():
            outcomes = episode.chance_outcomes()
            assert outcomes and abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            assert episode.current_player() == tabletop.CHANCE
            action = outcomes[int(rng.integers(len(outcomes)))][0]
        else:
            action = int(rng.choice(episode.legal_actions()))
        before = episode.state().to_json() if episode.has_state() else None
        episode.apply_action(action)
        episode.undo()
        assert (episode.state().to_json() if episode.has_state() else None) == before
        episode.apply_action(action)
        steps += 1
    assert len(episode.history()) == steps


def test_agents_choose_legal_moves(game_id):
    game = tabletop.load_game(game_id)
    state = game.new_initial_state(5)
    for spec in ("random", "greedy", "ismcts:iterations=50"):
        agent = tabletop.Agent(spec, game, seed=5)
        move = agent.choose(state)
        assert move in set(state.legal_moves())
        assert state.legal_action_mask()[agent.choose_action(state)] == 1
