"""Source text and locations: spans, and rendering a line with a caret under a column."""
from __future__ import annotations

import attrs


@attrs.frozen(order=False)
class Span:
    """A place in a rules file.

    path: the file's path as the user gave it (or "<string>").
    line, column: 1-based start; end_line, end_column: 1-based, exclusive end.
    """

    path: str
    line: int
    column: int
    end_line: int = 0
    end_column: int = 0

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}"

    def within(self, other: "Span") -> bool:
        """Whether this span lies inside other (in the same file)."""
        return self.path == other.path and (other.line, other.column) <= (self.line, self.column) and \
            (self.end_line, self.end_column) <= (other.end_line, other.end_column)


def part_named(parts, span, name: str) -> str:
    """What span is part of: the innermost of parts ([(span, name)], outermost first) it lies in
    (a rule written into a unit of generated code), else name (the unit's)."""
    if span is not None:
        for region, part in parts:
            if span.within(region):
                name = part
    return name


UNKNOWN = Span("<unknown>", 0, 0)

EXCERPT_CHARS = 160     # a longer line is cut to a window around the caret


@attrs.frozen
class Source:
    """A rules file's text with its path; renders excerpts for diagnostics."""

    path: str
    text: str

    def line_text(self, line: int) -> str:
        lines = self.text.splitlines()
        if 1 <= line <= len(lines):
            return lines[line - 1]
        return ""

    def excerpt(self, span: Span) -> str:
        """The span's first line, and a caret (or a run of them) under it."""
        text = self.line_text(span.line)
        if not text:
            return ""
        # One visible character for each control character, so the caret stays in its column.
        text = "".join(ch if ch.isprintable() or ch == "\t" else "\ufffd" for ch in text)
        start = max(span.column, 1)
        width = 1
        if span.end_line == span.line and span.end_column > start:
            width = span.end_column - start
        width = max(1, min(width, len(text) - start + 1))
        if len(text) > EXCERPT_CHARS:
            text, start, width = _window(text, start, width)
        # Keep tabs in the gutter so the caret lines up in a terminal.
        pad = "".join("\t" if ch == "\t" else " " for ch in text[: start - 1])
        return f"{text}\n{pad}{'^' * width}"


def _window(text: str, start: int, width: int) -> tuple[str, int, int]:
    """Cut a long line to EXCERPT_CHARS around the 1-based column start; (text, start, width) in it."""
    begin = max(0, min(start - 1 - EXCERPT_CHARS // 4, len(text) - EXCERPT_CHARS))
    end = begin + EXCERPT_CHARS
    cut = ("…" if begin else "") + text[begin:end] + ("…" if end < len(text) else "")
    start = start - begin + (1 if begin else 0)
    width = min(width, EXCERPT_CHARS - (start - (2 if begin else 1)))
    return cut, start, max(1, width)
