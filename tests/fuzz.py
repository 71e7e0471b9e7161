"""A small mutator over the bundled games, and what must hold of every mutant.

Each mutant is one bundled or example game with one edit a person might make
by mistake (a line lost, doubled, moved or re-indented, a character slipped,
a token typed in, a name or number changed). What must hold:

- `check` returns diagnostics and raises nothing; every diagnostic is
  located (a file of the game, line and column from 1);
- a mutant that checks clean loads, and a short random game of it raises
  nothing but RulesError, located at a line of the game.

`run(count, seed)` returns an Outcome with the mutants tried and every failure
by class (where it was raised), so a campaign can report what it found.
"""
from __future__ import annotations

import random
import re
import signal
import time
import traceback
from collections import Counter
from pathlib import Path
from typing import Optional

import attrs

import ruledsl
from ruledsl.load import load_definition

ROOT = Path(__file__).resolve().parent.parent
# A mutant's number names its game and edits (mutant() below), and recorded failures cite numbers:
# so the games mutated are these, fixed, and a game added later does not renumber them.
SOURCES = [ROOT / "games" / name for name in (
    "haunting_house.rules", "haunting_house_tiles.rules", "shining.rules", "shining_harsh.rules", "tillinghast.rules",
    "tillinghast_mill.rules", "unrelenting_other.rules", "examples/breakthrough.rules", "examples/connect_four.rules",
    "examples/dice_race.rules", "examples/high_card.rules", "examples/tic_tac_toe.rules")]
TOKENS = ["game", "players", "flow:", "rule", "choose", "from", "where", "by", "move", "to", ":", "(", ")",
          "[", "]", "{", "}", "..", "-", "->", "\n", "\n    ", "\n        ", '"', '"""', "#", "x", "1", "each",
          "in", "if", "else:", "repeat", "option", "zone", "kind", "board", "grid", "map:", "+---+", "|", "win",
          "none", "[]", "{}", '""', "not", "and", "stop", "return", "0", "-1", "players", "contents(", "top(",
          "\t", "\x00", "\\", "{{", "}}", "'", "é", "\u2028"]
NUMBERS = ["0", "-1", "2", "13", "100", "999999999999999", "1" + "0" * 15, "1" + "0" * 5000]
WORD = re.compile(r"\b[A-Za-z_][A-Za-z0-9_]*\b")
DIGITS = re.compile(r"\b\d+\b")
ACTIONS = 30          # actions of the short game played with a mutant that checks clean
TIME_LIMIT = 20       # seconds of CPU one mutant may take before it counts as a hang (CPU, not the
                      # clock: a loaded machine must not turn a slow check into a hang)


@attrs.define
class Outcome:
    """What a run found: mutants tried, how many checked clean and were played, and failures by class."""
    tried: int = 0
    clean: int = 0
    played: int = 0
    failures: Counter = attrs.Factory(Counter)
    examples: dict = attrs.Factory(dict)      # class -> (seed, file, first lines of the report)

    def record(self, kind: str, seed: int, source: Path, detail: str) -> None:
        self.failures[kind] += 1
        self.examples.setdefault(kind, (seed, source.name, detail))

    def report(self) -> str:
        lines = [f"{self.tried} mutants: {self.clean} checked clean, {self.played} played; "
                 f"{sum(self.failures.values())} failures"]
        for kind, n in self.failures.most_common():
            seed, name, detail = self.examples[kind]
            lines.append(f"  {n} x {kind} (first: seed {seed}, {name})\n      " + detail.replace("\n", "\n      "))
        return "\n".join(lines)


# ---------------------------------------------------------------- edits

def _lines(text: str) -> list[str]:
    return text.split("\n")


def _delete_line(text, rng):
    lines = _lines(text)
    del lines[rng.randrange(len(lines))]
    return "\n".join(lines)


def _duplicate_line(text, rng):
    lines = _lines(text)
    lines.insert(rng.randrange(len(lines)), lines[rng.randrange(len(lines))])
    return "\n".join(lines)


def _swap_lines(text, rng):
    lines = _lines(text)
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines)


def _reindent(text, rng):
    lines = _lines(text)
    i = rng.randrange(len(lines))
    lines[i] = lines[i][4:] if lines[i].startswith("    ") and rng.random() < 0.5 else "    " + lines[i]
    return "\n".join(lines)


def _insert_token(text, rng):
    at = rng.randrange(len(text) + 1)
    return text[:at] + rng.choice(TOKENS) + text[at:]


def _delete_char(text, rng):
    at = rng.randrange(len(text))
    return text[:at] + text[at + 1:]


def _replace(pattern, choices):
    def edit(text, rng):
        found = list(pattern.finditer(text))
        if not found:
            return text
        m = rng.choice(found)
        return text[:m.start()] + choices(text, rng) + text[m.end():]
    return edit


def _other_name(text, rng):
    return rng.choice(WORD.findall(text))


def _a_number(text, rng):
    return rng.choice(NUMBERS)


def _cut_block(text, rng):
    """Lose a run of lines (an option, a branch, the end of a file)."""
    lines = _lines(text)
    i = rng.randrange(len(lines))
    del lines[i:i + rng.randint(2, 12)]
    return "\n".join(lines)


EDITS = [_delete_line, _duplicate_line, _swap_lines, _reindent, _insert_token, _delete_char,
         _replace(WORD, _other_name), _replace(DIGITS, _a_number), _cut_block]


def mutant(seed: int) -> tuple[Path, str]:
    """The game and the text of mutant number `seed` (the same every time)."""
    rng = random.Random(seed)
    source = rng.choice(SOURCES)
    text = source.read_text(encoding="utf-8")
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        text = rng.choice(EDITS)(text, rng)
    return source, text


# ---------------------------------------------------------------- what must hold

class _Hang(BaseException):
    """Not an Exception: the engine tells every Exception in compiled code as a located
    RulesError, which would hide the hang."""


def _alarm(signum, frame):
    raise _Hang()


def _where(err: BaseException) -> str:
    """The innermost frame inside ruledsl: the class of a failure."""
    frames = [f for f in traceback.extract_tb(err.__traceback__) if "/ruledsl/" in f.filename]
    last = frames[-1] if frames else None
    place = f"{Path(last.filename).name}:{last.name}" if last else "?"
    return f"{type(err).__name__} in {place}"


def _unlocated(diagnostics, files: set) -> Optional[str]:
    for d in diagnostics:
        if d.severity == "error" and (d.span.path not in files or d.span.line < 1 or d.span.column < 1):
            return d.headline()
    return None


def try_mutant(seed: int, outcome: Outcome, actions: int = ACTIONS) -> None:
    source, text = mutant(seed)
    path = str(source.parent / f"mutant-{seed}.rules")      # beside the game, so `extends` finds its base
    files = {path} | {str(p) for p in SOURCES}
    outcome.tried += 1
    stage = "check"
    old = signal.signal(signal.SIGPROF, _alarm) if hasattr(signal, "SIGPROF") else None
    if old is not None:
        signal.setitimer(signal.ITIMER_PROF, TIME_LIMIT)
    try:
        loaded = load_definition(path, text)
        bad = _unlocated(loaded.diagnostics, files)
        if bad:
            outcome.record("unlocated diagnostic", seed, source, bad)
        if loaded.errors:
            return
        outcome.clean += 1
        stage = "load"
        definition = loaded.definition
        game = ruledsl.GameDefinition(loaded, definition.players.low, ruledsl.bind_options(definition, {}), path)
        stage = "play"
        _short_game(game, seed, actions)
        outcome.played += 1
    except ruledsl.RulesError as err:
        bad = _unlocated(err.diagnostics, files)
        if bad:
            outcome.record(f"unlocated RulesError in {stage}", seed, source, bad)
    except _Hang:
        outcome.record(f"hang in {stage} (over {TIME_LIMIT} s)", seed, source, "")
    except Exception as err:      # what the test exists to catch
        outcome.record(f"{_where(err)} ({stage})", seed, source, "".join(traceback.format_exception_only(err))[:300])
    finally:
        if old is not None:
            signal.setitimer(signal.ITIMER_PROF, 0)
            signal.signal(signal.SIGPROF, old)


def _short_game(game, seed: int, actions: int) -> None:
    rng = random.Random(seed)
    state = game.new_game(seed=seed)
    for _ in range(actions):
        if state.is_terminal():
            return
        state.apply(rng.choice(state.legal_actions()))


def run_seeds(attempt, count: int, first_seed: int = 0, budget: Optional[float] = None) -> Outcome:
    """attempt(seed, outcome) for seeds first_seed, first_seed + 1, …: `count` of them, or as many as
    `budget` seconds allow (every campaign's loop: mutants here, fuzz_hostile's and fuzz_runaway's cases)."""
    outcome = Outcome()
    start = time.monotonic()
    for seed in range(first_seed, first_seed + count):
        if budget is not None and time.monotonic() - start > budget:
            break
        attempt(seed, outcome)
    return outcome


def run(count: int, first_seed: int = 0, budget: Optional[float] = None) -> Outcome:
    """Try mutants first_seed, first_seed + 1, …: `count` of them, or as many as `budget` seconds allow."""
    return run_seeds(try_mutant, count, first_seed, budget)
