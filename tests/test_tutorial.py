"""docs/tutorial.md: every step is a whole game that checks clean and passes its scenarios, and
the last one simulates without an error."""
from __future__ import annotations

import re

import pytest

import ruledsl
from ruledsl.cli.simulate import simulate
from ruledsl.scenarios import run_file

from .conftest import ROOT

TUTORIAL = (ROOT / "docs" / "tutorial.md").read_text(encoding="utf-8")
STEPS = re.findall(r"```rules\n(.*?)```", TUTORIAL, re.S)


def test_the_tutorial_has_its_steps():
    assert len(STEPS) >= 6
    assert all(step.startswith('game "Pig"') for step in STEPS)


@pytest.mark.parametrize("index", range(len(STEPS)))
def test_each_step_checks_clean_and_passes_its_scenarios(index, tmp_path):
    path = tmp_path / "pig.rules"
    path.write_text(STEPS[index], encoding="utf-8")
    assert [d.headline() for d in ruledsl.check(str(path)) if d.severity == "error"] == []
    results = run_file(str(path))
    assert [(r.title, r.message) for r in results if not r.passed] == []
    assert bool(results) == ("scenario " in STEPS[index])
    state = ruledsl.load(str(path), 2).new_game(seed=1)
    assert state.is_terminal() or state.legal_labels()


def test_the_last_step_simulates_without_errors(tmp_path):
    path = tmp_path / "pig.rules"
    path.write_text(STEPS[-1], encoding="utf-8")
    summary = simulate(ruledsl.load(str(path), 3), 40, 1, 5000)
    assert summary.failures == [] and summary.finished == 40
    assert sum(summary.wins) >= 40            # every game has a winner (or shares one)
