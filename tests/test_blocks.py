"""How a unit's blocks are written (ruledsl/runtime/compiler/unit.py): a jump forward to a short
block writes that block's lines in place of a call of it; the block stays a function of its own
(a decision taken enters it by its number), and what the rules do is the same."""
from __future__ import annotations

import re

import pytest

import ruledsl
from ruledsl.errors import RulesError
from ruledsl.runtime import fastpaths

from .conftest import ROOT, random_trace

TIC_TAC_TOE = ROOT / "games" / "examples" / "tic_tac_toe.rules"
# After the choice, a short block: the division and the end of the turn.
GAME = '''game "E"
players 2
var n: int = 1
flow:
    for each p in players:
        turn p:
            choose x from [1, 2]:
                set n to n + x
            set n to 10 / (n - 3)
    win [P1]
'''


def _blocks(code: str) -> dict:
    """{block number: its lines, without `env = fr.env`} of a unit's generated code."""
    return {int(number): [line[4:] for line in body.splitlines()[1:]]
            for number, body in re.findall(r"def u0_b(\d+)\(st, fr\):\n((?:    .*\n)*)", code)}


def _written_in_place(blocks: dict) -> int:
    """How many jumps forward are followed by the lines of the block they jump to."""
    found = 0
    for number, lines in blocks.items():
        for j, line in enumerate(lines):
            jump = re.fullmatch(r"( *)fr\.pc = (\d+)", line)
            if jump is None or int(jump.group(2)) <= number:
                continue
            indent, later = jump.group(1), blocks[int(jump.group(2))]
            if [x[len(indent):] for x in lines[j + 1:j + 1 + len(later)]] == later:
                found += 1
    return found


def _load(path, off: set, monkeypatch):
    monkeypatch.setattr(fastpaths, "OFF", off)
    return ruledsl.load(str(path), 2)


def test_a_short_block_is_written_where_a_block_jumps_to_it(monkeypatch):
    blocks = _blocks(_load(TIC_TAC_TOE, set(), monkeypatch).program.code_map.texts("the flow"))
    assert _written_in_place(blocks) >= 3       # the turn's choice, the test after it, the loop's end
    assert sorted(blocks) == list(range(len(blocks)))       # each still a function of its own
    plain = _blocks(_load(TIC_TAC_TOE, {"jumps"}, monkeypatch).program.code_map.texts("the flow"))
    assert _written_in_place(plain) == 0 and len(plain) == len(blocks)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_writing_blocks_in_place_changes_no_game(seed, monkeypatch):
    assert random_trace(TIC_TAC_TOE, seed, set(), monkeypatch) == \
        random_trace(TIC_TAC_TOE, seed, {"jumps"}, monkeypatch)


def test_a_failure_in_a_block_written_in_place_names_its_statement(tmp_path, monkeypatch):
    path = tmp_path / "e.rules"
    path.write_text(GAME, encoding="utf-8")
    game = _load(path, set(), monkeypatch)
    assert _written_in_place(_blocks(game.program.code_map.texts("the flow"))) >= 1
    state = game.new_game(seed=1)
    with pytest.raises(RulesError) as failure:
        state.apply("2")        # n becomes 3: 10 / 0, in the block after the choice
    assert "e.rules:9:" in str(failure.value) and "division by zero" in str(failure.value)
    assert state.legal_labels() == [] and state.failure is failure.value
