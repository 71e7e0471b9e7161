"""An `any(each x in S where c)` inside an expression, written as a function of its own.

Inside an expression Python has only a generator for such a test: made, and resumed at every
item, for each time the expression is worked out. A function whose body is the test's loop
(returning at the first item that passes) costs one call instead: a third to a fifth of the
generator's cost for the few items a square or a hand holds (measured). The function is given
the state and the local names the loop reads (the frame's env, the items of enclosing loops),
as the loop's Code says (code.py: the Names it reads and binds).
"""
from __future__ import annotations

from .code import ENV, Bind, Slot, read, text

ST = text("st")


def free_locals(lines: list):
    """The parameters of a function whose body is lines ([(depth, Code)]): the state, then the
    locals the body reads but does not bind, in the order first read (the frame's env as `env`);
    None when the body binds a name that is not a temporary (`t_…`), a loop's or one it sets by
    a line of its own (a name that the expression around it would also read: it could not be
    given back)."""
    binds, reads = [], []
    for _, code in lines:
        for part in code.names():
            if type(part) is Bind:
                binds.append(part)
            elif type(part) is Slot:
                reads.append(ENV)
            elif part.local:
                reads.append(part)
    loops = {b.name for b in binds if b.kind == "for"}
    own = {b.name for b in binds if b.kind == "set" and len(b.name.prefix) == 1}
    for b in binds:
        name = b.name
        if b.kind != "for" and name not in loops and name.prefix != "t" and name not in own:
            return None
    bound = {b.name for b in binds}
    free = []
    for name in reads:
        if name not in bound and name not in free:
            free.append(name)
    return [ST] + [read(name) for name in free]
