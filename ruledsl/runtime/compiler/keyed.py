"""Menus whose options depend only on the parts of their conditions kept once per decision.

A menu such as "move to each location you may reach" tests every location of a board at every
decision, through searches and reads that do not depend on the location (where the player
stands, which locations are blocked, the distances from there): hoist.py keeps each such part
in a Python name, worked out once per decision. When what is left of every condition and label
reads nothing but those names, the option's own item (from a list fixed when the game is
compiled), literals and pure operators, the options offered are a function of the kept parts'
values: the menu keeps the options it offered per those values, and at a decision whose kept
parts come out the same offers them again without testing each (fastpaths: "keyed").

What is left of a condition is judged on its Python text, as hoist.py judges what to keep:
the text with each kept part replaced by its name may name only those names, the option's
item, names it binds itself, constants and an allowed list of builtins and helpers. Anything
else (the state, the frame, a component's fields, a library call given the state) leaves the
menu as it is.
"""
from __future__ import annotations

import re

from .hoist import _BOUND

# Python words and builtins a condition's text may use, and the language's arithmetic helpers,
# which are given the state only to name the values in an error.
_WORDS = frozenset({"if", "else", "and", "or", "not", "is", "in", "for", "None", "True", "False",
                    "type", "int", "tuple", "bool", "str", "abs", "len", "any", "all", "min", "max"})
_HELPERS = ("_lt", "_le", "_gt", "_ge", "_sub", "_add", "_mul", "_mod", "_neg")
_GIVEN_STATE = re.compile(rf"\b({'|'.join(_HELPERS)})\(st, ")
_QUOTED = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"")
_NAME = re.compile(r"(?<![.\w])[A-Za-z_]\w*")
_CONSTANT = re.compile(r"k\d+")
# A plain read of a variable (hoist._SAFE), of one seat's held in the frame (which stays the same
# while the decision's options are worked out): it cannot fail, and is read where the key is made.
_PLAIN = re.compile(r"st\.vals\[\d+(?: \+ env\['\w+'\]\.index)?\]")


def kept_reads(texts: list, own: set, kept: dict):
    """What texts read that may change, as the texts of the parts to key on, when that is only
    kept parts (kept: name -> the text it stands for in what was written, in the order kept)
    and plain reads of a variable (_PLAIN); else None. Besides those,
    texts may name only own (the options' items, from fixed lists), names they bind, constants,
    _WORDS and _HELPERS."""
    by_length = sorted(kept.items(), key=lambda pair: -len(pair[1]))
    used, plain = set(), []
    for text in texts:
        for name, written in by_length:
            if name != written:
                text = text.replace(written, name)
        text = _GIVEN_STATE.sub(lambda m: m.group(1) + "(", _QUOTED.sub("''", text))
        for read in _PLAIN.findall(text):
            if read not in plain:
                plain.append(read)
        text = _PLAIN.sub("0", text)
        bound = {m.group(1) or m.group(2) for m in _BOUND.finditer(text)}
        for word in _NAME.findall(text):
            if word in kept:
                used.add(word)
            elif not (word in own or word in bound or word in _WORDS or word in _HELPERS or
                      _CONSTANT.fullmatch(word)):
                return None
    return [written for name, written in kept.items() if name in used] + plain


_KEPT_CALL = re.compile(r"\((h_\d+) if \1 is not _UNSET else \(\1 := (k\d+)\(")


def _closes(text: str, start: int) -> int:
    """Where the parenthesis opened just before start closes in text (-1: nowhere)."""
    depth = 1
    for i in range(start, len(text)):
        depth += {"(": 1, ")": -1}.get(text[i], 0)
        if depth == 0:
            return i
    return -1


def key_text(parts: list, searches: set, name) -> tuple:
    """(the Python text of a menu's key, that of what it keeps alive beside its options) from
    the texts of the parts it reads. A search's distances (a part whose call is one of
    searches, which the board's search memo gives again as the same map for the same search)
    count by their identity: the menu keeps those maps beside what it offered, so that no
    other map can come to have that identity while the key is kept. Any other value counts as
    itself (one that cannot be a key leaves the decision unkept)."""
    key, alive = [], []
    for part in parts:
        call = _KEPT_CALL.match(part)
        if call is not None and call.group(2) in searches and _closes(part, call.end()) == len(part) - 3:
            kept = name()
            key.append(f"id({kept} := {part})")
            alive.append(kept)
        else:
            key.append(part)
    return f"({''.join(k + ', ' for k in key)})", f"({''.join(a + ', ' for a in alive)})"
