"""The bundled games check clean, and a broken copy of each points at the broken line."""
from __future__ import annotations

import re

import pytest

import ruledsl

from .conftest import BUNDLED, EXAMPLES

ALL = BUNDLED + EXAMPLES
# Whole games, not variants: variants are small and may have no rules of their own.
BASES = [p for p in BUNDLED if not p.read_text(encoding="utf-8").startswith("extends") and
         "\nextends " not in p.read_text(encoding="utf-8")]
FOUR = ["haunting_house.rules", "tillinghast.rules", "shining.rules", "unrelenting_other.rules"]


def test_the_four_games_are_bundled():
    names = {p.name for p in BUNDLED}
    assert set(FOUR) <= names


@pytest.mark.parametrize("path", ALL, ids=[p.name for p in ALL])
def test_checks_clean(path):
    errors = [d.headline() for d in ruledsl.check(str(path)) if d.severity == "error"]
    assert errors == []


@pytest.mark.parametrize("path", ALL, ids=[p.name for p in ALL])
def test_loads_at_every_player_count(path):
    definition = ruledsl.load(str(path)).definition
    for count in range(definition.players.low, definition.players.high + 1):
        game = ruledsl.load(str(path), players=count)
        assert len(game.seats) == count


def _first_statement_line(lines: list[str]) -> int:
    """Index of the first `let` line in a rule or flow: a place a statement may go."""
    for i, line in enumerate(lines):
        if re.match(r"^\s+let \w+ = ", line):
            return i
    raise AssertionError("no let statement to break next to")


@pytest.mark.parametrize("path", BASES, ids=[p.name for p in BASES])
def test_an_undefined_name_is_reported_at_its_line(path, tmp_path):
    lines = path.read_text(encoding="utf-8").split("\n")
    i = _first_statement_line(lines)
    indent = re.match(r"^\s*", lines[i]).group(0)
    lines.insert(i + 1, f"{indent}increase nonexistent_counter by 1")
    broken = tmp_path / path.name
    broken.write_text("\n".join(lines), encoding="utf-8")
    _copy_bases(path, tmp_path)
    errors = [d for d in ruledsl.check(str(broken)) if d.severity == "error"]
    assert [(e.line, e.column, e.message) for e in errors] == [
        (i + 2, len(indent) + 10, "'nonexistent_counter' is not defined")]


@pytest.mark.parametrize("path", BASES, ids=[p.name for p in BASES])
def test_a_syntax_error_is_reported_at_its_line(path, tmp_path):
    lines = path.read_text(encoding="utf-8").split("\n")
    i = next(k for k, line in enumerate(lines) if re.match(r"^rule \w+.*:\s*$", line))
    lines[i] = lines[i].rstrip()[:-1]  # drop the colon that opens the rule's block
    broken = tmp_path / path.name
    broken.write_text("\n".join(lines), encoding="utf-8")
    _copy_bases(path, tmp_path)
    with pytest.raises(ruledsl.RulesError) as caught:
        ruledsl.load(str(broken))
    assert (caught.value.line, caught.value.message) == (i + 1, "unexpected end of line")


def _copy_bases(path, folder):
    """A variant needs its base beside it."""
    text = path.read_text(encoding="utf-8")
    for base in re.findall(r'^extends "([^"]+)"', text, re.M):
        (folder / base).write_text((path.parent / base).read_text(encoding="utf-8"), encoding="utf-8")
