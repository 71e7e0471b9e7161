"""Diagnostics as data, and the exceptions that carry them.

A Diagnostic is what went wrong and where; rendering it (text with a caret,
or JSON) is separate so the CLI, tests and editors share one shape.
"""
from __future__ import annotations

import difflib
from typing import Iterable

import attrs

from .source import Span, UNKNOWN


@attrs.frozen
class Diagnostic:
    """One problem found in a rules file.

    severity: "error" or "warning".
    span: where it is.
    message: what is wrong, in one sentence.
    hint: how to fix it, or "".
    """

    severity: str
    span: Span
    message: str
    hint: str = ""

    @property
    def path(self) -> str:
        return self.span.path

    @property
    def line(self) -> int:
        return self.span.line

    @property
    def column(self) -> int:
        return self.span.column

    def headline(self) -> str:
        where = str(self.span) if self.span.line > 0 else self.span.path
        return f"{where}: {self.severity}: {self.message}"

    def as_json(self) -> dict:
        return {
            "path": self.span.path,
            "line": self.span.line,
            "column": self.span.column,
            "end_line": self.span.end_line,
            "end_column": self.span.end_column,
            "severity": self.severity,
            "message": self.message,
            "hint": self.hint,
        }


class RulesError(Exception):
    """A rules file is broken (syntax, names, types, boards, flow) or a rule
    failed while running. Carries one or more diagnostics; the first is the
    one named by .path, .line, .column and .message."""

    def __init__(self, diagnostics: Diagnostic | Iterable[Diagnostic]):
        if isinstance(diagnostics, Diagnostic):
            diagnostics = [diagnostics]
        self.diagnostics: list[Diagnostic] = list(diagnostics)
        if not self.diagnostics:
            raise ValueError("RulesError needs at least one diagnostic")
        first = self.diagnostics[0]
        super().__init__(first.headline())

    def __reduce__(self):
        # As its diagnostics (an exception pickles as its args: here the headline, not enough).
        return (type(self), (self.diagnostics,))

    @property
    def diagnostic(self) -> Diagnostic:
        return self.diagnostics[0]

    @property
    def path(self) -> str:
        return self.diagnostic.path

    @property
    def line(self) -> int:
        return self.diagnostic.line

    @property
    def column(self) -> int:
        return self.diagnostic.column

    @property
    def message(self) -> str:
        return self.diagnostic.message


class IllegalAction(Exception):
    """An action that is not among the legal ones at this point of the game."""


def error(span: Span | None, message: str, hint: str = "") -> RulesError:
    """The one way the pipeline builds an error: a message at a place."""
    return RulesError(Diagnostic("error", span or UNKNOWN, message, hint))


def did_you_mean(name: str, candidates: Iterable[str]) -> str:
    """A hint naming the closest known name, or "" when none is close."""
    close = difflib.get_close_matches(name, sorted(set(candidates)), n=1, cutoff=0.6)
    if not close:
        lowered = {c.lower(): c for c in candidates}
        if name.lower() in lowered:
            close = [lowered[name.lower()]]
    return f"did you mean '{close[0]}'?" if close else ""
