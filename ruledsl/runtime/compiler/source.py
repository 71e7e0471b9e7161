"""The namespace generated code runs in, and the table that turns a line of generated code back
into a place in the rules file when something fails there.

User text never enters the source: every string, handle and span is a constant in the namespace
the code runs in, named k1, k2, …; only numbers, the keys of the frame's env (identifiers the
grammar admits) and the compiler's own names are written into the source itself.
"""
from __future__ import annotations

from itertools import islice

from ...source import part_named
from .code import Code, Name, Site, Source
from .nesting import MAX_DEPTH, legal


class Namespace:
    """The globals every generated function of one program shares: helpers and constants."""

    def __init__(self, helpers: dict):
        self.globals = dict(helpers)
        self._names: dict = {}        # id(value) -> its name (the namespace keeps the value alive)
        # Library functions called in place, one name per call written (site()): name -> (the
        # function, the builtin's name, the call's span, how many values the rules wrote).
        self.sites: dict = {}
        self._count = 0

    def const(self, value, alias=None) -> Code:
        """The Code that reads value: a literal for None, bools and ints, a name otherwise. alias:
        what it stands for however written (a library function made for one place: hoist.py)."""
        if value is None or type(value) is bool:
            return Code((repr(value),), value=value, truth=value if value is not None else None, ident=True,
                        cheap=True)
        if type(value) is int:
            return Code((repr(value),), value=value)
        name = self._names.get(id(value))
        if name is None:
            self._count += 1
            name = f"k{self._count}"
            self.globals[name] = value
            self._names[id(value)] = name
        return Code((name,), value=value, ident=True, cheap=True, alias=alias)

    def site(self, impl, name: str, span, shown=None) -> Code:
        """A name of its own for a library function called at one place of the rules (span): the
        call costs no wrapper, and a failure in it is told after the fact as that call failing
        (CodeMap.failed_call). shown: how many of the values passed the rules wrote without a
        keyword (None: all)."""
        self._count += 1
        key = f"k{self._count}"
        self.globals[key] = impl
        self.sites[key] = (impl, name, span, shown)
        return Code((Site(key),), value=impl, ident=True, cheap=True)

    def with_alias(self, code: Code, alias: str) -> Code:
        """code (a library function's constant) standing for alias, however written (hoist.py)."""
        return Code(code.parts, value=code.value, ident=True, cheap=True, alias=alias)

    def fresh(self, prefix: str) -> Name:
        """A new Python name for a local of generated code (rules' own names never become Python
        names: a rule's local is a fresh name like this one, or an entry of the frame's env)."""
        self._count += 1
        return Name(f"{prefix}_{self._count}", prefix)

    def function(self, prefix: str) -> Name:
        """A new name for a function of the namespace (a define's, a block's, a lifted test's)."""
        self._count += 1
        return Name(f"{prefix}_{self._count}", prefix, local=False)


class CodeMap:
    """Which rules-file span each line of each piece of generated code runs, and what the piece is
    called ("the flow", "rule deal"), so that a failure can be told at its place."""

    def __init__(self):
        self._pieces: dict = {}      # filename -> (name, spans by line, source text, parts)
        self._sites: dict = {}       # the namespace's library calls in place (Namespace.site)
        self._calls: dict = {}       # filename -> {(line, column): the name of the site called there}

    def compile(self, ns: Namespace, source: Source, name: str, parts=()) -> None:
        """Render source, compile it and run its definitions into the namespace. parts: [(span,
        name)] of the parts of the rules written into the piece that have names of their own (a
        rule written in its caller's unit), the innermost last."""
        filename = f"<rules {len(self._pieces) + 1}: {name}>"
        self._sites = ns.sites
        lines, texts, helpers = [], [], []
        for line in source.lines:
            at = []
            rendered = line.rendered(at)
            # (brackets nesting deeper than Python allows take a line of twice as many characters)
            if len(rendered) > 2 * MAX_DEPTH:
                legal_line = legal(line, ns, helpers)
                if legal_line is not line:
                    line, at = legal_line, []
                    rendered = line.rendered(at)
            lines.append(line)
            texts.append((rendered, at))
        texts = [(line.rendered(at := []), at) for line in helpers] + texts
        lines = helpers + lines
        calls = {}
        for number, (rendered, at) in enumerate(texts, 1):
            for column, site in at:
                calls[(number, column)] = site.text
        texts = [rendered for rendered, _ in texts]
        text = "\n".join(texts) + "\n"
        self._pieces[filename] = (name, [line.span for line in lines], text, tuple(parts))
        self._calls[filename] = calls
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
            calls = self._calls.get(tb.tb_frame.f_code.co_filename)
            if calls is not None:
                site = self._sites.get(_callee(tb, calls))
                if site is not None and tb.tb_next is not None and \
                        tb.tb_next.tb_frame.f_code is getattr(site[0], "__code__", None):
                    found = (site, tb.tb_next.tb_frame)
            tb = tb.tb_next
        return found


def _callee(tb, calls: dict):
    """The name of the library call in place (Namespace.site) that the instruction a traceback
    entry of generated code stopped at calls, or None: the call begins where the site's name was
    written (CodeMap.compile remembers where each was)."""
    code = tb.tb_frame.f_code
    position = next(islice(code.co_positions(), tb.tb_lasti // 2, None), None)
    if position is None or position[0] is None or position[2] is None:
        return None
    return calls.get((position[0], position[2]))
