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


# Registering Python games with OpenSpiel (tabletop.openspiel.register) makes this process abort
# after the interpreter has ended: OpenSpiel's registry releases a Python object from a C++ static
# destructor, without the GIL. Until that is fixed, the test process ends itself once pytest has
# reported, with pytest's own exit status.
_EXIT_STATUS = {}


def pytest_sessionfinish(session, exitstatus):
    _EXIT_STATUS["status"] = int(exitstatus)


@pytest.hookimpl(trylast=True)
def pytest_unconfigure(config):
    import os
    import sys

    if "status" in _EXIT_STATUS and "pyspiel" in sys.modules:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(_EXIT_STATUS["status"])
