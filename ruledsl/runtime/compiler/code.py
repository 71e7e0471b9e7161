"""The compiler's structured form: Python code as parts, with what is known of it.

An emitter returns a `Code`: its parts (text the compiler itself wrote, the `Name`s of Python
locals it made, `Slot`s of the frame's env, constants, `Label`s of blocks, other Codes) and the
facts it knows of the value the code gives (the constant it is, its certain class, whether it
is a list just built and what its items are, whether it reads only a name, ...). Statements are
`Line`s of such Codes, each with its depth, its span in the rules file and what kind of line it
is (a jump to a block, a push or pop of a frame, steps spent). The text is rendered once, when a
piece of code is compiled (source.CodeMap); nothing reads it back.

Names the compiler makes never meet the rules' identifiers: a rules name is never a Python name
(a local of the rules is a fresh Name, or a Slot keyed by the rules name in the frame's env, and
the compiler's own slots have keys no identifier can spell), labels are objects, and constants
are names of the namespace the code runs in.
"""
from __future__ import annotations

from contextlib import contextmanager

MISSING = object()      # Code.value of code whose value is not known when compiled
NOT_BUILT = object()    # Code.items of code that is not a list just built


class Name:
    """A Python name the compiler made: a local (`v_12`, a parameter `a0`), or a function of the
    namespace (local False: `d_7`, a define's). Rendered as its text."""
    __slots__ = ("text", "prefix", "local")

    def __init__(self, text: str, prefix: str = "", local: bool = True):
        self.text = text
        self.prefix = prefix
        self.local = local

    def __repr__(self):
        return f"Name({self.text})"


class Slot:
    """An entry of the frame's env (`env['x']`): a rules local kept across decisions (keyed by its
    name, or by its name and a number when a rule written in place keeps it apart), or one of the
    compiler's own (keys beginning with `#`, which no identifier can spell)."""
    __slots__ = ("key",)

    def __init__(self, key: str):
        self.key = key

    @property
    def text(self) -> str:
        return f"env[{self.key!r}]"

    @property
    def literal(self) -> str:
        """The key as a Python literal (what the run loop's helpers are given to store into)."""
        return repr(self.key)


ENV = Name("env")      # the local every Slot reads (a block's `env = fr.env`)


class Label:
    """A block of a unit, named before it is placed (Unit.place): rendered as the block's number."""
    __slots__ = ("block",)

    def __init__(self):
        self.block = None

    @property
    def text(self) -> str:
        if self.block is None:
            raise AssertionError("a label rendered before its block was placed")
        return str(self.block)


class Bind:
    """A Name where the code binds it: a loop's (kind "for": `for v_3 in`), `:=`'s ("walrus":
    `(t_4 := …)`) or an assignment's ("set": `n_5 = 0`). Rendered as the name."""
    __slots__ = ("name", "kind")

    def __init__(self, name: Name, kind: str = "walrus"):
        self.name = name
        self.kind = kind

    @property
    def text(self) -> str:
        return self.name.text


class Site:
    """A library function called in place at one place of the rules (source.Namespace.site):
    rendered as the constant's name; CodeMap remembers the line and column it lands at, so that
    a failure in the call is told as that call failing."""
    __slots__ = ("text",)

    def __init__(self, text: str):
        self.text = text


class Code:
    """Python code as parts, and what is known of the value it gives (class attributes are the
    defaults, instances set what they know):

    value: the value, when it is known when compiled (a constant of the namespace, a literal);
    truth: True or False, when it is a truth known when compiled (also through parentheses);
    var: the Name or Slot it reads, when it reads nothing else;
    item_of: (the Code reading a Name, index) when it reads an item of a local: `v_3[0]`;
    inner: the Code it wraps in parentheses;
    items: when it is a tuple just made (a comprehension, what lies on a place), Certain of its
        items (or None); NOT_BUILT otherwise;
    length_of: the tuple's Code, when it is len() of one;
    folded: a value kept all game long (the `fold` of static.py);
    held: the Code reading a component, when it reads the place that component lies on;
    safe: a read that cannot fail and costs less than asking whether it was made (hoist.py);
    alias: what a library call's name stands for, however written (hoist.py: alike parts);
    ident: it is a Python identifier (a Name, a constant's name, True, False, None);
    cheap: a name or an env entry, read twice at the cost of once;
    spends: n when the code is `st.steps += n` (a loop statement spending the items of a fixed list);
    whole: it is a whole expression of the rules (nesting.py may write it as a function of its own)."""
    value = MISSING
    truth = None
    var = None
    item_of = None
    inner = None
    items = NOT_BUILT
    length_of = None
    folded = False
    held = None
    safe = False
    alias = None
    ident = False
    cheap = False
    spends = 0
    whole = False

    def __init__(self, parts: tuple, **facts):
        self.parts = parts
        if facts:
            self.__dict__.update(facts)

    def __str__(self) -> str:
        return render(self)

    def __repr__(self) -> str:
        return f"Code({render(self)!r})"

    @property
    def built(self) -> bool:
        return self.items is not NOT_BUILT

    def bare(self) -> "Code":
        """The code within any parentheses paren() put around it."""
        code = self
        while code.inner is not None:
            code = code.inner
        return code

    def names(self):
        """Every Name, Slot and Bind in the code, in the order written."""
        stack = [self]
        while stack:
            part = stack.pop()
            if type(part) is Code:
                stack.extend(reversed(part.parts))
            elif type(part) in (Name, Slot, Bind):
                yield part

    def reads(self, names) -> bool:
        """Whether the code reads (or binds) any of names (a set of Names)."""
        for part in self.names():
            if (part.name if type(part) is Bind else part) in names:
                return True
        return False

    def bound(self) -> list:
        """The Names the code binds itself (comprehension variables, `:=`) that name a loop's item or
        a temporary (a prefix of one letter), in the order written."""
        found = []
        for part in self.names():
            if type(part) is Bind and part.kind != "set" and len(part.name.prefix) == 1 and part.name not in found:
                found.append(part.name)
        return found

    def shape(self, aliases: bool = True) -> str:
        """The code's text with the loop items and temporaries it binds numbered in order, and
        library calls named by what they stand for: two writings of one expression have the same
        shape (hoist.py)."""
        bound = {name: f"@{i}" for i, name in enumerate(self.bound())}
        out = []
        stack = [self]
        while stack:
            part = stack.pop()
            kind = type(part)
            if kind is str:
                out.append(part)
            elif kind is int:
                out.append(str(part))
            elif kind is Code:
                if aliases and part.alias is not None:
                    out.append(part.alias)
                else:
                    stack.extend(reversed(part.parts))
            elif kind is Bind:
                out.append(bound.get(part.name, part.name.text))
            elif kind is Name:
                out.append(bound.get(part, part.text))
            else:
                out.append(part.text)
        return "".join(out)


def render(code, at=None) -> str:
    """The text of code (a Code, a str or any part); at: a list to which (column, Site) of each
    library call in place is added."""
    out = []
    column = 0
    stack = [code]
    while stack:
        part = stack.pop()
        kind = type(part)
        if kind is str:
            text = part
        elif kind is Code:
            stack.extend(reversed(part.parts))
            continue
        elif kind is int:
            text = str(part)
        else:
            text = part.text
            if kind is Site and at is not None:
                at.append((column, part))
        out.append(text)
        column += len(text)
    return "".join(out)


_TEMPLATES: dict = {}


def fmt(template: str, *args, **facts) -> Code:
    """A Code of the compiler's own text with parts put in its `{}`s, in order: a Code, a Name, a
    Slot, a Bind, a Label, a str of the compiler's own (a class's name) or an int."""
    pieces = _TEMPLATES.get(template)
    if pieces is None:
        pieces = _TEMPLATES[template] = template.split("{}")
    if len(pieces) != len(args) + 1:
        raise AssertionError(f"{template!r} takes {len(pieces) - 1} parts, not {len(args)}")
    parts = [pieces[0]]
    for arg, piece in zip(args, pieces[1:]):
        parts.append(arg if type(arg) is not Name and type(arg) is not Slot else read(arg))
        if piece:
            parts.append(piece)
    return Code(tuple(parts), **facts)


def read(var) -> Code:
    """The Code that reads a Name or a Slot."""
    if type(var) is Code:
        return var
    if type(var) is Slot:
        return Code((var,), var=var, cheap=True)
    return Code((var,), var=var, ident=True, cheap=True)


def text(piece: str, **facts) -> Code:
    """A Code of text the compiler wrote that names nothing it made (`st.current`, `()`)."""
    return Code((piece,), **facts)


def joined(separator: str, codes, **facts) -> Code:
    """codes with separator between them."""
    parts = []
    for i, code in enumerate(codes):
        if i:
            parts.append(separator)
        parts.append(code)
    return Code(tuple(parts), **facts)


def paren(code: Code) -> Code:
    """(code): what reads through parentheses is known of it still (its certain class, whether it
    is a cheap read, the component whose place it reads); a truth only of a truth written out."""
    facts = {"inner": code, "held": code.held}
    if code.value is True or code.value is False:
        facts["truth"] = code.value
    return Code(("(", code, ")"), **facts)


def bare_cheap(code: Code) -> bool:
    """Whether code, within its parentheses, is a name or an env entry (read twice at no cost)."""
    return code.bare().cheap


# ---------------------------------------------------------------- lines
JUMP, RETURN, FRAMES, SPEND = "jump", "return", "frames", "spend"


class Line:
    """One line of a Python statement: its depth of indentation, its Code (or text the compiler
    wrote), the span of the rules it runs, and what kind of line it is: JUMP (`fr.pc = …`, to
    target), RETURN (a bare `return`), FRAMES (pushes or pops a frame), SPEND (`st.steps += n`),
    or None."""
    __slots__ = ("depth", "code", "span", "kind", "target")

    def __init__(self, depth: int, code, span, kind=None, target=None):
        self.depth = depth
        self.code = code
        self.span = span
        self.kind = kind
        self.target = target

    def deeper(self, by: int) -> "Line":
        return Line(self.depth + by, self.code, self.span, self.kind, self.target)

    def rendered(self, at=None) -> str:
        """The line's text, indented; at: as for render (columns counted from the line's start)."""
        found = [] if at is not None else None
        body = render(self.code, found)
        indent = "    " * self.depth
        if at is not None:
            at.extend((column + len(indent), site) for column, site in found)
        return indent + body

    def width(self) -> int:
        """How many characters the line is, indented (labels placed)."""
        return len(self.rendered())


class Source:
    """Lines of Python being written, each with the span of the statement it belongs to."""

    def __init__(self):
        self.lines: list = []
        self._depth = 0

    def add(self, code, span, kind=None, target=None, depth: int = 0) -> Line:
        """Add a line at the current depth (and depth more)."""
        line = Line(self._depth + depth, code, span, kind, target)
        self.lines.append(line)
        return line

    def jump(self, label: Label, span, depth: int = 0) -> Line:
        """`fr.pc = label`: the frame moves on to the block label names."""
        return self.add(fmt("fr.pc = {}", label), span, JUMP, label, depth)

    @contextmanager
    def indented(self):
        self._depth += 1
        try:
            yield
        finally:
            self._depth -= 1

    @property
    def spans(self) -> list:
        return [line.span for line in self.lines]
