"""Pass `jumps`: a block that moves on to another block of its unit calls it at once.

Recognises: in a unit's laid-out blocks (unit.py), a jump (`fr.pc = L`, a JUMP line) that is its
block's last line or is followed by a bare `return`, in a block that pushes or pops no frame.

Emits: for a jump forward, a call of the later block (`return u3_b7(st, fr)`) instead of the
`return` to the run loop, or, when the later block is short (IN_PLACE characters: a loop's step,
the end of a turn, the offer of a decision), its lines written in place (it stays a function of
its own too, which a decision taken enters by its number); for a jump back (the end of a turn
going on to the next seat's, an option's body to the decision asked again), a call of its target
too, unless that block can call its way back (a loop that stops for nothing goes round through
the run loop, which counts its steps, and no chain of calls grows with its turns).

Gain: see docs/architecture.md, "The passes".
"""
from __future__ import annotations

from ..code import FRAMES, JUMP, RETURN, Line, text
from . import Pass

# The most characters of a block written in place of a call of it: a few short statements (a loop's
# step, the end of a turn, a name bound before a decision). Measured: 300 saves 1-2% of
# instructions; 150 and 450 no more.
IN_PLACE = 300


class Jumps(Pass):
    name = "jumps"

    def link_units(self):
        """The function that writes a unit's blocks with their jumps linked (Unit.source)."""
        return self.link

    def link(self, unit, prefix: str) -> list:
        """Each block's lines as its function runs them, its jumps linked, written from the last
        block back so that a block written into an earlier one is complete."""
        blocks = [block.lines for block in unit.blocks]
        written = [None] * len(blocks)
        back = back_links(blocks)
        for i in range(len(blocks) - 1, -1, -1):
            written[i] = list(linked(i, blocks[i], prefix, written, back, self.decided)) if blocks[i] else unit.ended(i)
        return written


def linked(i: int, lines: list, prefix: str, written: list, back=frozenset(), decided=None):
    """The block's lines with its jumps linked (see the module docstring). back: the jumps back,
    (block, target), that call their target likewise (back_links); decided(what, span): told of
    each jump linked."""
    lines = list(lines)
    linkable = dict(_linkable(lines)) if _direct(lines) else {}
    for j, line in enumerate(lines):
        target = linkable.get(j)
        if target is not None and (target > i or (i, target) in back):
            yield line
            inline = _in_place(written[target]) if target > i else None
            if decided is not None:
                decided("block written in place" if inline is not None else
                        "block called" if target > i else "block called back", line.span)
            if inline is None:
                call = text(f"return {prefix}{target}(st, fr)")
                if j + 1 == len(lines):
                    yield Line(line.depth, call, line.span)
                else:
                    following = lines[j + 1]
                    lines[j + 1] = Line(following.depth, call, following.span)
            else:
                for inner in inline:
                    yield inner.deeper(line.depth)
            continue
        yield line


def _direct(lines: list) -> bool:
    """Whether a block's jumps may go on at once: it pushes or pops no frame."""
    return not any(line.kind == FRAMES for line in lines)


def _linkable(lines: list):
    """The (line number, target) of a block's jumps that may be linked: each the block's last line
    or followed by a `return` (what linked() replaces by a call)."""
    for j, line in enumerate(lines):
        if line.kind == JUMP:
            following = lines[j + 1] if j + 1 < len(lines) else None
            if following is None or (following.kind == RETURN and following.depth == line.depth):
                yield j, line.target.block


def back_links(blocks: list) -> frozenset:
    """The jumps back, (block, target), that may call their target at once as jumps forward do
    (the end of a loop's body going on to its next turn, an option's body to the decision asked
    again), without going back to the run loop: those that close no cycle of such calls (each
    turn round a loop still passes through the run loop, which counts its steps, and no chain of
    calls grows deeper than the unit has blocks). Jumps forward always link, so they are the
    calls first known; a jump back links when its target cannot call its way back to it."""
    calls = [set() for _ in blocks]
    backs = []
    for i, block in enumerate(blocks):
        if block and _direct(block):
            for _, target in _linkable(block):
                if target > i:
                    calls[i].add(target)
                elif target < i:
                    backs.append((i, target))
    linked_back = set()
    for i, target in backs:
        if not _reaches(calls, target, i):
            calls[i].add(target)
            linked_back.add((i, target))
    return frozenset(linked_back)


def _reaches(calls: list, start: int, goal: int) -> bool:
    """Whether block start calls its way to block goal."""
    seen, todo = {start}, [start]
    while todo:
        b = todo.pop()
        if b == goal:
            return True
        for c in calls[b]:
            if c not in seen:
                seen.add(c)
                todo.append(c)
    return False


def _in_place(lines: list):
    """A later block's written lines, when they may stand in place of a call of it: they push or pop
    no frame, and they are short. (Writing longer blocks in place, a dispatching block then holding
    every case's lines, cost more than the calls it saved: measured.)"""
    if sum(line.width() for line in lines) > IN_PLACE or any(line.kind == FRAMES for line in lines):
        return None
    return lines
