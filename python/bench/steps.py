"""Steps per second of random play through the Python package (not part of `make test`):

- episode: a plain Python loop over one tabletop.Episode (mask, information-state tensor, action);
- pettingzoo: the same through the AEC environment (tabletop.pettingzoo);
- vector N: tabletop.VectorEnv stepping N games per call in C++, actions drawn from the masks
  with NumPy.

    build/venv/bin/python python/bench/steps.py [--game relativity] [--seconds 3] [--n 64]
"""

import argparse
import time

import numpy as np

import tabletop
from tabletop import pettingzoo as tz


def episode_rate(game, seconds):
    rng = np.random.default_rng(0)
    steps, seed, start = 0, 0, time.perf_counter()
    episode = tabletop.Episode(game, seed, undoable=False)
    while time.perf_counter() - start < seconds:
        if episode.is_terminal():
            seed += 1
            episode = tabletop.Episode(game, seed, undoable=False)
        seat = episode.current_player()
        episode.information_state_tensor(seat)
        legal = np.flatnonzero(episode.legal_action_mask())
        episode.apply_action(int(legal[rng.integers(legal.size)]))
        steps += 1
    return steps / (time.perf_counter() - start)


def pettingzoo_rate(game_id, seconds):
    rng = np.random.default_rng(0)
    env = tz.env(game_id)
    env.reset(seed=0)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        observation, _, termination, truncation, _ = env.last()
        if termination or truncation:
            env.reset()
            continue
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(legal[rng.integers(legal.size)]))
        steps += 1
    return steps / (time.perf_counter() - start)


def vector_rate(game, n, seconds):
    rng = np.random.default_rng(0)
    vector = tabletop.VectorEnv(game, n, seed=0)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        # One uniform legal action per game: the largest random key among the legal actions.
        keys = rng.random(vector.masks.shape) * vector.masks
        vector.step(keys.argmax(axis=1).astype(np.int32))
        steps += n
    return steps / (time.perf_counter() - start)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="relativity")
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--n", type=int, default=64)
    args = parser.parse_args()
    game = tabletop.load_game(args.game)
    rows = [
        ("episode (Python loop)", episode_rate(game, args.seconds)),
        ("pettingzoo AEC", pettingzoo_rate(args.game, args.seconds)),
        (f"vector, {args.n} games a call", vector_rate(game, args.n, args.seconds)),
    ]
    print(f"| {args.game} | steps/s |")
    print("| --- | ---: |")
    for name, rate in rows:
        print(f"| {name} | {rate:,.0f} |")


if __name__ == "__main__":
    main()
