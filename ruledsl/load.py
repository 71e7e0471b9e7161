"""Reading a rules file and the files it extends, checking them, binding options.

This is the front door of the pipeline: text → tree → IR → merged GameDef →
checked game definition.
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable, Mapping, Optional

import attrs

from .check import CheckedGame, check_game
from .check.index import Index
from .errors import Diagnostic, RulesError
from .files import Unreadable, read_text
from .ir import nodes as n
from .ir import stored
from .ir.incremental import build_file
from .ir.game import GameDef, merge
from .limits import MAX_EXTENDS_DEPTH, MAX_FILE_BYTES, MAX_GAME_BYTES, with_commas
from .printable import quoted
from .source import Source, Span


@attrs.define
class Loaded:
    """What loading produced: the merged definition, its sources, every diagnostic, and what the
    checker resolved (check.CheckedGame; None when the files could not be read or parsed)."""
    definition: Optional[GameDef]
    sources: dict
    diagnostics: list
    checked: Optional[CheckedGame] = None

    @property
    def index(self) -> Optional[Index]:
        """Every declaration and use of a name (check/index.py)."""
        return self.checked.index if self.checked is not None else None

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "error"]

    @property
    def warnings(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "warning"]


def _identity(path: str) -> str:
    """The same text for every path to one file (to find files that extend each other in a circle)."""
    try:
        return str(Path(path).resolve())
    except (OSError, ValueError, RuntimeError):        # (RuntimeError: links in a loop)
        return path


def _shown(path: str) -> str:
    """A path as messages quote it: control characters escaped, a very long one cut."""
    return quoted(path, 200)


def _bytes(text: str) -> int:
    """A text's size in UTF-8, as a file's size on disk is counted."""
    return len(text) if text.isascii() else len(text.encode("utf-8", "surrogatepass"))


def read_files(path: str, text: Optional[str] = None, reader: Optional[Callable[[str], Optional[str]]] = None
               ) -> tuple[list[n.RulesFile], dict, list[Diagnostic]]:
    """The file at `path` and every file it extends, base first. reader(path) gives the text
    of a file when it has it (an editor's unsaved buffer), or None to read it from disk."""
    sources: dict[str, Source] = {}
    chain: list[n.RulesFile] = []
    seen: list[str] = []
    current, current_text, via = path, text, None
    total = 0
    while True:
        if current_text is None and reader is not None:
            current_text = reader(current)
        from_disk = current_text is None
        if from_disk:
            try:
                current_text = read_text(current, MAX_FILE_BYTES)
            except Unreadable as err:
                span = via.span if via else Span(current, 0, 0)
                return chain, sources, [Diagnostic("error", span, f"cannot read '{_shown(current)}': {err}",
                                                   "check the path; `extends` paths are relative to the file that names them" if via else "")]
        size = _bytes(current_text)
        if size > MAX_FILE_BYTES:       # a text given, not read (an editor's buffer): the same limit
            return chain, sources, [Diagnostic("error", via.span if via else Span(current, 1, 1),
                                               f"'{_shown(current)}' is {with_commas(size)} bytes; a rules file may be "
                                               f"at most {with_commas(MAX_FILE_BYTES)}", "split it into a base and variants")]
        total += size
        if total > MAX_GAME_BYTES:
            return chain, sources, [Diagnostic("error", via.span,
                                               f"with '{_shown(current)}' the files of this game come to "
                                               f"{with_commas(total)} bytes; together they may be at most "
                                               f"{with_commas(MAX_GAME_BYTES)}",
                                               "a variant need only say what it changes of the game it extends")]
        sources[current] = Source(current, current_text)
        try:
            rules_file = build_file(current_text, current, keep_on_disk=from_disk)
        except RulesError as err:
            return chain, sources, err.diagnostics
        except RecursionError:
            return chain, sources, [Diagnostic("error", Span(current, 1, 1), "this file nests too deeply to read",
                                               "split long expressions into `let` steps")]
        chain.insert(0, rules_file)
        seen.append(_identity(current))
        extends = [d for d in rules_file.decls if isinstance(d, n.Extends)]
        if not extends:
            return chain, sources, []
        if len(extends) > 1:
            return chain, sources, [Diagnostic("error", extends[1].span, "a file may extend only one other file")]
        via = extends[0]
        if not via.path.endswith(".rules"):
            # Refused unread: an error in a file that is not rules would show its first line.
            return chain, sources, [Diagnostic("error", via.span, f"'{_shown(via.path)}' is not a .rules file",
                                               "a file may extend only another rules file, whose name ends in .rules")]
        base = str(Path(current).parent / via.path)
        if _identity(base) in seen:
            return chain, sources, [Diagnostic("error", via.span, f"'{via.path}' is already being extended: the files extend each other in a circle",
                                               "a variant extends its base; the base must not extend the variant")]
        if len(seen) >= MAX_EXTENDS_DEPTH:
            return chain, sources, [Diagnostic("error", via.span, f"this makes a chain of more than {MAX_EXTENDS_DEPTH} files extending each other",
                                               "extend the base game directly rather than a variant of a variant")]
        current, current_text = base, None


def load_definition(path: str, text: Optional[str] = None, *, complete: bool = True,
                    reader: Optional[Callable[[str], Optional[str]]] = None, sites: bool = True) -> Loaded:
    """Read, merge and check; never raises for a broken file (see .diagnostics).
    reader: as for read_files. sites: as for check_game (False where nothing will be run)."""
    files, sources, problems = read_files(path, text, reader)
    if problems:
        return Loaded(None, sources, problems)
    definition, problems = merge(files)
    checked = None
    try:
        checked = check_game(definition, complete=complete, sites=sites)
        problems = problems + checked.diagnostics
    except RecursionError:
        problems = problems + [Diagnostic("error", Span(path, 1, 1), "an expression in this file nests too deeply to check",
                                          "split long expressions into `let` steps")]
    return Loaded(definition, sources, _dedupe(problems), checked)


def reported(path: str) -> Loaded:
    """What `ruledsl check` reports of the file at path: its sources and diagnostics, taken from
    the disk cache (ir/stored.py) when neither it, nor a file it extends, nor ruledsl changed
    since they were last reported; its definition is then None."""
    try:
        text = read_text(path, MAX_FILE_BYTES)
    except Unreadable:
        return load_definition(path, sites=False)          # which says why
    kept = stored.fetch(path, text, stored.REPORT)
    if kept is not None:
        texts, diagnostics = kept
        if all(_reads(other, was) for other, was in texts.items() if other != path):
            return Loaded(None, {p: Source(p, t) for p, t in texts.items()}, diagnostics)
    loaded = load_definition(path, sites=False)
    checked = loaded.sources.get(path)
    if loaded.definition is not None and checked is not None:
        texts = {p: source.text for p, source in loaded.sources.items()}
        stored.store(path, checked.text, (texts, loaded.diagnostics), stored.REPORT)
    return loaded


def _reads(path: str, text: str) -> bool:
    try:
        return read_text(path, MAX_FILE_BYTES) == text
    except Unreadable:
        return False


def _dedupe(diagnostics: list[Diagnostic], cap: int = 200) -> list[Diagnostic]:
    seen = set()
    out = []
    for d in diagnostics:
        key = (d.severity, d.span.path, d.span.line, d.span.column, d.message)
        if key not in seen:
            seen.add(key)
            out.append(d)
    out.sort(key=lambda d: (d.severity != "error", d.span.path, d.span.line, d.span.column))
    return out[:cap]


def bind_options(definition: GameDef, given: Mapping[str, object]) -> dict:
    """Option values: the defaults, overridden by those given (strings are parsed)."""
    from .check.options import resolve_options
    return resolve_options(definition, given)


def check_players(definition: GameDef, players: Optional[int]) -> int:
    low, high = definition.players.low, definition.players.high
    if players is None:
        return low
    if not isinstance(players, int) or not low <= players <= high:
        raise RulesError(Diagnostic("error", definition.players.span,
                                    f"{definition.title} is for {low} to {high} players, not {players}" if low != high
                                    else f"{definition.title} is for {low} players, not {players}",
                                    f"choose a number of players from {low} to {high}"))
    return players
