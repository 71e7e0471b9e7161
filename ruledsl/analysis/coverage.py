"""Which lines of a rules file ran in play: Python's line tracer on the game's compiled code.

The compiler writes every rule as Python and knows the rules-file line of each
line it wrote (runtime/compiler/source.CodeMap), so the tracer needs no hook in
the run loop: it is switched on only while an analysis plays, and only frames of
generated code are traced line by line.
"""
from __future__ import annotations

import sys

# Pieces of generated code that are not the rules in play: worked out when the game is
# compiled, run by `ruledsl test` only, or the bots' `evaluate` (compiled when a bot first needs
# it, so counting it would make the report depend on where the bots played). Their lines are
# not counted as code a game may leave unused.
NOT_IN_PLAY = ("a value of the rules", "a board's condition", "scenario", "the evaluation")


def playable_pieces(program) -> dict:
    """{filename: spans by line} of the generated code that may run in play."""
    return {filename: spans for filename, (name, spans, _) in program.code_map.pieces().items()
            if not name.startswith(NOT_IN_PLAY)}


def code_lines(program) -> set:
    """(path, line) of every rules-file line that compiled to code that may run in play. A `def`
    line runs when the code is compiled, never in play: a rule's header is code only where it
    compiled to more than that."""
    out = set()
    for filename, (name, spans, text) in program.code_map.pieces().items():
        if name.startswith(NOT_IN_PLAY):
            continue
        for span, line in zip(spans, text.splitlines()):
            if span is not None and not line.lstrip().startswith("def "):
                out.add((span.path, span.line))
    return out


class LineTracer:
    """Collects (path, line) of the rules-file lines whose code runs while it is on (a context manager)."""

    def __init__(self, program):
        self.pieces = playable_pieces(program)
        self.hits: set = set()
        self._before = None

    def __enter__(self) -> "LineTracer":
        self._before = sys.gettrace()
        sys.settrace(self._call)
        return self

    def __exit__(self, *exc) -> None:
        sys.settrace(self._before)

    def _call(self, frame, event, arg):
        # Only frames of generated code get a line tracer; every other call costs one lookup.
        return self._line if frame.f_code.co_filename in self.pieces else None

    def _line(self, frame, event, arg):
        if event == "line":
            self.hits.add((frame.f_code.co_filename, frame.f_lineno))
        return self._line

    def rules_lines(self) -> set:
        """(path, line) in the rules files of every line that ran."""
        out = set()
        for filename, line in self.hits:
            spans = self.pieces[filename]
            if 0 < line <= len(spans) and spans[line - 1] is not None:
                span = spans[line - 1]
                out.add((span.path, span.line))
        return out
