"""`ruledsl play` in a real pseudo-terminal: a person's keystrokes, the screen it draws, the result."""
from __future__ import annotations

import io
import sys

import pytest

from .conftest import GAMES

pexpect = pytest.importorskip("pexpect")


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_tic_tac_toe_line_by_line_in_a_terminal(tmp_path):
    game = str(GAMES / "examples" / "tic_tac_toe.rules")
    child = pexpect.spawn(sys.executable, ["-m", "ruledsl", "play", game, "--seed", "5", "--line"], cwd=str(tmp_path),
                          dimensions=(50, 100), encoding="utf-8", timeout=20)
    screen = io.StringIO()
    child.logfile_read = screen
    moves = 0
    while True:
        which = child.expect([r"X, your choice \(1-\d+, undo, save, help, quit\): ", r"Game over: ([^\r\n]*)\."])
        if which == 1:
            break
        child.sendline("1")
        moves += 1
    result = child.match.group(1)
    child.expect(r"Save the game record\? \[Y/n\] ")
    child.sendline("n")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert result == "X wins"
    assert moves == 4
    shown = screen.getvalue()
    assert shown.count("\x1b[2J") == moves + 1      # a clean screen for each view, and for the result
    assert "Mark ×" in shown and "you are X" in shown  # the board and the header were drawn
