"""Game records (state.record()) as data: reading one from a file and checking its shape.

A record may come from anyone, so every field is checked for its type and
size before any of it is used: a damaged or hostile record is a RulesError
that says what is wrong, never a crash, a hang or a file read by mistake.
"""
from __future__ import annotations

import json
import os
from typing import Callable, Optional

from .errors import error
from .files import Unreadable, read_text
from .limits import (MAX_LABEL_CHARS, MAX_PLAYERS, MAX_RECORD_ACTIONS, MAX_RECORD_BYTES, MAX_SEED_DIGITS,
                     with_commas)
from .source import UNKNOWN, Span

FORMAT = "ruledsl-record"
VERSION = 1
MAX_TEXT = 1_000          # characters of the record's other texts (title, option names and values)
MAX_OPTIONS = 100


def _text(value) -> bool:
    return type(value) is str and len(value) <= MAX_TEXT


def _whole(value) -> bool:
    return type(value) is int            # bool is a subclass of int, and not a number here


def _players(value) -> bool:
    return _whole(value) and 1 <= value <= MAX_PLAYERS


def _seed(value) -> bool:
    return _whole(value) and abs(value) < 10 ** MAX_SEED_DIGITS     # str() of a huge int would raise


def _game(value) -> bool:
    return _text(value) and value != "" and "\0" not in value


def _options(value) -> bool:
    return (type(value) is dict and len(value) <= MAX_OPTIONS
            and all(_text(k) and (_text(v) or type(v) in (int, bool) and abs(v) < 10 ** MAX_TEXT)
                    for k, v in value.items()))


def _actions(value) -> bool:
    return (type(value) is list and len(value) <= MAX_RECORD_ACTIONS
            and all(type(a) is str and len(a) <= MAX_LABEL_CHARS for a in value))


def _seats(value) -> bool:
    return type(value) is list and len(value) <= MAX_PLAYERS and all(_text(k) and k for k in value)


def _returns(value) -> bool:
    return value is None or (type(value) is list and len(value) <= MAX_PLAYERS
                             and all(type(r) in (int, float) for r in value))


# field: (required, test, what it must be)
SCHEMA: dict[str, tuple[bool, Callable, str]] = {
    "format": (True, lambda v: v == FORMAT, f'"{FORMAT}"'),
    "version": (True, lambda v: _whole(v) and v == VERSION, f"{VERSION}, the version this ruledsl reads"),
    "game": (True, _game, "the path of the rules file"),
    "title": (False, _text, "the game's title"),
    "players": (True, _players, f"a whole number of players from 1 to {MAX_PLAYERS}"),
    "options": (False, _options, "an object of option names and values"),
    "seed": (True, _seed, f"a whole number of at most {MAX_SEED_DIGITS} digits"),
    "chance": (False, lambda v: v in ("seeded", "explicit"), '"seeded" or "explicit"'),
    "actions": (True, _actions, f"a list of at most {with_commas(MAX_RECORD_ACTIONS)} action labels, "
                                f"each at most {with_commas(MAX_LABEL_CHARS)} characters"),
    "returns": (False, _returns, "a list of numbers, one per seat, or null"),
    # who played each seat in `ruledsl play` ("human", or a bot's spec): `--resume` goes on with them
    "seats": (False, _seats, "a list of who plays each seat (human, or a bot such as mcts:1s)"),
}


def problems(record: dict) -> list[str]:
    """What is wrong with the fields of a record of this version, one phrase each; [] when sound."""
    found = []
    for name, (required, test, what) in SCHEMA.items():
        if name not in record:
            if required:
                found.append(f"'{name}' is missing")
        elif not test(record[name]):
            found.append(f"'{name}' must be {what}")
    unknown = sorted(k for k in record if k not in SCHEMA)
    if unknown:
        shown = ", ".join(repr(k[:40]) for k in unknown[:5]) + (", …" if len(unknown) > 5 else "")
        found.append(f"it has fields no version {VERSION} record has: {shown}")
    return found


def check(record, where: Optional[str] = None) -> dict:
    """The record itself if its shape is sound; RulesError saying what is wrong otherwise
    (placed at the file `where`, if the record was read from one)."""
    place = Span(where, 0, 0) if where else UNKNOWN
    if type(record) is not dict or record.get("format") != FORMAT:
        raise error(place, "this is not a ruledsl record",
                    "records are written by `ruledsl play` (save), `ruledsl run --json` and state.record()")
    version = record.get("version")
    if _whole(version) and version != VERSION:
        shown = f"version {version:,}" if abs(version) < 10**9 else "an unknown version"
        raise error(place, f"this record is of {shown} of the record format; this ruledsl reads version {VERSION}",
                    "replay it with the ruledsl that wrote it")
    found = problems(record)
    if found:
        raise error(place, "the record is damaged: " + "; ".join(found),
                    "records are written by ruledsl; was this one edited by hand or cut short?")
    return record


def read(path: str) -> dict:
    """The checked record in the file at path; RulesError (placed at path) for any problem."""
    try:
        text = read_text(path, MAX_RECORD_BYTES, "a record")
    except Unreadable as err:
        raise error(Span(path, 0, 0), f"cannot read '{path}': {err}") from None
    return check(parse(text, path), path)


def parse(text: str, path: str):
    """JSON text as data; RulesError for text that is not JSON, or JSON that Python cannot read
    (nested thousands deep, numbers of thousands of digits)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise error(Span(path, err.lineno, err.colno), f"the record is damaged: not valid JSON ({err.msg})") from None
    except RecursionError:
        raise error(Span(path, 0, 0), "the record is damaged: its JSON nests far too deeply") from None
    except ValueError:              # Python reads no number of over 4,300 digits
        raise error(Span(path, 0, 0), "the record is damaged: a number in it is thousands of digits long") from None
    return data


def game_path(record: dict, record_path: str, override: Optional[str] = None) -> str:
    """The rules file a record names: `override` if given; else its `game`, relative to the
    record's folder (where `ruledsl play` saves it), or failing that to the current folder
    (where `ruledsl run --json` was run)."""
    if override:
        return override
    game = record["game"]
    if os.path.isabs(game):
        return game
    beside = os.path.join(os.path.dirname(record_path), game)
    return beside if os.path.exists(beside) or not os.path.exists(game) else game


def relative_game(game_path_: str, record_path: str) -> str:
    """The path to write in a record saved at record_path so that game_path finds the game."""
    try:
        return os.path.relpath(os.path.abspath(game_path_), os.path.dirname(os.path.abspath(record_path)))
    except ValueError:            # another drive (Windows): keep the absolute path
        return os.path.abspath(game_path_)
