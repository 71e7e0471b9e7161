"""The interpreter's semantics, construct by construct, each on a tiny game written here.

Most tests run a flow that computes something and announces it as `>text`;
`said(state)` reads those announcements back. Decisions pause the flow, so
views and logs can be looked at in between.
"""
from __future__ import annotations

import re
from textwrap import dedent, indent

import pytest
from hypothesis import given, settings, strategies as st

import ruledsl

from .conftest import GAMES, decided, slow

# ---------------------------------------------------------------- helpers


def rules_text(decls: str, flow: str, players="2") -> str:
    """A whole game: header, declarations, and a flow (written without its indentation)."""
    decls = dedent(decls).strip("\n")
    flow = indent(dedent(flow).strip("\n"), "    ")
    return f'game "t"\nplayers {players}\n{decls}\nflow:\n{flow}\n'


def line_of(text: str, snippet: str) -> int:
    """The 1-based line of the first line of text that holds snippet."""
    return next(i for i, line in enumerate(text.split("\n"), 1) if snippet in line)


def load(decls: str, flow: str, players="2", count=None, options=None):
    return ruledsl.load("t.rules", players=count, options=options, text=rules_text(decls, flow, players))


def run(decls: str, flow: str, players="2", count=None, seed=0, chance="seeded"):
    """A new game of a flow that ends with `win players` after the given statements."""
    game = load(decls, dedent(flow).strip("\n") + "\nwin players", players, count)
    return game.new_game(seed=seed, chance=chance)


def said(state, seat=0) -> list:
    """The announcements starting with '>' that seat has read, without the '>'."""
    return [e[1:] for e in state.events(seat) if e.startswith(">")]


def value(expr: str, decls: str = "", players="2") -> str:
    """How `expr` reads in an announcement."""
    state = run(decls, f'let v = {expr}\nannounce ">{{v}}"', players)
    [text] = said(state)
    return text


def names(text: str) -> set:
    """A list announced as 'a, b, c' as a set of its items."""
    return set(text.split(", ")) if text else set()


META = {"kind", "owner", "id", "face_up", "hidden", "fields"}


def fields_of(entry: dict) -> dict:
    """The fields a view shows of a component (nested under "fields", or beside the metadata)."""
    if isinstance(entry.get("fields"), dict):
        return entry["fields"]
    return {k: v for k, v in entry.items() if k not in META}


def seen_ids(view: dict, zone: str) -> list:
    """The ids of the components of a zone whose face the view shows (None for hidden ones)."""
    return [entry.get("id") for entry in view["zones"][zone]]


PAUSE = '''
rule pause():
    choose x from ["go"] by P1:
        pass
'''


# ---------------------------------------------------------------- expressions


@pytest.mark.parametrize("expr, shown", [
    ("1 + 2 * 3", "7"),
    ("(1 + 2) * 3", "9"),
    ("5 - 7", "-2"),
    ("-(3 + 1)", "-4"),
    ("6 / 3", "2"),
    ("7 / 2 * 2", "7"),                  # exact: no rounding on the way
    ("1 / 3 + 1 / 6 == 1 / 2", "true"),
    ("7 / 2 == 3", "false"),
    ("7 / 2 > 3", "true"),
    ("ceil(7 / 2)", "4"),
    ("floor(7 / 2)", "3"),
    ("ceil(-7 / 2)", "-3"),
    ("floor(-7 / 2)", "-4"),
    ("ceil(6 / 3)", "2"),
    ("7 % 3", "1"),
    ("abs(-4)", "4"),
    ("2 * 3 % 4", "2"),
])
def test_arithmetic(expr, shown):
    assert value(expr) == shown


@pytest.mark.parametrize("expr, shown", [
    ("2 < 3", "true"), ("3 < 3", "false"), ("3 <= 3", "true"), ("4 > 3", "true"), ("3 >= 4", "false"),
    ("1 == 1", "true"), ("1 != 1", "false"), ('"a" == "a"', "true"), ('"a" != "b"', "true"),
    ("none == none", "true"), ("[1, 2] == [1, 2]", "true"), ("not 1 == 2", "true"), ("not true", "false"),
    ("1 < 2 and 2 < 3", "true"), ("1 < 2 and 3 < 2", "false"), ("1 > 2 or 2 < 3", "true"), ("1 > 2 or 3 < 2", "false"),
])
def test_comparisons_and_logic(expr, shown):
    assert value(expr) == shown


def test_and_or_stop_early():
    decls = """
        kind Card:
            value: int
        zone deck: deck of Card
    """
    flow = """
        let t = top(deck)
        announce ">{t != none and t.value > 0}"
        announce ">{t == none or t.value > 0}"
        announce ">{false and 1 / 0 == 1}"
        announce ">{true or 1 / 0 == 1}"
    """
    assert said(run(decls, flow)) == ["false", "true", "false", "true"]


def test_and_evaluates_its_right_side_when_it_must():
    with pytest.raises(ruledsl.RulesError) as caught:
        run("", 'let x = true and 1 / 0 == 1')
    assert (caught.value.line, caught.value.message) == (line_of(rules_text("", "let x"), "let x"), "division by zero")


IS_DECLS = dedent("""
    enum Colour: Red "Crimson", Blue
    kind Pawn:
        colour: Colour = Red
    kind Coin
    zone box: area of Pawn:
        Pawn
    zone purse: area of Coin:
        Coin
    board B grid:
        legend:
            "g": Grave
            "x": Shaded
        map: \"\"\"
    g .
    \"\"\"
""")


@pytest.mark.parametrize("expr, shown", [
    ("A1 is Grave", "true"),
    ("B1 is Grave", "false"),
    ("B1 is not Grave", "true"),
    ("first(contents(box)) is Pawn", "true"),
    ("first(contents(box)) is Coin", "false"),
    ("first(contents(purse)) is not Pawn", "true"),
    ("none is Pawn", "false"),
    ("Red is Red", "true"),
    ("Red is Blue", "false"),
    ("first(contents(box)).colour is Red", "true"),
    ("3 is 3", "true"),
    ("A1 is Shaded", "false"),            # a legend's tag that no square carries is still a name
    ("count(tagged(Shaded))", "0"),
])
def test_is_tests_tags_kinds_and_values(expr, shown):
    assert value(expr, IS_DECLS) == shown


@pytest.mark.parametrize("expr, shown", [
    ("3 in [1, 2, 3]", "true"),
    ("4 in [1, 2, 3]", "false"),
    ("4 not in [1, 2, 3]", "true"),
    ("2 in 1..3", "true"),
    ("first(contents(box)) in box", "true"),
    ("first(contents(box)) in contents(box)", "true"),
    ("first(contents(purse)) in box", "false"),
    ("Red in [Blue]", "false"),
    ("A1 in tagged(Grave)", "true"),
])
def test_in(expr, shown):
    assert value(expr, IS_DECLS) == shown


@pytest.mark.parametrize("expr, shown", [
    ("1..4", "1, 2, 3, 4"),
    ("count(3..2)", "0"),
    ("[1, 2] + [3]", "1, 2, 3"),
    ("[10, 20, 30][1]", "20"),
    ("[each x in 1..6 where x % 2 == 0]", "2, 4, 6"),
    ("[x * x for each x in 1..4]", "1, 4, 9, 16"),
    ("[x * 2 for each x in 1..4 where x > 2]", "6, 8"),
    ("[each x in [3, 1, 2] where x > 5]", ""),
    ("count([each p in players where p.seat > 1])", "2"),
])
def test_lists_and_comprehensions(expr, shown):
    assert value(expr, players="3") == shown


def test_a_comprehension_does_not_clobber_a_name_outside_it():
    state = run("", 'let x = 5\nlet ys = [x * 2 for each x in [1, 2]]\nannounce ">{x} {ys}"')
    assert said(state) == ["5 2, 4"]


def test_an_index_out_of_range_is_a_rules_error_at_its_line():
    with pytest.raises(ruledsl.RulesError) as caught:
        run("", "let xs = [1, 2]\nlet y = xs[5]")
    assert caught.value.line == line_of(rules_text("", "let xs = [1, 2]\nlet y = xs[5]"), "xs[5]")


@pytest.mark.parametrize("expr, shown", [
    ("hours[12]", "Holy"),
    ("get(hours, 6, \"plain\")", "Cursed"),
    ("get(hours, 7, \"plain\")", "plain"),
    ("keys(hours)", "6, 12"),
    ("6 in hours", "true"),
    ("7 in hours", "false"),
    ("{1: 2, 3: 4}[3] + 1", "5"),
])
def test_maps(expr, shown):
    assert value(expr, 'const hours = {6: "Cursed", 12: "Holy"}') == shown


def test_text_shows_values_as_players_read_them():
    decls = IS_DECLS + dedent("""
        kind Named:
            name: text = "Bob"
            size: int = 3
        zone people: area of Named:
            Named
        seats North "The North", South
    """)
    assert value("text(first(contents(box)))", decls) == "Crimson"       # its first field, an enum's label
    assert value("text(first(contents(people)))", decls) == "Bob"        # its name field
    assert value("text(first(contents(purse)))", decls) == "Coin"        # no fields: its kind
    assert value("text([Red, Blue])", decls) == "Crimson, Blue"
    assert value("text(North)", decls) == "The North"
    assert value('"{{braces}}"', decls) == "{braces}"


# ---------------------------------------------------------------- builtins: collections


@pytest.mark.parametrize("expr, shown", [
    ("count([4, 5, 6])", "3"),
    ("count(each x in 1..10 where x % 3 == 0)", "3"),
    ("sum(1..4)", "10"),
    ("sum([])", "0"),
    ("sum(x * 10 for each x in 1..3 where x != 2)", "40"),
    ("min(3, 1, 2)", "1"),
    ("max([4, 9, 2])", "9"),
    ("max(x * x for each x in [1, -5, 3])", "25"),
    ("min([])", "none"),
    ("any(each x in [1, 2] where x > 1)", "true"),
    ("any(each x in [] where x > 1)", "false"),
    ("all(each x in [1, 2] where x > 1)", "false"),
    ("all(each x in [] where x > 1)", "true"),
    ("highest(each x in [1, 3, 2, 3] by x)", "3, 3"),
    ("lowest(each w in [\"bb\", \"a\", \"cc\"] by count([w]))", "bb, a, cc"),
    ("sort(each x in [3, 1, 2] by x)", "1, 2, 3"),
    ("sort(each x in [3, 1, 2] by -x)", "3, 2, 1"),
    ("first([7, 8])", "7"),
    ("last([7, 8])", "8"),
    ("first([])", "none"),
    ("without([1, 2, 3, 2], 2)", "1, 3"),
    ("without([1, 2, 3], [1, 3])", "2"),
    ("unique([1, 2, 1, 3, 2])", "1, 2, 3"),
    ("get([5, 6], 1, 0)", "6"),
    ("get([5, 6], 9, 0)", "0"),
])
def test_collection_builtins(expr, shown):
    assert value(expr) == shown


def test_options_and_constants_are_names():
    decls = 'option target: 10..30 = 20\noption fast: bool = false\nconst bonus = target + 1'
    assert value("target + bonus", decls) == "41"
    assert said(load(decls, 'announce ">{target} {fast} {bonus}"\nwin players', options={"target": 12, "fast": "true"})
                .new_game()) == ["12 true 13"]


def test_highest_keeps_every_item_tied_for_the_best():
    decls = "const pts = [3, 5, 5, 1]"
    assert value("highest(each p in players by pts[p.seat - 1])", decls, players="4") == "P2, P3"
    assert value("lowest(each p in players by pts[p.seat - 1])", decls, players="4") == "P4"


# ---------------------------------------------------------------- builtins: players

SEATS = 'seats Red, Blue "Blue team", Green'


@pytest.mark.parametrize("expr, shown", [
    ("left_of(Red)", "Blue team"),
    ("left_of(Green)", "Red"),
    ("right_of(Red)", "Green"),
    ("clockwise(Blue)", "Blue team, Green, Red"),
    ("others(Green)", "Red, Blue team"),
    ("seat(2)", "Blue team"),
    ("Green.seat", "3"),
    ("Blue.name", "Blue"),
    ("players", "Red, Blue team, Green"),
    ("player_count", "3"),
    ("[p.seat for each p in others(Blue)]", "3, 1"),
])
def test_player_builtins(expr, shown):
    assert value(expr, SEATS, players="3") == shown


def test_player_builtins_follow_the_player_count():
    flow = 'announce ">{others(Red)}|{left_of(Blue)}|{player_count}"'
    assert said(run(SEATS, flow, players="2..3")) == ["Blue team|Red|2"]           # the fewest by default
    assert said(run(SEATS, flow, players="2..3", count=3)) == ["Blue team, Green|Green|3"]


def test_a_seat_that_does_not_exist_is_a_rules_error():
    with pytest.raises(ruledsl.RulesError) as caught:
        run(SEATS, "let q = seat(4)", players="3")
    assert caught.value.line == line_of(rules_text(SEATS, "let q = seat(4)"), "seat(4)") and "seat" in caught.value.message


# ---------------------------------------------------------------- builtins: zones

ZONES = dedent("""
    kind Card:
        value: int
    kind Coin
    zone deck: deck of Card:
        Card(value: v) for each v in 1..5
    zone pile: pile of Card
    zone hand: hand of Card, per player
    zone purse: area of Coin:
        3 x Coin
    board B grid:
        map: \"\"\"
    . .
    \"\"\"
""")


@pytest.mark.parametrize("expr, shown", [
    ("top(deck)", "1"),
    ("bottom(deck)", "5"),
    ("top(deck, 2)", "1, 2"),
    ("bottom(deck, 2)", "5, 4"),
    ("contents(deck)", "1, 2, 3, 4, 5"),
    ("count(deck)", "5"),
    ("top(pile)", "none"),
    ("bottom(pile)", "none"),
    ("top(contents(deck))", "1"),
    ("bottom(contents(deck))", "5"),
    ("top(A1)", "none"),
    ("count(contents(P1.hand))", "0"),
    ("count(components(Card))", "5"),
    ("count(components(Coin))", "3"),
    ("where_is(first(components(Card)))", "deck"),
    ("first(components(Card)).location", "deck"),
    ("first(components(Card)).kind", "Card"),
])
def test_zone_builtins(expr, shown):
    assert value(expr, ZONES) == shown


@pytest.mark.parametrize("chance", ["seeded", "explicit"])
def test_the_ends_of_a_place_read_in_place(chance):
    # top and bottom of a zone and of a location, and of a deck shuffled (under explicit chance,
    # its order left open until read), in generated code that reads what lies there in place
    flow = """
        move top(deck) to A1
        move bottom(deck) to A1
        announce ">{top(A1)} {bottom(A1)} {top(deck)} {bottom(deck)}"
        shuffle deck
        move top(deck) to B1
        announce ">{count(deck)} {count(B1)}"
    """
    state = run(ZONES, flow, chance=chance)
    assert said(state) == ["1 5 2 4", "2 1"]
    # every top and bottom, the ones moved and the four told (line 19)
    ends = sorted(line for what, line in decided(state.prog, "typed") if what == "end read in place")
    assert ends == [17, 18, 19, 21] and _count(state.prog, "typed", "end read in place") == 7


def _count(program, name: str, what: str) -> int:
    """How many places of the rules the pass named decided what at."""
    return sum(1 for p, w, _ in program.decided if (p, w) == (name, what))


def test_at_item_at_and_where_is_on_locations():
    flow = """
        move first(contents(purse)) to A1
        move top(deck) to A1
        move top(deck) to B1
        announce ">{count(at(A1))} {count(at(A1, Coin))} {at(A1, Card)} {item_at(A1, Card)} {item_at(B1, Coin)}"
        announce ">{where_is(first(components(Card)))} {where_is(last(components(Card)))} {contents(B1)}"
    """
    assert said(run(ZONES, flow)) == ["2 1 1 1 none", "A1 deck 2"]


# ---------------------------------------------------------------- builtins: grids

WALLED = dedent('''
    board V grid:
        legend:
            "g": Grave
            "#": void
        map: """
    +---+---+---+
    | g   . | g |
    +   +   +   +
    | .   .   . |
    +---+   +---+
    | #   .   . |
    +---+---+---+
    """
''')


@pytest.mark.parametrize("expr, expected", [
    ("neighbours(B1)", {"A1", "B2"}),                                  # not C1: a wall
    ("neighbours(B1, via: [orthogonal, wall])", {"A1", "B2", "C1"}),
    ("neighbours(B1, via: [wall])", {"C1"}),
    ("neighbours(B2, via: [diagonal])", {"A1", "C1", "C3"}),          # not A3: void
    ("neighbours(B1, avoid: [A1])", {"B2"}),
    ("neighbours(A2)", {"A1", "B2"}),                                  # nothing south: void
    ("reachable(A1, 1)", {"A1", "B1", "A2"}),
    ("reachable(A1, 2)", {"A1", "B1", "A2", "B2"}),
    ("reachable(A1, 2, exact: true)", {"A1", "B2"}),
    ("reachable(A1, 2, exact: true, revisit: false)", {"B2"}),
    ("reachable(C3, 3, exact: true, revisit: false)", {"C2", "A2", "B1"}),
    ("nearest(B2, tagged(Grave))", {"A1", "C1"}),                      # a tie: both
    ("nearest(A2, tagged(Grave))", {"A1"}),
    ("nearest(A1, [C1, B3], avoid: [C2])", {"B3"}),                    # C1 unreachable: never counts
    ("nearest(A1, [C1], avoid: [C2])", set()),
    ("tagged(Grave)", {"A1", "C1"}),
    ("locations(V)", {"A1", "B1", "C1", "A2", "B2", "C2", "B3", "C3"}),
])
def test_grid_sets(expr, expected):
    assert names(value(expr, WALLED)) == expected


@pytest.mark.parametrize("expr", ["neighbours(first(contents(box)))", "neighbours(first(contents(box)), avoid: [A1])",
                                  "reachable(first(contents(box)), 2, revisit: false)"])
def test_a_failing_search_names_the_arguments_written_without_keywords(expr):
    # keywords are passed by position to the library (no dict a call): the message is as written
    with pytest.raises(ruledsl.RulesError) as caught:
        value(expr, WALLED + "kind Pawn\nzone box: area of Pawn:\n    Pawn\n")
    shown = "Pawn, 2" if expr.startswith("reachable") else "Pawn"
    assert f"({shown}) failed: Pawn is not on a board" in str(caught.value)


@pytest.mark.parametrize("expr", ["opposite(3)", "opposite(A1)", "[opposite(x) for each x in [N, 3]]"])
def test_the_opposite_of_what_is_not_a_direction_fails_naming_it(expr):
    with pytest.raises(ruledsl.RulesError) as caught:
        value(expr, WALLED)
    assert "opposite(" in str(caught.value) and ") failed:" in str(caught.value)


def test_a_failing_call_is_told_at_its_own_place_among_calls_alike():
    # library functions are called with no wrapper: a failure is told after the fact, from where
    # the generated line stopped, at the column of the call that failed (not the first one alike)
    flow = 'announce "{opposite(N)} {opposite(S)} {opposite(3)}"'
    with pytest.raises(ruledsl.RulesError) as caught:
        run(WALLED, flow)
    [d] = caught.value.diagnostics
    assert "opposite(3) failed" in d.message
    text = rules_text(WALLED, flow + "\nwin players")
    assert (d.span.line, d.span.column) == (line_of(text, "opposite(3)"), flow.index("opposite(3)") + 5)


def test_every_builtin_is_called_with_no_wrapper():
    # a library function that rebinds a parameter would show the rebound value when it fails
    # (the frame no longer holds what it was given): it is wrapped instead, and costs a call more
    from ruledsl.runtime.engine.library import PLAIN, PLAIN_SEARCHES, called_in_place
    assert [name for name, impl in {**PLAIN, **PLAIN_SEARCHES}.items() if not called_in_place(impl)] == []
    assert not called_in_place(lambda st, prog, x: (x := x + 1))


def test_a_builtin_that_rebinds_its_parameters_is_wrapped_and_named_as_given(monkeypatch):
    from ruledsl.runtime.engine import library

    def text(st, prog, x):
        x = None            # rebound: a failure must still show what the rules gave
        return x.label
    monkeypatch.setitem(library.PLAIN, "text", text)
    with pytest.raises(ruledsl.RulesError, match=r"text\(7\) failed: an argument of the wrong sort"):
        value("text(k)", "var k: int = 7")


def test_a_call_that_fails_inside_another_names_the_inner_one():
    # neighbours(first(contents(box)))'s inner call succeeds: the outer fails naming its value;
    # a define's call that fails inside another call (its key) names the define's own call
    with pytest.raises(ruledsl.RulesError, match=r"neighbours\(Pawn\) failed"):
        value("neighbours(first(contents(box)))", WALLED + "kind Pawn\nzone box: area of Pawn:\n    Pawn\n")
    decls = WALLED + "define back(x) = opposite(x)\n"
    with pytest.raises(ruledsl.RulesError, match=r"opposite\(3\) failed") as caught:
        value("max(each x in [N, 3] by ordinal(back(x)))".replace("ordinal(back(x))", "count([back(x)])"), decls)
    assert caught.value.diagnostics[0].span.line == line_of(rules_text(decls, ""), "define back")


def test_a_failure_while_a_view_is_made_is_a_located_error():
    # `shown as` runs when a view is made, after the flow stopped: a call failing there is told
    # at its place, as one in the flow is (not a Python traceback)
    decls = WALLED + dedent('''
        kind Token, shown as "{opposite(n)}":
            n: int
        zone cup: area of Token:
            Token(n: 3)
        ''')
    game = load(decls, 'choose by P1:\n    option "wait":\n        win players')
    state = game.new_game(seed=0)
    with pytest.raises(ruledsl.RulesError, match=r"opposite\(3\) failed") as caught:
        state.view(0)
    assert caught.value.diagnostics[0].span.line == line_of(rules_text(decls, ""), "shown as")


@pytest.mark.parametrize("expr, shown", [
    ("adjacent(A1, B1)", "true"),
    ("adjacent(B1, C1)", "false"),
    ("adjacent(B1, C1, via: [wall])", "true"),
    ("adjacent(B2, C3)", "false"),
    ("adjacent(B2, C3, via: [diagonal])", "true"),
    ("distance(A1, A1)", "0"),
    ("distance(B1, C1)", "3"),
    ("distance(B1, C1, via: [orthogonal, wall])", "1"),
    ("distance(B1, C1, avoid: [B2])", "none"),
    ("distance(A1, C3)", "4"),
    ("path(B1, C1)", "B1, B2, C2, C1"),
    ("path(A1, A1)", "A1"),
    ("path(B1, C1, avoid: [B2])", ""),
    ("step(A1, E)", "B1"),
    ("step(B1, E)", "C1"),                 # step is geometry: walls do not matter
    ("step(B2, SE)", "C3"),
    ("step(A2, S)", "none"),               # void
    ("step(A1, N)", "none"),               # off the map
    ("direction(A1, B1)", "E"),
    ("direction(B2, C3)", "SE"),
    ("direction(B3, B2)", "N"),
    ("direction(A1, C1)", "none"),
    ("[direction(a, b) for each a in [A1, B2, A1] for each b in [B1, B1, C3]]", "E, E, none, N, N, SE, E, E, none"),
    ("opposite(NE)", "SW"),
    ("opposite(S)", "N"),
    ("opposite(direction(A1, B1))", "W"),          # (read off the table made when compiled)
    ("[opposite(d) for each d in [N, SE]]", "S, NW"),
    ("turn_direction(N, 90)", "E"),
    ("turn_direction(W, -90)", "S"),
    ("turn_direction(NW, 45)", "N"),
    ("turn_direction(E, 270)", "N"),
    ("cell(2, 3)", "B3"),
    ("cell(1, 3)", "none"),
    ("cell(3, 1, V)", "C1"),
    ("edge_kind(A1, B1)", "orthogonal"),
    ("edge_kind(B1, C1)", "wall"),
    ("edge_kind(B2, C3)", "diagonal"),
    ("edge_kind(A1, C1)", "none"),
    ("A1 is Grave", "true"),
    ("B3.column", "2"),
    ("B3.row", "3"),
    ("count(locations())", "8"),
])
def test_grid_queries(expr, shown):
    assert value(expr, WALLED) == shown


@pytest.mark.parametrize("chance", ["seeded", "explicit"])
def test_what_lies_where_a_component_lies(chance):
    # at(c.location, K) read in place by c's slot; under explicit chance, while the shuffled deck
    # waits for its order, through the place (which the deck's own cards are not asked of)
    decls = WALLED + dedent("""
        kind Pawn
        kind Card:
            n: int
        zone box: area of Pawn:
            2 x Pawn
        zone deck: deck of Card:
            Card(n: k) for each k in 1..3
        zone table: area of Card
        define company(x) = count(each y in at(x.location, Pawn))
    """)
    flow = """
        shuffle deck
        move first(contents(box)) to B2
        for each c in contents(box):
            announce ">box {count(each y in at(c.location, Pawn))} {company(c)} {count(at(c.location, Card))}"
        for each c in components(Pawn):
            announce ">{c.location} {company(c)} {[y.n for each y in at(c.location, Card)]}"
    """
    game = load(decls, dedent(flow).strip("\n") + "\nwin players")
    # (in the define and in the flow's counts: line 20 of the rules)
    assert _count(game.program, "typed", "contents where a component lies") >= 3
    assert said(game.new_game(seed=0, chance=chance)) == ["box 1 1 0", "B2 1 ", "box 1 "]


def test_graph_functions_accept_a_component_for_its_location():
    decls = WALLED + "kind Pawn\nzone box: area of Pawn:\n    Pawn\ndefine names_of(xs) = sort(each x in xs by x.name)\n"
    flow = """
        let p = first(contents(box))
        announce ">{distance(p, C1)} {adjacent(p, C2)} {direction(p, C1)}"
        move p to B2
        announce ">{distance(p, C1)} {adjacent(p, C2)} {distance(A1, p)} {names_of(neighbours(p))} {direction(p, C3)}"
    """
    assert said(run(decls, flow)) == ["none false none", "2 true 2 A2, B1, B3, C2 SE"]


def test_a_decision_searches_once_for_the_distances_to_all_its_options(monkeypatch):
    # `distance(from, l)` for every l a decision goes through: one search per `from`, `via:` and
    # `avoid:`, each l (a location, a component on one, one off the board) looked up in it
    from ruledsl.runtime.engine.graph import Graphs
    searches = []
    real = Graphs.search
    monkeypatch.setattr(Graphs, "search", lambda self, st, start, *rest, **kw:
                        searches.append(start.name) or real(self, st, start, *rest, **kw))
    decls = WALLED + "kind Pawn\nzone box: area of Pawn:\n    2 x Pawn\n"
    flow = """
        move first(contents(box)) to C3
        turn P1:
            choose l from locations(V) where distance(A1, l, avoid: [B2]) != none as "{l} {distance(A1, l)}":
                announce ">{l}"
            choose x from [each c in components(Pawn)] as "{distance(B1, x)} {distance(B1, x, avoid: [B2])}":
                announce ">{x}"
    """
    state = run(decls, flow)
    assert searches == ["A1", "A1"]
    assert state.legal_labels() == ["A1 0", "B1 1", "A2 1"]      # B2 avoided: nothing past it
    state.apply("B1 1")
    assert searches == ["A1", "A1", "B1", "B1"]
    assert state.legal_labels() == ["3 none", "none none"]      # the one in the box is on no board



def test_a_board_with_many_conditional_steps_searches_once_a_decision(monkeypatch):
    # more steps with a condition than are asked before a search (graph.MAX_GATES): the
    # distances are not kept for the game but once per decision, whatever the places avoided
    from ruledsl.runtime.engine.graph import Graphs, MAX_GATES
    searches = []
    real = Graphs.search
    monkeypatch.setattr(Graphs, "search", lambda self, st, start, *rest, **kw:
                        searches.append(start.name) or real(self, st, start, *rest, **kw))
    count = MAX_GATES + 2
    decls = "".join(f"var o{i}: bool = true\n" for i in range(count)) + "board Ring:\n    edge road\n" + \
        "".join(f"    location L{i}\n" for i in range(count)) + \
        "".join(f"    road: L{i} - L{(i + 1) % count} when o{i}\n" for i in range(count))
    flow = """
        turn P1:
            choose l from locations(Ring) where distance(L0, l, avoid: [L2]) != none as "{l} {distance(L0, l, avoid: [L2])}":
                set o0 to false
        turn P1:
            choose l from locations(Ring) where distance(L0, l, avoid: [L2]) != none as "{l} {distance(L0, l, avoid: [L2])}":
                announce ">{l}"
    """
    state = run(decls, flow)
    assert state.prog.graphs.gates("Ring", None) is None
    assert searches == ["L0"]
    around = [f"L{i} {count - i}" for i in range(3, count)]      # the other way round: L2 avoided
    assert state.legal_labels() == ["L0 0", "L1 1"] + around
    state.apply("L1 1")         # the road from L0 to L1 closed
    assert searches == ["L0", "L0"]
    assert state.legal_labels() == ["L0 0"] + around

TILES = dedent('''
    kind Tile:
        open: list of direction
        facing: direction = N
    zone box: area of Tile:
        Tile(open: [E, W])
        Tile(open: [N, S])
    board House grid:
        legend:
            "T": Slot
        map: """
    T T
    """
        connect orthogonal(a, b, d) when d in item_at(a, Tile).open and opposite(d) in item_at(b, Tile).open
''')


def test_a_connect_condition_makes_and_unmakes_steps():
    flow = """
        let t1 = first(contents(box))
        let t2 = last(contents(box))
        move t1 to A1
        move t2 to B1
        announce ">{neighbours(A1)}|{adjacent(A1, B1)}|{edge_kind(A1, B1)}|{distance(A1, B1)}|{neighbours(A1, via: [wall])}"
        rotate t2 by 90
        announce ">{t2.open}|{neighbours(A1)}|{adjacent(B1, A1)}|{edge_kind(A1, B1)}|{distance(A1, B1)}|{path(A1, B1)}"
        rotate t1 by 90
        announce ">{t1.open}|{neighbours(B1)}|{distance(B1, A1)}"
    """
    assert said(run(TILES, flow)) == [
        "|false|none|none|",                         # a failed connect is no step at all, not a wall
        "E, W|B1|true|orthogonal|1|A1, B1",
        "S, N||none",                                # A1 now opens north and south only
    ]


GRAPH = dedent('''
    var lift_at: int = 1
    board Manor:
        edge hallway, stairs, lift
        location Kitchen is Indoors with floor: 1, spaces: 1
        location Office "The Office" is Indoors with floor: 1, spaces: 2
        location Maze "Hedge Maze" is Outdoors with floor: 0
        location Attic is Indoors with floor: 2
        hallway: Kitchen - Office - Maze
        stairs: Office - Attic
        lift: Kitchen -> Attic when lift_at == 1
''')


@pytest.mark.parametrize("expr, shown", [
    ("neighbours(Kitchen)", "The Office, Attic"),
    ("neighbours(Attic)", "The Office"),                 # the lift goes one way
    ("neighbours(Kitchen, via: [hallway])", "The Office"),
    ("distance(Kitchen, Attic)", "1"),
    ("distance(Attic, Kitchen)", "2"),
    ("edge_kind(Kitchen, Attic)", "lift"),
    ("edge_kind(Attic, Kitchen)", "none"),
    ("Office.spaces", "2"),
    ("Maze.spaces", "none"),                             # a field a location lacks
    ("Office", "The Office"),
    ("Office.name", "Office"),
    ("Kitchen is Indoors", "true"),
    ("Maze is Indoors", "false"),
    ("tagged(Outdoors)", "Hedge Maze"),
    ("nearest(Maze, [Kitchen, Attic])", "Kitchen, Attic"),
    ("count(locations(Manor))", "4"),
])
def test_graph_board_queries(expr, shown):
    assert value(expr, GRAPH) == shown


def test_views_show_boards_location_by_location():
    state = run(GRAPH + WALLED, "mark B3 as Grave\nmark Maze as Indoors")
    view = state.view(0)
    assert view["board"]["Manor"]["Office"] == {"label": "The Office", "column": None, "row": None,
                                                "tags": ["Indoors"], "contents": []}
    assert view["board"]["V"]["B3"] == {"label": "B3", "column": 2, "row": 3, "tags": ["Grave"], "contents": [],
                                        "exits": ["E", "N"]}   # a grid square lists its open sides
    assert view["board"]["Manor"]["Maze"]["tags"] == ["Indoors", "Outdoors"]
    assert set(view["board"]["V"]) == {"A1", "B1", "C1", "A2", "B2", "C2", "B3", "C3"}


def test_when_edges_follow_the_state():
    flow = """
        set lift_at to 2
        announce ">{neighbours(Kitchen)}|{distance(Kitchen, Attic)}|{path(Kitchen, Attic)}|{edge_kind(Kitchen, Attic)}"
        set lift_at to 1
        announce ">{distance(Kitchen, Attic)}"
    """
    assert said(run(GRAPH, flow)) == ["The Office|2|Kitchen, The Office, Attic|none", "1"]


def test_a_tag_may_share_its_boards_name():
    decls = '''
        board Hotel:
            edge hallway
            location Kitchen is Hotel
            location Maze is Outside
            hallway: Kitchen - Maze
    '''
    assert value("Kitchen is Hotel", decls) == "true"
    assert value("tagged(Hotel)", decls) == "Kitchen"


# ---------------------------------------------------------------- statements: values


def test_set_increase_and_decrease():
    decls = """
        var n: int = 0
        var score: int = 5, per player
        kind Card:
            value: int
        zone deck: deck of Card:
            Card(value: 1)
    """
    flow = """
        set n to 3
        increase n by 4
        decrease n by 2
        increase P2.score by 10
        decrease P1.score by 1
        set top(deck).value to 9
        increase top(deck).value by 1
        announce ">{n} {P1.score} {P2.score} {top(deck).value}"
    """
    state = run(decls, flow)
    assert said(state) == ["5 4 15 10"]
    assert state.view(0)["vars"] == {"n": 5, "score": {"P1": 4, "P2": 15}}


# ---------------------------------------------------------------- statements: moving things


def test_move_to_top_and_bottom():
    flow = """
        move top(deck) to pile
        move top(deck) to pile
        announce ">{contents(pile)}"
        move top(deck) to bottom of pile
        announce ">{contents(pile)}"
        move bottom(deck) to top of deck
        announce ">{contents(deck)}"
    """
    assert said(run(ZONES, flow)) == ["2, 1", "2, 1, 3", "5, 4"]


def test_moving_a_list_keeps_its_order():
    flow = """
        move [top(deck), bottom(deck)] to top of pile
        announce ">{contents(pile)}"
        move contents(pile) to bottom of deck
        announce ">{contents(deck)}"
    """
    assert said(run(ZONES, flow)) == ["1, 5", "2, 3, 4, 1, 5"]


def test_draw():
    flow = """
        draw from deck to P1.hand
        draw 2 from deck to P2.hand
        announce ">{contents(P1.hand)}|{contents(P2.hand)}|{contents(deck)}"
        draw from bottom of deck to top of pile
        announce ">{contents(pile)}|{contents(deck)}"
        draw 5 from deck to pile
        announce ">{contents(pile)}|{count(deck)}"
    """
    state = run(ZONES, flow)
    assert said(state) == ["1|2, 3|4, 5", "5|4", "4, 5|0"]
    assert "deck is empty" in state.events(0)    # a draw from an empty zone stops, and says so


@pytest.mark.parametrize("chance", ["seeded", "explicit"])
def test_a_draw_of_one(chance):
    # drawn where the flow reaches it (decisions.draw_single), unless chance is explicit: then a
    # draw from a bag waits for chance, as a draw of several does
    decls = ZONES + "kind Chip\nzone cup: bag of Chip:\n    3 x Chip\nzone saucer: area of Chip\n"
    flow = """
        draw from deck to P1.hand
        draw from bottom of deck to pile face down
        draw from cup to saucer
        announce ">{contents(P1.hand)}|{contents(deck)}|{count(contents(saucer))}|{count(contents(cup))}"
        draw from pile to deck
        draw from pile to deck
        announce ">{contents(deck)}|{count(contents(pile))}"
    """
    game = load(decls, dedent(flow).strip("\n") + "\nwin players")
    assert _count(game.program, "draws", "drawn in place") == 5        # each of the five
    state = game.new_game(seed=0, chance=chance)
    if chance == "explicit":
        assert state.is_chance() and len(state.legal_actions()) == 1      # 3 alike chips: one outcome
        state.apply(0)
    assert said(state) == ["1|2, 3, 4|1|2", "5, 2, 3, 4|0"]
    assert state.events(0).count("pile is empty") == 1


def test_a_draw_of_one_from_what_is_not_a_zone_is_a_rules_error():
    flow = "move first(contents(purse)) to A1\ndraw from A1 to purse"
    with pytest.raises(ruledsl.RulesError) as caught:
        run(ZONES, flow)
    assert "not a zone to draw from" in caught.value.message
    assert caught.value.line == line_of(rules_text(ZONES, flow), "draw from A1")


def test_a_move_into_a_full_zone_is_a_rules_error():
    decls = ZONES + "zone small: area of Card, capacity 2\n"
    with pytest.raises(ruledsl.RulesError) as caught:
        run(decls, "move top(deck, 3) to small")
    assert caught.value.line == line_of(rules_text(decls, "move top(deck, 3) to small"), "to small")
    assert "full" in caught.value.message


SHUFFLE = dedent("""
    kind Card:
        value: int
    zone deck: deck of Card:
        Card(value: v) for each v in 1..8
""")


def test_a_statement_tests_any_by_a_loop_that_stops_at_the_first_that_passes():
    # `if any(each …)`, `if not any(…)`, an `elif any(…)` and a define that is one (written in
    # place) are loops setting a flag (exprs.test_lines), in the flow and in a rule's body alike
    decls = SHUFFLE + dedent("""
        define above(limit) = any(each c in contents(deck) where c.value > limit)
        rule check(limit):
            if above(limit):
                announce ">rule: above {limit}"
            elif any(each c in contents(deck) where c.value == limit):
                announce ">rule: {limit} is the top"
            else:
                announce ">rule: nothing from {limit}"
    """)
    flow = """
        if any(each c in contents(deck) where c.value > 3):
            announce ">some above 3"
        if not any(each c in contents(deck) where c.value > 100):
            announce ">none above 100"
        if above(100):
            announce ">wrong"
        elif above(7):
            announce ">some above 7"
        do check(5)
        do check(8)
        do check(9)
    """
    state = run(decls, flow)
    assert said(state) == ["some above 3", "none above 100", "some above 7", "rule: above 5", "rule: 8 is the top",
                           "rule: nothing from 9"]
    # the flow's four (lines 17-23) and the rule's two (lines 10, 12)
    loops = {line for what, line in decided(state.prog, "fuse") if what == "a loop setting a flag"}
    assert loops == {10, 12, 17, 19, 21, 23}


def test_a_long_chain_of_elif_any_compiles_and_takes_the_first_that_passes():
    # each `elif any(…)` nests an `else:` (its loop runs only when the tests before it failed),
    # up to a depth; past it the tests are expressions again: sixty still compile and run
    chain = "\n".join(f"    {'if' if i == 0 else 'elif'} any(each c in contents(deck) where c.value == {i - 30}):\n"
                      f"        announce \">{i}\"" for i in range(60))
    state = run(SHUFFLE + f"rule many():\n{chain}\n    else:\n        announce \">none\"\n", "do many()")
    assert said(state) == ["31"]
    assert 0 < _count(state.prog, "fuse", "a loop setting a flag") < 60       # up to the depth allowed


def test_a_choice_among_maps_is_offered_though_its_items_cannot_be_kept_by():
    # a decision looks up what it kept for its list of items before testing that they are board
    # locations (only such lists are kept): a list of maps cannot be looked up, and is offered
    decls = 'const tables = [{"a": 1}, {"b": 2}]\n'
    flow = """
        for each p in players:
            turn p:
                choose t from tables as "take {t}":
                    announce ">took {t}"
    """
    state = run(decls, flow)
    # (the options kept per list of items: looked up first, which a list of maps cannot be)
    assert ("options remembered per list of items", 7) in decided(state.prog, "fixed")
    assert state.legal_labels() == ["take a: 1", "take b: 2"]
    state.apply(0)
    assert state.legal_labels() == ["take a: 1", "take b: 2"]
    state.apply("take b: 2")
    assert said(state) == ["took a: 1", "took b: 2"]


def test_shuffle_is_fixed_by_the_seed():
    def order(seed):
        return said(run(SHUFFLE, 'shuffle deck\nannounce ">{contents(deck)}"', seed=seed))[0]
    assert order(3) == order(3)
    orders = {order(seed) for seed in range(6)}
    assert len(orders) > 1
    assert all(sorted(o.split(", "), key=int) == [str(v) for v in range(1, 9)] for o in orders)


def test_swap_components_and_places():
    decls = ZONES
    flow = """
        let a = top(deck)
        let b = first(contents(purse))
        move b to A1
        swap a with b
        announce ">{where_is(a)} {where_is(b)} {count(deck)}"
        move top(deck) to B1
        swap A1 with B1
        announce ">{contents(A1)} {count(at(B1))} {where_is(a)}"
    """
    # b takes a's place on top of the deck; then A1's coin and B1's card trade places
    assert said(run(decls, flow)) == ["A1 deck 5", "Coin 1 B1"]


def test_rotate_turns_direction_fields():
    flow = """
        let t = first(contents(box))
        rotate t by 90
        announce ">{t.open} {t.facing}"
        rotate t by 180
        announce ">{t.open} {t.facing}"
        rotate t by 270
        announce ">{t.open} {t.facing}"
    """
    assert said(run(TILES, flow)) == ["S, N E", "N, S W", "W, E S"]


def test_rotations_kept_for_alike_faces_turn_each_tile_from_its_own():
    # rotate keeps what it made for a kind's fields (Program.rotated): a second tile with the same
    # faces, a face set by hand and a turn back must each be turned from what they hold now
    flow = """
        let t = first(contents(box))
        let u = last(contents(box))
        rotate t by 90
        rotate u by 90
        announce ">{t.open} {t.facing} {u.open} {u.facing}"
        set u.open to [E, W]
        rotate u by 90
        rotate t by 270
        announce ">{t.open} {t.facing} {u.open} {u.facing}"
    """
    assert said(run(TILES, flow)) == ["S, N E E, W E", "E, W N S, N S"]


def test_mark_and_unmark():
    flow = """
        mark B1 as Grave
        mark A1 as Haunted
        announce ">{tagged(Grave)} {A1 is Haunted} {B1 is Haunted}"
        unmark A1 as Grave
        unmark A1 as Haunted
        announce ">{tagged(Grave)} {A1 is Haunted} {count(tagged(Haunted))}"
    """
    state = run(WALLED, flow)
    assert said(state) == ["A1, B1, C1 true false", "B1, C1 false 0"]
    assert state.view(0)["board"]["V"]["B1"]["tags"] == ["Grave"]


# ---------------------------------------------------------------- statements: seeing

SEEING = dedent("""
    kind Card:
        value: int
        back: text = "blue", visible to all
        secret: int = 7, visible to nobody
    zone deck: deck of Card:
        Card(value: v) for each v in 1..4
    zone hand: hand of Card, per player
    zone table: area of Card
""") + PAUSE


def test_reveal_hide_and_show():
    flow = """
        draw 2 from deck to P1.hand
        do pause()
        reveal first(contents(P1.hand))
        do pause()
        hide first(contents(P1.hand))
        show top(deck) to [P2]
        do pause()
        move top(deck) to P1.hand
        do pause()
    """
    state = run(SEEING, flow)
    p1, p2 = state.view(0), state.view(1)
    assert seen_ids(p1, "P1.hand") == [0, 1]              # a hand shows its owner
    assert seen_ids(p2, "P1.hand") == [None, None]
    assert [fields_of(e) for e in p2["zones"]["P1.hand"]] == [{"back": "blue"}] * 2   # only the back
    assert all("secret" not in fields_of(e) for e in p1["zones"]["P1.hand"])
    state.apply("go")
    assert seen_ids(state.view(1), "P1.hand") == [0, None]  # revealed: face up for all
    assert state.view(None)["zones"]["P1.hand"][0].get("id") == 0
    state.apply("go")
    assert seen_ids(state.view(1), "P1.hand") == [None, None]
    assert seen_ids(state.view(1), "deck") == [2, None]     # shown to P2 alone
    assert seen_ids(state.view(0), "deck") == [None, None]
    assert "a Card is shown to P2" in state.events(0)
    state.apply("go")
    assert seen_ids(state.view(1), "P1.hand") == [None, None, None]   # moved into a zone that hides it


def test_owner_fields_follow_the_owner_and_a_move_keeps_the_owner():
    decls = dedent("""
        kind Card:
            value: int
            mark: int = 5, visible to owner
            back: int = 1, visible to all
        zone hand: hand of Card, per player:
            Card(value: 7)
    """) + PAUSE
    flow = """
        let c = first(contents(P1.hand))
        move c to P2.hand
        announce ">{c.owner}"
        do pause()
        set c.owner to P2
        announce ">{c.owner}"
        do pause()
    """
    state = run(decls, flow)
    assert said(state) == ["P1"]
    # A hand has no order: P1 sees its moved card among P2's hidden ones, told apart by its owner.
    mine = [(e.get("owner"), "id" in e, fields_of(e)) for e in state.view(0)["zones"]["P2.hand"]]
    assert sorted(mine) == [("P1", False, {"mark": 5, "back": 1}), ("P2", False, {"back": 1})]
    theirs = state.view(1)["zones"]["P2.hand"][-1]
    assert (theirs.get("owner"), "id" in theirs, fields_of(theirs)) == ("P1", True, {"value": 7, "back": 1})
    state.apply("go")
    assert said(state) == ["P1", "P2"]
    assert [fields_of(e) for e in state.view(0)["zones"]["P2.hand"]] == [{"back": 1}] * 2
    assert fields_of(state.view(1)["zones"]["P2.hand"][-1]) == {"value": 7, "mark": 5, "back": 1}


def test_announce_to():
    state = run("", 'announce ">all"\nannounce ">p2 only" to [P2]\nannounce ">p1 and p3" to [P1, P3]', players="3")
    assert said(state, 0) == ["all", "p1 and p3"]
    assert said(state, 1) == ["all", "p2 only"]
    assert said(state, 2) == ["all", "p1 and p3"]
    assert said(state, None) == ["all"]
    assert state.view(1)["log"] == state.events(1)


ZONE_MODIFIERS = dedent("""
    kind Card:
        value: int
    zone deck: deck of Card:
        Card(value: v) for each v in 1..6
    zone open_hand: hand of Card, per player, visible to all
    zone secret_pile: pile of Card, visible to nobody, face down
    zone mine: row of Card, per player, visible to owner
    zone up_deck: deck of Card, face up
""") + PAUSE
ZONE_MODIFIERS_FLOW = """
    draw from deck to P1.open_hand
    draw from deck to secret_pile
    draw from deck to P1.mine
    draw from deck to up_deck
    do pause()
"""


def test_zone_modifiers_say_who_sees_faces():
    state = run(ZONE_MODIFIERS, ZONE_MODIFIERS_FLOW)
    zones = ["P1.open_hand", "secret_pile", "P1.mine", "up_deck"]
    assert [seen_ids(state.view(0), z) for z in zones] == [[0], [None], [2], [3]]
    assert [seen_ids(state.view(1), z) for z in zones] == [[0], [None], [None], [3]]
    assert "a Card moves from deck to P1's mine" in state.events(1)
    assert "3 moves from deck to P1's mine" in state.events(0)


def test_what_every_seat_sees_is_public():
    state = run(ZONE_MODIFIERS, ZONE_MODIFIERS_FLOW)
    assert "1 moves from deck to P1's open hand" in state.events(None)
    assert seen_ids(state.view(None), "P1.open_hand") == [0]


def test_a_private_variable_is_in_its_owners_view_only():
    decls = """
        var role: int = 1, per player, visible to owner
        var plan: int = 2, visible to nobody
        var open: int = 3
    """
    state = run(decls, "set P2.role to 5")
    assert state.view(0)["vars"] == {"role": {"P1": 1}, "open": 3}
    assert state.view(1)["vars"] == {"role": {"P2": 5}, "open": 3}
    assert state.view(None)["vars"] == {"open": 3}
    assert not any("role" in e for e in state.all_events())   # setting a variable logs nothing


# ---------------------------------------------------------------- statements: control


def test_for_each_runs_over_a_snapshot():
    flow = """
        for each c in contents(deck):
            move c to pile
        announce ">{count(deck)} {contents(pile)}"
    """
    assert said(run(ZONES, flow)) == ["0 5, 4, 3, 2, 1"]


def test_loops_that_stop_for_decisions_keep_their_snapshot_and_count():
    flow = """
        for each c in contents(deck):
            choose x from ["go"] by P1:
                move c to pile
                if count(deck) > 0:
                    move bottom(deck) to P1.hand
        announce ">{count(deck)} {contents(pile)} {count(contents(P1.hand))}"
        repeat n times:
            increase n by 1
        announce ">{n}"
        repeat n times:
            choose x from ["go"] by P1:
                increase n by 1
        announce ">{n}"
    """
    state = run(ZONES + "var n: int = 2\n", flow)
    decisions = 0
    while not state.is_terminal():
        state.apply("go")
        decisions += 1
    assert decisions == 5 + 4                      # every card of the snapshot; the count read once
    assert said(state) == ["0 5, 4, 3, 2, 1 0", "4", "8"]


def test_loops():
    decls = "var n: int = 0"
    flow = """
        repeat 3 times:
            increase n by 1
        announce ">{n}"
        repeat until n >= 20:
            increase n by 7
        announce ">{n}"
        while n > 10:
            decrease n by 4
        announce ">{n}"
        repeat:
            increase n by 1
            if n % 5 == 0:
                stop
        announce ">{n}"
        for each x in [1, 2, 3, 4]:
            if x == 3:
                stop
            announce ">x{x}"
        repeat 0 times:
            announce ">never"
        while false:
            announce ">never"
    """
    assert said(run(decls, flow)) == ["3", "24", "8", "10", "x1", "x2"]


def test_stop_leaves_only_the_innermost_loop():
    flow = """
        for each x in [1, 2]:
            repeat:
                stop
            announce ">{x}"
    """
    assert said(run("", flow)) == ["1", "2"]


def test_match():
    flow = """
        for each n in [1, 7, 14, 99]:
            match n:
                case 1, 7:
                    announce ">{n}: one or seven"
                case 14:
                    announce ">{n}: fourteen"
                else:
                    announce ">{n}: other"
        match Blue:
            case Red:
                announce ">red"
    """
    assert said(run("enum Colour: Red, Blue", flow)) == ["1: one or seven", "7: one or seven", "14: fourteen", "99: other"]


def test_match_whose_cases_make_decisions():
    # cases that stop for a decision are laid out as blocks: the first case that matches is taken
    # (1 matches two), a case of several values, else, and each case's body then goes on
    flow = """
        for each n in [1, 7, 14, 99]:
            match n:
                case 1, 7:
                    choose x from [n, n + 1] by P1 as "one or seven: {x}":
                        announce ">{n}: one or seven, took {x}"
                case 1, 14:
                    choose x from [n] by P2 as "fourteen: {x}":
                        announce ">{n}: fourteen"
                else:
                    choose x from [n] by P1 as "other: {x}":
                        announce ">{n}: other"
            announce ">after {n}"
    """
    state = run("", flow)
    assert state.legal_labels() == ["one or seven: 1", "one or seven: 2"]
    state.apply("one or seven: 2")
    assert state.legal_labels() == ["one or seven: 7", "one or seven: 8"]
    state.apply(0)
    assert state.legal_labels() == ["fourteen: 14"] and state.current_player == 1
    state.apply(0)
    assert state.legal_labels() == ["other: 99"]
    state.apply(0)
    assert said(state) == ["1: one or seven, took 2", "after 1", "7: one or seven, took 7", "after 7",
                           "14: fourteen", "after 14", "99: other", "after 99"]


def test_rules_and_return():
    decls = """
        var calls: int = 0
        rule size(x):
            increase calls by 1
            if x > 2:
                announce ">big {x}"
                return
            announce ">small {x}"
        rule each_size(xs):
            for each x in xs:
                do size(x)
                if x == 5:
                    return
            announce ">not reached"
    """
    state = run(decls, "do size(1)\ndo size(5)\ndo each_size([2, 5, 9])\nannounce \">{calls}\"")
    assert said(state) == ["small 1", "big 5", "small 2", "big 5", "4"]


def test_return_leaves_a_rule_that_makes_decisions():
    decls = """
        rule pick():
            for each n in [1, 2, 3]:
                choose x from ["go", "quit"] by P1:
                    if x == "quit":
                        return
                    announce ">{n}"
            announce ">all done"
    """
    state = run(decls, 'do pick()\nannounce ">after"')
    state.apply("go").apply("quit")
    assert said(state) == ["1", "after"]
    assert state.is_terminal()


def test_turns_phases_current_player_and_round_number():
    flow = """
        announce ">{round_number} {current_player}"
        repeat 2 times:
            phase "Round {round_number + 1}":
                for each p in players:
                    turn p:
                        choose x from ["go"]:
                            announce ">{current_player} {round_number}"
        announce ">{current_player} {round_number}"
        for each p in [P2]:
            turn p:
                announce ">{round_number}"
    """
    state = run("", flow)
    view = state.view(0)
    assert (view["turn"], view["round"], view["phase"], view["to_act"]) == ("P1", 1, ["Round 1"], "P1")
    state.apply("go")
    view = state.view(0)
    assert (view["turn"], view["round"], view["phase"], view["to_act"]) == ("P2", 1, ["Round 1"], "P2")
    assert state.view(1)["actions"] == ["go"] and view["actions"] is None
    state.apply("go").apply("go")
    assert state.view(0)["phase"] == ["Round 2"] and state.view(0)["round"] == 2
    state.apply("go")
    assert said(state) == ["0 none", "P1 1", "P2 1", "P1 2", "P2 2", "none 2", "2"]
    assert "Round 2" in state.events(0)


def test_stop_and_return_across_decisions_leave_phases_and_turns():
    decls = """
        rule inner(p):
            phase "Inner":
                turn p:
                    choose x from ["a", "b"]:
                        if x == "b":
                            return
                        announce ">inner {x}"
            announce ">inner end"
    """
    flow = """
        repeat 3 times:
            phase "Outer":
                turn P2:
                    choose y from ["go", "stop"]:
                        if y == "stop":
                            stop
                    do inner(P1)
                    announce ">after inner: {current_player}"
        announce ">out: {current_player}"
        choose z from ["last"] by P1:
            pass
    """
    state = run(decls, flow)

    def where():
        view = state.view(0)
        return state.current_player, view["phase"], view["turn"]
    assert where() == (1, ["Outer"], "P2")
    state.apply("go")
    assert where() == (0, ["Outer", "Inner"], "P1")
    state.apply("b")                                     # return from inside the rule's phase and turn
    assert where() == (1, ["Outer"], "P2")
    state.apply("go").apply("a")
    assert where() == (1, ["Outer"], "P2")
    state.apply("stop")                                  # stop from inside the loop's phase and turn
    assert where() == (0, [], None)
    assert said(state) == ["after inner: P2", "inner a", "inner end", "after inner: P2", "out: none"]


# ---------------------------------------------------------------- decisions

TOKENS = dedent("""
    kind Token:
        colour: text
    zone pool: area of Token:
        2 x Token(colour: "red")
        Token(colour: "blue")
    zone mine: hand of Token, per player
""")


def test_choose_with_where_by_and_a_label():
    flow = """
        choose n from 1..6 where n % 2 == 0 by P2 as "take {n}":
            announce ">{n}"
    """
    state = run("", flow)
    assert state.current_player == 1
    assert state.legal_labels() == ["take 2", "take 4", "take 6"]
    [action] = [a for a in state.legal_actions() if a.label == "take 4"]
    assert (action.index, action.seat) == (1, 1)
    state.apply(action)
    assert said(state) == ["4"]
    assert "P2: take 4" in state.events(0)


def test_the_turns_player_chooses_by_default():
    state = run("", 'turn P2:\n    choose x from [1, 2]:\n        pass')
    assert state.current_player == 1


def test_a_single_option_is_still_a_decision():
    state = run("", 'choose x from ["only"] by P1:\n    announce ">{x}"')
    assert state.legal_labels() == ["only"] and said(state) == []
    state.apply("only")
    assert said(state) == ["only"]


def test_options_with_equal_labels_are_one_and_the_first_is_taken():
    flow = """
        choose t from contents(pool) by P1 as "take {t.colour}":
            move t to P1.mine
            announce ">{t.id}"
    """
    state = run(TOKENS, flow)
    assert state.legal_labels() == ["take red", "take blue"]
    state.apply("take red")
    assert said(state) == ["0"]


@pytest.mark.parametrize("choose, labels, pick, shown", [
    ("choose 2 pair from 1..4 where pair[0] + pair[1] == 5", ["1, 4", "2, 3"], "2, 3", "2, 3"),
    ("choose 1..2 xs from [1, 2, 3]", ["1", "2", "3", "1, 2", "1, 3", "2, 3"], "1, 3", "1, 3"),
    ("choose 2 ordered xs from [1, 2, 3]", ["1, 2", "1, 3", "2, 1", "2, 3", "3, 1", "3, 2"], "3, 1", "3, 1"),
    ("choose (ceil(count([1, 2, 3]) / 2)) xs from [\"a\", \"b\", \"c\"]", ["a, b", "a, c", "b, c"], "b, c", "b, c"),
    ("choose 4 xs from [1, 2, 3]", [], None, "nothing"),
])
def test_choosing_several(choose, labels, pick, shown):
    var = choose.split(" from")[0].split()[-1]
    flow = f"""
        {choose} by P1:
            announce ">{{{var}}}"
        else:
            announce ">nothing"
    """
    state = run("", flow)
    assert state.legal_labels() == labels
    if pick is not None:
        state.apply(pick)
    assert said(state) == [shown]


def test_else_runs_when_there_is_nothing_to_choose():
    flow = """
        choose x from [each y in 1..3 where y > 5] by P1:
            announce ">never"
        else:
            announce ">nothing"
        choose x from [] by P2:
            announce ">never"
    """
    state = run("", flow)
    assert state.is_terminal()
    assert said(state) == ["nothing"]
    assert "P2 has nothing to choose" in state.events(0)


def test_menus():
    flow = """
        choose by P2:
            option "go {sq}" for each sq in [1, 2, 3] if sq != 2:
                announce ">went {sq}"
            option "rest" if false:
                announce ">rested"
            option "wait":
                announce ">waited"
            option "go {n}" for each n in [3, 4]:
                announce ">second go {n}"
        choose by P1:
            option "a" if false:
                pass
        else:
            announce ">empty menu"
    """
    state = run("", flow)
    assert state.current_player == 1
    assert state.legal_labels() == ["go 1", "go 3", "wait", "go 4"]
    state.apply("go 3")
    assert said(state) == ["went 3", "empty menu"]
    again = run("", flow)
    again.apply("go 4")
    assert said(again) == ["second go 4", "empty menu"]


def test_a_secret_choice_shows_others_only_that_a_choice_was_made():
    flow = """
        choose v from [5, 6] by P1 secretly as "pick {v}":
            announce ">picked {v}" to [P1]
        choose by P2 secretly:
            option "hide":
                pass
            option "seek":
                pass
    """
    state = run("", flow)
    state.apply("pick 6")
    assert state.view(1)["actions"] == ["hide", "seek"] and state.view(0)["actions"] is None
    state.apply("seek")
    assert "P1: pick 6" in state.events(0)
    assert "P1 makes a secret choice" in state.events(1)
    assert not any("pick" in e for e in state.events(1) + state.events(None))
    assert "P2: seek" in state.events(1)
    assert not any("seek" in e for e in state.events(0))
    assert said(state, 0) == ["picked 6"] and said(state, 1) == []


def test_a_decision_outside_a_turn_without_by_is_a_rules_error():
    with pytest.raises(ruledsl.RulesError) as caught:
        run("", "choose x from [1, 2]:\n    pass")
    assert caught.value.line == line_of(rules_text("", "choose x from [1, 2]:"), "choose")


# ---------------------------------------------------------------- chance

CHANCE = dedent("""
    die White: ["blank", "blank", "knife", "axe", "bat", "blank"]
    kind Ball:
        colour: text
    zone bag: bag of Ball:
        3 x Ball(colour: "red")
        Ball(colour: "green")
    zone out: area of Ball
    kind Card:
        value: int
    zone deck: deck of Card:
        Card(value: v) for each v in 1..3
""")
CHANCE_FLOW = """
    let r = roll(White)
    announce ">rolled {r}"
    let x = random([1, 1, 2])
    announce ">random {x}"
    draw 2 from bag to out
    announce ">{contents(out)}"
    shuffle deck
    draw from deck to out
    announce ">{contents(out)}"
"""


def test_seeded_chance_is_fixed_by_the_seed():
    results = [said(run(CHANCE, CHANCE_FLOW, seed=seed)) for seed in range(8)]
    assert results == [said(run(CHANCE, CHANCE_FLOW, seed=seed)) for seed in range(8)]
    assert len({tuple(r) for r in results}) > 1
    state = run(CHANCE, CHANCE_FLOW, seed=3)
    assert not state.is_chance() and state.chance_outcomes() == []


def _outcomes(state) -> tuple:
    """A chance event's labels and probabilities, in order, as two lists (approx compares flat lists)."""
    pairs = state.chance_outcomes()
    return [a.label for a, _ in pairs], [p for _, p in pairs]


def test_explicit_chance_outcomes_and_probabilities():
    state = run(CHANCE, CHANCE_FLOW, chance="explicit")
    assert state.is_chance() and state.current_player == ruledsl.CHANCE
    outcomes = [(a.label, p) for a, p in state.chance_outcomes()]
    assert [label for label, _ in outcomes] == ["blank", "knife", "axe", "bat"]   # equal faces are one outcome
    assert [p for _, p in outcomes] == pytest.approx([1 / 2, 1 / 6, 1 / 6, 1 / 6])
    assert state.legal_labels() == ["blank", "knife", "axe", "bat"]
    assert all(a.seat == ruledsl.CHANCE for a in state.legal_actions())
    assert state.view(0)["chance"] is True and state.view(0)["to_act"] is None and state.view(0)["actions"] is None

    state.apply("knife")                         # forcing the roll
    assert _outcomes(state) == (["1", "2"], pytest.approx([2 / 3, 1 / 3]))
    state.apply("2")
    assert _outcomes(state) == (["red", "green"], pytest.approx([3 / 4, 1 / 4]))
    state.apply("red")
    assert _outcomes(state) == (["red", "green"], pytest.approx([2 / 3, 1 / 3]))
    state.apply("green")
    outcomes = state.chance_outcomes()              # a shuffled deck is drawn card by card
    assert [a.label for a, _ in outcomes] == ["1", "2", "3"] and [p for _, p in outcomes] == pytest.approx([1 / 3] * 3)
    state.apply("3")
    assert state.is_terminal()
    assert said(state) == ["rolled knife", "random 2", "red, green", "red, green, 3"]
    assert state.actions_taken == ["knife", "2", "red", "green", "3"]
    assert ruledsl.replay(state.game, state.record()).fingerprint() == state.fingerprint()


def test_explicit_chance_probabilities_sum_to_one():
    state = run(CHANCE, CHANCE_FLOW, chance="explicit")
    while not state.is_terminal():
        assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1.0)
        state.apply(state.legal_actions()[-1])


def reachable_ends(state) -> set:
    """The announcements of every end the explicit chance outcomes can lead to."""
    if not state.is_chance():
        return {tuple(said(state))}
    return set().union(*(reachable_ends(state.clone().apply(a)) for a, _ in state.chance_outcomes()))


TWINS = dedent("""
    kind Card:
        value: int
        range: text, visible to all
    zone deck: deck of Card:
        Card(value: 3, range: "1-3")
        Card(value: 3, range: "3-5")
    zone out: area of Card
""")


@pytest.mark.parametrize("flow", [
    'shuffle deck\ndraw from deck to out\nannounce ">{first(contents(out)).range}"',
    'let c = random(contents(deck))\nannounce ">{c.range}"',
])
def test_explicit_chance_can_reach_every_component(flow):
    seeded = {tuple(said(run(TWINS, flow, seed=seed))) for seed in range(12)}
    assert seeded == {("1-3",), ("3-5",)}
    assert reachable_ends(run(TWINS, flow, chance="explicit")) == seeded


def test_reading_a_shuffled_decks_order_settles_it_under_explicit_chance():
    flow = 'shuffle deck\nlet t = top(deck)\ndraw from deck to out\nannounce ">{t} {contents(out)}"'
    state = run(SHUFFLE + "zone out: area of Card\n", flow, chance="explicit")
    assert state.is_terminal()                               # settled from the seed: no chance decision
    [text] = said(state)
    first, drawn = text.split()
    assert first == drawn


def test_counting_a_shuffled_deck_does_not_settle_its_order():
    flow = 'shuffle deck\nlet k = count(deck)\ndraw min(2, k) from deck to out\nannounce ">{k}"'
    state = run(SHUFFLE + "zone out: area of Card\n", flow, chance="explicit")
    assert state.is_chance() and len(state.chance_outcomes()) == 8


def test_a_draw_from_a_bag_of_one_is_not_a_chance_event():
    decls = """
        kind Ball:
            colour: text
        zone bag: bag of Ball:
            Ball(colour: "red")
        zone out: area of Ball
    """
    state = run(decls, 'draw from bag to out\nannounce ">{contents(out)}"', chance="explicit")
    assert state.is_terminal() and said(state) == ["red"]


# ---------------------------------------------------------------- triggers

TRIGGERS = dedent("""
    kind Ghost
    zone crypt: area of Ghost:
        2 x Ghost
    zone limbo: area of Ghost
    var entries: int = 0
    var actions: int = 0
    board Town grid:
        legend:
            "g": Grave
        map: \"\"\"
    g . .
    \"\"\"
    whenever x enters sq where sq is Grave:
        announce ">restless at {sq}"
    whenever x enters sq:
        increase entries by 1
    whenever x leaves sq:
        announce ">left {sq}"
    after each action:
        increase actions by 1
""")


def test_enter_and_leave_triggers():
    flow = """
        let g = first(contents(crypt))
        move g to A1
        move g to B1
        move g to limbo
        move g to A1
        move g to A1
        move last(contents(crypt)) to limbo
        announce ">{entries} {actions}"
    """
    state = run(TRIGGERS, flow)
    assert said(state) == ["restless at A1", "left A1", "left B1", "restless at A1", "3 0"]


def test_a_trigger_that_begins_with_a_kind_test_fires_for_that_kind_alone():
    decls = TRIGGERS.replace("kind Ghost\n", "kind Ghost\nkind Bat\nzone roost: area of Bat:\n    Bat\n") + dedent("""
        whenever x enters sq where x is Bat and sq is Grave:
            announce ">a bat at {sq}"
        whenever x leaves sq where sq != A1 and x is Bat:
            announce ">a bat leaves {sq}"
    """)
    flow = """
        let g = first(contents(crypt))
        let b = first(contents(roost))
        move g to A1
        move b to A1
        move b to B1
        move g to B1
        move b to limbo
        announce ">{entries}"
    """
    state = run(decls, flow)
    assert said(state) == ["restless at A1", "restless at A1", "a bat at A1", "left A1", "left A1",
                           "left B1", "a bat leaves B1", "4"]
    prog = state.prog
    ghost, bat = prog.kinds["Ghost"], prog.kinds["Bat"]
    # the Ghost's moves fire the triggers that may pass for a Ghost, not the first Bat one
    assert [len(t) for t in prog.watched[ghost]] == [2, 2] and [len(t) for t in prog.watched[bat]] == [2, 3]


def test_a_quiet_block_of_one_move_is_quiet_in_the_triggers_it_fires_too():
    # `quietly:` holding one move of one component says so to effects.move itself: what the
    # move tells, and what the triggers it fires move, stays untold, as in any quiet block
    decls = dedent("""
        kind Ghost
        zone crypt: area of Ghost:
            3 x Ghost
        zone limbo: area of Ghost
        board Town grid:
            map: \"\"\"
        . .
        \"\"\"
        whenever x enters sq where x is Ghost and count(contents(crypt)) > 0:
            move last(contents(crypt)) to limbo
            announce ">{sq} calls one"
    """)
    flow = """
        let g = first(contents(crypt))
        quietly:
            move g to A1 face down
        announce ">{count(contents(limbo))}"
        quietly:
            move g to B1 face down
            let h = 0
        move g to A1 face down
        move [g] to limbo
    """
    game = load(decls, dedent(flow).strip("\n") + "\nwin players")
    moves = sorted((line, what) for what, line in decided(game.program, "typed") if "move" in what)
    assert moves == [(12, "move of one component"), (17, "quiet move of one component"),        # the first
                     (20, "move of one component"), (22, "move of one component")]             # block alone
    events = game.new_game(seed=0).events(None)
    assert [e for e in events if e.startswith(">")] == [">A1 calls one", ">1", ">B1 calls one"]
    # the moves told: only those outside the quiet blocks (and the trigger's, the crypt empty, none)
    assert [e for e in events if " move" in e] == ["a Ghost moves from B1 to A1", "Ghost moves from A1 to limbo"]


def test_a_quiet_block_of_one_move_of_nothing_says_what_is_wrong_where():
    # the move of what turned out not to be a component goes the way of a list (effects.made_quietly)
    decls = "kind Ghost\nzone crypt: area of Ghost:\n    Ghost\nzone limbo: area of Ghost\n"
    flow = "quietly:\n    move first(contents(limbo)) to crypt"
    with pytest.raises(ruledsl.RulesError) as caught:
        run(decls, flow)
    assert "only components can be moved, not none" in caught.value.message
    assert caught.value.line == line_of(rules_text(decls, flow), "move first")


def test_after_each_action_runs_after_player_decisions_only():
    flow = """
        repeat 2 times:
            choose x from [1, 2] by P1:
                announce ">chose {x}: {actions}"
            move first(contents(crypt)) to C1
            announce ">flow: {actions}"
        announce ">{actions}"
    """
    state = run(TRIGGERS, flow)
    state.apply("1")
    assert said(state) == ["chose 1: 0", "flow: 1"]
    state.apply("2")
    assert said(state)[-3:] == ["chose 2: 1", "flow: 2", "2"]


def test_after_each_action_is_not_run_for_chance_or_for_an_empty_choice():
    decls = TRIGGERS + "die d6: 1..6\n"
    flow = """
        let r = roll(d6)
        choose x from [] by P1:
            pass
        else:
            announce ">else {actions}"
        choose x from ["go"] by P1:
            pass
        announce ">{r} {actions}"
    """
    state = run(decls, flow, chance="explicit")
    assert state.is_chance()
    state.apply("3")
    assert said(state) == ["else 0"]
    state.apply("go")
    assert said(state) == ["else 0", "3 1"]


def test_a_swap_of_places_fires_enter_and_leave_triggers():
    flow = """
        move first(contents(crypt)) to A1
        move last(contents(crypt)) to B1
        swap A1 with B1
        announce ">{entries}"
    """
    state = run(TRIGGERS, flow)
    assert said(state) == ["restless at A1", "left A1", "left B1", "restless at A1", "4"]


def test_after_each_action_can_end_the_game():
    decls = """
        var count: int = 0
        after each action:
            increase count by 1
            if count >= 3:
                win [P2]
    """
    state = load(decls, 'repeat:\n    choose x from [1] by P1:\n        pass').new_game()
    state.apply("1").apply("1")
    assert not state.is_terminal()
    state.apply("1")
    assert state.returns() == [0.0, 1.0]


# ---------------------------------------------------------------- endings


@pytest.mark.parametrize("ending, returns", [
    ("win [P3]", [0.0, 0.0, 1.0, 0.0]),
    ("win P2", [0.0, 1.0, 0.0, 0.0]),
    ("win [P1, P4]", [1.0, 0.0, 0.0, 1.0]),
    ("win players", [1.0, 1.0, 1.0, 1.0]),
    ("win []", [0.0, 0.0, 0.0, 0.0]),
    ("end game ranking each p in players by pts[p.seat - 1]", [1 / 3, 5 / 6, 5 / 6, 0.0]),
    ("end game ranking each p in players by pts[p.seat - 1], tb[p.seat - 1]", [1 / 3, 1.0, 2 / 3, 0.0]),
    ("end game ranking each p in players by -pts[p.seat - 1]", [2 / 3, 1 / 6, 1 / 6, 1.0]),
    ("end game ranking each p in players by 0", [0.5, 0.5, 0.5, 0.5]),
])
def test_endings(ending, returns):
    state = load("const pts = [3, 5, 5, 1]\nconst tb = [0, 1, 0, 0]", ending, players="4").new_game()
    assert state.is_terminal() and state.current_player is None
    assert state.legal_actions() == [] and state.legal_labels() == []
    assert state.returns() == pytest.approx(returns)
    assert state.view(2)["returns"] == pytest.approx(returns) and state.view(2)["terminal"] is True


def test_no_returns_before_the_end():
    state = load("", 'choose x from [1] by P1:\n    win [P1]').new_game()
    assert state.returns() == [] and not state.is_terminal()
    state.apply(0)
    assert state.returns() == [1.0, 0.0]


def test_a_draw_by_ranking_returns_exactly_a_half_for_two():
    state = load("", "end game").new_game()
    assert state.returns() == [0.5, 0.5]


def test_a_draw_returns_exactly_a_half_for_everyone():
    state = load("", "end game", players="4").new_game()
    assert state.returns() == [0.5, 0.5, 0.5, 0.5]


# ---------------------------------------------------------------- failures


def test_a_runaway_loop_is_a_rules_error_at_its_line():
    text = 'game "t"\nplayers 2\nvar n: int = 0\nflow:\n    while n >= 0:\n        increase n by 1\n    win players\n'
    game = ruledsl.load("t.rules", text=text)
    with pytest.raises(ruledsl.RulesError) as caught:
        game.new_game()
    assert (caught.value.path, caught.value.line) == ("t.rules", 5)
    assert "never finishes" in caught.value.diagnostic.hint or "steps" in caught.value.message


def test_a_runaway_loop_through_the_run_loop_is_caught_by_its_turns():
    # a loop that could stop for a decision (its blocks go back to the run loop) but never does,
    # spending nothing else of the step budget: the run loop's own turns are counted
    text = ('game "t"\nplayers 2\nvar n: int = 0\nflow:\n    repeat until n > 5:\n        if n > 5:\n'
            '            choose x from [1, 2] by P1:\n                pass\n    win players\n')
    game = ruledsl.load("t.rules", text=text)
    with pytest.raises(ruledsl.RulesError) as caught:
        game.new_game()
    assert caught.value.line == 4 and "ran 2,000,000 steps without reaching a decision or an end" in str(caught.value)
    assert "never finishes" in caught.value.diagnostic.hint


GRID8 = 'board B grid:\n    map: """\n' + "\n".join(". " * 8 for _ in range(8)) + '\n    """\n'
SPENDING = {
    "a menu's options": "choose by P1:\n            option \"{sq}\" for each sq in locations(B) if n < 0:\n                pass",
    "a choice's items": "choose sq from locations(B) where n < 0 by P1:\n            pass",
    "a loop statement": "for each sq in locations(B):\n            increase n by 0",
    "a loop over a list just made": "for each sq in [each s in locations(B) where s.row > 0]:\n            increase n by 0",
    # the items of a fixed list a comprehension goes through, spent by the turn that runs it
    "a comprehension in a loop statement's turn": "set n to count([each s in locations(B) where s.row < 0])",
    "a comprehension in a turn of a loop that may wait for a decision": (
        "set n to count([each s in locations(B) where s.row < 0])\n        if n > 0:\n"
        "            choose x from [1, 2] by P1:\n                pass"),
    "a comprehension in a decision's condition": (
        "choose x from [1, 2] where any(each s in locations(B) where s.row == -x) by P1:\n            pass"),
}


@pytest.mark.parametrize("body", SPENDING.values(), ids=SPENDING.keys())
def test_the_items_a_statement_goes_through_are_spent_from_the_step_budget(body):
    """However little else a loop's turn spends (a decision that offers nothing, over a list fixed
    when the game is compiled, every fast path on), it spends the items it and its expressions
    go through: a runaway made of such turns is told in seconds, not minutes."""
    text = (f'game "t"\nplayers 2\nvar n: int = 0\n{GRID8}flow:\n    repeat 10 times:\n        {body}\n'
            '    turn P1:\n        choose x from [1, 2]:\n            win players\n')
    state = ruledsl.load("t.rules", text=text).new_game()
    assert state.legal_labels() == ["1", "2"]
    assert state.steps >= 10 * 64


def test_a_place_in_generated_code_without_a_line_is_passed_over():
    """An exception raised between lines (by a signal's handler) has a traceback entry whose line
    is None: locating it names the next place out, and never fails itself."""
    program = ruledsl.load(str(GAMES / "examples" / "tic_tac_toe.rules")).program
    filename, (name, spans, _) = next(iter(program.code_map.pieces().items()))

    class Entry:
        def __init__(self, line, next_entry=None):
            self.tb_frame = type("Frame", (), {"f_code": type("Code", (), {"co_filename": filename})})
            self.tb_lineno, self.tb_next = line, next_entry
    assert program.code_map.locate(Entry(1, Entry(None))) == (spans[0], name)
    assert program.code_map.calls(Entry(None, Entry(1))) == [(spans[0], name)]
    assert program.code_map.locate(Entry(None)) == (None, None)


def test_a_runaway_loop_in_a_decision_is_a_rules_error_and_the_state_is_spent():
    text = ('game "t"\nplayers 2\nvar n: int = 0\nflow:\n    turn P1:\n        choose x from [1, 2]:\n'
            '            repeat until n < 0:\n                increase n by 1\n    win players\n')
    state = ruledsl.load("t.rules", text=text).new_game()
    before = state.clone()
    with pytest.raises(ruledsl.RulesError) as caught:
        state.apply("1")
    assert caught.value.line == 7
    assert state.current_player is None and not state.is_terminal()
    with pytest.raises((ruledsl.IllegalAction, ruledsl.RulesError)):   # a spent state goes no further
        state.apply("1")
    assert before.legal_labels() == ["1", "2"]             # a clone from before is sound
    with pytest.raises(ruledsl.RulesError) as again:
        ruledsl.replay(state.game, state.record())
    assert again.value.line == 7


def test_a_flow_that_runs_off_its_end_is_a_rules_error_in_the_file():
    text = 'game "t"\nplayers 2\nvar n: int = 0\nflow:\n    if n > 0:\n        win players\n    announce "done"\n'
    game = ruledsl.load("t.rules", text=text)        # the checker cannot know that n stays 0
    with pytest.raises(ruledsl.RulesError) as caught:
        game.new_game()
    assert "end" in caught.value.message
    assert caught.value.path == "t.rules" and caught.value.line in (4, 7)   # `flow:` or its last statement


def test_reading_a_field_of_none_is_a_rules_error_at_its_line():
    text = ('game "t"\nplayers 2\nkind Card:\n    value: int\nzone deck: deck of Card\nflow:\n'
            '    let c = top(deck)\n    announce "{c.value}"\n    win players\n')
    with pytest.raises(ruledsl.RulesError) as caught:
        ruledsl.load("t.rules", text=text).new_game()
    err = caught.value
    assert (err.path, err.line, err.column) == ("t.rules", 8, 16)
    assert "none" in err.message and "value" in err.message


def test_division_by_zero_in_play_points_at_its_line():
    text = ('game "t"\nplayers 2\nvar n: int = 0\nflow:\n    choose k from [0, 1] by P1 as "divide by {k}":\n'
            '        set n to 10 / k\n    win players\n')
    state = ruledsl.load("t.rules", text=text).new_game()
    with pytest.raises(ruledsl.RulesError) as caught:
        state.apply("divide by 0")
    assert (caught.value.line, caught.value.message) == (6, "division by zero")


def test_an_illegal_action_changes_nothing():
    state = run("", 'choose n from 1..3 by P1 as "take {n}":\n    announce ">{n}"')
    before = state.fingerprint()
    for bad in ["take 4", "Take 1", "", 3, -1]:
        with pytest.raises(ruledsl.IllegalAction):
            state.apply(bad)
    assert state.fingerprint() == before
    with pytest.raises(ruledsl.IllegalAction) as caught:
        state.apply("take 9")
    assert "take 9" in str(caught.value) and "take 1" in str(caught.value)
    state.apply(2)
    assert said(state) == ["3"]
    with pytest.raises(ruledsl.IllegalAction):
        state.apply(0)                               # the game is over


def test_actions_are_named_by_label_and_seat():
    state = run("", 'choose n from 1..3 by P2 as "take {n}":\n    announce ">{n}"')
    twin = state.clone()
    action = twin.legal_actions()[1]
    assert action == state.legal_actions()[1] and action != state.legal_actions()[0]
    assert (action.label, action.index, action.seat, str(action)) == ("take 2", 1, 1, "take 2")
    state.apply(action)                                  # an Action of another state, by its label
    assert said(state) == ["2"]
    twin.apply(2)                                        # an index
    assert said(twin) == ["3"]


def test_view_of_a_seat_that_does_not_exist():
    state = run("", "pass")
    with pytest.raises(ValueError):
        state.view(2)


# ---------------------------------------------------------------- what the log and views tell

HIDDEN = dedent("""
    kind Card:
        value: int
    zone deck: deck of Card:
        Card(value: v) for each v in 1..4
    zone hand: hand of Card, per player
    zone pile: pile of Card
    kind Ghost, position visible to owner
    zone beyond: area of Ghost, per player:
        Ghost
    var held: Ghost = none
    board B grid:
        map: \"\"\"
    . .
    \"\"\"
""") + PAUSE


def test_a_move_is_named_only_to_those_who_see_the_face():
    state = run(HIDDEN, "draw from deck to P2.hand\nmove top(deck) to pile", players="3")
    assert "1 moves from deck to P2's hand" in state.events(1)
    assert "a Card moves from deck to P2's hand" in state.events(0)
    assert "a Card moves from deck to P2's hand" in state.events(None)
    assert "2 moves from deck to pile" in state.events(2)     # a pile shows faces to all


def test_a_component_whose_position_is_private_is_seen_by_its_owner_only():
    flow = """
        move first(contents(P1.beyond)) to B1
        set held to first(components(Ghost))
        do pause()
    """
    state = run(HIDDEN, flow)
    mine, theirs, public = state.view(0), state.view(1), state.view(None)
    assert [e["kind"] for e in mine["board"]["B"]["B1"]["contents"]] == ["Ghost"]
    assert theirs["board"]["B"]["B1"]["contents"] == [] and public["board"]["B"]["B1"]["contents"] == []
    assert [e["kind"] for e in theirs["zones"]["P2.beyond"]] == ["Ghost"] and theirs["zones"]["P1.beyond"] == []
    assert mine["vars"]["held"]["id"] == mine["board"]["B"]["B1"]["contents"][0]["id"]
    assert theirs["vars"]["held"] == {"kind": "Ghost", "hidden": True}
    assert public["vars"]["held"] == {"kind": "Ghost", "hidden": True}
    assert not any("B1" in e for e in state.events(1) + state.events(None))
    assert any("B1" in e for e in state.events(0))


def test_a_swap_does_not_tell_faces_to_those_who_cannot_see_them():
    decls = dedent("""
        kind Card:
            value: int
        zone hand: hand of Card, per player:
            Card(value: 1)
    """)
    flow = """
        set first(contents(P1.hand)).value to 7
        set first(contents(P2.hand)).value to 3
        swap first(contents(P1.hand)) with first(contents(P2.hand))
    """
    state = run(decls, flow, players="3")
    assert [fields_of(e) for e in state.view(2)["zones"]["P1.hand"]] == [{}]   # P3 sees neither card...
    assert not any(re.search(r"\b[37]\b", e) for e in state.events(2))     # ...nor is told their values
    assert "a Card moves from P1's hand to P2's hand" in state.events(2)
    assert "7 moves from P1's hand to P2's hand" in state.events(0)


def test_a_swap_lays_components_as_their_new_zones_do():
    flow = """
        move top(deck) to pile
        draw from deck to P1.hand
        swap top(pile) with first(contents(P1.hand))
    """
    state = run(HIDDEN, flow)
    assert seen_ids(state.view(1), "P1.hand") == [None]          # as after `move top(pile) to P1.hand`
    assert [e.get("face_up") for e in state.view(0)["zones"]["pile"]] == [True]


def test_a_shuffle_loses_track_of_a_shown_card():
    decls = dedent("""
        kind Card:
            value: int
        zone deck: deck of Card:
            Card(value: v) for each v in 1..6
    """) + PAUSE
    state = run(decls, "show top(deck) to [P2]\ndo pause()\nshuffle deck\ndo pause()")
    assert seen_ids(state.view(1), "deck") == [0, None, None, None, None, None]
    state.apply("go")
    assert seen_ids(state.view(1), "deck") == [None] * 6


def test_explicit_chance_never_draws_on_the_seed():
    text = rules_text(dedent("""
        kind Ball:
            colour: text
        zone bag: bag of Ball:
            Ball(colour: "red")
            Ball(colour: "green")
        zone out: area of Ball
        after each action:
            draw from bag to out
    """), """
        choose x from ["go"] by P1:
            pass
        announce ">{contents(out)}"
        win players
    """)
    try:
        game = ruledsl.load("t.rules", text=text)
    except ruledsl.RulesError:
        return                      # refusing a chance draw in a trigger is a fix too
    outcomes = set()
    for seed in range(6):
        state = game.new_game(seed=seed, chance="explicit").apply("go")
        outcomes.add((state.is_chance(), tuple(said(state))))
    assert len(outcomes) == 1


@pytest.mark.parametrize("path", sorted(GAMES.glob("*.rules")) + sorted((GAMES / "examples").glob("*.rules")),
                         ids=lambda p: p.name)
def test_the_runtime_compiles_from_what_the_checker_resolved(path):
    """Every name the compiler reads, in the game and its scenarios, is one the checker resolved
    (it never looks a name up again)."""
    from ruledsl.load import load_definition
    from ruledsl.scenarios import run_scenario
    game = ruledsl.load(str(path))
    game.new_game(seed=0)
    assert game.program.compiler.names.unresolved == 0
    loaded, games = load_definition(str(path)), {}
    assert all(run_scenario(loaded, decl, str(path), games).passed for decl in loaded.definition.scenarios)
    assert [g.program.compiler.names.unresolved for g in games.values()] == [0] * len(games)


def test_a_seat_nobody_takes_at_this_count_is_an_error_only_where_it_is_read():
    text = ('game "t"\nplayers 2..3\nseats Red, Blue, Green\nvar score: int = 0, per player\nflow:\n'
            '    if player_count == 3:\n        set Green.score to 1\n    win [Red]\n')
    assert ruledsl.load("t.rules", text=text, players=2).new_game().is_terminal()
    assert ruledsl.load("t.rules", text=text, players=3).new_game().view(2)["vars"]["score"]["Green"] == 1
    reads = text.replace("    if player_count == 3:\n        set Green.score to 1\n", "    set Green.score to 1\n")
    with pytest.raises(ruledsl.RulesError) as caught:
        ruledsl.load("t.rules", text=reads, players=2).new_game()
    assert caught.value.line == 6 and "no Green in a game of 2 players" in caught.value.message


def test_keywords_are_put_in_place_only_where_the_library_function_allows():
    from ruledsl.runtime.engine.library import by_position

    def search(st, prog, x, via=None, avoid=None, board=None):
        return x

    def loose(st, prog, x, **kw):
        return x

    def strict(st, prog, x, steps, via=None):
        return x
    assert by_position(search, 1, ["avoid"]) == [("via", None), ("avoid", None)]    # via's default between
    assert by_position(search, 1, ["board", "via"]) == [("via", None), ("avoid", None), ("board", None)]
    assert by_position(search, 2, ["avoid"]) == [("avoid", None)]          # via given by position
    assert by_position(search, 1, []) == []
    assert by_position(search, 1, ["steps"]) is None           # not one of its parameters
    assert by_position(loose, 1, ["via"]) is None              # keywords it takes only as keywords
    assert by_position(strict, 1, ["via"]) is None             # steps, between, has no default


DEFINES_IN_PLACE = '''
define either(flag, x) = flag or x > 1
define twice(x) = x + x
define third(xs) = xs[2]
'''


@pytest.mark.parametrize("off", [set(), {"inline"}])
def test_a_define_written_in_place_works_out_each_argument_as_a_call_does(monkeypatch, off):
    # an argument that costs something is worked out once, before the body, even where the body
    # would not read it: the same values, and the same failure, as calling the define
    slow(monkeypatch, off)
    state = run(DEFINES_IN_PLACE, 'announce ">{either(true, count([1, 2]))} {twice(count([1, 2, 3]))}"')
    assert said(state) == ["true 6"]
    with pytest.raises(ruledsl.RulesError) as caught:
        run(DEFINES_IN_PLACE, 'announce ">{either(true, third([1, 2]))}"')
    assert str(caught.value).endswith(":5:20: error: there is no item 2 in 1, 2")    # xs[2], in `third`


ALIKE = '''
board B grid:
    legend:
        "g": Grave
    map: """
g . g
"""
'''


def test_one_call_written_in_two_options_is_worked_out_once_per_decision(monkeypatch):
    # `tagged(Grave)` in each arm of a menu: each call has a wrapper of its own (it names its
    # own place in a failure), yet the two are one call, made once for the decision
    from ruledsl.runtime.engine import library
    made = []
    real = library.PLAIN["tagged"]
    monkeypatch.setitem(library.PLAIN, "tagged", lambda st, prog, *a: made.append(a) or real(st, prog, *a))
    flow = """
        turn P1:
            choose:
                option "dig {sq}" for each sq in tagged(Grave):
                    announce ">dug {sq}"
                option "fill {sq}" for each sq in tagged(Grave) if sq.column > 1:
                    announce ">filled {sq}"
    """
    state = run(ALIKE, flow)
    assert state.legal_labels() == ["dig A1", "dig C1", "fill C1"]
    assert len(made) == 1
    state.apply("fill C1")
    assert said(state) == ["filled C1"]


FERRY = '''
var ferry_runs: bool = false
board River:
    edge road, ferry
    location A
    location B
    location C
    location D
    road: A - B, C - D
    ferry: B - C when ferry_runs
'''


def test_a_search_kept_for_the_game_follows_the_steps_open_now():
    # searches are kept for the whole game by what decides them: a step's condition is asked
    # each time, so a ferry that starts or stops running is seen at once, in every state
    flow = """
        announce ">{distance(A, D)} {distance(A, D, avoid: [B])}"
        set ferry_runs to true
        announce ">{distance(A, D)} {distance(A, D, avoid: [B])} {distance(A, D, via: [road])}"
        set ferry_runs to false
        announce ">{distance(A, D)} {distance(D, A)}"
        set ferry_runs to true
        announce ">{distance(D, A)}"
    """
    assert said(run(FERRY, flow)) == ["none none", "3 none none", "none none", "3"]


def test_a_search_avoiding_a_component_follows_where_it_lies():
    # what is avoided as the rules list it keys a search only when it is board locations: the
    # place of a component avoided is looked up each time (a list among them lies nowhere)
    decls = FERRY + "kind Boat\nzone dock: area of Boat:\n    Boat\n"
    flow = """
        set ferry_runs to true
        let boat = first(contents(dock))
        announce ">{distance(A, D, avoid: [boat])} {distance(A, D, avoid: [C])}"
        move boat to C
        announce ">{distance(A, D, avoid: [boat])} {distance(A, D, avoid: [B])}"
        move boat to A
        announce ">{distance(B, D, avoid: [boat])} {distance(B, D, avoid: [[A, B]])}"
    """
    assert said(run(decls, flow)) == ["3 none", "none none", "2 2"]

def test_walks_kept_for_the_game_follow_the_steps_open_now():
    flow = """
        announce ">{reachable(A, 2, exact: true, revisit: false)} | {reachable(A, 3)}"
        set ferry_runs to true
        announce ">{reachable(A, 2, exact: true, revisit: false)} | {reachable(A, 3)} | {reachable(A, 3, avoid: [C])}"
        set ferry_runs to false
        announce ">{reachable(A, 2, exact: true, revisit: false)} | {reachable(B, 1, exact: true)}"
    """
    assert said(run(FERRY, flow)) == [" | A, B", "C | A, B, C, D | A, B", " | A"]


@settings(max_examples=60, deadline=None)
@given(edges=st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5), st.booleans()), max_size=12,
                      unique_by=lambda e: frozenset(e[:2])).map(lambda es: [e for e in es if e[0] != e[1]]),
       open_=st.booleans(), start=st.integers(0, 5), steps=st.integers(0, 5),
       avoid=st.lists(st.integers(0, 5), max_size=2))
def test_walks_over_the_steps_open_now_end_where_walks_asking_each_step_do(edges, open_, start, steps, avoid):
    # fast path "walks" asks a board's conditional steps once and walks over plain tuples
    # (Graphs.simple_ends); without it each step's condition is asked at every step of every
    # walk (Graphs.walks): the same ends, in the same order
    places = "".join(f"    location L{i}\n" for i in range(6))
    steps_written = "".join(f"    road: L{x} - L{y}{' when open' if cond else ''}\n" for x, y, cond in edges)
    decls = f"var open: bool = {str(open_).lower()}\nboard G:\n    edge road\n{places}{steps_written}"
    avoided = ", ".join(f"L{i}" for i in avoid)
    flow = f'announce ">{{reachable(L{start}, {steps}, exact: true, revisit: false, avoid: [{avoided}])}}"'
    found = {}
    for off in (set(), {"walks"}):
        with pytest.MonkeyPatch.context() as patch:
            slow(patch, off)
            found[frozenset(off)] = said(run(decls, flow))
    assert found[frozenset()] == found[frozenset({"walks"})]


FERRIES = '''
var ferries_run: bool = false
board River:
    edge road, ferry
    location A
    location B
    location C
    location D
    location F
    road: A - B, C - D
    ferry: B - C, D - F, B - F when ferries_run
'''


def test_a_condition_that_reads_nothing_of_its_steps_is_asked_once_for_them_all():
    # the three ferries (six steps) share one `when`: one function, asked once before a search
    flow = """
        announce ">{distance(A, F)}"
        set ferries_run to true
        announce ">{distance(A, F)} {distance(F, C)}"
    """
    state = run(FERRIES, flow)
    assert said(state) == ["none", "2 2"]
    graphs = state.prog.graphs
    conditions = {s.cond for steps in graphs.steps.values() for s in steps if s.kind == "ferry"}
    assert len(conditions) == 1 and next(iter(conditions)).plain
    assert len(graphs.gates("River", None)) == 1
    assert graphs.gates("River", frozenset({"road"})) == ()


def test_a_search_along_steps_with_no_condition_is_kept_for_the_game_and_one_with_is_not():
    # by road alone (no step with a condition) and avoiding only locations, a distance's search
    # is kept by its arguments (Graphs.fixed) and read again; along ferries, which may start or
    # stop running, it never is; avoiding a component (where it lies may change), neither
    decls = FERRIES + "kind Boat\nzone dock: area of Boat:\n    Boat\n"
    flow = """
        announce ">{distance(A, B, via: [road])} {distance(A, B, via: [road], avoid: [C])}"
        announce ">{distance(A, F)} {distance(A, B, via: [road], avoid: [first(contents(dock))])}"
        set ferries_run to true
        announce ">{distance(A, F)} {distance(A, B, via: [road])}"
    """
    state = run(decls, flow)
    assert said(state) == ["1 1", "none 1", "2 1"]
    kept = state.prog.graphs.fixed
    assert {(start.name, via, tuple(a.name for a in avoid or ())) for start, via, avoid in kept} == \
        {("A", frozenset({"road"}), ()), ("A", frozenset({"road"}), ("C",))}
