"""The checker and the runtime agree: a file that checks clean runs its set-up and first decisions
without an error of a kind the checker should have caught (a value of the wrong sort for its place).

Files are made by hypothesis from typed variables and statements that set, change, index,
compare, join, count, show and choose over expressions of every sort, well-typed or not. Errors
that only play can find (an index past the end of a list, a division by zero, a missing map key,
an entry of a `map`, whose values may be of any sort, used as a number after text was set there)
are allowed; a type error at play after a clean check is a disagreement.
"""
from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings, strategies as hs

import ruledsl
from ruledsl.errors import RulesError

DECLS = '''game "Agree"
players 2
enum Colour: Red, Blue
kind Card:
    value: int = 1
    tags: list of int = [1, 2]
zone deck: deck of Card:
    3 x Card
zone hand: hand of Card, per player
var n: int = 1
var flag: bool = true
var word: text = "a"
var nums: list of int = [1, 2, 3]
var grid: list of list of int = [[1, 2], [3, 4]]
var table: map = {1: 2}
var who: player = P1
var colour: Colour = Red
var score: int = 0, per player
var marks: list of int = [0, 0], per player
'''

# Expressions of every sort, and some of the wrong sort for where they land.
EXPRS = ["n", "flag", "word", "nums", "grid", "table", "who", "colour", "P1.score", "P2.marks", "1", "0", '"x"',
         "true", "[1, 2]", "[]", "nums[0]", "grid[1]", "grid[0][1]", "table[1]", "count(nums)", "sum(nums)",
         "first(nums)", "n + 1", "word + \"b\"", "nums + [4]", "-n", "n * 2", "n % 2", "n == 1", "not flag",
         "flag and n > 0", "1 if flag else 2", "[x * 2 for each x in nums]", "[x for each r in grid for each x in r]",
         "who.score", "first(contents(deck)).value", "first(contents(deck)).tags", "count(deck)", "max(nums)",
         "Red", "colour is Blue", "players", "count(players)", "\"{n} and {word}\"", "get(table, 1, 0)", "keys(table)",
         "n if flag else word", "nums[n]", "abs(n)", "text(n)", "n..3", "who == P1", "table[n]"]

TARGETS = ["n", "flag", "word", "nums", "grid", "table", "who", "colour", "P1.score", "P2.marks", "nums[0]",
           "grid[0][1]", "grid[1]", "table[1]", "table[word]", "P1.marks[1]", "first(contents(deck)).value",
           "first(contents(deck)).tags[0]", "n[0]", "word[0]"]


def statement(pick) -> str:
    """One statement; pick(list) chooses one of a list (hypothesis's draw, or a seeded random)."""
    kind = pick(["set", "increase", "let", "if", "announce", "for", "choose", "move", "expr"])
    e = lambda: pick(EXPRS)   # noqa: E731
    if kind == "set":
        return f"set {pick(TARGETS)} to {e()}"
    if kind == "increase":
        return f"{pick(['increase', 'decrease'])} {pick(TARGETS)} by {e()}"
    if kind == "let":
        return f"let v = {e()}"
    if kind == "if":
        return f"if {e()}:\n        announce \"{{{e()}}}\""
    if kind == "announce":
        return f"announce \"{{{e()}}}\""
    if kind == "for":
        return f"for each x in {e()}:\n        announce \"{{x}}\""
    if kind == "choose":
        return f"turn P1:\n        choose c from {e()}:\n            announce \"{{c}}\""
    if kind == "move":
        return f"move first(contents(deck)) to {pick(['P1.hand', 'deck', 'n', 'who.hand'])}"
    return f"let w = {e()} + {e()}"


def game_text(pick, count: int) -> str:
    flow = "".join("    " + statement(pick) + "\n" for _ in range(count))
    return DECLS + "flow:\n" + flow + "    turn P1:\n        choose c from [1, 2]:\n            win [P1]\n"


@hs.composite
def games(draw) -> str:
    return game_text(lambda options: draw(hs.sampled_from(options)), draw(hs.integers(1, 4)))


# Errors a clean check should have ruled out: a value of the wrong sort for its place.
CHECKERS_KIND = re.compile(r"cannot compute|is not a player|is not a list or a map|has no '|has no field|"
                           r"is not a zone|cannot be indexed|cannot set|is not defined|internal error|"
                           r"failed here|cannot evaluate|is not a number|needs a die|not a place")


def play_start(text: str, tmp_path) -> None:
    path = tmp_path / "agree.rules"
    path.write_text(text, encoding="utf-8")
    state = ruledsl.load(str(path), 2).new_game(seed=1)
    for _ in range(3):
        if state.is_terminal():
            break
        state.apply(0)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                     HealthCheck.too_slow])
@given(text=games())
def test_a_file_that_checks_clean_has_no_type_error_at_play(tmp_path, text):
    errors = [d for d in ruledsl.check("agree.rules", text) if d.severity == "error"]
    if errors:
        return
    try:
        play_start(text, tmp_path)
    except RulesError as err:
        message = err.diagnostic.message
        line = text.splitlines()[err.diagnostic.span.line - 1]
        if "table" in line:
            return      # a `map`'s entries may hold values of any sort: only play can tell them
        assert "none" in message or not CHECKERS_KIND.search(message), f"{message}\n---\n{text}"


def test_the_generator_makes_files_that_check_clean_and_files_that_do_not():
    """The property is not vacuous: both kinds of file come out of the generator."""
    import random
    clean = broken = 0
    for i in range(60):
        text = game_text(random.Random(i).choice, 2)
        if any(d.severity == "error" for d in ruledsl.check("agree.rules", text)):
            broken += 1
        else:
            clean += 1
    assert clean >= 5 and broken >= 5
