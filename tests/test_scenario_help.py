"""What scenarios say when they fail: the values of an expectation's parts, a plain expect before
the flow started, a late force, several forced dice, the pending decision's options, the scenario
line that ran a failing rule, and a variant's own scenarios apart from its base's."""
from __future__ import annotations

from click.testing import CliRunner

from ruledsl.cli.main import cli
from ruledsl.scenarios import run_file

DICE = '''game "Dice"
players 2
die d6: 1..6
var score: int = 0, per player
rule boom(p):
    let x = p.score / 0
    set p.score to x
flow:
    repeat:
        for each p in players:
            turn p:
                choose:
                    option "roll":
                        let r = roll(d6)
                        let s = roll(d6)
                        increase p.score by r + s
                    option "stop":
                        win [p]
'''


def results(tmp_rules, scenario: str) -> list:
    return [(r.passed, r.message) for r in run_file(tmp_rules("d.rules", DICE + scenario))]


def test_a_failed_expect_shows_the_values_of_its_parts(tmp_rules):
    [(ok, message)] = results(tmp_rules, 'scenario "s":\n    force roll(d6) = 3, 4\n    play "roll"\n'
                                         '    expect P1.score == 6 and not (P2.score > 1)\n')
    assert not ok
    assert message == "line 22: expected P1.score == 6 and not (P2.score > 1), but P1.score is 7 and P2.score is 0"


def test_a_plain_expect_before_the_flow_started_says_so(tmp_rules):
    [(ok, message)] = results(tmp_rules, 'scenario "s":\n    expect P1.score == 1\n')
    assert not ok and "the flow has not started yet" in message


def test_several_dice_forced_in_one_line(tmp_rules):
    assert results(tmp_rules, 'scenario "s":\n    force roll(d6) = 5, 6\n    play "roll"\n    expect P1.score == 11\n') \
        == [(True, "")]


def test_a_force_after_the_roll_it_was_meant_for_is_an_error(tmp_rules):
    [(ok, message)] = results(tmp_rules, 'scenario "s":\n    play "roll"\n    force roll(d6) = 6, 6\n    play "stop"\n'
                                         '    expect winners == [P2]\n')
    assert not ok
    assert message.startswith("line 21: force roll(d6) = 6, 6 comes after the play on line 20, which already drew its chance")


def test_expect_options_checks_the_seat_and_every_option(tmp_rules):
    good = 'scenario "s":\n    expect options "roll", "stop" by P1\n    play "stop"\n    expect winners == [P1]\n'
    assert results(tmp_rules, good) == [(True, "")]
    [(ok, message)] = results(tmp_rules, 'scenario "s":\n    expect options "roll" by P1\n')
    assert not ok and message == "line 20: expected P1 to choose from 'roll', but P1 may choose: 'roll', 'stop'"
    [(ok, message)] = results(tmp_rules, 'scenario "s":\n    expect options "roll", "stop" by P2\n')
    assert not ok and "but P1 may choose" in message


def test_an_error_in_a_helper_rule_names_the_scenario_line_that_ran_it(tmp_rules):
    [(ok, message)] = results(tmp_rules, 'scenario "s":\n    pass\n    do boom(P1)\n')
    assert not ok and message.endswith("d.rules:6:13: error: division by zero (from line 21 of the scenario)")


def test_a_variant_reports_its_own_scenarios_apart(tmp_rules):
    base = tmp_rules("base.rules", DICE + 'scenario "base one":\n    play "stop"\n    expect winners == [P1]\n')
    variant = tmp_rules("v.rules", 'extends "base.rules"\ngame "Variant"\n'
                                   'scenario "own one":\n    expect options "roll", "stop"\n')
    out = CliRunner().invoke(cli, ["test", variant]).output
    assert f"{variant}: its own scenarios: 1 passed, 0 failed" in out
    assert f"{variant}: the scenarios of {base}, which it extends: 1 passed, 0 failed" in out
    assert out.strip().endswith("2 passed, 0 failed")
    plain = CliRunner().invoke(cli, ["test", base]).output
    assert "its own scenarios" not in plain


def test_a_force_for_the_next_play_after_one_that_rolled_is_fine(tmp_rules):
    text = 'scenario "s":\n    play "roll"\n    play "roll"\n    force roll(d6) = 6, 6\n    play "roll"\n' \
        '    expect P1.score > 12\n'
    assert results(tmp_rules, text) == [(True, "")]


def test_forces_may_be_queued_for_several_plays(tmp_rules):
    text = 'scenario "s":\n    force roll(d6) = 1, 1\n    force roll(d6) = 2, 2\n    play "roll"\n    play "roll"\n' \
        '    expect P1.score == 2 and P2.score == 4\n'
    assert results(tmp_rules, text) == [(True, "")]
