"""Rules files that push the engine's limits, beside tests/fuzz.py's mutants and tests/fuzz_hostile.py's
hostile inputs (issues 43 and 47's classes), each written from a seed with sizes drawn at random:

- recursion: defines and rules that call themselves or each other, to depths that end, that pass the
  depth allowed, or that never end, called once or many times;
- growth: numbers, fractions, texts and lists that double or square on every turn of a loop, then
  used as counts, ranges, indices and labels;
- big scans: in, min, max, sum, sort, unique, without, count, any, all, == and text() over lists of
  up to a million items, repeated up to 100,000 times, lists kept, worked out once or made in place;
- inlining chains: chains of defines that each call the one before two or three times;
- identifier clashes: Python's keywords and builtins, and the names generated code uses (`__L999__`,
  `__S0__`, `st`, `_add`, …), as names of variables, constants, defines, parameters, locals, loop
  and option variables and rules; what is announced must be what was set;
- deep nesting: brackets, calls, blocks of every kind, `elif` chains and `match` arms, up to and
  past the limits of docs/language.md#limits.

What must hold of every case: it ends within TIME_LIMIT seconds of CPU, either checked clean and
played (with the compiler's passes or, for some seeds, without), or with a RulesError (or check
diagnostics) located in the file (line and column from 1), with a hint, and in the language's words
(none of Python's: PYTHON_WORDS). A file the generator knows to be within every limit must check
clean; one that a generator made to be refused must be. `run(count, first_seed, budget)` returns an
Outcome (tests/fuzz.py) naming every failure by class.
"""
from __future__ import annotations

import random
import re
import signal
import traceback
from pathlib import Path
from typing import Optional

import attrs

import ruledsl

from .conftest import without
from .fuzz import Outcome, _alarm, _Hang, run_seeds

# CPU seconds a case may take. The slowest legal ones (a chain of 7,000 arms) take a few, a runaway
# 1-3; but CPython 3.11 maps and unmaps a chunk of its frame stack on every call when recursion goes
# back and forth across a chunk's end (a rule calling itself thrice, 500 deep, from one frame deeper:
# 1.33 million mmap/munmap pairs, 15-48 s to reach the step budget instead of 1.3): slow, not endless.
TIME_LIMIT = 90
ACTIONS = 20              # decisions taken in a game that checks clean
PATH = "runaway-fuzz.rules"
HEADER = ('game "Runaway"\nplayers 2\nseats P1, P2\nvar x: int = 0\nvar y: bool = false\nvar s: text = "ab"\n'
          'var l: list of int = []\nvar l2: list of int = []\n')
HEADER_LINES = HEADER.count("\n")
PYTHON_WORDS = re.compile(r"Traceback|\b[A-Z][a-z]+Error\b|index-sized|set_int_max_str_digits|sys\.|'int'|'tuple'|"
                          r"'str'|NoneType|internal error|bug in ruledsl|has no attribute|maximum recursion|"
                          r"\bdef\b|\blambda\b|object is not")


@attrs.define
class Case:
    """A generated rules file (without HEADER), whether it may be refused (by check or in play, as
    passing a limit), and texts its public log must hold, in order, if it plays to its end."""
    body: str
    refusable: bool = True
    said: tuple = ()


def _pick(rng, *choices):
    return rng.choice(choices)


# ---------------------------------------------------------------- recursion
def recursion(rng: random.Random) -> Case:
    depth = _pick(rng, 0, 3, 20, 500, 900, 2000, 100_000)
    calls = rng.randint(1, 3)
    kind = _pick(rng, "define", "mutual", "rule", "endless", "label")
    again = _pick(rng, 1, 1, 50, 5000)
    if kind == "define":
        total = " + ".join(["f(n - 1)"] * calls)
        body = (f"define f(n) = 1 if n <= 0 else {total}\nflow:\n    repeat {again} times:\n"
                f"        set x to f({depth})\n")
        said = (str(calls ** depth),) if calls ** depth < 10 ** 6 and depth < 900 else ()
        body += '    announce "{x}"\n'
    elif kind == "mutual":
        body = ("define even(n) = true if n == 0 else odd(n - 1)\ndefine odd(n) = false if n == 0 else even(n - 1)\n"
                f"flow:\n    repeat {again} times:\n        set y to even({depth})\n    announce \"{{y}}\"\n")
        said = (("true" if depth % 2 == 0 else "false"),) if depth < 900 else ()
    elif kind == "rule":
        inner = "".join(f"        do r(n - 1)\n" for _ in range(calls))
        body = (f"rule r(n):\n    increase x by 1\n    if n > 0:\n{inner}flow:\n    do r({depth})\n"
                '    announce "{x}"\n')
        said = (str(sum(calls ** i for i in range(depth + 1))),) if calls ** depth < 10 ** 5 and depth < 900 else ()
    elif kind == "endless":
        body = "define f(n) = f(n + 1) + 1\nflow:\n    set x to f(0)\n"
        said = ()
    else:       # called from an option's condition and label, at every decision
        body = (f"define f(n) = 0 if n <= 0 else f(n - 1) + 1\nflow:\n    repeat 3 times:\n        choose by P1:\n"
                f"            option \"go {{f({depth})}}\" if f({depth}) >= 0:\n                increase x by 1\n"
                f"            option \"stay\":\n                pass\n")
        said = ()
    return Case(body + "    win P1\n", refusable=depth >= 900 or kind == "endless" or calls ** depth > 10 ** 6 or
                calls ** depth * again > 10 ** 5, said=said)


# ---------------------------------------------------------------- growth
_GROW = {
    "text": ('set s to "ab"', "set s to s + s"), "template": ('set s to "ab"', 'set s to "{s}{s}"'),
    "list": ("set l to [1]", "set l to l + l"), "square": ("set x to 2", "set x to x * x"),
    "doubling": ("set x to 1", "increase x by x"), "negative": ("set x to -3", "set x to x * 3"),
    "fraction": ("set x to 1", "set x to x / 3 + 1 / 7"),
}
_USE = {
    "text": ['announce "{s}"', "set x to count(s)", "set y to s == s"],
    "list": ['announce "{l}"', "set x to count(l)", "set y to 3 in l", "set x to sum(l)", "set y to l == l",
             "set l2 to sort(each i in l by -i)"],
    "number": ['announce "{x}"', "set l to 1..x", "repeat x times:\n        pass", "set x to l[x]",
               "set x to x % 7", "set x to abs(x)", 'choose n from 1..x by P1:\n        set x to n',
               "set x to floor(x / 2)", "set x to ceil(x)", "set l to [x, x]\n    set x to count(l)",
               "set x to max(x, 3)", 'announce "{text(x)}"'],
}


def growth(rng: random.Random) -> Case:
    what = rng.choice(sorted(_GROW))
    start, step = _GROW[what]
    turns = _pick(rng, 1, 3, 10, 19, 20, 40, 3000, 100_000)
    uses = _USE["text" if what in ("text", "template") else "list" if what == "list" else "number"]
    use = rng.choice(uses)
    body = (f"flow:\n    set l to [1, 2]\n    {start}\n    repeat {turns} times:\n        {step}\n    {use}\n"
            "    win P1\n")
    return Case(body)


# ---------------------------------------------------------------- big scans
_SCANS = ["set y to {n} in l", "set y to {n} not in l", "set x to max(l)", "set x to min(l)", "set x to sum(l)",
          "set l2 to sort(each i in l by -i)", "set x to count(unique(l))", "set x to count(without(l, 5))",
          "set x to count(each i in l where i > 5)", "set y to any(each i in l where i == {n})",
          "set y to all(each i in l where i > 0)", "set y to l == l2", "set y to l != l2", "set y to text(l) == s",
          "set y to {n} in [each i in l]", "set y to {n} in big()", "set y to {n} in l + [1]",
          "set y to {n} in 1..count(l)", "set x to count(each i in l where i in l2)"]


def big_scans(rng: random.Random) -> Case:
    length = _pick(rng, 10, 64, 65, 1000, 100_000, 1_000_000)
    again = _pick(rng, 1, 10, 1000, 100_000)
    scans = [rng.choice(_SCANS).format(n=rng.choice([1, length - 1, -5])) for _ in range(rng.randint(1, 3))]
    inner = "".join(f"        {scan}\n" for scan in scans)
    body = (f"define big() = [each i in l where i > 0]\nflow:\n    set l to 1..{length}\n    set l2 to 1..{length}\n"
            f"    repeat {again} times:\n{inner}    win P1\n")
    # (an item looked for in l2 for each item of l visits length ** 2 items: the budget may stop it)
    visits = sum(length * (length if "in l2" in scan else 1) for scan in scans)
    return Case(body, refusable=visits * again > 500_000)


# ---------------------------------------------------------------- inlining chains
def inlining(rng: random.Random) -> Case:
    last = _pick(rng, 3, 10, 16, 20, 25, 30)
    called = rng.randint(0, last)
    calls = rng.randint(2, 3)
    shape = _pick(rng, "sum", "list", "if", "min")
    later = {"sum": " + ".join(["d{p}(a)"] * calls), "list": "count([" + ", ".join(["d{p}(a)"] * calls) + "])",
             "if": "(d{p}(a) if a > 0 else 0)" + " + d{p}(a)" * (calls - 1),
             "min": "min(" + ", ".join(["d{p}(a)"] * calls) + ")"}[shape]
    defines = "define d0(a) = a + 1\n" + "".join(f"define d{i}(a) = {later.format(p=i - 1)}\n"
                                                 for i in range(1, last + 1))
    body = defines + f'flow:\n    set x to d{called}(1)\n    announce "{{x}}"\n    win P1\n'
    value = {"sum": 2 * calls ** called, "list": calls if called else 2, "if": 2 * calls ** called,
             "min": 2}[shape]
    runs = calls ** called
    return Case(body, refusable=runs > 100_000 or value >= 10 ** 1000, said=(str(value),) if runs <= 100_000 else ())


# ---------------------------------------------------------------- identifier clashes
_KEYWORDS = ["False", "None", "True", "as", "assert", "async", "await", "break", "class", "continue", "def", "del",
             "except", "finally", "from", "global", "import", "lambda", "nonlocal", "raise", "try", "with", "yield",
             "case", "_"]
_BUILTINS = ["len", "type", "tuple", "list", "dict", "print", "id", "iter", "next", "object", "str", "int", "bool",
             "set", "sorted", "range", "zip", "map", "filter", "isinstance", "super", "open", "exec", "eval",
             "globals", "locals", "vars", "getattr", "__import__", "__builtins__", "__name__", "__class__", "__init__"]
_GENERATED = ["st", "prog", "self", "_add", "_same", "_same_spent", "_sized", "_contains", "_items", "_D", "_Dm",
              "Comp", "Player", "Location", "_Zone", "_EnumValue", "_UNSET", "_INT_LIMIT", "_range", "_index",
              "__L0__", "__L999__", "__S0__", "__S1__", "u0_b0", "v_1", "s_2", "t_3", "f_4", "k", "memo",
              "_too_big", "_spend", "steps", "contents", "index"]


def _name(rng: random.Random, taken: set) -> str:
    while True:
        name = rng.choice(rng.choice([_KEYWORDS, _BUILTINS, _GENERATED]))
        if name not in taken:
            taken.add(name)
            return name


def identifiers(rng: random.Random) -> Case:
    taken, decls, flow, said = set(), [], [], []
    for role in rng.sample(["var", "const", "define", "let", "loop", "rule", "choose", "option", "comprehension"],
                           rng.randint(2, 5)):
        a, value = _name(rng, taken), rng.randint(2, 99)
        told = f"{role}{value + (role == 'define')}"       # what the role announces
        if role == "var":
            decls.append(f"var {a}: int = {value}")
            flow.append(f'announce "var{{{a}}}"')
        elif role == "const":
            decls.append(f"const {a} = {value}")
            flow.append(f'announce "const{{{a}}}"')
        elif role == "define":
            b = _name(rng, taken)
            decls.append(f"define {a}({b}) = {b} + 1")
            flow.append(f'announce "define{{{a}({value})}}"')
        elif role == "let":
            flow.append(f'let {a} = {value}\n    announce "let{{{a}}}"')
        elif role == "loop":
            flow.append(f'for each {a} in [{value}]:\n        announce "loop{{{a}}}"')
        elif role == "rule":
            b = _name(rng, taken)
            decls.append(f'rule {a}({b}):\n    announce "rule{{{b}}}"')
            flow.append(f"do {a}({value})")
        elif role == "choose":
            flow.append(f'choose {a} from [{value}, {value}] by P1:\n        announce "choose{{{a}}}"')
        elif role == "option":
            flow.append(f'choose by P1:\n        option "o{{{a}}}" for each {a} in [{value}]:\n'
                        f'            announce "option{{{a}}}"')
        else:
            flow.append(f'set x to sum({a} for each {a} in [{value}])\n    announce "comprehension{{x}}"')
        said.append(told)
    body = "\n".join(decls) + ("\n" if decls else "") + "flow:\n" + "".join(f"    {line}\n" for line in flow)
    return Case(body + "    win P1\n", refusable=True, said=tuple(said))


# ---------------------------------------------------------------- deep nesting
_OPENERS = ["for each p in players:", "quietly:", "repeat 2 times:", 'phase "deep":', "while x < 500:",
            "if x >= 0:", "turn P1:"]


def nesting(rng: random.Random) -> Case:
    kind = _pick(rng, "brackets", "calls", "blocks", "elif", "match", "conditional")
    if kind in ("brackets", "calls", "conditional"):
        levels = _pick(rng, 5, 30, 45, 60, 95, 99, 101, 150, 3000)
        wrap = {"brackets": "(x + {})", "calls": "max([{}, x])", "conditional": "({} if x == 0 else 2)"}[kind]
        inner = "1"
        for _ in range(levels):
            inner = wrap.format(inner)
        limit = {"brackets": 95, "calls": 30, "conditional": 45}[kind]
        body = f'flow:\n    set x to {inner}\n    announce "{{x}}"\n    win P1\n'
        return Case(body, refusable=levels > limit, said=("1",) if levels <= limit and kind != "brackets" else ())
    if kind == "blocks":
        levels = _pick(rng, 3, 10, 21, 30, 44, 46, 60)
        lines = ["    " * (i + 1) + rng.choice(_OPENERS) for i in range(levels)]
        deep = "\n".join(lines + ["    " * (levels + 1) + "increase x by 1"]) + "\n"
        where = rng.choice(["flow", "rule"])
        body = ("flow:\n" + deep if where == "flow" else "rule deep():\n" + deep + "flow:\n    do deep()\n") + \
            '    announce "{x}"\n    win P1\n'
        return Case(body, refusable=levels > 44)
    arms = _pick(rng, 2, 10, 500, 3000, 7000)
    start = rng.randrange(arms + 1)
    if kind == "elif":
        chain = " if x == 0:\n  set y to true\n" + "".join(f" elif x == {i}:\n  pass\n" for i in range(1, arms)) + \
            " else:\n  set x to -1\n"
    else:
        chain = " match x:\n" + "".join(f"  case {i}:\n   set x to {i + 1}\n" for i in range(arms)) + \
            "  else:\n   set x to -1\n"
    expected = {"elif": str(start) if start < arms else "-1", "match": str(start + 1) if start < arms else "-1"}[kind]
    body = f"flow:\n set x to {start}\n" + chain + ' announce "{x}"\n win P1\n'
    return Case(body, refusable=False, said=(expected,))


GENERATORS = [recursion, growth, big_scans, inlining, identifiers, nesting]


# ---------------------------------------------------------------- what must hold
def _misplaced(diagnostics, lines: int) -> Optional[str]:
    """What is wrong with the first error of diagnostics that is unlocated, unhinted or in Python's
    words (None when every one is well told)."""
    for d in diagnostics:
        if d.severity != "error":
            continue
        said = f"{d.message} {d.hint or ''}"
        if d.span.path != PATH or not (1 <= d.span.line <= lines) or d.span.column < 1:
            return f"unlocated: {d.headline()[:300]}"
        if not d.hint:
            return f"no hint: {d.headline()[:300]}"
        if PYTHON_WORDS.search(said):
            return f"Python's words: {said[:300]}"
    return None


def _judge(kind: str, seed: int, case: Case, diagnostics, lines: int, stage: str, outcome: Outcome) -> None:
    bad = _misplaced(diagnostics, lines)
    if bad is not None:
        outcome.record(f"{kind}: error badly told in {stage} ({bad.split(':')[0]})", seed, Path(kind),
                       bad + "\n" + case.body[:400])
    elif not case.refusable:
        first = next(d for d in diagnostics if d.severity == "error")
        outcome.record(f"{kind}: a file within the limits refused in {stage}", seed, Path(kind),
                       first.headline()[:300] + "\n" + case.body[:400])


def _play(game, seed: int, rng: random.Random):
    state = game.new_game(seed=seed)
    for _ in range(ACTIONS):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def try_case(seed: int, outcome: Outcome) -> None:
    generator = GENERATORS[seed % len(GENERATORS)]
    kind = generator.__name__
    rng = random.Random(seed)
    case = generator(rng)
    off = "all" if rng.random() < 0.25 else set()
    text = HEADER + case.body
    lines = text.count("\n") + 1
    outcome.tried += 1
    stage = "check"
    old = signal.signal(signal.SIGPROF, _alarm) if hasattr(signal, "SIGPROF") else None
    if old is not None:
        signal.setitimer(signal.ITIMER_PROF, TIME_LIMIT)
    try:
        ruledsl.forget()
        diagnostics = ruledsl.check(PATH, text)
        if any(d.severity == "error" for d in diagnostics):
            _judge(kind, seed, case, diagnostics, lines, stage, outcome)
            return
        outcome.clean += 1
        stage = "load"
        game = ruledsl.load(PATH, text=text, optimizations=without(off))
        stage = "play"
        state = _play(game, seed, rng)
        outcome.played += 1
        said = state.events(None)
        if state.is_terminal() and not _in_order(case.said, said):
            outcome.record(f"{kind}: played to another end", seed, Path(kind),
                           f"expected {case.said} in order, said {said[-8:]}\n" + case.body[:400])
    except ruledsl.RulesError as err:
        _judge(kind, seed, case, err.diagnostics, lines, stage, outcome)
    except _Hang:
        outcome.record(f"{kind}: hang in {stage} (over {TIME_LIMIT} s)", seed, Path(kind), case.body[:400])
    except Exception as err:        # what the campaign exists to catch
        outcome.record(f"{kind}: {type(err).__name__} in {stage}", seed, Path(kind),
                       "".join(traceback.format_exception(err))[-600:] + "\n" + case.body[:400])
    finally:
        if old is not None:
            signal.setitimer(signal.ITIMER_PROF, 0)
            signal.signal(signal.SIGPROF, old)


def _in_order(wanted: tuple, said: list) -> bool:
    """Whether each of wanted is one of the texts said, in that order."""
    said = iter(said)
    return all(any(w == s for s in said) for w in wanted)


def run(count: int, first_seed: int = 0, budget: Optional[float] = None) -> Outcome:
    """Cases first_seed, first_seed + 1, …: `count` of them, or as many as `budget` seconds allow
    (each generator in turn: the seed's remainder by their number picks it)."""
    return run_seeds(try_case, count, first_seed, budget)
