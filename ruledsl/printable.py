"""Text from data as a terminal may show it: control characters written out, never obeyed.

Rules files, records and the announcements, labels and names they make may hold characters
that a terminal obeys rather than shows: ESC and the C1 controls begin sequences that clear
the screen, set the window's title or write the clipboard (OSC 52); a carriage return or a
backspace writes over what was printed; bidirectional overrides make a line read otherwise
than it is. Every command prints text that came from data through `printable` (the CLI's
`echo`, the line-by-line player's output, the views given to the renderers), so each such
character shows as an escape (`\\x1b`), and a newline or a tab stays what it is.
"""
from __future__ import annotations

import re

# C0 controls but tab and newline, DEL, the C1 controls; the bidirectional embeddings,
# overrides and isolates; the line and paragraph separators (a line break a terminal may not show);
# lone surrogates, which no output encoding can write.
_OBEYED = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\u2028\u2029\ud800-\udfff]")


def _escape(match: re.Match) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str) -> str:
    """text with every character a terminal would obey written as an escape (\\x1b, \\u202e)."""
    if text.isprintable() or not _OBEYED.search(text):
        return text
    return _OBEYED.sub(_escape, text)


def printable_data(value):
    """A view, a list of labels or any JSON-like value with each of its strings made printable."""
    t = type(value)
    if t is str:
        return printable(value)
    if t is dict:
        return {printable_data(k): printable_data(v) for k, v in value.items()}
    if t is list or t is tuple:
        return t(printable_data(v) for v in value)
    return value


def quoted(text: str, limit: int = 40) -> str:
    """A piece of a file or record as a message quotes it: printable, newlines escaped too, and
    cut to about limit characters (a message never carries more than a short excerpt)."""
    text = printable(text).replace("\n", "\\n")
    if len(text) > limit:
        text = text[: max(1, limit - 1)] + "…"
    return text
