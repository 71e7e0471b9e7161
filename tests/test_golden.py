"""Golden playthroughs: one seeded game of each bundled game, compared byte for byte.

Each tests/golden/NAME.txt starts with the `ruledsl run ... --transcript` command
line that made it; the rest is that command's output. After a deliberate change
to a game or to what events say, rewrite them with

    RULEDSL_UPDATE_GOLDEN=1 python -m pytest tests/test_golden.py

and read the diff before committing it.
"""
from __future__ import annotations

import os
import shlex

import pytest
from click.testing import CliRunner

from ruledsl.cli.main import cli

from .conftest import BUNDLED, ROOT

GOLDEN = ROOT / "tests" / "golden"
FILES = sorted(GOLDEN.glob("*.txt"))
PREFIX = "# ruledsl "


def command_of(path) -> list:
    first = path.read_text(encoding="utf-8").split("\n", 1)[0]
    assert first.startswith(PREFIX), f"{path.name} must start with '{PREFIX}run ... --transcript'"
    return shlex.split(first[len(PREFIX):])


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_golden_playthrough(path, monkeypatch):
    monkeypatch.chdir(ROOT)
    args = command_of(path)
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    made = f"{PREFIX}{shlex.join(args)}\n{result.output}"
    if os.environ.get("RULEDSL_UPDATE_GOLDEN"):
        path.write_text(made, encoding="utf-8")
    assert made == path.read_text(encoding="utf-8"), f"{path.name} differs: rerun with RULEDSL_UPDATE_GOLDEN=1 and check the diff"


def base_games():
    """Bundled games that are not variants of another (a variant starts from its base's golden)."""
    return [p for p in BUNDLED if not any(line.startswith("extends ") for line in p.read_text().splitlines())]


@pytest.mark.parametrize("game", base_games(), ids=[p.name for p in base_games()])
def test_every_bundled_game_has_a_golden_playthrough(game):
    used = {command_of(p)[1] for p in FILES}
    assert f"games/{game.name}" in used
