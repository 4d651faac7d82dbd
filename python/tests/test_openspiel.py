"""OpenSpiel's own tools on Tabletop's games through tabletop.openspiel: the random simulation
test, its MCTS bot under evaluate_bots, its ISMCTS bot, and our ISMCTS against theirs.

The bots' games are cut short by the games' own engine caps (a parameter, not a rule change): a
search in Python over a full game would take minutes."""

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts

import tabletop
from conftest import GAME_SEATS, LEARNABLE
from tabletop import openspiel as tos

NAMES = tos.register()
IMPERFECT = [g for g in LEARNABLE if tabletop.load_game(g).hidden_information]


def short_params(game_id, plies=10, rounds=1):
    """Engine caps (a parameter, not a rule change) that end a game after `plies` moves or
    `rounds` rounds, whichever of the two the game has."""
    info = next(i for i in tabletop.game_infos() if i["id"] == game_id)
    caps = {"max_plies": plies, "max_rounds": rounds}
    return {p["name"]: max(p["min"], caps[p["name"]]) for p in info["params"] if p["name"] in caps}


def test_every_game_with_the_contract_is_registered():
    assert sorted(NAMES) == sorted(tos.short_name(g) for g in LEARNABLE)
    for name in NAMES:
        assert name in pyspiel.registered_names()


@pytest.mark.parametrize("game_id,players", GAME_SEATS)
def test_random_sim_test(game_id, players):
    # Games of a few hundred moves: a whole random game of some takes minutes through Python.
    params = {"players": players, **short_params(game_id, plies=300, rounds=3)}
    game = pyspiel.load_game(tos.short_name(game_id), params)
    assert game.num_players() == players
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_a_game_without_a_rule_bound_gets_the_adapters_round_cap():
    # Conspiracy's rules play rounds until someone wins (max_rounds=0 by default: no cap, no
    # maximum length); OpenSpiel needs one, so the adapter caps it at ADAPTER_ROUND_CAP rounds.
    assert tabletop.load_game("conspiracy").max_game_length() == 0
    name = tos.short_name("conspiracy")
    game = pyspiel.load_game(name)
    capped = tabletop.load_game("conspiracy", {"max_rounds": tos.ADAPTER_ROUND_CAP})
    assert game.max_game_length() == capped.max_game_length() > 0
    assert game.get_type().parameter_specification["max_rounds"] == tos.ADAPTER_ROUND_CAP
    # A cap the caller gives wins; an explicit 0 (no cap) is refused with the reason.
    five = pyspiel.load_game(name, {"players": 5, "max_rounds": 2})
    assert (
        five.max_game_length()
        == tabletop.load_game("conspiracy", {"players": 5, "max_rounds": 2}).max_game_length()
    )
    with pytest.raises(tabletop.BadParams, match="no maximum length"):
        pyspiel.load_game(name, {"max_rounds": 0})
    # Every other game's rules or engine caps bound it by default: the adapter adds nothing.
    for game_id in LEARNABLE:
        if game_id != "conspiracy":
            assert tabletop.load_game(game_id).max_game_length() > 0, game_id
            assert (
                tos._adapter_caps(next(i for i in tabletop.game_infos() if i["id"] == game_id))
                == {}
            ), game_id


def _rollouts(seed):
    return mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))


def _check_returns(game_id, returns, players):
    utility = tabletop.load_game(game_id).utility()
    assert len(returns) == players
    assert all(utility["min"] <= r <= utility["max"] for r in returns)


def test_mcts_bot_through_evaluate_bots(game_id):
    game = pyspiel.load_game(tos.short_name(game_id), short_params(game_id))
    n = game.num_players()
    bots = [mcts.MCTSBot(game, 2.0, 8, _rollouts(1), random_state=np.random.RandomState(1))]
    bots += [pyspiel.make_uniform_random_bot(i, 3 + i) for i in range(1, n)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(4))
    _check_returns(game_id, returns, n)


def _play(state, choosers, rng):
    """Plays `state` to the end: chance by its probabilities, seat s by choosers[s](state)."""
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            action = choosers[state.current_player()](state)
            assert action in state.legal_actions()
            state.apply_action(action)
    return state.returns()


def _random(rng):
    return lambda state: int(rng.choice(state.legal_actions()))


def _their_ismcts(game, seed):
    bot = ismcts.ISMCTSBot(game, _rollouts(seed), 2.0, 8, random_state=np.random.RandomState(seed))
    return bot.step


@pytest.mark.parametrize("game_id", IMPERFECT)
def test_openspiel_ismcts_plays(game_id):
    # OpenSpiel's Python ISMCTSBot has no restart_at, which evaluate_bots calls: a plain loop.
    game = pyspiel.load_game(tos.short_name(game_id), short_params(game_id))
    rng = np.random.RandomState(5)
    choosers = [_their_ismcts(game, 5)] + [_random(rng)] * (game.num_players() - 1)
    _check_returns(game_id, _play(game.new_initial_state(), choosers, rng), game.num_players())


def test_our_ismcts_against_openspiel_ismcts():
    game_id = "siege"
    game = pyspiel.load_game(tos.short_name(game_id), {"players": 2, **short_params(game_id)})
    for first in range(2):
        agent = tabletop.Agent("ismcts:iterations=30", game.tabletop_game, seed=first)

        def ours(state, agent=agent):
            return int(agent.choose_action(state._episode.state()))

        theirs = _their_ismcts(game, first)
        choosers = [ours, theirs] if first == 0 else [theirs, ours]
        rng = np.random.RandomState(first)
        returns = _play(game.new_initial_state(), choosers, rng)
        _check_returns(game_id, returns, game.num_players())


def test_openspiel_cpp_mcts_searches_our_game(game_id):
    # OpenSpiel's C++ MCTSBot.step releases the GIL and then clones our Python states without it
    # (a segmentation fault, docs/python.md); its mcts_search keeps the GIL and plays.
    game = pyspiel.load_game(tos.short_name(game_id), short_params(game_id))
    bot = pyspiel.MCTSBot(game, pyspiel.RandomRolloutEvaluator(1, 1), 2.0, 8, 10, False, 1, False)
    rng = np.random.RandomState(2)
    searched = []

    def search(state):
        action = bot.mcts_search(state).best_child().action
        searched.append(action)
        return action

    choosers = [search] + [_random(rng)] * (game.num_players() - 1)
    returns = _play(game.new_initial_state(), choosers, rng)
    assert searched
    _check_returns(game_id, returns, game.num_players())


# A process that registered the games and played them through OpenSpiel's C++ tools (its random
# simulation test, its C++ MCTS search, its bots under evaluate_bots) exits normally, whether it
# keeps its games, states and bots alive to the end or drops them first: OpenSpiel's registry,
# which releases the registered classes after the interpreter's end, must not abort the process
# then (docs/python.md says why it could).
_PLAYS_AND_EXITS = """
import gc
import sys

import numpy as np
import pyspiel
from open_spiel.python.algorithms import evaluate_bots, mcts
from tabletop import openspiel as tos

tos.register()
GAME = pyspiel.load_game("tabletop_relativity", {"max_plies": 10})
pyspiel.random_sim_test(GAME, num_sims=1, serialize=False, verbose=False)
CPP = pyspiel.MCTSBot(GAME, pyspiel.RandomRolloutEvaluator(1, 1), 2.0, 4, 10, False, 1, False)
STATE = GAME.new_initial_state()
while STATE.is_chance_node():
    STATE.apply_action(STATE.chance_outcomes()[0][0])
CPP.mcts_search(STATE)
BOTS = [
    mcts.MCTSBot(GAME, 2.0, 4, mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))),
    pyspiel.make_uniform_random_bot(1, 2),
]
print(evaluate_bots.evaluate_bots(GAME.new_initial_state(), BOTS, np.random.RandomState(3)))
if sys.argv[1] == "drop":
    del GAME, CPP, STATE, BOTS
    gc.collect()
"""


@pytest.mark.parametrize("references", ["keep", "drop"])
def test_a_process_that_played_exits_normally(references):
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", _PLAYS_AND_EXITS, references],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().startswith("["), done.stdout
