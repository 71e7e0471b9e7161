"""Parts of a loop being written that read nothing changing from one round to the next, kept
in a Python name and worked out once (see Hoist)."""
from __future__ import annotations

import re


# A read that cannot fail and costs less than asking whether it was made: a variable's slot, or a
# player's variable of a seat (compiler/names.py writes it bare only for a value certain to be a
# seat) held in the frame or in a loop's Python name (v_N: bound by a Python statement or by an
# enclosing comprehension, never inside the expression being written, so bound where the loop
# that keeps the part is entered)
_SAFE = re.compile(r"st\.vals\[\d+(?: \+ (?:env\['\w+'\]|v_\d+)\.index)?\]")


class Hoist:
    """A loop being written (a decision's options, a comprehension's items): the parts of what is
    written inside it that read nothing changing from one round to the next (a call, a
    comprehension) are worked out once, when first needed, and kept in a Python name that the
    loop makes unset each time it is entered (nothing changes while an expression is worked out,
    nor while a decision's options are). A part that is a plain read (_SAFE) is worked out where
    the loop is entered instead: asking each round whether it was made would cost more."""

    def __init__(self, ns, own):
        self.ns = ns
        self.own = set(own)             # Python names that change from one round of this loop to the next
        self.names: list = []           # the names of the parts kept
        self.eager: dict = {}           # name -> the plain read it is set to where the loop is entered
        self.made: set = set()          # the texts of parts already kept (one is not kept twice)
        self.alike: dict = {}           # a part's text, its own names numbered -> how it is kept
        self.kept: dict = {}            # name -> how it is kept (written where the part is read)

    def reads_own(self, text: str) -> bool:
        return any(re.search(rf"\b{name}\b", text) for name in self.own)

    def once(self, text: str) -> str:
        same = _canonical(text, self.ns.aliases)
        kept = self.alike.get(same)
        if kept is not None:        # the same part written again (a define used twice): kept once
            return kept
        name = self.ns.fresh("h")
        self.names.append(name)
        if _SAFE.fullmatch(text):
            self.eager[name] = text
            kept = name
        else:
            kept = f"({name} if {name} is not _UNSET else ({name} := {text}))"
        self.made.add(kept)
        self.alike[same] = kept
        self.kept[name] = kept
        return kept

    def entered(self, name: str) -> str:
        """What a kept part's name is set to where the loop is entered."""
        return self.eager.get(name, "_UNSET")


_BOUND = re.compile(r"\bfor ([a-z]_\d+) in\b|\(([a-z]_\d+) :=")


def _canonical(text: str, aliases: dict) -> str:
    """text with the Python names it binds itself (comprehension variables, walrus temps) numbered
    in order, and the constants that stand for one call however written (aliases) named alike, so
    that two writings of one expression read alike."""
    bound = []
    for m in _BOUND.finditer(text):
        name = m.group(1) or m.group(2)
        if name not in bound:
            bound.append(name)
    table = {name: f"@{i}" for i, name in enumerate(bound)}
    table.update(aliases)
    return re.sub(r"\b[a-z]_\d+\b|\bk\d+\b", lambda m: table.get(m.group(0), m.group(0)), text)
