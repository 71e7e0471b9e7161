"""Scenario tests in the language: the runner's verdicts, its messages, and the bundled games' scenarios."""
from __future__ import annotations

import pytest

from ruledsl.scenarios import run_file

from .conftest import BUNDLED, EXAMPLES

COUNTER = '''game "Counter"
players 2
var total: int = 0
var log: int = 0
die d6: [1, 2, 3, 4, 5, 6]
setup:
    set log to 1
flow:
    repeat:
        for each p in players:
            turn p:
                choose n from 1..3 where total + n <= 10 as "add {n}":
                    increase total by n
                if total == 10:
                    win [p]
                let r = roll(d6)
                set log to r
'''


def results(tmp_rules, scenarios: str):
    return run_file(tmp_rules("c.rules", COUNTER + scenarios))


def test_a_passing_scenario(tmp_rules):
    [r] = results(tmp_rules, '''
scenario "adding":
    expect total == 0
    play "add 3" by P1
    expect total == 3
    expect legal "add 2" by P2
    expect illegal "add 2" by P1
''')
    assert r.passed and r.message == "" and r.title == "adding" and r.line == 19


def test_a_failed_expect_names_its_line_and_values(tmp_rules):
    [r] = results(tmp_rules, '''
scenario "wrong":
    play "add 2" by P1
    expect total == 3
''')
    assert not r.passed
    assert r.message == "line 21: expected total == 3, but total is 2"


def test_an_illegal_play_lists_what_is_legal(tmp_rules):
    [r] = results(tmp_rules, '''
scenario "too far":
    set total to 9
    play "add 2" by P1
''')
    assert not r.passed
    assert r.message == "line 21: 'add 2' is not legal: P1 may choose: 'add 1'"


def test_a_play_by_the_wrong_seat_fails(tmp_rules):
    [r] = results(tmp_rules, '''
scenario "out of turn":
    play "add 1" by P2
''')
    assert not r.passed and "cannot play 'add 1' by P2" in r.message


def test_the_set_up_runs_and_the_flow_waits(tmp_rules):
    # The flow has not begun when the body starts: no decision has been asked yet,
    # so changes made first are what the first decision sees.
    [r] = results(tmp_rules, '''
scenario "arranged":
    expect log == 1
    set total to 8
    expect legal "add 2" by P1
    expect illegal "add 3" by P1
''')
    assert r.passed, r.message


def test_changes_after_the_flow_began_refresh_the_decision(tmp_rules):
    [r] = results(tmp_rules, '''
scenario "refreshed":
    play "add 1" by P1
    set total to 9
    expect legal "add 1" by P2
    expect illegal "add 2" by P2
''')
    assert r.passed, r.message


def test_force_fixes_the_next_roll(tmp_rules):
    [r] = results(tmp_rules, '''
scenario "forced":
    force roll(d6) = 6
    play "add 1" by P1
    expect log == 6
''')
    assert r.passed, r.message


def test_forcing_a_face_the_die_lacks_fails(tmp_rules):
    [r] = results(tmp_rules, '''
scenario "no such face":
    force roll(d6) = 7
''')
    assert not r.passed and "7 is not a face of d6" in r.message


def test_playing_after_the_end_fails(tmp_rules):
    [r] = results(tmp_rules, '''
scenario "over":
    set total to 9
    play "add 1" by P1
    play "add 1" by P2
''')
    assert not r.passed and "the game is already over" in r.message


def test_a_file_that_does_not_load_is_one_failure(tmp_rules):
    [r] = run_file(tmp_rules("bad.rules", "game \"x\"\nflow:\n    win [nobody]\n"))
    assert not r.passed and "error" in r.message


def test_settings_choose_players_and_options(tmp_rules):
    path = tmp_rules("o.rules", '''game "Opt"
players 2..4
option goal: 1..9 = 3 "goal"
flow:
    turn seat(1):
        choose n from 1..goal as "{n} of {player_count}":
            win [seat(1)]
scenario "four players, goal 5" with players: 4, goal: 5:
    expect legal "5 of 4"
    expect illegal "6 of 4"
''')
    [r] = run_file(path)
    assert r.passed, r.message


# Scenarios of the bundled games that fail today, each with the issue that owns it.
# The test below fails when one of them starts passing, so the list stays true.
KNOWN_FAILURES: dict = {}


@pytest.mark.parametrize("path", BUNDLED + EXAMPLES, ids=[p.name for p in BUNDLED + EXAMPLES])
def test_bundled_scenarios(path):
    outcomes = run_file(str(path))
    failed = {r.title: r.message for r in outcomes if not r.passed}
    known = {title for (name, title) in KNOWN_FAILURES if name == path.name or
             (name == "tillinghast.rules" and path.name == "tillinghast_mill.rules")}
    assert set(failed) - known == set(), failed
    assert known - set(failed) == set(), "a known failure now passes: remove it from KNOWN_FAILURES"


def test_every_example_game_has_scenarios():
    for path in EXAMPLES:
        assert run_file(str(path)), path.name


def test_scenarios_see_whether_the_game_is_over_and_who_won(tmp_rules):
    [ok, wrong] = results(tmp_rules, '''
scenario "P1 reaches ten":
    set total to 9
    expect not game_over
    expect winners == []
    play "add 1" by P1
    expect game_over
    expect winners == [P1]

scenario "the wrong winner":
    set total to 9
    play "add 1" by P1
    expect winners == [P2]
''')
    assert ok.passed, ok.message
    assert not wrong.passed and "but winners is [P1]" in wrong.message


def test_scenarios_check_what_each_seat_is_told_and_sees():
    from .conftest import ROOT
    passed, told, seen = run_file(str(ROOT / "tests" / "fixtures" / "told_and_seen.rules"))
    assert passed.passed, passed.message
    assert not told.passed and told.message == (
        "line 44: expected an event with 'go B1', but since the last play P2 reads: "
        "'P1 makes a secret choice'; 'P1 moved'; \"P2's turn\"")
    assert not seen.passed and seen.message == "line 48: expected P2 to see P1.secret, but P2 does not"


def test_a_force_never_used_fails_the_scenario(tmp_rules):
    [r] = results(tmp_rules, '''
scenario "forced too late":
    play "add 1" by P1
    force roll(d6) = 6
    expect total == 1
''')
    assert not r.passed
    assert r.message.startswith("line 21: force roll(d6) = 6 was never used")


def test_scenario_statements_may_stand_in_loops_and_branches(tmp_rules):
    [ok, wrong] = results(tmp_rules, '''
scenario "every small step is legal":
    for each n in [1, 2, 3]:
        expect legal "add {n}" by P1
    if total == 0:
        play "add 3" by P1
    else:
        play "add 1" by P1
    expect total == 3

scenario "a loop that fails names the line":
    for each n in [1, 2, 3, 4]:
        expect legal "add {n}" by P1
''')
    assert ok.passed, ok.message
    assert not wrong.passed and wrong.message.startswith("line 30: expected 'add 4' to be legal for P1")


CARDS = '''game "Cards"
players 2
kind Card:
    value: int
zone deck: deck of Card:
    Card(value: v) for each v in 1..8
zone bag: bag of Card
zone hand: hand of Card, per player
define card(v) = first([each c in components(Card) where c.value == v])
setup:
    shuffle deck
    move [card(7), card(8)] to bag
flow:
    turn P1:
        choose n from [1, 2] as "draw {n}":
            draw n from deck to P1.hand
    turn P2:
        choose n from [1] as "shuffle":
            shuffle deck
            draw 2 from deck to P2.hand
            draw from bag to P2.hand
    win [P1]
'''


def cards(tmp_rules, scenarios: str):
    return run_file(tmp_rules("cards.rules", CARDS + scenarios))


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_force_draw_and_shuffle_fix_the_cards_drawn_whatever_the_seed(tmp_rules, seed):
    [r] = cards(tmp_rules, f'''
scenario "forced" with seed: {seed}:
    force draw(deck) = card(3), card(1)
    play "draw 2"
    expect contents(P1.hand) == [card(3), card(1)]
    force shuffle(deck) = card(6), card(2)
    force draw(bag) = card(8)
    play "shuffle"
    expect contents(P2.hand) == [card(6), card(2), card(8)]
''')
    assert r.passed, r.message


def test_a_forced_draw_of_a_card_not_in_the_zone_fails_at_the_draw(tmp_rules):
    [r] = cards(tmp_rules, '''
scenario "in the bag":
    force draw(deck) = card(7)
    play "draw 1"
''')
    assert not r.passed and "forced 7 to be drawn from deck, but it is not there" in r.message


def test_a_force_may_not_name_a_card_twice(tmp_rules):
    [r] = cards(tmp_rules, '''
scenario "twice":
    force draw(deck) = card(3), card(3)
''')
    assert not r.passed and r.message == "line 25: force draw(deck) names a component twice"


def test_a_forced_draw_never_drawn_fails_the_scenario(tmp_rules):
    [r] = cards(tmp_rules, '''
scenario "unused":
    force draw(deck) = card(5), card(4)
    play "draw 1"
''')
    assert not r.passed and "was never used" in r.message


def test_force_draw_needs_a_zone(tmp_rules):
    [r] = cards(tmp_rules, '''
scenario "not a zone":
    force draw(P1) = card(3)
''')
    assert not r.passed and "draw(…) in a force takes a zone" in r.message
