"""Shared test helpers: paths and a small way to check rules text."""
from __future__ import annotations

from pathlib import Path

import pytest

import ruledsl

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "games"
BUNDLED = sorted(p for p in GAMES.glob("*.rules"))
EXAMPLES = sorted(p for p in (GAMES / "examples").glob("*.rules"))


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
