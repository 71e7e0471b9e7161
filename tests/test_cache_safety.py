"""The disk cache runs no code and believes nothing it did not write (issue 43, "code from data").

The cache folder is the user's own (0700, owner checked), its entries are data (JSON, never a
pickle) authenticated by a key kept in it, and the parser's tables are kept there too, never
in the shared temporary folder where Lark's own `cache=True` put a pickle anyone could plant.
"""
from __future__ import annotations

import hashlib
import json
import os
import pickle
import stat
import subprocess
import sys

import pytest
from click.testing import CliRunner

from ruledsl import cachedir
from ruledsl.cli.main import cli
from ruledsl.ir import stored

from .conftest import ROOT
from .test_cli import BROKEN

CLEAN = 'game "x"\nplayers 2\nflow:\n    win players\n'


@pytest.fixture
def cache(monkeypatch, tmp_path):
    folder = tmp_path / "cache"
    monkeypatch.setenv("RULEDSL_CACHE_DIR", str(folder))
    return folder


def check(path):
    result = CliRunner().invoke(cli, ["check", path])
    return result.exit_code, result.output


class Planted:
    """A pickle that, once loaded, leaves a file behind: the proof that loading ran code."""

    def __init__(self, marker):
        self.marker = str(marker)

    def __reduce__(self):
        return (open, (self.marker, "w"))


def _old_name(folder, path: str, text: str, kind: str):
    """Where ruledsl before issue 43 looked for an entry: a name anyone could compute."""
    digest = hashlib.sha256(stored._code_version(kind))
    digest.update(path.encode() + b"\0" + text.encode())
    return folder / f"{digest.hexdigest()}.pickle"


def test_a_planted_entry_runs_no_code(cache, tmp_rules, tmp_path):
    path = tmp_rules("broken.rules", BROKEN)
    cache.mkdir(mode=0o700)
    marker = tmp_path / "ran"
    exploit = pickle.dumps(Planted(marker))
    for kind in (stored.IR, stored.REPORT):
        _old_name(cache, path, BROKEN, kind).write_bytes(exploit)
    code, out = check(path)
    assert code == 1 and "a player has no 'helth'" in out
    assert not marker.exists()
    assert not list(cache.glob("*.pickle"))           # entries of the old kind are cleared away
    # Under the names used now, with a made-up tag: refused before anything is decoded.
    for kind in (stored.IR, stored.REPORT):
        (cache / stored.kept(path, BROKEN, kind)).write_bytes(cachedir.MAGIC + b"0" * 64 + b"\n" + exploit)
    assert check(path)[0] == 1 and not marker.exists()


def test_a_planted_report_does_not_make_a_broken_file_check_clean(cache, tmp_rules):
    path = tmp_rules("broken.rules", BROKEN)
    clean = json.dumps({"texts": {path: BROKEN}, "diagnostics": []}).encode()
    name = stored.kept(path, BROKEN, stored.REPORT)
    cache.mkdir(mode=0o700)
    (cache / name).write_bytes(cachedir.MAGIC + b"0" * 64 + b"\n" + clean)
    assert check(path)[0] == 1
    # A report tagged under another folder's key (copied from someone else's cache) is refused too.
    (cache / name).write_bytes(cachedir.MAGIC + _tag(os.urandom(32), clean) + b"\n" + clean)
    code, out = check(path)
    assert code == 1 and "helth" in out


def _tag(key: bytes, payload: bytes) -> bytes:
    import hmac
    return hmac.new(key, payload, hashlib.sha256).hexdigest().encode()


def test_the_folder_and_its_entries_are_private(cache, tmp_rules):
    path = tmp_rules("clean.rules", CLEAN)
    assert check(path)[0] == 0
    assert stat.S_IMODE(cache.stat().st_mode) == 0o700
    entries = list(cache.iterdir())
    assert {p.name for p in entries} >= {"key", stored.kept(path, CLEAN, stored.IR), stored.kept(path, CLEAN, stored.REPORT)}
    assert all(stat.S_IMODE(p.stat().st_mode) == 0o600 for p in entries)


def test_a_folder_of_ours_open_to_others_is_closed_first(cache, tmp_rules):
    cache.mkdir()
    os.chmod(cache, 0o777)
    path = tmp_rules("clean.rules", CLEAN)
    assert check(path)[0] == 0
    assert stat.S_IMODE(cache.stat().st_mode) == 0o700
    assert (cache / stored.kept(path, CLEAN, stored.REPORT)).exists()


def test_a_folder_that_is_not_ours_is_not_used(cache, tmp_rules, monkeypatch):
    path = tmp_rules("broken.rules", BROKEN)
    cache.mkdir(mode=0o700)
    monkeypatch.setattr(cachedir, "_uid", lambda: os.getuid() + 1)    # as if another user owned it
    assert check(path)[0] == 1
    assert check(path)[0] == 1
    assert list(cache.iterdir()) == []


def test_a_link_as_the_cache_folder_is_not_used(monkeypatch, tmp_path, tmp_rules):
    real = tmp_path / "real"
    real.mkdir(mode=0o700)
    link = tmp_path / "link"
    link.symlink_to(real)
    monkeypatch.setenv("RULEDSL_CACHE_DIR", str(link))
    path = tmp_rules("clean.rules", CLEAN)
    assert check(path)[0] == 0
    assert list(real.iterdir()) == []


def test_an_entry_of_the_wrong_shape_is_a_miss(cache, tmp_rules):
    path = tmp_rules("broken.rules", BROKEN)
    assert check(path)[0] == 1
    with cachedir.opened() as folder:
        for kind, payload in ((stored.IR, b'{"@": "Name", "=": ["x", null]}'), (stored.IR, b"[1, 2]"),
                              (stored.IR, b'{"@": "os.system", "=": ["true"]}'),
                              (stored.REPORT, b'{"texts": 3, "diagnostics": []}'), (stored.REPORT, b"not json")):
            folder.write(stored.kept(path, BROKEN, kind).removesuffix(cachedir.SUFFIX), payload)
            assert stored.fetch(path, BROKEN, kind) is None
            code, out = check(path)
            assert code == 1 and "helth" in out and "internal error" not in out


def test_a_tampered_entry_is_a_miss(cache, tmp_rules):
    path = tmp_rules("clean.rules", CLEAN)
    check(path)
    entry = cache / stored.kept(path, CLEAN, stored.IR)
    assert stored.fetch(path, CLEAN) is not None
    data = bytearray(entry.read_bytes())
    data[-5] ^= 1
    entry.write_bytes(bytes(data))
    assert stored.fetch(path, CLEAN) is None


def test_a_files_ir_comes_back_the_same(cache, tmp_rules):
    from ruledsl.ir.incremental import FileBuilder
    text = (ROOT / "games" / "tillinghast.rules").read_text(encoding="utf-8")
    built = FileBuilder().build(text, "t.rules")
    stored.store("t.rules", text, built)
    back = stored.fetch("t.rules", text)
    assert back == built and repr(back) == repr(built)
    assert [d.span for d in back.decls] == [d.span for d in built.decls]


def _fresh_python(code: str, **env) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], env=dict(os.environ, PYTHONPATH=str(ROOT), **env),
                          capture_output=True, text=True, timeout=120)


def test_the_parser_keeps_nothing_in_the_shared_temporary_folder(tmp_path):
    shared = tmp_path / "tmp"
    shared.mkdir()
    cache = tmp_path / "cache"
    code = ("from ruledsl.parse import parser, parse_text\n"
            "parser()\nprint(parse_text('game \"x\"\\nplayers 2\\nflow:\\n    win players\\n').data)\n")
    for _ in range(2):          # the first run builds the tables, the second reads them back
        done = _fresh_python(code, TMPDIR=str(shared), RULEDSL_CACHE_DIR=str(cache))
        assert done.returncode == 0 and done.stdout.strip() == "start", done.stderr
    assert list(shared.iterdir()) == []
    assert len(list(cache.glob("parser-*" + cachedir.SUFFIX))) == 1


def test_tables_from_the_cache_parse_as_tables_built_afresh(cache):
    from lark import Lark
    from ruledsl import parse, parse_tables
    from ruledsl.grammar_file import grammar_path
    grammar = grammar_path().read_text(encoding="utf-8")
    options = dict(parser="lalr", lexer="contextual", start="start", maybe_placeholders=True)
    fresh = Lark(grammar, postlex=parse._RulesIndenter(), propagate_positions=True, **options)
    parse_tables.build(grammar, {"postlex": parse._RulesIndenter(), "propagate_positions": True}, **options)
    kept = parse_tables.build(grammar, {"postlex": parse._RulesIndenter(), "propagate_positions": True}, **options)
    assert kept is not fresh and len(list(cache.glob("parser-*"))) == 1
    text = (ROOT / "games" / "shining.rules").read_text(encoding="utf-8")
    a, b = kept.parse(text), fresh.parse(text)
    assert a == b
    assert [(t.meta.line, t.meta.column) for t in a.iter_subtrees() if not t.meta.empty] == \
        [(t.meta.line, t.meta.column) for t in b.iter_subtrees() if not t.meta.empty]


def test_a_game_from_cached_files_is_the_game_parsed_afresh(cache, monkeypatch):
    """The builder shares some nodes between places, and what the compiler makes of an IR may
    tell shared nodes apart (the names it gives): the cache keeps them shared, so a game from
    cached files plays to the same state, byte for byte, as one parsed afresh."""
    import random

    import ruledsl
    from ruledsl.ir import incremental
    path = str(ROOT / "games" / "unrelenting_other.rules")

    def played():
        monkeypatch.setattr(incremental, "_BUILDER", incremental.FileBuilder())     # as a fresh process
        ruledsl.forget()
        state = ruledsl.load(path).new_game(seed=3)
        rng = random.Random(3)
        for _ in range(40):
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
        return state.fingerprint()
    parsed = played()
    assert stored.fetch(path, (ROOT / "games" / "unrelenting_other.rules").read_text(encoding="utf-8")) is not None
    assert played() == parsed


def test_a_damaged_key_is_replaced_and_its_entries_missed(cache, tmp_rules):
    path = tmp_rules("clean.rules", CLEAN)
    check(path)
    assert stored.fetch(path, CLEAN, stored.REPORT) is not None
    (cache / "key").write_bytes(b"short")
    assert stored.fetch(path, CLEAN, stored.REPORT) is None      # signed with the old key: a miss
    assert len((cache / "key").read_bytes()) == 32
    check(path)
    assert stored.fetch(path, CLEAN, stored.REPORT) is not None  # written again under the new one
    assert [p.name for p in cache.iterdir() if p.name.endswith(".part")] == []
