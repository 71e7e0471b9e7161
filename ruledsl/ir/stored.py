"""Built files and check reports kept on disk between runs, so a fresh `ruledsl check` parses
and checks only what changed.

An entry is a file's IR, or what `ruledsl check` reported of it (a pickle, as
Python keeps .pyc files), named by a hash of the file's path and text and of
ruledsl's own code that made it (the parser and IR code for an IR; the whole
package for a report): editing the file or upgrading ruledsl makes a new entry,
never a stale answer. Only files that parse are kept; a broken file is parsed
again so its error is reported afresh. A report also names the files the file
extends, with their texts: it is used only while they read the same.

Where: $RULEDSL_CACHE_DIR, else $XDG_CACHE_HOME/ruledsl, else ~/.cache/ruledsl.
RULEDSL_CACHE=0 turns it off. The folder must be your own (a pickle from
someone else's folder could run their code). An entry that cannot be read or
written is a miss, never an error; the oldest entries go past MAX_ENTRIES.
"""
from __future__ import annotations

import functools
import hashlib
import os
import pickle
import tempfile
from pathlib import Path
from typing import Optional

from ..grammar_file import grammar_path

MAX_ENTRIES = 400

# The code whose change changes what a file builds to.
_PACKAGE = Path(__file__).resolve().parent.parent
_CODE = ("parse.py", "grammar_file.py", "source.py", "errors.py", "ir/nodes/__init__.py", "ir/nodes/base.py", "ir/nodes/exprs.py",
         "ir/nodes/stmts.py", "ir/nodes/decls.py", "ir/build.py", "ir/build_support.py", "ir/build_decls.py",
         "ir/build_stmts.py", "ir/build_exprs.py", "ir/incremental.py")


def directory() -> Optional[Path]:
    """The cache folder, or None when caching is turned off."""
    if os.environ.get("RULEDSL_CACHE", "1").strip().lower() in ("0", "off", "no", "false"):
        return None
    if os.environ.get("RULEDSL_CACHE_DIR"):
        return Path(os.environ["RULEDSL_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "ruledsl"


IR, REPORT = "ir", "report"


@functools.lru_cache(maxsize=2)
def _code_version(kind: str = IR) -> bytes:
    digest = hashlib.sha256(kind.encode() + grammar_path().read_bytes())
    names = _CODE if kind == IR else sorted(str(p.relative_to(_PACKAGE)) for p in _PACKAGE.rglob("*.py"))
    for name in names:
        digest.update(name.encode() + b"\0" + (_PACKAGE / name).read_bytes())
    return digest.digest()


def _entry(folder: Path, path: str, text: str, kind: str) -> Path:
    digest = hashlib.sha256(_code_version(kind))
    digest.update(path.encode("utf-8", "surrogatepass") + b"\0" + text.encode("utf-8", "surrogatepass"))
    return folder / f"{digest.hexdigest()}.pickle"


def fetch(path: str, text: str, kind: str = IR):
    """What is stored of this file with this text (its IR, or its REPORT), or None."""
    folder = directory()
    if folder is None:
        return None
    try:
        with open(_entry(folder, path, text, kind), "rb") as f:
            return pickle.load(f)
    except Exception:  # missing, half-written by a killed run, or from an incompatible Python: a miss
        return None


def store(path: str, text: str, value, kind: str = IR) -> None:
    """Keep what was made of a file (quietly does nothing when the folder cannot be written)."""
    folder = directory()
    if folder is None:
        return
    try:
        folder.mkdir(parents=True, exist_ok=True)
        # Written aside and renamed, so a reader never sees half an entry.
        fd, temp = tempfile.mkstemp(dir=folder, suffix=".part")
        with os.fdopen(fd, "wb") as f:
            pickle.dump(value, f, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(temp, _entry(folder, path, text, kind))
        _prune(folder)
    except (OSError, pickle.PicklingError, RecursionError):
        pass


def _prune(folder: Path) -> None:
    entries = list(folder.glob("*.pickle"))
    if len(entries) <= MAX_ENTRIES:
        return
    entries.sort(key=lambda p: p.stat().st_mtime)
    for old in entries[: len(entries) - MAX_ENTRIES]:
        old.unlink(missing_ok=True)
