"""No input, however broken, gives a Python traceback: checking always returns diagnostics."""
from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings, strategies as st

import ruledsl

from .conftest import BUNDLED, EXAMPLES

SOURCES = [p.read_text(encoding="utf-8") for p in BUNDLED + EXAMPLES]
TOKENS = ["game", "players", "flow:", "rule", "choose", "from", "where", "by", "move", "to", ":", "(", ")",
          "[", "]", "{", "}", "..", "-", "->", "\n", "\n    ", "\n        ", '"', '"""', "#", "x", "1", "each",
          "in", "if", "else:", "repeat", "option", "zone", "kind", "board", "grid", "map:", "+---+", "|", "win"]


def assert_diagnoses(text: str) -> None:
    diagnostics = ruledsl.check("fuzz.rules", text)
    for d in diagnostics:
        assert d.severity in ("error", "warning")
        assert d.message
        assert d.span.path == "fuzz.rules"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=200))
def test_random_text_never_raises(text):
    assert_diagnoses(text)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(TOKENS), max_size=40))
def test_token_soup_never_raises(tokens):
    assert_diagnoses(" ".join(tokens))


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0), st.integers(min_value=0, max_value=4), st.sampled_from(TOKENS + [""]))
def test_mutated_games_never_raise(seed, op, token):
    """Delete, duplicate, insert or swap lines and characters of the bundled games."""
    rng = random.Random(seed)
    text = rng.choice(SOURCES)
    lines = text.split("\n")
    i = rng.randrange(len(lines))
    if op == 0:
        del lines[i]
    elif op == 1:
        lines.insert(i, lines[rng.randrange(len(lines))])
    elif op == 2:
        col = rng.randrange(len(lines[i]) + 1)
        lines[i] = lines[i][:col] + token + lines[i][col:]
    elif op == 3 and lines[i]:
        col = rng.randrange(len(lines[i]))
        lines[i] = lines[i][:col] + lines[i][col + 1:]
    else:
        j = rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    assert_diagnoses("\n".join(lines))


def test_deep_parentheses_are_fine():
    text = 'game "x"\nplayers 2\nconst c = ' + "(" * 3000 + "1" + ")" * 3000 + "\nflow:\n    win players\n"
    assert [d for d in ruledsl.check("deep.rules", text) if d.severity == "error"] == []


def test_runaway_nesting_is_an_error_not_a_crash():
    text = 'game "x"\nplayers 2\nconst c = ' + "- " * 20000 + "1\nflow:\n    win players\n"
    errors = [d for d in ruledsl.check("deep.rules", text) if d.severity == "error"]
    assert [(d.line, d.column, d.message) for d in errors] == [(3, 11 + 2 * 98, "this nests more than 100 levels deep")]
