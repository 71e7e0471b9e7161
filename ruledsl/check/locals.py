"""The local names a checker sees at a point: a chain of frames, innermost last."""
from __future__ import annotations

from typing import Optional

from ..source import UNKNOWN, Span
from .context import Context
from .index import Declaration
from .types import Type


class Scope:
    """Locals: a chain of frames (name -> Declaration), innermost last, each with the
    stretch of text it covers (or None)."""

    def __init__(self, ctx: Context):
        self.ctx = ctx
        self.frames: list[dict] = [{}]
        self.regions: list[Optional[Span]] = [None]

    def push(self, names: Optional[dict] = None, region: Optional[Span] = None):
        """A frame binding names to Declarations (or, for a name nobody wrote, to a bare type)."""
        frame = {name: value if isinstance(value, Declaration) else Declaration(name, "local", value, UNKNOWN)
                 for name, value in (names or {}).items()}
        self.frames.append(frame)
        self.regions.append(region)

    def pop(self):
        self.frames.pop()
        self.regions.pop()

    def bind(self, name: str, decl: Declaration):
        self.frames[-1][name] = decl

    def lookup_decl(self, name: str) -> Optional[Declaration]:
        for frame in reversed(self.frames):
            if name in frame:
                return frame[name]
        return None

    def lookup(self, name: str) -> Optional[Type]:
        decl = self.lookup_decl(name)
        return decl.type if decl is not None else None

    def region(self) -> Optional[Span]:
        return next((r for r in reversed(self.regions) if r is not None), None)

    def names(self) -> list[str]:
        return [name for frame in self.frames for name in frame]
