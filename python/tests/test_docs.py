"""docs/python.md's example runs as written."""

import pathlib
import re

import pytest

import tabletop

DOC = pathlib.Path(__file__).resolve().parents[2] / "docs" / "python.md"


def test_the_example_plays_a_game(capsys):
    if "relativity" not in tabletop.learnable_game_ids():
        pytest.fail("the example plays relativity, which supplies no action space")
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(), re.S)
    exec(compile(blocks[0], str(DOC), "exec"), {})
    out = capsys.readouterr().out
    assert "returns:" in out and "ismcts plays" in out
