"""Built files and check reports kept on disk between runs, so a fresh `ruledsl check` parses
and checks only what changed.

An entry is a file's IR (as data: as_data.py), or what `ruledsl check` reported of it (its
diagnostics, as JSON), named by a hash of the file's path and text and of ruledsl's own code
that made it (the parser and IR code for an IR; the whole package for a report): editing the
file or upgrading ruledsl makes a new entry, never a stale answer. Only files that parse are
kept; a broken file is parsed again so its error is reported afresh. A report also names the
files the file extends, with their texts: it is used only while they read the same.

The folder, and why an entry can be trusted, is ruledsl/cachedir.py: a folder of the user's
own, entries authenticated by a key kept in it, and data, never pickles. An entry that cannot
be read, fails its check or decodes to the wrong shape is a miss, never an error.
"""
from __future__ import annotations

import functools
import hashlib
import json
from pathlib import Path
from typing import Optional

from .. import cachedir
from ..errors import Diagnostic
from ..grammar_file import grammar_path
from ..source import Span

# The code whose change changes what a file builds to.
_PACKAGE = Path(__file__).resolve().parent.parent
_CODE = ("parse.py", "grammar_file.py", "source.py", "errors.py", "ir/nodes/__init__.py", "ir/nodes/base.py",
         "ir/nodes/exprs.py", "ir/nodes/stmts.py", "ir/nodes/decls.py", "ir/build.py", "ir/build_support.py",
         "ir/build_decls.py", "ir/build_stmts.py", "ir/build_exprs.py", "ir/incremental.py", "ir/as_data.py")

IR, REPORT = "ir", "report"


def directory():
    """The cache folder's path (None when caching is off): cachedir.directory."""
    return cachedir.directory()


@functools.lru_cache(maxsize=2)
def _code_version(kind: str = IR) -> bytes:
    digest = hashlib.sha256(kind.encode() + grammar_path().read_bytes())
    names = _CODE if kind == IR else sorted(str(p.relative_to(_PACKAGE)) for p in _PACKAGE.rglob("*.py"))
    for name in names:
        digest.update(name.encode() + b"\0" + (_PACKAGE / name).read_bytes())
    return digest.digest()


def _name(path: str, text: str, kind: str) -> str:
    digest = hashlib.sha256(_code_version(kind))
    digest.update(path.encode("utf-8", "surrogatepass") + b"\0" + text.encode("utf-8", "surrogatepass"))
    return f"{kind}-{digest.hexdigest()}"


def fetch(path: str, text: str, kind: str = IR):
    """What is stored of this file with this text (its IR, or its REPORT), or None."""
    payload = cachedir.fetch(_name(path, text, kind))
    if payload is None:
        return None
    try:
        return _DECODE[kind](payload)
    except Exception:   # the wrong shape (another ruledsl's entry under a colliding name): a miss
        return None


def store(path: str, text: str, value, kind: str = IR) -> None:
    """Keep what was made of a file (quietly does nothing when it cannot be kept)."""
    try:
        payload = _ENCODE[kind](value)
    except (ValueError, TypeError, RecursionError):
        return
    cachedir.store(_name(path, text, kind), payload)


# ---------------------------------------------------------------- reports as data

def _report_dumps(value) -> bytes:
    texts, diagnostics = value
    return json.dumps({"texts": texts, "diagnostics": [d.as_json() for d in diagnostics]}).encode("ascii")


def _diagnostic(d: dict) -> Diagnostic:
    span = Span(d["path"], d["line"], d["column"], d["end_line"], d["end_column"])
    if not all(type(x) is str for x in (d["severity"], d["message"], d["hint"], span.path)) or \
            not all(type(x) is int for x in (span.line, span.column, span.end_line, span.end_column)):
        raise ValueError("not a diagnostic")
    return Diagnostic(d["severity"], span, d["message"], d["hint"])


def _report_loads(payload: bytes) -> tuple:
    data = json.loads(payload)
    texts = data["texts"]
    if type(texts) is not dict or not all(type(k) is str and type(v) is str for k, v in texts.items()):
        raise ValueError("not a report")
    return texts, [_diagnostic(d) for d in data["diagnostics"]]


def _ir_dumps(value) -> bytes:
    from .as_data import NotIR, dumps
    try:
        return dumps(value)
    except NotIR as err:
        raise ValueError(str(err)) from None


def _ir_loads(payload: bytes):
    from .as_data import loads
    return loads(payload)


_ENCODE = {IR: _ir_dumps, REPORT: _report_dumps}
_DECODE = {IR: _ir_loads, REPORT: _report_loads}


def kept(path: str, text: str, kind: str = IR) -> Optional[str]:
    """The name of the entry for this file (for tests and tools that look at the folder)."""
    return _name(path, text, kind) + cachedir.SUFFIX
