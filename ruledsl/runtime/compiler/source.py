"""Python source as the compiler writes it: lines with the rules-file span each one runs,
the constants the code refers to, and the table that turns a line of generated code
back into a place in the rules file when something fails there.

User text never enters the source: every string, handle and span is a constant
in the namespace the code runs in, named k1, k2, …; only identifiers the
grammar admits and numbers are written into the source itself.
"""
from __future__ import annotations

import re
from contextlib import contextmanager
from itertools import islice

from ...source import part_named


class Namespace:
    """The globals every generated function of one program shares: helpers and constants."""

    def __init__(self, helpers: dict):
        self.globals = dict(helpers)
        self._names: dict = {}        # id(value) -> its name (the namespace keeps the value alive)
        self._constants: set = set()  # the names const() made
        # Constants that stand for the same thing though they differ (a library function's name,
        # made per call for the place it names in a failure: site()): name -> what it stands for.
        self.aliases: dict = {}
        # Library functions called in place, one name per call written (site()): name -> (the
        # function, the builtin's name, the call's span, how many values the rules wrote).
        self.sites: dict = {}
        self._count = 0

    def const(self, value) -> str:
        """The source text that reads value: a literal for None, bools and ints, a name otherwise."""
        if value is None or type(value) is bool or type(value) is int:
            return repr(value)
        name = self._names.get(id(value))
        if name is None:
            self._count += 1
            name = f"k{self._count}"
            self.globals[name] = value
            self._names[id(value)] = name
            self._constants.add(name)
        return name

    def site(self, impl, name: str, span, shown=None) -> str:
        """A name of its own for a library function called at one place of the rules (span): the
        call costs no wrapper, and a failure in it is told after the fact as that call failing
        (CodeMap.failed_call). shown: how many of the values passed the rules wrote without a
        keyword (None: all)."""
        self._count += 1
        key = f"k{self._count}"
        self.globals[key] = impl
        self._constants.add(key)
        self.sites[key] = (impl, name, span, shown)
        return key

    def known(self, text: str, missing=None):
        """The value Python text stands for when it is a constant (a literal or a name const()
        made), else missing."""
        if text in self._constants:
            return self.globals[text]
        return {"None": None, "True": True, "False": False}.get(text, int(text) if _is_int(text) else missing)

    def fresh(self, prefix: str) -> str:
        """A new Python name for a local of generated code (rules' own names never become Python
        names: a rule's local is a fresh name like this one, or an entry of the frame's env)."""
        self._count += 1
        return f"{prefix}_{self._count}"


class Source:
    """Lines of Python being written, each with the span of the statement it belongs to."""

    def __init__(self):
        self.lines: list = []
        self.spans: list = []
        self._depth = 0

    def add(self, text: str, span) -> None:
        self.lines.append("    " * self._depth + text)
        self.spans.append(span)

    @contextmanager
    def indented(self):
        self._depth += 1
        try:
            yield
        finally:
            self._depth -= 1

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


class CodeMap:
    """Which rules-file span each line of each piece of generated code runs, and what the piece is
    called ("the flow", "rule deal"), so that a failure can be told at its place."""

    def __init__(self):
        self._pieces: dict = {}      # filename -> (name, spans by line, source text, parts)
        self._sites: dict = {}       # the namespace's library calls in place (Namespace.site)

    def compile(self, ns: Namespace, source: Source, name: str, parts=()) -> None:
        """Compile source and run its definitions into the namespace. parts: [(span, name)] of
        the parts of the rules written into the piece that have names of their own (a rule written
        in its caller's unit), the innermost last."""
        filename = f"<rules {len(self._pieces) + 1}: {name}>"
        self._sites = ns.sites
        text = source.text()
        self._pieces[filename] = (name, list(source.spans), text, tuple(parts))
        exec(compile(text, filename, "exec"), ns.globals)

    def pieces(self) -> dict:
        """{filename of a piece of generated code: (its name, the span each of its lines runs, its
        text)} (for tools that map lines that ran back to the rules file, as coverage does)."""
        return {filename: piece[:3] for filename, piece in self._pieces.items()}

    def texts(self, name_part: str = "") -> str:
        """The generated source of every piece whose name contains name_part, or that a rule so
        named was written into (for people reading what the compiler made of their rules)."""
        return "\n".join(f"# {filename}\n{text}" for filename, (name, _, text, parts) in self._pieces.items()
                         if name_part in name or any(name_part in part for _, part in parts))

    def calls(self, tb) -> list:
        """[(span, piece name)] of every generated line in a traceback, outermost first: the
        scenario line that called a rule, the rule's line, …"""
        found = []
        while tb is not None:
            place = self._place(tb)
            if place is not None:
                found.append(place)
            tb = tb.tb_next
        return found

    def locate(self, tb):
        """(span, piece name) of the innermost generated line in a traceback, or (None, None)."""
        found = (None, None)
        while tb is not None:
            found = self._place(tb) or found
            tb = tb.tb_next
        return found

    def _place(self, tb):
        """(span, piece name) of one traceback entry in generated code, or None. Its line may be
        None: an exception raised between lines (a signal's handler) has no line to name."""
        piece = self._pieces.get(tb.tb_frame.f_code.co_filename)
        line = tb.tb_lineno
        if piece is None or line is None:
            return None
        name, spans, _, parts = piece
        if not 0 < line <= len(spans):
            return None
        span = spans[line - 1]
        return span, part_named(parts, span, name)

    def failed_call(self, tb):
        """(the library call, as Namespace.site keeps it, and the frame of the function it
        called) of the innermost call in place in a traceback that a failure left, or None: a
        line of generated code whose failing instruction is a call of a site's name."""
        found = None
        while tb is not None:
            piece = self._pieces.get(tb.tb_frame.f_code.co_filename)
            if piece is not None:
                site = self._sites.get(_callee(tb, piece[2]))
                if site is not None and tb.tb_next is not None and \
                        tb.tb_next.tb_frame.f_code is getattr(site[0], "__code__", None):
                    found = (site, tb.tb_next.tb_frame)
            tb = tb.tb_next
        return found


def _callee(tb, text: str):
    """The name called by the instruction a traceback entry of generated code stopped at, when it
    is a call of a plain name (`k12(st, prog, …)`), else None."""
    code = tb.tb_frame.f_code
    position = next(islice(code.co_positions(), tb.tb_lasti // 2, None), None)
    if position is None or position[0] is None or position[2] is None:
        return None
    lines = text.splitlines()
    if not 0 < position[0] <= len(lines):
        return None
    called = _CALL.match(lines[position[0] - 1], position[2])
    return called.group(1) if called else None


_CALL = re.compile(r"\(*(k\d+)\(")


def _is_int(text: str) -> bool:
    return text.isdigit() or (text[:1] == "-" and text[1:].isdigit())
