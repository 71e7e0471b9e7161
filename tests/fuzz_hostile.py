"""Hostile inputs beside the mutants of tests/fuzz.py: what a rules file from a pull request, a
downloaded record or an editor may hand ruledsl (issue 43 and 47's classes).

Each case is made from a seed by one of the generators below, and what must hold of it:

- files that are not rules files (links to /proc, to files of another kind, in a loop; FIFOs,
  devices, folders, files with NUL characters, files over the limit), named on the command
  line or by `extends`: a diagnostic naming the file, never a line of what it leads to;
- control characters in titles, labels, announcements and records: the transcript, the
  replay and the errors that print them hold none a terminal would obey;
- editor buffers of every size up to megabytes: a located answer, in seconds;
- long records (near and over the action limit, labels near and over the label limit, fields
  edited): a RulesError or a replay, never another exception;
- long labels made in play: a located RulesError when taken, a record that reads back if not.

`run(count, first_seed, budget)` returns an Outcome (tests/fuzz.py) naming every failure by class.
"""
from __future__ import annotations

import json
import os
import random
import signal
import tempfile
import traceback
from pathlib import Path

from click.testing import CliRunner

import ruledsl
from ruledsl.cli.main import cli
from ruledsl.limits import MAX_FILE_BYTES, MAX_LABEL_CHARS, MAX_RECORD_ACTIONS

from .fuzz import Outcome, _alarm, _Hang, run_seeds

SECRET = "s3cret-token-for-fuzz"
TIME_LIMIT = 30          # CPU seconds a case may take (the slowest, a buffer near the limit, takes a few)
OBEYED = [chr(c) for c in list(range(0x00, 0x09)) + list(range(0x0b, 0x20)) + list(range(0x7f, 0xa0))] + \
    ["\u202e", "\u2066", "\u2028"]
BASE = 'game "base"\nplayers 2\nflow:\n    win players\n'


def _escape(char: str) -> str:
    return f"\\u{ord(char):04x}"


def _obeyed_in(text: str) -> list:
    return [c for c in set(text) if c in OBEYED and c not in "\n\t"]


def _invoke(*args, input=None) -> tuple:
    result = CliRunner().invoke(cli, [str(a) for a in args], input=input)
    return result.exit_code, result.output, result.exception


# ---------------------------------------------------------------- files that are not rules files

def _special_target(folder: Path, rng: random.Random):
    """A path to something that is not a rules file, and a name to give a link to it."""
    kind = rng.choice(["proc", "other kind", "loop", "fifo", "device", "folder", "nul", "too big", "missing"])
    secret = folder / "credentials"
    secret.write_text(f"token = {SECRET}\n", encoding="utf-8")
    if kind == "proc":
        return kind, Path(rng.choice(["/proc/self/environ", "/proc/self/status", "/proc/self/cmdline",
                                      "/proc/self/maps"]))
    if kind == "other kind":
        return kind, secret
    if kind == "loop":
        (folder / "loop_a.rules").symlink_to(folder / "loop_b.rules")
        (folder / "loop_b.rules").symlink_to(folder / "loop_a.rules")
        return kind, folder / "loop_a.rules"
    if kind == "fifo" and hasattr(os, "mkfifo"):
        os.mkfifo(folder / "pipe.rules")
        return kind, folder / "pipe.rules"
    if kind == "device":
        return kind, Path(rng.choice(["/dev/zero", "/dev/urandom", "/dev/null"]))
    if kind == "folder":
        return kind, folder
    if kind == "nul":
        (folder / "nul.rules").write_bytes(BASE.encode() + b"\0" + SECRET.encode())
        return kind, folder / "nul.rules"
    if kind == "too big":
        (folder / "big.rules").write_text(BASE + "#" * (MAX_FILE_BYTES + rng.randrange(1, 1000)) + "\n" + SECRET,
                                          encoding="utf-8")
        return kind, folder / "big.rules"
    return "missing", folder / "nowhere.rules"


def special_file(seed: int, outcome: Outcome) -> None:
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        kind, target = _special_target(folder, rng)
        named = target
        if rng.random() < 0.7:                       # reached through a link named as a rules file
            named = folder / "env.rules"
            named.symlink_to(target)
        variant = folder / "v.rules"
        variant.write_text(f'extends "{os.path.relpath(named, folder)}"\n', encoding="utf-8")
        paths = [str(variant)]
        if not (kind == "other kind" and named == target):      # a file of the user's naming is read
            paths.append(str(named))
        for path in paths:
            diagnostics = ruledsl.check(path)
            if not [d for d in diagnostics if d.severity == "error"]:
                outcome.record(f"special file read as rules ({kind})", seed, Path(path), str(target))
            for d in diagnostics:
                said = d.message + d.hint
                if SECRET in said or "PATH=" in said or "VmRSS" in said:
                    outcome.record(f"special file quoted ({kind})", seed, Path(path), d.message[:200])
                if d.severity == "error" and d.span.path not in (path, str(named)):
                    outcome.record(f"special file: diagnostic placed elsewhere ({kind})", seed, Path(path),
                                   d.headline()[:200])


# ---------------------------------------------------------------- control characters

def control_text(seed: int, outcome: Outcome) -> None:
    rng = random.Random(seed)

    def nasty() -> str:
        picks = [rng.choice(OBEYED) for _ in range(rng.randint(1, 4))]
        return "".join(_escape(c) if rng.random() < 0.8 else (c if c not in '"\\\n\r\u2028' else "") for c in picks)
    text = (f'game "T{nasty()}"\nplayers 2\nflow:\n    announce "{nasty()}a{nasty()}"\n'
            f'    choose by P1:\n        option "go{nasty()}":\n            announce "{nasty()}"\n'
            f'        option "stay{nasty()}":\n            pass\n    win players\n')
    with tempfile.TemporaryDirectory() as tmp:
        game = Path(tmp) / "c.rules"
        game.write_text(text, encoding="utf-8")
        outputs = []
        code, out, err = _invoke("run", game, "--seed", seed, "--transcript")
        outputs.append(out)
        code, record, err = _invoke("run", game, "--seed", seed, "--json")
        if code == 0:
            data = json.loads(record)
            if rng.random() < 0.5:
                data["game"] = f"g{rng.choice(OBEYED)}.rules"
            if rng.random() < 0.5:
                data["options"] = {f"o{rng.choice(OBEYED)}": "x"}
            path = Path(tmp) / "r.json"
            path.write_text(json.dumps(data), encoding="utf-8")
            outputs.append(_invoke("replay", path)[1])
        outputs.append(_invoke("check", game)[1])
        for out in outputs:
            if _obeyed_in(out):
                outcome.record("control character printed raw", seed, game, repr(out[:200]))


# ---------------------------------------------------------------- editor buffers

def editor_buffer(seed: int, outcome: Outcome) -> None:
    from ruledsl.lsp.analysis import Documents, norm
    rng = random.Random(seed)
    source = rng.choice(sorted((Path(__file__).resolve().parent.parent / "games").glob("*.rules")))
    text = source.read_text(encoding="utf-8")
    size = rng.choice([MAX_FILE_BYTES - 100, MAX_FILE_BYTES + 1, 1 << 20, 5 << 20, rng.randrange(1, 1 << 16)])
    buffer = (text * (size // max(len(text), 1) + 1))[:size]
    if rng.random() < 0.3:
        buffer = "".join(rng.choice("ab(\n\t\"{}") for _ in range(min(size, 200_000)))
    path = str(source.parent / f"buffer-{seed}.rules")
    analysis = Documents.compute(path, 1, {norm(path): buffer})
    for d in analysis.loaded.diagnostics:
        if d.severity == "error" and (d.span.path != path and not d.span.path.endswith(".rules")):
            outcome.record("editor buffer: unplaced diagnostic", seed, source, d.headline()[:200])
    if len(buffer.encode()) > MAX_FILE_BYTES and not analysis.loaded.errors:
        outcome.record("editor buffer over the limit checked", seed, source, str(len(buffer)))


# ---------------------------------------------------------------- long records and labels

LABELS = '''game "labels"
players 2
const pad = "%s"
var n: int = 0
flow:
    repeat:
        for each p in players:
            turn p:
                choose:
                    option "tick {pad}":
                        increase n by 1
                    option "stop" if n > %d:
                        win [p]
'''


def long_record(seed: int, outcome: Outcome) -> None:
    rng = random.Random(seed)
    pad = "x" * rng.choice([0, 10, MAX_LABEL_CHARS - 6, MAX_LABEL_CHARS - 5, MAX_LABEL_CHARS, 3 * MAX_LABEL_CHARS])
    stop = rng.choice([5, 50, 500])
    game = ruledsl.load("labels.rules", text=LABELS % (pad, stop))
    state = game.new_game(seed=seed)
    label_too_long = len(f"tick {pad}") > MAX_LABEL_CHARS
    try:
        while not state.is_terminal() and len(state.actions_taken) < stop + 4:
            state.apply(rng.choice(state.legal_actions()))
    except ruledsl.RulesError as err:
        if not (label_too_long and err.line == 9):
            outcome.record("long label: error elsewhere", seed, Path("labels.rules"), err.message[:200])
        return
    if label_too_long:
        outcome.record("long label taken without an error", seed, Path("labels.rules"), str(len(pad)))
        return
    record = state.record()
    edit = rng.choice(["none", "title", "more actions", "long action", "returns", "seed", "players", "control"])
    if edit == "title":
        record["title"] = rng.choice(["", "labels ", "x" * 2000])
    elif edit == "more actions":
        record["actions"] = record["actions"] + ["tick"] * rng.choice([1, MAX_RECORD_ACTIONS])
    elif edit == "long action":
        record["actions"] = record["actions"][:-1] + ["t" * rng.choice([MAX_LABEL_CHARS, MAX_LABEL_CHARS + 1])]
    elif edit == "returns":
        record["returns"] = rng.choice([None, [0.5, 0.5], [1], "x"])
    elif edit == "seed":
        record["seed"] = rng.choice([10 ** 19, 10 ** 20, -1, True])
    elif edit == "players":
        record["players"] = rng.choice([1, 3, 0, 101])
    elif edit == "control":
        record["actions"] = [a + rng.choice(OBEYED) for a in record["actions"]]
    try:
        again = ruledsl.replay(game, json.loads(json.dumps(record)))
        if edit in ("title", "more actions", "players", "control") and record != state.record():
            outcome.record(f"record edited ({edit}) accepted", seed, Path("labels.rules"), "")
        elif again.actions_taken != state.actions_taken and edit == "none":
            outcome.record("record replayed to another state", seed, Path("labels.rules"), "")
    except ruledsl.RulesError as err:
        if edit == "none":
            outcome.record("own record refused", seed, Path("labels.rules"), err.message[:200])
        for c in _obeyed_in(err.message):
            outcome.record("record error carries a control character", seed, Path("labels.rules"), repr(c))


GENERATORS = [special_file, control_text, editor_buffer, long_record]


def try_case(seed: int, outcome: Outcome) -> None:
    generator = GENERATORS[seed % len(GENERATORS)]
    outcome.tried += 1
    old = signal.signal(signal.SIGPROF, _alarm) if hasattr(signal, "SIGPROF") else None
    if old is not None:
        signal.setitimer(signal.ITIMER_PROF, TIME_LIMIT)
    try:
        generator(seed, outcome)
        outcome.clean += 1
    except _Hang:
        outcome.record(f"hang in {generator.__name__} (over {TIME_LIMIT} s)", seed, Path(generator.__name__), "")
    except Exception as err:
        outcome.record(f"{type(err).__name__} in {generator.__name__}", seed, Path(generator.__name__),
                       "".join(traceback.format_exception(err))[-600:])
    finally:
        if old is not None:
            signal.setitimer(signal.ITIMER_PROF, 0)
            signal.signal(signal.SIGPROF, old)


def run(count: int, first_seed: int = 0, budget=None) -> Outcome:
    return run_seeds(try_case, count, first_seed, budget)
