"""The "fixed" fast path (ruledsl/runtime/compiler/fixed.py): which conditions read only where
board locations lie, and that remembering them changes no game."""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ruledsl
from ruledsl.ir import nodes as n
from ruledsl.runtime.compiler.fixed import PLACE, VALUE, fixed, fixed_items, fixed_prefix, known_options
from ruledsl.runtime.model.values import Location

from .conftest import ROOT, decided, random_trace, slow

GAME = ROOT / "tests" / "fixtures" / "fixed_conditions.rules"

DEFINES = """
game "Defines"
players 2
enum Floor: Ground, Upper
board Hotel:
    edge hallway
    location Kitchen with floor: Ground
    location Attic with floor: Upper
    hallway: Kitchen - Attic
var target: int = 1
define touching(a, b) = a != b and abs(a.row - b.row) <= 1 and abs(a.column - b.column) <= 1
define near_or_top(a, b) = touching(a, b) or a.row == 1
define banded(a) = 1 if a.row > 1 else max(a.column, 2) * 3
define crowded(a) = count(contents(a)) > 1
define on_target(a) = a.row == target
define of_a_field(a) = a.floor.name == "Ground"
define crowded_pair(pair) = count(contents(pair[0])) > 1
define pick(pair) = pair[1]
define of_pick(pair) = pick(pair).row == 2
flow:
    end game
"""


@pytest.fixture(scope="module")
def defines():
    return ruledsl.load("<defines>", players=2, text=DEFINES).program.defn.defines


@pytest.mark.parametrize("name, kind", [
    ("touching", VALUE), ("near_or_top", VALUE), ("banded", VALUE), ("pick", PLACE), ("of_pick", VALUE),
    ("crowded", None),          # what lies there changes
    ("on_target", None),        # a variable of the game
    ("of_a_field", None),       # what a location's field holds is not looked into (a component's fields change)
])
def test_a_define_is_fixed_only_when_it_reads_only_its_locations(defines, name, kind):
    decl = defines[name]
    assert fixed(decl.body, frozenset(decl.params), frozenset(), defines) == kind


def test_only_the_leading_fixed_conditions_are_kept(defines):
    fixed_one = defines["of_pick"].body                # pick(pair).row == 2
    changing = defines["crowded_pair"].body            # count(contents(pair[0])) > 1
    head, rest = fixed_prefix(fixed_one, "pair", defines)
    assert head is fixed_one and rest is None
    where = n.Binary("and", n.Binary("and", fixed_one, changing), fixed_one)
    head, rest = fixed_prefix(where, "pair", defines)
    assert head is fixed_one and rest.op == "and" and rest.left is changing and rest.right is fixed_one
    head, rest = fixed_prefix(n.Binary("and", changing, fixed_one), "pair", defines)
    assert head is None                                # never worked out before what stands first
    assert fixed_prefix(fixed_one, "other", defines)[0] is None     # it reads pair, not the item


def test_items_are_fixed_only_when_all_are_locations():
    game = ruledsl.load(str(GAME), players=2)
    squares = [loc for loc in game.program.locations.values()]
    assert fixed_items(tuple(squares))
    assert not fixed_items(tuple(squares) + (game.program.comps[0],))


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000))
def test_remembered_conditions_offer_what_working_them_out_offers(seed, monkeypatch):
    # the marks change which squares are free, the counters' rows change which may be
    # shifted: both decisions must offer exactly what they offer with the fast path off
    assert random_trace(GAME, seed, set(), monkeypatch) == random_trace(GAME, seed, {"fixed"}, monkeypatch)


# What the pass `fixed` keeps of a decision for the whole game, each decision in a table of its own.
KEPT = ("options remembered per list of items", "items that pass remembered per list of items",
        "fixed head remembered per selection", "options remembered per lists of items")


def _kept(program) -> list:
    """[(what, line, the table kept)] of each decision the pass `fixed` remembers, in the order of
    the rules."""
    return sorted(((what, span.line, made) for (p, what, span), made in program.decided.items()
                   if p == "fixed" and what in KEPT), key=lambda kept: kept[1])


def test_the_fixture_makes_every_decision():
    game = ruledsl.load(str(GAME), players=2)
    # the pairs (line 40), the menu over two lists (47), the counters (55)
    assert [(what, line) for what, line, _ in _kept(game.program)] == [
        ("options remembered per list of items", 40), ("options remembered per lists of items", 47),
        ("options remembered per list of items", 55)]


def test_a_wholly_fixed_decision_remembers_its_options_per_list_of_squares():
    # `touching(...) and rows > 2` reads only rows and columns, and the label only the squares:
    # the options (label: pair) are kept per list of unmarked squares; the counters' (components,
    # whose fields change) never are
    ruledsl.forget()                    # a game compiled anew: its memos empty
    game = ruledsl.load(str(GAME), players=2)
    memos = [made for _, _, made in _kept(game.program)]
    assert len(memos) == 3 and all(m == {} for m in memos)      # the choice of pairs, the menu, the counters'
    rng = random.Random(3)
    for seed in range(4):
        state = game.new_game(seed=seed)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
    squares, _menu, counters = memos          # in the order the rules write them
    assert squares and counters == {}
    for pool, options in squares.items():
        assert all(type(sq) is Location for sq in pool)
        expected = [(a, b) for i, a in enumerate(pool) for b in pool[i + 1:]
                    if abs(a.row - b.row) <= 1 and abs(a.column - b.column) <= 1 and a.row + b.row > 2]
        assert list(map(_names, options.values())) == list(map(_names, expected))
        assert list(options) == [f"mark {a.label} {b.label}" for a, b in expected]


def test_a_decision_whose_label_reads_more_than_the_squares_is_not_remembered_whole(tmp_rules):
    # the same condition, but the label reads who chooses: the passing pairs are kept, not the options
    text = GAME.read_text(encoding="utf-8").replace('by p as "mark {pair[0]} {pair[1]}"',
                                                    'by p as "{p} marks {pair[0]} {pair[1]}"')
    game = ruledsl.load(tmp_rules("labels.rules", text), players=2)
    assert [(what, line) for what, line, _ in _kept(game.program)] == [
        ("items that pass remembered per list of items", 40),
        ("options remembered per lists of items", 47), ("options remembered per list of items", 55)]
    state = game.new_game(seed=0)
    state.apply("mark")
    assert state.legal_labels()[:3] == ["P1 marks A1 A2", "P1 marks A1 B2", "P1 marks B1 A2"]


def _names(pair) -> tuple:
    return tuple(sq.name for sq in pair)


def test_a_menu_whose_options_read_only_the_squares_is_remembered_whole():
    ruledsl.forget()                    # a game compiled anew: its memos empty
    game = ruledsl.load(str(GAME), players=2)
    [memo] = [made for what, _, made in _kept(game.program) if what == "options remembered per lists of items"]
    rng = random.Random(5)
    for seed in range(4):
        state = game.new_game(seed=seed)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
    assert memo
    for (left, right), options in memo.items():
        assert left == right and all(type(sq) is Location for sq in left)
        expected = [f"turn {sq.label} left" for sq in left] + \
            [f"turn {sq.label} right" for sq in right if sq.column > 2 and sq.row < 4]
        assert list(options) == expected
        assert [item for _, _, item in options.values()] == \
            list(left) + [sq for sq in right if sq.column > 2 and sq.row < 4]


@settings(max_examples=60, deadline=None)
@given(chosen=st.lists(st.booleans(), min_size=16, max_size=16), low=st.integers(1, 3), extra=st.integers(0, 1),
       ordered=st.booleans(), rule=st.integers(0, 2))
def test_the_selections_of_some_squares_are_read_off_the_whole_boards(chosen, low, extra, ordered, rule):
    from itertools import combinations, permutations
    from ruledsl.runtime.engine.selections import fixed_selections
    board = ruledsl.load(str(GAME), players=2).program.all_locations
    pool = tuple(sq for sq, keep in zip(board, chosen) if keep)
    tests = [lambda sel: all(abs(a.row - b.row) <= 1 for a, b in zip(sel, sel[1:])),
             lambda sel: sel[0].column > sel[-1].column,
             lambda sel: sum(sq.row for sq in sel) % 2 == 0]
    test = tests[rule]
    high = low + extra
    want = [sel for k in range(low, min(high, len(pool)) + 1)
            for sel in (permutations if ordered else combinations)(pool, k) if test(sel)]
    memo: dict = {}
    assert fixed_selections(memo, pool, low, high, ordered, test, board) == want
    assert fixed_selections(memo, pool, low, high, ordered, test, board) == want     # read off what is kept


def test_selections_not_read_off_the_board_are_left_to_the_decision():
    from ruledsl.runtime.engine.selections import fixed_selections
    board = ruledsl.load(str(GAME), players=2).program.all_locations
    assert fixed_selections({}, board[::-1], 2, 2, False, lambda sel: True, board) is None     # not in its order
    assert fixed_selections({}, board[:4], 0, 2, False, lambda sel: True, board) is None       # the empty one
    failing = lambda sel: 1 / (sel[1].column - 4) > 0                                         # noqa: E731
    assert fixed_selections({}, board[:3], 2, 2, False, failing, board) is None             # fails on some square
    assert fixed_selections({}, board[:3], 2, 2, False, lambda sel: True, board) == \
        [(board[0], board[1]), (board[0], board[2]), (board[1], board[2])]


LABELLED = '''game "Labelled"
players 2
kind Stone
zone bag: area of Stone:
    4 x Stone
board B grid:
    map: """
. . .
. . .
"""
define free(sq) = count(contents(sq)) == 0
flow:
    repeat:
        for each p in players:
            turn p:
                choose sq from [each s in locations(B) where free(s)] as "{LABEL}":
                    move first(contents(bag)) to sq
                if count(contents(bag)) == 0:
                    win players
'''


def _labelled(label: str, off: set, monkeypatch, seed: int = 3):
    slow(monkeypatch, off)
    game = ruledsl.load("t.rules", text=LABELLED.replace("{LABEL}", label))
    state = game.new_game(seed=seed)
    rng = random.Random(seed)
    offered = []
    while not state.is_terminal():
        offered.append(state.legal_labels())
        state.apply(rng.choice(state.legal_labels()))
    return decided(game.program, "fixed"), offered, state.events(None)


@pytest.mark.parametrize("label, pairs, distinct", [
    ("take {sq}", True, True),                          # the square shown: distinct
    ("row {sq.row} col {sq.column}", True, True),
    ("row {sq.row}", True, False),                      # three squares a row: the first is offered
    ("take {count(contents(sq))}", False, False),       # reads what lies there: made each time
])
def test_the_labels_of_a_choice_among_fixed_squares_are_made_once(label, pairs, distinct, monkeypatch):
    """A choice of one among a list of squares fixed when compiled, labelled by where each lies,
    finds its options with labels made when the game is compiled (and stores them with no test
    when they are distinct): the same options, in the same order, as making them each time."""
    fixed, offered, told = _labelled(label, set(), monkeypatch)
    assert (offered, told) == _labelled(label, {"fixed"}, monkeypatch)[1:]
    assert all(len(labels) == len(set(labels)) for labels in offered)
    assert (("labels made when compiled", 16) in fixed) is pairs
    assert (("labels distinct: options stored with no test", 16) in fixed) is distinct


def test_a_label_that_fails_on_a_square_fails_when_offered_not_when_compiled():
    game = ruledsl.load("t.rules", text=LABELLED.replace("{LABEL}", "{6 / (sq.column - 2)}"))
    assert ("labels made when compiled", 16) not in decided(game.program, "fixed")
    with pytest.raises(ruledsl.RulesError) as caught:
        game.new_game()
    assert (caught.value.line, caught.value.message) == (16, "division by zero")


# ---------------------------------------------------------------- options made once per item
def _setdefault_in_turn(found: dict, items, pair_of) -> dict:
    out = dict(found)
    for x in items:
        out.setdefault(*pair_of(x))
    return out


@settings(max_examples=200, deadline=None)
@given(items=st.lists(st.sampled_from(["a1", "a2", "b1", "c1", "c2"]), max_size=6),
       known=st.lists(st.sampled_from(["a1", "a2", "b1", "c1", "c2"]), max_size=5),
       found=st.dictionaries(st.sampled_from(["go a", "go b", "x"]), st.integers(0, 3), max_size=2))
def test_known_options_are_added_as_each_item_in_turn_adds_its_own(items, known, found):
    # labels collide ("a1" and "a2" both read "go a"): the first one stays, as setdefault keeps it
    made = []

    def pair_of(x):
        made.append(x)
        return (f"go {x[0]}", x)
    pairs = {x: (f"go {x[0]}", x) for x in known}
    expected = _setdefault_in_turn(found, items, pair_of)
    made.clear()
    got = known_options(dict(found), pairs, tuple(items), pair_of)
    assert got == expected and list(got) == list(expected)          # the same options, in order
    assert set(made) == set(items) - set(known)                     # made only for items not seen
    assert set(pairs) == set(items) | set(known)                    # and kept for the game


def test_equal_labels_of_a_remembered_menu_keep_the_first_option(monkeypatch, tmp_rules):
    # both lists of squares read "turn {sq} left": each square's first option (score + 1) is
    # offered, as without the fast path, though the options are made from the kept pairs
    text = GAME.read_text(encoding="utf-8").replace('option "turn {sq} right"', 'option "turn {sq} left"')
    path = tmp_rules("collide.rules", text)
    # (the menu's first option, line 48, makes each item's option once from the items kept)
    assert ("each item's option made once", 48) in decided(ruledsl.load(path, players=2).program, "fixed")
    for seed in range(6):
        assert random_trace(path, seed, set(), monkeypatch) == random_trace(path, seed, {"fixed"}, monkeypatch)
    slow(monkeypatch, set())
    state = ruledsl.load(path, players=2).new_game(seed=0)
    state.apply("turn")
    assert not any("right" in label for label in state.legal_labels())
    state.apply("turn D1 left")         # D1: offered by both lists; the first's body runs
    assert state.view(0)["vars"]["score"]["P1"] == 1


def test_a_list_with_a_square_twice_offers_it_once(monkeypatch, tmp_rules):
    text = GAME.read_text(encoding="utf-8").replace(
        'option "turn {sq} left" for each sq in unmarked():',
        'option "turn {sq} left" for each sq in unmarked() + unmarked():')
    path = tmp_rules("twice.rules", text)
    for seed in range(6):
        assert random_trace(path, seed, set(), monkeypatch) == random_trace(path, seed, {"fixed"}, monkeypatch)
    slow(monkeypatch, set())
    state = ruledsl.load(path, players=2).new_game(seed=0)
    state.apply("turn")
    labels = state.legal_labels()
    assert len(labels) == len(set(labels)) and sum(label.endswith("left") for label in labels) == 16
