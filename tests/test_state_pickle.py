"""Game states pickle (issue 43): by record, rebuilt by replaying it, the same state again."""
from __future__ import annotations

import pickle
import random

import pytest

import ruledsl

from .conftest import BUNDLED, EXAMPLES, GAMES


@pytest.mark.parametrize("path", BUNDLED[:3] + EXAMPLES, ids=lambda p: p.stem)
@pytest.mark.parametrize("chance", ["seeded", "explicit"])
def test_a_state_pickled_at_any_point_is_the_same_state(path, chance):
    game = ruledsl.load(str(path))       # each at its fewest players
    state = game.new_game(seed=5, chance=chance)
    rng = random.Random(path.name)
    for step in range(60):
        if state.is_terminal():
            break
        if step % 7 == 0:
            again = pickle.loads(pickle.dumps(state))
            assert again.fingerprint() == state.fingerprint()
            assert again.legal_labels() == state.legal_labels()
            assert again.game is pickle.loads(pickle.dumps(state)).game      # loaded once per process
        state.apply(rng.choice(state.legal_actions()))
    again = pickle.loads(pickle.dumps(state))
    assert again.fingerprint() == state.fingerprint() and again.returns() == state.returns()


def test_a_reseeded_or_muted_state_keeps_its_chance_and_silence():
    game = ruledsl.load(str(GAMES / "examples" / "dice_race.rules"), players=2)
    state = game.new_game(seed=1).reseeded(99)
    state.mute()
    again = pickle.loads(pickle.dumps(state))
    assert again.rng == state.rng and again.muted
    for _ in range(10):
        if state.is_terminal():
            break
        state.apply(0)
        again.apply(0)
    assert again.fingerprint() == state.fingerprint()


def test_a_pickled_game_does_not_read_its_files_again(tmp_path):
    path = tmp_path / "g.rules"
    path.write_text((GAMES / "examples" / "tic_tac_toe.rules").read_text(encoding="utf-8"), encoding="utf-8")
    state = ruledsl.load(str(path)).new_game(seed=1)
    state.apply(0)
    data = pickle.dumps(state)
    path.write_text("this is not a rules file any more\n", encoding="utf-8")
    again = pickle.loads(data)
    assert again.actions_taken == state.actions_taken and again.legal_labels() == state.legal_labels()


def test_a_failed_state_fails_again_at_the_same_action():
    text = 'game "x"\nplayers 2\nflow:\n    choose by P1:\n        option "break":\n            let l = [1]\n' \
           '            announce "{l[5]}"\n        option "ok":\n            pass\n    win players\n'
    state = ruledsl.load("t.rules", text=text).new_game()
    with pytest.raises(ruledsl.RulesError) as raised:
        state.apply("break")
    again = pickle.loads(pickle.dumps(state))
    assert again.failed and again.actions_taken == state.actions_taken
    assert pickle.loads(pickle.dumps(raised.value)).diagnostics == raised.value.diagnostics
