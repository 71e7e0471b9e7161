"""`ruledsl check` keeps what it reported of each file on disk (ruledsl/ir/stored.py): a file
checked again, unchanged, with the files it extends unchanged and the same ruledsl, is reported
from there; any change checks it afresh."""
from __future__ import annotations

import importlib

import pytest
from click.testing import CliRunner

from ruledsl.cli.main import cli
from ruledsl.ir import stored

from .test_cli import BROKEN

LOAD = importlib.import_module("ruledsl.load")       # (ruledsl.load is also the function that loads a game)

BASE = 'game "Base"\nplayers 2\nvar health: int = 3, per player\nflow:\n    win players\n'
VARIANT = 'extends "base.rules"\nrule hurt(p):\n    decrease p.helth by 1\n'


@pytest.fixture
def checks(monkeypatch, tmp_path):
    """A disk cache of the test's own, and the number of times files were really checked."""
    monkeypatch.setenv("RULEDSL_CACHE_DIR", str(tmp_path / "cache"))
    made = []
    real = LOAD.load_definition
    monkeypatch.setattr(LOAD, "load_definition", lambda path, *a, **k: made.append(path) or real(path, *a, **k))
    return made


def run(*args):
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.output


def test_an_unchanged_file_is_reported_from_the_disk_cache(checks, tmp_rules):
    path = tmp_rules("broken.rules", BROKEN)
    first = run("check", path)
    assert first[0] == 1 and "a player has no 'helth'" in first[1] and "^" in first[1]
    assert run("check", path) == first                  # the same words, line and caret
    assert run("check", "--format", "json", path)[1].count("helth") == 1
    assert checks == [path]
    with open(path, "a", encoding="utf-8") as f:
        f.write("# an edit\n")
    assert run("check", path)[0] == 1
    assert checks == [path, path]


def test_a_change_to_the_file_a_variant_extends_checks_the_variant_again(checks, tmp_rules):
    base = tmp_rules("base.rules", BASE)
    variant = tmp_rules("variant.rules", VARIANT)
    assert run("check", variant)[0] == 1
    assert run("check", variant)[0] == 1
    assert checks == [variant]
    with open(base, "w", encoding="utf-8") as f:
        f.write(BASE.replace("health", "helth"))         # the variant is right now
    code, out = run("check", variant)
    assert code == 0 and "helth" not in out and "no errors, 1 warning(s)" in out   # (hurt is never run)
    assert checks == [variant, variant]


def test_another_ruledsl_or_no_cache_checks_afresh(checks, tmp_rules, monkeypatch):
    path = tmp_rules("broken.rules", BROKEN)
    run("check", path)
    monkeypatch.setattr(stored, "_code_version", lambda kind=stored.IR: b"another ruledsl")
    run("check", path)
    monkeypatch.setenv("RULEDSL_CACHE", "0")
    run("check", path)
    run("check", path)
    assert checks == [path] * 4


def test_a_missing_file_is_never_kept(checks, tmp_path):
    missing = str(tmp_path / "nowhere.rules")
    assert run("check", missing)[0] != 0
    assert run("check", missing)[0] != 0
    assert len(checks) == 2
