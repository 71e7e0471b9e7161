"""ruledsl: board games written as rules files, checked and played.

    import ruledsl
    game = ruledsl.load("games/examples/dice_race.rules", players=3)
"""
from __future__ import annotations

from collections import OrderedDict
from typing import TYPE_CHECKING, Mapping, Optional

from .errors import Diagnostic, IllegalAction, RulesError
from .load import Loaded, bind_options, check_players, load_definition

if TYPE_CHECKING:
    from .runtime.api import GameState

__all__ = ["load", "forget", "check", "replay", "GameDefinition", "GameState", "Action", "CHANCE", "Diagnostic",
           "RulesError", "IllegalAction"]
__version__ = "0.1.0"

# The interpreter is imported on first use, so that checking a file (and `ruledsl check`) never loads it.
_FROM_RUNTIME = {"CHANCE", "Action", "GameState"}


def __getattr__(name: str):
    if name in _FROM_RUNTIME:
        from .runtime import api
        return getattr(api, name)
    raise AttributeError(f"module 'ruledsl' has no attribute '{name}'")


_new_state = None       # runtime.api.new_state, once the interpreter is imported (see _starter)


def _starter():
    """runtime.api.new_state, imported on the first new game and kept: an import statement run
    for every new game costs more than a search bot's playout of a short game spends starting it."""
    global _new_state
    from .runtime.api import new_state
    _new_state = new_state
    return new_state


class GameDefinition:
    """A checked game with its player count and option values fixed."""

    def __init__(self, loaded: Loaded, players: int, options: dict, path: str = "<string>",
                 given_options: Optional[Mapping] = None, optimizations=None):
        self.definition = loaded.definition
        self.checked = loaded.checked  # what the checker resolved: names, types (check.CheckedGame)
        self.sources = loaded.sources
        self.warnings = loaded.warnings
        self.index = loaded.index      # every declaration and use of a name the checker resolved
        self.players = players
        self.options = options
        self.path = path
        self.given_options = dict(given_options or {})
        # the compiler's passes the program is made with (runtime/compiler/passes; None: the default)
        self.optimizations = optimizations
        self._program = None

    @property
    def program(self):
        """The game compiled for play (built on first use, shared by every state)."""
        if self._program is None:
            from .runtime.compiler.build import build_program
            self._program = build_program(self.checked, self.players, self.options, self.optimizations)
        return self._program

    def new_game(self, seed: int = 0, chance: str = "seeded", muted: bool = False) -> "GameState":
        """A game from its set-up to the first decision. chance="explicit": chance events
        become decisions of their own (state.is_chance(), state.chance_outcomes()). muted: as
        GameState.mute(), from the set-up on (a simulation that reads only how games end)."""
        return (_new_state or _starter())(self, seed, chance, muted=muted)

    def __reduce__(self):
        """A game pickles as its files' texts, players, options and the compiler's passes, and is
        loaded (checked and compiled) again from them, once per process (see _game_again)."""
        texts = {path: source.text for path, source in self.sources.items()}
        passes = None if self.optimizations is None else sorted(self.optimizations)
        return (_game_again, (self.path, self.players, dict(self.given_options), texts, passes))

    @property
    def title(self) -> str:
        return self.definition.title

    @property
    def seats(self) -> list[str]:
        return self.definition.seat_names(self.players)

    @property
    def descriptions(self) -> dict:
        """{how a described thing reads: its description}, from the rules' `describe Name "…"`
        (an enum value or location by its label, a zone by its label, anything else by its name)."""
        defn = self.definition
        labels = {v.name: v.display for e in defn.enums.values() for v in e.values}
        labels.update({loc.name: loc.label or loc.name for b in defn.boards.values() for loc in b.locations})
        labels.update({z.name: z.label or z.name for z in defn.zones.values()})
        if defn.seats:
            labels.update({s.name: s.display for s in defn.seats.seats})
        return {labels.get(d.name, d.name): d.text for d in defn.descriptions}


def check(path: str, text: Optional[str] = None, *, complete: bool = True) -> list[Diagnostic]:
    """Every diagnostic for a rules file (errors first); never raises for a broken file."""
    return load_definition(path, text, complete=complete, sites=False).diagnostics


def load(path: str, players: Optional[int] = None, options: Optional[Mapping[str, object]] = None,
         *, text: Optional[str] = None, optimizations=None) -> GameDefinition:
    """Read and check a rules file; raise RulesError (with .path, .line, .column, .message) on any error.

    optimizations: the names of the compiler's passes to make the game's program with (see
    docs/architecture.md, "The passes"; None: every pass, less those RULEDSL_SLOW names). A game
    loaded again in the same process, with the same player count, options and passes, while none
    of its files changed, is the one loaded before (compiled once): loading it again costs
    reading its files. `forget()` empties what is kept."""
    from .runtime.compiler.passes import chosen
    optimizations = chosen(optimizations)
    key = _loaded_key(path, players, options, text, optimizations)
    kept = _LOADED.get(key) if key is not None else None
    if kept is not None and kept.sources and all(
            (text if source_path == path and text is not None else _read_or_none(source_path)) == source.text
            for source_path, source in kept.sources.items()):
        _LOADED.move_to_end(key)
        return kept
    loaded = load_definition(path, text)
    if loaded.errors:
        raise RulesError(loaded.errors)
    count = check_players(loaded.definition, players)
    values = bind_options(loaded.definition, options or {})
    game = GameDefinition(loaded, count, values, path, options, optimizations)
    if key is not None:
        _LOADED[key] = game
        if players is None:         # also as asked for with its player count written out
            _LOADED[_loaded_key(path, count, options, text, optimizations)] = game
        while len(_LOADED) > _KEPT_GAMES:
            _LOADED.popitem(last=False)
    return game


# The games load() compiled, most recently used last; each is given again while its files are
# unchanged (a bot, a test or a notebook loads the same game many times).
_LOADED: "OrderedDict[tuple, GameDefinition]" = OrderedDict()
_KEPT_GAMES = 16


def forget() -> None:
    """Forget the games load() keeps: the next load of each reads, checks and compiles it anew."""
    _LOADED.clear()


def _loaded_key(path: str, players, options, text, optimizations: frozenset) -> Optional[tuple]:
    """What decides the game load() makes, besides its files' texts; None when it cannot be kept."""
    try:
        given = tuple(sorted((str(k), repr(v)) for k, v in (options or {}).items()))
    except TypeError:
        return None
    return (str(path), players, given, text is not None and hash(text), optimizations)


_UNPICKLED: "OrderedDict[tuple, GameDefinition]" = OrderedDict()


def _game_again(path: str, players: int, given: dict, texts: dict, passes=None) -> GameDefinition:
    """A pickled game again: its files' texts as they were when it was pickled (not as they are
    on disk now), made with the same passes, loaded once per process however many of its states
    are unpickled."""
    passes = None if passes is None else frozenset(passes)
    key = (path, players, repr(sorted((str(k), repr(v)) for k, v in given.items())), tuple(sorted(texts.items())),
           passes)
    game = _UNPICKLED.get(key)
    if game is None:
        loaded = load_definition(path, texts.get(path), reader=texts.get)
        if loaded.errors:
            raise RulesError(loaded.errors)
        game = GameDefinition(loaded, players, bind_options(loaded.definition, given), path, given, passes)
        _UNPICKLED[key] = game
        while len(_UNPICKLED) > _KEPT_GAMES:
            _UNPICKLED.popitem(last=False)
    return game


def _read_or_none(path: str) -> Optional[str]:
    from .files import Unreadable, read_text
    from .limits import MAX_FILE_BYTES
    try:
        return read_text(path, MAX_FILE_BYTES)
    except Unreadable:
        return None


def replay(game: GameDefinition, record: dict, *, upto: Optional[int] = None) -> "GameState":
    """The state a record (state.record()) leads to; RulesError if it does not fit the game."""
    from .runtime.api import replay as _replay
    return _replay(game, record, upto=upto)
