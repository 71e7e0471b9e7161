"""What the game commands share: loading a game, options, seats, records, errors, outcomes."""
from __future__ import annotations

import errno
import functools
import json
import os
import shlex
import sys
import tempfile
from typing import Optional

import attrs
import click

import ruledsl

from .. import records
from ..errors import RulesError
from ..load import bind_options, check_players, load_definition
from ..printable import printable
from ..source import Span
from .report import render


def echo(text: str = "", err: bool = False) -> None:
    """Print a line whose text may come from data (a rules file, a record, a game's log): every
    command prints through here, so a control sequence in data shows escaped, never obeyed.
    Output that cannot be written (a full disk) is a CliError saying so."""
    try:
        click.echo(printable(text), err=err)
    except BrokenPipeError:
        raise
    except OSError as error:
        if err:
            raise
        raise cannot_write("the output", error) from None


def echo_results(text: str, name: str) -> None:
    """Print results that must not be lost (a game's record, a summary of games played): if they
    cannot be written, they are kept in a file aside (keep_aside) and the error says where."""
    try:
        click.echo(printable(text))
    except BrokenPipeError:
        raise
    except OSError as error:
        raise cannot_write("the output", error, keep_aside(name, text)) from None


def cannot_write(what: str, error: OSError, kept: str = "") -> "CliError":
    """The error for something that could not be written (a full disk, a folder that is not
    there or not writable); kept: where what would have been lost was put instead."""
    if what == "the output":
        _leave_stdout()        # what is left in its buffer must not fail again as Python exits
    return CliError(f"error: cannot write {what}: {error.strerror or error}"
                    + (f"\n    the results are kept in {kept}" if kept else ""))


def keep_aside(name: str, text: str) -> str:
    """Write text (results that could not be written where asked) to a new file of the user's
    own in the temporary folder; its path, or "" when even that fails."""
    try:
        fd, path = tempfile.mkstemp(prefix=f"ruledsl-{name}-", suffix=".json")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        return path
    except OSError:
        return ""


def _leave_stdout() -> None:
    """Point standard output at the null device: nothing more can be written to it."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


class CliError(click.ClickException):
    """An error already worded for the user: printed (escaped, see echo) to stderr, exit status 1."""
    exit_code = 1

    def show(self, file=None) -> None:
        echo(self.message, err=True)


def no_traceback(command):
    """Turn an unexpected exception in a command into one line and exit status 1, never a traceback."""
    @functools.wraps(command)
    def wrapper(*args, **kwargs):
        try:
            return command(*args, **kwargs)
        except (click.exceptions.ClickException, click.exceptions.Exit, click.exceptions.Abort,
                SystemExit, KeyboardInterrupt):
            raise
        except BrokenPipeError:  # `ruledsl replay x.json | head`: the reader left; stop quietly
            _leave_stdout()
            raise SystemExit(1) from None
        except Exception as err:  # a bug in ruledsl itself: say so plainly
            raise CliError(f"error: internal error: {type(err).__name__}: {err}\n"
                           "    hint: this is a bug in ruledsl, not in your rules; please report it") from None
    return wrapper


def diagnostics_text(err: RulesError, sources: Optional[dict] = None, where: str = "") -> str:
    """A RulesError as `ruledsl check` prints it; a diagnostic with no place is put at `where`."""
    out = []
    for d in err.diagnostics:
        if d.span.line <= 0 and where and d.span.path in ("<unknown>", "<string>", ""):
            d = attrs.evolve(d, span=Span(where, 0, 0))
        out.append(render(d, sources or {}))
    return "\n".join(out)


def where_text(seed: int, actions: int) -> str:
    """Where a game failed, for error messages: `(seed 7, at action 9)`."""
    return f"(seed {seed}, " + (f"at action {actions})" if actions else "during the set-up)")


def rules_error(err: RulesError, sources: Optional[dict] = None, where: str = "") -> CliError:
    return CliError(diagnostics_text(err, sources, where))


# ------------------------------------------------------------------ options given on the command line

def options_from(values) -> dict:
    """--option K=V pairs as a dict (values stay strings; the game parses them)."""
    options = {}
    for item in values or ():
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise click.BadParameter(f"'{item}' is not NAME=VALUE", param_hint="--option")
        options[key.strip()] = value.strip()
    return options


def option_flags(options: dict) -> list:
    return [f"--option {shlex.quote(f'{k}={v}')}" for k, v in options.items()]


def load_game(path: str, players: Optional[int] = None, options: Optional[dict] = None, flags: bool = True):
    """ruledsl.load, with a broken file as a CliError (exit status 1). With flags (the values came
    from the command line), a missing file, a wrong player count or a bad option is a mistake on
    the command line (exit status 2); without (they came from a record), a CliError too."""
    if flags and not os.path.isfile(path):
        why = "is a folder" if os.path.isdir(path) else "does not exist"
        raise click.BadParameter(f"'{path}' {why}: give the path of a .rules file", param_hint="FILE")
    loaded = load_definition(path)
    if loaded.errors:
        raise rules_error(RulesError(loaded.errors), loaded.sources, path)
    try:
        count = check_players(loaded.definition, players)
    except RulesError as err:
        if flags:
            raise click.BadParameter(err.message, param_hint="--players") from None
        raise rules_error(err, loaded.sources, path) from None
    try:
        values = bind_options(loaded.definition, options or {})
    except RulesError as err:
        if flags:
            raise click.BadParameter(err.message + (f" ({err.diagnostic.hint})" if err.diagnostic.hint else ""),
                                     param_hint="--option") from None
        raise rules_error(err, loaded.sources, path) from None
    return ruledsl.GameDefinition(loaded, count, values, path, options or {})


def seat_index(text: str, seats: list, flag: str) -> int:
    """A seat given as a 1-based number or by name, as a 0-based index; BadParameter otherwise."""
    text = text.strip()
    if text.isdigit() and 1 <= int(text) <= len(seats):
        return int(text) - 1
    if text in seats:
        return seats.index(text)
    shown = ", ".join(f"{i + 1} ({name})" for i, name in enumerate(seats))
    raise click.BadParameter(f"there is no seat '{text}': the seats are {shown}", param_hint=flag)


# ------------------------------------------------------------------ records

def read_record(path: str) -> dict:
    """A record file, its shape checked (ruledsl/records.py); a bad one is a CliError (exit status 1)."""
    try:
        return records.read(path)
    except RulesError as err:
        raise rules_error(err, {}, path) from None


def load_record_game(record: dict, record_path: str, override: Optional[str] = None):
    """The game a record was made with (its path, players and options)."""
    path = records.game_path(record, record_path, override)
    if not override and not path.endswith(".rules"):
        # Not read: an error in a file that is not rules would show its first line.
        raise CliError(f"{record_path}: error: the record's game '{path}' is not a .rules file\n"
                       "    hint: give the rules file's path (ruledsl replay RECORD --game FILE)")
    if not os.path.exists(path):
        named = path if override else record["game"]
        raise CliError(f"{record_path}: error: the record's game file '{named}' does not exist\n"
                       "    hint: a relative path is looked for from the record's folder, then from the current "
                       "one; or give the rules file's path (ruledsl play FILE --resume RECORD, ruledsl replay RECORD --game FILE)")
    return load_game(path, record["players"], {str(k): v for k, v in record.get("options", {}).items()}, flags=False)


def replay_record(game, record: dict, record_path: str, upto: Optional[int] = None):
    """ruledsl.replay with a record that does not fit the game as a CliError."""
    try:
        return ruledsl.replay(game, record, upto=upto)
    except RulesError as err:
        raise rules_error(err, game.sources, record_path) from None


def write_record(path: str, record: dict) -> None:
    """Save a record; its game path is written relative to the record's folder, where replay looks.
    A record that could not be read back (too long a game, too long a title) is not written:
    OSError, as for a file that cannot be written."""
    record = dict(record, game=records.relative_game(record["game"], path))
    found = records.problems(record)
    if found:
        raise OSError(errno.EFBIG, "a record of this game could not be read back: " + "; ".join(found))
    with open(path, "w", encoding="utf-8") as f:
        json.dump(record, f, indent=2)
        f.write("\n")


def save_record(path: str, state, kinds: Optional[list] = None) -> None:
    """Save a game in play: its record, and who played each seat (kinds: "human" or a bot's spec per
    seat), so that `play --resume` goes on with the same bots."""
    record = state.record()
    if kinds:
        record["seats"] = list(kinds)
    write_record(path, record)


def seat_flags(kinds: Optional[list]) -> list:
    """The --seat flags that give each seat its player, where it is not the default (seat 1 a
    human, the others random bots)."""
    default = ["human"] + ["random"] * (len(kinds or ()) - 1)
    return [f"--seat {i + 1}={kind}" for i, (kind, usual) in enumerate(zip(kinds or (), default)) if kind != usual]


def resume_hint(path: str, kinds: Optional[list] = None) -> str:
    """The command that continues a saved game with the same players in every seat."""
    return " ".join(["ruledsl play --resume", shlex.quote(path)] + seat_flags(kinds))


def default_save_name(game_path: str, seed: int) -> str:
    stem = os.path.splitext(os.path.basename(game_path))[0]
    return f"{stem}-{seed}.save.json"


# ------------------------------------------------------------------ outcomes

def fmt_number(x) -> str:
    return f"{round(float(x), 3):g}"


def winners_text(seats: list, state) -> str:
    """`X wins`, `X and O win` (a shared win: a tie for first), `a draw`, `a shared score of N`
    (every seat the same number by `end game returns` of a value that does not read the seat: a
    co-operative score, not a draw), or `no one wins`."""
    won = [seats[i] for i in state.winners()]
    if not won:
        returns = state.returns()
        if len(set(returns)) == 1 and len(returns) > 1 and not state.losers():
            if state.result.shared:
                return f"a shared score of {fmt_number(returns[0])}"
            return "a draw"
        return "no one wins"
    if len(won) == 1:
        return f"{won[0]} wins"
    return ", ".join(won[:-1]) + f" and {won[-1]} win"


def returns_text(seats: list, returns: list) -> str:
    return ", ".join(f"{s} {fmt_number(r)}" for s, r in zip(seats, returns))
