"""The grammar's LALR parser, its tables kept as data in the private cache folder between runs.

Building the tables from the grammar takes most of a second. Lark's own `cache=True` would keep
them as a pickle under a name anyone can compute in the shared temporary folder, where another
user may plant one first; here they are kept in ruledsl's cache folder (cachedir.py: the
user's own, entries authenticated) as JSON, read back through Lark's own deserialiser (which
builds only Lark's classes). Lists, tuples and dicts with number keys, which JSON does not
tell apart, are written with a tag. An entry that is missing or does not load is a miss: the
tables are built again.
"""
from __future__ import annotations

import hashlib
import json
import sys

from lark import Lark, __version__ as lark_version
from lark.grammar import Rule
from lark.lark import _LOAD_ALLOWED_OPTIONS
from lark.lexer import TerminalDef

from . import cachedir


_TAGS = frozenset("({")     # the keys that mark a tuple and a dict whose keys are not all strings


def _encode(value):
    t = type(value)
    if value is None or t in (str, int, bool):
        return value
    if t is list:
        return [_encode(v) for v in value]
    if t is tuple:
        return {"(": [_encode(v) for v in value]}
    if t is dict:
        if all(type(k) is str for k in value) and not _TAGS.intersection(value):
            return {k: _encode(v) for k, v in value.items()}
        return {"{": [_encode(x) for item in value.items() for x in item]}
    raise TypeError(f"parser tables hold no {t.__name__}")


def _decode(value):
    t = type(value)
    if value is None or t in (str, int, bool):
        return value
    if t is list:
        return [_decode(v) for v in value]
    if t is not dict:
        raise ValueError("not parser tables")
    if len(value) == 1:
        if type(value.get("(")) is list:
            return tuple([_decode(v) for v in value["("]])
        if type(value.get("{")) is list:
            flat = value["{"]
            return {_key(_decode(flat[i])): _decode(flat[i + 1]) for i in range(0, len(flat) - 1, 2)}
    if _TAGS.intersection(value):
        raise ValueError("not parser tables")
    return {k: _decode(v) for k, v in value.items()}


def _key(value):
    if type(value) not in (str, int, tuple):
        raise ValueError("not parser tables")
    return value


def _entry_name(grammar: str, options: dict) -> str:
    shown = repr(sorted((k, v) for k, v in options.items() if k not in _LOAD_ALLOWED_OPTIONS))
    digest = hashlib.sha256("\0".join((grammar, shown, lark_version, repr(sys.version_info[:2]))).encode("utf-8"))
    return "parser-" + digest.hexdigest()


def build(grammar: str, load_options: dict, **options) -> Lark:
    """Lark(grammar, **load_options, **options), its tables taken from the cache folder when kept
    there. load_options: those Lark takes again when loading tables (postlex,
    propagate_positions, …: objects are not kept); options: the rest, which make the tables."""
    name = _entry_name(grammar, options)
    payload = cachedir.fetch(name)
    if payload is not None:
        try:
            kept = _decode(json.loads(payload))
            return Lark._load_from_dict(kept["data"], kept["memo"], **load_options)
        except Exception:       # the wrong shape, or tables another Lark cannot read: built again
            pass
    lark = Lark(grammar, **load_options, **options)
    if cachedir.directory() is None:        # caching is off: nothing to keep
        return lark
    try:
        data, memo = lark.memo_serialize([TerminalDef, Rule])
        data["options"] = {k: v for k, v in data["options"].items() if k not in _LOAD_ALLOWED_OPTIONS}
        payload = json.dumps(_encode({"data": data, "memo": memo}), separators=(",", ":")).encode("ascii")
    except (TypeError, ValueError):
        return lark
    cachedir.store(name, payload)
    return lark
