"""How a unit's blocks are written (ruledsl/runtime/compiler/unit.py): a jump forward to a short
block writes that block's lines in place of a call of it; the block stays a function of its own
(a decision taken enters it by its number), and what the rules do is the same. A jump back calls
its block where no cycle of such calls forms."""
from __future__ import annotations

import pytest

import ruledsl
from ruledsl.errors import RulesError
from ruledsl.runtime.compiler.code import FRAMES, JUMP, RETURN, Label, Line, text
from ruledsl.runtime.compiler.passes import jumps

from .conftest import ROOT, decided, random_trace, slow

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


def _linked(program, what: str) -> set:
    """The lines of the rules whose jumps the pass `jumps` linked as what says ("block written in
    place", "block called", "block called back")."""
    return {line for decision, line in decided(program, "jumps") if decision == what}


def _load(path, off: set, monkeypatch):
    slow(monkeypatch, off)
    return ruledsl.load(str(path), 2)


def test_a_short_block_is_written_where_a_block_jumps_to_it(monkeypatch):
    program = _load(TIC_TAC_TOE, set(), monkeypatch).program
    assert _linked(program, "block written in place") == {31, 33}    # the loop over the seats, the turn's choice
    plain = _load(TIC_TAC_TOE, {"jumps"}, monkeypatch).program
    assert decided(plain, "jumps") == set()
    # each block still a function of its own (a decision taken enters it by its number)
    assert len(program.code[program.flow_unit]) == len(plain.code[plain.flow_unit]) > 5


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_writing_blocks_in_place_changes_no_game(seed, monkeypatch):
    assert random_trace(TIC_TAC_TOE, seed, set(), monkeypatch) == \
        random_trace(TIC_TAC_TOE, seed, {"jumps"}, monkeypatch)


def test_a_failure_in_a_block_written_in_place_names_its_statement(tmp_path, monkeypatch):
    path = tmp_path / "e.rules"
    path.write_text(GAME, encoding="utf-8")
    game = _load(path, set(), monkeypatch)
    assert 7 in _linked(game.program, "block written in place")      # after the choice
    state = game.new_game(seed=1)
    with pytest.raises(RulesError) as failure:
        state.apply("2")        # n becomes 3: 10 / 0, in the block after the choice
    assert "e.rules:9:" in str(failure.value) and "division by zero" in str(failure.value)
    assert state.legal_labels() == [] and state.failure is failure.value


# A loop whose body may stop for a decision but, here, never does: each turn round it must pass
# through the run loop (a chain of calls would grow with every turn).
LONG_LOOP = '''game "L"
players 2
var n: int = 0
flow:
    repeat 5000 times:
        if n < 0:
            choose x from [1, 2] by P1:
                set n to x
        set n to n + 1
    for each p in players:
        turn p:
            choose x from [1, 2]:
                set n to n + x
    win [P1]
'''


def test_a_jump_back_calls_its_block_where_no_cycle_of_calls_forms(monkeypatch):
    # the turn's end goes on to the next seat's turn (the loop over the seats, line 31), whose
    # choice stops the calls
    assert _linked(_load(TIC_TAC_TOE, set(), monkeypatch).program, "block called back") == {31}
    assert _linked(_load(TIC_TAC_TOE, {"jumps"}, monkeypatch).program, "block called back") == set()


def test_a_loop_that_stops_for_nothing_goes_round_through_the_run_loop(tmp_path, monkeypatch):
    path = tmp_path / "l.rules"
    path.write_text(LONG_LOOP, encoding="utf-8")
    state = _load(path, set(), monkeypatch).new_game(seed=1)
    assert state.legal_labels() == ["1", "2"] and state.view(0) is not None
    state.apply("2")
    assert state.legal_labels() == ["1", "2"]


def _to(block: int, depth: int = 0) -> Line:
    label = Label()
    label.block = block
    return Line(depth, text(f"fr.pc = {block}"), None, JUMP, label)


def test_back_links_close_no_cycle():
    plain = lambda words, depth=0: Line(depth, text(words), None)     # noqa: E731
    lines = [[_to(1)],                                               # 0 -> 1
             [plain("return _offer_menu(st, fr)")],                  # 1: a decision, no jump
             [_to(1)],                                               # 2 -> 1: 1 calls nothing back
             [plain("if x:"), _to(0, 1), Line(1, text("return"), None, RETURN), plain("y")],  # 3 -> 0 -> 1
             [_to(5)],                                               # 4 -> 5
             [_to(4)],                                               # 5 -> 4: would close 4 -> 5 -> 4
             [Line(0, text("st.frames.append(f)"), None, FRAMES), _to(1)],   # 6 pushes a frame
             [_to(7)]]                                               # 7 -> 7: itself
    assert jumps.back_links(lines) == {(2, 1), (3, 0)}
