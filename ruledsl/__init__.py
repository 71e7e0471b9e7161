"""ruledsl: board games written as rules files, checked and played.

    import ruledsl
    game = ruledsl.load("games/examples/dice_race.rules", players=3)
"""
from __future__ import annotations

from typing import Mapping, Optional

from .errors import Diagnostic, IllegalAction, RulesError
from .load import Loaded, bind_options, check_players, load_definition

__all__ = ["load", "check", "GameDefinition", "Diagnostic", "RulesError", "IllegalAction"]
__version__ = "0.1.0"


class GameDefinition:
    """A checked game with its player count and option values fixed."""

    def __init__(self, loaded: Loaded, players: int, options: dict):
        self.definition = loaded.definition
        self.sources = loaded.sources
        self.warnings = loaded.warnings
        self.players = players
        self.options = options

    @property
    def title(self) -> str:
        return self.definition.title

    @property
    def seats(self) -> list[str]:
        return self.definition.seat_names(self.players)


def check(path: str, text: Optional[str] = None, *, complete: bool = True) -> list[Diagnostic]:
    """Every diagnostic for a rules file (errors first); never raises for a broken file."""
    return load_definition(path, text, complete=complete).diagnostics


def load(path: str, players: Optional[int] = None, options: Optional[Mapping[str, object]] = None,
         *, text: Optional[str] = None) -> GameDefinition:
    """Read and check a rules file; raise RulesError (with .path, .line, .column, .message) on any error."""
    loaded = load_definition(path, text)
    if loaded.errors:
        raise RulesError(loaded.errors)
    count = check_players(loaded.definition, players)
    values = bind_options(loaded.definition, options or {})
    return GameDefinition(loaded, count, values)
