"""What generated code leaves out when it is certain (ruledsl/runtime/compiler/exprs.py): the type
tests of items of lists fixed when the game is compiled, the step count of lists already counted,
bool() around what is already true or false; and the any/all that yield only the item deciding."""
from __future__ import annotations

import re
from textwrap import dedent

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ruledsl
from ruledsl.runtime.compiler.certain import certainty
from ruledsl.runtime.model.values import Comp, Location

from .conftest import ROOT, random_trace, slow

GAME = ROOT / "tests" / "fixtures" / "certain_items.rules"
TIC_TAC_TOE = ROOT / "games" / "examples" / "tic_tac_toe.rules"
HEADER = 'game "E"\nplayers 2\n'


def _trace(seed: int, off: set, monkeypatch) -> list:
    return random_trace(GAME, seed, off, monkeypatch)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000))
def test_leaving_out_certain_tests_changes_no_game(seed, monkeypatch):
    # every option offered and every line told, with the typed code on and off
    assert _trace(seed, set(), monkeypatch) == _trace(seed, {"typed"}, monkeypatch)


def test_the_fixture_tells_what_it_computes(monkeypatch):
    log = _trace(3, set(), monkeypatch)[-1]
    told = [line for line in log if ": line " in line or ": stones " in line or ": pieces " in line]
    assert len(told) == 3 * 8          # three lines a turn, eight turns
    assert any("heavy true" in line for line in told) and any("line false" in line for line in told)


def test_items_of_a_fixed_list_are_read_without_tests():
    program = ruledsl.load(str(TIC_TAC_TOE), players=2).program
    code = program.code_map.texts("the flow")
    # the lines (a fixed list of lists of squares): a line is a list, its squares are squares,
    # and so are the lines through a square (a define worked out once per square: its value is
    # gone through as the lines themselves are)
    assert "_items(st, v_" not in code and "_items(st, _remember" not in code
    assert re.search(r"for (v_\d+) in \(\(not st.unfolded and (k\d+)\.get\(env\['sq'\]\)\) or "
                     r"_remember1\(st, \2, d_\d+, \(env\['sq'\]\)\)\)( if|:)", code)     # (a loop of a test)
    through = program.code_map.texts("define lines_through")
    assert re.search(r"for (v_\d+) in k\d+ if \(+p_\d+\)+ in \1\)", through)     # `sq in line`, no test
    # the squares of the grid: counted in place, with no test of what they are
    assert "(not st.contents[v_" in code and "_size(" not in code and "len(st.contents" not in code


def test_certainty_of_a_fixed_list():
    game = ruledsl.load(str(GAME), players=2).program
    stones = tuple(c for c in game.comps if c.kind.name == "Stone")
    pebbles = tuple(c for c in game.comps if c.kind.name == "Pebble")
    squares = tuple(game.locations.values())
    sure = certainty(stones)
    assert sure.cls is Comp and sure.kind is stones[0].kind
    mixed = certainty(stones + pebbles)
    assert mixed.cls is Comp and mixed.kind is None
    assert certainty(squares + stones) is None
    nested = certainty((squares[:3], squares[3:], ()))
    assert nested.cls is tuple and nested.items.cls is Location
    assert certainty(((1, "a"),)).items is None            # items of two sorts
    assert certainty((1.5, 2.5)) is None                   # not a class generated code tests


def _played(tmp_rules, monkeypatch, text: str, off: set, unit: str = "the flow") -> tuple:
    """(the public log of a seeded game of text, the generated code of one of its units), with
    the fast paths `off` switched off."""
    slow(monkeypatch, off)
    game = ruledsl.load(tmp_rules("t.rules", text), 2)
    return game.new_game(seed=1).events(None), game.program.code_map.texts(unit)


def _announced(tmp_rules, text: str) -> str:
    game = ruledsl.load(tmp_rules("e.rules", HEADER + "flow:\n    announce \"{" + text + "}\"\n    end game\n"), 2)
    return game.new_game(seed=1).events(None)[0]


@pytest.mark.parametrize("text, shown", [
    ("any(each x in [1, 2, 3] where x > 2)", "true"),
    ("any(each x in [1, 2, 3] where x > 3)", "false"),
    ("any(each x in [] where x > 3)", "false"),
    ("all(each x in [1, 2, 3] where x > 0)", "true"),
    ("all(each x in [1, 2, 3] where x > 1)", "false"),
    ("all(each x in [] where x > 1)", "true"),
    ("any(each x in [0, 1])", "true"),
    ("all(each x in [0, 1])", "false"),
    ("count(each x in [1, 2, 3] where x != 2)", "2"),
    # the first item deciding ends the search: 10 / x is never worked out for x = 0
    ("any(each x in [2, 0] where x == 2 or 10 / x > 1)", "true"),
    ("all(each x in [1, 0] where x == 1 and 10 / x > 1)", "false"),
    ("any(each row in [[1, 2], [3, 4]] where all(each x in row where x > 2))", "true"),
    # the first that passes: the search stops there (1 / 0 is never worked out)
    ("first([each x in [3, 1, 0] where x < 3 and 6 / x > 2])", "1"),
    ("first([each x in [3, 4] where x > 5])", "none"),
    # items of items of a fixed list, gone through and indexed as they are
    ("sum(each row in [[[1, 2], [3, 4]], [[5, 6], [7, 8]]] by sum(each pair in row by pair[0] + pair[1]))", "36"),
    ("any(each row in [[[1, 2], [3, 4]], [[5, 6], [7, 8]]] where any(each x in row[1] where x > 7))", "true"),
    ("count(each row in [[[1, 2], [3, 4]], [[5, 6], [1]]] where row[1][0] > 2)", "1"),
    ("1 < 2 and 2 < 3", "true"),
    ("1 > 2 or not (2 < 3)", "false"),
])
def test_any_all_and_or_give_what_the_language_says(tmp_rules, text, shown):
    assert _announced(tmp_rules, text) == shown


def test_a_decision_over_a_filtered_list_goes_through_the_list_itself(monkeypatch):
    # `choose sq from [each s in locations(Grid) where empty(s)]`: no list is built first
    code = ruledsl.load(str(GAME), players=2).program.code_map.texts("the flow")
    # (the squares fixed and labelled by where they lie: gone through with their labels, made once)
    fused = r"for (?:l_\d+, )?(v_\d+) in k\d+:\n\s+if \(not st\.contents\[\1\.index\]\):"
    assert re.search(fused, code)
    slow(monkeypatch, {"fuse"})
    unfused = ruledsl.load(str(GAME), players=2).program.code_map.texts("the flow")
    assert not re.search(fused, unfused)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000))
def test_going_through_the_list_itself_changes_no_game(seed, monkeypatch):
    assert _trace(seed, set(), monkeypatch) == _trace(seed, {"fuse"}, monkeypatch)


TAGS = HEADER + '''board B grid:
    legend:
        "g": Grave
    map: """
g . g
"""
flow:
    repeat 2 times:
        turn P1:
            choose sq from locations(B) as "mark {sq}":
                mark sq as Grave
            choose sq from tagged(Grave) as "unmark {sq}":
                unmark sq as Grave
    end game
'''


def test_tagged_follows_every_change_of_tags_in_every_clone(tmp_rules):
    state = ruledsl.load(tmp_rules("t.rules", TAGS), 2).new_game(seed=1)
    assert state.legal_labels() == ["mark A1", "mark B1", "mark C1"]
    before = state.clone()
    state.apply("mark B1")
    assert state.legal_labels() == ["unmark A1", "unmark B1", "unmark C1"]
    assert before.legal_labels() == ["mark A1", "mark B1", "mark C1"]
    before.apply("mark A1")                       # its own tags: B1 is not marked there
    assert before.legal_labels() == ["unmark A1", "unmark C1"]
    state.apply("unmark A1")
    state.apply("mark A1")
    assert state.legal_labels() == ["unmark A1", "unmark B1", "unmark C1"]


def test_too_many_selections_are_refused_before_any_is_made(tmp_rules):
    text = HEADER + "flow:\n    turn P1:\n        choose 12 pick from 1..40 where pick[0] > 0 as \"{pick}\":\n" \
        "            end game\n"
    with pytest.raises(ruledsl.RulesError, match="too many possible selections"):
        ruledsl.load(tmp_rules("s.rules", text), 2).new_game()


PLACES = HEADER + '''kind Stone
zone heap: area of Stone:
    2 x Stone
board B grid:
    map: """
. .
"""
flow:
    announce "{count(contents(A1)) == 0} {count(contents(heap)) == 0} {first(contents(heap)) is Stone}"
    move first(contents(heap)) to A1
    announce "{count(contents(A1)) == 0} {count(contents(A1)) != 0} {first(contents(A1)) is Stone} {first(contents(B1))}"
    end game
'''


def test_what_lies_on_a_place_is_read_in_place(tmp_rules):
    game = ruledsl.load(tmp_rules("p.rules", PLACES), 2)
    log = game.new_game(seed=1).events(None)
    assert [line for line in log if line.startswith(("true", "false"))] == \
        ["true false true", "false true true none"]
    code = game.program.code_map.texts("the flow")
    # the typed paths, each with the general one beside it
    assert "is _Zone and not st.lazy and" in code and "_first(st, " in code and "is Location else _size(" in code


SEATS_ZONES = HEADER + '''kind Stone
zone heap: area of Stone
zone pocket: area of Stone, per player:
    2 x Stone
flow:
    for each p in players:
        let taken = contents(p.pocket)
        move taken to heap
        announce "{p} {count(contents(heap))}"
    end game
'''


def test_what_lies_in_a_seats_zone_is_read_in_place(tmp_rules):
    game = ruledsl.load(tmp_rules("z.rules", SEATS_ZONES), 2)
    assert [e for e in game.new_game(seed=1).events(None) if e.startswith("P")][:2] == ["P1 2", "P2 4"]
    code = game.program.code_map.texts("the flow")
    assert re.search(r"\(st\.contents\[(t_\d+)\.index\] if type\(\1 := k\d+\[v_\d+\.index\]\) is _Zone "
                     r"and not st\.lazy else _items_of\(st, \1\)\)", code)


SEATS_IN_ORDER = 'game "E"\nplayers 3\nvar score: int = 0, per player\nflow:\n' + \
    "    for each p in clockwise(P2):\n        set p.score to p.score + count(others(p)) + p.seat\n" + \
    '        announce "{p} {p.score} {[q.score for each q in others(p)]}"\n    end game\n'


def test_the_seats_clockwise_or_others_are_gone_through_as_seats(tmp_rules):
    game = ruledsl.load(tmp_rules("c.rules", SEATS_IN_ORDER), 3)
    assert game.new_game(seed=1).events(None)[:3] == ["P2 4 0, 0", "P3 5 0, 4", "P1 3 4, 5"]
    code = game.program.code_map.texts("the flow")
    # no test that each is a seat: its variable read by its slot, the lists gone through as made
    assert "_items(" not in code and "is Player" not in code and "st.vals[0 + v_" in code


@pytest.mark.parametrize("text, shown", [
    ("2 in [each x in [1, 2, 3] where x > 1]", "true"),
    ("1 in [each x in [1, 2, 3] where x > 1]", "false"),
    ("count(each y in [1, 2, 3, 4] where y not in [each x in [1, 2, 3] where x > 1])", "2"),
])
def test_membership_in_a_list_just_made_is_pythons_own(tmp_rules, text, shown):
    assert _announced(tmp_rules, text) == shown
    game = ruledsl.load(tmp_rules("e.rules", HEADER + "flow:\n    announce \"{" + text + "}\"\n    end game\n"), 2)
    code = game.program.code_map.texts("the flow")
    # no test that it is a list; only a list longer than 64 items is looked through by _contains,
    # which spends its length (a list just made may be one kept, looked through on every turn)
    assert "is tuple else" not in code
    decided = {what for name, what, _ in game.program.decided if name == "compare"}
    assert {"in a list just made", "membership scan"} & decided


def test_an_item_past_the_shortest_of_a_fixed_list_is_still_a_located_error(tmp_rules):
    # row[1] of [[5, 6]] does not exist: the index is not left untested because other rows are longer
    with pytest.raises(ruledsl.RulesError) as caught:
        _announced(tmp_rules, "count(each row in [[[1, 2], [3, 4]], [[5, 6]]] where row[1][0] > 2)")
    assert caught.value.diagnostics[0].span.line == 4


AT_KIND = HEADER + '''kind Stone:
    weight: int
kind Pebble
zone heap: area of Stone:
    Stone(weight: w) for each w in 1..3
zone gravel: area of Pebble:
    2 x Pebble
zone bag: bag of Stone
board B grid:
    map: """
. .
"""
flow:
    move first(contents(heap)) to A1
    move first(contents(gravel)) to A1
    move first(contents(heap)) to bag
    shuffle bag
    announce "{count(at(A1, Stone))} {count(at(A1, Pebble))} {count(at(B1, Stone))} {count(at(heap, Stone))} {count(at(bag, Stone))}"
    announce "{[each s in at(A1, Stone) where s.weight > 0 by s.weight]} {any(each s in at(heap, Stone) where s.weight == 3)} {all(each p in at(A1, Pebble) where p.owner is none)}"
    announce "{sum(each s in at(bag, Stone) by s.weight)} {count(each s in at(A1, Stone))} {[each s in at(B1, Pebble)]}"
    end game
'''


@pytest.mark.parametrize("off", [set(), {"fuse"}])
def test_those_of_a_kind_on_a_place_are_gone_through_in_place(tmp_rules, off, monkeypatch):
    # `each s in at(place, Kind)` and `count(at(place, Kind))`: what lies there is gone through
    # with its kind tested, no list made first; the same values on a location, a zone, a shuffled bag
    log, code = _played(tmp_rules, monkeypatch, AT_KIND, off)
    assert log[-4:-1] == ["1 1 0 1 1", "1 true true", "2 1 "]
    made_first = re.search(r"tuple\(\[(c_\d+) for \1 in .*? if \1\.kind is k\d+\]\)", code)
    assert (made_first is None) == (not off)
    # a location named in the rules is read in place: no call
    assert (re.search(r" for (v_\d+) in st\.contents\[\d+\] if \1\.kind is k\d+", code) is None) == bool(off)
    assert "_items_of(st, k" not in code.replace("if not st.lazy else _items_of(st, k", "")


def test_a_place_of_no_known_sort_named_by_a_define_is_read_in_place_when_a_location(tmp_rules, monkeypatch):
    # `at(place, Kind)` of a define's parameter (any sort): a board location's contents read in
    # place, anything else (a zone, a shuffled bag, none) as before
    text = AT_KIND.replace("flow:\n", "define heavy(place) = [each s in at(place, Stone) where s.weight > 0 by s.weight]\n"
                           "flow:\n", 1).replace("    end game\n", """    announce "{heavy(A1)} / {heavy(heap)} / {heavy(bag)} / {heavy(B1)} / {heavy(none)}"
    end game
""")
    for off in ({"inline"}, {"inline", "typed"}):      # (the define kept a function of its own)
        log, code = _played(tmp_rules, monkeypatch, text, off, "define heavy")
        assert log[-2] == "1 / 3 / 2 /  / ", log
        assert ("is Location else _items_of(st, p_" in code) == ("typed" not in off)
    with pytest.raises(ruledsl.RulesError, match="not a list"):
        _played(tmp_rules, monkeypatch, text.replace("{heavy(none)}", "{heavy(3)}"), {"inline"}, "define heavy")


SOURCES = HEADER + '''kind Card
zone hand: hand of Card, per player:
    2 x Card
board B grid:
    legend:
        "d": Den
    map: """
d .
"""
define held(x) = count([each c in x.hand])
flow:
    move first(contents(P2.hand)) to P1.hand
    announce "{[count([each c in p.hand]) for each p in players]} {held(P2)} {held(A1)}"
    end game
'''


@pytest.mark.parametrize("off", [set(), {"typed"}])
def test_a_field_read_where_python_forbids_naming_it_is_still_typed(tmp_rules, off, monkeypatch):
    # `each c in p.hand`: a comprehension's source, where `:=` is forbidden, reads the seat's
    # zone directly (the general reader beside it for a value of another sort)
    log, code = _played(tmp_rules, monkeypatch, SOURCES, off)
    assert log[1] == "3, 1 1 0"
    assert ("_attr(" not in code.split("for v_")[1]) == (not off)      # p.hand, p certain: no test at all
    assert ("is Player else _attr(" in code) == (not off)               # held(P2): tested, then read
    assert ("_zone_items(st, " in code) == (not off)        # a zone's cards gone through as they lie


def test_what_is_left_of_a_list_of_places_is_as_certain_as_it(tmp_rules):
    # `without(tagged(Grave), …)`: its items are some of the graves (board locations): read with
    # no test of what they are
    text = HEADER + 'board B grid:\n    legend:\n        "g": Grave\n    map: """\ng g g\n"""\nflow:\n' \
        '    turn P1:\n        choose sq from without(tagged(Grave), [A1]) as "{sq} {sq.column}":\n' \
        '            end game\n'
    game = ruledsl.load(tmp_rules("w.rules", text), 2)
    assert game.new_game(seed=1).legal_labels() == ["B1 2", "C1 3"]
    code = game.program.code_map.texts("the flow")
    assert re.search(r"v_\d+\.column", code) and "is Location else" not in code


def test_a_menu_option_s_condition_reads_its_items_as_certain(tmp_rules):
    # `option … for each sq in locations(B) if sq.column > 1`: the condition, like the label,
    # knows sq is a board location
    text = HEADER + 'board B grid:\n    map: """\n. . .\n"""\nflow:\n    turn P1:\n        choose:\n' \
        '            option "go {sq}" for each sq in locations(B) if sq.column > 1:\n                end game\n'
    game = ruledsl.load(tmp_rules("m.rules", text), 2)
    assert game.new_game(seed=1).legal_labels() == ["go B1", "go C1"]
    code = game.program.code_map.texts("the flow")
    assert re.search(r":= v_\d+\.column\)", code) and "is Location else" not in code


GUESSED = HEADER + '''var score: int = 2, per player
rule tell(x):
    announce "{x.score}"
flow:
    set P2.score to 5
    do tell(P2)
    do tell(P1)
    end game
'''


@pytest.mark.parametrize("off", [set(), {"typed"}])
def test_a_field_only_seats_have_is_read_as_a_seat_s_when_the_checker_cannot_say(tmp_rules, off, monkeypatch):
    # `x.score` of a rule's parameter the checker types as anything: only seats have a score, so
    # it is read as a seat's, tested at play (the general reader beside it)
    log, code = _played(tmp_rules, monkeypatch, GUESSED, off, "rule tell")
    assert log[:2] == ["5", "2"]
    assert ("is Player else" in code) == (not off)


def test_a_connect_line_is_one_function_that_reads_its_squares_in_place():
    # every step of The Haunting House's grid has the same `connect` condition: one function for
    # all of them, whose a and b are board locations (what lies there read in place) and d a
    # direction
    program = ruledsl.load(str(ROOT / "games" / "haunting_house.rules"), players=2).program
    code = program.code_map.texts("a board's condition")
    assert code.count("def edge_") == 1
    assert "st.contents[a0.index]" in code and "st.contents[a1.index]" in code and "_items_of" not in code
    conditions = {s.cond for steps in program.graphs.steps.values() for s in steps if s.kind == "orthogonal"}
    assert len(conditions) == 1 and None not in conditions
    assert len(program.graphs.steps) > 40


SCOPED = HEADER + '''var score: int = 0, per player
board G grid:
    map: """
. .
"""
flow:
    for each p in players:
        turn p:
            choose sq from locations(G) as "take {sq}":
                increase p.score by sq.column
    for each p in [3, 4]:
        choose n from [p, p + 1] by P1 as "count {n}":
            announce ">{p} {n} {n + p}"
    end game ranking each q in players by q.score
'''


@pytest.mark.parametrize("off", [set(), {"typed"}])
def test_names_kept_across_decisions_are_read_as_certain_only_where_they_are(tmp_rules, monkeypatch, off):
    # `p` of the first loop is a seat and `sq` a square (no test before reading them); the second
    # loop's `p`, kept under the same name, is a number: what was certain of the first is not of it
    slow(monkeypatch, off)
    game = ruledsl.load(tmp_rules("s.rules", SCOPED), players=2)
    code = game.program.code_map.texts("the flow")
    first = code.split("def u0_b6")[0]         # the first loop's blocks
    assert ("env['sq'].column" in first) is not bool(off)
    state = game.new_game()
    for label in ["take A1", "take B1", "count 4", "count 4"]:
        state.apply(label)
    assert [e for e in state.events(None) if e.startswith(">")] == [">3 4 7", ">4 4 8"]
    assert state.returns() == [0.0, 1.0]


def test_only_decisions_that_search_keep_their_searches(monkeypatch):
    # st.memo keeps a decision's distance searches while its options are worked out: a decision
    # that searches nothing (tic-tac-toe's) makes none; The Haunting House's trap door does
    # (each rule in a unit of its own, to read its code alone)
    slow(monkeypatch, {"splice"})
    ttt = ruledsl.load(str(TIC_TAC_TOE), players=2).program.code_map.texts("the flow")
    assert "st.memo = {}" not in ttt and "_offer_choice(" in ttt
    house = ruledsl.load(str(ROOT / "games" / "haunting_house.rules"), players=2).program.code_map
    assert "st.memo = {}" in house.texts("rule fall_through_trap_door")
    assert "st.memo = {}" not in house.texts("rule switch_tiles")


def test_a_turn_of_a_seat_certain_when_compiled_is_begun_in_place(monkeypatch):
    """`turn p:` over the seats: no call of enter_turn, the seat's event made once; the same
    round numbers, current seats and log as enter_turn gives."""
    program = ruledsl.load(str(TIC_TAC_TOE), players=2).program
    code = program.code_map.texts("the flow")
    assert "_enter_turn(" not in code and "st.round += 1" in code

    def turns(off):
        slow(monkeypatch, off)
        state = ruledsl.load(str(TIC_TAC_TOE), players=2).new_game(seed=4)
        seen = []
        for label in ["mark A1", "mark B1", "mark A2", "mark B2", "mark C3"]:
            seen.append((state.round, state.current_player, state.view(None)["round"]))
            state.apply(label)
        return seen, state.events(None), state.events(0)
    fast = turns(set())
    assert fast == turns({"typed"})
    assert [r for r, _, _ in fast[0]] == [1, 1, 2, 2, 3] and [p for _, p, _ in fast[0]] == [0, 1, 0, 1, 0]
    assert fast[1].count("X's turn") == 3 and fast[1].count("O's turn") == 3      # O's turn after C3


RULE_PARAMETERS = HEADER + '''kind Card:
    score: int
    hand: int
zone hand: hand of Card, per player:
    2 x Card(score: 5, hand: 1)
var score: int = 0, per player

rule bump(p, by):
    set p.score to p.score + by
    do tell(p)

rule tell(q):
    announce "{q.score} {[count([each c in q.hand]) for each r in [1]]}"

rule say(x):
    announce "{x}"

flow:
    for each p in players:
        do bump(p, 2)
    do say(1)
    do say(P2)
    end game
'''


@pytest.mark.parametrize("off", [set(), {"typed"}])
def test_a_rules_parameters_are_typed_as_every_do_passes_them(tmp_rules, off, monkeypatch):
    # (cards have a score and a hand too: what p.score is depends on what p is)
    # every `do bump(p, 2)` passes a seat: bump reads p's variable in its slot; bump passes its p
    # on to tell, typed in turn (in a comprehension's source too); say is passed a number and a
    # seat: read as anything
    log, bump = _played(tmp_rules, monkeypatch, RULE_PARAMETERS, off, "rule bump")
    code = ruledsl.load(tmp_rules("t.rules", RULE_PARAMETERS), 2).program.code_map
    tell, say = code.texts("rule tell"), code.texts("rule say")
    assert log[:-1] == ["2 2", "2 2", "1", "P2"]
    assert ("st.vals[0 + t_" in bump and "is Player else" in bump) == (not off)
    assert ("st.vals[0 + t_" in tell and
            re.search(r"k\d+\[(p_\d+)\.index\] if type\(\1\) is Player else", tell) is not None) == (not off)
    assert "is Player" not in say


KNOWN_OPTION = HEADER + '''option tricky: bool = false "Play with the trick"
var count: int = 0

during each turn:
    option "trick {q}" for each q in others(current_player) if tricky and count < 5:
        set count to count + 1

flow:
    repeat 2 times:
        for each p in players:
            turn p:
                choose by p:
                    option "wait" if not tricky or count >= 0:
                        announce "{p} waits {tricky or count > 3} {tricky and count > 3}"
    end game
'''


@pytest.mark.parametrize("tricky", [False, True])
@pytest.mark.parametrize("off", [set(), {"fold"}])
def test_and_or_not_of_an_option_known_when_compiled_are_its_value(tmp_rules, tricky, off, monkeypatch):
    # `tricky and …`, `tricky or …` and `not tricky` with the option known when the game is
    # compiled: the other side is written only where it may count, and an option of each turn
    # that can never be open is never offered, nor its items gone through
    slow(monkeypatch, off)
    game = ruledsl.load(tmp_rules("t.rules", KNOWN_OPTION), 2, options={"tricky": tricky})
    state = game.new_game(seed=1)
    labels = state.legal_labels()
    assert labels == (["wait", "trick P2"] if tricky else ["wait"])
    assert len(game.program.turn_options) == (1 if tricky or off else 0)
    code = game.program.code_map.texts("the flow")
    folded = "bool(False)" not in code and "bool(True)" not in code and "(not False)" not in code \
        and "(not True)" not in code
    assert folded == (not off)
    while not state.is_terminal():
        state.apply(state.legal_labels()[0])
    told = [e for e in state.events(None) if " waits " in e]
    assert told == ["P1 waits true false", "P2 waits true false"] * 2 if tricky else \
        ["P1 waits false false", "P2 waits false false"] * 2


TAG_TESTS = HEADER + '''board B grid:
    legend:
        "d": Den
    map: """
d . d
"""
kind Fox
zone den: area of Fox:
    Fox
define dens(xs) = [each l in xs where l is Den]
define strays(xs) = [each l in xs where l is not Den]
flow:
    mark B1 as Den
    announce "{dens(locations(B))} / {strays(locations(B))} / {[each l in locations(B) where l is Den]} / {first(contents(den)) is Den}"
    end game
'''


@pytest.mark.parametrize("off", [set(), {"typed"}])
def test_a_locations_tags_are_read_in_place(tmp_rules, off, monkeypatch):
    # `l is Den` of a board location, as the checker types it, reads its tags in place (as marked
    # in play); a component is asked by the general test
    log, code = _played(tmp_rules, monkeypatch, TAG_TESTS, off)
    assert log[0] == "A1, B1, C1 /  / A1, B1, C1 / false"
    assert ("in st.tags[" in code) == (not off)


TILED = HEADER + '''kind Tile:
    open: list of direction
zone box: area of Tile:
    Tile(open: [E])
    Tile(open: [W, S])
    Tile(open: [N, E])
    Tile(open: [W, N])
board B grid:
    legend:
        "t": Floor
    map: """
t t
t t
"""
    connect orthogonal(a, b, d) when any(each t in at(a, Tile) where d in t.open) and open_towards(b, opposite(d))
define open_towards(sq, d) = any(each t in at(sq, Tile) where d in t.open)
flow:
    for each sq in tagged(Floor):
        move first(contents(box)) to sq
    announce "{neighbours(A1)} / {neighbours(B1)} / {neighbours(B2)} / {distance(A1, A2)} / {distance(A2, A1)}"
    end game
'''


@pytest.mark.parametrize("off", [set(), {"fuse"}])
def test_a_boards_condition_is_a_loop_that_stops_at_the_first_item_that_passes(tmp_rules, off, monkeypatch):
    # `any(each t in at(a, Tile) where …) and open_towards(b, …)` (a define written in place):
    # one test after another, each `any` a loop with no generator made per step
    slow(monkeypatch, off)
    game = ruledsl.load(tmp_rules("t.rules", TILED), 2)
    assert game.new_game(seed=1).events(None)[4] == "B1 / B2, A1 / B1, A2 / 3 / 3"
    code = game.program.code_map.texts("a board's condition")
    assert ("any(True for" not in code and code.count("for v_") == 2) == (not off)


@pytest.mark.parametrize("off", [set(), {"typed"}])
def test_a_count_compared_where_python_forbids_naming_it_needs_no_test(tmp_rules, off, monkeypatch):
    # `count(…) > 0` inside a comprehension's source (where `:=` is forbidden): a count and a
    # number written out are whole numbers, compared by Python's operator with no helper
    text = SOURCES.replace(
        'announce "{[count([each c in p.hand]) for each p in players]} {held(P2)} {held(A1)}"',
        'announce "{count([each q in [each p in players where count(p.hand) > 0] where count(q.hand) - 1 >= 1])}"')
    log, code = _played(tmp_rules, monkeypatch, text, off)
    assert log[1] == "1"            # P1 holds 3 cards, P2 none
    assert ("_gt(" in code) == bool(off) and ("(len(" in code and ") > 0)" in code) == (not off)


LAID_OUT = '''game "Laid out"
players 2
var score: int = 0, per player
rule show(p):
    choose x from [1, 2] by P1 as "{p.score} {x}":
        pass
flow:
    for each p in players:
        do show(p)
    do show(none)
    end game
'''


@pytest.mark.parametrize("off", [set(), {"splice"}])
def test_what_a_rules_first_caller_is_sure_of_is_not_sure_of_the_rule(off, monkeypatch):
    # show's unit is laid out inside the loop over the seats, where the loop's p is certain; the
    # rule's own p is filled by both calls, the second with none: read as any value is
    slow(monkeypatch, off)
    state = ruledsl.load("laid.rules", text=LAID_OUT).new_game()
    state.apply("0 1")
    with pytest.raises(ruledsl.RulesError) as caught:
        state.apply("0 1")          # the third decision's labels read none's score
    assert (caught.value.line, caught.value.message) == (5, "cannot read .score of none")


def test_a_decision_by_a_seat_certainly_one_asks_nothing_of_it():
    # `choose … by p` where p is a loop's seat: p is the chooser as it is (no _chooser call); by
    # a variable that may hold anything, the helper tests it (and says what is wrong)
    text = HEADER + dedent("""
        var who: any = 3
        flow:
            for each p in players:
                choose x from [1, 2] by p:
                    announce ">{p} {x}"
            choose y from [1, 2] by who:
                pass
            win players
    """)
    game = ruledsl.load("certain_chooser.rules", players=2, text=text)
    code = game.program.code_map.texts("the flow")
    assert code.count("chooser = _chooser(") == 1
    state = game.new_game(seed=0)
    state.apply("2")
    with pytest.raises(ruledsl.RulesError) as caught:
        state.apply("1")            # the flow goes on to `by who`
    assert "3 is not a player" in str(caught.value)
    assert [e for e in state.events(None) if e.startswith(">")] == [">P1 2", ">P2 1"]
