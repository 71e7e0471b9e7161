"""What the log says: `quietly`, zone labels, rotations."""
from __future__ import annotations

import ruledsl
from ruledsl.transcript import transcript

from .conftest import ROOT


def played():
    game = ruledsl.load(str(ROOT / "tests" / "fixtures" / "quiet.rules"), 2)
    return game.new_game(seed=1).apply("x")


def test_quietly_keeps_effects_out_of_the_log_but_not_announcements_or_decisions():
    lines = transcript(played())
    assert lines[0] == "laid 1"                          # the quiet block's moves and rotation are not told
    assert "P1: x" in lines and "P1 wins the game" in lines
    assert not any("P2's cards in hand to the table" in line for line in lines)   # quiet inside a decision's body


def test_quietly_changes_the_state_all_the_same():
    state = played()
    assert len(state.view(None)["zones"]["table"]) == 4
    assert state.quiet == 0                              # the blocks ended


def test_zones_with_labels_are_named_by_them_per_player_with_the_owner():
    assert "1 moves from P2's cards in hand to A1" in transcript(played())


def test_rotations_say_which_way_and_where():
    assert "1 on A1 is turned 90 degrees anticlockwise" in transcript(played())
