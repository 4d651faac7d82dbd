"""OpenSpiel's own tools on Tabletop's games through tabletop.openspiel: the random simulation
test, its MCTS and ISMCTS bots under evaluate_bots, and our ISMCTS against theirs."""

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts

import tabletop
from conftest import GAME_SEATS, LEARNABLE
from tabletop import openspiel as tos

NAMES = tos.register()


def test_every_game_with_the_contract_is_registered():
    assert sorted(NAMES) == sorted(tos.short_name(g) for g in LEARNABLE)
    for name in NAMES:
        assert name in pyspiel.registered_names()


@pytest.mark.parametrize("game_id,players", GAME_SEATS)
def test_random_sim_test(game_id, players):
    game = pyspiel.load_game(tos.short_name(game_id), {"players": players})
    assert game.num_players() == players
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def _ismcts_bot(game, seed):
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
    return ismcts.ISMCTSBot(
        game, evaluator, uct_c=2.0, max_simulations=20, random_state=np.random.RandomState(seed)
    )


def test_openspiel_bots_play_through_evaluate_bots(game_id):
    game = pyspiel.load_game(tos.short_name(game_id))
    n = game.num_players()
    bots = [_ismcts_bot(game, 1)]
    if game.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION:
        evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(2))
        bots.append(mcts.MCTSBot(game, 2.0, 20, evaluator, random_state=np.random.RandomState(2)))
    while len(bots) < n:
        bots.append(pyspiel.make_uniform_random_bot(len(bots), 3))
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(4))
    utility = tabletop.load_game(game_id).utility()
    assert len(returns) == n
    assert all(utility["min"] <= r <= utility["max"] for r in returns)


class _TabletopBot(pyspiel.Bot):
    """Our ismcts agent as an OpenSpiel bot: it chooses on the adapter state's own game state."""

    def __init__(self, game, spec, seed):
        pyspiel.Bot.__init__(self)
        self._agent = tabletop.Agent(spec, game.tabletop_game, seed)

    def step(self, state):
        return self._agent.choose_action(state._episode.state())

    def restart_at(self, state):
        pass


def test_our_ismcts_against_openspiel_ismcts(game_id):
    game = pyspiel.load_game(tos.short_name(game_id))
    for first in range(2):
        ours = _TabletopBot(game, "ismcts:iterations=50", first)
        theirs = _ismcts_bot(game, first)
        bots = [ours, theirs] if first == 0 else [theirs, ours]
        while len(bots) < game.num_players():
            bots.append(pyspiel.make_uniform_random_bot(len(bots), 5))
        returns = evaluate_bots.evaluate_bots(
            game.new_initial_state(), bots, np.random.RandomState(first)
        )
        utility = tabletop.load_game(game_id).utility()
        assert all(utility["min"] <= r <= utility["max"] for r in returns)
