"""benchmarks/bots.py: what its random baseline says of a game."""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import bots  # noqa: E402


def test_a_game_no_random_game_ended_is_not_taken_for_a_co_operative_one():
    """With no random game ended (none played, or random play that never ends), nothing says
    the seats share their fate: the bot plays one seat against random ones, not a team."""
    assert bots.baseline("games/examples/tic_tac_toe.rules", 2, 0, 1)["together"] is False
    assert bots.baseline("games/examples/signals.rules", 2, 3, 1)["together"] is True
    assert bots.baseline("games/examples/tic_tac_toe.rules", 2, 6, 1)["together"] is False


def test_every_game_benchmark_measures_a_file_of_ones_own(tmp_path):
    """`all --files` plays the files given (a game the bots were not tuned on), not the bundled ones."""
    import json
    import shutil
    import subprocess
    root = Path(__file__).resolve().parent.parent
    mine = tmp_path / "mine.rules"
    shutil.copy(root / "games/examples/tic_tac_toe.rules", mine)
    out = tmp_path / "out.jsonl"
    subprocess.run([sys.executable, str(root / "benchmarks/bots.py"), "all", "--budget", "10i", "--games", "1",
                    "--baseline", "2", "--files", str(mine), "--out", str(out)], check=True, capture_output=True,
                   cwd=tmp_path)
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["path"] for r in rows] == [str(mine.resolve())]
