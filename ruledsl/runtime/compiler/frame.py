"""Where an expression is written: the rules' names in scope and how the code around it stands.

A Frame maps each local name of the rules in scope to the Code that reads it (a fresh Python
local, an entry of the frame's env, a parameter), and says what the code around the expression
allows and keeps: whether `:=` may be written (not in a comprehension's source), the loops whose
invariant parts it may keep (hoist.py), the display memo of the decision whose labels are
written, the checker's types in effect (those of the call whose define body is written in
place), the defines being written in place, and whether a value is being worked out when the
game is compiled (nothing is folded then). Frames are never changed: each change makes a new
one, so the scope of a name is the code written with the frame that binds it.
"""
from __future__ import annotations


class Frame:
    """What an expression is written in (see the module docstring)."""
    __slots__ = ("names", "walrus", "hoists", "memo", "types", "inlining", "folding")

    def __init__(self, names: dict, types, walrus: bool = True, hoists: tuple = (), memo=None,
                 inlining: frozenset = frozenset(), folding: bool = False):
        self.names = names          # rules name -> the Code reading it
        self.walrus = walrus        # whether `:=` may be written here
        self.hoists = hoists        # the loops being written, outermost first (hoist.Hoist)
        self.memo = memo            # the Name of the decision's display memo, while its labels are written
        self.types = types          # the checker's types by node id, as typed where the code stands
        self.inlining = inlining    # the defines whose bodies are being written in place
        self.folding = folding      # a value is being worked out when the game is compiled

    def _with(self, **changes) -> "Frame":
        values = {slot: getattr(self, slot) for slot in self.__slots__}
        values.update(changes)
        return Frame(**values)

    def bind(self, name: str, code) -> "Frame":
        """The frame with name read by code."""
        return self._with(names={**self.names, name: code})

    def binding(self, names: dict) -> "Frame":
        """The frame with these names (rules name -> Code) added."""
        return self._with(names={**self.names, **names})

    def scope(self, names: dict) -> "Frame":
        """The frame with exactly these names in scope."""
        return self._with(names=names)

    def plain(self) -> "Frame":
        """The frame where Python forbids `:=` (a comprehension's source, text read twice)."""
        return self if not self.walrus else self._with(walrus=False)

    def looping(self, hoists: tuple) -> "Frame":
        return self._with(hoists=hoists)

    def showing(self, memo) -> "Frame":
        return self._with(memo=memo)

    def typed_as(self, types, inlining: frozenset) -> "Frame":
        return self._with(types=types, inlining=inlining)
