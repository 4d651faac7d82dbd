"""Shared fixtures: the games that supply the learning contract, with every seat count."""

import pytest

import tabletop

LEARNABLE = tabletop.learnable_game_ids()
GAME_SEATS = [(g, n) for g in LEARNABLE for n in tabletop.player_counts(g)]


def pytest_report_header(config):
    return f"tabletop games with an action space: {', '.join(LEARNABLE) or 'none'}"


@pytest.fixture(params=LEARNABLE)
def game_id(request):
    return request.param


def test_some_game_supplies_the_contract():
    assert LEARNABLE, "no game supplies num_distinct_actions(): nothing for the adapters to play"
