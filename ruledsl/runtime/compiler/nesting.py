"""Code kept within what Python compiles: lines whose brackets nest too deep have parts lifted out.

Python's tokenizer refuses a line whose brackets nest more than 200 deep, and a rules expression
nested as deep as the grammar allows (docs/language.md#limits) writes about three brackets a
level (`(t + u if (type(t := …) is int) … else _add(st, t, u, k))`). Before a piece of code is
compiled (source.CodeMap), each line nested deeper than MAX_DEPTH has an expression of it that
nests no deeper than LIFT_DEPTH written as a function of its own, given the state and the locals
the expression reads (code.py says which: the Names and Slots in it), and called in its place:
the same values, worked out at the same moment.

An expression that binds a name read outside it (a part kept once per loop, hoist.py, or an
argument worked out first) cannot be lifted: one within it is looked for instead.
"""
from __future__ import annotations

from .code import ENV, Bind, Code, Line, Name, Slot, fmt, text

MAX_DEPTH = 150         # the deepest a line's brackets may nest (Python's limit is 200)
LIFT_DEPTH = 100        # the deepest an expression lifted out may nest
_OPENS, _CLOSES = frozenset("([{"), frozenset(")]}")
_LEVELS: dict = {}      # a piece of text -> (the deepest its brackets reach, where they end)


def _levels(piece: str) -> tuple:
    found = _LEVELS.get(piece)
    if found is None:
        level = deepest = 0
        for char in piece:
            if char in _OPENS:
                level += 1
                deepest = max(deepest, level)
            elif char in _CLOSES:
                level -= 1
        found = _LEVELS[piece] = (deepest, level)
    return found


def depths(root: Code) -> dict:
    """{id of each Code within root: how deep brackets nest within it}."""
    found: dict = {}
    stack = [(root, False)]
    while stack:
        code, ready = stack.pop()
        if id(code) in found:
            continue
        if not ready:
            stack.append((code, True))
            stack.extend((part, False) for part in code.parts if type(part) is Code and id(part) not in found)
            continue
        level = deepest = 0
        for part in code.parts:
            if type(part) is str:
                reach, change = _levels(part)
                deepest = max(deepest, level + reach)
                level += change
            elif type(part) is Code:
                deepest = max(deepest, level + found[id(part)])
        found[id(code)] = deepest
    return found


def legal(line: Line, ns, helpers: list) -> Line:
    """line, or when its brackets nest deeper than MAX_DEPTH, the line with parts lifted out into
    functions (whose lines are added to helpers)."""
    if type(line.code) is not Code or depths(line.code)[id(line.code)] <= MAX_DEPTH:
        return line
    return Line(line.depth, _lift(line.code, ns, helpers, line.span), line.span, line.kind, line.target)


def _lift(root: Code, ns, helpers: list, span) -> Code:
    while True:
        depth = depths(root)
        if depth[id(root)] <= MAX_DEPTH:
            return root
        chosen = _choose(root, depth)
        if chosen is None:
            return root             # (Python tells the line too deep: nothing here can be lifted)
        params = _params(chosen)
        name = ns.function("x")
        helpers.append(Line(0, fmt("def {}({}):", name, _commas(params)), span))
        helpers.append(Line(1, fmt("return {}", Code(chosen.parts)), span))
        chosen.parts = (fmt("{}({})", name, _commas(params)),)     # (every use of it calls the function)


def _choose(root: Code, depth: dict):
    """The outermost expression on the deepest path of root that nests no deeper than LIFT_DEPTH
    and may be lifted, or None."""
    code = root
    while True:
        if code is not root and code.whole and 3 < depth[id(code)] <= LIFT_DEPTH and _liftable(code, root):
            return code
        inner = [part for part in code.parts if type(part) is Code]
        if not inner:
            return None
        code = max(inner, key=lambda part: depth[id(part)])


def _liftable(code: Code, root: Code) -> bool:
    """Whether every name code binds is read only within it."""
    bound = {part.name for part in code.names() if type(part) is Bind}
    if not bound:
        return True
    within = _uses(code, bound)
    return within == _uses(root, bound)


def _uses(code: Code, names: set) -> dict:
    count: dict = {}
    for part in code.names():
        name = part.name if type(part) is Bind else part
        if name in names:
            count[name] = count.get(name, 0) + 1
    return count


def _params(code: Code) -> list:
    """The state, then the locals code reads but does not bind, in the order first read."""
    bound = {part.name for part in code.names() if type(part) is Bind}
    free = []
    for part in code.names():
        name = ENV if type(part) is Slot else part
        if type(name) is Name and name.local and name not in bound and name not in free:
            free.append(name)
    return [text("st")] + free


def _commas(parts: list) -> Code:
    out = []
    for i, part in enumerate(parts):
        out += ([", "] if i else []) + [part]
    return Code(tuple(out))
