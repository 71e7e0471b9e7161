"""Shared test helpers: paths and a small way to check rules text."""
from __future__ import annotations

import functools
import os
import random
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings

import ruledsl

ROOT = Path(__file__).resolve().parent.parent
# No deadline on a hypothesis example: how long one takes says how loaded the machine is (CI shares
# its cores), not whether the property holds; the suite's time is kept by the examples' counts.
settings.register_profile("ruledsl", deadline=None)
settings.load_profile("ruledsl")
GAMES = ROOT / "games"
BUNDLED = sorted(p for p in GAMES.glob("*.rules"))
EXAMPLES = sorted(p for p in (GAMES / "examples").glob("*.rules"))


@functools.lru_cache(maxsize=None)
def loaded(path: str):
    """A game file, loaded once for every test that plays it."""
    return ruledsl.load(path)


def random_playout(path: str, seed: int, steps: int):
    """(step, state, rng) along a random game under explicit chance: the caller checks (or
    changes) the state before it takes the next random action."""
    state = loaded(path).new_game(seed=seed, chance="explicit")
    rng = random.Random(seed)
    for step in range(steps):
        if state.is_terminal():
            return
        yield step, state, rng
        state.apply(rng.choice(state.legal_labels()))


# Tests (and the commands they start) keep parsed files in a cache folder of their own.
_CACHE = tempfile.mkdtemp(prefix="ruledsl-test-cache-")
os.environ["RULEDSL_CACHE_DIR"] = _CACHE


@pytest.fixture(scope="session", autouse=True)
def _remove_cache():
    yield
    shutil.rmtree(_CACHE, ignore_errors=True)


def without(off) -> tuple:
    """The compiler's passes (ruledsl.load's optimizations) less those named in off ("all": every one)."""
    from ruledsl.runtime.compiler.passes import DEFAULT
    return () if off == "all" else tuple(p for p in DEFAULT if p not in off)


def slow(monkeypatch, off) -> None:
    """Games loaded from now on in this test are made without the passes named in off."""
    monkeypatch.setenv("RULEDSL_SLOW", "all" if off == "all" else ",".join(sorted(off)))


def random_trace(path, seed: int, off: set, monkeypatch, chance: str = "seeded", seats=(None,)) -> list:
    """A seeded random game of a rules file made without the compiler's passes named in off: the
    options of every decision (chance's too, under explicit chance), then the view and log of
    each of seats (None: the public ones) at the end (to compare the passes on and off)."""
    state = ruledsl.load(str(path), players=2, optimizations=without(off)).new_game(seed=seed, chance=chance)
    rng = random.Random(seed)
    trace = []
    while not state.is_terminal():
        labels = state.legal_labels()
        trace.append(labels)
        state.apply(rng.choice(labels))
    for seat in seats:
        trace += [state.view(seat), state.events(seat)]
    return trace


def decided(program, name: str = None) -> set:
    """{(pass, what, line)} the compiler's passes decided in a program (Program.decided); of the
    pass named, {(what, line)}."""
    found = {(p, what, span.line) for p, what, span in program.decided if span is not None}
    return found if name is None else {(what, line) for p, what, line in found if p == name}


def errors_of(text: str, path: str = "t.rules", complete: bool = True) -> list:
    return [d for d in ruledsl.check(path, text, complete=complete) if d.severity == "error"]


@pytest.fixture
def tmp_rules(tmp_path):
    """Write rules files into a temporary folder: tmp_rules("a.rules", text) -> path."""
    def write(name: str, text: str) -> str:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return str(path)
    return write
