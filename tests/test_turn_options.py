"""`during each turn:` options offered at every decision of the player whose turn it is."""
from __future__ import annotations

import pytest

import ruledsl
from ruledsl.errors import RulesError

GAME = '''game "Interrupts"
players 3
var accused: bool = false
var actions: int = 0
var score: int = 0, per player
during each turn:
    option "accuse {q}" for each q in players if not accused and q != current_player:
        set accused to true
        announce "{current_player} accuses {q}"
    option "consult" if current_player.score == 2:
        choose n from [1, 2] as "consult {n}":
            increase current_player.score by 10 * n
after each action:
    increase actions by 1
flow:
    repeat:
        for each p in players:
            turn p:
                choose n from [1, 2] as "take {n}" secretly:
                    increase p.score by n
                choose by left_of(p):
                    option "nod":
                        increase p.score by 0
                if p.score >= 5:
                    win [p]
'''


def new(tmp_rules, text=GAME):
    return ruledsl.load(tmp_rules("t.rules", text), 3).new_game(seed=1)


def test_the_turn_player_may_take_them_at_any_decision(tmp_rules):
    state = new(tmp_rules)
    assert state.legal_labels() == ["take 1", "take 2", "accuse P2", "accuse P3"]


def test_the_interrupted_decision_is_asked_again_with_the_options_worked_out_anew(tmp_rules):
    state = new(tmp_rules).apply("accuse P3")
    assert state.current_player == 0 and state.legal_labels() == ["take 1", "take 2"]   # accused: no more
    assert "P1 accuses P3" in state.events(None) and "P1: accuse P3" in state.events(2)
    assert state.view(None)["vars"]["actions"] == 1                   # it is an action of its own


def test_other_seats_deciding_during_the_turn_are_not_offered_them(tmp_rules):
    state = new(tmp_rules).apply("take 1")
    assert state.current_player == 1 and state.legal_labels() == ["nod"]


def test_taken_during_a_secret_decision_it_is_still_public(tmp_rules):
    state = new(tmp_rules).apply("accuse P2").apply("take 2")
    assert "P1: accuse P2" in state.events(1) and "P1 makes a secret choice" in state.events(1)


def test_an_option_may_decide_and_its_own_decisions_are_not_interrupted(tmp_rules):
    state = new(tmp_rules).apply("take 2").apply("nod")             # P1 has 2; P2's turn
    state = state.apply("take 2").apply("nod").apply("take 1").apply("nod")   # round 2, P1 again
    assert "consult" in state.legal_labels()
    state.apply("consult")
    assert state.legal_labels() == ["consult 1", "consult 2"]       # no accusing inside it
    state.apply("consult 1")
    assert state.view(None)["vars"]["score"]["P1"] == 12 and state.legal_labels()[:2] == ["take 1", "take 2"]


def test_a_label_equal_to_one_of_the_decisions_own_is_an_error(tmp_rules):
    clash = GAME.replace('option "consult" if current_player.score == 2', 'option "take 1"')
    with pytest.raises(RulesError, match="has the label of an option the decision already has"):
        new(tmp_rules, clash)


def test_scenarios_play_them(tmp_rules):
    from ruledsl.scenarios import run_file
    [r] = run_file(tmp_rules("s.rules", GAME + '''
scenario "one accusation a game":
    play "accuse P2" by P1
    expect accused
    expect illegal "accuse P3" by P1
    play "take 1" by P1
'''))
    assert r.passed, r.message


@pytest.mark.parametrize("source, condition, offered", [
    ("[10, 20]", "current_player.score < 100", ["take 1", "take 2", "bet 10", "bet 20"]),
    ("[10, 20]", "current_player.score > 100", ["take 1", "take 2"]),
    ("[]", "10 / current_player.score > 0", ["take 1", "take 2"]),     # no item: never asked (it would fail)
])
def test_a_condition_that_reads_no_item_is_asked_only_with_items(tmp_rules, source, condition, offered):
    text = GAME.replace('''    option "consult" if current_player.score == 2:''', f'''    option "bet {{x}}" for each x in {source} if {condition}:
        increase current_player.score by x
    option "consult" if current_player.score == 2:''')
    state = new(tmp_rules, text)
    assert [x for x in state.legal_labels() if not x.startswith("accuse")] == offered


def test_a_condition_that_reads_no_item_is_asked_once(tmp_rules):
    # what it spends of the step budget (the ten items of `many` it goes through) is spent once,
    # however many items the option goes through (compiler/triggers.py asks it before them)
    def spent(source: str, condition: str) -> int:
        text = GAME.replace("var actions: int = 0\n", "var actions: int = 0\nvar many: list of int = [1, 2, 3, 4, 5, "
                            "6, 7, 8, 9, 10]\n").replace(
            '    option "consult" if current_player.score == 2:',
            f'    option "bet {{x}}" for each x in {source} if {condition}:\n        increase current_player.score by x\n'
            '    option "consult" if current_player.score == 2:')
        return new(tmp_rules, text).steps
    for source in ("[10, 20]", "[10, 20, 30, 40, 50, 60]"):
        assert spent(source, "count(each y in many where y > 0) > 0") - spent(source, "current_player.score < 100") == 10
