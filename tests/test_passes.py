"""The compiler's optimisation passes (ruledsl/runtime/compiler/passes), tested by what they
decided: each pass records what it decided at which place of the rules (Program.decided), and
these tests assert those records, never the text of the generated code. That the games play the
same with each pass off is tests/test_differential.py's to prove."""
from __future__ import annotations

from pathlib import Path

import pytest

import ruledsl
from ruledsl.runtime.compiler import passes

from .test_compiler_limits import HEADER, _doubling

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "games" / "examples"

# (pass, game, what it decides, the line of the rules where it decides it)
DECISIONS = [
    ("typed", "tic_tac_toe", "counted in place, certain", 24),
    ("compare", "tic_tac_toe", "membership scan", 27),
    ("calls", "tic_tac_toe", "count", 24),
    ("fold", "tic_tac_toe", "a fixed list", 17),
    ("remember", "tic_tac_toe", "kept value read in place", 27),
    ("inline", "tic_tac_toe", "written in place", 36),
    ("hoist", "tic_tac_toe", "a part kept once per comprehension", 27),
    ("lift", "connect_four", "a function of its own", 37),
    ("fuse", "tic_tac_toe", "the list filtered as it is gone through", 33),
    ("fixed", "tic_tac_toe", "labels made when compiled", 33),
    ("reads", "../shining", "options kept per the values read", 336),
    ("lazy", "missions", "selections offered lazily", 40),
    ("splice", "breakthrough", "written in place", 56),
    ("jumps", "tic_tac_toe", "block written in place", 33),
    ("bulk", "high_card", "a zone moved whole", 35),
    ("draws", "missions", "drawn in place", 35),
]


def _decided(game: str, optimizations=None) -> set:
    """{(pass, what, line)} the compiler recorded for a bundled game."""
    ruledsl.forget()
    program = ruledsl.load(str(EXAMPLES / f"{game}.rules"), optimizations=optimizations).program
    return {(name, what, span.line) for name, what, span in program.decided if span is not None}


def test_every_pass_is_tested_by_a_decision_it_makes():
    assert {d[0] for d in DECISIONS} | {"started", "walks"} == set(passes.ALL)


@pytest.mark.parametrize(("name", "game", "what", "line"), DECISIONS, ids=[d[0] for d in DECISIONS])
def test_a_pass_decides_at_its_place_and_nothing_without_it(name, game, what, line):
    assert (name, what, line) in _decided(game)
    without = _decided(game, [p for p in passes.DEFAULT if p != name])
    assert not [d for d in without if d[0] == name]


def test_with_no_pass_nothing_is_decided():
    assert _decided("tic_tac_toe", ()) == set()


def test_a_pass_relied_on_by_another_decides_alone():
    # `hoist` keeps a part of a comprehension once, whatever else is on
    assert ("hoist", "a part kept once per comprehension", 27) in _decided("tic_tac_toe", ["hoist"])


def test_a_define_too_large_to_write_in_place_is_called():
    ruledsl.forget()
    game = ruledsl.load("chain.rules", text=HEADER + _doubling(16, 16))
    decided = {(name, what) for name, what, _ in game.program.decided}
    assert ("inline", "called: too large to write in place") in decided
    assert ("inline", "written in place") in decided        # the smaller ones still are


def test_started_and_walks_say_what_they_leave_to_play():
    ruledsl.forget()
    program = ruledsl.load(str(EXAMPLES / "tic_tac_toe.rules")).program
    assert program.copies_start and program.graphs.simple
    ruledsl.forget()
    program = ruledsl.load(str(EXAMPLES / "tic_tac_toe.rules"), optimizations=()).program
    assert not program.copies_start and not program.graphs.simple


def test_an_unknown_pass_is_an_error_naming_the_passes():
    with pytest.raises(ValueError, match="no optimisation pass named 'fodl'; the passes are typed, "):
        passes.chosen(["fodl"])


def test_the_environment_only_makes_the_default_list():
    assert passes.from_environment({"RULEDSL_SLOW": "all"}) == ()
    assert passes.from_environment({"RULEDSL_SLOW": "lift, jumps"}) == tuple(
        p for p in passes.DEFAULT if p not in ("lift", "jumps"))
    assert passes.from_environment({}) == passes.DEFAULT


def test_what_each_pass_records_is_in_the_architecture_s_table():
    # docs/architecture.md lists what each pass records (the builtins `calls` writes in place are
    # recorded by their names, which the table does not list one by one)
    table = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    recorded = set()
    for game in sorted({d[1] for d in DECISIONS}):
        recorded |= {(name, what) for name, what, _ in _decided(game)}
    missing = sorted((name, what) for name, what in recorded if name != "calls" and f'"{what}"' not in table)
    assert not missing and len(recorded) > 40
