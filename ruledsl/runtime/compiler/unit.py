"""One code unit being written: its blocks of Python lines, their labels, and the jumps between
them, made into block functions once every block is placed (see units.py)."""
from __future__ import annotations

import re
from contextlib import contextmanager

from ..fastpaths import on
from .source import Source

_LABEL = re.compile(r"__L(\d+)__")


def _jump_target(line: str):
    """The block a line `fr.pc = N` moves on to, or None."""
    text = line.strip()
    if text.startswith("fr.pc = ") and text[len("fr.pc = "):].isdigit():
        return int(text[len("fr.pc = "):])
    return None



class Unit:
    """One unit's blocks while they are written."""

    def __init__(self, name: str, index: int):
        self.name = name
        self.index = index
        self.blocks: list = []        # Source of each block's body
        self.block_spans: list = []
        self.labels: dict = {}        # label -> block number
        self.parts: list = []         # (span, name) of each rule written into the unit (CodeMap)
        self._next = 0
        self.out = None               # the block being written; None after a jump
        self.open_block(None)

    def label(self) -> int:
        self._next += 1
        return self._next

    def open_block(self, span) -> None:
        self.out = Source()
        self.blocks.append(self.out)
        self.block_spans.append(span)

    def place(self, label: int, span=None) -> None:
        """Start a new block here and name it label (the current one falls through to it)."""
        if self.out is not None and not self.out.lines:
            self.labels[label] = len(self.blocks) - 1          # an empty block: this is its start
            if self.block_spans[-1] is None:
                self.block_spans[-1] = span
            return
        if self.out is not None:
            self.out.add(f"fr.pc = __L{label}__", span)
        self.open_block(span)
        self.labels[label] = len(self.blocks) - 1

    def add(self, text: str, span) -> None:
        if self.out is None:           # after a jump: code no block reaches (a new block for it)
            self.open_block(span)
        if self.block_spans[-1] is None:
            self.block_spans[-1] = span
        self.out.add(text, span)

    def end_block(self) -> None:
        self.out = None

    # Native statements (stmts.py) write into the current block as into any Source.
    @property
    def lines(self) -> list:
        if self.out is None:
            self.open_block(None)
        return self.out.lines

    @contextmanager
    def indented(self):
        if self.out is None:
            self.open_block(None)
        with self.out.indented():
            yield

    def jump(self, label: int, span) -> None:
        self.add(f"fr.pc = __L{label}__", span)
        self.end_block()

    def source(self, prefix: str) -> tuple:
        """(Source defining every block as `{prefix}{i}(st, fr)`, their names)."""
        out = Source()
        names = [f"{prefix}{i}" for i in range(len(self.blocks))]
        for i, (lines, spans) in enumerate(self._written(prefix)):
            span = self.block_spans[i]
            out.add(f"def {names[i]}(st, fr):", span)
            with out.indented():
                out.add("env = fr.env", span)
                for line, line_span in zip(lines, spans):
                    out.add(line, line_span)
        return out, names

    def _written(self, prefix: str) -> list:
        """Each block's lines and spans as its function runs them: labels made block numbers, jumps
        forward linked (see linked), written from the last block back so that a block written into
        an earlier one is complete."""
        lines = [[_LABEL.sub(lambda m: str(self.labels[int(m.group(1))]), line) for line in block.lines]
                 for block in self.blocks]
        written = [None] * len(lines)
        back = _back_links(lines) if on("jumps") else frozenset()
        for i in range(len(lines) - 1, -1, -1):
            if lines[i]:
                pairs = list(self.linked(i, lines[i], self.blocks[i].spans, prefix, written, back))
                written[i] = ([line for line, _ in pairs], [span for _, span in pairs])
            else:
                written[i] = (["st.frames.pop()"], [self.block_spans[i]])    # an empty last block: the unit has ended
        return written

    def linked(self, i: int, lines: list, spans: list, prefix: str, written: list, back=frozenset()):
        """The block's lines with its jumps forward linked. A jump forward, in a block that pushes
        or pops no frame, goes on to the next block at once instead of going back to the run loop:
        its lines written in place when they are few (a call fewer; the block stays a function of
        its own too, entered by its number when a decision is taken), else a call of it (a unit
        has few blocks, so such chains stay short). back: the jumps back, (block, target), that
        call their target likewise (_back_links)."""
        lines = list(lines)
        linkable = dict(_linkable(lines)) if on("jumps") and _direct(lines) else {}
        for j, (line, span) in enumerate(zip(lines, spans)):
            target = linkable.get(j)
            if target is not None and (target > i or (i, target) in back):
                yield line, span
                indent = line[:len(line) - len(line.lstrip())]
                inline = _in_place(written[target]) if target > i else None
                if inline is None:
                    if j + 1 == len(lines):
                        yield f"{indent}return {prefix}{target}(st, fr)", span
                    else:
                        lines[j + 1] = f"{indent}return {prefix}{target}(st, fr)"
                else:
                    for inner, inner_span in zip(*inline):
                        yield indent + inner, inner_span
                continue
            yield line, span


def _direct(lines: list) -> bool:
    """Whether a block's jumps may go on at once: it pushes or pops no frame."""
    return not any("st.frames." in line for line in lines)


def _linkable(lines: list):
    """The (line number, target) of a block's jumps that may be linked: each the block's last line
    or followed by a `return` (what linked() replaces by a call)."""
    for j, line in enumerate(lines):
        target = _jump_target(line)
        if target is not None:
            following = lines[j + 1] if j + 1 < len(lines) else None
            if following is None or following == line[:len(line) - len(line.lstrip())] + "return":
                yield j, target


def _back_links(lines: list) -> frozenset:
    """The jumps back, (block, target), that may call their target at once as jumps forward do
    (the end of a loop's body going on to its next turn, an option's body to the decision asked
    again), without going back to the run loop: those that close no cycle of such calls (each
    turn round a loop still passes through the run loop, which counts its steps, and no chain of
    calls grows deeper than the unit has blocks). Jumps forward always link, so they are the
    calls first known; a jump back links when its target cannot call its way back to it."""
    calls = [set() for _ in lines]
    backs = []
    for i, block in enumerate(lines):
        if block and _direct(block):
            for _, target in _linkable(block):
                if target > i:
                    calls[i].add(target)
                elif target < i:
                    backs.append((i, target))
    linked = set()
    for i, target in backs:
        if not _reaches(calls, target, i):
            calls[i].add(target)
            linked.add((i, target))
    return frozenset(linked)


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


def _in_place(block):
    """A later block's written lines and spans, when they may stand in place of a call of it: they
    push or pop no frame, and they are short. (Writing longer blocks in place, a dispatching block
    then holding every case's lines, cost more than the calls it saved: measured.)"""
    body, _ = block
    if sum(map(len, body)) > IN_PLACE or any("st.frames." in line for line in body):
        return None
    return block


# The most characters of a block written in place of a call of it: a few short statements (a loop's
# step, the end of a turn, a name bound before a decision). Measured: 300 saves 1-2% of
# instructions; 150 and 450 no more.
IN_PLACE = 300
