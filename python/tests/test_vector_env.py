"""VectorEnv against single episodes: the same seeds and actions give the same trajectories."""

import numpy as np

import tabletop


def test_vector_env_follows_the_single_episodes(game_id):
    game = tabletop.load_game(game_id)
    n, seed = 4, 100
    vector = tabletop.VectorEnv(game, n, seed=seed)
    singles = [tabletop.Episode(game, seed + i) for i in range(n)]
    games_started = [1] * n
    rng = np.random.default_rng(0)
    finished = 0
    for _ in range(400):
        for i, episode in enumerate(singles):
            assert vector.players[i] == episode.current_player()
            assert np.array_equal(vector.masks[i], episode.legal_action_mask())
            seat = episode.current_player()
            assert np.array_equal(vector.observations[i], episode.information_state_tensor(seat))
        actions = np.array(
            [rng.choice(np.flatnonzero(vector.masks[i])) for i in range(n)], dtype=np.int32
        )
        vector.step(actions)
        for i in range(n):
            singles[i].apply_action(int(actions[i]))
            if singles[i].is_terminal():
                assert vector.dones[i] == 1
                assert np.allclose(vector.rewards[i], singles[i].returns())
                singles[i] = tabletop.Episode(game, seed + i + games_started[i] * n)
                games_started[i] += 1
                finished += 1
            else:
                assert vector.dones[i] == 0 and not vector.rewards[i].any()
    assert vector.games_finished == finished


def test_vector_env_buffers_are_views_and_bad_actions_raise(game_id):
    game = tabletop.load_game(game_id)
    vector = tabletop.VectorEnv(game, 2, seed=1, observe=False)
    masks = vector.masks
    assert masks.base is not None
    illegal = np.flatnonzero(masks[0] == 0)
    if illegal.size:
        try:
            vector.step(np.array([illegal[0], 0], dtype=np.int32))
        except tabletop.BadMove as error:
            assert f"action {illegal[0]}" in str(error)
        else:
            raise AssertionError("an illegal action was played")
