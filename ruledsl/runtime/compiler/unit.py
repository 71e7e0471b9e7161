"""One code unit being written: its blocks of Lines, their labels, and the jumps between them, made
into block functions once every block is placed (see units.py)."""
from __future__ import annotations

from contextlib import contextmanager

from .code import FRAMES, JUMP, RETURN, Label, Line, Source, fmt, text


class Unit:
    """One unit's blocks while they are written."""

    def __init__(self, name: str, index: int):
        self.name = name
        self.index = index
        self.blocks: list = []        # Source of each block's body
        self.block_spans: list = []
        self.parts: list = []         # (span, name) of each rule written into the unit (CodeMap)
        self.out = None               # the block being written; None after a jump
        self.open_block(None)

    @staticmethod
    def label() -> Label:
        return Label()

    def open_block(self, span) -> None:
        self.out = Source()
        self.blocks.append(self.out)
        self.block_spans.append(span)

    def place(self, label: Label, span=None) -> None:
        """Start a new block here and name it label (the current one falls through to it)."""
        if self.out is not None and not self.out.lines:
            label.block = len(self.blocks) - 1          # an empty block: this is its start
            if self.block_spans[-1] is None:
                self.block_spans[-1] = span
            return
        if self.out is not None:
            self.out.jump(label, span)
        self.open_block(span)
        label.block = len(self.blocks) - 1

    def add(self, code, span, kind=None, target=None, depth: int = 0) -> Line:
        if self.out is None:           # after a jump: code no block reaches (a new block for it)
            self.open_block(span)
        if self.block_spans[-1] is None:
            self.block_spans[-1] = span
        return self.out.add(code, span, kind, target, depth)

    def goto(self, label: Label, span, depth: int = 0) -> Line:
        """`fr.pc = label`, and the block goes on (a jump inside a test: `if …: fr.pc = L; return`)."""
        return self.add(fmt("fr.pc = {}", label), span, JUMP, label, depth)

    def back(self, span, depth: int = 0) -> Line:
        """A bare `return`: to the run loop, which runs the block the frame names."""
        return self.add("return", span, RETURN, depth=depth)

    def frames(self, code, span, depth: int = 0) -> Line:
        """A line that pushes or pops a frame."""
        return self.add(code, span, FRAMES, depth=depth)

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

    def jump(self, label: Label, span) -> None:
        self.goto(label, span)
        self.end_block()

    def source(self, prefix: str, link=None) -> tuple:
        """(Source defining every block as `{prefix}{i}(st, fr)`, their names). link: the pass that
        links the blocks' jumps (passes/jumps.py), or None."""
        out = Source()
        names = [f"{prefix}{i}" for i in range(len(self.blocks))]
        written = link(self, prefix) if link is not None else self.unlinked()
        for i, lines in enumerate(written):
            span = self.block_spans[i]
            out.add(f"def {names[i]}(st, fr):", span)
            out.add("env = fr.env", span, depth=1)
            out.lines.extend(line.deeper(1) for line in lines)
        return out, names

    def unlinked(self) -> list:
        """Each block's lines as its function runs them, every jump going back to the run loop."""
        return [block.lines if block.lines else self.ended(i) for i, block in enumerate(self.blocks)]

    def ended(self, i: int) -> list:
        """The lines of an empty last block: the unit has ended."""
        return [Line(0, text("st.frames.pop()"), self.block_spans[i], FRAMES)]
