"""A file's IR as JSON data and back, for the disk cache (stored.py): never a pickle.

A node is written as {"@": its class's name, "=": [its fields, in order]}, a node met before as
{"^": its number} (nodes the builder shares stay shared), a tuple as a list, and numbers,
strings, booleans and null as themselves. Reading builds only IR node classes
and Spans, found by name in a fixed table; anything else (an unknown name, a field too many
or too few, a value of a type no IR holds) is NotIR, which the cache counts as a miss.
"""
from __future__ import annotations

import json
import operator

import attrs

from ..source import Span
from . import nodes as n


class NotIR(ValueError):
    """The data is not the IR of a file as this ruledsl writes it."""


def _classes() -> dict:
    found = {"Span": Span}
    for name in dir(n):
        value = getattr(n, name)
        if isinstance(value, type) and attrs.has(value) and value.__module__.startswith(n.__name__):
            found[value.__name__] = value
    return found


_CLASSES = _classes()
_FIELDS = {name: tuple(f.name for f in attrs.fields(cls)) for name, cls in _CLASSES.items()}
# class -> (its name, a function giving its fields' values as a tuple)
_GETTERS = {cls: (name, operator.attrgetter(*_FIELDS[name]) if len(_FIELDS[name]) > 1
                  else (lambda node, f=_FIELDS[name][0]: (getattr(node, f),)))
            for name, cls in _CLASSES.items()}
_PLAIN = (str, int, bool, type(None))


class _Encoder:
    """Writes nodes in the order the reader makes them (a node after its fields); a node met again
    (the builder shares some between places) is written as {"^": its number in that order}, so
    that it is read back as the same object, not a copy: what is made of an IR may tell shared
    nodes apart, and must be the same from a cached IR as from a parsed one."""

    def __init__(self):
        self.numbers: dict = {}          # id(node) -> its number

    def __call__(self, value):
        t = type(value)
        if t in _PLAIN:
            return value
        if t is tuple:
            return [self(v) for v in value]
        known = _GETTERS.get(t)
        if known is None:
            raise NotIR(f"an IR holds no {t.__name__}")
        number = self.numbers.get(id(value))
        if number is not None:
            return {"^": number}
        out = {"@": known[0], "=": [self(v) for v in known[1](value)]}
        self.numbers[id(value)] = len(self.numbers)
        return out


def _tuples(value):
    """A list read from JSON as the tuple an IR holds (lists within it too)."""
    return tuple([_tuples(v) for v in value]) if type(value) is list else value


_new, _set = object.__new__, object.__setattr__


def _reader():
    """The object hook for one file's JSON: each object as the node it stands for (json calls it
    for each, innermost first, so its fields are made already), numbered as made; {"^": k} as
    the k-th node made."""
    made: list = []

    def node(data: dict):
        if "^" in data:
            k = data["^"]
            if len(data) != 1 or type(k) is not int or not 0 <= k < len(made):
                raise NotIR("not an IR node")
            return made[k]
        name, values = data.get("@"), data.get("=")
        fields = _FIELDS.get(name) if type(name) is str else None
        if fields is None or type(values) is not list or len(values) != len(fields) or len(data) != 2:
            raise NotIR("not an IR node")
        new = _new(_CLASSES[name])
        for field, value in zip(fields, values):
            _set(new, field, _tuples(value) if type(value) is list else value)
        made.append(new)
        return new
    return node


def _no_number(text: str):
    raise NotIR(f"an IR holds no number {text[:20]}")


def dumps(rules_file: n.RulesFile) -> bytes:
    """A file's IR as JSON (NotIR if it holds what no IR should)."""
    return json.dumps(_Encoder()(rules_file), separators=(",", ":")).encode("ascii")


def loads(data: bytes) -> n.RulesFile:
    """The IR written by dumps; NotIR for anything else."""
    try:
        found = json.loads(data, object_hook=_reader(), parse_float=_no_number, parse_constant=_no_number)
    except (ValueError, RecursionError) as err:      # (NotIR is a ValueError)
        raise NotIR(str(err)) from None
    if type(found) is not n.RulesFile:
        raise NotIR("not a file's IR")
    return found
