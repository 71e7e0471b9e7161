"""Conditional expressions, quoted text inside `{…}`, flattening comprehensions, and setting one
entry of a list or a map: each checked by the checker and run by the runtime."""
from __future__ import annotations

import pytest

import ruledsl
from ruledsl.errors import RulesError
from ruledsl.ir import nodes as n
from ruledsl.ir.walk import nodes

from .conftest import decided, errors_of, slow

HEADER = 'game "E"\nplayers 2\n'


def run(tmp_rules, body: str, decls: str = "") -> list:
    """The public log of a game whose flow is body (then P1 wins)."""
    text = HEADER + decls + "flow:\n" + body + "    win [P1]\n"
    return ruledsl.load(tmp_rules("e.rules", text), 2).new_game(seed=1).events(None)


def test_a_conditional_gives_one_of_two_values(tmp_rules):
    log = run(tmp_rules, '    let n = 3\n    announce "{"big" if n > 2 else "small"} {1 if n < 2 else 2}"\n')
    assert log[0] == "big 2"


def test_a_conditional_works_out_only_the_value_chosen(tmp_rules):
    # 1 / 0 would fail at play: it is never worked out
    log = run(tmp_rules, '    let n = 0\n    announce "{0 if n == 0 else 10 / n}"\n')
    assert log[0] == "0"


def test_a_conditional_binds_less_tightly_than_or(tmp_rules):
    log = run(tmp_rules, '    announce "{1 if false or true else 2}"\n')
    assert log[0] == "1"


def test_conditionals_nest_to_the_right(tmp_rules):
    log = run(tmp_rules, '    let n = 5\n    announce "{"a" if n < 3 else "b" if n < 6 else "c"}"\n')
    assert log[0] == "b"


def test_a_menu_guard_is_not_read_as_a_conditional(tmp_rules):
    text = HEADER + 'flow:\n    turn P1:\n        choose:\n            option "n {n}" for each n in [1, 2, 3] if n > 1:\n' \
        '                win [P1]\n'
    state = ruledsl.load(tmp_rules("m.rules", text), 2).new_game()
    assert state.legal_labels() == ["n 2", "n 3"]


def test_the_two_values_of_a_conditional_must_agree():
    errors = errors_of('var n: int = 1\nrule r():\n    let x = (1 if n > 0 else "a") + 1\n', complete=False)
    assert [e.message for e in errors] == ["the two values of this `… if … else …` differ: a number and a text"]


def test_none_fits_either_side_of_a_conditional():
    assert errors_of('var n: int = 1\nrule r():\n    let x = (1 if n > 0 else none)\n', complete=False) == []


def test_quoted_text_inside_a_strings_braces(tmp_rules):
    log = run(tmp_rules, '    announce "{get(names, 3, "nobody")} and {get(names, 1, "x")}: {"done"}"\n',
              'const names = {1: "one"}\n')
    assert log[0] == "nobody and one: done"


def test_escaped_quotes_inside_braces_still_read(tmp_rules):
    log = run(tmp_rules, '    announce "{get(names, 3, \\"nobody\\")}"\n', 'const names = {1: "one"}\n')
    assert log[0] == "nobody"


def test_literal_braces_still_read(tmp_rules):
    assert run(tmp_rules, '    announce "{{x}} {1 + 1}"\n')[0] == "{x} 2"


def test_an_unclosed_brace_is_still_a_located_error():
    errors = errors_of('rule r():\n    announce "a { b"\n', complete=False)
    assert [e.message for e in errors] == ["unclosed '{' in a string"]


def test_a_flattening_comprehension(tmp_rules):
    decls = "var hand: list of int = [], per player\n"
    body = ('    set P1.hand to [1, 2]\n    set P2.hand to [3, 4, 5]\n'
            '    announce "{[x for each p in players for each x in p.hand]}"\n'
            '    announce "{[x * 10 for each p in players where p != P1 for each x in p.hand where x != 4]}"\n'
            '    announce "{sum(x for each p in players for each x in p.hand)} '
            '{max(x for each p in players for each x in p.hand)}"\n')
    assert run(tmp_rules, body, decls)[:3] == ["1, 2, 3, 4, 5", "30, 50", "15 5"]


def test_a_flattening_comprehension_has_its_items_type():
    errors = errors_of('var hand: list of int = [], per player\nrule r():\n'
                       '    let all = [x for each p in players for each x in p.hand]\n    let y = not all[0]\n',
                       complete=False)
    assert [e.message for e in errors] == ["`not` needs true or false, but this is a number"]


def test_each_form_functions_refuse_a_flattening_comprehension():
    errors = errors_of('var hand: list of int = [], per player\nrule r():\n'
                       '    let ok = any(x > 1 for each p in players for each x in p.hand)\n', complete=False)
    assert any("takes `each x in list`" in e.message for e in errors)


SETS = '''var row: list of int = [1, 2, 3]
var grid: list of list of int = [[0, 0], [0, 0]]
var table: map = {}
var marks: list of int = [0, 0], per player
kind Marker:
    steps: list of int = [0, 0]
zone box: area of Marker:
    Marker
'''


def test_set_one_entry_of_lists_and_maps(tmp_rules):
    body = ('    set row[0] to 9\n    increase row[2] by 10\n    set grid[1][0] to 7\n'
            '    set table[P2] to 5\n    increase table[P2] by 1\n    set table["x"] to 1\n'
            '    set P2.marks[1] to 4\n    let m = first(contents(box))\n    set m.steps[1] to 3\n'
            '    announce "{row} / {grid} / {table} / {P2.marks} / {m.steps}"\n')
    assert run(tmp_rules, body, SETS)[0] == "9, 2, 13 / 0, 0, 7, 0 / P2: 6, x: 1 / 0, 4 / 0, 3"


def test_setting_an_entry_leaves_other_states_alone(tmp_rules):
    text = HEADER + SETS + 'flow:\n    turn P1:\n        choose n from [5, 6]:\n            set row[1] to n\n' \
        '            set table[n] to n\n    win [P1]\n'
    game = ruledsl.load(tmp_rules("c.rules", text), 2)
    before = game.new_game()
    after = before.clone().apply("5")
    assert before.view(None)["vars"]["row"] == [1, 2, 3] and before.view(None)["vars"]["table"] == {}
    assert after.view(None)["vars"]["row"] == [1, 5, 3] and after.view(None)["vars"]["table"] == {"5": 5}


def test_an_entry_past_the_end_of_a_list_is_a_located_error(tmp_rules):
    with pytest.raises(RulesError) as err:
        run(tmp_rules, "    set row[3] to 1\n", SETS)
    d = err.value.diagnostic
    assert (d.line, d.message) == (12, "there is no item 3 in 1, 2, 3")
    assert d.hint == "a list's items are numbered from 0 to 2"


@pytest.mark.parametrize("stmt", ['announce "{row[-1]}"', "set row[-1] to 1"])
def test_a_negative_item_is_an_error_whether_read_or_set(tmp_rules, stmt):
    """Items are numbered from 0, reading as setting: `row[-1]` read the last item where
    `set row[-1]` was an error, one construct meaning two things."""
    with pytest.raises(RulesError) as err:
        run(tmp_rules, f"    {stmt}\n", SETS)
    d = err.value.diagnostic
    assert (d.line, d.message) == (12, "there is no item -1 in 1, 2, 3")
    assert "last(L)" in d.hint


@pytest.mark.parametrize("stmt,message", [
    ("set table[1] to 5", "'table' is a constant and cannot be changed"),
    ("set n[0] to 1", "a number cannot be indexed"),
    ('set row["a"] to 1', "a list index should be a number, but this is a text"),
    ('set row[0] to "a"', "the new value should be a number, but this is a text"),
])
def test_what_cannot_be_set_is_caught_by_the_checker(stmt, message):
    text = "const table = [1, 2]\nvar n: int = 1\nvar row: list of int = [1]\nrule r():\n    " + stmt + "\n"
    assert [e.message for e in errors_of(text, complete=False)] == [message]


@pytest.mark.parametrize("text, shown", [
    ("count([1, 2, 3]) == three", "true"), ("count([1, 2]) != three", "true"), ("word == \"rabbit\"", "true"),
    ("3 == three", "true"), ("none == three", "false"), ("flag == true", "false"),
])
def test_a_comparison_with_a_constant_reads_as_with_its_value_written(tmp_rules, text, shown):
    decls = 'const three = 3\nconst word = "rabbit"\nconst flag = false\n'
    assert run(tmp_rules, f'    announce "{{{text}}}"\n', decls)[0] == shown


def test_a_count_compared_with_a_constant_is_compared_as_numbers(tmp_rules):
    text = HEADER + 'const three = 3\nflow:\n    announce "{count([1, 2, 3]) == three}"\n    win [P1]\n'
    assert ("count compared", 5) in decided(ruledsl.load(tmp_rules("c.rules", text), 2).program, "compare")


MEMBERSHIP = '''kind Tok
zone box: area of Tok:
    2 x Tok
zone bag: area of Tok
const squares = [1, 2, 3, 4]
var picked: list of int = [2, 4]
var nothing: list of int = []
'''


@pytest.mark.parametrize("off", [set(), {"compare"}])
@pytest.mark.parametrize("expr, shown", [
    ("any(each x in squares where x in picked)", "true"),
    ("all(each x in squares where x in picked)", "false"),
    ("all(each x in [2, 4, 2] where x in picked)", "true"),
    ("count(each x in squares where x in picked)", "2"),
    ("count(each x in squares where x not in picked)", "2"),
    ("any(each x in picked where x not in squares)", "false"),
    ("all(each x in squares where x not in nothing)", "true"),
    ("count(each x in nothing where x in picked)", "0"),
    ("all(each x in nothing where x in [1 / 0])", "true"),         # no item: the list is never worked out
    ("any(each x in nothing where x in [1 / 0])", "false"),
    ("count(each t in contents(box) where t in contents(bag))", "0"),    # a zone: the language's own test
    ("all(each t in contents(box) where t in contents(box))", "true"),
    ("count(each x in squares where x in [true, 1])", "1"),          # 1 is in it, true is no number
    # in a comprehension, the list read once for all its items (a variable: read where it is entered)
    ("count(each row in [[1, 2], [2, 4], [], [4]] where all(each x in row where x in picked))", "3"),
    ("count(each row in [[1, 2], [2, 4], [], [4]] where any(each x in row where x not in picked))", "1"),
    ("count(each row in [[], []] where count(each x in row where x in [1 / 0]) > 0)", "0"),   # never worked out
    ("count(each ts in [contents(box), []] where all(each t in ts where t in contents(bag)))", "1"),
])
def test_membership_in_a_list_counted_or_tested_for_each_item(tmp_rules, monkeypatch, expr, shown, off):
    slow(monkeypatch, off)
    assert run(tmp_rules, f'    announce "{{{expr}}}"\n', MEMBERSHIP)[0] == shown


def test_a_variable_read_in_every_round_of_a_comprehension_is_read_once_where_it_is_entered(tmp_rules):
    # a plain read (a variable, a seat's variable) costs less than asking whether it was made yet
    decls = MEMBERSHIP + "var mine: list of int = [], per player\n"
    body = ('    for each p in players:\n        set p.mine to [1, 2] if p == P1 else [2]\n'
            '        announce "{p}: {count(each row in [[1, 2], [2], [3]] where all(each x in row where x in p.mine))}"\n')
    assert run(tmp_rules, body, decls)[:2] == ["P1: 2", "P2: 1"]
    text = HEADER + decls + "flow:\n" + body + "    win [P1]\n"
    hoist = decided(ruledsl.load(tmp_rules("m.rules", text), 2).program, "hoist")
    # (kept where the comprehension is entered, or where the function the count is written as
    # begins: compiler/lift.py)
    assert ("a plain read kept where the loop is entered", 14) in hoist
    assert not [what for what, _ in hoist if what == "a part worked out when first needed"]


def test_membership_of_each_item_is_looked_up_in_the_list_itself(tmp_rules):
    text = HEADER + MEMBERSHIP + 'flow:\n    announce "{count(each x in squares where x in picked)}"\n    win [P1]\n'
    assert ("membership scan", 11) in decided(ruledsl.load(tmp_rules("m.rules", text), 2).program, "compare")


EQUALITY = '''kind Pawn
kind Stone:
    weight: int
zone yard: area of Pawn:
    2 x Pawn
zone heap: area of Stone:
    Stone(weight: w) for each w in 1..3
board Grid grid:
    map: """
. .
"""
define first_pawn() = first(components(Pawn))
define here() = first_pawn().location
'''
EQUALITY_BODY = '''    let a = first(components(Pawn))
    let b = last(components(Pawn))
    let s = first(components(Stone))
    announce "{a.location == b.location} {a.location != s.location} {here() == a.location}"
    quietly:
        move b to A1
    announce "{a.location == b.location} {b.location == A1} {here() != yard}"
    announce "{(s.weight > 1) == (b.location == A1)} {(s.weight > 1) != true} {(1 < 2) == (2 > 1)}"
    announce "{[a, b] == [a, b]} {[a] != [b]} {[1, 2] == [1, 2]} {[1] == [1, 2]} {[A1] != [A1, B1]}"
'''


@pytest.mark.parametrize("off", [set(), {"typed"}])
def test_places_truth_values_and_lists_are_equal_as_the_language_says(tmp_rules, monkeypatch, off):
    slow(monkeypatch, off)
    assert run(tmp_rules, EQUALITY_BODY, EQUALITY)[:4] == [
        "true true true", "false true false", "false true true", "true true true false true"]


def test_places_truth_values_and_lists_are_compared_without_the_general_equality(tmp_rules):
    # a component's location is a zone or a board location (a handle: itself only), also through
    # a define that gives one; two truth values are True or False; two lists are tuples at play
    text = HEADER + EQUALITY + "flow:\n" + EQUALITY_BODY + "    win [P1]\n"
    program = ruledsl.load(tmp_rules("q.rules", text), 2).program
    # every `==` and `!=` of the rules decided by typed: by identity, or as lists
    compared = {e.span for e in nodes([program.defn.flow, program.defn.defines])
                if type(e) is n.Binary and e.op in ("==", "!=")}
    typed = {span for p, what, span in program.decided if p == "typed" and what in ("identity", "lists compared")}
    assert len(compared) >= 12 and compared <= typed
    assert {what for _, what, span in program.decided if span in compared} >= {"identity", "lists compared"}


def test_membership_in_a_list_fixed_when_compiled_is_python_s_own(tmp_rules):
    # `x in squares` (a constant list) is Python's `in` on the tuple made when compiled, no test of
    # what the list is, in a comprehension's source as anywhere
    text = HEADER + MEMBERSHIP + 'flow:\n    announce "{count(each x in [each y in picked where y in squares] ' \
        'where x in squares)} {3 in squares} {5 in squares}"\n    win [P1]\n'
    game = ruledsl.load(tmp_rules("m.rules", text), 2)
    # each of the three `in squares` (line 11)
    assert sum(1 for p, what, _ in game.program.decided if (p, what) == ("compare", "in a fixed list")) == 3
    assert game.new_game(seed=0).events(None)[0] == "2 true false"
