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
    other backslash is kept as typed (text is never decoded, so letters beyond ASCII stay whole).
    A pair of \\uXXXX escapes of UTF-16's two halves is the one character they make; a half
    alone is no character (LoneSurrogate)."""
    body = token[1:-1]
    text = body if "\\" not in body else _ESCAPE.sub(escaped, body)
    if _SURROGATE.search(text):
        return _paired(body)
    return text


class LoneSurrogate(ValueError):
    """Half of a UTF-16 pair in a string, which no output can write: where it is written in the
    string's text (offset from the opening quote, its width) and how (escaped or as is)."""

    def __init__(self, offset: int, written: str):
        super().__init__(written)
        self.offset, self.written = offset, written


_SURROGATE = re.compile("[\ud800-\udfff]")
_UNIT = re.compile(r"\\(u[0-9a-fA-F]{4}|.)|.", re.S)


def _paired(body: str) -> str:
    """The text of a string's body whose \\uXXXX escapes (or characters) include UTF-16 halves:
    each high half followed by a low half is the character they make; any other half is a
    LoneSurrogate."""
    units = [(m.start(), m.group(), escaped(m) if m.group(1) else m.group()) for m in _UNIT.finditer(body)]
    out = []
    i = 0
    while i < len(units):
        offset, written, char = units[i]
        if "\ud800" <= char <= "\udbff" and i + 1 < len(units) and "\udc00" <= units[i + 1][2] <= "\udfff":
            out.append((char + units[i + 1][2]).encode("utf-16", "surrogatepass").decode("utf-16"))
            i += 2
            continue
        if "\ud800" <= char <= "\udfff":
            raise LoneSurrogate(offset, written)
        out.append(char)
        i += 1
    return "".join(out)


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
