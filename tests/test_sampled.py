"""benchmarks/sampled.py reads py-spy's raw samples: which stacks count for a part of the game,
and how samples are split between a function's own lines and what it calls."""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
from sampled import aggregate, report  # noqa: E402

RAW = """\
<module> (run.py:9);GameState.apply (ruledsl/runtime/api.py:187);take (ruledsl/runtime/engine/loop.py:133) 5
<module> (run.py:9);GameState.apply (ruledsl/runtime/api.py:187);take (ruledsl/runtime/engine/loop.py:134);advance (ruledsl/runtime/engine/loop.py:58) 3
<module> (run.py:9);GameState.apply (ruledsl/runtime/api.py:187);take (ruledsl/runtime/engine/loop.py:134);advance (ruledsl/runtime/engine/loop.py:58);_find_and_load (<frozen importlib._bootstrap>:1176) 7
<module> (run.py:8);Game.new_game (ruledsl/runtime/api.py:40);shuffled (ruledsl/runtime/model/chance.py:34) 4
<module> (run.py:5);load (ruledsl/api.py:12) 9

"""


def test_play_counts_the_stacks_under_apply_and_splits_self_from_callees():
    total, own, under, lines = aggregate(RAW.splitlines(), "play")
    assert total == 8                   # not set-up, loading, nor a first import under apply
    take, advance = "take (ruledsl/runtime/engine/loop.py)", "advance (ruledsl/runtime/engine/loop.py)"
    assert own[take] == 5 and under[take] == 8
    assert own[advance] == 3 and under[advance] == 3
    assert lines["take (ruledsl/runtime/engine/loop.py:133)"] == 5
    assert lines["take (ruledsl/runtime/engine/loop.py:134)"] == 0


def test_setup_and_all_count_their_own_stacks():
    assert aggregate(RAW.splitlines(), "setup")[0] == 4
    assert aggregate(RAW.splitlines(), "all")[0] == 12


def test_the_report_gives_shares_of_the_samples():
    text = report(*aggregate(RAW.splitlines(), "play"), top=5, top_lines=5)
    assert "8 samples (few" in text
    assert " 62.5%        100.0%  take (ruledsl/runtime/engine/loop.py)" in text
    assert report(0, None, None, None, 5, 5).startswith("no samples")
