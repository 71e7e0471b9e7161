"""The usual slips of someone new to the language, and what to write instead.

A syntax error's message says what the parser found; when the line shows a
habit from another language (`=` to compare, `x += 1`, `else if`, a define
broken over lines), the hint says the ruledsl way instead. Each slip is a
small function of the line's text and the token the parser stopped at,
tried in order; the first that recognises the line gives the hint.
"""
from __future__ import annotations

import re
from typing import Callable, Optional

from .printable import quoted

_CONDITION = re.compile(r"^\s*(if|elif|while|repeat\s+until|expect|.*\bwhere\b|.*\bif\b)")
_ASSIGN = re.compile(r"^\s*([A-Za-z_][\w.\[\]]*)\s*=\s*[^=]")
_AUGMENTED = re.compile(r"^\s*([A-Za-z_][\w.\[\]]*)\s*([-+*/])=\s*(.+?)\s*$")


def _compare(line: str, token, prev: str) -> Optional[str]:
    if str(token) == "=" and _CONDITION.match(line):
        return "to compare, write `==` (if score == 3:); `=` is only for let and options"


def _augmented(line: str, token, prev: str) -> Optional[str]:
    m = _AUGMENTED.match(line)
    if m and m.group(2) in "+-":
        verb = "increase" if m.group(2) == "+" else "decrease"
        return f"to change a number, write `{verb} {quoted(m.group(1))} by {quoted(m.group(3))}`"
    if m:
        name = quoted(m.group(1))
        return f"to change a variable, write `set {name} to {name} {m.group(2)} {quoted(m.group(3))}`"


def _assign(line: str, token, prev: str) -> Optional[str]:
    m = _ASSIGN.match(line)
    if str(token) == "=" and m:
        name = m.group(1)
        value = line.split("=", 1)[1].strip()
        added = re.match(rf"{re.escape(name)}\s*\+\s*(.+)$", value)
        name, value = quoted(name), quoted(value)      # the hint quotes the line, never more than a little of it
        if added:
            return f"to add to a number, write `increase {name} by {quoted(added.group(1))}`; " \
                   f"to name a value, `let {name} = …`"
        return f"to change a variable, write `set {name} to {value}`; to name a new value, `let {name} = {value}`"


def _else_if(line: str, token, prev: str) -> Optional[str]:
    if str(token) == "if" and re.match(r"^\s*else\s+if\b", line):
        return "write `elif condition:` for another branch"


def _define_lines(line: str, token, prev: str) -> Optional[str]:
    here = line.lstrip()
    above = prev.lstrip()
    if token.type in ("_NL", "_INDENT", "$END") and (here.startswith("define ") or above.startswith("define ")):
        return "a define is one line; to break a long one, put the expression in ( ), which may span lines"


def _define_no_params(line: str, token, prev: str) -> Optional[str]:
    m = re.match(r"^\s*define\s+([A-Za-z_]\w*)\s*=", line)
    if str(token) == "=" and m:
        name = quoted(m.group(1))
        return f"a define keeps its parentheses when it takes nothing: `define {name}() = …`, used as `{name}()`"


SLIPS: list[Callable] = [_else_if, _augmented, _compare, _define_no_params, _assign, _define_lines]


def hint_for(text: str, line: int, token) -> Optional[str]:
    """The hint for a syntax error at `line` (1-based) where the parser stopped at token, if the
    line shows a usual slip."""
    lines = text.splitlines()
    if not 1 <= line <= len(lines):
        return None
    here = lines[line - 1].split("#", 1)[0]
    prev = next((l for l in reversed(lines[:line - 1]) if l.strip()), "")
    for slip in SLIPS:
        found = slip(here, token, prev)
        if found:
            return found
    return None


# Functions from other languages, and what ruledsl calls them (the checker's hint for an unknown
# function of one of these names).
FUNCTIONS = {
    "len": "count(…) gives how many items a list or zone holds: count(p.hand)",
    "length": "count(…) gives how many items a list or zone holds: count(p.hand)",
    "size": "count(…) gives how many items a list or zone holds: count(p.hand)",
    "print": "announce \"…\" tells the players something",
    "str": "text(…) gives a value as players read it",
    "range": "write lo..hi for the whole numbers from lo to hi: 1..6",
    "append": "lists are joined with +: set hand to hand + [card]",
}
