"""An `any(each x in S where c)` inside an expression, written as a function of its own.

Inside an expression Python has only a generator for such a test: made, and resumed at every
item, for each time the expression is worked out. A function whose body is the test's loop
(returning at the first item that passes) costs one call instead: a third to a fifth of the
generator's cost for the few items a square or a hand holds (measured). The function is given
the local names the loop reads (the state, the frame's names, the items of enclosing loops).
"""
from __future__ import annotations

import builtins
import re
import symtable

# The Python temporaries generated code binds with `:=` where it reads them (compiler/exprs.py):
# bound inside the loop before they are read, so the function may bind them itself.
_TEMPORARY = re.compile(r"t_\d+")


def free_locals(lines: list, known) -> list:
    """The names the function body lines read but neither bind nor find among known (the
    program's globals) nor Python's builtins, in order of first appearance; None when the body
    binds a name that is not a temporary nor set by a line of its own (a name that the
    expression around it would also read: it could not be given back)."""
    text = "def _body():\n" + "".join(f"    {line}\n" for line in lines)
    scope = symtable.symtable(text, "<lifted>", "exec").get_children()[0]
    own = {line.split(" = ", 1)[0] for line in lines if re.fullmatch(r"[a-z]_\d+ = .*", line)}
    free, bound = [], set()
    for table in _scopes(scope):
        for symbol in table.get_symbols():
            name = symbol.get_name()
            if table is scope and symbol.is_assigned():
                bound.add(name)
            elif symbol.is_global() and symbol.is_referenced() and name not in known \
                    and not hasattr(builtins, name) and name not in free:
                free.append(name)
    if any(not _TEMPORARY.fullmatch(name) and name not in own for name in bound - _loop_names(lines)):
        return None
    return sorted(free, key=lambda name: re.search(rf"\b{name}\b", "\n".join(lines)).start())


def _scopes(table):
    yield table
    for child in table.get_children():
        yield from _scopes(child)


def _loop_names(lines: list) -> set:
    return set(re.findall(r"^\s*for ([a-z]_\d+) in ", "\n".join(lines), re.M))
