"""The games a server offers: the rules files its host named, each checked once, under a short key.

Visitors choose among these by key; no path from a visitor is ever opened.
"""
from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Optional

import attrs

import ruledsl
from ..errors import RulesError


@attrs.frozen
class OptionField:
    """One option of a game as the new-table form asks for it: its name, what it means, its default."""
    name: str
    doc: str
    default: str


@attrs.frozen
class Entry:
    """A served game: key (in URLs), path (absolute), title, player range, options, how to play."""
    key: str
    path: str
    title: str
    low: int
    high: int
    options: tuple = ()
    seats: tuple = ()
    how_to_play: str = ""


def bundled_paths() -> list:
    """The bundled games and examples, when ruledsl runs from its source tree (else [])."""
    root = Path(ruledsl.__file__).resolve().parent.parent / "games"
    return sorted(root.glob("*.rules")) + sorted((root / "examples").glob("*.rules"))


class Catalog:
    """The served games by key. Files that do not check are kept aside with their error (`broken`)."""

    def __init__(self, paths):
        self.entries: dict = {}
        self.broken: list = []        # (path, the first error's text)
        for path in paths:
            self._add(os.path.abspath(str(path)))

    def _add(self, path: str) -> None:
        try:
            game = ruledsl.load(path)
        except RulesError as err:
            self.broken.append((path, str(err.diagnostics[0].message if err.diagnostics else err)))
            return
        defn = game.definition
        key = base = re.sub(r"[^a-z0-9]+", "-", Path(path).stem.lower()).strip("-") or "game"
        n = 2
        while key in self.entries:
            key, n = f"{base}-{n}", n + 1
        options = tuple(OptionField(name, decl.doc or name.replace("_", " "), _default_text(game, name))
                        for name, decl in defn.options.items())
        self.entries[key] = Entry(key, path, defn.title, defn.players.low, defn.players.high, options,
                                  tuple(defn.seat_names(defn.players.high, display=True)),
                                  (defn.how_to_play.text.strip() if defn.how_to_play else ""))

    def get(self, key: str) -> Optional[Entry]:
        return self.entries.get(key)

    def by_path(self, path: str) -> Optional[Entry]:
        return next((e for e in self.entries.values() if e.path == path), None)

    def __iter__(self):
        return iter(self.entries.values())

    def __len__(self) -> int:
        return len(self.entries)


def _default_text(game, name: str) -> str:
    value = game.options.get(name)
    if isinstance(value, bool):
        return "true" if value else "false"
    return "" if value is None else str(value)
