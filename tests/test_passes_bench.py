"""benchmarks/passes.py: each pass measured on its own plays the same games with it and without
it, and what it says of a pass that does not exist."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import passes  # noqa: E402

TIC_TAC_TOE = str(Path(__file__).resolve().parent.parent / "games" / "examples" / "tic_tac_toe.rules")


def test_a_pass_is_measured_on_the_same_games_with_it_and_without():
    found = passes.gain(TIC_TAC_TOE, 2, "started", rounds=2, seconds=0.0)
    assert found["pass"] == "started" and found["games"] == 1
    assert found["spread"] >= 0 and found["gain"] > -1


def test_a_pass_not_named_so_is_refused(capsys):
    with pytest.raises(SystemExit):
        passes.main(["tic_tac_toe", "--without", "fodl"])
    assert "no pass named fodl; the passes are typed, compare" in capsys.readouterr().err
