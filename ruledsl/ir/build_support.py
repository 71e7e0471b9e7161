"""What the builder's parts share: a quoted string's text, a call's arguments, and the
place in the file of an expression written inside a string."""
from __future__ import annotations

import re

import attrs

from ..source import Span


_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}
_ESCAPE = re.compile(r"\\(u[0-9a-fA-F]{4}|.)", re.S)


def unquote(token: str) -> str:
    """The text of a quoted string: \\n, \\t, \\", \\\\ and \\uXXXX stand for what they say; any
    other backslash is kept as typed (text is never decoded, so letters beyond ASCII stay whole)."""
    body = token[1:-1]
    if "\\" not in body:
        return body
    return _ESCAPE.sub(escaped, body)


def escaped(m) -> str:
    code = m.group(1)
    return chr(int(code[1:], 16)) if len(code) == 5 else _ESCAPES.get(code, m.group(0))


def closing_brace(text: str, start: int) -> int:
    """Where the `{…}` part opened at start closes, skipping quoted text inside it; -1 if it does not."""
    quoted = False
    i = start + 1
    while i < len(text):
        ch = text[i]
        if ch == '"':
            quoted = not quoted
        elif ch == "}" and not quoted:
            return i
        i += 1
    return -1


def is_opt(x) -> bool:
    return isinstance(x, tuple) and len(x) == 2 and x[0] in ("by", "secretly", "label", "automatic", "help")


def positional(args) -> tuple:
    return tuple(a for a in (args or []) if not (isinstance(a, tuple) and a and a[0] == "kw"))


def keywords(args) -> tuple:
    return tuple((a[1], a[2]) for a in (args or []) if isinstance(a, tuple) and a and a[0] == "kw")


def respan(expr, span: Span):
    """Give an expression parsed from inside a string the string's place in the file."""
    if isinstance(expr, Span):
        return span
    if isinstance(expr, tuple):
        return tuple(respan(v, span) for v in expr)
    if not attrs.has(type(expr)):
        return expr
    changes = {}
    for field in attrs.fields(type(expr)):
        value = getattr(expr, field.name)
        if attrs.has(type(value)) or isinstance(value, tuple):
            changes[field.name] = respan(value, span)
    return attrs.evolve(expr, **changes)
